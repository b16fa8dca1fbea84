"""The compiled exact search's chance: the deck's draw orders, every way to draw the top cards of a
state's deck with its number of ways (`draw_orders` of one exchangeable group, `deck_orders` of the
whole deck; `solver.rules.chance.draw_orders` is the reference, `tests/conformance/test_chance.py`)."""

from __future__ import annotations

from numba import njit
from solver.compiled.kernels import DECK, DECKN, SETASIDE
from solver.compiled.exact.packing import CONF, C_SAFREE, W64, W64_DECK, WDECKS


@njit(cache=True)
def draw_orders(cards, nc, j, tops, ways, rest1):
    """Every way to draw j (1 or 2) cards in order from the sorted multiset cards[:nc]: rows of
    `tops` (the drawn cards then the rest, sorted) with their ways; their number."""
    m = 0
    i = 0
    while i < nc:
        c1 = cards[i]
        m1 = 0
        while i + m1 < nc and cards[i + m1] == c1:
            m1 += 1
        # the rest without one c1
        r1 = 0
        skipped = False
        for x in range(nc):
            if not skipped and cards[x] == c1:
                skipped = True
                continue
            rest1[r1] = cards[x]
            r1 += 1
        if j == 1:
            tops[m, 0] = c1
            for x in range(r1):
                tops[m, 1 + x] = rest1[x]
            ways[m] = m1
            m += 1
        else:
            k = 0
            while k < r1:
                c2 = rest1[k]
                m2 = 0
                while k + m2 < r1 and rest1[k + m2] == c2:
                    m2 += 1
                tops[m, 0] = c1
                tops[m, 1] = c2
                r = 2
                skipped = False
                for x in range(r1):
                    if not skipped and rest1[x] == c2:
                        skipped = True
                        continue
                    tops[m, r] = rest1[x]
                    r += 1
                ways[m] = m1 * m2
                m += 1
                k += m2
        i += m1
    return m


@njit(cache=True)
def deck_orders(ctx, st, ng, pairs, k, decks, sas, ways):
    """`solver.advice.exact.packing.deck_orders`: every way to draw the top k cards of the state's deck (its groups: the free
    cards, with the set-aside card when it is exchangeable, then the tail's groups), as rows of
    `decks` (the whole deck, top first), `sas` (the set-aside card, or -2 to keep the state's) and
    `ways`; returns (their number, the denominator)."""
    sa_free = ctx[CONF][C_SAFREE]
    d = st[DECKN]
    w = ctx[W64]
    top = w[W64_DECK]
    for i in range(d):
        top[i] = st[DECK + d - 1 - i]
    tail = 0
    for g in range(ng):
        tail += 2 if (pairs >> g) & 1 else 1
    nfree = d - tail
    # the groups: (start in top, cards on the deck, has the set-aside card)
    n_groups = 1 + ng
    gstart = w[W64_DECK + 1]
    gsize = w[W64_DECK + 2]
    gstart[0] = 0
    gsize[0] = nfree
    pos = nfree
    for g in range(ng):
        s = 2 if (pairs >> g) & 1 else 1
        gstart[1 + g] = pos
        gsize[1 + g] = s
        pos += s
    has_sa = sa_free and st[SETASIDE] >= 0
    m = 1
    decks[0, :d] = top[:d]
    sas[0] = -2
    ways[0] = 1
    den = 1
    placed = 0  # deck cards already placed (the groups before)
    tops = ctx[WDECKS][2]
    tw = w[W64_DECK + 4]
    cards = w[W64_DECK + 3]
    rest1 = w[W64_DECK + 5]
    for g in range(n_groups):
        n = gsize[g]
        nc = n
        for x in range(n):
            cards[x] = top[gstart[g] + x]
        aside = g == 0 and has_sa
        if aside:
            cards[n] = st[SETASIDE]
            nc = n + 1
        j = k if k < n else n
        k -= j
        if j and nc > 1:
            no = draw_orders(cards, nc, j, tops, tw, rest1)
            f = 1
            for x in range(j):
                f *= nc - x
            den *= f
        else:
            no = 1
            for x in range(nc):
                tops[0, x] = cards[x]
            tw[0] = 1
        if no == 1:
            for r in range(m):
                for x in range(n):
                    decks[r, placed + x] = tops[0, x]
                if aside:
                    sas[r] = tops[0, nc - 1]
                ways[r] *= tw[0]
        else:
            new = m * no
            # expand in place from the end: row r * no + o
            for r in range(m - 1, -1, -1):
                for o in range(no - 1, -1, -1):
                    t = r * no + o
                    if t != r:
                        decks[t, :d] = decks[r, :d]
                    sas[t] = sas[r]
                    ways[t] = ways[r]
            for r in range(m):
                for o in range(no):
                    t = r * no + o
                    for x in range(n):
                        decks[t, placed + x] = tops[o, x]
                    if aside:
                        sas[t] = tops[o, nc - 1]
                    ways[t] *= tw[o]
            m = new
        placed += n
    return m, den
