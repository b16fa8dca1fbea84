"""What an exact search offers the exact answer (`solver.advice.exact`): the typed protocol the
reference search (`solver.advice.exact.ExactSolver`) and the compiled one
(`solver.compiled.exact.CompiledSolver`) both implement, with the same figures and the same work."""

from __future__ import annotations

from fractions import Fraction
from typing import Protocol, runtime_checkable


@runtime_checkable
class ExactSearch(Protocol):
    """An exact information-state search over root worlds ((round, tail, type), probability) pairs.

    `work`: the transitions stepped through (the budget counts these); `nodes`: the information states
    valued; `pairs`: the (state, action) transitions remembered; `type_work`: the work of the last
    per-type values (`solver.advice.exact`)."""

    work: int
    nodes: int
    type_work: int

    @property
    def pairs(self) -> int: ...

    def to_int(self, worlds) -> tuple[list, int]:
        """The worlds as (state number, integer weight) pairs over one denominator: (pairs, denominator)."""

    def masses(self, pairs, action) -> tuple[int, int, int]:
        """The viewer's (win mass, token mass, denominator) over `pairs` after `action`, playing on at
        best from what they will know."""

    def value(self, worlds) -> tuple[Fraction, Fraction]:
        """The viewer's (P(win), expected tokens) at best over `worlds`."""

    def outcomes_many(self, pairs) -> list:
        """For each (state number, action): ([(next state, ways, an opponent knocked out)], denominator)."""

    def opponent_many(self, sids) -> list:
        """For each state number: the opponent's actions, ([(action code, integer weight)], denominator)."""

    def flags_many(self, sids) -> list:
        """For each state number: (the viewer is out, the round is over, the player to move)."""

    def release(self) -> None:
        """Let go of the search's tables."""
