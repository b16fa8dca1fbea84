"""What the analyzer, the ruling checker and practice show, computed by `solver/` and turned
into display rows and strings (pure functions, testable without a running app). The sentences
and figures the notebook display says too (a record's turns, percentages, the advisor's verdict,
the Guard guess, refusals) live in `solver.words` and are imported here under their old names.

Solver calls are cached per (record text, model): a rerun of the page (every widget change)
must not redo an exact search; the long ones (the posterior, the advice, the longer search) run in
the server's worker pool (`tutor.workers`), shared by every session. No rule is decided here.
"""

from __future__ import annotations

import re
from functools import lru_cache
from html import escape

from solver import parse_record
from solver.advice.advisor import OPPONENT_MODELS
from solver.words.figures import APPROX, SMALL_DENOMINATOR, figure, frac, marked, pct, points, win_text  # noqa: F401
from solver.words.sentences import error_text, history_lines, sentence_text  # noqa: F401
from solver.words.verdicts import (best_plays, best_text, estimate_samples, estimate_sentence,  # noqa: F401
                                   explanation_text, guard_sentences, method_text, play_label, type_bests_text,
                                   types_text)
from tutor.i18n import colon, semicolon, t
from tutor.render import action_text, card_label
from tutor import workers
from tutor.workers import DEEP_SLOTS, DeeperBusy  # noqa: F401 (the pages' names)

#: The opponent models the app offers (advisor names; the inference uses the matching model).
MODELS = tuple(OPPONENT_MODELS)

#: Most digits of a numerator or denominator shown as an exact fraction ("3/19", "41/112"); a
#: longer one is a figure nobody reads ("11508142139980255/28305490178642781"): the percentage says it.
SMALL_DIGITS = 4


def small_fraction(p):
    """`p` as "n/d" when both are short enough to read (`SMALL_DIGITS`), else None."""
    from fractions import Fraction

    p = Fraction(p)
    if len(str(abs(p.numerator))) > SMALL_DIGITS or len(str(p.denominator)) > SMALL_DIGITS:
        return None
    return frac(p)


@lru_cache(maxsize=64)
def record_of(text: str):
    return parse_record(text)


def posterior(text: str, model: str):
    """The exact posterior (`solver.infer`), computed in the server's worker pool (`tutor.workers`:
    shared by every session asking for the same position, remembered)."""
    return workers.result("posterior", text, model)


def advice(text: str, model: str, seconds: float = 2.5):
    """The advisor's ranking (`solver.advice.advisor.advise`; work budgets: the same answer on any
    machine, `seconds` is unused), computed in the worker pool (`tutor.workers`)."""
    return workers.result("advice", text, model, seconds)


def deeper_offered(text: str, model: str, seconds: float = 2.5) -> bool:
    """The default answer is an estimate that the longer exact search may replace."""
    from solver.advice.advisor import can_go_deeper

    return can_go_deeper(record_of(text), advice(text, model, seconds))


def deeper_advice(text: str, model: str):
    """The exact answer with the longer work budget (`solver.advice.advisor.DEEP_WORK`); None
    when even that does not fit. Remembered, the refusal too: asked once per position (in the
    worker pool, `tutor.workers`). `DeeperBusy` (not remembered) when another one is running
    (`DEEP_SLOTS`)."""
    return workers.result("deeper", text, model)


def is_viewer_turn(text: str) -> bool:
    """The record ends with the viewer to decide (a replay of the record; no inference)."""
    from solver.analysis.entry import final_state

    record = record_of(text)
    final = final_state(record)
    return record.viewer is not None and final.unfinished and final.to_play == record.viewer


def hand_rows(text: str, model: str, lang: str) -> tuple[list[dict], dict]:
    """Rows (card, then one column per opponent: "fraction (percent)") and the percent series
    for the chart ({opponent: {card label: percent}})."""
    record = record_of(text)
    post = posterior(text, model)
    e = record.edition
    seats = [s for s, d in post.hands.items() if s != record.viewer and "cards" not in d]
    rows, chart = [], {record.seats[s]: {} for s in seats}
    for c in e.cards:
        label = card_label(c, e, lang)
        row = {t(lang, "card"): label}
        for s in seats:
            p = post.hands[s].get(c, 0)
            row[record.seats[s]] = figure(p, lang)
            chart[record.seats[s]][label] = round(float(p) * 100, 2)
        rows.append(row)
    return rows, chart


