"""The compiled round: the rules, the random player, the card counter and play-outs on one
fixed-size integer array, compiled by numba (`@njit(cache=True)`: machine code kept on disk).

The second implementation of the round, beside the reference engine (`solver.rules`: `legal_actions`,
`apply`; the policies `solver.policies.heuristics`; their loops `solver.policies.rollout`), written for
numba: no Python object, no allocation in the loop. Only the seam's modules (`solver.compiled`) import
this one; its functions are the same rules, the same legal plays in the engine's order, the same
choices and the same draws of the project's generator (splitmix64, `solver.rules.rng`), so a round
played here from a state and a seed ends exactly as it does on the reference engine
(`tests/compiled/`). The constants it shares with the reference are read from there: the
generator's (`solver.rules.rng`), how each card chooses (`solver.rules.cards.CHOOSES`) and the card
counter's random share (`CardCounterModel.EPSILON`). numba keeps them in its machine code: after
changing one, clear the disk cache (`__pycache__/*.nbi`, `*.nbc`) or touch this file.

State (`np.int8[SIZE]`; offsets below): the player count, the player to move, the phase (0 play,
1 a Chancellor's choice, 2 over), the turn, players left, the drawn card of the player to move,
the deck (top card LAST), the set-aside card, the face-up cards, the Chancellor's
drawn cards, how the round ended, the Spy bonus, the winners (a bit per seat), the hands, who
is out or protected, each seat's discard pile in order, and the memory `known[observer][holder]`
(a card, or -1: `solver.rules.memory`'s rule). A card is its `Card` number, -1 for none.

Edition (`np.int64[E_SIZE]`): each card's value and copies, the Guard's guesses, the rules
settings (Spy, showdown tie rule, plays into the void, the Spy bonus blocked by knocked-out
players, the 2-player face-up cards) and the full deck, sorted.
"""

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
COUNTING = 1
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


# --- legal plays ----------------------------------------------------------------------------------
@njit(cache=True)
def open_targets(st, p, buf):
    n = st[N_]
    k = 0
    for i in range(n):
        if i != p and st[OUT + i] == 0 and st[PROT + i] == 0:
            buf[k] = i
            k += 1
    return k


@njit(cache=True)
def playable(a, b, buf):
    """The cards of the hand (a, b) that may be played, lowest first (the Countess rule)."""
    if (a == COUNTESS and (b == KING or b == PRINCE)) or (b == COUNTESS and (a == KING or a == PRINCE)):
        buf[0] = COUNTESS
        return 1
    if a == b:
        buf[0] = a
        return 1
    if a < b:
        buf[0] = a
        buf[1] = b
    else:
        buf[0] = b
        buf[1] = a
    return 2


@njit(cache=True)
def _put(acts, m, c, t, g):
    acts[m, 0] = c
    acts[m, 1] = t
    acts[m, 2] = g
    return m + 1


@njit(cache=True)
def legal_plays(st, ed, acts):
    """The legal plays of the player to move, in the engine's order (`round_rules.legal_plays`),
    as rows (card, target or -1, guess or -1); their number."""
    p = st[CUR]
    n = st[N_]
    tg = np.empty(MAXP, dtype=np.int64)
    k = open_targets(st, p, tg)
    cards = np.empty(2, dtype=np.int64)
    nc = playable(st[HAND + p], st[DRAWN], cards)
    void = ed[E_VOID]
    ng = ed[E_NGUESS]
    m = ZERO_
    for ci in range(nc):
        c = cards[ci]
        kind = KIND[c]
        if kind == 0:
            m = _put(acts, m, c, NEG, NEG)
        elif kind == 3:
            for i in range(n):
                if i == p or (st[OUT + i] == 0 and st[PROT + i] == 0):
                    m = _put(acts, m, c, i, NEG)
            if void and k:
                m = _put(acts, m, c, NEG, NEG)
        elif k == 0:
            m = _put(acts, m, c, NEG, NEG)
        else:
            if kind == 2:
                for j in range(k):
                    for gi in range(ng):
                        m = _put(acts, m, c, tg[j], ed[E_GUESS + gi])
            else:
                for j in range(k):
                    m = _put(acts, m, c, tg[j], NEG)
            if void:
                m = _put(acts, m, c, NEG, NEG)
    return m


