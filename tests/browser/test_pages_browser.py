"""Issue 36's journeys in a real browser (Debian chromium driven by Playwright, never a browser
download), at 1280 px and on a phone (Playwright's "iPhone 13": its user agent, 390 px), in
English, Spanish and French. Each assertion waits for what it asserts (Playwright's `expect`, with
a timeout a loaded machine needs): nothing is read once right after a click.

* point 1: on a phone the analyzer's verdict, and the practice hint's, come first;
* point 2: the practice review names the costliest decision and what the better play avoided;
* point 3: the FAQ search understands plain questions;
* point 4: the worked example is a real round, stepped through or skipped, the set-aside card
  turned face up at the end (and a double tap on Next never skips the question: point 8);
* points 6, 9, 12: a quiz's second try, a name refused as it is typed, icons that never show
  their names.

Screenshots go to tests/artifacts/. Skipped when chromium is absent locally; `.ci/run` installs it
and sets E2E=1.
"""

from __future__ import annotations

import re
from urllib.parse import urlencode

import pytest

from solver import Card, get_edition
from solver.words.i18n import t
from solver.words.sentences import card_label

from .browser_support import (bottom, choose, eventually, expect, holds, in_first_screen, new_page, open_url,
                              phone_screen, settled, shot, tap_play, top, verdict)

E2019 = get_edition("2019")
#: The viewer's turn in a classic 2-player round (README's example): the advice is exact.
DECIDE = ("classic P1,P2 first:P1 viewer:P1 up:1,2,8 dealt:5 | P1 +1 1>P2=7 miss | P2 1>P1=4 miss | "
          "P1 +3 5>P1 disc:3 new:6 | P2 2>P1 | P1 +1 1>P2=3 miss | P2 7 | P1 +4")


# --- point 1 -------------------------------------------------------------------------------------

@pytest.mark.parametrize("lang", ["en", "es", "fr"])
def test_on_a_phone_the_analyzers_verdict_comes_first_in_chromium(browser, server, lang):
    page = new_page(browser, 390)
    try:
        open_url(page, f"{server}/analyzer?{urlencode({'record': DECIDE, 'model': 'mixture', 'lang': lang})}",
                 t(lang, "nav_analyzer"))
        first = verdict(page, lang)
        expect(first).to_be_visible()
        # on the first screen, not 3.3 screens down (once the run's stale elements above it are gone)
        in_first_screen(page, first, "the verdict on the first screen")
        # ... above everything else: the history, the odds (their heading comes after it).
        odds = page.get_by_role("heading", name=t(lang, "an_hands"))
        expect(odds).to_be_visible()
        history = page.get_by_text(t(lang, "an_history")).first
        eventually(lambda: holds(lambda: (bottom(first), top(odds), top(history)),
                                 lambda m: None not in m and m[1] > m[0] and m[2] > m[0]),
                   "the verdict above the odds and the history")
        # The tables are one tap away, folded: the odds grid is not drawn until its expander opens.
        folded = page.locator("[data-testid='stExpander']").filter(has_text=t(lang, "an_odds_table")).first
        expect(folded).to_be_visible()
        expect(folded.locator("[data-testid='stDataFrame']")).to_be_hidden()
        expect(page.get_by_role("link", name=t(lang, "an_to_figures"))).to_be_visible()
        shot(page, f"phone_verdict_first_{lang}_390")
        folded.get_by_text(t(lang, "an_odds_table")).click()
        expect(folded.locator("[data-testid='stDataFrame']")).to_be_visible()
    finally:
        page.context.close()


def _practice_link(predicate):
    """A saved practice game (a link) at the person's first turn that `predicate(practice)` likes."""
    from solver.advice.practice import save, start

    for k in range(1, 400):
        game = start("classic", ("You", "Ana"), 0, "random", seed=k, first_player=0, seconds=0.05)
        if game.my_turn and predicate(game):
            return save(game)
    raise AssertionError("no such game")


