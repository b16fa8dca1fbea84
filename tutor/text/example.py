"""The worked example round of seed 000 (Ana, Luis, Marta) as engine states, turn by turn.

The whole round is one real round (lessons/example.toml): a deal and every play, replayed by the
engine. The rules' text tells four turns and skips the rest ("después se agota el mazo"); here
those turns are real and the learner can step through them or skip them. Its last turn is a
question again: Marta's Guard, from her seat.

Each decision can be judged from the decider's seat (`guard_odds`, `judge`): a Guard's chance to
hit comes from the exact inference of the record the decider saw, so a learner's guess that is as
good as or better than the example's is said to be so.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from pathlib import Path
from typing import Optional

from solver import Card, ChancellorChoice, Game, Play, apply, deal_from_order, get_edition
from solver.inference import guard_table, infer
from solver.records.record import record_from_events
from solver.teaching.history import History
from solver.teaching.scenario import parse_action

ANA, LUIS, MARTA = 0, 1, 2
NAMES = ("Ana", "Luis", "Marta")
EXAMPLE_FILE = Path(__file__).resolve().parents[2] / "lessons" / "example.toml"
#: The narration of each turn the text tells (then the skipped turns, then the last turn).
TOLD = ("example_guard", "example_handmaid", "example_countess", "example_protection")
#: The turns the learner is asked about (what would the player play?): the text's first three, the last.
ASKED = ("example_guard", "example_handmaid", "example_countess", "example_showdown")


@dataclass(frozen=True)
class Step:
    key: str  # narration key in the catalogs
    game: Game  # the state shown after the step
    events: tuple
    #: The decision taken at this step: (player, the example's action, the state it was taken in).
    decision: Optional[tuple] = None
    #: The events of the round the decider has seen so far (before the decision).
    history: Optional[tuple] = None
    #: The turn of the round (0: the deal) and who played it.
    turn: int = 0
    player: Optional[int] = None
    #: A turn the rules' text skips.
    skipped: bool = False


@lru_cache(maxsize=1)
def example_history() -> History:
    """The round of lessons/example.toml: the deal and every play (the last is Marta's Guard)."""
    data = tomllib.loads(EXAMPLE_FILE.read_text(encoding="utf-8"))
    e = get_edition(data["edition"])
    names = tuple(data["players"])
    order = tuple(Card[c.upper()] for c in data["order"].split())
    return History(names.index(data["first"]), order, tuple(parse_action(names, e, p) for p in data["plays"]))


def turns(plays) -> list[tuple]:
    """The plays grouped by turn: a Chancellor and the choice that follows it are one turn."""
    out: list = []
    for action in plays:
        if isinstance(action, ChancellorChoice):
            out[-1] = out[-1] + (action,)
        else:
            out.append((action,))
    return out


@lru_cache(maxsize=1)
def example_steps() -> tuple[Step, ...]:
    e = get_edition("2019")
    history = example_history()
    r, events = deal_from_order(e, 3, history.first, history.order)
    game = Game(e, NAMES, (0, 0, 0), "example", 1, history.first, r)
    steps = [Step("example_deal", game, tuple(events))]
    seen = tuple(events)
    grouped = turns(history.plays)
    for number, actions in enumerate(grouped, start=1):
        before = game
        evs: tuple = ()
        for action in actions:
            game, more = apply(game, action)
            evs += tuple(more)
        last = number == len(grouped)
        if number <= len(TOLD):
            key = TOLD[number - 1]
        elif last:
            key = "example_showdown"
        else:
            key = "example_skip" if number == len(grouped) - 1 else "example_skipped"
        player = before.round.current
        decision = (player, actions[0], before) if key in ASKED else None
        steps.append(Step(key, game, evs, decision, seen if decision else None, number, player,
                          skipped=number > len(TOLD) and not last))
        seen += evs
    return tuple(steps)


def turn_play(step: Step, lang: str) -> str:
    """The play a step's turn made, in words ("Guard (1) on Luis, naming the Priest (2)"; "" for the deal):
    a skipped turn's headline said only "Ana plays"."""
    from solver.rules.events import CardPlayed
    from solver.words.sentences import action_text

    played = next((ev for ev in step.events if isinstance(ev, CardPlayed)), None)
    if played is None:
        return ""
    return action_text(Play(played.card, played.target, played.guess), step.game.edition, lang, NAMES, by=played.player)


def guard_odds(step: Step) -> dict:
    """{seat: {card: P(that seat holds it)}} from the decider's seat, for every player a Guard
    may choose at this decision."""
    player, _, before = step.decision
    record = record_from_events(before.edition, NAMES, step.history, viewer=player)
    return {row.seat: dict(row.probabilities) for row in guard_table(infer(record))}


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
    record = record_from_events(before.edition, NAMES, step.history, viewer=player)
    how = how_computed(infer(record), target, Card(card))
    if how.formula is None:
        return None
    return Working(how.formula.unseen, how.formula.total, dict(how.formula.counts))


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


#: Cards whose play tells nothing of a hidden card whatever the others hold: what the learner's
#: own play does may be said (a Guard's hit, a Priest's look, a Baron, a King, a Prince's or a
#: Chancellor's draw would tell what the seat cannot know).
OPEN_EFFECTS = frozenset({Card.HANDMAID, Card.COUNTESS, Card.SPY, Card.PRINCESS})


def says_nothing_hidden(action) -> bool:
    """The outcome of the learner's `action` depends on no card hidden from their seat."""
    return isinstance(action, Play) and Card(action.card) in OPEN_EFFECTS
