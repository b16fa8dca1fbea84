"""Chance in one place: the ways to draw cards from a pile of exchangeable cards, and their counts.

A pile whose order nobody knows is a multiset; drawing from it, each distinct card comes with
probability (its copies) / (cards left). The exact search (`solver.advice.exact.packing.deck_orders`),
the root's worlds (`solver.advice.worlds`) and, through the tests, the compiled search's table of
draws (`solver.compiled.exact.draws`, checked against `draw_orders` in
`tests/conformance/test_chance.py`) read these functions. The tests' oracle keeps its own enumeration: an
oracle shares nothing with what it checks."""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from math import factorial
from typing import Iterator


@lru_cache(maxsize=50_000)
def draw_orders(free: tuple, k: int) -> tuple:
    """Every way to draw k cards in order from the multiset `free` (a sorted tuple): ((drawn, rest,
    ways), ...), each distinct `drawn` once, `rest` sorted; the probability of a way is
    ways / falling(len(free), k)."""
    if k == 0:
        return (((), free, 1),)
    out = []
    for i, c in enumerate(free):
        if i and free[i - 1] == c:
            continue
        m = free.count(c)
        for top, rest, ways in draw_orders(free[:i] + free[i + 1:], k - 1):
            out.append(((c,) + top, rest, m * ways))
    return tuple(out)


def falling(n: int, k: int) -> int:
    """n (n-1) ... (n-k+1): the ordered draws of k cards from n told apart."""
    out = 1
    for i in range(k):
        out *= n - i
    return out


def arrangements(counts: dict, k: int) -> Iterator[tuple]:
    """Every distinct sequence of length k drawn from the multiset `counts` ({card: copies}), in the
    cards' order (each equally likely only when weighted by `orderings` of what is left)."""
    if k == 0:
        yield ()
        return
    for c in sorted(counts):
        if counts[c] > 0:
            counts[c] -= 1
            for rest in arrangements(counts, k - 1):
                yield (c,) + rest
            counts[c] += 1


def orderings(cards) -> int:
    """How many distinct orders the multiset `cards` has: n! / (k1! k2! ...)."""
    cards = list(cards)
    out = factorial(len(cards))
    for k in Counter(cards).values():
        out //= factorial(k)
    return out