@njit(cache=True)
def chancellor_choices(st, acts):
    """Every distinct (keep, bottom order) of the Chancellor's choice, sorted by (keep, bottom)
    (`round_rules.chancellor_choices`), as rows (keep, first returned, second or -1, how many
    returned: the last one ends at the very bottom); their number."""
    p = st[CUR]
    held = np.empty(3, dtype=np.int64)
    held[0] = st[HAND + p]
    h = 1 + st[NCH]
    for i in range(st[NCH]):
        held[1 + i] = st[CH + i]
    m = ZERO_
    for i in range(h):
        for s in range(h - 1 if h == 3 else 1):
            keep = held[i]
            if h == 3:
                if i == 0:
                    x, y = held[1], held[2]
                elif i == 1:
                    x, y = held[0], held[2]
                else:
                    x, y = held[0], held[1]
                if s == 1:
                    x, y = y, x
                nb = 2
            else:
                x = held[1 - i]
                y = -1
                nb = 1
            # insert (keep, x, y) in sorted position unless already there
            pos = m
            dup = False
            for j in range(m):
                a0 = acts[j, 0]
                a1 = acts[j, 1]
                a2 = acts[j, 2]
                if a0 == keep and a1 == x and a2 == y:
                    dup = True
                    break
                if (keep < a0) or (keep == a0 and (x < a1 or (x == a1 and y < a2))):
                    pos = j
                    break
            if dup:
                continue
            for j in range(m, pos, -1):
                acts[j, 0] = acts[j - 1, 0]
                acts[j, 1] = acts[j - 1, 1]
                acts[j, 2] = acts[j - 1, 2]
                acts[j, 3] = acts[j - 1, 3]
            acts[pos, 0] = keep
            acts[pos, 1] = x
            acts[pos, 2] = y
            acts[pos, 3] = nb
            m += 1
    return m


# --- apply --------------------------------------------------------------------------------------
@njit(cache=True)
def _discard(st, seat, c):
    j = st[DLEN + seat]
    st[DISC + seat * MAXD + j] = c
    st[DLEN + seat] = j + 1


@njit(cache=True)
def _forget_holder(st, h):
    for o in range(MAXP):
        st[KNOWN + o * MAXP + h] = -1


@njit(cache=True)
def _pop(st):
    d = st[DECKN] - 1
    st[DECKN] = d
    return np.int64(st[DECK + d])


@njit(cache=True)
def _has_spy(st, i):
    base = DISC + i * MAXD
    for j in range(st[DLEN + i]):
        if st[base + j] == SPY:
            return True
    return False


@njit(cache=True)
def _finish(st, ed, p, reason, winners):
    n = st[N_]
    st[CUR] = p
    st[DRAWN] = -1
    st[PHASE] = 2
    for i in range(n):
        st[PROT + i] = 0
    st[WIN] = winners
    st[REASON] = reason
    bonus = -1
    if ed[E_SPY]:
        alive = -1
        spies = 0
        for i in range(n):
            if _has_spy(st, i):
                spies += 1
                if st[OUT + i] == 0:
                    if alive != -1:
                        alive = -2
                        break
                    alive = i
        if alive == -2:
            bonus = -1
        elif alive != -1 and spies > 1 and ed[E_SPYBLOCK]:
            bonus = -1
        else:
            bonus = alive
    st[SPYB] = bonus


@njit(cache=True)
def _showdown(st, ed, p):
    n = st[N_]
    best = -100
    for i in range(n):
        if st[OUT + i] == 0:
            v = ed[E_VALUE + st[HAND + i]]
            if v > best:
                best = v
    mask = 0
    count = 0
    for i in range(n):
        if st[OUT + i] == 0 and ed[E_VALUE + st[HAND + i]] == best:
            mask |= 1 << i
            count += 1
    rule = ed[E_TIE]
    if count > 1 and rule != 0:
        top = -1
        totals = np.zeros(MAXP, dtype=np.int64)
        for i in range(n):
            if mask & (1 << i):
                s = 0
                base = DISC + i * MAXD
                for j in range(st[DLEN + i]):
                    s += ed[E_VALUE + st[base + j]]
                totals[i] = s
                if s > top:
                    top = s
        mask2 = 0
        count = 0
        for i in range(n):
            if mask & (1 << i) and totals[i] == top:
                mask2 |= 1 << i
                count += 1
        mask = mask2
        if count > 1 and rule == 2:
            mask = 0
    _finish(st, ed, p, TWO_, mask)


