"""What the real-browser tests share: Debian chromium driven by Playwright (never a browser
download), the E2E=1 rule (a missing chromium or playwright fails the run instead of skipping
it), and waiting for a Streamlit page to settle. The `server` and `browser` fixtures built on
it are in conftest.py."""

from __future__ import annotations

import os
import re
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


#: The log files of the servers of this process still running (the last one is a test's own server
#: while it runs, else the `server` fixture's).
SERVER_LOGS: list = []


def log_tail(lines: int = 60) -> str:
    """The last `lines` lines the newest running server of this process printed ("" without one)."""
    if not SERVER_LOGS or not SERVER_LOGS[-1].exists():
        return ""
    return "\n".join(SERVER_LOGS[-1].read_text(errors="replace").splitlines()[-lines:])


def page_said(page, chars: int = 3000) -> str:
    """What the page shows (its text, the last `chars` characters), for a failure's message."""
    try:
        return page.evaluate("() => document.body.innerText")[-chars:]
    except Exception as err:  # noqa: BLE001 - a diagnostic never hides the failure it explains
        return f"(the page's text could not be read: {err})"


@contextmanager
def streamlit_app(start_seconds: float = 60, env: dict | None = None):
    """`streamlit run tutor/app.py` on a free local port, once `/_stcore/health` answers: its URL.
    `env`: variables set for the server (the rest is this process's environment)."""
    port = _free_port()
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"server-{port}.log"
    SERVER_LOGS.append(path)  # what the server printed, shown under a failed test's report (conftest.py)
    log = open(path, "wb")
    proc = subprocess.Popen(
        [sys.executable, "-m", "streamlit", "run", "tutor/app.py", "--server.address", "127.0.0.1",
         "--server.port", str(port), "--server.headless", "true"],
        cwd=ROOT, stdout=log, stderr=subprocess.STDOUT,
        env={**{k: v for k, v in os.environ.items() if k != "TUTOR_INLINE"}, **(env or {})},  # the real pool
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
        log.close()
        SERVER_LOGS.remove(path)


#: Playwright's device descriptors (filled when chromium starts): a phone is its "iPhone 13".
DEVICES: dict = {}
#: How long an assertion waits for what it asserts (a loaded 2-core machine redraws slowly).
WAIT_MS = 90_000


@contextmanager
def chromium():
    """Headless Debian chromium, closed on exit."""
    from playwright.sync_api import expect, sync_playwright

    expect.set_options(timeout=WAIT_MS)
    with sync_playwright() as p:
        DEVICES.update(p.devices)
        b = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        try:
            yield b
        finally:
            b.close()


def expect(locator):
    """Playwright's `expect` (imported when a browser test runs: without playwright they skip);
    its timeout is `WAIT_MS` once `chromium()` has started."""
    from playwright.sync_api import expect as _expect

    return _expect(locator)


def verdict(page, lang: str):
    """The advisor's one-line verdict (the best play, or the plays equally good, or the only one)."""
    import re

    from solver.words.i18n import t

    starts = [t(lang, k, play="").strip() for k in ("an_best", "an_probably_best", "an_only_play")]
    return page.locator("[data-testid='stAlert']").filter(has_text=re.compile("|".join(map(re.escape, starts)))).first


def settled(page, pause_ms: int = 0, timeout_ms: int = 30000) -> None:
    """Connected, then (after `pause_ms`, for a rerun to begin) the script no longer running.

    Only a pause before the next action: it cannot tell a rerun that has not begun yet from one
    that is over, so no assertion may rely on it — each waits for what it asserts (`expect`)."""
    page.wait_for_selector("[data-testid='stApp'][data-test-connection-state='CONNECTED']", timeout=30000)
    if pause_ms:
        page.wait_for_timeout(pause_ms)
    page.wait_for_selector("[data-test-script-state='notRunning']", timeout=timeout_ms)


def new_page(browser, width: int, height: int = 1600):
    """A fresh browser context (nothing cached, as a new visitor): below 600 px a phone — the
    "iPhone 13" device descriptor (its user agent, touch, 390 px wide; its screen's height is
    `DEVICES[...]['viewport']`), at device scale 2 to keep screenshots a readable size."""
    if width < 600:
        phone = {k: v for k, v in DEVICES["iPhone 13"].items() if k != "default_browser_type"}
        phone.update(viewport={"width": width, "height": phone["viewport"]["height"]}, device_scale_factor=2)
        ctx = browser.new_context(**phone)
    else:
        ctx = browser.new_context(viewport={"width": width, "height": height})
    return ctx.new_page()


def phone_screen() -> int:
    """The phone's screen height in CSS pixels (what a user sees before scrolling)."""
    return DEVICES["iPhone 13"]["viewport"]["height"]


def open_url(page, url: str, heading: str | None = None) -> None:
    """Go to `url` and wait for the page's heading (its text when given) and the first run's end."""
    page.goto(url, wait_until="domcontentloaded")
    h1 = page.locator("h1").first
    expect(h1).to_be_visible()
    if heading is not None:
        expect(h1).to_have_text(heading)
    settled(page, timeout_ms=WAIT_MS)


def open_box(page, box) -> None:
    """Open a selectbox's list: a tap on a phone (a click opens nothing under touch emulation), a
    click elsewhere."""
    if page.evaluate("() => navigator.maxTouchPoints > 0"):
        box.tap()
    else:
        box.click()


def choose(page, label: str, option) -> None:
    """Pick `option` (its whole text, or a compiled pattern it matches) in the selectbox labelled
    `label` (the last such on the page), then wait until the box holds it once the rerun the choice
    starts is over. A choice made while an earlier rerun was still to redraw the box can be undone
    by that redraw: it is made again (at most three times), and the box's value is then asserted."""
    box = page.get_by_role("combobox", name=label, exact=True).last
    for _ in range(3):
        settled(page, pause_ms=300, timeout_ms=WAIT_MS)
        open_box(page, box)
        page.get_by_role("option", name=option, exact=isinstance(option, str)).first.click()
        settled(page, pause_ms=500, timeout_ms=WAIT_MS)
        value = box.input_value()
        if (option == value) if isinstance(option, str) else option.search(value):
            break
    expect(box).to_have_value(option)


def unfold(page, label: str):
    """Open the expander headed `label` (the first such) unless it is open: its locator."""
    box = page.locator("details").filter(has=page.locator("summary", has_text=label)).first
    expect(box).to_be_visible()
    if box.get_attribute("open") is None:
        box.locator("summary").first.click()
    expect(box).to_have_attribute("open", "")
    return box


def _transient_errors() -> tuple:
    """What reading an element in transition raises: Playwright's own error (detached, replaced,
    not yet attached, a read timed out), and Python's for a box that is None (`None["y"]`) or a
    measure not there yet."""
    from playwright.sync_api import Error as PlaywrightError

    return (PlaywrightError, TypeError, KeyError, AttributeError)


def eventually(check, what: str = "", timeout_ms: int = WAIT_MS) -> None:
    """Wait until `check()` (a measure of the page: a box's place, the page's width) holds, for
    what no `expect` assertion says; fail after `timeout_ms` with `what`.

    An element in transition is "not yet", never an error: a Streamlit rerun replaces elements, so a
    locator's element can be detached, hidden or being redrawn for a moment (its `bounding_box()` is
    then None, a read of it raises). Such a check is tried again until the time is up."""
    transient = _transient_errors()
    deadline = time.monotonic() + timeout_ms / 1000
    last = None
    while True:
        try:
            if check():
                return
            last = None
        except transient as err:  # not yet: tried again
            last = err
        if time.monotonic() > deadline:
            raise AssertionError(f"never held: {what or check}" + (f" (last: {last!r})" if last else ""))
        time.sleep(0.25)


def box(locator, timeout_ms: int = 2000):
    """The element's box, or None while it is in transition (not attached yet, detached, hidden:
    Playwright then returns None or raises). For a check inside `eventually`, never read once."""
    try:
        return locator.bounding_box(timeout=timeout_ms)
    except _transient_errors():
        return None


def bottom(locator):
    """The y of the element's lower edge, or None while it is in transition (`box`)."""
    b = box(locator)
    return None if b is None else b["y"] + b["height"]


def top(locator):
    """The y of the element's upper edge, or None while it is in transition (`box`)."""
    b = box(locator)
    return None if b is None else b["y"]


def holds(measure, test) -> bool:
    """`test(value)` for a measure that may not be there yet (None: not yet)."""
    value = measure()
    return value is not None and test(value)


def in_first_screen(page, locator, what: str, screen: int | None = None, header: int = 0) -> None:
    """Wait until the element stands whole on the first screen (below `header` px, above `screen`: a
    phone's screen height by default), once what moves it (a rerun's stale elements) is gone."""
    limit = screen or phone_screen()
    eventually(lambda: holds(lambda: box(locator), lambda b: b["y"] >= header and b["y"] + b["height"] <= limit),
               what)


def stays_put(locator, what: str, tolerance: float = 2, samples: int = 3) -> float:
    """Wait until the element's top stops moving (the same y, within `tolerance`, `samples` reads in
    a row, 0.25 s apart): its y."""
    seen: list = []

    def still() -> bool:
        y = top(locator)
        seen.append(y)
        recent = seen[-samples:]
        return len(recent) == samples and None not in recent and max(recent) - min(recent) <= tolerance

    eventually(still, what)
    return seen[-1]


def no_horizontal_overflow(page) -> None:
    """Usable on a phone: nothing wider than the screen (no sideways scrolling of the page), and
    no card's name or text sticking out of its card (they wrap between words)."""
    eventually(lambda: page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1"),
               "the page is no wider than the screen")
    cut = """() => [...document.querySelectorAll('.ll-card:not(.small) .n, .ll-card:not(.small) .e')]
        .filter(e => e.scrollWidth > e.clientWidth + 1).map(e => e.textContent)"""
    eventually(lambda: page.evaluate(cut) == [], "every card's words fit in its card")


def shot(page, name: str, height: int | None = None) -> str:
    """The page saved as tests/artifacts/`name`.png (with `height`, the window made that tall first:
    Streamlit scrolls inside its own container, so a tall window shows it all). Its file name."""
    ARTIFACTS.mkdir(exist_ok=True)
    if height:
        size = page.viewport_size
        page.set_viewport_size({"width": size["width"], "height": height})
        page.wait_for_timeout(500)
        settled(page, timeout_ms=WAIT_MS)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    if height:
        page.set_viewport_size(size)
    assert path.stat().st_size > 10_000
    return path.name


#: Your hand's cards at a practice table: each a button named as its card ("Guard (1)").
HAND = "div[class*='st-key-llhand-']"


def tap_play(page, lang: str, *labels, press: bool = True):
    """Practice: choose a play by tapping the card in your hand (its cards are the buttons: the card
    labelled `labels[0]`, else the first you may play), then the pills with the other labels, in order
    (the player, then the guess; after a Chancellor the order); with fewer labels, the first pill offered
    at each step. Then Play (without `press`, the enabled Play button is returned unpressed).
    Each step waits for what it needs: the card shown chosen, the next pills drawn."""
    from solver.words.i18n import t

    play = page.get_by_role("button", name=t(lang, "play"), exact=True).first
    expect(play).to_be_disabled()  # nothing is chosen for the player
    settled(page, pause_ms=300, timeout_ms=WAIT_MS)
    hand = page.locator(HAND)
    card = hand.get_by_role("button", name=labels[0], exact=True).first if labels else \
        hand.locator("button:enabled").first
    expect(card).to_be_enabled()
    card.click()
    expect(page.locator(HAND + "[class*='-on']").first).to_be_visible()  # the card shown chosen
    steps = [t(lang, k) for k in ("pr_pick_target", "pr_pick_guess", "pr_pick_order")]
    for k in range(1, 4):
        settled(page, pause_ms=300, timeout_ms=WAIT_MS)
        if play.is_enabled():
            break
        groups = page.locator("[data-testid='stButtonGroup']").filter(
            has=page.locator("label, p").filter(has_text=re.compile("|".join(map(re.escape, steps)))))
        group = groups.last
        pill = group.get_by_role("radio", name=labels[k], exact=True) if k < len(labels) else \
            group.get_by_role("radio").first
        pill.click()
    expect(play).to_be_enabled()
    if not press:
        return play
    play.click()
    return play
