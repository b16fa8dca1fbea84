"""The app's worker pool seen from a real browser: two pages opening one shared analyzer link at
once both get the best play (the pool shares one computation between them: tests/tutor/test_workers.py)."""

from __future__ import annotations

from urllib.parse import urlencode

from solver.words.i18n import t

from .browser_support import settled

TWO = "2019 Ana,Luis first:Ana viewer:Ana up:2,3,6 dealt:1 | Ana +1 1>Luis=5 miss | Luis 2>Ana | Ana +3"


def test_two_browser_pages_opening_one_shared_link_both_get_the_best_play(browser, server):
    url = f"{server}/analyzer?{urlencode({'lang': 'en', 'record': TWO, 'model': 'mixture'})}"
    pages = [browser.new_context().new_page() for _ in range(2)]
    for page in pages:
        page.goto(url, wait_until="domcontentloaded")
    for page in pages:  # the verdict: the best play, or the plays equally good
        page.get_by_text(t("en", "an_best", play="").strip()).or_(
            page.get_by_text(t("en", "an_probably_best", play="").strip())).first.wait_for(timeout=120000)
        settled(page, timeout_ms=120000)
        assert not page.locator("[data-testid='stException']").count()
    for page in pages:
        page.context.close()
