"""AppTest for every page and the main interactions."""

from streamlit.testing.v1 import AppTest

from solver import get_edition
from tutor.text.curriculum import load_lessons
from tutor.text.example import example_steps

from . import app_support
from .app_support import APP, edition_box, example_button


def app(**params):
    return app_support.app(timeout=30, **params)


def lessons_page(**params):
    return app(**params).switch_page("views/lessons.py").run()


def test_every_page_runs_without_exception():
    at = app()
    assert not at.exception
    for page in ("views/example.py", "views/faq.py", "views/practice.py", "views/analyzer.py", "views/rulings.py",
                 "views/reference.py", "views/lessons.py", "views/home.py"):
        at.switch_page(page).run()
        assert not at.exception, page


def test_lessons_progress_and_next_lesson():
    at = lessons_page()
    lessons = load_lessons()
    assert at.selectbox(key="lesson-pick-en").value == lessons[0].id
    at.button(key=f"done-{lessons[0].id}").click().run()
    assert not at.exception
    assert at.session_state["done"] == [lessons[0].id]
    assert at.selectbox(key="lesson-pick-en").value == lessons[1].id


def test_quiz_is_graded_by_the_engine():
    at = app(lesson="game-end")  # an old link to a lesson (the root URL) still opens it
    q_radio = at.radio[0]
    assert q_radio.value is None  # no answer is pre-selected
    # the game-end lesson asks "tokens": the engine's answer is the edition's target.
    from solver.teaching.quiz import make_question

    q = make_question("tokens", get_edition("2019"), 0)
    q_radio.set_value(q.answer).run()
    at.button(key="check-game-end-0").click().run()
    assert at.success and "Correct" in at.success[0].value
    at = app(lesson="game-end")  # a wrong answer, twice: the second time the answer and why
    wrong = [c for c in q.choices if c != q.answer][:2]
    for w in wrong:
        at.radio[0].set_value(w).run()
        at.button(key="check-game-end-0").click().run()
    assert at.error and str(q.answer) in at.error[0].value
    why = f"With {q.params['players']} players, {q.answer} favor tokens win the game."
    assert any(why in m.value for m in at.markdown)  # the reason, not only the number


def test_worked_example_steps_forward_and_back():
    at = app()
    at.switch_page("views/example.py").run()
    assert "Ana, Luis and Marta" in at.info[0].value
    example_button(at, "next").click().run()  # question frame: what would Ana play?
    assert "What would Ana play?" in at.subheader[0].value
    example_button(at, "next").click().run()
    assert "Luis holds a Prince" in at.info[0].value
    example_button(at, "back").click().run()
    assert "What would Ana play?" in at.subheader[0].value
    assert at.query_params["step"] == ["2"] or at.query_params["step"] == "2"


def _submit(at):
    [b for b in at.button if "Play" in str(b.label)][0].click().run()


def test_example_question_answered_and_illegal_choice_explained():
    at = app(step="6")  # Ana holds the Countess and a Prince
    at.switch_page("views/example.py").run()
    assert "What would Ana play?" in at.subheader[0].value
    at.selectbox(key="ex-3-card").set_value(5)  # the Prince, on Luis
    at.selectbox(key="ex-3-target").set_value(1)
    _submit(at)
    assert at.error and "You must play the Countess: you also hold the Prince (5)." in at.error[0].value
    at.selectbox(key="ex-3-card").set_value(8)
    at.selectbox(key="ex-3-target").set_value(-1)
    _submit(at)
    assert not at.error
    assert at.success and "it is what Ana plays" in at.success[0].value


def test_example_walks_to_the_end_and_shows_the_token():
    at = app()
    at.switch_page("views/example.py").run()
    frames = sum(2 if s.decision else 1 for s in example_steps())
    for _ in range(frames - 1):
        example_button(at, "next").click().run()
    assert not at.exception
    assert "Ana wins a favor token" in at.info[0].value
    assert example_button(at, "next").disabled


def test_switch_language_and_edition():
    at = app()
    at.sidebar.selectbox(key="lang").select("es").run()
    assert at.query_params["lang"] in ("es", ["es"])
    at.switch_page("views/reference.py").run()
    assert "Referencia de reglas" in at.title[0].value
    edition_box(at).select("classic").run()
    cards = [m.value for m in at.markdown if 'class="ll-block"' in m.value]
    assert len(cards) == len(get_edition("classic").cards)
    assert "Guardia" in cards[0] and "Clásica (16 cartas)" in at.subheader[0].value
    # back to English from the sidebar: the edition picker speaks English (a widget per language: the
    # browser kept "Edición 2019 (21 cartas)" on an English page) and keeps the edition chosen
    at.sidebar.selectbox(key="lang").select("en").run()
    box = edition_box(at)
    assert box.key == "edition-en" and box.value == "classic" and "Classic (16 cards)" in box.options
    assert not any("cartas" in o for o in box.options)