def test_on_a_phone_the_practice_hints_verdict_is_right_under_the_button_in_chromium(browser, server):
    from solver import legal_actions

    saved = _practice_link(lambda p: len({a.card for a in legal_actions(p.game)}) > 1)
    page = new_page(browser, 390)
    try:
        open_url(page, f"{server}/practice?{urlencode({**saved, 'lang': 'es'})}", t("es", "nav_practice"))
        hint = page.get_by_role("button", name=t("es", "pr_hint"), exact=True)
        expect(hint).to_be_visible()
        hint.click()
        first = verdict(page, "es")
        expect(first).to_be_visible()
        # it was at y = 2249 px on a 664 px screen
        eventually(lambda: 0 < top(first) - top(hint) < phone_screen(), "the hint's verdict within a screen of the button")
        shot(page, "phone_hint_verdict_es_390")
    finally:
        page.context.close()


# --- point 2 -------------------------------------------------------------------------------------

@pytest.mark.parametrize("lang,width", [("fr", 390), ("en", 1280)])
def test_the_review_names_the_costliest_decision_and_what_the_better_play_avoided_in_chromium(
        browser, server, lang, width):
    """The learner plays the Princess (out at once) where another play could win: the review says
    it was the costliest decision, in one sentence, and marks its row."""
    saved = _practice_link(lambda p: Card.PRINCESS in p.game.round.hands[0] and len(set(p.game.round.hands[0])) == 2)
    page = new_page(browser, width)
    try:
        open_url(page, f"{server}/practice?{urlencode({**saved, 'lang': lang})}", t(lang, "nav_practice"))
        princess = card_label(Card.PRINCESS, get_edition("classic"), lang)
        tap_play(page, lang, princess)  # the Princess played: "Princess (8)"
        expect(page.get_by_role("heading", name=t(lang, "pr_review"))).to_be_visible()
        sentence = t(lang, "pr_costliest", n=1, play="{}", best="{}", figure="{}").split("{}")[0]
        warning = page.locator("[data-testid='stAlert']").filter(has_text=sentence).first
        expect(warning).to_be_visible()
        expect(warning).to_contain_text(princess.split(" (")[0])
        table = page.locator("[data-testid='stTable']").filter(has_text=t(lang, "pr_cost")).first
        expect(table).to_contain_text(t(lang, "pr_cost_worst", cost="").strip(" :—"))
        eventually(lambda: page.evaluate("() => document.documentElement.scrollWidth") <= width + 1,
                   "the page no wider than the screen")
        shot(page, f"review_costliest_{lang}_{width}", height=3000)
    finally:
        page.context.close()


# --- point 3 -------------------------------------------------------------------------------------

#: Each language once and each screen once; every question's search ("handmaid prince myself" too) is checked
#: without a browser (tests/tutor/test_faq_search.py).
QUESTIONS = [("en", 1280, "can guard guess guard", "trap-guard-names-guard"),
             ("es", 390, "canciller una carta", "faq-chancellor-one-card"),
             ("fr", 390, "égalité fin de manche classique", "trap-tie-classic")]


@pytest.mark.parametrize("lang,width,words,sid", QUESTIONS, ids=[q[2] for q in QUESTIONS])
def test_the_faq_search_understands_a_plain_question_in_chromium(browser, server, lang, width, words, sid):
    from tutor.text.scenarios import scenarios

    texts = scenarios()[sid].text[lang]
    page = new_page(browser, width)
    try:
        open_url(page, f"{server}/?lang={lang}", t(lang, "home_title"))
        field = page.get_by_label(t(lang, "faq_search"))
        field.fill(words)
        page.get_by_role("button", name=t(lang, "home_search")).click()
        expect(page.locator("h1").first).to_have_text(t(lang, "nav_faq"))
        # The situation that answers it opens first: its question and ruling, then the board.
        expect(page.get_by_text(texts["question"]).first).to_be_visible()
        expect(page.get_by_role("combobox", name=t(lang, "scenario_pick"), exact=True)).to_have_value(texts["title"])
        if width < 600:
            eventually(lambda: page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth + 1"),
                       "the page no wider than the screen")
        shot(page, f"faq_question_{lang}_{width}_{sid}")
        # The FAQ's own box: "countess prince" opens the Countess with a Prince, not the Princess.
        box = page.get_by_label(t(lang, "faq_search"))
        box.fill("countess prince")
        box.press("Enter")
        prince = scenarios()["trap-countess-prince"].text[lang]
        expect(page.get_by_text(prince["question"]).first).to_be_visible()
    finally:
        page.context.close()