@njit(cache=True)
def end_turn(st, ed, p):
    """The end-of-turn checks (§8): one player left, else an empty deck, else the next turn."""
    n = st[N_]
    if st[ALIVE] == 1:
        w = 0
        for i in range(n):
            if st[OUT + i] == 0:
                w = i
                break
        _finish(st, ed, p, ONE_, np.int64(1) << w)
        return
    if st[DECKN] == 0:
        _showdown(st, ed, p)
        return
    q = p + 1
    if q == n:
        q = 0
    while st[OUT + q]:
        q += 1
        if q == n:
            q = 0
    st[PROT + q] = 0
    st[DRAWN] = _pop(st)
    st[TURN] += 1
    st[CUR] = q


@njit(cache=True)
def apply_play(st, ed, c, t, g):
    """Play card c (at target t or -1, naming g or -1) for the player to move; the play must be
    legal (it is not checked). The same steps as the reference `apply`, memory included."""
    p = np.int64(st[CUR])
    a = np.int64(st[HAND + p])
    b = np.int64(st[DRAWN])
    kept = b if c == a else a
    _discard(st, p, c)
    _forget_holder(st, p)
    ko = -1
    if t < 0:
        if c == PRINCESS:
            ko = p
        elif c == HANDMAID:
            st[PROT + p] = 1
        elif c == CHANCELLOR and st[DECKN] > 0:
            first = _pop(st)
            st[CH] = first
            if st[DECKN] > 0:
                st[CH + 1] = _pop(st)
                st[NCH] = 2
            else:
                st[NCH] = 1
            st[HAND + p] = kept
            st[DRAWN] = -1
            st[PHASE] = 1
            return
    elif c == GUARD:
        if st[HAND + t] == g:
            ko = t
    elif c == PRIEST:
        st[KNOWN + p * MAXP + t] = st[HAND + t]
    elif c == BARON:
        theirs = np.int64(st[HAND + t])
        vm = ed[E_VALUE + kept]
        vt = ed[E_VALUE + theirs]
        if vm > vt:
            ko = t
        elif vm < vt:
            ko = p
        else:
            st[KNOWN + p * MAXP + t] = theirs
            st[KNOWN + t * MAXP + p] = kept
    elif c == PRINCE:
        dropped = kept if t == p else np.int64(st[HAND + t])
        _discard(st, t, dropped)
        _forget_holder(st, t)
        if dropped == PRINCESS:
            ko = t
            if t == p:
                kept = -1
            else:
                st[HAND + t] = -1
        else:
            if st[DECKN] > 0:
                new = _pop(st)
            else:
                new = np.int64(st[SETASIDE])
                st[SETASIDE] = -1
            if t == p:
                kept = new
            else:
                st[HAND + t] = new
    elif c == KING:
        theirs = np.int64(st[HAND + t])
        st[HAND + t] = kept
        # What others remember moves with the cards; the two players' own entries are replaced.
        for o in range(MAXP):
            if o != p and o != t:
                x = st[KNOWN + o * MAXP + p]
                st[KNOWN + o * MAXP + p] = st[KNOWN + o * MAXP + t]
                st[KNOWN + o * MAXP + t] = x
        st[KNOWN + p * MAXP + t] = kept
        st[KNOWN + t * MAXP + p] = theirs
        st[KNOWN + p * MAXP + p] = -1
        st[KNOWN + t * MAXP + t] = -1
        kept = theirs
    st[HAND + p] = kept
    st[DRAWN] = -1
    if ko >= 0:
        h = st[HAND + ko]
        if h >= 0:
            _discard(st, ko, h)
        st[HAND + ko] = -1
        st[OUT + ko] = 1
        st[PROT + ko] = 0
        st[ALIVE] -= 1
        for o in range(MAXP):
            st[KNOWN + o * MAXP + ko] = -1
            st[KNOWN + ko * MAXP + o] = -1
    end_turn(st, ed, p)


@njit(cache=True)
def apply_chancellor(st, ed, keep, x, y, nb):
    """The Chancellor's second decision: keep `keep`, return x (then y when nb = 2: the last one
    at the very bottom) under the deck."""
    p = st[CUR]
    st[HAND + p] = keep
    d = st[DECKN]
    for i in range(d - 1, -1, -1):
        st[DECK + i + nb] = st[DECK + i]
    if nb == 2:
        st[DECK] = y
        st[DECK + 1] = x
    else:
        st[DECK] = x
    st[DECKN] = d + nb
    st[NCH] = 0
    st[PHASE] = 0
    end_turn(st, ed, p)


