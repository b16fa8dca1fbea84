"""Learn: each lesson's quiz asks about that lesson's rule, starts with no answer chosen, explains
a wrong answer with the engine's own ruling, and progress survives a reload (it is in the URL)."""

import re

import pytest

from solver import Card, get_edition
from solver.teaching.quiz import make_question
from tutor.text.curriculum import load_lessons
from solver.words.i18n import LANGUAGES

from .app_support import app, edition_box, page

LESSONS = {lesson.id: lesson for lesson in load_lessons()}
RECALL = ("card-value", "card-count", "edition-value")


def test_each_lesson_quiz_asks_about_its_own_rule():
    kinds = {lid: lesson.quiz for lid, lesson in LESSONS.items()}
    assert kinds["prince"] == ("prince-targets",) and kinds["king-countess-princess"] == ("countess",)
    assert kinds["protection"] == ("targets-protected",) and kinds["elimination"] == ("targets-out",)
    assert kinds["guard-priest-baron"] == ("baron",) and kinds["spy-chancellor"] == ("chancellor-draw",)
    assert kinds["scoring-spy"] == ("spy-bonus",) and kinds["two-players"] == ("unseen-2p", "deck-size-2p")
    assert kinds["cards"] == ("card-value", "card-count") and kinds["editions"] == ("edition-value",)
    assert kinds["setup"] == ("deck-size",) and kinds["game-end"] == ("tokens",)
    # no two lessons open on the same question ("Two players" repeated "Setting up", "The
    # editions" repeated "Winning the game")
    firsts = [q[0] for q in kinds.values() if q]
    assert len(firsts) == len(set(firsts))
    assert all(make_question("deck-size", e, seed).params["players"] >= 3 for e in ("2019", "classic")
               for seed in range(10))
    # the Prince and Countess lessons no longer ask the same question
    assert make_question("prince-targets", "2019", 0) != make_question("countess", "2019", 0)
    for seed in range(4):
        q = make_question("prince-targets", "2019", seed)
        assert q.params["card"] == Card.PRINCE
        assert q.params["player"] in q.answer  # a Prince may always choose its own player
        c = make_question("countess", "classic", seed)
        assert Card.COUNTESS in c.params["hand"]
        assert make_question("deck-size-2p", "classic", seed).params["players"] == 2


@pytest.mark.parametrize("lid", list(LESSONS))
def test_every_lesson_quiz_starts_unanswered_in_every_language(lid):
    for lang in LANGUAGES:
        at = app(lesson=lid, lang=lang)
        assert not at.exception, (lid, lang)
        if LESSONS[lid].quiz[0] in RECALL:  # asked once the cards above are folded away
            assert len(at.radio) + len(at.button_group) == 0
            at.button(key=f"quiz-start-{lid}").click().run()
        assert all(r.value is None for r in at.radio) and all(b.value == [] for b in at.button_group)
        assert not at.multiselect  # no Streamlit "Choose options" / "Select all" in English on es/fr pages
        assert len(at.radio) + len(at.button_group) == 1


def test_a_wrong_answer_gets_the_engines_reason_in_the_chosen_language():
    lid = "king-countess-princess"
    for seed in range(10):
        q = make_question("countess", get_edition("2019"), seed)
        if len(q.answer) == 1:
            break
    at = app(lesson=lid, lang="es")
    at.session_state["quiz_seed"] = seed
    at.run()
    wrong = [int(c) for c in q.choices]  # "both": but the Countess is forced
    at.button_group(key=f"quiz-{lid}-{seed}").set_value(wrong).run()
    at.button(key=f"check-{lid}-{seed}").click().run()
    # First: why this answer is wrong — the rule the extra card breaks — and another try.
    assert at.error[0].value == "No exactamente: prueba otra vez."
    assert any("Debes jugar la Condesa: también tienes" in m.value for m in at.markdown)
    assert not any(m.value.startswith("**Por qué**") for m in at.markdown)
    # A second wrong answer: the right one, with the engine's reasons.
    at.button(key=f"check-{lid}-{seed}").click().run()
    assert at.error and at.error[0].value.startswith("No exactamente. La respuesta correcta")
    why = next(m.value for m in at.markdown if m.value.startswith("**Por qué**"))
    assert "Debes jugar la Condesa: también tienes" in why


