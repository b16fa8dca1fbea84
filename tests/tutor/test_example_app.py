"""The worked example, checked decision by decision with the inference and the advisor, and
played from the learner's seat."""

import re
from pathlib import Path

from streamlit.testing.v1 import AppTest

from solver import Card, Play, legal_actions
from solver.advice.advisor import advise
from solver.records.record import record_from_events
from solver.words.i18n import t
from tutor.text.example import NAMES, guard_odds, judge, turn_play

from ..app_examples import DECISIONS, FRAMES, STEPS, frame_of
from .app_support import example_button

APP = str(Path(__file__).resolve().parents[2] / "tutor" / "app.py")


def test_every_guard_guess_of_the_example_is_a_best_guess_by_the_inference():
    guards = [s for s in DECISIONS if s.decision[1].card == Card.GUARD]
    assert len(guards) == 2
    for step in guards:
        _, action, _ = step.decision
        odds = guard_odds(step)
        best = max(p for row in odds.values() for p in row.values())
        assert odds[action.target][action.guess] == best > 0, step.key


def test_the_last_guess_is_not_a_sure_miss_and_naming_the_king_is_praised():
    last = DECISIONS[-1]
    player, action, before = last.decision
    assert NAMES[player] == "Marta" and action.guess == Card.PRINCESS
    assert before.round.discards[0].count(Card.PRINCE) + before.round.discards[1].count(Card.PRINCE) == 2
    assert judge(last, Play(Card.GUARD, 0, Card.PRINCE))[0] == "worse"  # both Princes are face up
    assert judge(last, Play(Card.GUARD, 0, Card.KING))[0] == "as_good"  # the King or the Princess: 50/50


def test_the_example_plays_what_the_advisor_ranks_first_where_there_is_a_real_choice():
    for step in DECISIONS:
        player, action, before = step.decision
        legal = legal_actions(before.round)
        assert action in legal, step.key
        if step.key == "example_countess":
            assert list(legal) == [action]  # forced: the Countess with a Prince
        if step.key == "example_handmaid":
            record = record_from_events(before.edition, NAMES, step.history, viewer=player)
            ranked = advise(record, "card-counter").actions
            assert ranked[0].action == action


def page(step: int, **params):
    at = AppTest.from_file(APP, default_timeout=60)
    at.query_params["step"] = str(step)
    for k, v in params.items():
        at.query_params[k] = v
    at.run()
    return at.switch_page("views/example.py").run()


def hand_html(at) -> str:
    return "\n".join(m.value for m in at.markdown if "ll-row" in m.value)


def test_a_better_or_equal_learner_choice_is_praised_not_corrected():
    last = DECISIONS[-1]
    index = STEPS.index(last)
    at = page(frame_of(last))
    assert "What would Marta play?" in at.subheader[0].value
    at.selectbox(key=f"ex-{index}-card").set_value(int(Card.GUARD)).run()
    at.selectbox(key=f"ex-{index}-target").set_value(0).run()
    at.selectbox(key=f"ex-{index}-guess").set_value(int(Card.KING)).run()
    at.button(key=f"ex-{index}-go").click().run()
    assert not at.error and not at.info
    assert at.success[0].value.startswith("Legal, and as good as the example's play")
    assert "50%" in at.success[0].value
    # What the guess does in this deal (a hit) is not said: it would tell Marta's seat Ana's card.
    assert not any("King (7), the card Marta named" in c.value or "out of the round" in c.value for c in at.caption)
    assert t("en", "example_yours_hidden", player="Marta") in [c.value for c in at.caption]


def test_the_round_is_seen_from_the_learners_seat_with_a_switch_to_reveal_all():
    last = DECISIONS[-1]
    at = page(frame_of(last), lang="es")
    assert any("lugar de Marta" in c.value for c in at.caption)
    board = hand_html(at)
    assert "Sacerdote" in board  # Marta's own hand
    king_in_hand = 'class="ll-card" lang="es" style="--c:#b45309"'  # a full-size King: a hand, not a discard
    assert king_in_hand not in board and "ll-back big" in board  # Ana's King stays face down
    at.toggle(key="ex_reveal").set_value(True).run()
    assert king_in_hand in hand_html(at)


def test_the_example_log_is_sentences_in_order_of_what_the_seat_saw():
    guard = next(s for s in DECISIONS if s.key == "example_guard")
    at = page(FRAMES.index(("outcome", STEPS.index(guard))) + 1)
    log = next(m.value for m in at.markdown if m.value.startswith("1. "))
    assert log.split("\n")[:3] == ["1. Ana plays the Guard (1) on Luis and names the Prince (5).", "2. Luis holds the Prince (5): hit.",
                                   "3. Luis is out of the round and discards the Prince (5) face up."]
    assert "Marta draws" not in log  # Ana's seat does not see Marta's draw
    at.toggle(key="ex_reveal").set_value(True).run()
    assert "Marta draws a Handmaid (4)." in next(m.value for m in at.markdown if m.value.startswith("1. "))


