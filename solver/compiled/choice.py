"""Which path of the core is in use: "compiled" (numba, `solver.compiled.kernels`) or "reference" (the
reference engine, `solver.rules` and `solver.policies.rollout`). Chosen once per process:

* the compiled path when numba imports (it is a dependency, installed from wheels), the kernels
  compiled on their first call (minutes the first time, then loaded from numba's disk cache);
* `LOVELETTER_CORE=reference` forces the reference path (the tests run both; `python`, its name before,
  is read the same);
* `LOVELETTER_CORE=compiled` makes a missing numba an error instead of a fallback;
* `LOVELETTER_CORE=when-ready` (the app): the compiled path once `python -m solver.compiled` has
  compiled every kernel of these sources (`ready`, a marker it writes), the reference path until then,
  never a compilation on demand; `refresh()` looks again (a server's workers do at each job), so a
  server answers at once on a fresh machine and goes fast when the compilation is done. Both paths
  give the same figures.

`forced(path)` runs a block of code on one path (to compare the two in one process).
"""

from __future__ import annotations

import os
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path

from solver.rules.errors import InvalidOptionError

PATHS = ("compiled", "reference")
#: A path's name before one name per idea (issue 50): still read from LOVELETTER_CORE and `forced`.
_OLD_NAMES = {"python": "reference"}
WHEN_READY = "when-ready"
_K = None  # the kernels module, once imported
_FORCED: list = []  # `forced`: the path chosen for a block of code
_WAITING: list = []  # when-ready and not ready yet at the last look (`refresh`)


def _wanted() -> str:
    choice = os.environ.get("LOVELETTER_CORE", "").strip().lower()
    choice = _OLD_NAMES.get(choice, choice)
    if choice not in ("", WHEN_READY) + PATHS:
        raise InvalidOptionError(f"LOVELETTER_CORE must be 'compiled', 'reference' or 'when-ready', not {choice!r}",
                                 rule="invalid-option")
    return choice or "auto"


@lru_cache(maxsize=1)
def _numba() -> bool:
    try:
        import numba  # noqa: F401
    except ImportError:
        if _wanted() == "compiled":
            raise
        return False
    return True


@lru_cache(maxsize=1)
def _resolve() -> str:
    wanted = _wanted()
    if wanted == "reference" or not _numba():
        return "reference"
    if wanted == WHEN_READY and not ready():
        _WAITING.append(True)
        return "reference"
    return "compiled"


def path_in_use() -> str:
    """The path in use: "compiled" (numba) or "reference" (`LOVELETTER_CORE=reference`, or no numba, or
    `when-ready` before the kernels are compiled)."""
    return _FORCED[-1] if _FORCED else _resolve()


def refresh() -> str:
    """Under `LOVELETTER_CORE=when-ready`, look again whether the kernels are ready (one file check)
    and take the compiled path once they are; call it between computations, never inside one (a
    computation must not change paths halfway). The path in use."""
    if _WAITING and ready():
        _WAITING.clear()
        _resolve.cache_clear()
    return path_in_use()


def warming() -> bool:
    """The compiled path is wanted but its kernels are not compiled yet (`when-ready`): the reference
    engine answers meanwhile. (A process that has not chosen its path yet looks at the marker.)"""
    if _FORCED:
        return False
    if _resolve.cache_info().currsize:
        return bool(_WAITING) and not ready()
    return _wanted() == WHEN_READY and _numba() and not ready()


# --- readiness: a marker per version of the compiled sources ---------------------------------------
#: The sources whose machine code numba keeps (the compiled package) and those they read constants from.
_SOURCES = ("compiled", "rules/rng.py", "rules/cards.py", "policies/models.py")


def _source_key() -> str:
    import hashlib
    import sys

    root = Path(__file__).resolve().parent.parent
    digest = hashlib.sha256(f"{sys.version_info[:2]}".encode())
    try:
        import numba

        digest.update(numba.__version__.encode())
    except ImportError:
        pass
    for name in _SOURCES:
        path = root / name
        for f in sorted(path.rglob("*.py")) if path.is_dir() else [path]:
            digest.update(str(f.relative_to(root)).encode())
            digest.update(f.read_bytes())
    return digest.hexdigest()[:16]


def _marker_dir() -> Path:
    """Where numba keeps the machine code (`NUMBA_CACHE_DIR`, else beside the sources)."""
    cache = os.environ.get("NUMBA_CACHE_DIR")
    return Path(cache) if cache else Path(__file__).resolve().parent / "__pycache__"


@lru_cache(maxsize=1)
def marker() -> Path:
    """The file `python -m solver.compiled` writes once every kernel of these sources is compiled."""
    return _marker_dir() / f"solver-compiled-ready-{_source_key()}"


def ready() -> bool:
    return marker().exists()


def mark_ready() -> None:
    m = marker()
    m.parent.mkdir(parents=True, exist_ok=True)
    m.write_text("ready\n")


@contextmanager
def forced(path: str):
    """Run a block on one path ("compiled" or "reference"), e.g. to compare the two in one process."""
    path = _OLD_NAMES.get(path, path)
    if path not in PATHS:
        raise InvalidOptionError(f"the path is 'compiled' or 'reference', not {path!r}", rule="invalid-option")
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


def _busy() -> Path:
    return marker().with_name(marker().name.replace("-ready-", "-compiling-"))


def compiling_now() -> float | None:
    """Seconds since a live `python -m solver.compiled` began compiling these sources, or None."""
    import time

    busy = _busy()
    try:
        pid, started = busy.read_text().split()
        os.kill(int(pid), 0)  # (no signal: whether it is alive)
    except (OSError, ValueError):
        return None
    return max(0.0, time.time() - float(started))


@contextmanager
def compiling():
    """The compiled path for the warm-up itself, even under `when-ready` (it compiles the kernels), its
    work announced (`compiling_now`); the reference path where numba is missing or
    `LOVELETTER_CORE=reference`."""
    import time

    if _wanted() == "reference" or not _numba():
        yield
        return
    busy = _busy()
    busy.parent.mkdir(parents=True, exist_ok=True)
    busy.write_text(f"{os.getpid()} {time.time()}\n")
    _FORCED.append("compiled")
    try:
        yield
    finally:
        _FORCED.pop()
        busy.unlink(missing_ok=True)
