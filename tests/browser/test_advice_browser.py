"""The "get advice at the table" journey walked in a real browser (Debian chromium driven by
Playwright, never a browser download):

* a 2-player classic round entered through the analyzer's guided form with the mouse only —
  the clicks are counted (the common path: one click per detail, forced details filled in, the
  turn added as its last detail is chosen, "Advise me" a button) — up to the advice: the best
  play (or the plays equally good within the estimate) and the ranking with its "Why" column;
* the same position opened from its link in Spanish on a phone (390 px) and in French at 1280 px;
* a short practice game (French, 390 px) played to the end of a round: the bots' turns, then
  the review of each decision with its cost.

Screenshots go to tests/artifacts/; the measured page-load times are written next to them
(advice_timings.txt) and never asserted (wall time depends on the machine's load).
Skipped when chromium is absent locally; `.ci/run` installs it and sets E2E=1.
"""

from __future__ import annotations

import time
from functools import partial
from urllib.parse import urlencode

from solver import Card, get_edition
from solver.words.i18n import t
from solver.words.sentences import card_label

from .browser_support import (ARTIFACTS, WAIT_MS, eventually, expect, new_page, no_horizontal_overflow, open_box,
                              settled, shot, tap_play, unfold, verdict)

CLASSIC = get_edition("classic")
#: Clicks the same entry took before issue 12, counted on the old form: the deal 7 (the dealt
#: Guard was the default; three face-up drop-downs, open + choose; Start), turn 1 9 (four
#: drop-downs and "Add this turn"), turn 2 3, turn 3 5 (the drawn card, then "— my turn now:
#: advise me —" chosen inside "Card played", then "Add this turn").
CLICKS_BEFORE = 24


_settled = partial(settled, pause_ms=200, timeout_ms=WAIT_MS)


def _timing(line: str) -> None:
    with open(ARTIFACTS / "advice_timings.txt", "a", encoding="utf-8") as fh:
        fh.write(line + "\n")


class Clicks:
    """Mouse clicks of the journey, counted."""

    def __init__(self, page):
        self.page, self.n = page, 0

    def click(self, locator) -> None:
        locator.click()
        self.n += 1
        _settled(self.page)

    def choose(self, label: str, option: str) -> None:
        """A drop-down: open it, choose the option (two clicks)."""
        box = self.page.get_by_role("combobox", name=label, exact=True).first
        self.click(box)
        self.click(self.page.get_by_role("option", name=option, exact=True))
        expect(box).to_have_value(option)

    def pill(self, label: str, option: str) -> None:
        """A detail offered as pills: one click."""
        group = self.page.locator("[data-testid='stButtonGroup']").filter(has_text=label).last
        self.click(group.get_by_role("radio", name=option, exact=True))


def _card(c: Card, lang: str = "en") -> str:
    return card_label(c, CLASSIC, lang)


def _ranking_seen(page, lang: str, width: int = 1280) -> None:
    """The best play (or the plays equally good) and the ranking's Why (on a phone, folded under
    the verdict: one tap opens it)."""
    expect(verdict(page, lang)).to_be_visible()
    if width < 600:
        unfold(page, t(lang, "an_ranking"))
    expect(page.locator("[data-testid='stTable'] th").filter(has_text=t(lang, "an_why")).first).to_be_visible()


def test_advice_at_the_table_entered_by_clicks_then_shared_in_chromium(browser, server):
    page = new_page(browser, 1280, 1000)
    start = time.time()
    page.goto(f"{server}/analyzer?lang=en&edition=classic", wait_until="domcontentloaded")
    expect(page.get_by_text(t("en", "an_new_round")).first).to_be_visible()
    _timing(f"analyzer empty form, en 1280: first text after {time.time() - start:.2f} s")
    _settled(page)
    c = Clicks(page)
    # The deal: defaults are valid (2 players, Ana and Luis, Ana first); the cards are facts to enter.
    c.choose(t("en", "an_dealt"), _card(Card.GUARD))
    for i, card in enumerate((Card.PRIEST, Card.BARON, Card.KING), start=1):
        c.choose(f"{t('en', 'face_up')} {i}", _card(card))
    c.click(page.get_by_role("button", name=t("en", "an_start")))
    # Turn 1, Ana (me): drew a Guard, played it on Luis (the only target), named the Prince: a miss.
    c.pill(t("en", "entry_drew"), _card(Card.GUARD))
    c.pill(t("en", "entry_card"), _card(Card.GUARD))
    c.pill(t("en", "guess"), _card(Card.PRINCE))
    c.pill(t("en", "entry_result"), t("en", "entry_miss"))
    # Turn 2, Luis: a Priest on Ana (target forced): added at once.
    c.pill(t("en", "entry_card"), _card(Card.PRIEST))
    # Turn 3, Ana: drew a Baron, then asks for advice.
    c.pill(t("en", "entry_drew"), _card(Card.BARON))
    advise_at = time.time()
    c.click(page.get_by_role("button", name=t("en", "an_advise_me")))
    # The history speaks to the person who asks (the viewer) in the second person.
    expect(page.get_by_text("You draw a Baron (3). Your turn to play.")).to_be_visible()
    expect(page.get_by_text("You draw a Guard (1). You play the Guard (1) on Luis and name the Prince (5). Miss: "
                            "Luis does not hold the Prince (5).")).to_be_visible()
    _ranking_seen(page, "en")
    _timing(f"analyzer advice after 'Advise me', en 1280: {time.time() - advise_at:.2f} s")
    shot(page, "advice_entered_en_1280", height=4200)
    _timing(f"clicks for the deal and three turns of a 2-player classic round: {c.n} (before issue 12: "
            f"{CLICKS_BEFORE})")
    assert c.n <= 16 < CLICKS_BEFORE
    link = "() => new URLSearchParams(window.location.search).get('record') || ''"
    eventually(lambda: page.evaluate(link).endswith("| Luis 2>Ana | Ana +3"), "the link carries the record")
    record = page.evaluate(link)
    page.context.close()

    for lang, width in (("es", 390), ("fr", 1280)):
        page = new_page(browser, width, 1000)
        start = time.time()
        page.goto(f"{server}/analyzer?{urlencode({'lang': lang, 'record': record, 'model': 'random'})}",
                  wait_until="domcontentloaded")
        expect(page.get_by_text(t(lang, "an_hands")).first).to_be_visible()
        odds = time.time() - start
        _ranking_seen(page, lang, width)
        _timing(f"shared analyzer link, {lang} {width}: odds after {odds:.2f} s, ranking after "
                f"{time.time() - start:.2f} s")
        expect(page.get_by_text(t(lang, "an_history")).first).to_be_visible()
        no_horizontal_overflow(page)
        shot(page, f"advice_shared_{lang}_{width}", height=4200)
        page.context.close()


