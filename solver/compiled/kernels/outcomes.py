"""The compiled mirror of each card's outcomes (`solver.rules.outcomes`, the reference's one home; the
conformance suite checks the two): the Baron's comparison, a Guard's hit, a Prince's knock-out. The
kernels' rules, the card counter and the belief read these, so a change of an outcome rule is made here
and in the reference's home."""

from __future__ import annotations

from numba import njit

from solver.compiled.kernels.round_array import E_VALUE, PRINCESS

#: A Baron's outcomes for the player who plays it (the reference's WIN, TIE, LOSE).
B_LOSE, B_TIE, B_WIN = -1, 0, 1


@njit(cache=True)
def baron_outcome(ed, mine, theirs):
    """The Baron's comparison for the player holding `mine` against the target holding `theirs`:
    B_WIN (the target is out), B_TIE (nobody is out) or B_LOSE (the player is out)."""
    vm = ed[E_VALUE + mine]
    vt = ed[E_VALUE + theirs]
    if vm > vt:
        return B_WIN
    if vm < vt:
        return B_LOSE
    return B_TIE


@njit(cache=True)
def guard_hits(guess, theirs):
    """A Guard naming `guess` hits a target holding `theirs` (who is then out)."""
    return theirs == guess


@njit(cache=True)
def prince_knocks_out(discarded):
    """A Prince's target is out when the hand they discard is the Princess."""
    return discarded == PRINCESS
