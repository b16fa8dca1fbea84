"""The app's in-process tests (Streamlit's AppTest): the pages compute in the test's own process.
The real-browser tests are in tests/browser/."""

from __future__ import annotations

import os

# The AppTest pages compute in the test's own process (deterministic, no pool to start); the
# real-browser tests' server runs the real worker pool (tests/browser/browser_support.streamlit_app).
os.environ["TUTOR_INLINE"] = "1"
# The tests compile the solver's kernels before they start (`make test`): the app's default, the
# reference engine until a background compilation is done, is for a server (tests/browser/test_first_start_browser.py).
os.environ.setdefault("LOVELETTER_CORE", "")
