"""The worked example round of seed 000 (Ana, Luis, Marta): one real round, from its deal to the
showdown (lessons/example.toml), every frame's state replayed through the engine.

The text tells four turns, then "después se agota el mazo" and Ana shows 5 against Marta's 2. The
skipped turns are real, legal turns here; the ending cannot be the text's (Ana cannot keep her
Prince through two Barons and the King with one Handmaid left: lessons/example.toml), so Ana plays
her Prince on Marta and wins the showdown with the King.
"""

from solver import Game, IllegalActionError, NextRound, Play, apply, deal_from_order, get_edition, legal_actions
from solver.rules.events import (CardPlayed, GuardGuessed, KnockedOut, PriestSaw, Protected, RoundEnded, TokensAwarded,
                                 TurnStarted)
from tutor.text.example import NAMES, example_history, example_steps, turns

from ..helpers import COUNTESS, GUARD, HANDMAID, KING, PRIEST, PRINCE, PRINCESS, of_type

import pytest

ANA, LUIS, MARTA = 0, 1, 2
E2019 = get_edition("2019")
STEPS = example_steps()


def test_every_frame_is_the_state_the_engine_reaches_from_the_deal():
    history = example_history()
    r, _ = deal_from_order(E2019, 3, history.first, history.order)
    game = Game(E2019, NAMES, (0, 0, 0), "example", 1, ANA, r)
    assert STEPS[0].game == game
    for step, actions in zip(STEPS[1:], turns(history.plays)):
        for action in actions:
            assert action in legal_actions(game.round), (step.key, action)
            game, _ = apply(game, action)
        assert step.game == game, step.key  # the very state shown
        if step.decision:
            player, action, before = step.decision
            assert before.round.current == player and action == actions[0]
    assert len(STEPS) == 1 + len(turns(history.plays))


def test_the_deal_and_the_four_turns_the_text_tells():
    r = STEPS[0].game.round
    # Ana, Luis and Marta have one card each; Ana draws a Guard (she holds the Countess).
    assert r.hands == ((COUNTESS, GUARD), (PRINCE,), (PRIEST,)) and r.set_aside == PRINCESS and r.current == ANA
    # Ana plays the Guard on Luis naming "Príncipe": Luis holds the Prince, is out, his card face up.
    guard = STEPS[1]
    assert guard.decision[1] == Play(GUARD, LUIS, PRINCE)
    assert GuardGuessed(ANA, LUIS, PRINCE, True) in guard.events
    assert KnockedOut(LUIS, (PRINCE,), "guard") in guard.events
    r = guard.game.round
    assert r.out == (False, True, False) and r.discards[LUIS] == (PRINCE,)
    # Marta (Luis is skipped) draws the Handmaid and plays it: protected until her next turn.
    handmaid = STEPS[2]
    assert handmaid.decision[0] == MARTA and handmaid.decision[2].round.hands[MARTA] == (PRIEST, HANDMAID)
    assert Protected(MARTA) in handmaid.events and handmaid.game.round.protected[MARTA]
    # Ana draws the Prince; with the Countess she must play the Countess, and shows nothing else.
    countess = STEPS[3]
    before = countess.decision[2].round
    assert before.hands[ANA] == (COUNTESS, PRINCE) and legal_actions(before) == (Play(COUNTESS),)
    with pytest.raises(IllegalActionError, match="must play the Countess"):
        apply(before, Play(PRINCE, ANA))
    public = [e for e in countess.events if e.private_to is None]
    assert [type(e).__name__ for e in public] == ["CardPlayed", "TurnStarted"] and public[0].card == COUNTESS
    assert countess.game.round.hands[ANA] == (PRINCE,)
    # Marta's turn comes back: her protection ends.
    assert TurnStarted(MARTA, True) in countess.events and not countess.game.round.protected[MARTA]
    assert STEPS[4].key == "example_protection" and STEPS[4].player == MARTA


def test_the_skipped_turns_are_real_turns_and_the_deck_runs_out():
    skipped = [s for s in STEPS if s.skipped]
    assert len(skipped) >= 8 and skipped[-1].key == "example_skip"
    assert [s.turn for s in skipped] == list(range(5, 5 + len(skipped)))
    r = skipped[-1].game.round  # Marta has drawn the last card: her last turn
    assert r.deck == () and r.current == MARTA and sorted(r.hands[MARTA]) == [GUARD, PRIEST]
    # Turns alternate between Ana and Marta (Luis is out); no one else is knocked out.
    assert [s.player for s in skipped] == [ANA if s.turn % 2 else MARTA for s in skipped]
    assert all(not of_type(s.events, KnockedOut) for s in skipped)
    # Marta's Priest looked at Ana's Prince; Ana later plays it on Marta (a Baron would have
    # knocked one of them out).
    assert PriestSaw(MARTA, ANA, PRINCE, (MARTA,)) in STEPS[4].events
    assert any(CardPlayed(ANA, PRINCE, MARTA) in s.events for s in skipped)


def test_the_showdown_ana_wins_with_the_king_and_the_set_aside_card_is_the_princess():
    last = STEPS[-1]
    player, action, before = last.decision
    assert player == MARTA and action == Play(GUARD, ANA, PRINCESS)
    [end] = of_type(last.events, RoundEnded)
    assert end.reason == "showdown" and end.hands == (KING, None, PRIEST)
    assert end.winners == (ANA,) and last.game.tokens == (1, 0, 0)
    assert last.game.round.set_aside == PRINCESS  # never drawn: revealed at the showdown
    [awarded] = of_type(last.events, TokensAwarded)
    assert awarded.awards == ((ANA, 1, "round-win"),)  # both played a Spy: no bonus
    game, _ = apply(last.game, NextRound())
    assert game.starter == ANA and game.round.current == ANA and game.round_no == 2  # the winner starts