def test_progress_survives_a_reload():
    at = page("views/lessons.py")
    first, second = list(LESSONS)[:2]
    at.button(key=f"done-{first}").click().run()
    link = at.query_params["done"]
    assert link in (first, [first])
    again = app(done=first)  # the same link opened again
    assert again.session_state["done"] == [first]
    assert again.selectbox(key="lesson-pick-en").value == second
    from solver.words.i18n import t

    assert again.get("progress")[0].proto.text == t("en", "progress", n=1, total=len(LESSONS))
    # French says "0 leçon", "1 leçon" in the singular (not "1 leçons sur 13")
    total = len(LESSONS)
    assert page("views/lessons.py", lang="fr").get("progress")[0].proto.text == \
        f"Progression\u00a0: 0 leçon sur {total}"
    assert app(lang="fr", done=first).get("progress")[0].proto.text == f"Progression\u00a0: 1 leçon sur {total}"
    assert app(lang="fr", done=f"{first},{second}").get("progress")[0].proto.text == \
        f"Progression\u00a0: 2 leçons sur {total}"


def test_reference_shows_whole_effects_and_the_rules_people_look_up():
    from solver.words.i18n import t

    for lang in LANGUAGES:
        at = page("views/reference.py", lang=lang, edition="classic")
        assert not at.exception
        shown = "\n".join(m.value for m in at.markdown)
        prince = t(lang, "full_effect_PRINCE")
        assert prince in shown  # the whole effect, not cut in a table cell
        for topic in ("setup2p", "empty", "ties", "spy"):
            assert t(lang, f"ref_{topic}_body") in shown
        assert "classic (16 cards)" not in at.subheader[0].value
    fr = page("views/reference.py", lang="fr", edition="classic")
    assert "Classique (16 cartes)" in fr.subheader[0].value
    assert edition_box(fr).options == ["Édition 2019 (21 cartes)", "Classique (16 cartes)",
                                                           "Boîte 2019, version classique (16 cartes)"]


def test_reference_tables_wrap_with_one_column_per_edition_and_plain_token_targets():
    """The editions side by side and the card names are tables that wrap: the scrolling grid hid
    the tie rule, the Spy and the card values at 1280 px (and a naming at 390 px), and "2p 6 /
    3p 5" read like notation. Each edition is a column; each player count's target a row."""
    from solver import EDITIONS
    from tutor.widgets.formatters import EditionTitle
    from solver.words.i18n import t

    for lang in LANGUAGES:
        at = page("views/reference.py", lang=lang)
        assert not at.exception and len(at.dataframe) == 0
        editions, names = at.table[0].value, at.table[1].value
        assert list(editions.columns) == [EditionTitle(lang)(k) for k in EDITIONS]
        assert editions.loc[t(lang, "ref_tokens_n", n=2)].tolist() == ["6", "7", "6"]
        assert editions.loc[t(lang, "ref_tokens_n", n=6)].tolist() == ["3", "—", "—"]
        assert t(lang, "tie_rule") in editions.index and t(lang, "has_spy") in editions.index
        assert not any("2p" in str(v) for v in editions.to_numpy().ravel())
        assert len(names) == 10 and len(names.columns) == 4
        # Carta de Amor is a classic deck: its Noble is a 6, not the 7 of its 2019 row
        assert names.loc[7, "Carta de Amor"] == "Noble (6)" and names.loc[9, "Carta de Amor"] == "Heredera (8)"
        assert names.loc[1, "Carta de Amor"] == "Espía" and names.loc[7, "English"] == "King"
    assert t("es", "ref_tokens_n", n=3) == "Fichas para ganar, 3 personas"


