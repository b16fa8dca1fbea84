"""Actions as data: everything a player decides, fully specified.

`Play` is the choice of a card from a two-card hand with its target and Guard guess.
`ChancellorChoice` is the second decision of a Chancellor turn, taken after seeing the drawn
cards: which card to keep and the order of the others under the deck (the last listed card
ends up at the very bottom). `NextRound` starts the next round of a game (its shuffle is the
game's seeded chance).
"""

from __future__ import annotations

from typing import NamedTuple, Optional

from solver.rules.cards import Card


class Play(NamedTuple):
    card: Card
    target: Optional[int] = None
    guess: Optional[Card] = None

    def __repr__(self) -> str:
        parts = [repr(Card(self.card))]
        if self.target is not None:
            parts.append(f"target={self.target}")
        if self.guess is not None:
            parts.append(f"guess={Card(self.guess)!r}")
        return f"Play({', '.join(parts)})"


class ChancellorChoice(NamedTuple):
    keep: Card
    bottom: tuple[Card, ...]

    def __repr__(self) -> str:
        return f"ChancellorChoice(keep={Card(self.keep)!r}, bottom={tuple(Card(c) for c in self.bottom)!r})"


class NextRound(NamedTuple):
    def __repr__(self) -> str:
        return "NextRound()"


Action = Play | ChancellorChoice | NextRound
