"""Practice: the game logic (solver.advice.practice); the page is tested in tests/tutor/test_practice_app.py."""

import random

import pytest

from solver import legal_actions, parse_record
from solver.advice.practice import (
    PracticeError,
    next_round,
    play,
    resume,
    save,
    start,
)
from solver.records.notation import format_record

from ..helpers import random_practice_round, second_practice_decision


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


def test_a_saved_game_resumes_at_the_same_position():
    p = second_practice_decision()
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