@njit(cache=True)
def apply_row(st, ed, acts, i):
    """Apply row i of an action buffer filled for this state's phase."""
    if st[PHASE] == 1:
        apply_chancellor(st, ed, acts[i, 0], acts[i, 1], acts[i, 2], acts[i, 3])
    else:
        apply_play(st, ed, acts[i, 0], acts[i, 1], acts[i, 2])


@njit(cache=True)
def legal_actions(st, ed, acts):
    """The legal actions of the player to move (plays, or the Chancellor's choices)."""
    if st[PHASE] == 1:
        return chancellor_choices(st, acts)
    if st[PHASE] == 2:
        return 0
    return legal_plays(st, ed, acts)


# --- the card counter ---------------------------------------------------------------------------
@njit(cache=True)
def counting_choices(st, ed, acts):
    """The counting heuristic's best plays for the player to move, in the engine's order
    (`solver.policies.heuristics.counting_choices`, the same rules), as rows of an
    action buffer; their number."""
    seat = np.int64(st[CUR])
    n = st[N_]
    if st[PHASE] == 1:
        held = np.empty(3, dtype=np.int64)
        held[0] = st[HAND + seat]
        h = 1 + st[NCH]
        for i in range(st[NCH]):
            held[1 + i] = st[CH + i]
        top = 0
        for i in range(h):
            if held[i] > held[top]:
                top = i
        keep = held[top]
        rest = np.empty(2, dtype=np.int64)
        r = 0
        for i in range(h):
            if i != top:
                rest[r] = held[i]
                r += 1
        acts[0, 0] = keep
        if r == 2:
            hi = rest[0] if rest[0] > rest[1] else rest[1]
            lo = rest[1] if rest[0] > rest[1] else rest[0]
            acts[0, 1] = hi
            acts[0, 2] = lo
            acts[0, 3] = 2
        else:
            acts[0, 1] = rest[0]
            acts[0, 2] = -1
            acts[0, 3] = 1
        return 1
    a = np.int64(st[HAND + seat])
    b = np.int64(st[DRAWN])
    void = ed[E_VOID]
    tg = np.empty(MAXP, dtype=np.int64)
    k = open_targets(st, seat, tg)
    cards = np.empty(2, dtype=np.int64)
    nc = playable(a, b, cards)
    if nc == 1:
        c = cards[0]
        kind = KIND[c]
        if kind == 0 or ((kind == 1 or kind == 2) and k == 0):
            return _put(acts, ZERO_, c, NEG, NEG)
        if kind == 3 and k == 0:
            return _put(acts, ZERO_, c, seat, NEG)
    # known[h]: the card `seat` remembers in h's hand, or -1
    known = np.empty(MAXP, dtype=np.int64)
    for h in range(MAXP):
        known[h] = st[KNOWN + seat * MAXP + h]
    unseen = np.empty(10, dtype=np.int64)
    for c in range(10):
        unseen[c] = ed[E_COMP + c]
    for i in range(n):
        base = DISC + i * MAXD
        for j in range(st[DLEN + i]):
            unseen[st[base + j]] -= 1
    for i in range(st[NUP]):
        unseen[st[UP + i]] -= 1
    unseen[a] -= 1
    unseen[b] -= 1
    for h in range(MAXP):
        c = known[h]
        if c >= 0 and unseen[c] > 0:
            unseen[c] -= 1
    total = 0
    for c in range(10):
        if unseen[c] < 0:
            unseen[c] = 0
        total += unseen[c]
    if total == 0:
        total = 1
    # options: the playable cards but the Princess (unless she is the only one)
    opts = np.empty(2, dtype=np.int64)
    no = 0
    for ci in range(nc):
        if cards[ci] != PRINCESS:
            opts[no] = cards[ci]
            no += 1
    if no == 0:
        for ci in range(nc):
            opts[ci] = cards[ci]
        no = nc
    has_guard = False
    has_prince = False
    has_baron = False
    for ci in range(no):
        if opts[ci] == GUARD:
            has_guard = True
        elif opts[ci] == PRINCE:
            has_prince = True
        elif opts[ci] == BARON:
            has_baron = True
    ng = ed[E_NGUESS]
    if has_guard and k:
        top = -1
        for gi in range(ng):
            u = unseen[ed[E_GUESS + gi]]
            if u > top:
                top = u
        best = -1
        m = ZERO_
        for j in range(k):
            t = tg[j]
            held = known[t]
            if held < 0:
                mt = top
            else:
                mt = 0
                for gi in range(ng):
                    if ed[E_GUESS + gi] == held:
                        mt = total
            if mt < best:
                continue
            if mt > best:
                best = mt
                m = ZERO_
            for gi in range(ng):
                g = ed[E_GUESS + gi]
                if held < 0:
                    hit = unseen[g]
                else:
                    hit = total if held == g else 0
                if hit == mt:
                    m = _put(acts, m, GUARD, t, g)
        return m
    if has_prince:
        m = ZERO_
        for j in range(k):
            if known[tg[j]] == PRINCESS:
                m = _put(acts, m, PRINCE, tg[j], NEG)
        if m:
            return m
    if has_baron:
        other = b if a == BARON else a
        mine = ed[E_VALUE + other]
        # plays: the targets (and -1 into the void when allowed), or -1 with no target
        pl = np.empty(MAXP + 1, dtype=np.int64)
        npl = 0
        if k:
            for j in range(k):
                pl[npl] = tg[j]
                npl += 1
            if void:
                pl[npl] = -1
                npl += 1
        else:
            pl[0] = -1
            npl = 1
        m = ZERO_
        for j in range(npl):
            t = pl[j]
            if t >= 0 and known[t] >= 0 and ed[E_VALUE + known[t]] < mine:
                m = _put(acts, m, BARON, t, NEG)
        if m:
            return m
        avg = 0
        for c in range(10):
            if unseen[c]:
                avg += ed[E_VALUE + c] * unseen[c]
        if mine * total > avg:
            for j in range(npl):
                t = pl[j]
                if t < 0 or known[t] < 0:
                    m = _put(acts, m, BARON, t, NEG)
            if m:
                return m
    # the lowest card but the Baron (unless the Baron is all there is): keep the higher one
    card = -1
    for ci in range(no):
        if opts[ci] != BARON:
            card = opts[ci]
            break
    if card < 0:
        card = opts[0]
    kind = KIND[card]
    if kind == 0:
        return _put(acts, ZERO_, card, NEG, NEG)
    m = ZERO_
    if kind == 3:
        # sorted(targets + [seat]) + ([None] if void and k), without the seat unless it is all
        away = 0
        for i in range(n):
            if i != seat and st[OUT + i] == 0 and st[PROT + i] == 0:
                m = _put(acts, m, card, i, NEG)
                away += 1
        if void and k:
            m = _put(acts, m, card, NEG, NEG)
        if m == 0:
            m = _put(acts, m, card, seat, NEG)
        return m
    pl = np.empty(MAXP + 1, dtype=np.int64)
    npl = 0
    if k:
        for j in range(k):
            pl[npl] = tg[j]
            npl += 1
        if void:
            pl[npl] = -1
            npl += 1
    else:
        pl[0] = -1
        npl = 1
    if card == PRIEST:
        for j in range(npl):
            t = pl[j]
            if t < 0 or known[t] < 0:
                m = _put(acts, m, card, t, NEG)
        if m:
            return m
    for j in range(npl):
        m = _put(acts, m, card, pl[j], NEG)
    return m


