"""Every card's effect and edge cases (§5, §6), as rulings with exact outcomes."""

import pytest

from solver import ChancellorChoice, IllegalActionError, Play, legal_actions
from solver.rules.events import (
    BaronCompared,
    BaronResult,
    CardDrawn,
    ChancellorDrew,
    ChancellorReturned,
    GuardGuessed,
    HandsTraded,
    KnockedOut,
    NoEffect,
    PriestSaw,
    PrinceDiscarded,
    Protected,
    RoundEnded,
    TurnStarted,
)

from ..helpers import (
    BARON, CHANCELLOR, COUNTESS, GUARD, HANDMAID, KING, PRIEST, PRINCE, PRINCESS, SPY,
    late, of_type, pos, run,
)


# Guard ------------------------------------------------------------------------------------

def test_guard_right_guess_knocks_out_and_discards_hand_face_up():
    r = pos("2019", [(GUARD, SPY), (PRIEST,), (BARON,)], deck=(HANDMAID,))
    r2, ev = run(r, Play(GUARD, 1, PRIEST))
    assert GuardGuessed(0, 1, PRIEST, True) in ev
    assert KnockedOut(1, (PRIEST,), "guard") in ev
    assert r2.out == (False, True, False)
    assert r2.hands[1] == () and r2.discards[1] == (PRIEST,)
    assert r2.current == 2  # seat 1 is skipped


def test_guard_wrong_guess_does_nothing_but_is_public():
    r = pos("2019", [(GUARD, SPY), (PRIEST,), (BARON,)])
    r2, ev = run(r, Play(GUARD, 1, KING))
    assert GuardGuessed(0, 1, KING, False) in ev and ev[1].private_to is None
    assert r2.out == (False, False, False) and r2.hands[1][0] == PRIEST


def test_guard_cannot_name_guard():
    r = pos("2019", [(GUARD, SPY), (GUARD,), (BARON,)])
    with pytest.raises(IllegalActionError, match="cannot name the Guard") as err:
        run(r, Play(GUARD, 1, GUARD))
    assert err.value.rule == "guard-names-guard"
    assert all(a.guess != GUARD for a in legal_actions(r))


def test_guard_may_name_spy_in_2019_but_not_in_classic():
    r = pos("2019", [(GUARD, PRIEST), (SPY,), (BARON,)])
    assert Play(GUARD, 1, SPY) in legal_actions(r)
    r2, ev = run(r, Play(GUARD, 1, SPY))
    assert r2.out[1]
    c = pos("classic", [(GUARD, PRIEST), (BARON,), (KING,)])
    with pytest.raises(IllegalActionError, match="not in the classic") as err:
        run(c, Play(GUARD, 1, SPY))
    assert err.value.rule == "guess-not-in-edition"
    with pytest.raises(IllegalActionError, match="not in the classic"):
        run(c, Play(GUARD, 1, CHANCELLOR))


def test_guard_legal_guesses_are_every_other_character_of_the_edition():
    r = pos("2019", [(GUARD, PRIEST), (SPY,), (BARON,)])
    guesses = {a.guess for a in legal_actions(r) if a.card == GUARD and a.target == 1}
    assert guesses == {SPY, PRIEST, BARON, HANDMAID, PRINCE, CHANCELLOR, KING, COUNTESS, PRINCESS}
    c = pos("classic", [(GUARD, PRIEST), (BARON,), (KING,)])
    guesses = {a.guess for a in legal_actions(c) if a.card == GUARD and a.target == 1}
    assert guesses == {PRIEST, BARON, HANDMAID, PRINCE, KING, COUNTESS, PRINCESS}


def test_naming_a_card_whose_copies_are_all_visible_is_legal():
    r = pos("2019", [(GUARD, PRIEST), (SPY,), (BARON,)], discards=[(), (KING,), ()])
    assert Play(GUARD, 1, KING) in legal_actions(r)


# Targets (§5) -----------------------------------------------------------------------------

