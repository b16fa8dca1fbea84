"""Whole games (§9, §10): tokens, the next round's starter, game end, seeded replay."""

import random

import pytest

from solver import Game, IllegalActionError, NextRound, Play, apply, get_edition, legal_actions, new_game
from solver.rules.events import GameEnded, RoundStarted, TokensAwarded
from solver.rules.game import next_starter

from ..helpers import BARON, GUARD, KING, PRIEST, PRINCE, SPY, late, of_type


def play_random_game(edition, n, seed, first=0):
    rng = random.Random(seed)
    game, events = new_game(edition, n, first, seed)
    log = [events]
    actions = []
    while not game.is_over:
        a = rng.choice(legal_actions(game))
        actions.append(a)
        game, ev = apply(game, a)
        log.append(ev)
    return game, actions, log


def test_game_replays_exactly_from_seed_and_actions():
    game, actions, log = play_random_game("2019", 4, seed=11)
    replay, _ = new_game("2019", 4, 0, 11)
    for a in actions:
        replay, _ = apply(replay, a)
    assert replay == game


def test_tokens_never_decrease_and_game_ends_at_target():
    for edition in ("2019", "classic", "classic-2019"):
        game, _, log = play_random_game(edition, 3, seed=5)
        target = get_edition(edition).token_target(3)
        history = [aw.tokens for evs in log for aw in of_type(evs, TokensAwarded)]
        for before, after in zip(history, history[1:]):
            assert all(b <= a for b, a in zip(before, after))
        assert max(game.tokens) >= target
        assert game.winners == tuple(i for i, t in enumerate(game.tokens) if t >= target)
        assert of_type(log[-1], GameEnded)[0].winners == game.winners


def test_next_round_winner_starts_and_only_next_round_is_legal_between_rounds():
    r = late("2019", [(GUARD, PRINCE), (PRIEST,), (BARON,)], deck=())
    game = Game(get_edition("2019"), ("A", "B", "C"), (0, 0, 0), 3, 1, 0, r)
    game, ev = apply(game, Play(GUARD, 1, KING))
    assert game.phase == "round-over" and legal_actions(game) == (NextRound(),)
    with pytest.raises(IllegalActionError, match="start the next round"):
        apply(game, Play(GUARD, 1, KING))
    game, ev = apply(game, NextRound())
    assert of_type(ev, RoundStarted)[0].starter == 0 and game.round.current == 0


def test_several_winners_one_of_them_starts_seeded():
    r = late("2019", [(GUARD, BARON), (PRIEST,), (BARON,)], deck=())
    starters = set()
    for seed in range(30):
        game = Game(get_edition("2019"), ("A", "B", "C"), (0, 0, 0), seed, 1, 1, r)
        game, _ = apply(game, Play(GUARD, 1, KING))
        assert game.round.winners == (0, 2)
        starter = next_starter(game)
        assert starter in (0, 2) and starter == next_starter(game)
        starters.add(starter)
    assert starters == {0, 2}


def test_nobody_won_same_starter_again():
    e = get_edition("classic", showdown_tie="discard_total_then_none")
    from solver import position
    from ..helpers import COUNTESS, HANDMAID, PRINCESS
    r = position(e, [(GUARD, PRINCE), (PRINCE,)], deck=(), set_aside=PRINCESS,
                 face_up=(GUARD, GUARD, PRIEST),
                 discards=[(KING, HANDMAID, BARON, PRIEST), (GUARD, GUARD, BARON, HANDMAID, COUNTESS)])
    game = Game(e, ("A", "B"), (0, 0), 1, 1, 1, r)
    game, _ = apply(game, Play(GUARD, 1, KING))
    assert game.round.winners == () and game.tokens == (0, 0)
    game, _ = apply(game, NextRound())
    assert game.starter == 1


def test_simultaneous_game_winners_all_win():
    # 3 players, target 5: seat 0 at 4 wins the round, seat 1 at 4 gets the Spy bonus.
    r = late("2019", [(GUARD, PRINCE), (PRIEST,), (BARON,)], deck=(), discards=[(), (SPY,), (SPY,)])
    game = Game(get_edition("2019"), ("A", "B", "C"), (4, 4, 0), 0, 9, 0, r)
    game, ev = apply(game, Play(GUARD, 2, BARON))
    assert game.is_over and game.winners == (0, 1) and game.tokens == (5, 5, 0)
    assert legal_actions(game) == ()
    with pytest.raises(IllegalActionError, match="game is over"):
        apply(game, NextRound())


@pytest.mark.parametrize("edition, n, target", [
    ("2019", 2, 6), ("2019", 3, 5), ("2019", 4, 4), ("2019", 5, 3), ("2019", 6, 3),
    ("classic", 2, 7), ("classic", 3, 5), ("classic", 4, 4),
    ("classic-2019", 2, 6), ("classic-2019", 3, 5), ("classic-2019", 4, 4),
])
def test_random_complete_games_reach_a_legal_winner(edition, n, target):
    for seed in range(3):
        game, actions, _ = play_random_game(edition, n, seed=seed)
        assert game.target == target
        assert game.winners and all(game.tokens[w] >= target for w in game.winners)
        # No one had reached the target before the last round was scored.
        assert all(t < target + 2 for t in game.tokens)
