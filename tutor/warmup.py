"""What the pages need, made ready in the background once the first page is out.

A fresh server imports pandas, sympy, networkx and the advisor the first time a page needs them
(seconds on a busy machine), and builds the lessons, the FAQ scenarios and the worked example
the first time they are shown. Each page now draws its heading before its own imports; this
module then does that work once per server, a moment after the first page was asked for, so
that the first visit to the analyzer or practice does not wait for it either. Nothing here is
needed for correctness: a page imports what it uses itself.
"""

from __future__ import annotations

import importlib
import threading

#: Imported in this order (the heaviest last: a page asked for meanwhile gets the lock first).
MODULES = ("tutor.text.curriculum", "tutor.widgets.formatters", "solver.teaching.scenario", "tutor.text.example",
           "tutor.text.rows", "tutor.text.decision",
           "solver.analysis.entry", "solver.analysis.explain", "solver.advice.practice", "solver.advice.decision",
           "networkx", "pandas", "sympy")
#: Seconds after the first page is asked for: its heading is drawn first.
DELAY = 2.0

_lock = threading.Lock()
_started = False


def start(delay: float = DELAY) -> bool:
    """Start the warm-up once per server (a daemon timer) and the compilation of the solver's kernels
    (`compile_core`); False when it was already started."""
    global _started
    with _lock:
        if _started:
            return False
        _started = True
    compile_core()
    timer = threading.Timer(delay, warm)
    timer.daemon = True
    timer.start()
    return True


def compile_core():
    """Under `LOVELETTER_CORE=when-ready`, when the solver's kernels are not compiled yet and nobody is
    compiling them: `python -m solver.compiled` in a process of its own (its output in the numba cache's
    folder, `compile.log`), so that the server answers at once on the reference engine meanwhile and
    takes the compiled path when it is done. The process, or None."""
    import os
    import subprocess
    import sys

    from solver.compiled import WHEN_READY, compiling_now, marker, ready

    if os.environ.get("LOVELETTER_CORE", "") != WHEN_READY or ready() or compiling_now() \
            or os.environ.get("TUTOR_NO_COMPILE") == "1":  # (a test of the reference path meanwhile)
        return None
    log = marker().parent / "compile.log"
    log.parent.mkdir(parents=True, exist_ok=True)
    with open(log, "w") as out:
        return subprocess.Popen([sys.executable, "-m", "solver.compiled"], stdout=out, stderr=subprocess.STDOUT,
                                stdin=subprocess.DEVNULL, start_new_session=True,
                                env={**os.environ, "LOVELETTER_CORE": ""})


def warm() -> None:
    """Import `MODULES` and build the cached content (lessons, scenarios, the worked example)."""
    for name in MODULES:
        try:
            importlib.import_module(name)
        except Exception:  # pragma: no cover - a page importing it says what is wrong
            return
    from tutor import workers

    workers.start()  # the worker processes of the advice, the solver imported in each
    from tutor.text.curriculum import load_lessons
    from tutor.text.example import example_steps
    from tutor.text.scenarios import scenarios
    from solver.words.i18n import LANGUAGES, catalog

    for lang in LANGUAGES:
        catalog(lang)
    load_lessons()
    scenarios()
    from tutor.text.faq_search import search

    search("prince")  # the FAQ search's index (bm25s, the stemmers)
    example_steps()
