"""The compiled exact search's 128-bit integers (`solver.compiled.u128`) against Python's integers."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.compiled import path_in_use

pytestmark = pytest.mark.skipif(path_in_use() != "compiled", reason="the compiled path is not in use")

M64 = (1 << 64) - 1
M128 = (1 << 128) - 1


def split(x: int) -> np.ndarray:
    return np.array([x >> 64, x & M64], dtype=np.uint64)


def join(h, l) -> int:
    return (int(h) << 64) | int(l)


numbers = st.one_of(st.integers(0, 2**64 - 1), st.integers(0, 2**128 - 1), st.integers(0, 2**70),
                    st.integers(1, 1000), st.sampled_from([0, 1, 2**64, 2**64 - 1, 2**127, 2**128 - 1]))


@settings(max_examples=3000, deadline=None)
@given(numbers, numbers, numbers, numbers)
def test_128_bit_operations_equal_pythons_integers(a, b, c, d):
    from math import gcd

    from solver.compiled.u128 import check_ops

    out = check_ops(split(a), split(b), split(c), split(d))
    s = a + b
    assert bool(out[2]) == (s <= M128) and (s > M128 or join(out[0], out[1]) == s)
    p = a * b
    assert bool(out[5]) == (p <= M128) and (p > M128 or join(out[3], out[4]) == p)
    if b:
        assert join(out[6], out[7]) == a // b and join(out[8], out[9]) == a % b
    assert join(out[10], out[11]) == gcd(a, b)
    x, y = a * b, c * d
    assert int(out[12]) - 1 == (x > y) - (x < y)