@pytest.mark.parametrize("card", [GUARD, PRIEST, BARON, KING])
def test_cards_that_choose_another_player_cannot_choose_yourself(card):
    r = pos("2019", [(card, SPY), (PRIEST,), (HANDMAID,)])
    guess = PRIEST if card == GUARD else None
    with pytest.raises(IllegalActionError, match="another player, not yourself") as err:
        run(r, Play(card, 0, guess))
    assert err.value.rule == "target-self"
    assert all(a.target != 0 for a in legal_actions(r) if a.card == card)


@pytest.mark.parametrize("card", [GUARD, PRIEST, BARON, PRINCE, KING])
def test_protected_and_out_players_cannot_be_chosen(card):
    r = late("2019", [(card, SPY), (), (PRIEST,), (SPY,)], deck=(GUARD, GUARD),
             discards=[(), (BARON,), (HANDMAID,), ()], out=[False, True, False, False],
             protected=[False, False, True, False], dump=3)
    guess = PRIEST if card == GUARD else None
    with pytest.raises(IllegalActionError, match="out of the round") as err:
        run(r, Play(card, 1, guess))
    assert err.value.rule == "target-out"
    with pytest.raises(IllegalActionError, match="protected by a Handmaid") as err:
        run(r, Play(card, 2, guess))
    assert err.value.rule == "target-protected"
    assert {a.target for a in legal_actions(r) if a.card == card} == ({0, 3} if card == PRINCE else {3})


@pytest.mark.parametrize("card", [GUARD, PRIEST, BARON, KING])
def test_all_others_protected_card_is_played_with_no_effect(card):
    r = late("2019", [(card, SPY), (PRIEST,), (COUNTESS,)], deck=(GUARD, GUARD),
             discards=[(), (HANDMAID,), (HANDMAID,)], protected=[False, True, True], dump=0)
    plays = [a for a in legal_actions(r) if a.card == card]
    assert plays == [Play(card)]
    r2, ev = run(r, Play(card))
    assert NoEffect(0, card, "all-protected") in ev
    assert r2.hands[0] == (SPY,) and r2.hands[1][0] == PRIEST and r2.hands[2] == (COUNTESS,)
    assert not of_type(ev, PriestSaw) and not of_type(ev, HandsTraded) and not of_type(ev, GuardGuessed)


@pytest.mark.parametrize("card", [GUARD, PRIEST, BARON, KING])
def test_targeted_card_cannot_be_played_into_the_void_while_a_target_exists(card):
    r = pos("2019", [(card, SPY), (PRIEST,), (COUNTESS,)])
    with pytest.raises(IllegalActionError, match="must choose another player") as err:
        run(r, Play(card))
    assert err.value.rule == "target-required"


def test_void_play_is_an_option_for_the_s004_reading():
    from solver import get_edition
    e = get_edition("classic", void_target_allowed=True)
    r = pos(e, [(GUARD, PRIEST), (BARON,), (KING,)])
    assert Play(GUARD) in legal_actions(r) and Play(PRIEST) in legal_actions(r)
    r2, ev = run(r, Play(GUARD))
    assert NoEffect(0, GUARD, "no-target") in ev


# Priest -----------------------------------------------------------------------------------

def test_priest_sees_the_hand_privately():
    r = pos("2019", [(PRIEST, SPY), (KING,), (BARON,)])
    r2, ev = run(r, Play(PRIEST, 1))
    [saw] = of_type(ev, PriestSaw)
    assert saw == PriestSaw(0, 1, KING, (0,))
    assert r2.hands[1][0] == KING


# Baron ------------------------------------------------------------------------------------

def test_baron_lower_card_is_out_and_revealed():
    r = pos("2019", [(BARON, KING), (PRIEST,), (SPY,)])
    r2, ev = run(r, Play(BARON, 1))
    assert BaronCompared(0, 1, KING, PRIEST, (0, 1)) in ev
    assert BaronResult(0, 1, 1) in ev
    assert KnockedOut(1, (PRIEST,), "baron") in ev
    assert r2.out[1] and not r2.out[0]


