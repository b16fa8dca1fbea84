"""How the compiled exact search says it cannot answer (the advice layer catches these classes and
raises its own errors, or searches again)."""

from __future__ import annotations

from solver.rules.errors import LoveLetterError


class CompiledTooLarge(LoveLetterError):
    """The compiled exact search went past its work budget (the caller raises its own `TooLargeError`)."""

    rule = "too-large"


class CompiledOverflow(ArithmeticError):
    """The compiled exact search cannot take this position exactly (a number past 128 bits, or root
    worlds with different face-up cards): the caller's own search does."""


class CompiledOutOfTime(Exception):
    """The compiled exact search passed its wall-clock safety cap (between two of its calls)."""


class CompiledNeedMore(Exception):
    """The compiled search's tables were full: search again with larger ones (`size`: the last size)."""

    def __init__(self, size: int):
        super().__init__(f"the exact search's tables were full at size {size}")
        self.size = size
