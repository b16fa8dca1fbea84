"""The worked example round of seed 000 (Ana, Luis, Marta) as engine states, step by step.

Turns 1–4 come from a real engine deal; the text then skips to the end of the round ("después
se agota el mazo"), which a real 17-card deck cannot reach with Ana on her Prince and Marta on
a Priest, so the last step is a built position with those hands, checked by the engine.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Optional

from solver import Card, Game, Play, apply, deal_from_order, get_edition
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
    script = [
        ("example_guard", Play(Card.GUARD, LUIS, Card.PRINCE)),
        ("example_handmaid", Play(Card.HANDMAID)),
        ("example_countess", Play(Card.COUNTESS)),
    ]
    for key, action in script:
        before = game
        game, events = apply(game, action)
        steps.append(Step(key, game, events, (before.round.current, action, before)))
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
    action = Play(Card.GUARD, ANA, Card.KING)
    final, events = apply(end_game, action)
    steps.append(Step("example_showdown", final, events, (MARTA, action, end_game)))
    return tuple(steps)
