"""Chance in one place: the compiled search's table of draws (`solver.compiled.exact.draws.draw_orders`)
gives the ways of `solver.rules.chance.draw_orders`, the one function that says how cards are drawn from a
pile of exchangeable cards, for every pile of up to 9 cards and draws of one and two cards; and that
function against brute force over the pile's orders (an independent count)."""

from __future__ import annotations

from collections import Counter
from itertools import combinations_with_replacement, permutations
from math import factorial

import numpy as np
import pytest

from solver.compiled import path_in_use
from solver.rules.cards import Card
from solver.rules.chance import arrangements, draw_orders, falling, orderings

#: A sample of the piles the editions allow, as cards (`draw_orders` is cached: a pile of plain integers
#: would be the same key as the cards' pile and hand integers back to the search).
PILES = [tuple(Card(c) for c in p) for n in range(1, 10) for p in combinations_with_replacement(range(10), n)
         if max(Counter(p).values()) <= 5][::7]


@pytest.mark.parametrize("k", [1, 2])
def test_the_compiled_draws_are_the_one_functions_draws(k):
    if path_in_use() != "compiled":
        pytest.skip("the compiled path is not in use")
    from solver.compiled.exact.draws import draw_orders as compiled_orders

    checked = 0
    for pile in PILES:
        if len(pile) < k:
            continue
        cards = np.array([int(c) for c in pile], dtype=np.int64)
        tops = np.zeros((100, len(pile)), dtype=np.int64)  # up to 9 x 8 distinct draws
        ways = np.zeros(100, dtype=np.int64)
        rest = np.zeros(len(pile), dtype=np.int64)  # the kernel's working row
        m = compiled_orders(cards, np.int64(len(pile)), np.int64(k), tops, ways, rest)
        got = {(tuple(int(c) for c in tops[i, :k]), tuple(int(c) for c in tops[i, k:len(pile)])): int(ways[i])
               for i in range(m)}
        want = {(top, rest): w for top, rest, w in draw_orders(pile, k)}
        assert got == want, pile
        checked += 1
    assert checked > 100


@pytest.mark.parametrize("pile", [(1, 1, 2, 3), (5, 5, 5), (0, 2, 2, 4, 4, 9), (3,)])
def test_draw_orders_counts_every_order_of_the_pile(pile):
    pile = tuple(Card(c) for c in pile)
    """Brute force: every order of the pile's cards told apart, its first k cards."""
    for k in range(len(pile) + 1):
        seen: Counter = Counter()
        for order in permutations(pile):
            seen[(order[:k], tuple(sorted(order[k:])))] += 1
        got = {(top, rest): ways for top, rest, ways in draw_orders(pile, k)}
        # `ways`: the ordered picks of told-apart cards that draw `top`; the rest can then lie in any order
        assert seen == {key: w * factorial(len(pile) - k) for key, w in got.items()}
        assert sum(got.values()) == falling(len(pile), k)


def test_arrangements_and_orderings_agree():
    counts = {1: 2, 3: 1, 5: 2}
    seqs = list(arrangements(dict(counts), 5))
    assert len(seqs) == len(set(seqs)) == orderings([1, 1, 3, 5, 5])
    assert all(Counter(s) == Counter(counts) for s in seqs)
