"""How the advice's figures and verdicts read (solver/words/figures.py, solver/words/verdicts.py):
percentages first, small fractions only, a best play named only when the ranking resolves it, a forced
play called the only legal one, a Guard's equal guesses one phrase, a Baron's own risk, what the record
suggests."""

from fractions import Fraction

from solver import parse_record
from solver.words.figures import figure, pct, points, win_text
from solver.words.verdicts import best_plays, best_text

from ..helpers import answer_by_hand, ranked_by_hand

RECORD = parse_record("2019 Ana,Luis first:Ana viewer:Ana up:1,1,2 dealt:8 | Ana +1")


def test_percentages_first_and_fractions_only_where_small():
    assert figure(Fraction(31925635, 49405422)) == "64.6%"  # never the huge fraction
    assert figure(Fraction(1, 3)) == "33.3% (1/3)" and figure(Fraction(1, 2), "fr") == "50\u202f% (1/2)"
    assert pct(Fraction(4914065, 16468474), "es") == "29,8\u202f%"
    assert points(Fraction(7902881, 100000000)) == "7.9 pts"
    assert figure(Fraction(1)) == "100%" and figure(Fraction(0)) == "0%"



def test_the_verdict_names_the_best_first_and_says_equally_good_only_of_plays_proved_close():
    """Issue 41: "equally good" only of a play whose difference to the best is proved within ±3
    points; a play not yet told apart is said as such ("Probably best: …; not yet told apart from it (more work could change the order) …"); each
    play with its own figure, never the first play's."""
    from solver import Card, Play

    a, b, c = Play(Card.GUARD, 1, Card.PRINCE), Play(Card.GUARD, 1, Card.KING), Play(Card.COUNTESS)
    # b's difference to a reaches −4 points: not proved close, and not resolved worse.
    open_ = answer_by_hand(RECORD, "random", "estimate", (ranked_by_hand(a, "0.52", (0.47, 0.57)),
                                                  ranked_by_hand(b, "0.50", (0.45, 0.55), diff=(-0.04, 0.003)),
                                                  ranked_by_hand(c, "0.30", (0.26, 0.35), diff=(-0.26, -0.18))), 0, 0)
    assert [x.standing for x in open_.actions] == ["best", "undecided", "worse"]
    assert best_plays(open_) == (False, open_.actions[:1]) and not open_.decided
    assert best_text(open_, "en") == ("Probably best: Guard (1) on Luis, naming the Prince (5): ≈\u00a052%; not yet told "
                                      "apart from it (more work could change the order): Guard (1) on Luis, naming the King (7): ≈\u00a050%")
    assert win_text(open_.actions[0]) == "≈\u00a052% (47%–57%)"
    # Within ±3 points: proved close, "equally good", with its own figure.
    close = answer_by_hand(RECORD, "random", "estimate", (ranked_by_hand(a, "0.52", (0.47, 0.57)),
                                                  ranked_by_hand(b, "0.50", (0.45, 0.55), diff=(-0.03, -0.01)),
                                                  ranked_by_hand(c, "0.30", (0.26, 0.35), diff=(-0.26, -0.18))), 0, 0)
    assert best_plays(close) == (False, close.actions[:2]) and close.decided
    assert best_text(close, "en") == ("Best play: Guard (1) on Luis, naming the Prince (5): ≈\u00a052%; equally good "
                                      "(within 3 points): Guard (1) on Luis, naming the King (7): ≈\u00a050%")
    assert best_text(close, "es").startswith("Mejor jugada: Guardia (1) sobre Luis, nombrando el Príncipe (5): ≈\u00a052\u202f%; igual de buena (")
    # Resolved below the best (however near): one best play.
    clear = answer_by_hand(RECORD, "random", "estimate", (ranked_by_hand(a, "0.52", (0.47, 0.57)),
                                                  ranked_by_hand(b, "0.40", (0.35, 0.45), diff=(-0.16, -0.08))), 0, 0)
    assert best_plays(clear) == (True, clear.actions[:1]) and clear.resolved
    assert best_text(clear, "en") == "Best play: Guard (1) on Luis, naming the Prince (5)"
    exact = answer_by_hand(RECORD, "random", "exact", (ranked_by_hand(a, Fraction(2, 3), None), ranked_by_hand(b, Fraction(2, 3), None),
                                               ranked_by_hand(c, Fraction(1, 3))), 10, 10)
    assert best_plays(exact) == (False, exact.actions[:2])
    assert best_text(exact, "en") == ("Best play: Guard (1) on Luis, naming the Prince (5): 66.7%; equally good "
                                      "(exactly the same chance): Guard (1) on Luis, naming the King (7): 66.7%")