def guard_lines(text: str, model: str, lang: str) -> list[str]:
    """The best Guard guess on each opponent (`solver.words.verdicts.guard_sentences`)."""
    return guard_sentences(posterior(text, model), lang)


def set_aside_rows(text: str, model: str, lang: str) -> list[dict]:
    record = record_of(text)
    e = record.edition
    return [{t(lang, "card"): card_label(c, e, lang), t(lang, "an_probability"): figure(p, lang)}
            for c, p in posterior(text, model).set_aside.items()]


def learn_text(action, edition, lang: str) -> str:
    if not action.learn:
        return ""
    if "sees" in action.learn:
        return ", ".join(f"{card_label(c, edition, lang)} {pct(p, lang)}" for c, p in action.learn["sees"].items())
    b = action.learn["baron"]
    return " · ".join(f"{t(lang, 'an_baron_' + k)} {pct(b[k], lang)}" for k in ("win", "tie", "lose") if k in b)


def advice_rows(adv, lang: str) -> list[dict]:
    """The ranking as table rows: the play, P(win), why, then the other figures."""
    record = adv.record
    e = record.edition
    rows = []
    shown = [a for a in adv.actions if a.same_as is None]  # a Guard's sure misses at one target: one row
    for i, a in enumerate(shown, start=1):
        rows.append({
            "#": i,
            t(lang, "an_play"): play_label(adv, a, lang),
            t(lang, "an_win"): win_text(a, lang),
            t(lang, "an_why"): explanation_text(a, lang, record),
            t(lang, "an_tokens"): f"{float(a.tokens):.2f}" if lang == "en" else f"{float(a.tokens):.2f}".replace(".", ","),
            t(lang, "an_ko_now"): marked(a.knock_out_now, a.knock_out_exact, lang),
            t(lang, "an_out_risk"): marked(a.out_before_next_turn, a.out_exact, lang),
            t(lang, "an_learn"): learn_text(a, e, lang),
            t(lang, "an_vs_best"): diff_text(a, lang),
            t(lang, "an_p_best"): pct(a.p_best, lang) if not adv.method == "exact" else "",
            t(lang, "an_kind"): t(lang, "an_exact" if a.exact else "an_estimate"),
        })
    return rows


def review_rows(items, lang: str) -> list[dict]:
    """Practice's review (`solver.advice.practice.review`) as rows: your play, your hand, the best
    (or the plays equally good within the estimate), the cost in percentage points and both
    chances of winning ("≈" marks an estimate)."""
    from solver.analysis.entry import final_state

    rows = []
    for i, item in enumerate(items, start=1):
        record = item.decision.record
        e, names = record.edition, record.seats
        def say(action, e=e, names=names, you=record.viewer) -> str:
            return action_text(action, e, lang, names, you=you)

        row = {"#": i, t(lang, "pr_your_play"): say(item.decision.action)}
        if isinstance(item.advice, Exception):  # too large for the exact inference: said, not guessed
            rows.append({**row, t(lang, "pr_best_play"): error_text(item.advice, lang)})
            continue
        adv = item.advice
        exact = adv.method == "exact"
        _, plays = best_plays(adv)
        approx = "" if exact else APPROX
        within = item.chosen is not None and any(a.action == item.chosen.action for a in plays)
        cost = "0" if within or not item.cost else approx + points(item.cost, lang)
        if within and not exact and item.chosen.win != adv.actions[0].win:
            # "0" beside "≈ 68.5% → ≈ 71.2%" read as a contradiction: the gap is within the margin.
            cost = t(lang, "pr_cost_within")
        hand = [c for c in final_state(record).viewer_hand if c is not None]
        yours = approx + pct(item.chosen.win, lang) if item.chosen else "—"
        rows.append({
            **row,
            t(lang, "hand"): ", ".join(card_label(c, e, lang) for c in hand),
            t(lang, "pr_best_play"): f"{semicolon(lang)} ".join(play_label(adv, a, lang) for a in plays
                                                                if a.same_as is None),
            t(lang, "pr_cost"): cost,
            t(lang, "pr_chances"): f"{yours} → {approx}{pct(adv.actions[0].win, lang)}",
        })
    return rows


