"""The real-browser tests: every test in this folder is marked `e2e` (`make test-quick` leaves them
out: `-m "not e2e"`). One app server and one headless chromium per test process (each pytest-xdist
worker): the fixtures are session-scoped, and each test opens its own browser context (a new
visitor). A test that needs a server started otherwise (another environment) starts its own
(test_first_start_browser.py). See browser_support.py."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

# The tests compile the solver's kernels before they start (`make test`); the server and the
# expectations computed in the test's process use them (the app's default, the reference engine
# until a background compilation is done, is for a fresh server: test_first_start_browser.py).
os.environ.setdefault("LOVELETTER_CORE", "")

from .browser_support import ARTIFACTS, chromium, log_tail, require_browser, streamlit_app

HERE = Path(__file__).resolve().parent


@pytest.hookimpl(tryfirst=True)  # before `-m` deselects
def pytest_collection_modifyitems(items):
    for item in items:
        if HERE in Path(str(item.path)).resolve().parents:
            item.add_marker(pytest.mark.e2e)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """A failed browser test's report ends with what its server printed last (a traceback in the
    app, a worker that died). (A conftest's test-run hooks see only the tests of its folder.)"""
    outcome = yield
    report = outcome.get_result()
    if report.failed:
        tail = log_tail()
        if tail:
            report.sections.append(("the app server's last lines", tail))


@pytest.fixture(scope="session")
def server():
    """The tutor app's URL, one server for the whole run of this process; skips (fails with E2E=1)
    without chromium or playwright."""
    require_browser()
    with streamlit_app() as url:
        yield url


@pytest.fixture(scope="session")
def browser():
    """Headless chromium, one for the whole run of this process."""
    require_browser()
    ARTIFACTS.mkdir(exist_ok=True)
    with chromium() as b:
        yield b
