"""A Guard's guesses that cannot hit at one target are one play in effect (a miss leaves the same
round whatever was named): they show the same figures, the later ones name the first
(`RankedAction.same_as`), and a best play that is such a class is a single best play."""

from pathlib import Path

import pytest

from fractions import Fraction

from solver.advice.advisor import advise
from solver.records.notation import parse_record
from solver.words.verdicts import best_text, play_label

ROOT = Path(__file__).resolve().parents[2]
#: Ana's Priest saw Luis's Guard, and Luis kept it (he played a Priest): every guess misses.
ALL_MISS = "classic Ana,Luis first:Ana viewer:Ana up:3,4,5 dealt:2 | Ana +1 2>Luis saw:1 | Luis 2>Ana | Ana +1"
#: Ana's Priest saw Luis's King: naming the King hits, every other guess misses.
ONE_HIT = "classic Ana,Luis first:Ana viewer:Ana up:2,3,4 dealt:2 | Ana +1 2>Luis saw:6 | Luis 1>Ana=5 miss | Ana +1"


def check_classes(adv) -> int:
    """Every Guard guess that knocks nobody out names the first such guess at its target and has
    its figures; the number of guesses marked."""
    first, marked = {}, 0
    for a in adv.actions:
        act = a.action
        if getattr(act, "guess", None) is None or a.knock_out_now != 0 or not a.exact and a.samples == 0:
            assert a.same_as is None, a
            continue
        lead = first.setdefault(act.target, a)
        if lead is a:
            assert a.same_as is None, a
            continue
        assert a.same_as == lead.action, (a, lead)
        assert (a.win, a.tokens, a.out_before_next_turn, a.samples) == (lead.win, lead.tokens,
                                                                      lead.out_before_next_turn, lead.samples)
        marked += 1
    return marked


@pytest.mark.parametrize("text, marked", [(ALL_MISS, 6), (ONE_HIT, 5)])
def test_an_estimates_sure_misses_share_the_figures_of_the_first(text, marked):
    adv = advise(parse_record(text), "random", deals=300)
    assert adv.method == "estimate"
    assert check_classes(adv) == marked
    hit = [a for a in adv.actions if a.knock_out_now]
    assert all(a.same_as is None for a in hit)


def test_a_best_play_that_is_one_class_of_sure_misses_is_a_single_best_play():
    adv = advise(parse_record(ALL_MISS), "random", deals=300)
    assert adv.resolved and len(adv.best_group()) == 7  # seven guesses, one play in effect
    assert sum(1 for a in adv.best_group() if a.same_as is None) == 1
    assert best_text(adv, "en") == "Best play: Guard (1) on Luis, naming any card Luis cannot hold (none can hit)"


def test_exact_answers_mark_the_guesses_that_hit_in_no_world():
    lines = (ROOT / "benchmarks" / "exact_positions.tsv").read_text(encoding="utf-8").splitlines()
    records = [parse_record(x.split("\t")[2]) for x in lines if x.split("\t")[1] == "3"]
    marked = 0
    for record in records:
        adv = advise(record, "random")
        assert adv.method == "exact"
        marked += check_classes(adv)
        # resolved: every other play (a class of sure misses counted once) is more than 3 points below
        others = [a for a in adv.actions[1:] if a.same_as is None]
        assert adv.resolved == all(a.win < adv.actions[0].win - Fraction(3, 100) for a in others)
    assert marked > 20  # the positions exercise it


@pytest.mark.parametrize("up", ["3,3,6", "0,2,5"])
def test_a_guess_that_cannot_hit_is_said_as_one_and_never_by_the_card_you_hold(up):
    """Holding the only Princess (and the Guard just drawn), naming the Princess cannot hit: the row
    says so without naming her ("naming any card Ana cannot hold"), in every language, in the
    verdict and in the table; it keeps its place in the order of values."""
    from solver.words.verdicts import plays_text, verdict_line
    from solver.words.i18n import t
    from solver.words.sentences import card_label

    record = parse_record(f"2019 Ana,You first:You viewer:You up:{up} dealt:9 | You +1")
    adv = advise(record, "random")
    assert adv.method == "estimate"
    misses = [a for a in adv.actions if a.sure_miss]
    assert misses and all(a.action.target == 0 for a in misses)
    assert any(a.action.guess == 9 for a in misses)  # the Princess, in your hand
    for lang in ("en", "es", "fr"):
        princess = t(lang, "card_the", card=card_label(9, record.edition, lang))  # "the Princess (9)", as named
        words = plays_text(adv, adv.actions, lang) + verdict_line(adv, lang)
        assert princess not in words, words
        row = play_label(adv, misses[0], lang)
        assert row == t(lang, "an_sure_miss_row", play=row.split(",")[0], player="Ana")
    wins = [a.win for a in adv.actions]
    assert wins == sorted(wins, reverse=True)
