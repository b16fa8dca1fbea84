"""Issue 49's journeys in a real browser (Debian chromium driven by Playwright, never a browser
download), on a phone (Playwright's "iPhone 13": its user agent, touch, 390 px) and at 1280 px, in
English, Spanish and French. Every assertion waits for what it asserts (`expect`, or `eventually` for a
measure of the page, an element in transition being "not yet"): nothing is read once.

* point 1: after "Advise me" in the guided form, the verdict is brought into view;
* point 2: the guided form offers only a card the viewer may draw (Ana saw Luis's only King);
* point 3: "next lesson" is the lesson after the one read; the lesson picker speaks the page's
  language after a switch; a quiz with several right answers says so by the question, and Check with
  nothing chosen uses no try; the worked example's Next stays in one place, so repeated taps land;
* point 4: the FAQ search forgives a phone's typos, and the FAQ it opens starts at its top (point 9);
* point 6: practice's hand is the buttons, and on a phone "Your turn" and the hand are on the first
  screen (from a saved link, and after "New game" at the foot of its form); French says "jeton".

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

from .browser_support import (HAND, WAIT_MS, bottom, box, choose, eventually, expect, holds, in_first_screen,
                              new_page, open_url, phone_screen, settled, shot, stays_put, top, verdict)

E2019 = get_edition("2019")
#: Streamlit's header covers the top of a phone's screen: "in view" is below it.
HEADER = 60


def _pill(page, label: str, option: str) -> None:
    """Choose `option` among the pills headed `label` (the last such group), once it is drawn."""
    group = page.locator("[data-testid='stButtonGroup']").filter(has_text=label).last
    pill = group.get_by_role("radio", name=option, exact=True)
    expect(pill).to_be_visible()
    settled(page, pause_ms=300, timeout_ms=WAIT_MS)
    pill.click()  # (the turn's last detail adds the turn: its pills are gone, the next field's come)
    settled(page, pause_ms=400, timeout_ms=WAIT_MS)


def _enter_until_anas_draw(page, server: str, lang: str) -> None:
    """The guided form: a 2-player 2019 round; Ana (the viewer) draws a Priest and sees Luis's King
    (the only one), Luis's Guard misses her; then it is Ana's turn to draw."""
    lab = lambda c: card_label(c, E2019, lang)  # noqa: E731
    open_url(page, f"{server}/analyzer?lang={lang}&edition=2019", t(lang, "nav_analyzer"))
    choose(page, t(lang, "an_dealt"), lab(Card.GUARD))
    for i, c in enumerate((Card.GUARD, Card.SPY, Card.HANDMAID), start=1):
        choose(page, f"{t(lang, 'face_up')} {i}", lab(c))
    start = page.get_by_role("button", name=t(lang, "an_start"))
    expect(start).to_be_enabled()
    start.click()
    _pill(page, t(lang, "entry_drew"), lab(Card.PRIEST))
    _pill(page, t(lang, "entry_card"), lab(Card.PRIEST))  # on Luis, the only other player: forced
    _pill(page, t(lang, "entry_saw"), lab(Card.KING))
    _pill(page, t(lang, "entry_card"), lab(Card.GUARD))  # Luis's Guard on Ana (forced), naming the Prince
    _pill(page, t(lang, "guess"), lab(Card.PRINCE))  # a miss: Ana holds a Guard (filled in)
    expect(page.get_by_text(t(lang, "an_turn_of", n=3, player="Ana"))).to_be_visible()


def to_the_foot(page) -> None:
    """Scroll the page to its foot, as a thumb does (Streamlit's page scrolls inside its main block)."""
    main = page.locator("[data-testid='stMain']")
    eventually(lambda: main.evaluate("e => (e.scrollTo(0, e.scrollHeight), e.scrollTop > 200)"),
               "the page scrolled down")


def _page(browser, server, width: int):
    return new_page(browser, width, 900)


# --- points 1 and 2 --------------------------------------------------------------------------------

@pytest.mark.parametrize("lang,width", [("fr", 390), ("es", 390), ("en", 1280)])
def test_advise_me_brings_the_verdict_into_view_and_the_form_offers_only_a_card_ana_may_draw_in_chromium(
        browser, server, lang, width):
    page = _page(browser, server, width)
    try:
        _enter_until_anas_draw(page, server, lang)
        drew = page.locator("[data-testid='stButtonGroup']").filter(has_text=t(lang, "entry_drew")).last
        # Point 2: Ana saw Luis's only King: never offered as her draw (it was, then refused in red)
        expect(drew.get_by_role("radio", name=card_label(Card.BARON, E2019, lang), exact=True)).to_be_visible()
        expect(drew.get_by_role("radio", name=card_label(Card.PRINCESS, E2019, lang), exact=True)).to_be_visible()
        expect(drew.get_by_role("radio", name=card_label(Card.KING, E2019, lang), exact=True)).to_have_count(0)
        _pill(page, t(lang, "entry_drew"), card_label(Card.BARON, E2019, lang))
        # Point 1: "Advise me", far down the form: the verdict at the page's top comes into view
        advise = page.get_by_role("button", name=t(lang, "an_advise_me"))
        advise.scroll_into_view_if_needed()
        advise.click()
        first = verdict(page, lang)
        expect(first).to_be_visible()
        in_first_screen(page, first, "the verdict in view after 'Advise me'",
                        screen=phone_screen() if width < 600 else 900, header=HEADER if width < 600 else 0)
        expect(page.get_by_text(t(lang, "an_your_decision"))).to_be_visible()
        expect(page.locator("[data-testid='stAlert']").filter(
            has_text=t(lang, "err_at_turn", n=3, what="§").split("§")[0])).to_have_count(0)  # no refusal
        shot(page, f"advise_me_verdict_{lang}_{width}")
    finally:
        page.context.close()


# --- point 3 -----------------------------------------------------------------------------------------

@pytest.mark.parametrize("lang,width", [("fr", 390), ("es", 390), ("en", 1280)])
def test_next_lesson_is_the_one_after_the_lesson_read_in_chromium(browser, server, lang, width):
    from tutor.text.curriculum import load_lessons

    ids = [lesson.id for lesson in load_lessons()]
    after = load_lessons()[ids.index("prince") + 1]
    page = _page(browser, server, width)
    try:
        open_url(page, f"{server}/lessons?lesson=prince&lang={lang}", t(lang, "nav_lessons"))
        title = page.locator("h2#lesson")
        expect(title).to_have_text(load_lessons()[ids.index("prince")].title(lang))
        done = page.get_by_role("button", name=t(lang, "mark_done"), exact=True)
        done.scroll_into_view_if_needed()
        done.click()
        expect(title).to_have_text(after.title(lang))  # not "Setting up", the first lesson not done
        picker = page.get_by_role("combobox", name=t(lang, "lesson_pick"), exact=True)
        expect(picker).to_have_value(after.title(lang))
        shot(page, f"next_after_prince_{lang}_{width}")
    finally:
        page.context.close()


def test_the_lesson_picker_speaks_spanish_after_a_switch_on_desktop_in_chromium(browser, server):
    page = _page(browser, server, 1280)
    try:
        open_url(page, f"{server}/lessons?lesson=prince&lang=en", t("en", "nav_lessons"))
        expect(page.get_by_role("combobox", name=t("en", "lesson_pick"), exact=True)).to_have_value("The Prince")
        choose(page, "Language · Idioma · Langue", "Español")
        expect(page.locator("h1").first).to_have_text(t("es", "nav_lessons"))
        expect(page.locator("h2#lesson")).to_have_text("El Príncipe")
        # the picker's words follow (it still read "The Prince" above "El Príncipe")
        expect(page.get_by_role("combobox", name=t("es", "lesson_pick"), exact=True)).to_have_value("El Príncipe")
    finally:
        page.context.close()


@pytest.mark.parametrize("lang,width", [("es", 390), ("en", 1280)])
def test_several_right_answers_are_said_by_the_question_and_an_empty_check_uses_no_try_in_chromium(
        browser, server, lang, width):
    from solver.teaching.quiz import make_question

    seed = next(s for s in range(20) if len(make_question("legal-cards", E2019, s).answer) == 2)
    q = make_question("legal-cards", E2019, seed)
    wrong = min(q.answer)  # one of the two right cards alone: a wrong answer (a card left out)
    page = _page(browser, server, width)
    try:
        open_url(page, f"{server}/lessons?lesson=turn&lang={lang}", t(lang, "nav_lessons"))
        # the question of this seed (a new question until it comes: its seed is the session's)
        for _ in range(seed):
            page.get_by_role("button", name=t(lang, "new_question")).click()
            settled(page, pause_ms=300, timeout_ms=WAIT_MS)
        several = page.get_by_text(t(lang, "quiz_pick_many"), exact=True)
        expect(several).to_be_visible()  # in the page, not behind a "?"
        answers = page.locator("[data-testid='stButtonGroup']").last
        eventually(lambda: 0 <= top(answers) - bottom(several) < 120, "said right above the answers")
        check = page.get_by_role("button", name=t(lang, "check"))
        check.click()  # nothing chosen
        expect(page.get_by_text(t(lang, "quiz_pick"), exact=True)).to_be_visible()
        # no try used: a wrong answer next is a first try ("try again"), not the answer given away
        answers.get_by_text(card_label(wrong, E2019, lang).split(" (")[0], exact=True).first.click()
        settled(page, pause_ms=300, timeout_ms=WAIT_MS)
        check.click()
        expect(page.get_by_text(t(lang, "wrong_try_again"))).to_be_visible()
        expect(page.get_by_text(t(lang, "wrong", answer="§").split("§")[0].strip())).to_have_count(0)
        shot(page, f"quiz_several_{lang}_{width}")
    finally:
        page.context.close()


@pytest.mark.parametrize("lang", ["es", "fr", "en"])
def test_the_worked_examples_next_stays_in_one_place_and_repeated_taps_land_on_a_phone_in_chromium(
        browser, server, lang):
    """Next moved between y = 298 and y = 453 from step to step: repeated taps at one place missed."""
    from tutor.text.example import example_steps

    total = sum(2 if s.decision else 1 for s in example_steps())
    page = _page(browser, server, 390)
    try:
        open_url(page, f"{server}/example?lang={lang}", t(lang, "nav_example"))
        nxt = page.get_by_role("button", name=t(lang, "next"), exact=True)
        expect(nxt).to_be_visible()
        in_first_screen(page, nxt, "Next on the first screen", header=HEADER)
        y0 = stays_put(nxt, "Next standing still")
        where = box(nxt)
        x, y = where["x"] + where["width"] / 2, where["y"] + where["height"] / 2
        for n in range(2, 9):  # question frames and outcome frames, with words of every length
            page.touchscreen.tap(x, y)  # the same place on the screen, each time
            expect(page.get_by_text(t(lang, "step", n=n, total=total), exact=True)).to_be_visible()
            settled(page, pause_ms=300, timeout_ms=WAIT_MS)
            eventually(lambda: abs(top(nxt) - y0) <= 2, f"Next at the same place at step {n}")
        shot(page, f"example_next_in_place_{lang}_390")
    finally:
        page.context.close()


# --- point 4 -----------------------------------------------------------------------------------------

#: Each language once and each screen once; every typo's search ("countes king" too) is checked without a
#: browser (tests/tutor/test_faq_search.py).
TYPOS = [("en", 1280, "baron tye", "trap-baron-tie"), ("fr", 390, "prinsess discard", "faq-prince-princess-empty-deck"),
         ("es", 390, "condesa y rei", "trap-countess-king")]


@pytest.mark.parametrize("lang,width,words,sid", TYPOS, ids=[q[2] for q in TYPOS])
def test_the_faq_search_forgives_a_phones_typos_in_chromium(browser, server, lang, width, words, sid):
    from tutor.text.scenarios import scenarios

    texts = scenarios()[sid].text[lang]
    page = _page(browser, server, width)
    try:
        if width < 600:  # the FAQ seen once (its page then drawn at once: a first drawing, short, reset the scroll)
            open_url(page, f"{server}/faq?lang={lang}", t(lang, "nav_faq"))
        open_url(page, f"{server}/?lang={lang}", t(lang, "home_title"))
        if width < 600:  # a phone user scrolls down the journeys to the search box (and past it)
            to_the_foot(page)
        page.get_by_label(t(lang, "faq_search")).fill(words)
        page.get_by_role("button", name=t(lang, "home_search")).click()
        expect(page.locator("h1").first).to_have_text(t(lang, "nav_faq"))
        expect(page.get_by_role("combobox", name=t(lang, "scenario_pick"), exact=True)).to_have_value(texts["title"])
        question = page.get_by_text(texts["question"]).first
        expect(question).to_be_visible()
        if width < 600:  # the FAQ opens at its top: it kept the home page's scroll (down at the search box),
            # and its question and ruling stood under the header, the page half a screen down
            in_first_screen(page, page.locator("h1").first, "the FAQ's title on the first screen", header=HEADER)
            in_first_screen(page, question, "the question on the first screen", header=HEADER)
            ruling = page.locator("[data-testid='stAlert']").filter(has_text=t(lang, "ruling")).first
            eventually(lambda: holds(lambda: top(ruling), lambda y: HEADER <= y < phone_screen() - 60),
                       "the ruling begins on the first screen")
        shot(page, f"faq_typo_{lang}_{width}_{sid}")
    finally:
        page.context.close()


# --- point 6 -----------------------------------------------------------------------------------------

def _saved_game(n: int, edition: str):
    """A saved practice game (a link) at the person's first turn, two different cards in hand."""
    from solver.advice.practice import save, start

    names = ("You", "Ana", "Luis", "Marta")[:n]
    for k in range(1, 200):
        game = start(edition, names, 0, "card-counter", seed=k, first_player=0, seconds=0.05)
        if game.my_turn and len(set(game.game.round.hands[0])) == 2:
            return game, save(game)
    raise AssertionError("no such game")


@pytest.mark.parametrize("lang,width,n,edition", [("fr", 390, 4, "2019"), ("es", 390, 2, "classic"),
                                                  ("en", 1280, 3, "2019")])
def test_practice_your_cards_are_the_buttons_and_on_a_phone_your_hand_is_on_the_first_screen_in_chromium(
        browser, server, lang, width, n, edition):
    game, saved = _saved_game(n, edition)
    e = get_edition(edition)
    hand = [card_label(c, e, lang) for c in game.game.round.hands[0]]
    page = _page(browser, server, width)
    try:
        open_url(page, f"{server}/practice?{urlencode({**saved, 'lang': lang})}", t(lang, "nav_practice"))
        your_turn = page.get_by_text(t(lang, "pr_your_turn"), exact=True)
        expect(your_turn).to_be_visible()
        cards = page.locator(HAND)
        expect(cards).to_have_count(2)
        for label in hand:  # each card of the hand is a button named as the card, drawn as the card
            button = cards.get_by_role("button", name=label, exact=True)
            expect(button).to_be_visible()
            card = cards.filter(has=page.get_by_role("button", name=label, exact=True)).locator(".ll-card")
            expect(card).to_contain_text(label.split(" (")[0])
        if width < 600:  # "Your turn" and the whole hand on the first screen (they started 1.5 screens down)
            in_first_screen(page, your_turn, "'Your turn' on the first screen", header=HEADER)
            for label in hand:
                in_first_screen(page, cards.get_by_role("button", name=label, exact=True),
                                f"{label} on the first screen", header=HEADER)
        play = page.get_by_role("button", name=t(lang, "play"), exact=True)
        expect(play).to_be_disabled()
        # tap the card itself: it is chosen (ringed), and the play is said once whole
        playable = cards.locator("button:enabled").first
        name = playable.get_attribute("aria-label") or playable.inner_text()
        playable.click()
        expect(page.locator(HAND + "[class*='-on']")).to_have_count(1)
        expect(page.locator(HAND + "[class*='-on']").get_by_role("button")).to_have_accessible_name(name.strip())
        if lang == "fr":  # "jeton" throughout ("5 jetons pour gagner" stood beside "gagne un pion")
            main = page.locator("[data-testid='stMain']")
            expect(main).to_contain_text("jetons")
            expect(main).not_to_contain_text(re.compile(r"\b[Pp]ions?\b"))
        shot(page, f"practice_hand_buttons_{lang}_{width}_{n}p")
    finally:
        page.context.close()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_new_game_on_a_phone_opens_with_your_turn_and_your_hand_on_the_first_screen_in_chromium(
        browser, server, lang):
    """"New game" is at the foot of its form, a screen down on a phone: the game started there, its hand
    and "Your turn" above the screen (the page kept its scroll)."""
    page = _page(browser, server, 390)
    try:
        open_url(page, f"{server}/practice?lang={lang}", t(lang, "nav_practice"))
        to_the_foot(page)  # "New game" is at the foot of its form
        # game 2: you play first (a random deal could end before your turn: a bot's Guard knocked you out)
        page.get_by_role("spinbutton", name=t(lang, "pr_seed")).fill("2")
        page.get_by_role("button", name=t(lang, "pr_new"), exact=True).click()
        expect(page.get_by_text(t(lang, "pr_game_number", n=2), exact=True)).to_be_visible()
        your_turn = page.get_by_text(t(lang, "pr_your_turn"), exact=True)
        expect(your_turn).to_be_visible()  # (a bot may play first: its turn is shown, then yours)
        cards = page.locator(HAND)
        expect(cards).to_have_count(2)
        heading = page.get_by_text(re.compile("^" + re.escape(t(lang, "pr_round_of", round=1, n=99)).replace("99", r"\d+")))
        in_first_screen(page, heading.first, "the round's heading on the first screen", header=HEADER)
        in_first_screen(page, your_turn, "'Your turn' on the first screen", header=HEADER)
        for k in range(2):
            in_first_screen(page, cards.nth(k).get_by_role("button"), f"card {k + 1} on the first screen",
                            header=HEADER)
        shot(page, f"practice_new_game_first_screen_{lang}_390")
    finally:
        page.context.close()