def diff_text(a, lang: str) -> str:
    """The difference to the best play in percentage points, with its 95% interval for an
    estimate: "−3.1 pts (−5.0 to −1.2)"; "" for the best play itself."""
    if a.diff == 0 and a.diff_interval == (0.0, 0.0):
        return ""
    low, high = a.diff_interval
    text = points(a.diff, lang).replace("-", "−")
    if low == high:
        return text
    fmt = (lambda x: f"{x * 100:.1f}") if lang == "en" else (lambda x: f"{x * 100:.1f}".replace(".", ","))
    return t(lang, "an_diff_interval", diff=text, low=fmt(low).replace("-", "−"), high=fmt(high).replace("-", "−"))


# ---------------------------------------------------------------------------------------------
# The decision view: DOT text for st.graphviz_chart
# ---------------------------------------------------------------------------------------------

def _events_label(events, edition, lang: str, names, you=None) -> str:
    from tutor.render import event_lines

    lines = event_lines(events, edition, lang, _you_named(names, lang, you), you)
    return "\n".join(lines[1:])  # the first line repeats the play (the node before says it)


def _you_named(names, lang: str, you) -> tuple:
    """The seat names with the viewer's as "You" (the view speaks to them: "You: out of the
    round", as its replies say "on you")."""
    if you is None:
        return tuple(names)
    return tuple(t(lang, "pr_you") if i == you else n for i, n in enumerate(names))


def node_label(data: dict, edition, lang: str, names, you=None) -> str:
    from solver.rules.events import BaronCompared, CardDrawn, HandsTraded, KnockedOut, PriestSaw

    kind = data["kind"]
    if kind == "play":
        return action_text(data["action"], edition, lang, names, you=you)
    if kind == "outcome":
        parts, drawn = [], []
        shown = {ev.player for ev in data["events"] if isinstance(ev, KnockedOut)}  # their card is said there
        for ev in data["events"]:
            if isinstance(ev, BaronCompared) and ev.target not in shown:
                # Your Baron shows you the other hand: outcomes that differ only by it (you are out
                # to a Chancellor, to a King…) would otherwise read the same.
                parts.append(t(lang, "hist.saw.you", card=card_label(ev.target_card, edition, lang)))
            elif isinstance(ev, CardDrawn) and ev.private_to is not None:
                # Only the viewer's own draw is among the events they see (a Prince on yourself):
                # the outcomes differ by it, so it is what tells them apart (said after the discard).
                drawn.append(t(lang, "hist.drew.you", card=card_label(ev.card, edition, lang)))
            elif isinstance(ev, PriestSaw):
                parts.append(t(lang, "hist.saw.you", card=card_label(ev.card, edition, lang)))
            elif isinstance(ev, HandsTraded):
                parts.append(t(lang, "hist.got.you", card=card_label(ev.received, edition, lang)))
        text = "\n".join(parts + [_events_label(data["events"], edition, lang, names, you)] + drawn).strip()
        return text or t(lang, "an_nothing_seen")
    if kind == "reply":
        from solver import Play

        text = names[data["player"]]
        if data["card"] is not None:
            play = Play(data["card"], data["target"], None)
            text += f"{colon(lang)} {action_text(play, edition, lang, names, you=you, by=data['player'])}"
        for seat in data["out"]:
            text += "\n" + t(lang, "hist.out" + (".you" if seat == you else ""), player=names[seat])
        # Replies with the same card and target differ by what you alone learn (the card you draw
        # next, the card a Baron or a King shows you): said, so no two replies read the same.
        for ev in data.get("events", ()):
            if ev.private_to is None:
                continue
            if isinstance(ev, CardDrawn):
                text += "\n" + t(lang, "hist.drew.you", card=card_label(ev.card, edition, lang))
            elif isinstance(ev, BaronCompared):
                text += "\n" + t(lang, "hist.saw.you", card=card_label(ev.player_card, edition, lang))
            elif isinstance(ev, HandsTraded):
                text += "\n" + t(lang, "hist.got.you", card=card_label(ev.gave, edition, lang))
        return text
    return t(lang, "an_other_replies", n=data["count"], player=names[data["player"]])


