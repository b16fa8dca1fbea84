"""Lessons, scenarios and quizzes: complete in every language, and true to the engine. (The catalogs
themselves: tests/words/test_catalogs.py.)"""

import tomllib
from pathlib import Path

import networkx as nx
import pytest

from solver import get_edition
from solver.teaching.quiz import KINDS, make_question
from solver.teaching.scenario import load_file, load_scenario, play_out
from tutor.text.curriculum import graph, load_lessons, next_lesson, parse_lessons, CurriculumError
from solver.words.i18n import LANGUAGES, t

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = load_file(ROOT / "lessons" / "scenarios.toml")


@pytest.mark.parametrize("sc", SCENARIOS, ids=[s.id for s in SCENARIOS])
def test_every_scenario_ruling_is_what_the_engine_does(sc):
    outcome = play_out(sc)
    assert outcome.failures == []
    for lang in LANGUAGES:
        for field in ("title", "question", "ruling"):
            assert sc.text[lang][field].strip(), (sc.id, lang, field)


def test_a_scenario_that_misstates_a_ruling_fails():
    data = dict(SCENARIOS[0].data)
    data["expect"] = {"no_effect": False}  # the Guard with everyone protected *has* no effect
    assert play_out(load_scenario(data)).failures


def test_faq_questions_of_the_rules_texts_are_all_covered():
    ids = {s.id for s in SCENARIOS}
    for needed in ("faq-all-protected-guard", "faq-all-protected-prince", "faq-prince-set-aside",
                   "faq-chancellor-one-card", "faq-chancellor-empty", "faq-spy-eliminated", "faq-classic-version"):
        assert needed in ids
    # RULES_REFERENCE §14: one scenario per trap (items 1–10), or a lesson that states it.
    assert len([i for i in ids if i.startswith("trap-")]) >= 10


def test_lessons_schema_dag_and_order():
    lessons = load_lessons()
    ids = [lesson.id for lesson in lessons]
    for topic in ("setup", "cards", "turn", "protection", "elimination", "round-end", "scoring-spy", "game-end",
                  "two-players", "editions", "prince", "king-countess-princess", "guard-priest-baron",
                  "spy-chancellor"):
        assert topic in ids
    g = graph(lessons)
    assert nx.is_directed_acyclic_graph(g)
    for lesson in lessons:  # topological order: prerequisites come first
        assert all(ids.index(r) < ids.index(lesson.id) for r in lesson.requires)
        for sid in lesson.scenarios:
            assert sid in {s.id for s in SCENARIOS}
        for kind in lesson.quiz:
            assert kind in KINDS
    assert next_lesson(set()) == "setup"
    assert next_lesson({"setup"}) == "cards"  # the cards are shown before any lesson about them
    assert next_lesson({"setup", "cards"}) == "turn"
    assert next_lesson(set(ids)) is None


def test_lesson_schema_errors():
    good = tomllib.loads((ROOT / "lessons" / "lessons.toml").read_text())
    bad = {"lesson": [dict(good["lesson"][0], es={"title": "x"})]}
    with pytest.raises(CurriculumError, match="needs title, body in es"):
        parse_lessons(bad)
    cyc = {"lesson": [dict(good["lesson"][0], id="a", requires=["b"]), dict(good["lesson"][0], id="b", requires=["a"])]}
    with pytest.raises(CurriculumError, match="cycle"):
        parse_lessons(cyc)


def test_lessons_state_editions_as_the_engine_has_them():
    """The editions and game-end lessons quote numbers: check them against the edition data."""
    lessons = {lesson.id: lesson for lesson in load_lessons()}
    body = lessons["game-end"].body("en")
    e19, ec = get_edition("2019"), get_edition("classic")
    assert "6 with two players, 5 with three, 4 with four, 3 with five or six" in body
    assert [e19.token_target(n) for n in (2, 3, 4, 5, 6)] == [6, 5, 4, 3, 3]
    assert "classic — 7, 5, 4" in body and [ec.token_target(n) for n in (2, 3, 4)] == [7, 5, 4]
    ed = lessons["editions"].body("en")
    assert "21 cards, 2 to 6 players" in ed and e19.deck_size == 21 and e19.max_players == 6
    assert "16 cards, 2 to 4 players" in ed and ec.deck_size == 16 and ec.max_players == 4
    assert "King 6, Countess 7, Princess 8" in ed and ec.value(ec.cards[-3]) == 6


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("edition", ["2019", "classic", "classic-2019"])
def test_quiz_questions_are_answered_by_the_engine(kind, edition):
    from solver import Card, Play, legal_actions

    for seed in range(5):
        q = make_question(kind, edition, seed)
        assert q == make_question(kind, edition, seed)  # seeded
        assert q.grade(q.answer if not isinstance(q.answer, frozenset) else list(q.answer))
        if kind == "legal-cards":
            assert q.answer == {a.card for a in legal_actions(q.position) if isinstance(a, Play)}
        if kind == "showdown":
            assert q.answer == frozenset(q.position.winners)
        if kind == "tokens":
            assert q.answer == get_edition(edition).token_target(q.params["players"])
        if kind in ("targets-protected", "targets-out", "prince-targets"):
            assert q.answer == {a.target for a in legal_actions(q.position)
                                if isinstance(a, Play) and a.card == q.params["card"] and a.target is not None}
        if kind == "baron":
            from solver import apply

            _, events = apply(q.position, Play(Card.BARON, q.params["target"]))
            out = [ev.player for ev in events if type(ev).__name__ == "KnockedOut"]
            assert q.answer == (out[0] if out else -1)
        if kind == "spy-bonus":
            assert q.answer == (-1 if q.position.spy_bonus is None else q.position.spy_bonus)
        assert q.reasons, kind  # a wrong answer is explained by the engine's rulings


