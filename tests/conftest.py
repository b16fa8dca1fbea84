"""What every test process shares: the garbage collector told to leave alone what is already there.

A test process holds a large heap that only grows (the imports of every test module: Streamlit, pandas,
sympy, numba's kernels; then each module's caches), and a test that makes many short-lived objects (the
guided entry's beliefs, copied for every field) triggers full collections that walk all of it: the same
test took 2.4 s alone and 16.7 s late in `make test-quick`. So after the collection, and after each test
module, the garbage of that module is collected and what remains is frozen (`gc.freeze`: left out of
later collections; objects still freed by their reference counts). Measured: `make test-quick`'s tests
237 s -> 166 s on 2 cores (loads 1.3-2.3 and 0.9-2.0). Nothing a test asserts depends on it."""

from __future__ import annotations

import gc

import pytest


def _collect_and_freeze() -> None:
    gc.collect()
    gc.freeze()


def pytest_collection_finish(session):
    _collect_and_freeze()


@pytest.hookimpl(trylast=True)
def pytest_runtest_teardown(item, nextitem):
    if nextitem is None or nextitem.module is not item.module:  # the end of a test module
        _collect_and_freeze()