# --- play-outs ----------------------------------------------------------------------------------
@njit(cache=True)
def play_on(st, ed, rs, viewer, model, watch, acts):
    """Play the round on from `st` (changed in place) to its end: the viewer (a seat, or -1 for
    nobody) with the counting heuristic, the others by `model` (RANDOM, or COUNTING: the
    heuristic but with probability EPSILON a random play, decided per decision by one draw).
    With `watch` (a seat, or -1), stop as soon as that seat is out before its next turn has
    started and return True (`solver.policies.rollout`'s `watch`)."""
    seen_turn = False
    while st[PHASE] != 2:
        p = st[CUR]
        phase = st[PHASE]
        if watch >= 0:
            if p == watch and phase == 0:
                seen_turn = True
            if st[OUT + watch] and not seen_turn:
                return True
        counting = p == viewer
        if not counting and model == COUNTING:
            counting = below(rs, EXPLORE_Q) >= EXPLORE_P
        if counting:
            m = counting_choices(st, ed, acts)
        elif phase == 1:
            m = chancellor_choices(st, acts)
        else:
            m = legal_plays(st, ed, acts)
        i = below(rs, m)
        apply_row(st, ed, acts, i)
    return watch >= 0 and st[OUT + watch] == 1 and not seen_turn


@njit(cache=True)
def fast_playout(st, ed, rs, viewer, model, finish):
    """`solver.policies.rollout.playout` on the array (changed in place): returns (winners
    bits, Spy-bonus seat, viewer out before their next turn); stopped there unless `finish`
    (then winners 0 and no bonus when the round is not over)."""
    acts = np.empty((MAXACTS, 4), dtype=np.int64)
    stopped = play_on(st, ed, rs, viewer, model, viewer, acts)
    if stopped and st[PHASE] != 2:
        if not finish:
            return 0, -1, True
        play_on(st, ed, rs, viewer, model, -1, acts)
    return np.int64(st[WIN]), np.int64(st[SPYB]), stopped


