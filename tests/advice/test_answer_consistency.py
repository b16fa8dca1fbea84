"""Figures of one answer agree (issue 47, point 5), on fresh 2-player estimates of both editions and the
three models:

* a play's chance to win is never below its chance to knock the opponent out now (in a 2-player round a
  knock-out wins the round): the deals are weighed by the exact chance of the opponent's card;
* at one target, a Guard guess that can hit is never below the guesses that cannot (a sure miss): on a
  miss the viewer may play on as after the sure miss;
* a play called worse says by how much."""

from __future__ import annotations

import pytest

from solver.advice.estimate import advise_estimate
from solver.compiled import backend
from solver.words.verdicts import standing_text
from benchmarks.positions import position_at

pytestmark = pytest.mark.skipif(backend() != "compiled", reason="many estimates: the compiled path")


def estimates():
    for edition in ("classic", "2019"):
        for i, (left, model) in enumerate(((7, "card-counter"), (8, "mixture"), (9, "random"), (10, "mixture"))):
            found = 0
            for seed in range(620_000 + 1000 * i, 621_000 + 1000 * i):
                record = position_at(edition, 2, left, seed)
                if record is None:
                    continue
                answer = advise_estimate(record, model, deals=600)
                if answer.method == "estimate":
                    yield answer
                    found += 1
                if found == 2:
                    break


def test_figures_of_one_answer_agree():
    answers = list(estimates())
    assert len(answers) >= 12
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
    assert guesses >= 10