def test_french_speaks_vous_and_spanish_markers_fit_any_player():
    import re

    from solver.words.i18n import catalog

    lessons = "\n".join(lesson.body("fr") + lesson.title("fr") for lesson in LESSONS.values())
    from tutor.text.scenarios import scenarios

    faq = "\n".join(v for sc in scenarios().values() for v in sc.text["fr"].values())
    french = "\n".join(catalog("fr").values()) + lessons + faq
    assert not re.search(r"\b(tu|ton|ta|tes|toi|te)\b|Essaie\b|sers-t", french, re.IGNORECASE)
    assert catalog("es")["out_marker"] == "Fuera de la ronda" and "Eliminada" not in LESSONS["elimination"].title("es")


def test_you_is_conjugated_in_the_second_person():
    from solver import Card, get_edition
    from solver.rules.events import BaronCompared, ChancellorReturned, HandsTraded
    from tutor.text.events import private_lines

    e = get_edition("2019")
    names = ("You", "Luis")
    lines = private_lines([BaronCompared(0, 1, Card.GUARD, Card.KING, (0, 1)),
                           ChancellorReturned(0, Card.KING, (Card.SPY, Card.GUARD), (0,)),
                           HandsTraded(1, 0, Card.PRIEST, Card.BARON, (0, 1))], e, "en", names, you=0)
    assert lines == ["You show the Guard (1); Luis shows the King (7)", "You keep the King (7) and put the Spy (0) and the Guard (1) under "
                     "the deck", "Luis gives you Priest (2) and takes your Baron (3)"]
    assert not any(re.search(r"You (shows|keeps|gives)", x) for x in lines)


@pytest.mark.parametrize("lid", ["turn", "guard-priest-baron", "protection", "prince", "round-end"])
def test_quiz_questions_name_people_not_seat_numbers(lid):
    from solver.analysis.setup import DEFAULT_NAMES

    if lid not in LESSONS or not LESSONS[lid].quiz:
        pytest.skip("no quiz")
    for lang in LANGUAGES:
        at = app(lesson=lid, lang=lang)
        text = " ".join(m.value for m in at.markdown)
        assert not any(f"P{i}" in text.split() or f"P{i}." in text for i in range(1, 7)), (lid, lang)
        assert any(name in text for name in DEFAULT_NAMES), (lid, lang)


@pytest.mark.parametrize("lid", ["turn", "guard-priest-baron", "protection", "prince", "king-countess-princess"])
def test_quiz_questions_give_cards_their_article(lid):
    """'Ana plays the Guard (1)', 'Ana juega la Guardia (1)', 'Ana joue le Garde (1)', 'Ana holds
    a Princess (9) and a Handmaid (4)' — never a bare 'plays Guard (1)' nor 'Princess (9) + Handmaid (4)'."""
    articles = {"en": {"the", "a", "an"}, "es": {"el", "la", "un", "una"}, "fr": {"le", "la", "un", "une"}}
    for lang in LANGUAGES:
        at = app(lesson=lid, lang=lang)
        question = next(m.value for m in at.markdown if "?" in m.value and "(" in m.value)
        assert " + " not in question, (lid, lang, question)
        cards = re.findall(r"(\S+) \w+ \(\d\)", question)
        assert cards, (lid, lang, question)
        for before in cards:
            assert before.lower() in articles[lang] or before.lower().endswith("l'"), (lid, lang, question)


@pytest.mark.parametrize("lid", ["setup", "game-end", "two-players", "editions", "cards"])
def test_a_quiz_names_the_edition_in_the_chosen_language(lid):
    """The classic edition's quiz read 'Édition classic (16 cards), 3 joueurs' in French (the
    engine's English title): the edition is named as the sidebar names it. The editions lesson
    asks about any of the three."""
    from solver import EDITIONS
    from solver.words.i18n import t

    for lang in LANGUAGES:
        at = app(lesson=lid, lang=lang, edition="classic")
        if LESSONS[lid].quiz[0] in RECALL:
            at.button(key=f"quiz-start-{lid}").click().run()
        question = next(m.value for m in at.markdown if "?" in m.value)
        titles = [t(lang, f"edition.{k}") for k in EDITIONS] if lid == "editions" else [t(lang, "edition.classic")]
        assert any(question.startswith(x) for x in titles), (lid, lang, question)
        assert "(16 cards)" not in question or lang == "en", (lid, lang, question)


