"""The ten characters of Love Letter.

A `Card` is a character's identity, not its printed value: the classic deck prints the King
as 6, the 2019 deck as 7, but both are the King. Values live in the edition (`solver.rules.editions`)
because the only rule that reads a value sum (the classic discard-total tie-break) needs the
printed values of the edition in play. The integer of each member is the 2019 value, which
orders the characters the same way in every edition.
"""

from __future__ import annotations

from enum import IntEnum


class Card(IntEnum):
    SPY = 0
    GUARD = 1
    PRIEST = 2
    BARON = 3
    HANDMAID = 4
    PRINCE = 5
    CHANCELLOR = 6
    KING = 7
    COUNTESS = 8
    PRINCESS = 9

    def __repr__(self) -> str:  # short and unambiguous in test failures and events
        return f"Card.{self.name}"

    __str__ = __repr__

    @property
    def title(self) -> str:
        """English display name, e.g. ``"Handmaid"``."""
        return self.name.capitalize()


#: Cards whose effect chooses a player.
TARGETED = frozenset({Card.GUARD, Card.PRIEST, Card.BARON, Card.PRINCE, Card.KING})
#: Targeted cards that must choose *another* player (the Prince may choose yourself).
TARGETS_OTHERS = frozenset({Card.GUARD, Card.PRIEST, Card.BARON, Card.KING})
#: How each card chooses, by card number (the compiled core's table, read from here): 0 nobody,
#: 1 another player, 2 another player and a guess (the Guard), 3 any player in the round, the
#: player included (the Prince).
CHOOSES = tuple(2 if c is Card.GUARD else 1 if c in TARGETS_OTHERS else 3 if c is Card.PRINCE else 0 for c in Card)

ALL_CARDS = tuple(Card)