def test_barons_own_player_can_be_knocked_out():
    r = pos("2019", [(BARON, GUARD), (PRIEST,), (SPY,)])
    r2, ev = run(r, Play(BARON, 1))
    assert BaronResult(0, 1, 0) in ev and r2.out[0] and r2.discards[0] == (BARON, GUARD)
    assert r2.current == 1


def test_baron_tie_nobody_is_out():
    r = pos("2019", [(BARON, PRIEST), (PRIEST,), (SPY,)])
    r2, ev = run(r, Play(BARON, 1))
    assert BaronResult(0, 1, None) in ev and not any(r2.out)
    assert not of_type(ev, KnockedOut)


def test_baron_compares_the_classic_values():
    # Countess 7 beats King 6 in classic just as 8 beats 7 in 2019: order is the same.
    r = pos("classic", [(BARON, COUNTESS), (KING,), (GUARD,)])
    r2, _ = run(r, Play(BARON, 1))
    assert r2.out == (False, True, False)


# Handmaid ---------------------------------------------------------------------------------

def test_handmaid_protects_until_start_of_own_next_turn():
    r = pos("2019", [(HANDMAID, SPY), (GUARD,), (GUARD,)], deck=(PRIEST, PRIEST, BARON))
    r, _ = run(r, Play(HANDMAID))
    assert r.protected == (True, False, False) and r.current == 1
    # Seat 1 cannot choose seat 0; seat 2 is the only target.
    assert {a.target for a in legal_actions(r)} == {2}
    r, _ = run(r, Play(GUARD, 2, KING))
    assert r.protected[0]  # still protected during seat 2's turn
    r, ev = run(r, Play(GUARD, 1, KING))
    assert r.current == 0 and r.protected == (False, False, False)
    assert TurnStarted(0, True) in ev


# Prince -----------------------------------------------------------------------------------

def test_prince_discards_without_effect_and_draws():
    r = pos("2019", [(PRINCE, SPY), (BARON,), (GUARD,)], deck=(KING, PRIEST))
    r2, ev = run(r, Play(PRINCE, 1))
    assert PrinceDiscarded(0, 1, BARON) in ev
    assert CardDrawn(1, KING, "deck", (1,)) in ev
    assert r2.hands[1][0] == KING and r2.discards[1] == (BARON,)
    assert not of_type(ev, BaronResult)  # no effect resolved


def test_prince_may_choose_yourself():
    r = pos("2019", [(PRINCE, BARON), (SPY,), (GUARD,)], deck=(KING, PRIEST))
    r2, ev = run(r, Play(PRINCE, 0))
    assert r2.hands[0] == (KING,) and r2.discards[0] == (PRINCE, BARON)


def test_prince_must_choose_yourself_when_all_others_are_protected():
    r = late("2019", [(PRINCE, PRIEST), (GUARD,), (GUARD,)], deck=(KING, GUARD),
             discards=[(), (HANDMAID,), (HANDMAID,)], protected=[False, True, True])
    assert [a for a in legal_actions(r) if a.card == PRINCE] == [Play(PRINCE, 0)]
    with pytest.raises(IllegalActionError, match="must choose yourself"):
        run(r, Play(PRINCE))


def test_prince_on_yourself_with_the_princess_knocks_you_out():
    r = late("2019", [(PRINCE, PRINCESS), (GUARD,), (GUARD,)], deck=(KING, GUARD),
             discards=[(), (HANDMAID,), (HANDMAID,)], protected=[False, True, True], set_aside=SPY)
    r2, ev = run(r, Play(PRINCE, 0))
    assert KnockedOut(0, (), "princess-discarded") in ev
    assert r2.out[0] and r2.hands[0] == () and r2.discards[0][-2:] == (PRINCE, PRINCESS)
    assert not of_type(ev, CardDrawn) or all(e.player != 0 for e in of_type(ev, CardDrawn))


def test_princess_discarded_by_prince_knocks_out_with_no_redraw():
    r = pos("2019", [(PRINCE, SPY), (PRINCESS,), (GUARD,)], deck=(KING, PRIEST))
    r2, ev = run(r, Play(PRINCE, 1))
    assert r2.out[1] and r2.hands[1] == ()
    assert r2.deck[0] == PRIEST  # seat 2 drew the King; nothing was drawn for seat 1
    assert [d.player for d in of_type(ev, CardDrawn)] == [2]


