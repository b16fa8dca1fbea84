"""The compiled memory's writes, step for step the reference's rule (`solver.rules.memory`: `played`,
`replaced`, `learned`, `traded`, `knocked_out`): the state row's KNOWN block holds, for each observer o
and holder h, the card o knows h holds (-1: nothing). The kernels' rules (`apply_play`) write the memory
only through these; the conformance suite checks them against the engine's `Round.known`."""

from __future__ import annotations

from numba import njit

from solver.compiled.kernels.round_array import KNOWN, MAXP


@njit(cache=True)
def forget_holder(st, h):
    """`played` and `replaced`: what anyone knew of h's hand is forgotten."""
    for o in range(MAXP):
        st[KNOWN + o * MAXP + h] = -1


@njit(cache=True)
def learned(st, o, h, card):
    """The observer o learned that h holds `card` (a Priest's look, a Baron's tie)."""
    st[KNOWN + o * MAXP + h] = card


@njit(cache=True)
def traded(st, p, t, p_knows, t_knows):
    """A King's trade between p and t: what others knew moves with the cards; each of the two knows the
    hand they gave (p_knows: what t now holds; t_knows: what p now holds)."""
    for o in range(MAXP):
        if o != p and o != t:
            x = st[KNOWN + o * MAXP + p]
            st[KNOWN + o * MAXP + p] = st[KNOWN + o * MAXP + t]
            st[KNOWN + o * MAXP + t] = x
    st[KNOWN + p * MAXP + t] = p_knows
    st[KNOWN + t * MAXP + p] = t_knows
    st[KNOWN + p * MAXP + p] = -1
    st[KNOWN + t * MAXP + t] = -1


@njit(cache=True)
def knocked_out(st, ko):
    """The player ko is out: nothing they knew or others knew of them is kept."""
    for o in range(MAXP):
        st[KNOWN + o * MAXP + ko] = -1
        st[KNOWN + ko * MAXP + o] = -1
