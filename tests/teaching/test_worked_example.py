"""The worked example round of seed 000 (Ana, Luis, Marta), step by step.

Turns 1–4 are played from a real deal, exactly as narrated. The text then says "después se
agota el mazo": a real 17-card deck cannot run out with Ana still on her Prince and Marta on a
Priest (two Barons, the King and the Princess would have to pass through their hands with one
Handmaid left), so the ending is played from a built last-turn position with the same hands.
"""

import pytest

from solver import Game, IllegalActionError, NextRound, Play, apply, deal_from_order, get_edition, legal_actions
from solver.rules.events import GuardGuessed, KnockedOut, Protected, RoundEnded, TokensAwarded, TurnStarted

from ..helpers import (
    BARON, COUNTESS, GUARD, HANDMAID, KING, PRIEST, PRINCE, PRINCESS, SPY, late, of_type,
)

ANA, LUIS, MARTA = 0, 1, 2
E2019 = get_edition("2019")


def example_deal():
    """Set aside the Princess; deal Ana the Countess, Luis a Prince, Marta a Priest; then the
    draws of the narrative: Ana a Guard, Marta a Handmaid, Ana a Prince, Marta a Spy."""
    head = [PRINCESS, COUNTESS, PRINCE, PRIEST, GUARD, HANDMAID, PRINCE, SPY]
    rest = list(E2019.full_deck())
    for c in head:
        rest.remove(c)
    return deal_from_order(E2019, 3, ANA, head + rest)[0]


def test_example_turns_one_to_four():
    r = example_deal()
    assert r.hands == ((COUNTESS, GUARD), (PRINCE,), (PRIEST,))
    # Ana plays the Guard on Luis naming "Príncipe": Luis is out, his card face up.
    r, ev = apply(r, Play(GUARD, LUIS, PRINCE))
    assert GuardGuessed(ANA, LUIS, PRINCE, True) in ev
    assert KnockedOut(LUIS, (PRINCE,), "guard") in ev
    assert r.out == (False, True, False) and r.discards[LUIS] == (PRINCE,)
    # Marta (Luis is skipped) draws the Handmaid and plays it: protected until her next turn.
    assert r.current == MARTA and r.hands[MARTA] == (PRIEST, HANDMAID)
    r, ev = apply(r, Play(HANDMAID))
    assert Protected(MARTA) in ev and r.protected[MARTA]
    # Ana draws the Prince; with the Countess she must play the Countess.
    assert r.current == ANA and r.hands[ANA] == (COUNTESS, PRINCE)
    assert legal_actions(r) == (Play(COUNTESS),)
    with pytest.raises(IllegalActionError, match="must play the Countess"):
        apply(r, Play(PRINCE, ANA))
    r, ev = apply(r, Play(COUNTESS))
    # She does not show the card she keeps: no public event names it.
    public = [e for e in ev if e.private_to is None]
    assert [type(e).__name__ for e in public] == ["CardPlayed", "TurnStarted"]
    assert public[0].card == COUNTESS
    assert r.hands[ANA] == (PRINCE,)
    # Marta's turn comes back: her protection ends.
    assert TurnStarted(MARTA, True) in ev
    assert r.current == MARTA and not r.protected[MARTA]


def last_turn(marta_plays):
    """Marta to play the last turn; Ana keeps her Prince (5), Marta a Priest (2)."""
    return late(E2019, [(PRINCE,), (), (PRIEST, marta_plays)], deck=(),
                discards=[(GUARD, COUNTESS), (PRINCE,), (HANDMAID,)],
                out=[False, True, False], current=MARTA, dump=LUIS)


def test_example_showdown_ana_wins_and_starts_the_next_round():
    r = last_turn(GUARD)
    game = Game(E2019, ("Ana", "Luis", "Marta"), (0, 0, 0), "example", 1, ANA, r)
    game, ev = apply(game, Play(GUARD, ANA, KING))
    [end] = of_type(ev, RoundEnded)
    assert end.reason == "showdown" and end.hands == (PRINCE, None, PRIEST)
    assert end.winners == (ANA,) and game.tokens == (1, 0, 0)
    game, _ = apply(game, NextRound())
    assert game.starter == ANA and game.round.current == ANA and game.round_no == 2


def test_example_variant_tie_both_win_a_token():
    r = late(E2019, [(BARON,), (), (BARON, SPY)], deck=(), discards=[(GUARD, COUNTESS), (PRINCE,), (HANDMAID,)],
             out=[False, True, False], current=MARTA, dump=LUIS)
    game = Game(E2019, ("Ana", "Luis", "Marta"), (0, 0, 0), "example", 1, ANA, r)
    game, ev = apply(game, Play(SPY))
    assert of_type(ev, RoundEnded)[0].winners == (ANA, MARTA)
    # Marta also played the only Spy still in the round: +1 more.
    assert game.tokens == (1, 0, 2)


def test_example_variant_marta_spy_bonus_even_though_ana_wins():
    game = Game(E2019, ("Ana", "Luis", "Marta"), (0, 0, 0), "example", 1, ANA, last_turn(SPY))
    game, ev = apply(game, Play(SPY))
    [awarded] = of_type(ev, TokensAwarded)
    assert awarded.awards == ((ANA, 1, "round-win"), (MARTA, 1, "spy"))
    assert game.tokens == (1, 0, 1)
    game, _ = apply(game, NextRound())
    assert game.round.current == ANA  # the Spy bonus is not a round win
