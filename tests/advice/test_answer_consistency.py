"""Figures of one answer agree (issue 47, point 5), on 2-player estimates of both editions and the three
models:

* a play's chance to win is never below its chance to knock the opponent out now (in a 2-player round a
  knock-out wins the round): the deals are weighed by the exact chance of the opponent's card;
* at one target, a Guard guess that can hit is never below the guesses that cannot (a sure miss): on a
  miss the viewer may play on as after the sure miss;
* a play called worse says by how much."""

from __future__ import annotations

import pytest

from solver.advice.estimate import advise_estimate
from solver.compiled import path_in_use
from solver.words.verdicts import standing_text
from benchmarks.positions import position_at

pytestmark = pytest.mark.skipif(path_in_use() != "compiled", reason="many estimates: the compiled path")


#: Fresh positions (seeded rounds of card counters) whose estimates on 300 deals broke one of the rules
#: before the opponent's card was weighed exactly and the sure miss bounded the guesses (found by a scan
#: of 120 answers at 7-12 cards).
POSITIONS = [("classic", 7, "card-counter", 630033), ("classic", 8, "mixture", 630047),
             ("classic", 8, "mixture", 630053), ("classic", 9, "random", 630052), ("2019", 8, "mixture", 630011),
             ("2019", 8, "mixture", 630034), ("2019", 9, "random", 630007), ("2019", 9, "random", 630025)]


def estimates():
    for edition, left, model, seed in POSITIONS:
        answer = advise_estimate(position_at(edition, 2, left, seed), model, deals=300)
        assert answer.method == "estimate"
        yield answer


def test_figures_of_one_answer_agree():
    answers = list(estimates())
    assert len(answers) == len(POSITIONS)
    guesses = 0
    for adv in answers:
        by_target: dict = {}
        for a in adv.actions:
            if a.knock_out_exact:
                assert a.win >= a.knock_out_now - 1e-9, (a.action, float(a.win), float(a.knock_out_now))
            if getattr(a.action, "guess", None) is not None:
                by_target.setdefault(a.action.target, []).append(a)
            if a.standing == "worse":
                assert f"{-a.diff * 100:.1f}" in standing_text(adv, a, "en")
        for row in by_target.values():
            misses = [a.win for a in row if a.sure_miss]
            hits = [a for a in row if not a.sure_miss]
            if misses and hits:
                guesses += len(hits)
                assert all(a.win >= max(misses) - 1e-9 for a in hits), [(str(a.action), float(a.win)) for a in row]
    assert guesses >= 5


#: 4-player 2019 positions whose default answers put a Guard guess that can hit below a sure miss at the same
#: target before the sure-miss floor held with more players too (a scan of 24 answers at 5-8 cards: 2 of 29).
FOUR = [(5, 885023), (8, 888008)]


@pytest.mark.parametrize("left, seed", FOUR)
def test_with_four_players_a_guess_that_can_hit_is_never_below_a_sure_miss(left, seed):
    from solver.advice import advise

    adv = advise(position_at("2019", 4, left, seed), "mixture", seed=seed)
    assert adv.method == "estimate"
    by_target: dict = {}
    for a in adv.actions:
        if getattr(a.action, "guess", None) is not None:
            by_target.setdefault(a.action.target, []).append(a)
    pairs = 0
    for row in by_target.values():
        misses = [a.win for a in row if a.sure_miss]
        for a in row:
            if misses and not a.sure_miss:
                pairs += 1
                assert a.win >= max(misses) - 1e-9, (str(a.action), float(a.win), float(max(misses)))
    assert pairs