def test_the_example_log_gives_the_knocked_out_card_its_article_and_elides_in_french():
    """'défausse le Prince (5)', 'descarta el Príncipe (5)' (not 'défausse Prince (5)'), and
    'Le tour d'Ana commence' (not 'de Ana')."""
    guard = next(s for s in DECISIONS if s.key == "example_guard")
    frame = FRAMES.index(("outcome", STEPS.index(guard))) + 1
    for lang, out in (("fr", "Luis sort de la manche et défausse le Prince (5) face visible."),
                      ("es", "Luis queda fuera de la ronda y descarta el Príncipe (5) boca arriba.")):
        log = next(m.value for m in page(frame, lang=lang).markdown if m.value.startswith("1. "))
        assert f"3. {out}" in log.split("\n"), log
    handmaid = next(i for i, s in enumerate(STEPS) if s.key == "example_handmaid")
    log = next(m.value for m in page(FRAMES.index(("outcome", handmaid)) + 1, lang="fr").markdown
               if m.value.startswith("1. "))
    assert "Le tour d'Ana commence." in log and "de Ana" not in log, log


def test_a_refused_play_is_two_plain_sentences_in_spanish():
    """The refusal says the engine refuses the play, then the rule as its own sentence (not
    'rechaza: Debes…' with a capital after a colon)."""
    step = next(s for s in DECISIONS if s.key == "example_countess")
    index = STEPS.index(step)
    at = page(frame_of(step), lang="es")
    at.selectbox(key=f"ex-{index}-card").set_value(int(Card.PRINCE)).run()
    at.button(key=f"ex-{index}-go").click().run()
    assert at.error, "the Prince is refused: the Countess must be played"
    text = at.error[0].value
    assert text.startswith("El motor rechaza esta jugada. Debes jugar la Condesa"), text


def test_the_skipped_turns_end_with_marta_drawing_the_last_card_not_an_empty_deck_before_her_turn():
    """The step after the skipped turns said 'the deck has run out' while Marta, holding two
    cards, still had her turn to play: she has drawn the last card, and this is the last turn."""
    skip = next(s for s in STEPS if s.key == "example_skip")
    r = skip.game.round
    assert not r.deck and len(r.hands[r.current]) == 2 and NAMES[r.current] == "Marta"  # the position it describes
    words = {"en": ("Marta draws the last card", "last turn"), "es": ("Marta roba la última carta", "último turno"),
             "fr": ("Marta pioche la dernière carte", "dernier tour")}
    for lang, (drawn, last) in words.items():
        at = page(FRAMES.index(("outcome", STEPS.index(skip))) + 1, lang=lang)
        (info,) = at.info
        assert drawn in info.value and last in info.value, info.value


def test_the_seats_view_keeps_the_secrets_the_question_asks_about():
    """From the learner's seat step 1 said 'the Princess is set aside' and the skipped turns 'Ana
    kept her Prince', which answered the last question (a 50/50 Guard guess) before it was asked:
    the seat's text says only what that seat knows; revealing every hand tells the whole story."""
    from solver.words.i18n import LANGUAGES, t

    princess = {"en": "Princess", "es": "Princesa", "fr": "Princesse"}
    skip = FRAMES.index(("outcome", next(i for i, s in enumerate(STEPS) if s.key == "example_skip"))) + 1
    for lang in LANGUAGES:
        at = page(1, lang=lang)
        (info,) = at.info
        assert princess[lang] not in info.value and info.value == t(lang, "example_deal_seat")
        at.toggle(key="ex_reveal").set_value(True).run()
        assert princess[lang] in at.info[0].value
        at = page(skip, lang=lang)
        (info,) = at.info
        skipped = next(x for x in STEPS if x.key == "example_skip")
        words = dict(turn=skipped.turn, player=NAMES[skipped.player])
        assert info.value == t(lang, "example_skip_seat", **words)
        assert not any(k in info.value for k in ("King", "Rey", "Roi"))  # Ana's card: the last question
        at.toggle(key="ex_reveal").set_value(True).run()
        assert at.info[0].value == t(lang, "example_skip", **words)