# --- point 4 (and 8) -------------------------------------------------------------------------------

@pytest.mark.parametrize("lang,width", [("en", 1280), ("es", 390), ("fr", 390)])
def test_the_worked_example_is_a_real_round_stepped_through_or_skipped_in_chromium(browser, server, lang, width):
    from tutor.text.example import example_steps, turn_play

    steps = example_steps()
    frames = [(k, i) for i, s in enumerate(steps) for k in (("question", "outcome") if s.decision else ("outcome",))]
    total = len(frames)
    step_text = lambda n: t(lang, "step", n=n, total=total)  # noqa: E731
    page = new_page(browser, width)
    try:
        open_url(page, f"{server}/example?step=1&lang={lang}", t(lang, "nav_example"))
        expect(page.get_by_text(step_text(1), exact=True)).to_be_visible()
        # A double tap on Next moves one frame: the question of Ana's first turn (it skipped to 3).
        page.get_by_role("button", name=t(lang, "next")).dblclick()
        expect(page.get_by_text(step_text(2), exact=True)).to_be_visible()
        expect(page.get_by_role("heading", name=t(lang, "what_would_you_play", player="Ana"))).to_be_visible()
        settled(page)
        expect(page.get_by_text(step_text(2), exact=True)).to_be_visible()  # and stays there
        # From Marta's returned turn the learner skips the turns the text skips — or steps through them.
        protection = frames.index(("outcome", next(i for i, s in enumerate(steps) if s.key == "example_protection"))) + 1
        open_url(page, f"{server}/example?step={protection}&lang={lang}")
        page.get_by_role("button", name=t(lang, "next")).click()
        first_skipped = next(s for s in steps if s.key == "example_skipped")
        expect(page.get_by_text(t(lang, "example_skipped", turn=first_skipped.turn,
                                  player=["Ana", "Luis", "Marta"][first_skipped.player],
                                  play=turn_play(first_skipped, lang)))).to_be_visible()
        settled(page, 300)  # the first skipped turn drawn and its run over: the skip button is its own
        page.get_by_role("button", name=t(lang, "example_skip_all")).click()
        skip = next(s for s in steps if s.key == "example_skip")
        expect(page.get_by_text(t(lang, "example_skip_seat", turn=skip.turn, player="Ana"))).to_be_visible()
        # The last turn is a question again, from Marta's seat: naming the King is as good as the example.
        settled(page, 300)  # (a tap before the run is over can reach the button of the frame before)
        page.get_by_role("button", name=t(lang, "next")).click()
        expect(page.get_by_role("heading", name=t(lang, "what_would_you_play", player="Marta"))).to_be_visible()
        choose(page, t(lang, "card"), card_label(Card.GUARD, E2019, lang))
        choose(page, t(lang, "target"), "Ana")
        choose(page, t(lang, "guess"), card_label(Card.KING, E2019, lang))
        page.get_by_role("button", name=t(lang, "play")).click()
        praise = t(lang, "example_as_good", player="Marta", mine="{}", theirs="{}", action="{}").split("{}")[0]
        expect(page.get_by_text(praise).first).to_be_visible()
        # The showdown: the set-aside card is turned face up, the King beats the Priest.
        page.get_by_role("button", name=t(lang, "next")).click()
        expect(page.get_by_text(step_text(total), exact=True)).to_be_visible()
        princess = card_label(Card.PRINCESS, E2019, lang)
        expect(page.get_by_text(t(lang, "example_set_aside", card=princess))).to_be_visible()
        # The board's top row (the deck, the set-aside card), not the sentence that names the card.
        top = page.locator(".ll-row").filter(has_text=t(lang, "deck")).filter(has_text=t(lang, "set_aside")).first
        expect(top.locator(".ll-card")).to_have_count(1)
        expect(top.locator(".ll-card")).to_contain_text(princess.split(" (")[0])
        expect(page.get_by_text(t(lang, "example_text_note"))).to_be_visible()
        if width < 600:
            eventually(lambda: page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth + 1"),
                       "the page no wider than the screen")
        shot(page, f"example_showdown_{lang}_{width}", height=3200)
    finally:
        page.context.close()