def test_prince_on_empty_deck_draws_the_set_aside_card():
    r = late("2019", [(PRINCE, SPY), (BARON,), (), (GUARD,)], deck=(), set_aside=KING,
             discards=[(), (), (PRINCESS,), ()], out=[False, False, True, False], dump=2)
    r2, ev = run(r, Play(PRINCE, 1))
    assert CardDrawn(1, KING, "set_aside", (1,)) in ev
    assert r2.set_aside is None and r2.hands[1] == (KING,)
    # The deck is empty after this turn: showdown, and the King wins.
    assert r2.is_over and r2.winners == (1,)


def test_prince_never_draws_the_two_player_face_up_cards():
    r = late("2019", [(PRINCE, SPY), (BARON,)], deck=(), set_aside=GUARD,
             face_up=(KING, COUNTESS, PRINCESS), dump=1)
    r2, ev = run(r, Play(PRINCE, 1))
    assert r2.hands[1] == (GUARD,) and r2.face_up == (KING, COUNTESS, PRINCESS)


def test_princess_discarded_on_empty_deck_leaves_set_aside_unused():
    r = late("2019", [(PRINCE, SPY), (PRINCESS,), (GUARD,)], deck=(), set_aside=KING, dump=2)
    r2, ev = run(r, Play(PRINCE, 1))
    assert r2.set_aside == KING and r2.out[1]
    assert r2.is_over and r2.end_reason == "showdown"


def test_prince_drawing_the_last_card_ends_the_round_before_it_is_played():
    r = late("2019", [(PRINCE, PRIEST), (GUARD,)], deck=(PRINCESS,), set_aside=SPY, dump=0)
    r2, ev = run(r, Play(PRINCE, 1))
    assert r2.hands[1] == (PRINCESS,)
    assert r2.is_over and r2.end_reason == "showdown" and r2.winners == (1,)


# Chancellor -------------------------------------------------------------------------------

def test_chancellor_draws_two_keeps_one_returns_two_in_chosen_order():
    r = pos("2019", [(CHANCELLOR, SPY), (GUARD,), (GUARD,)], deck=(KING, PRIEST, BARON, HANDMAID))
    r1, ev = run(r, Play(CHANCELLOR))
    assert r1.phase == "chancellor" and sorted(r1.hands[0]) == sorted((SPY, KING, PRIEST))
    assert ChancellorDrew(0, (KING, PRIEST), (0,)) in ev
    deck_len = len(r.deck)
    r2, ev = run(r1, ChancellorChoice(KING, (SPY, PRIEST)))
    assert r2.hands[0] == (KING,)
    assert ChancellorReturned(0, KING, (SPY, PRIEST), (0,)) in ev
    # Seat 1 drew the Baron; the returned cards are at the bottom, Priest last.
    assert r2.hands[1] == (GUARD, BARON)
    assert r2.deck[-2:] == (SPY, PRIEST)
    assert len(r2.deck) + 1 == deck_len  # unchanged by the Chancellor; only seat 1's draw


def test_chancellor_choices_are_every_keep_and_every_order():
    r = pos("2019", [(CHANCELLOR, SPY), (GUARD,), (GUARD,)], deck=(KING, PRIEST))
    r1, _ = run(r, Play(CHANCELLOR))
    acts = legal_actions(r1)
    assert len(acts) == 6 and len(set(acts)) == 6
    r = pos("2019", [(CHANCELLOR, GUARD), (GUARD,), (GUARD,)], deck=(GUARD, PRIEST))
    r1, _ = run(r, Play(CHANCELLOR))
    acts = legal_actions(r1)
    # keep Guard: (Guard, Priest) or (Priest, Guard); keep Priest: (Guard, Guard) once.
    assert set(acts) == {ChancellorChoice(GUARD, (GUARD, PRIEST)), ChancellorChoice(GUARD, (PRIEST, GUARD)),
                         ChancellorChoice(PRIEST, (GUARD, GUARD))}


