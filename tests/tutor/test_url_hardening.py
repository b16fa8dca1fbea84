"""Hostile URL parameters (issue 13): the page still works and shows a translated message."""

import pytest

from solver import LoveLetterError

from .app_support import page


@pytest.mark.parametrize("step", ["\u1369", "\u0663", "9" * 5000, "-1", "x"])
def test_example_step_with_odd_digits_opens_the_first_step(step):
    at = page("views/example.py", step=step)
    assert not at.exception
    assert at.session_state["ex_frame"] == 0


@pytest.mark.parametrize("record", [
    "2019 A,B" + " " * 64000 + "x",
    "2019 ![x](http://example.invalid/a.png),B first:A",
    "2019 A,B first:A dealt:" + "5" * 5000,
    "2019 A,B,C first:A viewer:A dealt:1 | A +2 out:A out:B/3",
])
def test_analyzer_link_with_hostile_record_shows_an_error_and_the_page_works(record):
    at = page("views/analyzer.py", record=record)
    assert not at.exception
    assert at.error and "example.invalid" not in "".join(e.value for e in at.error)
    assert all("example.invalid" not in m.value for m in at.markdown)


def _link():
    from solver.advice.practice import save, start

    p = start("2019", ("You", "Ana"), 0, "card-counter", seed=1101, first_player=1101 % 2, target=3, seconds=0.05)
    return save(p)


@pytest.mark.parametrize("override", [{"round": "\u1369"}, {"round": "0"}, {"tokens": "9" * 50},
                                      {"seed": "\u0663"}, {"target": "\u1369"}, {"record": "2019 A,B" + " " * 64000}])
def test_practice_link_with_bad_numbers_shows_a_message_and_the_page_works(override):
    at = page("views/practice.py", **{**_link(), **override})
    assert not at.exception
    assert "pr" not in at.session_state and at.session_state["pr_error"]
    # said first, above the forms that fix it, as the link's ("This practice link …" with its reason)
    assert at.error and at.error[0].value.startswith("This practice link ")
    kinds = [node.type for node in at.main.children.values()]
    assert "error" in kinds and kinds.index("error") < kinds.index("expander"), kinds


def test_a_genuine_practice_link_resumes_in_the_page():
    link = _link()
    at = page("views/practice.py", **link)
    assert not at.exception and "pr_error" not in at.session_state
    assert at.session_state["pr"].base is not None


@pytest.mark.parametrize("record", ["2019 A,B,C first:A viewer:A | A +1",
                                    "2019 A,B,C first:B viewer:A dealt:7 | B 5>A | C 4 | A +1"])
def test_advice_without_your_own_cards_says_so(record):
    from solver.records.record import RecordError
    from solver.words.sentences import error_text
    from tutor.answers import advice
    from solver.words.i18n import t

    with pytest.raises(RecordError) as info:
        advice(record, "random", 0.5)
    assert info.value.rule == "viewer-hand-unknown"
    for lang in ("en", "es", "fr"):
        assert error_text(info.value, lang) == t(lang, "rule.viewer-hand-unknown")


@pytest.mark.parametrize("record, lang, words", [
    ("2019 A,B first:A viewer:A dealt:1 | A +2 5>A | B +3 1>A=1 miss", "es", ["Turno 1", "Príncipe"]),
    ("classic A,B first:A viewer:A up:1,1,1 dealt:1 | A +2 2>B=4", "fr", ["Tour 1", "Prêtre"]),
    ("classic A,B first:A viewer:A up:1,1,1 dealt:1 | A +2 2>A", "en", ["Turn 1", "Priest"]),
    ("classic A,B first:A viewer:A up:1,1,1 dealt:7 | A +5 5>B", "es", ["Príncipe", "Condesa"]),
    ("classic A,B first:A viewer:A up:1,1,1 dealt:1 | A +4 4 | B 1>A=2 miss", "en", ["Turn 2", " A "]),
])
def test_a_refused_record_names_its_card_or_player_in_the_users_language(record, lang, words):
    """The notation keeps the detail of a refusal found while replaying the record (its card,
    its target), so the translated sentence names it instead of a generic one."""
    from solver.records.notation import parse_record
    from solver.words.sentences import error_text
    from solver.words.i18n import t

    with pytest.raises(LoveLetterError) as e:
        parse_record(record)
    text = error_text(e.value, lang)
    assert t(lang, "err_generic") not in text
    assert all(w in f" {text} " for w in words), text


