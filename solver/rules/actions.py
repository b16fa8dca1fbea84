"""Actions as data: everything a player decides, fully specified.

`Play` is the choice of a card from a two-card hand with its target and Guard guess.
`ChancellorChoice` is the second decision of a Chancellor turn, taken after seeing the drawn
cards: which card to keep and the order of the others under the deck (the last listed card
ends up at the very bottom). `NextRound` starts the next round of a game (its shuffle is the
game's seeded chance).

`Play` and `ChancellorChoice` may name their player (`player=seat`): `apply` then refuses the
action when that seat is not the one to move (`not-your-turn`) or is out of the round
(`player-out`). Left out (the default), the action is the player to move's. Legal actions are
listed without a player, and a named action equal to a legal one in everything else is that play.
"""

from __future__ import annotations

from typing import NamedTuple, Optional

from solver.rules.cards import Card


class Play(NamedTuple):
    card: Card
    target: Optional[int] = None
    guess: Optional[Card] = None
    #: The seat playing; None: the player to move.
    player: Optional[int] = None

    def __repr__(self) -> str:
        parts = [repr(Card(self.card))]
        if self.target is not None:
            parts.append(f"target={self.target}")
        if self.guess is not None:
            parts.append(f"guess={Card(self.guess)!r}")
        if self.player is not None:
            parts.append(f"player={self.player!r}")
        return f"Play({', '.join(parts)})"


class ChancellorChoice(NamedTuple):
    keep: Card
    bottom: tuple[Card, ...]
    #: The seat choosing; None: the player to move.
    player: Optional[int] = None

    def __repr__(self) -> str:
        who = "" if self.player is None else f", player={self.player!r}"
        return f"ChancellorChoice(keep={Card(self.keep)!r}, bottom={tuple(Card(c) for c in self.bottom)!r}{who})"


class NextRound(NamedTuple):
    def __repr__(self) -> str:
        return "NextRound()"


Action = Play | ChancellorChoice | NextRound
