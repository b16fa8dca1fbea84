"""The engine API says who acts, builds a game in progress, and names each refusal (issue 13, 7)."""

import re
from pathlib import Path

import pytest

from solver import (
    ChancellorChoice, Game, IllegalActionError, InvalidOptionError, InvalidPositionError, NextRound, Play,
    apply, deal_from_order, deal_round, game_position, get_edition, legal_actions, new_game, next_starter,
)

from ..helpers import BARON, CHANCELLOR, GUARD, HANDMAID, KING, PRIEST, PRINCE, PRINCESS, SPY, late, pos, run


# Actions name their player --------------------------------------------------------------------------

def test_a_play_by_a_player_not_to_move_is_refused_with_its_own_rule():
    r = pos("2019", [(GUARD, SPY), (PRIEST,), (BARON,)])
    with pytest.raises(IllegalActionError, match="not seat 2's turn: seat 0 is to move") as err:
        apply(r, Play(GUARD, 1, KING, player=2))
    assert err.value.rule == "not-your-turn" and err.value.params == {"player": 2, "current": 0}


def test_a_play_by_a_player_out_of_the_round_is_refused_with_its_own_rule():
    r = pos("2019", [(GUARD, SPY), (), (BARON,)], out=[False, True, False], discards=[(), (PRIEST,), ()])
    with pytest.raises(IllegalActionError, match="seat 1 is out of the round") as err:
        apply(r, Play(GUARD, 2, KING, player=1))
    assert err.value.rule == "player-out"
    with pytest.raises(IllegalActionError) as err:
        apply(r, Play(GUARD, 2, KING, player=7))
    assert err.value.rule == "no-such-seat"


def test_a_play_naming_the_player_to_move_is_that_play():
    r = pos("2019", [(GUARD, SPY), (PRIEST,), (BARON,)])
    assert apply(r, Play(GUARD, 1, PRIEST, player=0)) == apply(r, Play(GUARD, 1, PRIEST))
    game, _ = new_game("classic", 2, 1, seed=3)
    a = legal_actions(game)[0]
    named = Play(a.card, a.target, a.guess, player=1)
    assert apply(game, named) == apply(game, a)
    with pytest.raises(IllegalActionError) as err:
        apply(game, Play(a.card, a.target, a.guess, player=0))
    assert err.value.rule == "not-your-turn"
    assert all(x.player is None for x in legal_actions(game))


def test_a_chancellor_choice_names_its_player_too():
    r = pos("2019", [(CHANCELLOR, SPY), (GUARD,), (GUARD,)], deck=(KING, PRIEST))
    r1, _ = run(r, Play(CHANCELLOR, player=0))
    with pytest.raises(IllegalActionError) as err:
        apply(r1, ChancellorChoice(KING, (PRIEST, SPY), player=1))
    assert err.value.rule == "not-your-turn"
    assert apply(r1, ChancellorChoice(KING, (PRIEST, SPY), player=0)) == apply(r1, ChancellorChoice(KING, (PRIEST, SPY)))


# Specific rule keys ---------------------------------------------------------------------------------

def test_a_refused_player_count_has_its_own_rule():
    for call in (lambda: new_game("classic", 5), lambda: deal_round("2019", 1), lambda: deal_round("2019", "foo"),
                 lambda: get_edition("2019").token_target(7)):
        with pytest.raises(InvalidOptionError, match="is for 2–") as err:
            call()
        assert err.value.rule == "player-count"
    with pytest.raises(InvalidOptionError) as err:
        deal_round("2019", 3, first_player=3)
    assert err.value.rule == "first-player"


def test_the_chancellors_bad_keep_and_bad_return_have_their_own_rules():
    r = pos("2019", [(CHANCELLOR, SPY), (GUARD,), (GUARD,)], deck=(KING, PRIEST))
    r1, _ = run(r, Play(CHANCELLOR))
    with pytest.raises(IllegalActionError, match="cannot keep the Princess") as err:
        apply(r1, ChancellorChoice(PRINCESS, (PRIEST, SPY)))
    assert err.value.rule == "chancellor-keep"
    with pytest.raises(IllegalActionError, match="keeping the King, you must return exactly Spy and Priest") as err:
        apply(r1, ChancellorChoice(KING, (PRIEST,)))
    assert err.value.rule == "chancellor-return"
    with pytest.raises(IllegalActionError) as err:
        apply(r1, ChancellorChoice(KING, (PRIEST, PRIEST)))
    assert err.value.rule == "chancellor-return"


# A game in progress --------------------------------------------------------------------------------

