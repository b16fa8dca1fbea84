"""The decision view: a play's chance outcomes one turn deep, as a networkx graph.

Nodes: the play; what it shows the viewer (grouped by the viewer's observation: a Guard's hit
or miss, the card a Priest shows, a Baron's result…) with its probability; under each, the
next player's reply as the viewer will see it, with its probability *given* that outcome.
Probabilities are exact Fractions over every deal consistent with the record, weighted by the
opponent model — or, when the position has too many deals, frequencies over deals drawn from
the exact posterior (`graph.graph["exact"]` is False and the sample count is recorded). Even
then, the outcomes of a play that only depend on the chosen opponent's card (a Guard, Priest,
Baron, King, or a Prince on another player, when the round does not go to a showdown) are
exact: their probabilities come from that card's exact posterior, the same figures as the
page's hidden-card table, and their edges say so (`edge["exact"]`); only the replies under
them are sampled.
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from functools import lru_cache

import networkx as nx

from solver.inference.factors import InferenceTooLargeError
from solver.advice.advisor import TooLargeError, observation
from solver.advice.worlds import TypedSampler, typed_worlds
from solver.policies.models import MODELS, get_model
from solver.rules.actions import Play
from solver.rules.cards import Card
from solver.rules.errors import LoveLetterError
from solver.rules.events import seen_by
from solver.rules.game import apply
from solver.records.record import Record
from solver.rules.state import OVER

#: Plays whose outcome, seen by the viewer, depends only on the chosen opponent's card.
_TARGET_ONLY = frozenset({Card.GUARD, Card.PRIEST, Card.BARON, Card.KING, Card.PRINCE})


def visible(events, viewer: int) -> tuple:
    """The events as the viewer sees them (private details of others left out)."""
    return tuple(ev for ev in events if seen_by(ev, viewer))


def _approximate_deals(record: Record, samples: int, seed: int) -> list:
    """Deals from the posterior of the random model, or of "uniform" (as the advisor does when
    the exact posterior of the chosen model is too large)."""
    import random

    for fallback in ("random", "uniform"):
        try:
            draw = TypedSampler(record, MODELS[fallback])
        except InferenceTooLargeError:
            continue
        rng = random.Random(seed)
        return [draw(rng)[0] for _ in range(samples)]
    raise TooLargeError("the hidden cards are tied together in too many ways for the decision view")


#: Why a play knocks out its own player whatever the hidden cards: the engine's causes that
#: depend on that player's hand alone (playing the Princess; discarding her to one's own Prince).
OWN_HAND_CAUSES = frozenset({"princess-played", "princess-discarded"})


@lru_cache(maxsize=32)
def self_knockouts(record: Record) -> dict:
    """{play: the engine's cause} for each of the viewer's legal plays that knocks the viewer out
    of the round whatever the hidden cards ("princess-played", "princess-discarded"), found by
    playing each on one deal consistent with the record; {} when it is not the viewer's turn."""
    from solver.rules.events import KnockedOut
    from solver.rules.game import legal_actions

    deal = _approximate_deals(record, 1, 0)[0]
    if deal.current != record.viewer:
        return {}
    out = {}
    for action in legal_actions(deal):
        _, events = apply(deal, action)
        cause = next((ev.cause for ev in events if isinstance(ev, KnockedOut) and ev.player == record.viewer
                      and ev.cause in OWN_HAND_CAUSES), None)
        if cause is not None:
            out[action] = cause
    return out


def decision_graph(record: Record, action, model="mixture", top: int = 4, limit: int = 3000,
                   samples: int = 400, seed: int = 0) -> nx.DiGraph:
    """The graph of `action` (module docstring); the replies are the opponents' under `model`
    (a mixture: each deal's opponents play its type, weighed by the type's probability). An entry:
    `model` a name or the object."""
    import random

    model = get_model(model, playing=True)
    viewer = record.viewer
    try:
        worlds = typed_worlds(record, model, limit=limit)
        exact = True
    except TooLargeError:
        draw = TypedSampler(record, model)
        rng = random.Random(seed)
        worlds = [(*draw(rng), Fraction(1, samples)) for _ in range(samples)]
        exact = False
    except InferenceTooLargeError:  # the exact posterior is refused: the advisor's approximation
        deals = _approximate_deals(record, samples, seed)
        kinds = model.types
        worlds = [(r, kinds[i % len(kinds)], Fraction(1, len(deals))) for i, r in enumerate(deals)]
        exact = False
    g = nx.DiGraph(exact=exact, samples=0 if exact else len(worlds), model=model.name)
    g.add_node("play", kind="play", action=action, p=Fraction(1))
    outcomes: dict = defaultdict(list)
    shown: dict = {}
    for r, kind, p in worlds:
        r2, ev = apply(r, action)
        key = observation(ev, viewer)
        outcomes[key].append((r2, kind, p))
        shown.setdefault(key, visible(ev, viewer))
    masses = None if exact else exact_outcomes(record, action, model, worlds[0][0])
    if masses is not None and not outcomes.keys() <= masses.keys():
        masses = None  # a sampled outcome the exact ones do not name: show every sampled one instead
    if masses is not None:
        for key, (_, events) in masses.items():
            shown.setdefault(key, events)
        order = sorted(masses, key=lambda k: -masses[k][0])
    else:
        order = sorted(outcomes, key=lambda k: -sum(p for _, _, p in outcomes[k]))
    for i, key in enumerate(order):
        group = outcomes.get(key, [])
        sampled = sum(p for _, _, p in group)
        mass = masses[key][0] if masses is not None else sampled
        node = f"o{i}"
        g.add_node(node, kind="outcome", events=shown[key], p=mass)
        g.add_edge("play", node, p=mass, exact=exact or masses is not None)
        if group:  # replies are sampled where the deals were
            _replies(g, node, group, sampled, viewer, model, top)
    return g


def exact_outcomes(record: Record, action, model, deal) -> dict | None:
    """{the viewer's observation: (exact probability, the events the viewer sees)} of a play
    whose outcome depends only on the chosen opponent's card, from that card's exact posterior
    (`solver.inference`), or certainly one outcome of a play that chooses no one and draws
    nothing (a Handmaid); None for any other play, when the round would end in a showdown (the
    other hands then show), or when the exact posterior is refused. `deal` is any deal
    consistent with the record (the target's card in it is replaced by each possible one)."""
    from solver.inference.posterior import posterior_of

    viewer = record.viewer
    if isinstance(action, Play) and action.target is None and action.card is not Card.CHANCELLOR:
        # No one chosen and nothing drawn (a Handmaid, the Countess, a Spy, the Princess, a card
        # played for no effect): what the viewer sees next is the same on every deal, certainly.
        r2, ev = apply(deal, action)
        if r2.phase == OVER and r2.end_reason == "showdown":
            return None
        return {observation(ev, viewer): (Fraction(1), visible(ev, viewer))}
    if not isinstance(action, Play) or action.card not in _TARGET_ONLY or action.target in (None, viewer):
        return None
    try:
        marginal = posterior_of(record, model).hand(action.target)
    except (LoveLetterError, InferenceTooLargeError):
        return None
    out: dict = {}
    for card, p in marginal.items():
        if not p:
            continue
        hands = list(deal.hands)
        hands[action.target] = (card,)
        r2, ev = apply(deal._replace(hands=tuple(hands)), action)
        if r2.phase == OVER and r2.end_reason == "showdown":
            return None
        key = observation(ev, viewer)
        mass, events = out.get(key, (Fraction(0), visible(ev, viewer)))
        out[key] = (mass + p, events)
    return out


def _replies(g: nx.DiGraph, parent: str, group, mass: Fraction, viewer: int, model, top: int) -> None:
    """The next player's reply under `parent`, conditional on reaching it (each deal's
    opponents playing its type)."""
    r0 = group[0][0]
    if r0.phase == OVER or r0.current == viewer:
        return  # the round ended, or the viewer decides next (a Chancellor's choice)
    replies: dict = defaultdict(Fraction)
    shown: dict = {}
    for r, kind, p in group:
        for a, pa in kind.distribution(r):
            if pa:
                _, ev = apply(r, a)
                key = reply_key(ev, viewer)
                replies[key] += p * pa
                shown.setdefault(key, visible(ev, viewer))
    ranked = sorted(replies.items(), key=lambda kv: -kv[1])
    for j, (key, p) in enumerate(ranked[:top]):
        node = f"{parent}r{j}"
        card, target, out, _ = key
        g.add_node(node, kind="reply", player=r0.current, card=card, target=target, out=out, events=shown[key],
                   p=p / mass)
        g.add_edge(parent, node, p=p / mass)
    rest = sum(p for _, p in ranked[top:])
    if rest:
        node = f"{parent}rest"
        g.add_node(node, kind="other", player=r0.current, count=len(ranked) - top, p=rest / mass)
        g.add_edge(parent, node, p=rest / mass)


def reply_key(events, viewer: int) -> tuple:
    """A reply as the graph groups it: card, target, who is knocked out, what the viewer alone
    learns (a Guard's exact guess is folded in, to keep the view one screen wide)."""
    from solver.rules.events import CardPlayed, KnockedOut

    card = target = None
    out = []
    private = []
    for ev in events:
        if isinstance(ev, CardPlayed):
            card, target = ev.card, ev.target
        elif isinstance(ev, KnockedOut):
            out.append(ev.player)
        elif ev.private_to is not None and viewer in ev.private_to:
            private.append(ev)
    return card, target, tuple(out), tuple(private)