def edge_figure(data: dict, exact: bool, lang: str) -> str:
    """An edge's probability as the decision view says it: exact with its fraction, or ≈ an
    estimate (`exact`: the graph's default when the edge does not say)."""
    p = data["p"]
    return figure(p, lang) if data.get("exact", exact) else f"{APPROX}{pct(p, lang)}"


def to_dot(graph, edition, lang: str, names, you=None) -> str:
    """DOT text of the decision graph (rendered in the browser: no system Graphviz needed)."""
    def q(s: str) -> str:
        return '"' + escape(s, quote=False).replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'

    exact = graph.graph.get("exact", True)
    out = ["digraph decision {", "rankdir=LR;", 'node [shape=box, style="rounded,filled", fillcolor="#fffdf8", '
           'fontname="Helvetica", fontsize=10];', 'edge [fontname="Helvetica", fontsize=9];']
    for node, data in graph.nodes(data=True):
        colour = {"play": "#fde68a", "outcome": "#e0f2fe", "reply": "#f1e6da", "other": "#eeeeee"}[data["kind"]]
        out.append(f"{q(node)} [label={q(node_label(data, edition, lang, names, you))}, fillcolor={q(colour)}];")
    for a, b, data in graph.edges(data=True):
        out.append(f"{q(a)} -> {q(b)} [label=\"{edge_figure(data, exact, lang)}\"];")
    out.append("}")
    return "\n".join(out)


def to_outline(graph, edition, lang: str, names, you=None) -> str:
    """The decision graph as nested Markdown lists (the play; each outcome with its probability;
    the replies under it): the same figures and sentences as `to_dot`, readable on a phone's
    width and by a screen reader."""
    exact = graph.graph.get("exact", True)

    def line(node: str, depth: int, edge=None) -> str:
        data = graph.nodes[node]
        parts = node_label(data, edition, lang, names, you).split("\n")
        # The diagram's lines, one sentence: a phrase ("Luis: Guard (1) on you") is set off by a dash.
        text = "".join(x + ("" if i == len(parts) - 1 else " " if x.endswith(".") else " — ")
                       for i, x in enumerate(parts))
        text = re.sub(r"([\\`*_\[\]<>#|~$])", r"\\\1", text)  # Markdown's own signs (and $), as written
        if edge is None:
            return f"**{text}**"
        return "  " * depth + f"- **{edge_figure(edge, exact, lang)}**{colon(lang)} {text}"

    out = [line("play", 0)]
    for child in graph.successors("play"):
        out.append(line(child, 0, graph.edges["play", child]))
        for grandchild in graph.successors(child):
            out.append(line(grandchild, 1, graph.edges[child, grandchild]))
    return "\n".join(out)


@lru_cache(maxsize=16)
def decision_of(text: str, model: str, action):
    """The decision graph of `action` (one of the viewer's legal plays), and its record: computed
    once for the diagram and the outline in every language."""
    from solver.advice.decision import decision_graph

    record = record_of(text)
    return decision_graph(record, action, model), record


def decision_caption(text: str, model: str, action, lang: str) -> str:
    """What the decision view's figures are: exact, or estimated from how many deals."""
    g, _ = decision_of(text, model, action)
    return t(lang, "an_decision_exact") if g.graph["exact"] else t(lang, "an_decision_estimate", n=g.graph["samples"])


def decision_outline(text: str, model: str, action, lang: str) -> str:
    """The decision view of `action` as nested lists (`to_outline`)."""
    g, record = decision_of(text, model, action)
    return to_outline(g, record.edition, lang, record.seats, record.viewer)


def decision_dot(text: str, model: str, action, lang: str) -> str:
    """The decision view of `action` (one of the viewer's legal plays) as Graphviz."""
    g, record = decision_of(text, model, action)
    return to_dot(g, record.edition, lang, record.seats, record.viewer)
