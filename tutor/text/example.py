"""The worked example round of seed 000 (Ana, Luis, Marta) as engine states, step by step.

Turns 1–4 come from a real engine deal; the text then skips to the end of the round ("después
se agota el mazo"), which a real 17-card deck cannot reach with Ana on her Prince and Marta on
a Priest, so the last step is a built position with those hands, checked by the engine.

Each decision can be judged from the decider's seat (`guard_odds`, `judge`): a Guard's chance
to hit comes from the exact inference of the record the decider saw (for the built last turn,
every unseen card is equally likely to be Ana's: the Princess set aside or her Prince), so a
learner's guess that is as good as or better than the example's is said to be so.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Optional

from fractions import Fraction

from solver import Card, Game, Play, apply, deal_from_order, get_edition
from solver.inference import guard_table, infer
from solver.policies.heuristics import unseen_by
from solver.records.record import record_from_events
from solver.rules.state import late_position

ANA, LUIS, MARTA = 0, 1, 2
NAMES = ("Ana", "Luis", "Marta")


@dataclass(frozen=True)
class Step:
    key: str  # narration key in the catalogs
    game: Game  # the state shown after the step
    events: tuple
    #: The decision taken at this step: (player, the example's action, the state it was taken in).
    decision: Optional[tuple] = None
    #: The events of the round the decider has seen so far (None for the built last position).
    history: Optional[tuple] = None


@lru_cache(maxsize=1)
def example_steps() -> tuple[Step, ...]:
    e = get_edition("2019")
    head = [Card.PRINCESS, Card.COUNTESS, Card.PRINCE, Card.PRIEST, Card.GUARD, Card.HANDMAID, Card.PRINCE,
            Card.SPY]
    rest = list(e.full_deck())
    for c in head:
        rest.remove(c)
    r, events = deal_from_order(e, 3, ANA, head + rest)
    game = Game(e, NAMES, (0, 0, 0), "example", 1, ANA, r)
    steps = [Step("example_deal", game, events)]
    history = tuple(events)
    script = [
        ("example_guard", Play(Card.GUARD, LUIS, Card.PRINCE)),
        ("example_handmaid", Play(Card.HANDMAID)),
        ("example_countess", Play(Card.COUNTESS)),
    ]
    for key, action in script:
        before = game
        game, events = apply(game, action)
        steps.append(Step(key, game, events, (before.round.current, action, before), history))
        history += tuple(events)
    steps.append(Step("example_protection", game, ()))
    # The end of the round: Ana kept her Prince, Marta her Priest; Marta plays her last card.
    # The skipped turns: Ana and Marta played the other cards in turn (the Princess stays set aside).
    placed = [Card.PRINCE, Card.PRIEST, Card.GUARD, Card.GUARD, Card.COUNTESS, Card.PRINCE, Card.HANDMAID,
              Card.PRINCESS]
    skipped = list(e.full_deck())
    for c in placed:
        skipped.remove(c)
    ana = [Card.GUARD, Card.COUNTESS] + skipped[0::2]
    marta = [Card.HANDMAID] + skipped[1::2]
    last = late_position(e, [(Card.PRINCE,), (), (Card.PRIEST, Card.GUARD)], deck=(), set_aside=Card.PRINCESS,
                         discards=[tuple(ana), (Card.PRINCE,), tuple(marta)],
                         out=[False, True, False], current=MARTA, dump=ANA)
    end_game = Game(e, NAMES, (0, 0, 0), "example", 1, ANA, last)
    steps.append(Step("example_skip", end_game, ()))
    # From Marta's seat Ana holds the Prince or the set-aside Princess, equally likely: naming
    # either is the best guess. The example's Marta names the Princess and misses.
    action = Play(Card.GUARD, ANA, Card.PRINCESS)
    final, events = apply(end_game, action)
    steps.append(Step("example_showdown", final, events, (MARTA, action, end_game)))
    return tuple(steps)


def guard_odds(step: Step) -> dict:
    """{seat: {card: P(that seat holds it)}} from the decider's seat, for every player a Guard
    may choose at this decision."""
    player, _, before = step.decision
    if step.history is not None:
        record = record_from_events(before.edition, NAMES, step.history, viewer=player)
        return {row.seat: dict(row.probabilities) for row in guard_table(infer(record))}
    r = before.round
    unseen = unseen_by(r, player)
    total = sum(unseen.values())
    return {seat: {c: Fraction(unseen.get(c, 0), total) for c in r.edition.guessable}
            for seat in range(len(NAMES)) if seat != player and not r.out[seat] and not r.protected[seat]}


@dataclass(frozen=True)
class Working:
    """How a Guard's chance to hit is counted from the decider's seat: the target's card is one
    of the `total` cards the decider has not seen, each as likely as the others, `copies` of them
    the card named."""

    copies: int
    total: int
    #: Unseen copies of every card, from the decider's seat.
    unseen: dict


def guard_working(step: Step, target: int, card) -> Optional[Working]:
    """The count behind `guard_odds(step)[target][card]`, when it is one (no fact of the round
    tells that hand apart from the other unseen cards: `solver.analysis.explain`'s formula);
    None otherwise."""
    from solver.analysis.explain import how_computed

    player, _, before = step.decision
    card = Card(card)
    if step.history is not None:
        record = record_from_events(before.edition, NAMES, step.history, viewer=player)
        how = how_computed(infer(record), target, card)
        if how.formula is None:
            return None
        return Working(how.formula.unseen, how.formula.total, dict(how.formula.counts))
    unseen = {c: k for c, k in unseen_by(before.round, player).items() if k}
    return Working(unseen.get(card, 0), sum(unseen.values()), unseen)


def judge(step: Step, action) -> tuple[str, Optional[Fraction], Optional[Fraction]]:
    """How a learner's legal action compares with the example's: ("same" | "better" | "as_good"
    | "worse" | "other", the learner's P(hit), the example's P(hit)). Guard plays compare by
    their exact chance to hit; other different plays are "other"."""
    _, expected, _ = step.decision
    if action == expected:
        return "same", None, None
    if Card(action.card) is Card.GUARD and Card(expected.card) is Card.GUARD and action.target is not None:
        odds = guard_odds(step)
        mine = odds.get(action.target, {}).get(Card(action.guess), Fraction(0))
        theirs = odds.get(expected.target, {}).get(Card(expected.guess), Fraction(0))
        kind = "better" if mine > theirs else "as_good" if mine == theirs else "worse"
        return kind, mine, theirs
    return "other", None, None