@pytest.mark.parametrize("lid", ["protection", "prince", "elimination"])
def test_a_targets_quiz_offers_nobody_as_an_answer_of_its_own(lid):
    """'(If no player can be chosen, select no name.)' was easy to miss: "Nobody" is now an
    option beside the names, the hint names it, and it cannot be given with a name."""
    from solver.words.i18n import t

    for lang in LANGUAGES:
        at = app(lesson=lid, lang=lang)
        (names,) = at.button_group
        question = next(m.value for m in at.markdown if "?" in m.value)
        nobody = t(lang, "quiz_nobody").capitalize()
        assert names.options[-1] == nobody and nobody in question[question.rindex("("):], (lang, question)
    assert question.endswith("(Si aucun joueur ne peut être choisi, choisissez «\u00a0Personne\u00a0».)")
    # "Nobody" with a name: said, not graded
    at = app(lesson=lid, lang="en")
    at.button_group[0].set_value([0, -1]).run()
    at.button(key=f"check-{lid}-0").click().run()
    assert at.warning[0].value == t("en", "quiz_nobody_alone") and not at.success and not at.error


def test_nobody_is_the_right_answer_when_no_player_can_be_chosen():
    from solver.teaching.quiz import make_question

    seed = next(s for s in range(60) if make_question("targets-protected", get_edition("2019"), s).answer
                == frozenset())
    at = app(lesson="protection", lang="en")
    at.session_state["quiz_seed"] = seed
    at.run()
    at.button_group(key=f"quiz-protection-{seed}").set_value([-1]).run()
    at.button(key=f"check-protection-{seed}").click().run()
    assert at.success and "Correct" in at.success[0].value


def test_the_cards_are_shown_before_the_first_card_lesson_and_beside_every_lesson():
    """Values and counts first appeared inside quiz questions: the cards lesson comes before the
    Guard, Priest and Baron and lists every card of the chosen edition (value, copies, effect);
    every other lesson shows them as a strip (value, name, copies), linked to the reference."""
    from solver.words.i18n import t

    ids = list(LESSONS)
    assert ids.index("cards") < ids.index("turn") < ids.index("guard-priest-baron")
    for edition in ("2019", "classic"):
        e = get_edition(edition)
        at = app(lesson="cards", lang="fr", edition=edition)
        blocks = [m.value for m in at.markdown if 'class="ll-block"' in m.value]
        assert len(blocks) == len(e.cards)
        baron = next(b for b in blocks if "Baron" in b)
        assert f"<b>{e.value(Card.BARON)} · Baron</b>" in baron and t("fr", "ref_copies", n=2) in baron
        assert "la carte la plus faible est éliminé" in baron  # its effect (the player, not the card, is out)
        at = app(lesson="guard-priest-baron", lang="es", edition=edition)
        (strip,) = [m.value for m in at.markdown if 'class="ll-strip"' in m.value]
        assert strip.count('class="ll-chip"') == len(e.cards)
        assert f'<span class="v">{e.value(Card.PRINCESS)}</span>Princesa <span class="ll-dim">×1</span>' in strip
        assert at.get("page_link")[0].proto.page.endswith("reference")