def test_chancellor_with_one_card_in_deck_returns_one():
    r = late("2019", [(CHANCELLOR, SPY), (GUARD,), (PRIEST,)], deck=(KING,), dump=1)
    r1, _ = run(r, Play(CHANCELLOR))
    assert sorted(r1.hands[0]) == [SPY, KING] and r1.deck == ()
    assert set(legal_actions(r1)) == {ChancellorChoice(SPY, (KING,)), ChancellorChoice(KING, (SPY,))}
    r2, ev = run(r1, ChancellorChoice(KING, (SPY,)))
    # The deck still holds one card: the round goes on, and seat 1 draws the Spy.
    assert not r2.is_over and r2.hands[1] == (GUARD, SPY) and r2.deck == ()


def test_chancellor_with_empty_deck_has_no_effect():
    r = late("2019", [(CHANCELLOR, SPY), (GUARD,), (PRIEST,)], deck=(), dump=1)
    r2, ev = run(r, Play(CHANCELLOR))
    assert NoEffect(0, CHANCELLOR, "empty-deck") in ev
    assert r2.is_over and r2.end_reason == "showdown"


def test_countess_rule_does_not_apply_while_keeping_from_a_chancellor():
    r = pos("2019", [(CHANCELLOR, COUNTESS), (GUARD,), (GUARD,)], deck=(KING, PRINCE))
    r1, _ = run(r, Play(CHANCELLOR))
    keeps = {a.keep for a in legal_actions(r1)}
    assert keeps == {COUNTESS, KING, PRINCE}
    r2, _ = run(r1, ChancellorChoice(KING, (COUNTESS, PRINCE)))
    assert r2.hands[0] == (KING,)


def test_chancellor_choice_must_return_exactly_the_other_cards():
    r = pos("2019", [(CHANCELLOR, SPY), (GUARD,), (GUARD,)], deck=(KING, PRIEST))
    r1, _ = run(r, Play(CHANCELLOR))
    with pytest.raises(IllegalActionError, match="keep one of your cards and put all the others under the deck"):
        run(r1, ChancellorChoice(KING, (PRIEST,)))
    with pytest.raises(IllegalActionError, match="keep one card"):
        run(r1, Play(KING, 1))


# King -------------------------------------------------------------------------------------

def test_king_trades_hands_privately():
    r = pos("2019", [(KING, SPY), (PRIEST,), (GUARD,)])
    r2, ev = run(r, Play(KING, 1))
    assert HandsTraded(0, 1, SPY, PRIEST, (0, 1)) in ev
    assert r2.hands[0] == (PRIEST,) and r2.hands[1][0] == SPY


def test_giving_away_the_princess_is_not_discarding_it():
    r = pos("2019", [(KING, PRINCESS), (PRIEST,), (GUARD,)])
    r2, ev = run(r, Play(KING, 1))
    assert r2.hands[1][0] == PRINCESS and not any(r2.out)


# Countess ---------------------------------------------------------------------------------

@pytest.mark.parametrize("partner", [KING, PRINCE])
def test_countess_is_forced_with_king_or_prince(partner):
    r = pos("2019", [(COUNTESS, partner), (PRIEST,), (GUARD,)])
    assert legal_actions(r) == (Play(COUNTESS),)
    with pytest.raises(IllegalActionError, match=f"you must play the Countess: you also hold the {partner.title}") as err:
        run(r, Play(partner, 1))
    assert err.value.rule == "countess-forced"


def test_countess_forced_even_when_king_would_have_no_effect():
    r = late("2019", [(COUNTESS, KING), (PRIEST,), (GUARD,)], deck=(GUARD, SPY),
             discards=[(), (HANDMAID,), (HANDMAID,)], protected=[False, True, True])
    assert legal_actions(r) == (Play(COUNTESS),)
    with pytest.raises(IllegalActionError, match="must play the Countess"):
        run(r, Play(KING))