def test_a_refusal_whose_guess_is_not_a_card_is_still_translated():
    """The engine refuses a Guard naming something that is no card (rule guess-not-in-edition,
    the raw guess as its parameter): the message is a translated sentence, not a traceback."""
    from solver import Card, Play, apply, new_round
    from solver.words.sentences import error_text
    from solver.words.i18n import t

    r = next(r for r in (new_round("classic", 2, 0, s) for s in range(100))
             if Card.GUARD in r.hands[0] and Card.COUNTESS not in r.hands[0])
    with pytest.raises(LoveLetterError) as e:
        apply(r, Play(Card.GUARD, 1, 42))
    assert e.value.rule == "guess-not-in-edition"
    for lang in ("en", "es", "fr"):
        text = error_text(e.value, lang)
        assert text and "42" not in text and text == t(lang, "err_generic")


def test_the_practice_hint_shows_right_under_the_turn_box():
    """The hint appears under the buttons that ask for it, above the round's log: below the log
    it was off a phone's screen, and the Hint button seemed to do nothing."""
    at = page("views/practice.py", lang="en", **_link())
    at.button(key="pr-hint").click().run()
    assert not at.exception
    order = []

    def walk(block):  # in page order, into the slot under the board that holds the turn and the hint
        for node in block.children.values():
            if node.type == "expander":
                order.append(("expander", node.label))
            elif node.type in ("success", "info"):  # the hint's verdict box (no heading repeats "Hint")
                order.append(("verdict", node.value))
            elif node.type == "markdown" and node.value.startswith("### "):
                order.append(("heading", node.value))
            if node.type != "expander" and getattr(node, "children", None):
                walk(node)

    walk(at.main)
    verdicts = [i for i, (kind, _) in enumerate(order) if kind == "verdict"]
    assert verdicts and verdicts[0] < order.index(("expander", "What happened"))
    assert ("heading", "### Hint") not in order  # the button above says it
    # The model is the bots': no pointer to a model choice practice does not have.
    captions = [c.value for c in at.caption]
    assert any("as the bots at this table do" in c for c in captions)
    assert not any("choose another opponent model" in c for c in captions)


def test_a_practice_game_to_one_token_says_token_in_the_singular():
    from solver.advice.practice import save, start
    from solver.words.i18n import t

    p = start("2019", ("You", "Ana"), 0, "card-counter", seed=1101, first_player=1, target=1, seconds=0.05)
    for lang, heading in (("en", "Round 1 — 1 token wins"), ("es", "Ronda 1 — gana 1 ficha"),
                          ("fr", "Manche 1 — 1 jeton pour gagner")):
        at = page("views/practice.py", lang=lang, **save(p))
        assert not at.exception
        assert heading in [s.value for s in at.subheader], [s.value for s in at.subheader]
    assert t("en", "pr_round_of", round=1, n=3) == "Round 1 — 3 tokens win"


# --- issue 36, point 9: a name the notation cannot hold is refused as it is typed ---------------

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402


def test_a_name_with_notation_characters_is_refused_at_entry_naming_the_character():
    from solver.words.i18n import t
    from tutor.text.plays import name_problem

    from .app_support import page

    assert name_problem("Ana, Luis", "en") is None
    assert name_problem("A|B,Luis", "en").startswith("“|” cannot be in a name (A|B)")
    assert name_problem("P1=3,Ana", "es").startswith("«=» no puede ir en un nombre (P1=3)")
    assert name_problem("Ana,Luis Marta", "fr").startswith("Une espace ne peut pas figurer dans un nom")
    at = page("views/analyzer.py", lang="es")
    at.text_input(key="an_names").input("A|B,Luis").run()
    assert not at.exception
    assert [e.value for e in at.error] == [name_problem("A|B,Luis", "es")]  # before Start, in Spanish
    assert at.button(key="an-start").disabled
    at.text_input(key="an_names").input("Ana,Luis").run()
    assert not at.error


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=40))
def test_the_names_check_agrees_with_the_notation(text):
    from solver import LoveLetterError
    from solver.records.record import check_name
    from tutor.text.plays import name_problem

    def ok(name):
        try:
            check_name(name)
            return True
        except LoveLetterError:
            return False

    names = [x.strip() for x in text.split(",") if x.strip()]
    assert (name_problem(text, "en") is None) == all(ok(n) for n in names)


def test_the_notation_guide_an_error_mentions_is_a_link():
    from solver import LoveLetterError
    from solver.words.i18n import LANGUAGES
    from solver.words.sentences import error_text
    from tutor.text.markup import GUIDE, guide_link

    for lang in LANGUAGES:
        shown = guide_link(error_text(LoveLetterError("x", rule="syntax"), lang), lang)
        assert f"]({GUIDE})" in shown and "[" in shown, shown
    from .app_support import page

    at = page("views/analyzer.py", lang="fr")
    at.text_area(key="an_input").input("2019 Ana,Luis | Ana ??? ").run()
    at.button(key="an-load").click().run()
    errors = [e.value for e in at.error]
    assert errors and all("guide de notation" not in e or f"]({GUIDE})" in e for e in errors)
    ref = page("views/reference.py", lang="fr")
    assert any(h.value == t_fr("ref_notation_title") for h in ref.subheader)


