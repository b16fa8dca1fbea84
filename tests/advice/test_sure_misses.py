"""A Guard's guesses that cannot hit at one target are one play in effect (a miss leaves the same
round whatever was named): they show the same figures, the later ones name the first
(`RankedAction.same_as`), and a best play that is such a class is a single best play."""

from pathlib import Path

import pytest

from solver.advice.advisor import advise
from solver.records.notation import parse_record

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


def test_exact_answers_mark_the_guesses_that_hit_in_no_world():
    lines = (ROOT / "benchmarks" / "exact_positions.tsv").read_text(encoding="utf-8").splitlines()
    records = [parse_record(x.split("\t")[2]) for x in lines if x.split("\t")[1] == "3"]
    marked = 0
    for record in records:
        adv = advise(record, "random")
        assert adv.method == "exact"
        marked += check_classes(adv)
        # resolved: one play, or one class of sure misses, has the best win rate
        best = [a for a in adv.actions if a.win == adv.actions[0].win and a.same_as is None]
        assert adv.resolved == (len(best) == 1)
    assert marked > 20  # the positions exercise it


@pytest.mark.parametrize("up", ["3,3,6", "0,2,5"])
def test_a_guess_that_cannot_hit_is_never_equally_good_beside_one_that_can(up):
    """Holding the only Princess (and the Guard just drawn), naming the Princess cannot hit; the
    estimate's margin must not list it as "equally good" as a guess at the same target that can."""
    adv = advise(parse_record(f"2019 Ana,You first:You viewer:You up:{up} dealt:9 | You +1"), "random")
    assert adv.method == "estimate"
    group = adv.best_group()
    hitting = {a.action.target for a in adv.actions if getattr(a.action, "guess", None) is not None and a.knock_out_now > 0}
    assert hitting and any(getattr(a.action, "guess", None) is not None for a in group)
    misses = [a for a in group if getattr(a.action, "guess", None) is not None and a.knock_out_now == 0
              and a.action.target in hitting]
    assert misses == []
    assert adv.resolved == (len(group) == 1)