def test_countess_not_forced_by_princess_and_may_be_played_voluntarily():
    r = pos("2019", [(COUNTESS, PRINCESS), (PRIEST,), (GUARD,)])
    assert set(legal_actions(r)) == {Play(COUNTESS), Play(PRINCESS)}
    r = pos("2019", [(COUNTESS, GUARD), (PRIEST,), (BARON,)])
    assert Play(COUNTESS) in legal_actions(r)
    r2, ev = run(r, Play(COUNTESS))
    assert r2.hands[0] == (GUARD,)
    # Playing her reveals nothing: the only public event of the play is the card itself.
    assert [e for e in ev if e.private_to is None][0].card == COUNTESS


# Princess ---------------------------------------------------------------------------------

def test_playing_the_princess_is_legal_and_knocks_you_out():
    r = pos("2019", [(PRINCESS, GUARD), (PRIEST,), (BARON,)])
    r2, ev = run(r, Play(PRINCESS))
    assert KnockedOut(0, (GUARD,), "princess-played") in ev
    assert r2.out[0] and r2.discards[0] == (PRINCESS, GUARD)


def test_knocked_out_while_holding_the_princess_just_discards_her():
    r = pos("2019", [(GUARD, SPY), (PRINCESS,), (BARON,)])
    r2, ev = run(r, Play(GUARD, 1, PRINCESS))
    assert KnockedOut(1, (PRINCESS,), "guard") in ev


# Spy and hand-size -------------------------------------------------------------------------

def test_spy_has_no_effect_when_played():
    r = pos("2019", [(SPY, GUARD), (PRIEST,), (BARON,)])
    r2, ev = run(r, Play(SPY))
    assert r2.hands[0] == (GUARD,) and not any(r2.out) and r2.current == 1


def test_cannot_play_a_card_you_do_not_hold():
    r = pos("2019", [(SPY, GUARD), (PRIEST,), (BARON,)])
    with pytest.raises(IllegalActionError, match="your hand is Spy and Guard") as err:
        run(r, Play(KING, 1))
    assert err.value.rule == "card-not-in-hand"


def test_illegal_action_leaves_state_unchanged():
    r = pos("2019", [(COUNTESS, KING), (PRIEST,), (GUARD,)])
    before = r
    with pytest.raises(IllegalActionError):
        run(r, Play(KING, 1))
    assert r == before and r.hands[0] == (COUNTESS, KING)


def test_events_of_a_full_turn_are_ordered():
    r = pos("2019", [(GUARD, SPY), (PRIEST,), (BARON,)], deck=(HANDMAID, KING))
    _, ev = run(r, Play(GUARD, 1, BARON))
    assert [type(e).__name__ for e in ev] == ["CardPlayed", "GuardGuessed", "TurnStarted", "CardDrawn"]
    assert of_type(ev, RoundEnded) == [] and of_type(ev, Protected) == []


def test_a_guard_with_nobody_to_choose_names_no_card():
    """Every other player protected: a Guard sent with a guess but no player was refused as
    'must choose another player while one can be chosen', which was false (none could be); the
    refusal says the Guard is played with no effect and names no card."""
    r = late("2019", [(GUARD, SPY), (PRIEST,), (COUNTESS,)], deck=(GUARD, GUARD),
             discards=[(), (HANDMAID,), (HANDMAID,)], protected=[False, True, True], dump=0)
    with pytest.raises(IllegalActionError, match="names no card") as err:
        run(r, Play(GUARD, None, PRIEST))
    assert err.value.rule == "guess-without-target"
    # while a player can be chosen, the missing player is still the fault named
    with pytest.raises(IllegalActionError) as err:
        run(pos("2019", [(GUARD, SPY), (PRIEST,), (COUNTESS,)]), Play(GUARD, None, PRIEST))
    assert err.value.rule == "target-required"

    # the S004 reading, players open: a Guard played into the void names no card either
    from solver import get_edition
    void = pos(get_edition("classic", void_target_allowed=True), [(GUARD, PRIEST), (BARON,), (KING,)])
    with pytest.raises(IllegalActionError) as err:
        run(void, Play(GUARD, None, PRIEST))
    assert err.value.rule == "guess-without-target"
