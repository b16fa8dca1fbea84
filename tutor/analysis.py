"""What the analyzer, the ruling checker and practice show, computed by `solver/` and turned
into display rows and strings (pure functions, testable without a running app).

Solver calls are cached per (record text, model): a rerun of the page (every widget change)
must not redo an exact search. No rule is decided here.
"""

from __future__ import annotations

import re
import threading
from functools import lru_cache
from html import escape

from solver import Card, LoveLetterError, Play, infer, parse_record
from solver.advice.advisor import OPPONENT_MODELS, advise
from solver.inference.posterior import guard_table
from tutor.i18n import colon, either, number, semicolon, t
from tutor.render import action_text, card_label, card_list

#: The opponent models the app offers (advisor names; the inference uses the matching model).
MODELS = tuple(OPPONENT_MODELS)


#: Largest denominator shown as a fraction next to a percentage (a fraction a person can read).
SMALL_DENOMINATOR = 100


def pct(p, lang: str = "en") -> str:
    """A probability as a percentage in the language's style: 31.4% · 31,4 %."""
    text = f"{float(p) * 100:.1f}".removesuffix(".0")
    return f"{text}%" if lang == "en" else f"{text.replace('.', ',')}\u202f%"


def frac(p) -> str:
    return f"{p.numerator}/{p.denominator}" if p.denominator != 1 else str(p.numerator)


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


def figure(p, lang: str = "en") -> str:
    """Percentage first; the exact fraction after it only when it is small enough to read
    ("33.3% (1/3)"), never "31925635/49405422" (that one is in "how is this computed?")."""
    from fractions import Fraction

    if isinstance(p, Fraction) and 0 < p < 1 and p.denominator <= SMALL_DENOMINATOR:
        return f"{pct(p, lang)} ({frac(p)})"
    return pct(p, lang)


def points(p, lang: str = "en") -> str:
    """A difference of probabilities in percentage points: "3.2 pts"."""
    text = f"{float(p) * 100:.1f}"
    return t(lang, "an_points", n=text if lang == "en" else text.replace(".", ","))


def error_text(err, lang: str) -> str:
    """A refusal from solver/ in the chosen language: where (the deal, turn n) and what, by the
    error's rule key (`err.<rule>` or the engine's `rule.<rule>`), with its card translated.
    Never the solver's English message nor the echoed input."""
    import re
    from string import Formatter

    from tutor.i18n import catalog

    where = getattr(err, "where", "") or ""
    turn = re.match(r"turn (\d+)", where)
    params = dict(getattr(err, "params", {}) or {})
    from solver import Card
    from tutor.render import card_word

    for field in ("card", "guess"):
        if params.get(field) is not None:
            try:
                card = Card(params[field])
            except (ValueError, TypeError):  # not a card (e.g. a guess given as 42): not echoed
                del params[field]
                continue
            params[field] = card_word(card, lang)  # "{card:The}": "The Countess is not in your hand"
    fact = params.get("fact")
    if fact is not None:  # the fact no deal allows: "what the Priest showed (a Countess)"
        key = f"fact.{fact}"
        if key in catalog("en"):
            params["fact"] = t(lang, key, card=params.get("card", ""))
        else:
            del params["fact"]
    for key in (f"err.{err.rule}", f"rule.{err.rule}", f"err.{err.rule}-some"):
        needed = {f for _, f, _, _ in Formatter().parse(t("en", key)) if f}
        if (key in catalog(lang) or key in catalog("en")) and needed <= set(params):
            body = t(lang, key, **params)
            break
    else:
        body = t(lang, "err_generic")
    if turn:
        return t(lang, "err_at_turn", n=turn.group(1), what=body)
    if where.startswith("header"):
        return t(lang, "err_at_header", what=body)
    return body[:1].upper() + body[1:]


def sentence_text(sentence, record, lang: str, you: bool = False) -> str:
    """One sentence of `solver.analysis.history` in the chosen language. With `you`, the viewer
    is addressed in the second person when they are the sentence's subject."""
    e = record.edition
    params = {}
    for name, value in sentence.params.items():
        if name in ("player", "target"):
            if you and value == record.viewer:  # "on you"; "on yourself" when you play it
                mine = name == "target" and sentence.params.get("player") == record.viewer
                params[name] = t(lang, "play_yourself" if mine else "hist_you_object")
            elif name == "target" and value == sentence.params.get("player"):  # "on their own hand"
                params[name] = t(lang, "play_own_hand")
            else:
                params[name] = record.seats[value]
        elif name == "cards":
            params[name] = card_list(value, e, lang)
        else:
            params[name] = card_label(value, e, lang)
    key = sentence.key
    if you and sentence.subject and sentence.params.get(sentence.subject) == record.viewer:
        key += ".you"
    return t(lang, key, **params)


def history_lines(record, lang: str, you: bool = False) -> list[str]:
    """The record's turns as sentences (`solver.analysis.history`), one line per turn."""
    from solver.analysis.history import history

    return [" ".join(sentence_text(x, record, lang, you) for x in turn) for turn in history(record)]