def test_a_wrong_answer_says_why_the_princess_and_a_free_countess_may_be_played():
    """'Handmaid (4), Princess (9) can be played here.' was the whole explanation for a learner
    who left the Princess out: the reason says nothing forbids her, though she knocks her player
    out; a Countess held without the King or a Prince is explained too."""
    for lid, kind, line in [("turn", "legal-cards", "Nothing forbids playing the Princess"),
                            ("king-countess-princess", "countess", "Only the King or a Prince forces the Countess")]:
        seed = next(s for s in range(20) if len(make_question(kind, get_edition("2019"), s).answer) == 2
                    and (kind == "countess" or Card.PRINCESS in make_question(kind, get_edition("2019"), s).answer))
        q = make_question(kind, get_edition("2019"), seed)
        at = app(lesson=lid, lang="en")
        at.session_state["quiz_seed"] = seed
        at.run()
        at.button_group(key=f"quiz-{lid}-{seed}").set_value([int(min(q.answer))]).run()  # one card only
        at.button(key=f"check-{lid}-{seed}").click().run()
        assert "A card you left out may be played too" in " ".join(m.value for m in at.markdown)
        at.button(key=f"check-{lid}-{seed}").click().run()  # the same again: the answer and why
        why = next(m.value for m in at.markdown if m.value.startswith("**Why**"))
        assert line in why, why


def _texts(at) -> str:
    return " ".join(x.value for x in [*at.markdown, *at.error, *at.success, *at.warning, *at.caption]
                    if "<" not in x.value)


def test_a_wrong_answer_does_not_give_the_answer_away_and_a_second_try_is_graded():
    """Point 6 of issue 36: "The right answer: 0" after a wrong answer, then 0 graded "Correct."."""
    from solver.words.i18n import t

    lid = "game-end"
    q = make_question("tokens", get_edition("2019"), 0)
    wrong = next(c for c in q.choices if c != q.answer)
    at = app(lesson=lid, lang="en")
    at.radio(key=f"quiz-{lid}-0").set_value(wrong).run()
    at.button(key=f"check-{lid}-0").click().run()
    assert at.error[0].value == t("en", "wrong_try_again")
    said = _texts(at)
    assert "The right answer" not in said and f"{q.answer} favor tokens win" not in said
    at.radio(key=f"quiz-{lid}-0").set_value(q.answer).run()
    at.button(key=f"check-{lid}-0").click().run()
    assert at.success[0].value == t("en", "correct_second") and not at.error
    # and why, as after a wrong answer shown (a correct answer said only "Correct")
    why = next(m.value for m in at.markdown if m.value.startswith(f"**{t('en', 'quiz_why')}**"))
    assert q.reasons and all(line.count("- ") for line in why.splitlines()[1:])
    assert at.button(key=f"check-{lid}-0").disabled  # closed: another question is offered


def test_after_the_answer_is_shown_the_question_is_closed():
    from solver.words.i18n import t

    lid = "setup"
    q = make_question("deck-size", get_edition("2019"), 0)
    wrongs = [c for c in q.choices if c != q.answer][:2]
    at = app(lesson=lid, lang="fr")
    for w in wrongs:
        at.radio(key=f"quiz-{lid}-0").set_value(w).run()
        at.button(key=f"check-{lid}-0").click().run()
    assert at.error[0].value == t("fr", "wrong", answer=str(q.answer))
    assert at.button(key=f"check-{lid}-0").disabled and at.radio(key=f"quiz-{lid}-0").disabled
    at.button(key=f"new-{lid}-0").click().run()
    assert at.session_state["quiz_seed"] == 1 and not at.error and not at.button(key=f"check-{lid}-1").disabled


def test_no_question_is_answered_by_the_cards_above_it():
    """'Value of the Spy?' sat under the list that showed it: the cards fold while it is asked."""
    for lid in ("cards", "editions"):
        at = app(lesson=lid, lang="en")
        shown = [m.value for m in at.markdown if "ll-block" in m.value or "ll-strip" in m.value]
        assert shown  # the lesson shows its cards
        at.button(key=f"quiz-start-{lid}").click().run()
        folded = [e for e in at.expander if e.label.startswith("The cards")]
        assert len(folded) == 1
        cards = lambda where: [m.value for m in where.markdown  # noqa: E731
                               if 'class="ll-block"' in m.value or 'class="ll-strip"' in m.value]
        assert cards(folded[0]) and len(cards(at.main)) == len(cards(folded[0]))  # (the page lists the expander's too)