def test_practice_round_with_bot_turns_and_review_in_chromium(browser, server):
    import re

    from solver.advice.practice import save, start

    # A seeded game whose first turn is the bot's (a new game deals anew: its first play could
    # end the round before any bot has played — "practice deals anew" is tested elsewhere).
    game = next(g for g in (start("classic", ("Vous", "Ana"), 0, "random", seed=k, first_player=1, seconds=0.05)
                            for k in range(1, 50)) if g.my_turn)
    page = new_page(browser, 390)
    try:
        page.goto(f"{server}/practice?{urlencode({**save(game), 'lang': 'fr'})}", wait_until="domcontentloaded")
        saved = page.get_by_text(t("fr", "pr_save")).first
        expect(saved).to_be_visible()
        # The saved link is a full address: pasted anywhere, it opens this game.
        _settled(page)
        saved.click()
        expect(page.locator("code").filter(has_text=f"{server}/practice?record=").first).to_be_visible()
        review = page.get_by_role("heading", name=t("fr", "pr_review"))
        play = page.get_by_role("button", name=t("fr", "play"), exact=True).first
        # Either the round is over (its review) or it is the learner's turn again (Play disabled:
        # nothing is chosen for you) — waited for after each play.
        turn_or_review = """([review, play, label]) => {
            if ([...document.querySelectorAll('h1, h2, h3')].some(h => h.textContent.includes(review))) return "review";
            const pills = [...document.querySelectorAll("div[class*='st-key-llhand-'] button")].some(b => !b.disabled)
                && document.body.innerText.includes(label);
            const off = [...document.querySelectorAll('button')].some(b => b.textContent.trim() === play && b.disabled);
            return pills && off ? "turn" : null; }"""
        for _ in range(12):
            seen = page.wait_for_function(turn_or_review, arg=[t("fr", "pr_review"), t("fr", "play"),
                                                               t("fr", "pr_pick_card")], timeout=WAIT_MS).json_value()
            if seen == "review":
                break
            _settled(page)
            tap_play(page, "fr")  # the first card, player and guess offered
        expect(review).to_be_visible()
        # The bots' turns were told as they happened, and the round is told in sentences.
        expect(page.get_by_text(t("fr", "pr_bots_done")).or_(page.get_by_text("Ana joue")).first).to_be_visible()
        table = page.locator("[data-testid='stTable']").filter(has_text=t("fr", "pr_cost")).first
        expect(table).to_be_visible()
        expect(table.locator("th").filter(has_text=t("fr", "pr_best_play")).first).to_be_visible()
        expect(table.locator("tbody")).not_to_contain_text(re.compile(r"\S/\S"))  # no raw fraction
        expect(page.get_by_text(t("fr", "pr_cost_help")).first).to_be_visible()  # what the cost and "pts" mean
        no_horizontal_overflow(page)
        # and no column of the review cut at the phone's edge (the table fits its own box)
        eventually(lambda: table.evaluate("t => t.querySelector('table').scrollWidth <= t.clientWidth + 1"),
                   "the review's table fits its box")
        # numbered in a column headed as the costliest sentence names a decision ("la n° 2")
        expect(table.locator("th").first).to_have_text(t("fr", "pr_decision_col"))
        shot(page, "practice_review_fr_390", height=4200)
    finally:
        page.context.close()
