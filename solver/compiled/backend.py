"""Which path of the core is in use: "compiled" (numba, `solver.compiled.kernels`) or "python" (the
reference engine, `solver.rules` and `solver.policies.rollout`). Chosen once per process:

* the compiled path when numba imports (it is a dependency, installed from wheels);
* `LOVELETTER_CORE=python` forces the reference path (the tests run both);
* `LOVELETTER_CORE=compiled` makes a missing numba an error instead of a fallback.

`forced(path)` runs a block of code on one path (to compare the two in one process).
"""

from __future__ import annotations

import os
from contextlib import contextmanager
from functools import lru_cache

from solver.rules.errors import InvalidOptionError

PATHS = ("compiled", "python")
_K = None  # the kernels module, once imported
_FORCED: list = []  # `forced`: the path chosen for a block of code


def _wanted() -> str:
    choice = os.environ.get("LOVELETTER_CORE", "").strip().lower()
    if choice not in ("",) + PATHS:
        raise InvalidOptionError(f"LOVELETTER_CORE must be 'compiled' or 'python', not {choice!r}",
                                 rule="invalid-option")
    return choice or "auto"


@lru_cache(maxsize=1)
def _resolve() -> str:
    wanted = _wanted()
    if wanted == "python":
        return "python"
    try:
        import numba  # noqa: F401
    except ImportError:
        if wanted == "compiled":
            raise
        return "python"
    return "compiled"


def backend() -> str:
    """The path in use: "compiled" (numba) or "python" (`LOVELETTER_CORE=python`, or no numba)."""
    return _FORCED[-1] if _FORCED else _resolve()


@contextmanager
def forced(path: str):
    """Run a block on one path ("compiled" or "python"), e.g. to compare the two in one process."""
    if path not in PATHS:
        raise InvalidOptionError(f"the path is 'compiled' or 'python', not {path!r}", rule="invalid-option")
    if path == "compiled" and _resolve() != "compiled":
        raise InvalidOptionError("the compiled path is not available here (numba or LOVELETTER_CORE)",
                                 rule="invalid-option")
    _FORCED.append(path)
    try:
        yield
    finally:
        _FORCED.pop()


def compiled_kernels():
    """The compiled kernels module (imports numba on first use: about half a second)."""
    global _K
    if _K is None:
        import importlib

        _K = importlib.import_module("solver.compiled.kernels")
    return _K
