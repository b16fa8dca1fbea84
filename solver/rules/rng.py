"""The project's own random generator: splitmix64, defined once here and once in compiled code
(`solver.compiled.kernels.next64`), so that the reference engine and the compiled path draw the
same numbers from the same seed and play the same rounds draw for draw.

The generator (Steele, Lea and Flood 2014; the seeding generator of xoshiro):

    state = (state + 0x9E3779B97F4A7C15) mod 2**64
    z = state
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9 mod 2**64
    z = (z ^ (z >> 27)) * 0x94D049BB133111EB mod 2**64
    word = z ^ (z >> 31)

Every draw the project makes is built from these 64-bit words, the same way in both paths:

* `below(n)` — uniform in 0..n-1, exactly: the word's low bits under the smallest mask that
  covers n - 1, drawn again while the result is n or more (no draw at all for n = 1);
* `chance(p, q)` — True with probability p/q exactly (`below(q) < p`);
* `choice(seq)` — `seq[below(len(seq))]`; `shuffle(x)` — Fisher–Yates from the last position
  down, `j = below(i + 1)`;
* `random()` — the word's top 53 bits over 2**53 (a float in [0, 1));
* `getrandbits(k)` for k ≤ 64 — the word's top k bits (more than 64: words joined, first word
  highest); `randrange(n)` — `below(n)` for any n, big ones from several words.

It offers the part of `random.Random`'s interface the solver uses, so a caller that took a
`random.Random` takes a `SplitMix64`. Seeds are integers (taken mod 2**64) or text (its BLAKE2b
digest's first 8 bytes, little-endian: `from_text`).
"""

from __future__ import annotations

import hashlib

MASK64 = (1 << 64) - 1
GAMMA = 0x9E3779B97F4A7C15
MIX1 = 0xBF58476D1CE4E5B9
MIX2 = 0x94D049BB133111EB
#: The rejection mask of `below(n)` for small n: (1 << (n - 1).bit_length()) - 1.
_MASKS = tuple((1 << (n - 1).bit_length()) - 1 if n > 0 else 0 for n in range(1025))
_FLOAT = 1.0 / (1 << 53)


def seed_from_text(text: str) -> int:
    """A 64-bit seed from a text (BLAKE2b, the first 8 bytes little-endian)."""
    return int.from_bytes(hashlib.blake2b(text.encode("utf-8"), digest_size=8).digest(), "little")


class SplitMix64:
    """The project's generator (module docstring). Its whole state is one 64-bit integer."""

    __slots__ = ("state",)

    def __init__(self, seed: int | str = 0) -> None:
        if isinstance(seed, str):
            seed = seed_from_text(seed)
        elif not isinstance(seed, int) or isinstance(seed, bool):
            raise TypeError(f"a seed is an integer or a text, not {type(seed).__name__}")
        self.state = seed & MASK64

    @classmethod
    def from_text(cls, text: str) -> "SplitMix64":
        return cls(seed_from_text(text))

    def __repr__(self) -> str:
        return f"SplitMix64(state={self.state:#018x})"

    def next64(self) -> int:
        """The next 64-bit word."""
        s = (self.state + GAMMA) & MASK64
        self.state = s
        z = ((s ^ (s >> 30)) * MIX1) & MASK64
        z = ((z ^ (z >> 27)) * MIX2) & MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Uniform in 0..n-1 (n ≥ 1), exactly; no draw for n = 1."""
        if n <= 1:
            if n == 1:
                return 0
            raise ValueError("below(n) needs n >= 1")
        if n > MASK64:
            return self._big_below(n)
        mask = _MASKS[n] if n <= 1024 else (1 << (n - 1).bit_length()) - 1
        while True:
            s = (self.state + GAMMA) & MASK64
            self.state = s
            z = ((s ^ (s >> 30)) * MIX1) & MASK64
            z = ((z ^ (z >> 27)) * MIX2) & MASK64
            x = (z ^ (z >> 31)) & mask
            if x < n:
                return x

    def _big_below(self, n: int) -> int:
        k = (n - 1).bit_length()
        while True:
            x = self.getrandbits(k)
            if x < n:
                return x

    def chance(self, p: int, q: int) -> bool:
        """True with probability p/q exactly."""
        return self.below(q) < p

    def random(self) -> float:
        return (self.next64() >> 11) * _FLOAT

    def getrandbits(self, k: int) -> int:
        if k <= 0:
            return 0
        if k <= 64:
            return self.next64() >> (64 - k)
        words = -(-k // 64)
        x = 0
        for _ in range(words):
            x = (x << 64) | self.next64()
        return x >> (64 * words - k)

    def randrange(self, start: int, stop: int | None = None) -> int:
        if stop is None:
            start, stop = 0, start
        if stop <= start:
            raise ValueError("empty range for randrange")
        return start + self.below(stop - start)

    def choice(self, seq):
        if not seq:
            raise IndexError("cannot choose from an empty sequence")
        return seq[self.below(len(seq))]

    def shuffle(self, x: list) -> None:
        below = self.below
        for i in range(len(x) - 1, 0, -1):
            j = below(i + 1)
            x[i], x[j] = x[j], x[i]

    def choices(self, population, k: int) -> list:
        """k draws with replacement (uniform weights only)."""
        n = len(population)
        below = self.below
        return [population[below(n)] for _ in range(k)]


def make_rng(seed) -> SplitMix64:
    """A `SplitMix64` from an integer or text seed (a generator is returned as it is)."""
    return seed if isinstance(seed, SplitMix64) else SplitMix64(seed)


def deal_seed(seed: int, i: int) -> int:
    """The generator's seed of deal i of an estimate seeded `seed` (deal i is drawn with
    `SplitMix64(deal_seed(seed, i))`, on either path: the same seed gives the same deals)."""
    return (SplitMix64(seed).next64() + (i + 1) * 0xD1B54A32D192ED03) & MASK64