def t_fr(key):
    from solver.words.i18n import t

    return t("fr", key)


@pytest.mark.parametrize("lang", ["en", "es", "fr"])
def test_a_broken_link_says_what_is_wrong_first_and_a_bar_in_a_name_as_when_typed(lang):
    """Issue 42, point 5: the error of a link that cannot be read comes first on the page (it was
    below the whole form), naming what is wrong and how to go on; a "|" in a name (which cuts the
    header) gets the words the form's name field gives."""
    from solver.words.i18n import t
    from tutor.text.plays import name_problem

    at = page("views/analyzer.py", record="2019 Ana,Luis first:Ana viewer:Ana dealt:8 | Ana +1 1>Zed=5 miss", lang=lang)
    assert not at.exception
    first = at.error[0].value
    assert first.startswith(t(lang, "an_link_broken", reason="§").split("§")[0])
    kinds = [type(node).__name__ for node in at.main]
    assert kinds.index("Error") < kinds.index("Caption") < kinds.index("Tab")  # under the title, before the form
    cut = page("views/analyzer.py", record="2019 Ana,Lu|is first:Ana viewer:Ana dealt:8 | Ana +1", lang=lang)
    said = cut.error[0].value
    assert name_problem("Ana,Lu|is", lang) in said and said.startswith(t(lang, "an_link_broken", reason="§").split("§")[0])


# --- issue 49, point 7 ---------------------------------------------------------------------------------

@pytest.mark.parametrize("lang", ["en", "es", "fr"])
def test_a_damaged_practice_link_says_its_advice_once(lang):
    """It read "…start a new game or paste the saved record. Start a new game below, or paste the saved
    record."."""
    from solver.words.i18n import t

    at = page("views/practice.py", **{**_link(), "tokens": "9,9", "lang": lang})
    said = at.error[0].value
    assert said == t(lang, "pr_bad_link")
    paste = {"en": "paste", "es": "pega", "fr": "collez"}[lang]  # the advice, said once
    assert said.count(paste) == 1, said


@pytest.mark.parametrize("override, key, value", [({"seed": "-1"}, "pr_link_seed", "-1"),
                                                   ({"target": "99999"}, "pr_link_target", "99999"),
                                                   ({"round": "999999"}, "pr_link_round", "999999")])
@pytest.mark.parametrize("with_record", [True, False])
def test_absurd_practice_numbers_get_a_clear_word(override, key, value, with_record, lang="fr"):
    """`seed=-1`, `target=99999`, `round=999999`: said, naming the number and its range, with or without
    the saved record (without it, the link was silently ignored)."""
    from solver.words.i18n import number, t

    from solver.advice.practice import MAX_ROUND, MAX_TARGET

    params = {**(_link() if with_record else {}), **override, "lang": lang}
    at = page("views/practice.py", **params)
    assert not at.exception and "pr" not in at.session_state
    high = {"pr_link_round": MAX_ROUND, "pr_link_target": MAX_TARGET}.get(key, 0)
    reason = t(lang, key, value=value, low=number(lang, 0 if key == "pr_link_seed" else 1), high=number(lang, high))
    assert at.error and reason in at.error[0].value
    assert at.error[0].value.count("ci-dessous") == 1  # what to do, once


def test_a_link_with_only_a_game_number_offers_that_game():
    from solver.words.i18n import t

    at = page("views/practice.py", seed="42", lang="es")
    assert not at.exception and not at.error
    assert at.info[0].value == t("es", "pr_link_game_only", n="42")
    assert at.number_input(key="pr_seed").value == 42
    at.button(key="pr-new").click().run()
    assert at.session_state["pr"].game.seed == 42


@pytest.mark.parametrize("lang", ["en", "es", "fr"])
def test_an_analyzer_link_with_an_unknown_model_says_which_model_the_figures_use(lang):
    """`model=bogus` was silently read as the default model: said, until another model is chosen."""
    from solver.words.i18n import t
    from tutor.answers import MODELS
    from tutor.widgets.formatters import ModelName

    record = "2019 Ana,Luis first:Ana viewer:Ana up:1,0,4 dealt:1 | Ana +2"
    at = page("views/analyzer.py", record=record, model="![x](http://example.invalid/a.png)", lang=lang)
    assert not at.exception and at.session_state["an_model"] == MODELS[0]
    said = t(lang, "an_link_model", value="xhttpexampleinvalidapng", model=ModelName(lang)(MODELS[0]))
    assert said in [i.value for i in at.info]
    assert all("example.invalid" not in i.value for i in at.info)
    at.radio(key="an_model").set_value("random").run()
    assert said not in [i.value for i in at.info]
    fine = page("views/analyzer.py", record=record, model="random", lang=lang)
    assert not fine.exception and not [i for i in fine.info if i.value.startswith(said[:20])]
