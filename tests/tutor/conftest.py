"""Fixtures of the real-browser tests (pytest.mark.e2e): one app server and one headless
chromium per test module. See browser_support.py."""

from __future__ import annotations

import os

import pytest

# The AppTest pages compute in the test's own process (deterministic, no pool to start); the
# real-browser tests' server runs the real worker pool (browser_support.streamlit_app).
os.environ["TUTOR_INLINE"] = "1"
# The tests compile the solver's kernels before they start (`make test`): the app's default, the
# reference engine until a background compilation is done, is for a server (tests/tutor/test_first_start_browser.py).
os.environ.setdefault("LOVELETTER_CORE", "")

from .browser_support import ARTIFACTS, chromium, require_browser, streamlit_app


@pytest.fixture(scope="module")
def server():
    """The tutor app's URL; skips (fails with E2E=1) without chromium or playwright."""
    require_browser()
    with streamlit_app() as url:
        yield url


@pytest.fixture(scope="module")
def browser(server):
    ARTIFACTS.mkdir(exist_ok=True)
    with chromium() as b:
        yield b
