"""Errors that name the rule they enforce.

All are `ValueError`s (bad input, never a bug), so a shell can catch `LoveLetterError` and
show `str(error)`: a sentence a player understands. `rule` is a stable key for translation
and tests; `params` holds the values the sentence was built from.
"""

from __future__ import annotations

from typing import Any

#: The longest excerpt of an input an error message quotes by default.
EXCERPT = 80


def excerpt(text: Any, limit: int = EXCERPT) -> str:
    """A short excerpt of untrusted input for an error message (never the whole of a long input;
    an integer too long for Python to write out in decimal is shown as '…')."""
    try:
        text = str(text)
    except ValueError:  # int's digit limit (sys.get_int_max_str_digits)
        return "…"
    return text if len(text) <= limit else text[:limit - 1] + "…"


class LoveLetterError(ValueError):
    """Base class: any input the rules or the notation refuse."""

    rule: str = "invalid"

    def __init__(self, message: str, *, rule: str | None = None, **params) -> None:
        super().__init__(message)
        if rule is not None:
            self.rule = rule
        self.params = params

    @property
    def message(self) -> str:
        return self.args[0]


class IllegalActionError(LoveLetterError):
    """An action the rules forbid in this state; the state is unchanged."""

    rule = "illegal-action"


class InvalidPositionError(LoveLetterError):
    """A position that cannot arise under the rules (card counts, hand sizes, markers)."""

    rule = "invalid-position"


class InvalidOptionError(LoveLetterError):
    """An unknown edition, option or player count."""

    rule = "invalid-option"


class UnknownCardNameError(LoveLetterError):
    """A card name that no naming of the edition knows."""

    rule = "unknown-card-name"


class AmbiguousCardNameError(LoveLetterError):
    """A card name that means different cards in different namings (e.g. "Espía")."""

    rule = "ambiguous-card-name"