# --- points 6, 9, 12 ------------------------------------------------------------------------------

def test_a_wrong_quiz_answer_gets_a_second_try_not_the_answer_in_chromium(browser, server):
    from solver.teaching.quiz import make_question

    q = make_question("tokens", E2019, 0)
    wrong = next(c for c in q.choices if c != q.answer)
    page = new_page(browser, 390)
    try:
        open_url(page, f"{server}/lessons?lesson=game-end&lang=fr", t("fr", "nav_lessons"))
        page.get_by_role("radiogroup").get_by_text(str(wrong), exact=True).click()
        expect(page.get_by_role("radio", name=str(wrong), exact=True)).to_be_checked()
        check = page.get_by_role("button", name=t("fr", "check"))
        check.evaluate("b => b.scrollIntoView({block: 'end'})")  # the button at the screen's bottom edge
        check.click()
        expect(page.get_by_text(t("fr", "wrong_try_again"))).to_be_visible()
        # brought into view on the phone (it opened below the fold: the learner saw no change)
        verdict_box = page.get_by_text(t("fr", "wrong_try_again"))
        in_first_screen(page, verdict_box, "the quiz's verdict in view")
        expect(page.get_by_text(t("fr", "wrong", answer="{}").split("{}")[0].strip())).to_have_count(0)
        page.get_by_role("radiogroup").get_by_text(str(q.answer), exact=True).click()
        expect(page.get_by_role("radio", name=str(q.answer), exact=True)).to_be_checked()
        page.get_by_role("button", name=t("fr", "check")).click()
        expect(page.get_by_text(t("fr", "correct_second"))).to_be_visible()
        expect(page.get_by_role("button", name=t("fr", "check"))).to_be_disabled()
        shot(page, "quiz_second_try_fr_390")
    finally:
        page.context.close()


def test_a_name_the_notation_cannot_hold_is_refused_as_it_is_typed_in_chromium(browser, server):
    from tutor.text.plays import name_problem

    page = new_page(browser, 1280)
    try:
        open_url(page, f"{server}/analyzer?lang=es", t("es", "nav_analyzer"))
        field = page.get_by_label(t("es", "an_names"))
        field.fill("A|B,Luis")
        field.press("Enter")
        expect(page.get_by_text(name_problem("A|B,Luis", "es"))).to_be_visible()
        expect(page.get_by_role("button", name=t("es", "an_start"))).to_be_disabled()
        field.fill("Ana,Luis")
        field.press("Enter")
        expect(page.get_by_text(name_problem("A|B,Luis", "es"))).to_have_count(0)
    finally:
        page.context.close()