@lru_cache(maxsize=64)
def record_of(text: str):
    return parse_record(text)


@lru_cache(maxsize=64)
def posterior(text: str, model: str):
    return infer(record_of(text), model)


@lru_cache(maxsize=32)
def advice(text: str, model: str, seconds: float = 2.5):
    from solver.records.replay import check_viewer_hand

    record = record_of(text)
    check_viewer_hand(record)  # your own cards missing: say so (viewer-hand-unknown), not a refused play
    return advise(record, model)  # work budgets: the same answer on any machine (`seconds` is unused)


def deeper_offered(text: str, model: str, seconds: float = 2.5) -> bool:
    """The default answer is an estimate that the longer exact search may replace."""
    from solver.advice.advisor import can_go_deeper

    return can_go_deeper(record_of(text), advice(text, model, seconds))


class DeeperBusy(Exception):
    """Another longer exact search is running on this server (`DEEP_SLOTS`): not started."""


#: Longer exact searches running at once on this server: each may take a minute of one core and,
#: in a game of 3 or more, a gigabyte of memory, so a person opening many tabs (or many people)
#: cannot stack them up; the others are told to try again, never queued.
DEEP_SLOTS = threading.BoundedSemaphore(1)


@lru_cache(maxsize=8)
def deeper_advice(text: str, model: str):
    """The exact answer with the longer work budget (`solver.advice.advisor.DEEP_WORK`); None
    when even that does not fit. Cached, the refusal too: asked once per position.
    `DeeperBusy` (not cached) when another one is running (`DEEP_SLOTS`)."""
    from solver.advice.advisor import OutOfTimeError, TooLargeError, advise_deeper

    if not DEEP_SLOTS.acquire(blocking=False):
        raise DeeperBusy()
    try:
        return advise_deeper(record_of(text), model)
    except OutOfTimeError:
        raise  # the clock, not the position: not remembered
    except TooLargeError:
        return None
    finally:
        DEEP_SLOTS.release()


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
    """The best Guard guess on each opponent — none when your hand is known and holds no Guard
    (a "best Guard guess" beside a hand of Priest and Prince reads as advice to play a card
    you do not have)."""
    from solver import Card
    from solver.analysis.entry import final_state

    record = record_of(text)
    e = record.edition
    if record.viewer is not None:
        hand = [c for c in final_state(record).viewer_hand if c is not None]
        if hand and Card.GUARD not in hand:
            return []
    lines = []
    for row in guard_table(posterior(text, model)):
        if not row.best or not row.p_hit:  # e.g. they can only hold a Guard, which no Guard names
            lines.append(t(lang, "an_guard_none", player=record.seats[row.seat]))
            continue
        best = " / ".join(card_label(c, e, lang) for c in row.best)
        lines.append(t(lang, "an_guard_best", player=record.seats[row.seat], cards=best,
                       p=figure(row.p_hit, lang)))
    return lines


def set_aside_rows(text: str, model: str, lang: str) -> list[dict]:
    record = record_of(text)
    e = record.edition
    return [{t(lang, "card"): card_label(c, e, lang), t(lang, "an_probability"): figure(p, lang)}
            for c, p in posterior(text, model).set_aside.items()]


def explanation_text(action, lang: str, record=None) -> str:
    """The one-sentence why of a ranked play; a sampled figure carries "≈" (an estimate's win and
    risk of being out; its knock-out chance only when the posterior was not exact). With the
    `record` it was ranked for, a play that knocks you out whatever the hidden cards says so
    ("Playing the Princess knocks you out of the round") instead of "nobody is knocked out at once"."""
    key, params = action.explanation()
    if record is not None:
        cause = self_knockouts(record).get(action.action)
        if cause is not None:
            key = f"advice.self_out.{cause}"
    return t(lang, key, win=marked(params["win"], action.exact, lang),
             knock_out_now=marked(params["knock_out_now"], action.knock_out_exact, lang),
             out_risk=marked(params["out_risk"], action.out_exact, lang))


def marked(p, exact: bool, lang: str) -> str:
    """A percentage, with "≈" when it is an estimate."""
    return pct(p, lang) if exact else APPROX + pct(p, lang)


def types_text(types: dict, record, model: str, lang: str, exact: bool = True) -> str:
    """One sentence next to the figures on the opponents they assume: for a mixture, what the
    record suggests ("Luis has played like a card counter: 83% …"); for a single model, which
    one (the other is one click away, in the model choice above)."""
    if len(types) <= 1:
        return t(lang, "an_assumes", model=t(lang, "model_" + model.replace("-", "_")))
    opponents = [s for s in range(record.n_players) if s != record.viewer]
    figures = {name: marked(p, exact, lang) for name, p in types.items()}
    if len(opponents) == 1:
        return t(lang, "an_types_two", player=record.seats[opponents[0]], counter=figures["card-counter"],
                 random=figures["random"])
    return t(lang, "an_types_many", counter=figures["card-counter"], random=figures["random"])