def test_the_last_lesson_finishes_the_lessons_and_offers_practice_and_the_example():
    from solver.words.i18n import t

    ids = list(LESSONS)
    at = app(lesson=ids[-1], done=",".join(ids[:-1]), lang="es")
    done = at.button(key=f"done-{ids[-1]}")
    assert done.label == t("es", "mark_done_last")
    done.click().run()
    assert at.success[-1].value == t("es", "all_done")
    pages = [link.proto.page for link in at.get("page_link")]
    assert any(p.endswith("practice") for p in pages) and any(p.endswith("example") for p in pages)


# --- issue 49, point 3: lessons go forward -----------------------------------------------------------

def test_next_lesson_is_the_one_after_the_lesson_read_not_the_first_not_done():
    """From a link to the Prince lesson, "I've got it — next lesson" led to "Setting up" (the first
    lesson not done); it leads to the lesson after the Prince, in es and fr too."""
    from tutor.text.curriculum import lesson_after

    ids = list(LESSONS)
    after_prince = ids[ids.index("prince") + 1]
    assert lesson_after("prince", {"prince"}) == after_prince
    assert lesson_after("prince", {"prince", after_prince}) == ids[ids.index("prince") + 2]
    assert lesson_after(ids[-1], {ids[-1]}) == ids[0]  # the last one read: back to the first not done
    assert lesson_after(ids[-1], set(ids)) is None
    for lang in ("en", "es", "fr"):
        at = app(lesson="prince", lang=lang).switch_page("views/lessons.py").run()
        at.button(key="done-prince").click().run()
        assert not at.exception
        assert at.session_state["lesson"] == after_prince
        assert at.selectbox(key=f"lesson-pick-{lang}").value == after_prince
        assert at.header[0].value == LESSONS[after_prince].title(lang)


def test_the_lesson_picker_speaks_the_pages_language_after_a_switch():
    """After a switch to Español the picker read "The Prince" above "El Príncipe": a picker of its own
    per language shows the new language's titles."""
    from tutor.widgets.formatters import LessonTitle

    at = app(lesson="prince", lang="en").switch_page("views/lessons.py").run()
    assert at.selectbox(key="lesson-pick-en").format_func("prince") == "The Prince"
    lang_box = next(s for s in at.sidebar.selectbox if s.key == "lang")
    lang_box.set_value("es").run()
    assert not at.exception
    box = at.selectbox(key="lesson-pick-es")
    assert box.value == "prince" and box.format_func("prince") == LessonTitle("es")("prince") == "El Príncipe"
    assert at.header[0].value == "El Príncipe"


def test_a_quiz_with_several_right_answers_says_so_by_the_question_and_an_empty_check_uses_no_try():
    from solver.words.i18n import t

    lid, kind = "turn", "legal-cards"
    seed = next(s for s in range(20) if len(make_question(kind, get_edition("2019"), s).answer) == 2)
    q = make_question(kind, get_edition("2019"), seed)
    at = app(lesson=lid, lang="fr")
    at.session_state["quiz_seed"] = seed
    at.run()
    # said in the page, bold, beside the question (it was the pills' "?" tooltip)
    assert f"**{t('fr', 'quiz_pick_many')}**" in [m.value for m in at.markdown]
    assert not at.button_group(key=f"quiz-{lid}-{seed}").help
    # Check with nothing chosen: asked to choose, no try used
    at.button(key=f"check-{lid}-{seed}").click().run()
    assert at.warning[0].value == t("fr", "quiz_pick") and not at.error
    assert at.session_state[f"quiz-{lid}-{seed}-state"]["tries"] == 0
    at.button_group(key=f"quiz-{lid}-{seed}").set_value([int(c) for c in q.answer]).run()
    at.button(key=f"check-{lid}-{seed}").click().run()
    assert at.success[0].value == t("fr", "correct")  # right at the first try
