"""The decision view in words: one play of the viewer's, one turn deep (its outcomes, the replies
to each, their probabilities), as DOT text for `st.graphviz_chart` and as nested Markdown lists.
Pure functions (testable without a running app).
"""

from __future__ import annotations

import re
from functools import lru_cache
from html import escape

from solver.words.figures import APPROX, figure, pct
from solver.words.i18n import colon, t
from solver.words.sentences import action_text, card_label
from tutor.answers import record_of
from tutor.text.events import event_lines


def _events_label(events, edition, lang: str, names, you=None) -> str:
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
        guard = data["card"] is not None and int(data["card"]) == 1 and data["target"] is not None  # (the Guard)
        if data["card"] is not None:
            play = Play(data["card"], data["target"], None)
            text += f"{colon(lang)} {action_text(play, edition, lang, names, you=you, by=data['player'])}"
            if guard and data["target"] not in data["out"]:  # a Guard's reply says whether it hit
                text += "\n" + t(lang, "an_reply_miss")
        for seat in data["out"]:
            line = t(lang, "hist.out" + (".you" if seat == you else ""), player=names[seat])
            text += "\n" + (t(lang, "an_reply_hit", out=line) if guard and seat == data["target"] else line)
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