def test_a_forced_play_is_called_your_only_legal_play_not_the_best():
    """With the Countess and a Prince in hand the ranking has one row: "Best play: Countess (8)"
    read as advice (a beginner asks why not the Prince); it says it is the only legal play."""
    from solver import Card, Play

    forced = answer_by_hand(RECORD, "random", "estimate", (ranked_by_hand(Play(Card.COUNTESS), "0.54", (0.51, 0.56)),), 0, 0)
    assert best_text(forced, "en") == "Your only legal play: Countess (8)"
    assert best_text(forced, "es") == "Tu única jugada legal: Condesa (8)"
    assert best_text(forced, "fr") == "Votre seul coup légal\u00a0: Comtesse (8)"



def test_the_best_of_a_guards_equal_guesses_is_one_phrase():
    from solver import Card, Play
    from solver.words.verdicts import plays_text

    record = parse_record("2019 Ana,Luis first:Ana viewer:Ana up:1,1,2 dealt:8 | Ana +1")
    guesses = [c for c in record.edition.guessable]
    ranked = [ranked_by_hand(Play(Card.GUARD, 1, g), "0.4", (0.3, 0.5), diff=(-0.01, 0.01)) for g in guesses]
    adv = answer_by_hand(record, "random", "estimate", tuple(ranked), 0, 0)
    assert plays_text(adv, adv.actions, "en") == "Guard (1) on Luis, any guess (all equally good)"
    assert plays_text(adv, adv.actions[:2], "es") == "Guardia (1) sobre Luis, nombrando la Espía (0) o el Sacerdote (2)"



def test_a_barons_row_gives_your_own_risk_of_being_out_at_once():
    from dataclasses import replace

    from solver import Card, Play
    from solver.words.verdicts import explanation_text

    baron = replace(ranked_by_hand(Play(Card.BARON, 1), "0.5"), knock_out_now=Fraction(562, 1000),
                    learn={"baron": {"win": Fraction(562, 1000), "tie": Fraction(78, 1000), "lose": Fraction(36, 100)}})
    assert explanation_text(baron, "en") == ("Knocks the opponent out now: 56.2%; you are out at once: 36%. Chance to "
                                             "win the round: 50%.")
    assert "éliminé aussitôt : 36\u202f%" in explanation_text(baron, "fr").replace("\u00a0", " ")



def test_what_the_record_suggests_says_how_many_plays_it_rests_on():
    from solver.words.verdicts import types_text

    three = parse_record("2019 Ana,Bob first:Bob viewer:Ana up:1,1,2 dealt:8 | Bob 1>Ana=5 miss | Ana +1 1>Bob=3 miss | "
                         "Bob 2>Ana | Ana +1 1>Bob=4 miss | Bob 0")
    said = types_text({"card-counter": Fraction(1, 100), "random": Fraction(99, 100)}, three, "mixture", "en")
    assert "from 3 plays" in said and "Bob has played like a card counter: 1%" in said
    one = parse_record("2019 Ana,Bob first:Bob viewer:Ana up:1,1,2 dealt:8 | Bob 0")
    assert "from 1 play only" in types_text({"card-counter": Fraction(1, 2), "random": Fraction(1, 2)}, one,
                                            "mixture", "en")

