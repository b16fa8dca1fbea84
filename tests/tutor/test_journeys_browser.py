"""Two of the three journeys walked in a real browser (Debian chromium driven by Playwright,
never a browser download), at desktop and phone widths, in each language: what a user must
see is asserted, and screenshots are saved under tests/artifacts/.

* settle a ruling: the Prince on the set-aside card in the ruling checker (the ruling sentence
  first, the events in order), and the Countess–Chancellor trap played to its end in the FAQ;
* learn: a lesson quiz answered wrong (the engine's reason shown), the lesson marked done and
  the page reloaded (progress kept), and the worked example's last question answered with a
  guess as good as the example's (praised).

Skipped when chromium is absent locally; `.ci/run` installs it and sets E2E=1.
"""

from __future__ import annotations

from functools import partial

import pytest

from solver import Card
from solver.teaching.quiz import make_question
from solver.rules.editions import get_edition
from tutor.curriculum import load_lessons
from tutor.i18n import t
from tutor.render import card_label

from .browser_support import ARTIFACTS, settled as _settled
from .test_example_app import DECISIONS, frame_of

E2019 = get_edition("2019")

pytestmark = pytest.mark.e2e


settled = partial(_settled, pause_ms=250, timeout_ms=60000)


def choose(page, label: str, option: str) -> None:
    """Pick `option` in the Streamlit selectbox labelled `label` (the last one on the page)."""
    page.get_by_role("combobox", name=label, exact=True).last.click()
    page.get_by_role("option", name=option, exact=True).first.click()
    settled(page)


def shot(page, name: str) -> None:
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)
    assert (ARTIFACTS / f"{name}.png").stat().st_size > 10_000


def open_page(browser, server, path: str, width: int):
    page = browser.new_page(viewport={"width": width, "height": 2400 if width < 600 else 1600})
    page.goto(f"{server}{path}", wait_until="domcontentloaded")
    settled(page)
    return page


def no_horizontal_overflow(page) -> None:
    """Usable on a phone: nothing wider than the screen (no sideways scrolling of the page)."""
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")
    # card names and texts wrap between words: no word sticks out of its card
    cut = page.evaluate("""() => [...document.querySelectorAll('.ll-card:not(.small) .n, .ll-card:not(.small) .e')]
        .filter(e => e.scrollWidth > e.clientWidth + 1).map(e => e.textContent)""")
    assert cut == []


@pytest.mark.parametrize("lang,width", [("en", 1280), ("es", 390), ("fr", 390)])
def test_settle_a_ruling_in_chromium(browser, server, lang, width):
    page = open_page(browser, server, f"/rulings?source=faq&scenario=faq-prince-set-aside&lang={lang}", width)
    try:
        choose(page, t(lang, "card"), card_label(Card.PRINCE, E2019, lang))
        choose(page, t(lang, "target"), "Luis")
        page.get_by_role("button", name=t(lang, "play")).click()
        settled(page)
        sentence = t(lang, "ruling.set_aside_draw").format(player="Luis")
        page.get_by_text(sentence).first.wait_for(timeout=30000)
        log = page.locator("ol").last.inner_text()
        steps = log.split("\n")
        set_aside = t(lang, "ev.drew_set_aside").split("{")[0]
        drew = next(i for i, s in enumerate(steps) if set_aside in s and card_label(Card.KING, E2019, lang) in s)
        assert drew == 2 and "Marta" in steps[3]  # the draw comes before the showdown
        assert "set_aside" not in page.inner_text("body") and "rule." not in page.inner_text("body")
        if width < 600:
            no_horizontal_overflow(page)
        shot(page, f"ruling_checker_{lang}_{width}")

        # The Countess–Chancellor trap on the FAQ page, played to its end.
        page.goto(f"{server}/faq?scenario=trap-countess-chancellor&lang={lang}", wait_until="domcontentloaded")
        settled(page)
        page.get_by_role("tab", name=t(lang, "faq_try_tab")).click()
        choose(page, t(lang, "card"), card_label(Card.CHANCELLOR, E2019, lang))
        page.get_by_role("button", name=t(lang, "play")).click()
        settled(page)
        keep = t(lang, "keep_under_two", keep=card_label(Card.KING, E2019, lang),
                 first=card_label(Card.COUNTESS, E2019, lang), second=card_label(Card.PRINCE, E2019, lang))
        choose(page, t(lang, "entry_keep_order"), keep)
        page.get_by_role("button", name=t(lang, "play")).last.click()
        settled(page)
        kept = t(lang, "ruling.chancellor_returned_countess").format(player="Ana", card=card_label(Card.KING, E2019, lang), n=2)
        page.locator("p:visible", has_text=kept).first.wait_for(timeout=30000)  # in the "try it" tab
        if width < 600:
            no_horizontal_overflow(page)
        shot(page, f"faq_countess_chancellor_{lang}_{width}")
    finally:
        page.close()


@pytest.mark.parametrize("lang,width", [("en", 1280), ("es", 390), ("fr", 390)])
def test_learn_in_chromium(browser, server, lang, width):
    # A lesson quiz: nothing pre-selected; a wrong answer is explained by the engine.
    q = make_question("tokens", E2019, 0)
    page = open_page(browser, server, f"/?lesson=game-end&lang={lang}", width)
    try:
        assert page.get_by_role("radio", checked=True).count() == 0
        wrong = next(c for c in q.choices if c != q.answer)
        page.get_by_role("radiogroup").get_by_text(str(wrong), exact=True).click()
        settled(page)
        page.get_by_role("button", name=t(lang, "check")).click()
        settled(page)
        why = t(lang, "quiz.why_tokens").format(players=q.params["players"], tokens=q.answer)
        page.get_by_text(why).first.wait_for(timeout=30000)
        shot(page, f"learn_quiz_{lang}_{width}")
        # Mark the lesson done, reload: the progress is still there.
        page.get_by_role("button", name=t(lang, "mark_done")).click()
        settled(page)
        page.reload(wait_until="domcontentloaded")
        settled(page)
        page.get_by_text(t(lang, "progress", n=1, total=len(load_lessons()))).first.wait_for(timeout=30000)
        if width < 600:
            no_horizontal_overflow(page)

        # The worked example's last question, from Marta's seat: naming the Prince is praised.
        page.goto(f"{server}/example?step={frame_of(DECISIONS[-1])}&lang={lang}", wait_until="domcontentloaded")
        settled(page)
        page.get_by_text(t(lang, "example_seat", player="Marta")).first.wait_for(timeout=30000)
        choose(page, t(lang, "card"), card_label(Card.GUARD, E2019, lang))
        choose(page, t(lang, "target"), "Ana")
        choose(page, t(lang, "guess"), card_label(Card.PRINCE, E2019, lang))
        page.get_by_role("button", name=t(lang, "play")).click()
        settled(page)
        praise = t(lang, "example_as_good", player="Marta", mine="{}", theirs="{}", action="{}").split("{}")[0]
        page.get_by_text(praise).first.wait_for(timeout=30000)
        if width < 600:
            no_horizontal_overflow(page)
        shot(page, f"learn_example_{lang}_{width}")
    finally:
        page.close()
