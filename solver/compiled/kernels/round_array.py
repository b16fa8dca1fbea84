"""The compiled round's arrays: the state's and the edition's offsets (`SIZE`, `E_SIZE`), the cards'
numbers, the constants read from the reference (how each card chooses, the card counter's random share),
the project's generator (splitmix64, `solver.rules.rng`: the same words) and the deal."""

from __future__ import annotations

import numpy as np
from numba import njit
from solver.policies.models import CardCounterModel
from solver.rules.cards import CHOOSES
from solver.rules.rng import GAMMA, MIX1, MIX2



# --- layout -------------------------------------------------------------------------------------
MAXP = 6
MAXDECK = 24
MAXD = 20  # discards per seat (a round has at most 21 cards)
N_ = 0
CUR = 1
PHASE = 2
TURN = 3
ALIVE = 4
DRAWN = 5
DECKN = 6
SETASIDE = 7
NUP = 8
UP = 9  # 3
NCH = 12
CH = 13  # 2
REASON = 15  # 0 not over, 1 last standing, 2 showdown
SPYB = 16
WIN = 17
HAND = 18  # 6
OUT = 24  # 6
PROT = 30  # 6
DECK = 36  # MAXDECK
DLEN = DECK + MAXDECK  # 6
DISC = DLEN + MAXP  # MAXP * MAXD
KNOWN = DISC + MAXP * MAXD  # MAXP * MAXP
SIZE = KNOWN + MAXP * MAXP

E_VALUE = 0
E_COMP = 10
E_GUESS = 20  # up to 9
E_NGUESS = 29
E_SPY = 30
E_TIE = 31  # 0 all tied win, 1 discard total then all, 2 discard total then none
E_VOID = 32
E_SPYBLOCK = 33
E_FACEUP2 = 34
E_DECKN = 35
E_DECK = 36  # up to 24
E_SIZE = 64

SPY, GUARD, PRIEST, BARON, HANDMAID, PRINCE, CHANCELLOR, KING, COUNTESS, PRINCESS = range(10)
#: How each card chooses: 0 nobody, 1 another player, 2 another player and a guess (Guard),
#: 3 any player in the round, themselves included (Prince).
KIND = np.array(CHOOSES, dtype=np.int64)
#: Rows of an action buffer: (card, target, guess) plays or (keep, first, second, how many) returns.
MAXACTS = 64

#: Typed constants for call arguments (a Python literal argument makes numba compile another version).
NEG = np.int64(-1)
ZERO_ = np.int64(0)
ONE_ = np.int64(1)
TWO_ = np.int64(2)

# Models of the opponents in a play-out.
RANDOM = 0
CARD_COUNTER = 1
#: The card counter's random play: `below(EXPLORE_Q) < EXPLORE_P` (`CardCounterModel.EPSILON`).
EXPLORE_P = CardCounterModel.EPSILON.numerator
EXPLORE_Q = CardCounterModel.EPSILON.denominator

_GAMMA = np.uint64(GAMMA)
_MIX1 = np.uint64(MIX1)
_MIX2 = np.uint64(MIX2)
_S30 = np.uint64(30)
_S27 = np.uint64(27)
_S31 = np.uint64(31)
_ONE = np.uint64(1)


# --- the generator (solver.rules.rng, the same words) -------------------------------------------
@njit(cache=True, inline="always")
def next64(rs):
    s = rs[0] + _GAMMA
    rs[0] = s
    z = (s ^ (s >> _S30)) * _MIX1
    z = (z ^ (z >> _S27)) * _MIX2
    return z ^ (z >> _S31)


@njit(cache=True)
def below(rs, n):
    """Uniform in 0..n-1 (`SplitMix64.below`): the low bits under the smallest covering mask,
    drawn again while too large; no draw for n = 1."""
    if n <= 1:
        return 0
    k = 0
    v = n - 1
    while v:
        v >>= 1
        k += 1
    mask = (_ONE << np.uint64(k)) - _ONE
    un = np.uint64(n)
    while True:
        x = next64(rs) & mask
        if x < un:
            return np.int64(x)


@njit(cache=True)
def words(seed, count):
    """The first `count` words from `seed` (for the test that both paths draw alike)."""
    rs = np.empty(1, dtype=np.uint64)
    rs[0] = seed
    out = np.empty(count, dtype=np.uint64)
    for i in range(count):
        out[i] = next64(rs)
    return out


@njit(cache=True)
def belows(seed, ns):
    rs = np.empty(1, dtype=np.uint64)
    rs[0] = seed
    out = np.empty(len(ns), dtype=np.int64)
    for i in range(len(ns)):
        out[i] = below(rs, ns[i])
    return out


# --- dealing ------------------------------------------------------------------------------------
@njit(cache=True)
def deal_order(st, ed, n, first, order):
    """`st` := the round dealt from the deck order `order` (top first), as `deal_from_order`."""
    st[:] = -1
    st[N_] = n
    for i in range(MAXP):
        st[OUT + i] = 0
        st[PROT + i] = 0
        st[DLEN + i] = 0
    m = ed[E_DECKN]
    k = 3 if (n == 2 and ed[E_FACEUP2]) else 0
    st[SETASIDE] = order[0]
    st[NUP] = k
    for i in range(k):
        st[UP + i] = order[1 + i]
    pos = 1 + k
    for j in range(n):
        st[HAND + (first + j) % n] = order[pos]
        pos += 1
    st[DRAWN] = order[pos]
    d = 0
    for i in range(m - 1, pos, -1):  # the top card at the end
        st[DECK + d] = order[i]
        d += 1
    st[DECKN] = d
    st[NCH] = 0
    st[ALIVE] = n
    st[CUR] = first
    st[PHASE] = 0
    st[TURN] = 1
    st[REASON] = 0
    st[SPYB] = -1
    st[WIN] = 0


@njit(cache=True)
def shuffle_deal(st, ed, n, first, rs, order):
    """A uniformly random deal: the sorted deck shuffled as `SplitMix64.shuffle` does."""
    m = ed[E_DECKN]
    for i in range(m):
        order[i] = ed[E_DECK + i]
    for i in range(m - 1, 0, -1):
        j = below(rs, i + 1)
        t = order[i]
        order[i] = order[j]
        order[j] = t
    deal_order(st, ed, n, first, order)
