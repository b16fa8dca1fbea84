"""Practice: the game logic (solver.advice.practice) and the page, played through the UI to a game winner."""

import random
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from solver import legal_actions, parse_record
from solver.records.notation import format_record
from solver.advice.practice import PracticeError, hint_model, next_round, play, resume, save, start
from solver.words.i18n import t

from ..helpers import random_practice_round

APP = str(Path(__file__).resolve().parents[2] / "tutor" / "app.py")


@pytest.mark.parametrize("bots", ["random", "card-counter", "ismcts", "advisor"])
def test_seeded_games_reach_a_legal_game_winner(bots):
    p = start("2019", ["You", "Ana", "Luis"], 1, bots, seed=3, target=2, seconds=0.1)
    rng = random.Random(0)
    rounds = 1
    while not p.over:
        if p.round_over:
            assert p.game.round.winners  # every finished round has a winner
            p = next_round(p)
            rounds += 1
            continue
        assert p.my_turn and p.game.round.current == 1
        record = p.human_record()
        assert format_record(parse_record(format_record(record))) == format_record(record)
        p = play(p, rng.choice(legal_actions(p.game)))
    assert max(p.game.tokens) >= 2 and set(p.game.winners) == {i for i, k in enumerate(p.game.tokens) if k >= 2}
    assert len(p.history) == rounds - 1


def _second_decision():
    """A game at the person's second decision, where the page's first listed play (what the
    Play button submits untouched) lets the bot take a turn."""
    for seed in range(50):
        p = start("classic", ["You", "Bot"], 0, "card-counter", seed=seed)
        if p.my_turn:
            p = play(p, random.Random(seed).choice(legal_actions(p.game)))
            if not p.my_turn:
                continue
            saved = save(p)  # the page resumes the link, dealing the hidden cards anew
            q = resume(saved["record"], saved["tokens"], int(saved["round"]), saved["bots"], int(saved["seed"]))
            if not play(q, legal_actions(q.game)[0]).round_over:
                return p
    raise AssertionError("no seeded game reaches a second decision")


def test_a_saved_game_resumes_at_the_same_position():
    p = _second_decision()
    saved = save(p)
    q = resume(saved["record"], saved["tokens"], int(saved["round"]), saved["bots"], seed=4)
    assert format_record(q.human_record()) == saved["record"]
    assert q.game.tokens == p.game.tokens and q.my_turn
    assert sorted(q.game.round.hands[0]) == sorted(p.game.round.hands[0])  # your own hand is what you hold
    q = play(q, legal_actions(q.game)[0])  # and play goes on, the record extending the saved one
    assert format_record(q.human_record()).startswith(saved["record"].rsplit(" | ", 1)[0])


def test_resume_refuses_bad_saves_with_a_reason():
    with pytest.raises(PracticeError, match="your turn"):
        resume("2019 A,B first:A viewer:A dealt:1 | A +2 2>B", "0,0")
    with pytest.raises(PracticeError, match="whole numbers"):
        resume("2019 A,B first:A viewer:A dealt:1 | A +2", "x")
    with pytest.raises(PracticeError, match="already over"):
        resume("2019 A,B first:A viewer:A dealt:1 | A +2", "6,0")


def _click(at, key):
    at.button(key=key).click().run()
    assert not at.exception, at.exception


def _play_first(at):
    """Tap the first card offered, then the first player and guess offered (nothing is chosen for the
    person: Play waits), then press Play."""
    assert at.button(key="pr-play").disabled
    for _ in range(4):
        open_ = [b for b in at.button_group if str(b.key).startswith("pr_action_") and b.value is None]
        if not open_:
            break
        group = open_[0]
        group.set_value(group.options[0]).run()
    assert not at.button(key="pr-play").disabled
    _click(at, "pr-play")


