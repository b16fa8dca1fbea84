"""Fixtures of the real-browser tests (pytest.mark.e2e): one app server and one headless
chromium per test module. See browser_support.py."""

from __future__ import annotations

import pytest

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