def test_game_position_builds_a_game_in_progress_that_plays_on():
    r = pos("2019", [(GUARD, PRINCE), (), (BARON,)], out=[False, True, False], discards=[(), (PRIEST,), ()],
            turn=2)
    game = game_position("2019", ["A", "B", "C"], r, tokens=(2, 1, 0), round_no=4, starter=2, seed=9)
    assert isinstance(game, Game) and game.phase == "in-round" and game.round_no == 4
    assert game.round.out == (False, True, False) and game.target == 5
    game, _ = apply(game, Play(GUARD, 2, BARON))
    assert game.phase == "round-over" and game.tokens == (3, 1, 0)
    # The fewest rounds that explain the tokens: one round can give 2 (a win and the Spy bonus).
    assert game_position("2019", 3, r, tokens=(2, 1, 0)).round_no == 2
    assert game_position("2019", 3, r, tokens=(3, 1, 0)).round_no == 3


def test_game_position_refuses_impossible_token_totals():
    r = pos("classic", [(GUARD, PRINCE), (BARON,)])
    refused = {
        "token-total": [dict(tokens=(3, 0), round_no=2),   # classic: 1 token per round and player at most
                        dict(tokens=(7, 0), round_no=9),   # the target (7) was reached: the game had ended
                        dict(tokens=(0, 0), round_no=3)],  # two rounds without a winner
        "tokens": [dict(tokens=(1, -1), round_no=3), dict(tokens=(1,), round_no=3), dict(tokens=(1.5, 0), round_no=3)],
        "round-number": [dict(tokens=(0, 0), round_no=0)],
        "seat": [dict(tokens=(0, 0), round_no=1, starter=1)],  # turn 1: the starter plays first
    }
    for rule, cases in refused.items():
        for kw in cases:
            with pytest.raises(InvalidPositionError) as err:
                game_position("classic", 2, r, **kw)
            assert err.value.rule == rule, kw
    with pytest.raises(InvalidPositionError) as err:
        game_position("2019", 2, r, tokens=(0, 0))
    assert err.value.rule == "edition-mismatch"
    with pytest.raises(InvalidPositionError) as err:
        game_position("classic", ["A", "A"], r, tokens=(0, 0))
    assert err.value.rule == "names"
    # 2019: a round gives its winner 1 token and the Spy bonus 1 more.
    r19 = pos("2019", [(GUARD, PRINCE), (BARON,)])
    assert game_position("2019", 2, r19, tokens=(4, 0), round_no=3).tokens == (4, 0)
    with pytest.raises(InvalidPositionError, match="cannot be won in 2 round"):
        game_position("2019", 2, r19, tokens=(5, 0), round_no=3)


def test_game_position_with_a_finished_round_is_over_or_between_rounds():
    r = late("2019", [(GUARD, PRINCE), (PRIEST,), (BARON,)], deck=())
    done, _ = apply(r, Play(GUARD, 1, KING))  # showdown: Prince beats Baron; seat 0 played both Spies
    assert done.winners == (0,) and done.spy_bonus == 0
    game = game_position("2019", 3, done, tokens=(5, 2, 0), round_no=6, starter=0)
    assert game.phase == "game-over" and game.winners == (0,)
    assert game_position("2019", 3, done, tokens=(2, 0, 0), starter=0).phase == "round-over"
    with pytest.raises(InvalidPositionError, match="every round has a winner"):
        game_position("2019", 3, done, tokens=(5, 2, 0), round_no=8, starter=0)
    with pytest.raises(InvalidPositionError, match="hold the tokens they just won"):
        game_position("2019", 3, done, tokens=(1, 1, 0), starter=0)


# The next round's starter --------------------------------------------------------------------------

def test_the_next_starter_is_public_also_when_the_game_is_over():
    r = late("2019", [(GUARD, PRINCE), (PRIEST,), (BARON,)], deck=())
    game = Game(get_edition("2019"), ("A", "B", "C"), (4, 0, 0), 3, 5, 1, r)
    assert next_starter(game) is None and game.next_starter is None  # the round is being played
    game, _ = apply(game, Play(GUARD, 1, KING))
    assert game.is_over and next_starter(game) == 0 == game.next_starter
    between = Game(get_edition("2019"), ("A", "B", "C"), (1, 0, 0), 3, 5, 1, r)
    between, _ = apply(between, Play(GUARD, 1, KING))
    assert between.phase == "round-over"
    after, _ = apply(between, NextRound())
    assert after.starter == next_starter(between) == 0


# Docs ---------------------------------------------------------------------------------------------

def test_the_docs_say_deal_from_order_returns_a_round_and_its_events():
    doc = (Path(__file__).resolve().parents[2] / "docs" / "engine.md").read_text()
    row = re.search(r"^\| `deal_from_order\(.*$", doc, re.M).group(0)
    assert "(Round, events)" in row
    r, events = deal_from_order("classic", 2, 0, sorted(get_edition("classic").full_deck()))
    assert r.current == 0 and events[0].starter == 0
