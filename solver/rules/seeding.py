"""Seeded chance of a game: the shuffle of each round and the choice among tied round winners.

A game replays exactly from its seed, its seed scheme and its actions; no global random state
is touched. The material of round k's shuffle is the text `f"{seed}/round/{k}"`, of the
starter's choice `f"{seed}/starter/{k}"` (D14). Two schemes turn that text into chance:

* **scheme 2** (the default since 2026-12): the BLAKE2b digest of the text, read as one whole
  number x, drives a Fisher–Yates shuffle by mixed-radix digits: for i = n−1 … 1,
  `j = x mod (i + 1)`, `x = x div (i + 1)`, and cards i and j swap. The digest has at least
  64 bits more than n! needs (17 bytes for the 21-card deck), so every order gets the same
  chance up to a relative 2⁻⁶⁴. The digest costs about a tenth of seeding a Mersenne
  Twister, and the whole shuffle under half of scheme 1's, which matters because a deal is on
  every simulated round's path.
* **scheme 1** (games started before): `random.Random(text)` (Mersenne Twister seeded by the
  text) and `Random.shuffle` / `Random.choice`. Kept so that a game started under it, e.g.
  from an old seed someone noted, deals the same rounds: `new_game(..., seed_scheme=1)`.

A saved practice link holds its round's record, so it resumes at the same position under
either scheme; only rounds not yet dealt depend on the scheme.
"""

from __future__ import annotations

import math
import random
from functools import lru_cache
from hashlib import blake2b

from solver.rules.errors import InvalidOptionError, LoveLetterError

#: The scheme new games use.
SEED_SCHEME = 2
SEED_SCHEMES = (1, 2)

_from_bytes = int.from_bytes


def check_scheme(scheme, error: type[LoveLetterError] = InvalidOptionError) -> int:
    """The scheme if it is one of `SEED_SCHEMES`; else `error` with rule `seed-scheme`
    (an option by default; `game_position` refuses it as a position)."""
    if type(scheme) is not int or scheme not in SEED_SCHEMES:
        raise error(f"seed scheme {scheme!r:.20} is not one of {SEED_SCHEMES}", rule="seed-scheme")
    return scheme


def shuffle_round(cards: list, seed: object, round_no: int, scheme: int = SEED_SCHEME) -> None:
    """Shuffle `cards` in place for round `round_no` of the game seeded by `seed`."""
    if scheme == 2:
        size, swaps = _fisher_yates(len(cards))
        swaps(cards, _from_bytes(blake2b(f"{seed}/round/{round_no}".encode(), digest_size=size).digest(), "big"))
    else:
        check_scheme(scheme)
        mt_shuffle(cards, random.Random(f"{seed}/round/{round_no}"))


def choose_starter(winners, seed: object, round_no: int, scheme: int = SEED_SCHEME):
    """One of several tied round winners (sorted first), seeded by the game and the round."""
    ordered = sorted(winners)
    if scheme == 2:
        x = _from_bytes(blake2b(f"{seed}/starter/{round_no}".encode(), digest_size=32).digest(), "big")
        return ordered[x % len(ordered)]
    check_scheme(scheme)
    return random.Random(f"{seed}/starter/{round_no}").choice(ordered)


def mt_shuffle(cards: list, rng: random.Random) -> None:
    """`rng.shuffle(cards)`: the same permutation from the same generator state, without its
    per-card method calls."""
    getrandbits = rng.getrandbits
    for i, n, k in _mt_shuffle_steps(len(cards)):
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        cards[i], cards[j] = cards[j], cards[i]


def fisher_yates_digits(cards: list, x: int) -> None:
    """Scheme 2's shuffle by definition: for i = n−1 … 1, j = x mod (i + 1), x = x div (i + 1),
    swap cards i and j. `_fisher_yates` gives the same result faster; the tests compare them."""
    for i in range(len(cards) - 1, 0, -1):
        x, j = divmod(x, i + 1)
        cards[i], cards[j] = cards[j], cards[i]


@lru_cache(maxsize=64)
def _fisher_yates(size: int) -> tuple:
    """(digest bytes, swaps) for a deck of `size` cards: enough bytes that size! / 2^bits < 2^-64
    (at most BLAKE2b's 64), and `swaps(cards, x)`, which does what `fisher_yates_digits` does.

    `swaps` is that loop unrolled for this size, its constants written in: the radices are
    taken in groups whose product fits one machine digit (< 2**30), so the big number is divided
    once per group and each digit comes from a small remainder ((x mod ab) mod a = x mod a and
    (x mod ab) div a = (x div a) mod b). This halves the time of the swaps, which are on every
    simulated round's path."""
    bits = math.factorial(size).bit_length() + 64
    groups: list = []
    for i in range(size - 1, 0, -1):
        n = i + 1
        if not groups or groups[-1][0] * n >= 2 ** 30:
            groups.append([1, []])
        groups[-1][0] *= n
        groups[-1][1].append((i, n))
    lines = ["def swaps(cards, x):"]
    for product, steps in groups:
        lines += [f"    r = x % {product}", f"    x //= {product}"]
        for i, n in steps:
            lines += [f"    j = r % {n}", f"    r //= {n}", f"    cards[{i}], cards[j] = cards[j], cards[{i}]"]
    if size < 2:
        lines.append("    pass")
    namespace: dict = {}
    exec(compile("\n".join(lines), f"<fisher_yates {size}>", "exec"), namespace)
    return min(64, -(-bits // 8)), namespace["swaps"]


@lru_cache(maxsize=64)
def _mt_shuffle_steps(size: int) -> tuple:
    """(position, positions to choose from, bits per draw) of each step of `Random.shuffle`."""
    return tuple((i, i + 1, (i + 1).bit_length()) for i in range(size - 1, 0, -1))