@njit(cache=True)
def random_rounds(ed, n, count, seed):
    """`count` random rounds of n players (deal, then uniformly random legal play), the first
    player rotating: (rounds won by each seat, the generator's state after)."""
    rs = np.empty(1, dtype=np.uint64)
    rs[0] = seed
    st = np.empty(SIZE, dtype=np.int8)
    order = np.empty(MAXDECK, dtype=np.int64)
    acts = np.empty((MAXACTS, 4), dtype=np.int64)
    wins = np.zeros(MAXP, dtype=np.int64)
    for r in range(count):
        shuffle_deal(st, ed, n, r % n, rs, order)
        play_on(st, ed, rs, -1, RANDOM, -1, acts)
        w = st[WIN]
        for i in range(n):
            if w & (1 << i):
                wins[i] += 1
    return wins, rs[0]


@njit(cache=True)
def counting_rounds(ed, n, count, seed):
    """`count` rounds from a random deal: seat 0 counting, the others card counters (90%)."""
    rs = np.empty(1, dtype=np.uint64)
    rs[0] = seed
    st = np.empty(SIZE, dtype=np.int8)
    order = np.empty(MAXDECK, dtype=np.int64)
    acts = np.empty((MAXACTS, 4), dtype=np.int64)
    wins = np.zeros(MAXP, dtype=np.int64)
    for r in range(count):
        shuffle_deal(st, ed, n, r % n, rs, order)
        play_on(st, ed, rs, 0, COUNTING, -1, acts)
        w = st[WIN]
        for i in range(n):
            if w & (1 << i):
                wins[i] += 1
    return wins, rs[0]


@njit(cache=True)
def play_states(states, ed, seeds, viewer, model, watch):
    """Each row of `states` played on (in place) from its seed, as `play_on`: the stop flags."""
    acts = np.empty((MAXACTS, 4), dtype=np.int64)
    rs = np.empty(1, dtype=np.uint64)
    out = np.zeros(states.shape[0], dtype=np.bool_)
    for i in range(states.shape[0]):
        rs[0] = seeds[i]
        out[i] = play_on(states[i], ed, rs, viewer, model, watch, acts)
    return out


@njit(cache=True)
def deal_states(ed, n, firsts, seeds):
    """Rows of states dealt from each seed (`shuffle_deal`)."""
    m = len(seeds)
    states = np.empty((m, SIZE), dtype=np.int8)
    order = np.empty(MAXDECK, dtype=np.int64)
    rs = np.empty(1, dtype=np.uint64)
    for i in range(m):
        rs[0] = seeds[i]
        shuffle_deal(states[i], ed, n, firsts[i], rs, order)
    return states


@njit(cache=True)
def actions_of(st, ed, counting):
    """The legal actions (or the counting heuristic's best ones) of a state, as rows."""
    acts = np.empty((MAXACTS, 4), dtype=np.int64)
    m = counting_choices(st, ed, acts) if counting else legal_actions(st, ed, acts)
    return acts[:m].copy()


@njit(cache=True)
def step(st, ed, row):
    """Apply one action row (its phase's kind) to the state, in place."""
    acts = np.empty((1, 4), dtype=np.int64)
    for j in range(4):
        acts[0, j] = row[j]
    apply_row(st, ed, acts, 0)


@njit(cache=True)
def bootstrap_counts(seed, replicates, n):
    """How often each of n items is drawn in each of `replicates` resamples with replacement (n
    draws each, `below(n)` from one generator in order): an array [replicates, n]."""
    rs = np.empty(1, dtype=np.uint64)
    rs[0] = seed
    out = np.zeros((replicates, n), dtype=np.int64)
    for b in range(replicates):
        for _ in range(n):
            out[b, below(rs, n)] += 1
    return out