def type_bests_text(adv, lang: str) -> str:
    """When the best play is not the same against each opponent type, both, with their chances
    ("" when it is the same play)."""
    best: dict = {}
    for a in adv.actions:
        for name, win in (a.by_type or {}).items():
            if name not in best or win > best[name][1]:
                best[name] = (a, win)
    if len(best) < 2 or len({b[0].action for b in best.values()}) == 1:
        return ""
    exact = adv.method == "exact"
    counter, rand = best["card-counter"], best["random"]
    return t(lang, "an_types_differ", counter_play=play_label(adv, counter[0], lang),
             counter_win=marked(counter[1], exact, lang), random_play=play_label(adv, rand[0], lang),
             random_win=marked(rand[1], exact, lang))


@lru_cache(maxsize=32)
def self_knockouts(record) -> dict:
    """`solver.advice.decision.self_knockouts`, once per record (cached; {} when the record's deals
    cannot be drawn)."""
    from solver.advice.decision import self_knockouts as found

    try:
        return found(record)
    except LoveLetterError:
        return {}


def learn_text(action, edition, lang: str) -> str:
    if not action.learn:
        return ""
    if "sees" in action.learn:
        return ", ".join(f"{card_label(c, edition, lang)} {pct(p, lang)}" for c, p in action.learn["sees"].items())
    b = action.learn["baron"]
    return " · ".join(f"{t(lang, 'an_baron_' + k)} {pct(b[k], lang)}" for k in ("win", "tie", "lose") if k in b)


#: What marks an estimate, joined to its number by a no-break space ("≈" never ends a line alone).
APPROX = "≈\u00a0"


def win_text(action, lang: str = "en") -> str:
    """P(win) of a ranked play: exact as a percentage (with a small fraction), an estimate as
    "≈ 47.1% (44–50.2%)", its 95% interval."""
    if action.exact:
        return figure(action.win, lang)
    low, high = action.interval
    return f"{APPROX}{pct(action.win, lang)} ({pct(low, lang)}–{pct(high, lang)})"


def best_plays(adv) -> tuple[bool, tuple]:
    """The plays that rank first, and whether the answer is resolved — as the advisor says
    (`Advice.resolved`, `Advice.best_group()`: exact ties, or the plays whose paired difference
    to the best is not resolved by the estimate)."""
    if not adv.actions:
        return True, ()
    return adv.resolved, adv.best_group()


def play_label(adv, ranked, lang: str) -> str:
    """A ranked play in words; the first of a Guard's guesses that cannot hit at one target
    stands for all of them ("Guard (1) on Luis, naming the Baron (3), Prince (5) or Princess (8):
    none can hit" — `RankedAction.same_as`: one play in effect, the same figures)."""
    record = adv.record
    e = record.edition
    text = action_text(ranked.action, e, lang, record.seats, you=record.viewer)
    also = [a.action for a in adv.actions if a.same_as == ranked.action]
    if ranked.same_as is not None or not also:
        return text
    play = ranked.action
    guesses = [card_label(Card(x.guess), e, lang) for x in sorted([play, *also], key=lambda x: int(x.guess))]
    return t(lang, "an_sure_misses", play=action_text(Play(play.card, play.target), e, lang, record.seats,
                                                         you=record.viewer), guesses=either(lang, guesses))


def best_text(adv, lang: str) -> str:
    """"Best play: X" when resolved; otherwise "Equally good within the estimate: X, Y"."""
    resolved, plays = best_plays(adv)
    plays = [a for a in plays if a.same_as is None]  # a Guard's sure misses: said once, by the first
    # A play may contain a comma ("Guard (1) on Luis, naming Prince (5)"): plays are separated by ";".
    names = f"{semicolon(lang)} ".join(play_label(adv, a, lang) for a in plays)
    if len(adv.actions) == 1:  # "Best play" of one (the Countess you must play) read as advice
        return t(lang, "an_only_play", play=names)
    if resolved and len(plays) == 1:
        return t(lang, "an_best", play=names)
    return t(lang, "an_equal_exact" if adv.method == "exact" else "an_equal_estimate", plays=names)


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


def estimate_samples(adv) -> int:
    """The most deals any play of an estimate was evaluated on."""
    return max((a.samples for a in adv.actions), default=0)


def _two_players(adv) -> bool:
    """Whether the estimate's sentences may say when a 2-player round's answer becomes exact."""
    return adv.record.n_players == 2


def estimate_sentence(adv, lang: str) -> str:
    """An estimate in one plain sentence: how many deals, and why it is not exact."""
    key = "an_method_estimate_short" if _two_players(adv) else "an_method_estimate_short_many"
    return t(lang, key, samples=number(lang, estimate_samples(adv)))


def method_text(adv, lang: str) -> str:
    model = t(lang, "model_" + adv.model.replace("-", "_"))
    if adv.method == "exact":
        return t(lang, "an_method_exact", worlds=number(lang, adv.worlds), model=model, n=adv.worlds)
    key = "an_method_estimate" if _two_players(adv) else "an_method_estimate_many"
    text = t(lang, key, samples=number(lang, estimate_samples(adv)), model=model)
    if adv.posterior != "exact":
        text += " " + t(lang, "an_posterior_approx")
    return text


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
