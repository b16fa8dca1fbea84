"""Seconds until a fresh visitor sees a page's heading, in a real browser against a real server.

Starts the app (`streamlit run tutor/app.py`, as `benchmarks/load.py` does), warms it with one
page (a server that has served anyone has imported its pages), then opens each page in a fresh
headless Debian chromium context (no cache, no cookies: a first visit) and prints the seconds from
navigation to the first `h1`, split into what the browser spends loading Streamlit's own script
bundle (DOMContentLoaded, the same for every page) and the rest (the session's handshake and the
page's first script run: ours). Repeats each page `--rounds` times and prints the median and the
worst, with the machine's load average (the machine may be shared: the figures depend on it).

    python benchmarks/first_paint.py --rounds 5
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# The project root in place of this folder, whose coverage.py would shadow the coverage package numba imports.
sys.path[0] = str(ROOT)

from benchmarks.load import ARGS, CHROMIUM, server  # noqa: E402

PAGES = [("home", "/?lang={lang}"), ("lessons", "/lessons?lang={lang}"), ("worked example", "/example?lang={lang}"),
         ("FAQ", "/faq?lang={lang}"), ("analyzer", "/analyzer?lang={lang}"), ("practice", "/practice?lang={lang}"),
         ("ruling checker", "/rulings?lang={lang}")]
TIMING = """() => { const n = performance.getEntriesByType('navigation')[0];
                    return n ? n.domContentLoadedEventEnd / 1000 : null; }"""


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--langs", default="en,es,fr")
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    langs = args.langs.split(",")
    with server(ROOT) as url, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        warm = browser.new_context()
        warm.new_page().goto(f"{url}/?lang=en")
        warm.pages[0].wait_for_selector("h1", timeout=90000)
        warm.close()
        time.sleep(2)
        rows = {name: ([], []) for name, _ in PAGES}
        loads = []
        for r in range(args.rounds):
            for name, path in PAGES:
                ctx = browser.new_context()
                page = ctx.new_page()
                t0 = time.perf_counter()
                page.goto(url + path.format(lang=langs[r % len(langs)]), wait_until="commit")
                page.wait_for_selector("h1", timeout=60000)
                seconds = time.perf_counter() - t0
                rows[name][0].append(seconds)
                rows[name][1].append(page.evaluate(TIMING) or 0.0)
                ctx.close()
                loads.append(os.getloadavg()[0])
        browser.close()
    print("| page | first heading, median | worst | of which Streamlit's bundle (DOMContentLoaded), median |")
    print("|---|---|---|---|")
    for name, (seconds, bundle) in rows.items():
        print(f"| {name} | {statistics.median(seconds):.2f} s | {max(seconds):.2f} s | "
              f"{statistics.median(bundle):.2f} s |")
    print(f"\n{args.rounds} fresh visitors a page ({', '.join(langs)} in turn); load average "
          f"{min(loads):.1f}–{max(loads):.1f}")


if __name__ == "__main__":
    main()