def test_link_with_parameters_opens_the_same_view():
    at = AppTest.from_file(APP, default_timeout=30)
    at.query_params["lang"] = "fr"
    at.query_params["edition"] = "classic"
    at.query_params["lesson"] = "prince"
    at.run()
    assert not at.exception
    assert at.selectbox(key="lesson-pick-fr").value == "prince"
    assert at.header[0].value == "Le Prince"


def test_default_language_from_browser_locale():
    at = AppTest.from_file(APP, default_timeout=30)
    at.context["locale"] = "es-ES"
    at.run()
    assert not at.exception
    assert at.sidebar.selectbox(key="lang").value == "es" and at.title[0].value == "Love Letter"
    assert "¿Qué quieres hacer?" in at.markdown[0].value


def test_unknown_values_in_the_url_fall_back():
    at = app(edition="<script>", lang="xx", lesson="nope")
    assert not at.exception
    assert edition_box(at).value == "2019"


def test_faq_scenario_played_and_ruling_shown():
    at = app(lang="en")
    at.switch_page("views/faq.py").run()
    at.selectbox(key="faq").select("trap-countess-king").run()
    assert not at.exception
    assert "Ana must play the Countess and keeps the King" in at.info[0].value  # the ruling comes first
    assert any("The Countess has no effect when played." in s.value for s in at.success)  # then the demonstration
    assert not at.error


def _board_script():
    from solver.teaching.scenario import play_out
    from tutor.widgets.board import show_board
    from tutor.text.scenarios import scenarios

    sc = scenarios()["trap-baron-own-loss"]  # Ana is out: no hand, two discards
    show_board(play_out(sc).final, sc.players, "en")


def test_each_seat_of_the_board_is_one_element_whatever_it_holds():
    """A seat with no hand, or no discards, is as many elements as one with both: the practice page
    redraws its board in place during the bots' turns, and Streamlit keeps an earlier drawing's
    extra elements there (a knocked-out bot showed its discards twice)."""
    at = AppTest.from_function(_board_script).run()
    assert not at.exception
    seats = at.columns
    assert len(seats) == 3
    for seat in seats:
        assert len(seat.children) == 1
    assert "Out of the round" in seats[0].markdown[0].value and "Discards" in seats[0].markdown[0].value


def test_practice_says_what_each_kind_of_bot_does_in_plain_words():
    """'ISMCTS' was jargon for a beginner, and nothing said which bot is strongest: the choices
    read 'searching bots', 'advisor bots (strongest)', 'random (weakest)', and a help text says
    what each kind of bot does (and how the advisor bots fared in the strength tests), in each
    language."""
    from solver.words.i18n import t

    from .app_support import page

    strongest = {"en": "(strongest)", "es": "(los más fuertes)", "fr": "(les plus forts)"}
    for lang in ("en", "es", "fr"):
        at = page("views/practice.py", lang=lang)
        assert not at.exception and not at.error
        bots = at.radio(key="pr_bots")
        assert bots.help == t(lang, "pr_bots_help") and "ISMCTS" not in bots.help
        assert not any("ISMCTS" in x for x in bots.options), bots.options
        assert bots.options[-1] == t(lang, "pr_bots_advisor") and bots.options[-1].endswith(strongest[lang])
        assert sum(strongest[lang] in x for x in bots.options) == 1
        assert bots.value == "card-counter"  # by default (a random bot played its Princess at once)


def test_the_saved_practice_link_opens_in_the_language_it_was_played_in():
    """The 'Save this game' link (a game played in Spanish) carried the record and tokens but no
    language: opened in a new page, the game resumed in English (or the browser's language)."""
    from urllib.parse import parse_qs, urlsplit

    from .app_support import page

    for lang in ("es", "fr"):
        at = page("views/practice.py", lang=lang)
        at.number_input(key="pr_seed").set_value(1)  # game 1: the person's turn comes (a new deal might end first)
        at.button(key="pr-new").click().run()
        assert not at.exception and not at.error
        links = [c.value for c in at.code if "practice?" in c.value]
        assert links, [c.value for c in at.code]
        query = parse_qs(urlsplit(links[0]).query)
        assert query["lang"] == [lang] and "record" in query
