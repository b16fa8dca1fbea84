"""The choice of path under `LOVELETTER_CORE=when-ready` (the app's): the reference engine until the
kernels of these sources are compiled (the marker `python -m solver.compiled` writes), never a
compilation on demand; `refresh()` takes the compiled path once they are. Run in fresh processes (the
choice is made once per process), on an empty numba cache: nothing is compiled here."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

SCRIPT = """
from solver.compiled import path_in_use, refresh, warming
from solver.compiled.choice import mark_ready, marker, ready
print(path_in_use(), warming(), ready())
mark_ready()  # as `python -m solver.compiled` does once every kernel is compiled
print(path_in_use(), refresh(), warming(), marker().exists())
"""


def run(tmp_path, core: str) -> list:
    env = {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path), "LOVELETTER_CORE": core}
    out = subprocess.run([sys.executable, "-c", SCRIPT], cwd=ROOT, env=env, capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 0, out.stderr
    return [line.split() for line in out.stdout.splitlines()]


def test_when_ready_answers_on_the_reference_engine_until_the_kernels_are_compiled(tmp_path):
    before, after = run(tmp_path, "when-ready")
    assert before == ["reference", "True", "False"]
    # the same computation keeps its path; the next one (after refresh) takes the compiled path
    assert after == ["reference", "compiled", "False", "True"]


def test_the_default_compiles_on_demand_and_python_stays_python(tmp_path):
    assert run(tmp_path / "a", "")[0] == ["compiled", "False", "False"]
    assert run(tmp_path / "b", "reference")[1][:3] == ["reference", "reference", "False"]