def test_a_baron_question_ending_in_a_classic_tie_on_the_totals_explains_it_by_the_edition(monkeypatch):
    """A Baron tie on the last turn ends the round in a showdown; in classic, tied on the
    highest card and on the discard totals (17 each), both players win. The question's reason
    said 2019's 'every tied player wins' (its ruling was not given the edition)."""
    import random

    from solver import Card as C, position
    from solver.teaching import quiz

    r = position("classic", [[C.BARON, C.HANDMAID], [C.HANDMAID]], set_aside=C.PRINCESS,
                 face_up=[C.GUARD, C.GUARD, C.PRIEST],
                 discards=[[C.COUNTESS, C.BARON, C.GUARD, C.GUARD, C.PRIEST], [C.KING, C.PRINCE, C.PRINCE, C.GUARD]])
    monkeypatch.setattr(quiz, "_positions", lambda e, rng, tries=80: iter([r]))
    q = quiz._baron(get_edition("classic"), random.Random(0))
    assert q.answer == -1
    assert [x.key for x in q.reasons] == ["ruling.tie_discards_all"]
    assert q.reasons[0].params["scores"] == ((0, 17), (1, 17))


@pytest.mark.parametrize("edition", ["2019", "classic", "classic-2019"])
def test_the_turn_lesson_never_asks_about_the_countess_before_her_lesson(edition):
    """Lesson 2 ("a turn") comes before the Countess lesson: its question's hand never holds her."""
    from solver import Card

    questions = [make_question("legal-cards", edition, seed) for seed in range(60)]
    assert all(Card.COUNTESS not in q.params["hand"] for q in questions)
    assert any(Card.PRINCESS in q.params["hand"] for q in questions)  # still a hand that teaches


@pytest.mark.parametrize("kind", KINDS)
def test_a_wrong_answer_is_told_why_without_the_right_answer(kind):
    """Issue 36, point 6: a wrong answer showed "The right answer: 0". Now each wrong answer gets
    the engine's reasons against it (a refused card's rule, what the number is instead), never the
    answer itself."""
    from itertools import combinations

    for edition in ("2019", "classic"):
        for seed in range(3):
            q = make_question(kind, get_edition(edition), seed)
            if isinstance(q.answer, frozenset):
                options = [c for c in q.choices if c != -1]
                wrongs = [list(x) for n in range(len(options) + 1) for x in combinations(options, n)
                          if frozenset(x) != q.answer and (x or kind not in ("targets-protected", "targets-out",
                                                                              "prince-targets"))]
            else:
                wrongs = [c for c in q.choices if c != q.answer]
            for response in wrongs:
                hints = q.why_wrong(response)
                assert hints, (kind, edition, seed, response)
                for line in hints:
                    assert all(t(lang, line.key) != line.key for lang in LANGUAGES), line.key
                if kind in ("card-value", "edition-value") and hints[0].key == "quiz.hint_value_of":
                    e = get_edition(q.edition)
                    assert e.value(hints[0].params["card"]) == response != q.answer
                if kind != "showdown" and isinstance(q.answer, frozenset):  # a card or a player refused
                    extra = frozenset(response) - q.answer
                    refused = [x for x in hints if x.key.startswith("rule.")]
                    assert len(refused) == len(extra), (kind, response, hints)
                assert "answer" not in {k for x in hints for k in x.params}


def test_the_chancellor_quiz_asks_what_its_lesson_teaches_and_its_hint_does_not_answer():
    """Issue 42, point 3: the lesson says what a Chancellor draws from a short or empty deck, and a
    wrong answer's first hint points at the rule without the number."""
    from solver.teaching.quiz import make_question
    from solver.words.i18n import t
    from tutor.text.curriculum import load_lessons

    lesson = next(x for x in load_lessons() if x.id == "spy-chancellor")
    for lang, words in (("en", "with none"), ("es", "si no queda ninguna"), ("fr", "s'il n'en reste aucune")):
        assert words in lesson.body(lang)
    for seed in range(12):
        q = make_question("chancellor-draw", "2019", seed)
        wrong = next(x for x in q.choices if x != q.answer)
        for line in q.why_wrong(wrong):
            for lang in ("en", "es", "fr"):
                said = t(lang, line.key, **line.params)
                assert str(q.answer) not in said, said
