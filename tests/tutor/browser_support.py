"""What the real-browser tests share: Debian chromium driven by Playwright (never a browser
download), the E2E=1 rule (a missing chromium or playwright fails the run instead of skipping
it), and waiting for a Streamlit page to settle. The `server` and `browser` fixtures built on
it are in conftest.py."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from contextlib import contextmanager
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
ARTIFACTS = ROOT / "tests" / "artifacts"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run", "--disable-quic"]


def require_browser() -> None:
    """Skip without chromium or playwright; with E2E=1, fail instead."""
    if not os.path.exists(CHROMIUM):
        if os.environ.get("E2E") == "1":
            pytest.fail("E2E=1 but Debian chromium is not installed")
        pytest.skip("Debian chromium not installed (apt-get install chromium)")
    try:
        from playwright.sync_api import sync_playwright  # noqa: F401
    except ImportError:
        if os.environ.get("E2E") == "1":
            pytest.fail("E2E=1 but playwright is not installed")
        pytest.skip("playwright not installed")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextmanager
def streamlit_app(start_seconds: float = 60):
    """`streamlit run tutor/app.py` on a free local port, once `/_stcore/health` answers: its URL."""
    port = _free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "streamlit", "run", "tutor/app.py", "--server.address", "127.0.0.1",
         "--server.port", str(port), "--server.headless", "true"],
        cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        env={k: v for k, v in os.environ.items() if k != "TUTOR_INLINE"},  # the real worker pool
    )
    try:
        deadline = time.time() + start_seconds
        while time.time() < deadline:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/_stcore/health", timeout=2) as r:
                    if r.status == 200:
                        break
            except OSError:
                time.sleep(0.3)
        else:
            pytest.fail("the app did not start")
        yield f"http://127.0.0.1:{port}"
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()


@contextmanager
def chromium():
    """Headless Debian chromium, closed on exit."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        try:
            yield b
        finally:
            b.close()


def settled(page, pause_ms: int = 0, timeout_ms: int = 30000) -> None:
    """Connected, then (after `pause_ms`, for a rerun to begin) the script no longer running."""
    page.wait_for_selector("[data-testid='stApp'][data-test-connection-state='CONNECTED']", timeout=30000)
    if pause_ms:
        page.wait_for_timeout(pause_ms)
    page.wait_for_selector("[data-test-script-state='notRunning']", timeout=timeout_ms)