def test_each_guard_figure_is_worked_out_for_the_learner():
    """5.3%, 10.5% and 50% were given without their count: each is worked out in one line from the
    seat (the unseen cards, then how many of them are the card named)."""
    first = DECISIONS[0]
    index = STEPS.index(first)
    at = page(frame_of(first))
    at.selectbox(key=f"ex-{index}-card").set_value(int(Card.GUARD)).run()
    at.selectbox(key=f"ex-{index}-target").set_value(1).run()
    at.selectbox(key=f"ex-{index}-guess").set_value(int(Card.KING)).run()
    at.button(key=f"ex-{index}-go").click().run()
    assert "5.3%" in at.info[0].value and "10.5%" in at.info[0].value  # weaker than the example's
    lines = [c.value for c in at.caption if c.value.startswith("From Ana's seat")]
    assert lines == [
        "From Ana's seat 19 cards are unseen: Spy ×2, Guard ×5, Priest ×2, Baron ×2, Handmaid ×2, Prince ×2, "
        "Chancellor ×2, King, Princess. Luis's card is one of them: the King (7) is 1 of 19 = 5.3%.",
        "From Ana's seat 19 cards are unseen: Spy ×2, Guard ×5, Priest ×2, Baron ×2, Handmaid ×2, Prince ×2, "
        "Chancellor ×2, King, Princess. Luis's card is one of them: the Prince (5) is 2 of 19 = 10.5%."]
    last = DECISIONS[-1]
    index = STEPS.index(last)
    at = page(frame_of(last), lang="es")
    at.selectbox(key=f"ex-{index}-card").set_value(int(Card.GUARD)).run()
    at.selectbox(key=f"ex-{index}-target").set_value(0).run()
    at.selectbox(key=f"ex-{index}-guess").set_value(int(Card.KING)).run()
    at.button(key=f"ex-{index}-go").click().run()
    assert [c.value for c in at.caption if c.value.startswith("Desde el lugar")] == [
        "Desde el lugar de Marta hay 2 cartas sin ver: Rey, Princesa. La carta de Ana es una de ellas: "
        "el Rey (7) es 1 de 2 = 50\u202f%.",
        "Desde el lugar de Marta hay 2 cartas sin ver: Rey, Princesa. La carta de Ana es una de ellas: "
        "la Princesa (9) es 1 de 2 = 50\u202f%."]


def test_trying_another_play_never_tells_a_hidden_hand():
    """Point 8 of issue 36: each try at Ana's first question reported e.g. "Marta does not hold the
    Princess" — the real outcome of the learner's play against the hidden cards."""
    first = DECISIONS[0]
    index = STEPS.index(first)
    for target, guess in ((2, Card.PRINCESS), (1, Card.KING), (2, Card.PRIEST)):
        at = page(frame_of(first))
        at.selectbox(key=f"ex-{index}-card").set_value(int(Card.GUARD)).run()
        at.selectbox(key=f"ex-{index}-target").set_value(target).run()
        at.selectbox(key=f"ex-{index}-guess").set_value(int(guess)).run()
        at.button(key=f"ex-{index}-go").click().run()
        said = " ".join(x.value for x in [*at.caption, *at.info, *at.success, *at.markdown] if "<" not in x.value)
        name = NAMES[target]
        assert f"{name} does not hold" not in said and f"{name} holds" not in said
        assert not re.search(r"\b(hit|miss)\b", said, re.I), said
        assert t("en", "example_yours_hidden", player="Ana") in [c.value for c in at.caption]


def test_the_skipped_turns_can_be_stepped_through_or_skipped():
    protection = FRAMES.index(("outcome", next(i for i, s in enumerate(STEPS) if s.key == "example_protection"))) + 1
    skip = FRAMES.index(("outcome", next(i for i, s in enumerate(STEPS) if s.key == "example_skip"))) + 1
    at = page(protection)
    example_button(at, "next").click().run()
    (info,) = at.info
    skipped = next(s for s in STEPS if s.key == "example_skipped")
    assert info.value == t("en", "example_skipped", turn=5, player="Ana", play=turn_play(skipped, "en"))
    assert turn_play(skipped, "en") and "(" in turn_play(skipped, "en")  # the play itself: "Guard (1) on …"
    assert at.query_params["step"] in (str(protection + 1), [str(protection + 1)])
    example_button(at, "skip").click().run()
    assert at.query_params["step"] in (str(skip), [str(skip)]) and example_button(at, "skip") is None
    example_button(at, "next").click().run()
    assert at.subheader[0].value == "What would Marta play?"


def test_the_showdown_turns_the_set_aside_card_face_up():
    at = page(len(FRAMES))
    top = next(m.value for m in at.markdown if "Set aside" in m.value)
    assert "Princess" in top and "ll-back" not in top
    assert t("en", "example_set_aside", card="Princess (9)") in [c.value for c in at.caption]
    earlier = page(len(FRAMES) - 1)
    assert "ll-back" in next(m.value for m in earlier.markdown if "Set aside" in m.value)


def test_the_end_of_the_example_leads_to_the_faq_and_to_practice_in_one_tap():
    """The last step named the FAQ ("Try the FAQ scenarios…") with no way to it but the sidebar, folded
    away on a phone: its links are right under that sentence, in the page's language."""
    for lang in ("en", "fr"):
        at = page(999, lang=lang)  # (past the end: the last step)
        assert not at.exception and t(lang, "example_end") in [s.value for s in at.success]
        links = {link.proto.label: link.proto.page for link in at.get("page_link")}
        assert links.get(t(lang, "nav_faq")) == "faq" and links.get(t(lang, "nav_practice")) == "practice", links
