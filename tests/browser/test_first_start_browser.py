"""The first start of a server on a fresh machine (issue 42, point 1): the solver's kernels are not
compiled yet (an empty numba cache), and the server does not wait for them. The home page is served at
once, and the analyzer answers on the reference engine meanwhile, with the same figures, saying so in
one line. (`TUTOR_NO_COMPILE=1` keeps the server from starting the background compilation here: it
would take minutes of a core; `tutor.warmup.compile_core` is tested alone.)

Skipped when chromium is absent locally; `.ci/run` installs it and sets E2E=1."""

from __future__ import annotations

import time
from urllib.parse import urlencode

from solver.advice.advisor import advise
from solver.records.notation import parse_record
from solver.words.i18n import t
from solver.words.verdicts import verdict_line

from .browser_support import ARTIFACTS, eventually, expect, new_page, streamlit_app, verdict

#: A 2-player position answered exactly by the default budget (the reference engine: seconds).
DECIDE = ("classic P1,P2 first:P1 viewer:P1 up:1,2,8 dealt:5 | P1 +1 1>P2=7 miss | P2 1>P1=4 miss | "
          "P1 +3 5>P1 disc:3 new:6 | P2 2>P1 | P1 +1 1>P2=3 miss | P2 7 | P1 +4")


def test_a_fresh_server_serves_its_pages_at_once_and_answers_on_the_reference_engine(browser, tmp_path):
    """Its own server (another environment), the run's chromium (conftest.py)."""
    env = {"NUMBA_CACHE_DIR": str(tmp_path / "numba"), "LOVELETTER_CORE": "when-ready", "TUTOR_NO_COMPILE": "1"}
    started = time.monotonic()
    with streamlit_app(env=env) as url:
        page = new_page(browser, 1280, 900)
        try:
            page.goto(f"{url}/?lang=en", wait_until="domcontentloaded")
            expect(page.locator("h1").first).to_be_visible()
            first_page = time.monotonic() - started
            ARTIFACTS.mkdir(exist_ok=True)
            (ARTIFACTS / "first_start.txt").write_text(f"home page heading {first_page:.1f} s after the server started\n")
            assert first_page < 60  # (30 s on a quiet machine: the server's start and one page, no compilation)
            page.goto(f"{url}/analyzer?{urlencode({'record': DECIDE, 'model': 'mixture', 'lang': 'en'})}",
                      wait_until="domcontentloaded")
            notice = t("en", "an_core_warming", s="§").split("§")[0]
            expect(page.get_by_text(notice).first).to_be_visible()
            box = verdict(page, "en")
            expect(box).to_be_visible()
            said = verdict_line(advise(parse_record(DECIDE), "mixture"), "en")  # waited for (a run still drawing)
            eventually(lambda: box.inner_text().strip() == said, "the verdict's words")
            page.screenshot(path=str(ARTIFACTS / "first_start_analyzer.png"), full_page=True)
        finally:
            page.context.close()