def test_a_complete_seeded_game_through_the_page_with_hint_and_reviews():
    at = AppTest.from_file(APP, default_timeout=120)
    at.run()
    at.switch_page("views/practice.py").run()
    at.selectbox(key="pr_edition").set_value("classic").run()
    at.selectbox(key="pr_players_classic").set_value(2).run()
    at.radio(key="pr_bots").set_value("card-counter")
    at.number_input(key="pr_seed").set_value(4)
    at.number_input(key="pr_target_classic_2").set_value(2)
    at.number_input(key="pr_seconds").set_value(0.1)
    _click(at, "pr-new")
    decisions = hinted = reviews = 0
    for _ in range(200):
        p = at.session_state["pr"]
        if p.over:
            break
        if p.round_over:
            table = next(d.value for d in at.table if t("en", "pr_cost") in d.value.columns) if decisions else None
            assert decisions == len(p.decisions) == (0 if table is None else len(table))
            reviews += 1
            decisions = 0
            _click(at, "pr-next")
            continue
        assert p.my_turn
        if not hinted and len(p.game.round.deck) <= 4:
            _click(at, "pr-hint")
            from solver.words.verdicts import verdict_line
            from tutor.answers import advice

            shown = advice(format_record(p.human_record()), hint_model(p.bots), 0.4)  # the page's cached answer
            assert verdict_line(shown, "en") in [s.value for s in list(at.success) + list(at.info)]
            hinted += 1
        _play_first(at)
        decisions += 1
    p = at.session_state["pr"]
    assert p.over and p.game.winners and max(p.game.tokens) == 2
    assert any(t("en", "pr_game_won", names="").split("{")[0][:9] in s.value for s in at.success)
    assert hinted == 1 and reviews >= 1


def test_review_ranks_each_decision_and_prices_the_choice():
    p = random_practice_round()
    from solver.advice.practice import review

    items = review(p.decisions, "random", seconds=1.0)
    assert len(items) == len(p.decisions) >= 1
    for item in items:
        ranking = [a.action for a in item.advice.actions]
        assert ranking[item.rank - 1] == item.decision.action == item.chosen.action
        assert item.cost >= 0
        assert item.advice.record == item.decision.record  # ranked for the position of that decision


def test_bots_step_one_turn_at_a_time_exactly_as_play_does():
    from solver.advice.practice import bot_step, bots_to_play

    for bots in ("random", "card-counter"):
        whole = start("2019", ["Ana", "You", "Luis", "Marta"], 1, bots, seed=7)
        p = start("2019", ["Ana", "You", "Luis", "Marta"], 1, bots, seed=7, then_bots=False)
        steps = 0
        while bots_to_play(p):
            p = bot_step(p)
            steps += 1
        assert p == whole and steps >= 1
        action = legal_actions(whole.game)[0]
        q = play(p, action, then_bots=False)
        while bots_to_play(q):
            q = bot_step(q)
        assert q == play(whole, action)
    with pytest.raises(PracticeError, match="no bot"):
        bot_step(whole)


def test_a_resumed_game_reads_as_sentences_and_each_bot_turn_is_shown():
    p = _second_decision()
    saved = save(p)
    at = AppTest.from_file(APP, default_timeout=120)
    for k, v in {**saved, "lang": "es"}.items():
        at.query_params[k] = v
    at.run()
    at.switch_page("views/practice.py").run()
    assert not at.exception and not at.error
    log = next(m.value for m in at.markdown if m.value.startswith("1. "))
    assert "Robas " in log and "Te toca jugar." in log  # the person's turns in the second person, in Spanish
    assert "classic You" not in log and all("classic You" not in c.value for c in at.caption)  # not the raw record
    texts = [getattr(el, "value", None) or getattr(el, "label", "") for el in at.main]
    your_turn, log_at = (next(i for i, x in enumerate(texts) if isinstance(x, str) and x.startswith(key))
                         for key in (f"**{t('es', 'pr_your_turn')}**", "1. "))
    assert your_turn < log_at  # the Play button comes right after the board, before the log
    _play_first(at)
    bot_lines = [m.value for m in at.markdown if m.value.startswith("- Bot ")]
    assert bot_lines, "the bot's turn is shown as it happens"