@pytest.mark.parametrize("path", ["/?lang=en", "/faq?lang=fr", "/practice?lang=es"])
def test_icons_never_show_their_names_even_when_their_font_is_slow_in_chromium(browser, server, path):
    """A first visit showed "play_circle", "query_stats", "sports_esports" until the icon font came:
    the app draws no Material icon of its own, and Streamlit's (the sidebar's, an expander's) are
    blank until their font arrives — here it never does."""
    page = new_page(browser, 1280)
    page.context.route(re.compile(r".*MaterialSymbols.*"), lambda route: route.abort())
    try:
        open_url(page, f"{server}{path}")
        page.wait_for_timeout(3500)  # the font's block period: after it a missing font shows the words
        widths = page.evaluate("() => [...document.querySelectorAll('[data-testid=stIconMaterial]')]"
                               ".filter(e => e.offsetParent !== null).map(e => [e.textContent, e.scrollWidth])")
        assert widths and all(w <= 24 for _, w in widths), widths  # an icon's box, never a word's
        ours = page.evaluate("() => [...document.querySelectorAll('[data-testid=stMain] [data-testid=stIconMaterial]')]"
                             ".map(e => e.textContent).filter(x => !/^(keyboard_arrow|expand_|chevron)/.test(x))")
        assert ours == []
    finally:
        page.context.close()


# --- issue 42, point 3: lessons that lead -------------------------------------------------------

@pytest.mark.parametrize("lang", ["es", "fr"])
def test_next_lesson_lands_at_its_title_and_each_example_step_is_one_tap_in_chromium(browser, server, lang):
    page = new_page(browser, 390)
    try:
        open_url(page, f"{server}/lessons?lang={lang}", t(lang, "nav_lessons"))
        done = page.get_by_role("button", name=t(lang, "mark_done"), exact=True)
        done.scroll_into_view_if_needed()
        done.click()
        title = page.locator("h2#lesson")
        expect(title).to_be_visible()
        settled(page, pause_ms=500)
        # it landed 310 px above the screen, the next quiz in view first
        eventually(lambda: 0 <= top(title) < 200, "the next lesson's title at the top")
        shot(page, f"next_lesson_{lang}_390")
        # The worked example: Next beside what happened, on the first screen of a phone, at every step.
        from tutor.text.example import example_steps

        total = sum(2 if s.decision else 1 for s in example_steps())
        open_url(page, f"{server}/example?lang={lang}", t(lang, "nav_example"))
        nxt = page.get_by_role("button", name=t(lang, "next"), exact=True)
        for n in range(2, 5):
            # one Next: a step's run replaces the button (its key names its step), and under load the step
            # before's, greyed, still stood beside the new one (a strict-mode error on two buttons)
            expect(nxt).to_have_count(1)
            expect(nxt).to_be_visible()
            in_first_screen(page, nxt, "Next on the first screen")
            nxt.click()
            expect(page.get_by_text(t(lang, "step", n=n, total=total), exact=True)).to_be_visible()
            settled(page, pause_ms=300)
        shot(page, f"example_step_{lang}_390")
    finally:
        page.context.close()


def test_a_lessons_scenario_link_looks_like_a_link_and_one_back_returns_in_chromium(browser, server):
    """Issue 42, point 3: "Try it on the table" links are underlined, and the first Back from the FAQ
    they open returns to the lesson (every page wrote its URL parameters at each run: three Backs)."""
    page = new_page(browser, 1280)
    try:
        open_url(page, f"{server}/lessons?lang=es&lesson=spy-chancellor", t("es", "nav_lessons"))
        link = page.locator("[data-testid='stPageLink-NavLink']").filter(has_text="Chanciller").first
        expect(link).to_be_visible()
        # (the page's style can come a moment after the link: waited for, never read once)
        eventually(lambda: "underline" in link.locator("p").first.evaluate("e => getComputedStyle(e).textDecorationLine"),
                   "the link underlined")
        link.click()
        expect(page.locator("h1").first).to_have_text(t("es", "nav_faq"))
        settled(page, pause_ms=800)
        page.go_back()
        expect(page.locator("h1").first).to_have_text(t("es", "nav_lessons"))
        assert "/lessons" in page.url
    finally:
        page.context.close()
