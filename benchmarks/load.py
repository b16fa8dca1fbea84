"""Many users opening one shared analyzer link at once, in real browsers against a real server.

Starts the app (`streamlit run tutor/app.py`, its own free port, a fresh server for every
measurement so that no answer is remembered from the one before), then N headless Debian chromium
pages (Playwright, fresh browser contexts) open one shared 2-player analyzer link at the same
moment; prints each user's seconds until the advisor's verdict ("Best play: …", or the plays
equally good) is on the page: the median and the worst, the same with one user, their ratio, the
worst of the same N pages on a position the server has already answered (the floor: what loading
N pages at once costs the machine, browsers included, without any computation), and the machine's
load average (the machine may be shared: the figures depend on it).

    python benchmarks/load.py --users 6
    python benchmarks/load.py --users 6 --rounds 2 --compare /tmp/base   # another checkout's app, alternating

`--compare DIR` measures another checkout of the project (e.g. `git worktree add /tmp/base main`)
the same way, alternating with this one round by round, so that before and after share one run
and one machine load. Each server is warmed first by one page on another position (the imports
and, where there is one, the worker pool started), as a server that has served anyone is.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import socket
import statistics
import subprocess
import sys
import time
import urllib.request
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parents[1]
# The project root in place of this folder, whose coverage.py would shadow the coverage package numba imports.
sys.path[0] = str(ROOT)

from solver.words.i18n import t  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run", "--disable-quic"]
#: The shared link's position: a 2-player round of three turns, the viewer to play (the mixture's
#: estimate takes a second or two of one core).
RECORD = "2019 Ana,Luis first:Ana viewer:Ana up:2,3,6 dealt:1 | Ana +1 1>Luis=5 miss | Luis 2>Ana | Ana +3"
#: The warm-up page's position (another one: nothing of the measured answer is remembered).
WARM = "classic Ana,Luis first:Ana viewer:Ana up:2,3,6 dealt:5 | Ana +1"
VERDICTS = [t("en", "an_best", play="").strip(), t("en", "an_probably_best", play="").strip(),
            t("en", "an_only_play", play="").strip()]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextmanager
def server(checkout: Path):
    """The app of `checkout` on a free port (its real worker pool, if it has one): the URL."""
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k != "TUTOR_INLINE"}
    env["PYTHONPATH"] = str(checkout)
    proc = subprocess.Popen([sys.executable, "-m", "streamlit", "run", "tutor/app.py", "--server.address",
                             "127.0.0.1", "--server.port", str(port), "--server.headless", "true"],
                            cwd=checkout, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.time() + 90
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/_stcore/health", timeout=2) as r:
                    if r.status == 200:
                        break
            except OSError:
                if time.time() > deadline or proc.poll() is not None:
                    raise SystemExit(f"the app of {checkout} did not start")
                time.sleep(0.3)
        yield f"http://127.0.0.1:{port}"
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


async def one_user(browser, url: str, timeout_ms: int) -> float:
    """Seconds from opening `url` in a fresh context to the verdict on the page."""
    context = await browser.new_context(viewport={"width": 1280, "height": 1000})
    page = await context.new_page()
    start = time.monotonic()
    await page.goto(url, wait_until="domcontentloaded")
    verdict = page.get_by_text(VERDICTS[0])
    for other in VERDICTS[1:]:
        verdict = verdict.or_(page.get_by_text(other))
    await verdict.first.wait_for(timeout=timeout_ms)
    seconds = time.monotonic() - start
    await context.close()
    return seconds


def browser_command(nice: int) -> str:
    """Chromium, or (`nice` > 0) a wrapper that starts it at that lower priority: the users'
    browsers then take what the server leaves, as on their own machines."""
    if not nice:
        return CHROMIUM
    import tempfile

    wrapper = Path(tempfile.mkdtemp()) / "chromium"
    wrapper.write_text(f'#!/bin/sh\nexec nice -n {nice} {CHROMIUM} "$@"\n')
    wrapper.chmod(0o755)
    return str(wrapper)


async def users_at_once(base: str, record: str, model: str, n: int, timeout_ms: int, nice: int = 0) -> list[float]:
    from playwright.async_api import async_playwright

    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=browser_command(nice), headless=True, args=ARGS)
        try:
            await one_user(browser, f"{base}/analyzer?{urlencode({'lang': 'en', 'record': WARM, 'model': model})}",
                           timeout_ms)
            url = f"{base}/analyzer?{urlencode({'lang': 'en', 'record': record, 'model': model})}"
            measured = sorted(await asyncio.gather(*(one_user(browser, url, timeout_ms) for _ in range(n))))
            if n == 1:
                return measured, []
            # The floor: the same n pages on the warm-up's position, whose answer the server already
            # has (both apps remember it): what loading n pages at once costs without any computation.
            warm = f"{base}/analyzer?{urlencode({'lang': 'en', 'record': WARM, 'model': model})}"
            return measured, sorted(await asyncio.gather(*(one_user(browser, warm, timeout_ms) for _ in range(n))))
        finally:
            await browser.close()


def measure(checkout: Path, record: str, model: str, n: int, timeout_ms: int, nice: int = 0) -> tuple[list, tuple]:
    """Each of n users' seconds (a fresh server); with n > 1 the same on a position the server has
    already answered (the floor); the load average just before."""
    with server(checkout) as base:
        load = os.getloadavg()
        measured, floor = asyncio.run(users_at_once(base, record, model, n, timeout_ms, nice))
        return measured, floor, load


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--users", type=int, default=6)
    ap.add_argument("--rounds", type=int, default=1, help="measurements of each app, alternating")
    ap.add_argument("--compare", type=Path, help="another checkout of the project, measured alternately")
    ap.add_argument("--record", default=RECORD)
    ap.add_argument("--model", default="mixture")
    ap.add_argument("--timeout", type=float, default=300, help="seconds a user may wait before it is a failure")
    ap.add_argument("--nice", type=int, default=0,
                    help="run the browsers at this lower priority (their users' own machines, approximated)")
    a = ap.parse_args()
    if not os.path.exists(CHROMIUM):
        raise SystemExit("Debian chromium is needed: apt-get install chromium")
    apps = [("this", ROOT)] + ([("compare", a.compare.resolve())] if a.compare else [])
    results = {name: {"one": [], "many": [], "floor": [], "load": []} for name, _ in apps}
    print(f"{os.cpu_count()} cores; {a.users} users open one shared analyzer link at once "
          f"(model {a.model}; browsers at nice {a.nice}): {a.record}")
    for r in range(a.rounds):
        # The app measured first in a round runs after the previous round's load with a cold
        # browser, and is slower (measured: 23.8 s against 11.3 s for the same app): the order
        # alternates round by round, so that with an even number of rounds each app is first as often.
        for name, checkout in (apps if r % 2 == 0 else apps[::-1]):
            one, _, load1 = measure(checkout, a.record, a.model, 1, int(a.timeout * 1000), a.nice)
            results[name]["one"] += one
            results[name]["load"].append(load1[0])
            line = f"round {r + 1} {name:8} 1 user: {one[0]:.1f} s (load {load1[0]:.2f})"
            if a.users > 1:
                many, floor, load = measure(checkout, a.record, a.model, a.users, int(a.timeout * 1000), a.nice)
                results[name]["many"] += many
                results[name]["floor"] += floor
                results[name]["load"].append(load[0])
                line += (f"; {a.users} users: " + " ".join(f"{s:.1f}" for s in many) + f" s (answer known: " + " ".join(f"{s:.1f}" for s in floor) + f" s; load {load[0]:.2f})")
            print(line, flush=True)
    print()
    print(f"| app | 1 user (s) | {a.users} users: median (s) | worst (s) | worst / 1 user | "
          f"{a.users} users, answer known: worst (s) | load average |")
    print("|---|---|---|---|---|---|---|")
    for name, checkout in apps:
        res = results[name]
        one = statistics.median(res["one"])
        many = res["many"] or res["one"]
        print(f"| {name} ({checkout}) | {one:.1f} | {statistics.median(many):.1f} | {max(many):.1f} | "
              f"{max(many) / one:.2f} | {max(res['floor']) if res['floor'] else float('nan'):.1f} | "
              f"{min(res['load']):.2f}–{max(res['load']):.2f} |")


if __name__ == "__main__":
    main()
