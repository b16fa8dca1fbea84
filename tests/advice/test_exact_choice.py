"""The exact search remembers the card counter's choice by what the heuristic reads
(`ExactSolver._choice`, the reference search: run here on the reference path; the compiled search asks the
heuristic afresh and equals it, tests/conformance/test_exact.py): every remembered set of best plays is
the one `card_counter_choices` gives afresh, in every edition, for 2 to 4 players, including the
Chancellor's phase."""

import random

import pytest

from solver import apply, deal_round, legal_actions
from solver.advice.exact import ExactSolver, advise_exact
from solver.advice.worlds import TooLargeError
from solver.compiled import forced
from solver.policies.heuristics import card_counter_choices, card_counter_policy
from solver.records.record import record_from_events


def positions(edition: str, players: int, left: int, count: int):
    found = 0
    for seed in range(300):
        rng = random.Random(seed)
        r, ev = deal_round(edition, players, seed % players, seed)
        events = list(ev)
        while r.phase != "over":
            if r.current == 0 and r.phase == "play" and len(r.deck) == left and len(legal_actions(r)) > 1:
                yield record_from_events(r.edition, players, events, 0)
                found += 1
                break
            r, more = apply(r, card_counter_policy(r, rng))
            events += more
        if found >= count:
            return


@pytest.mark.parametrize("edition, players, left", [
    ("2019", 2, 4), ("classic", 2, 4), ("classic-2019", 2, 4), ("2019", 3, 3), ("2019", 4, 2), ("classic", 3, 3),
])
def test_every_remembered_choice_is_the_heuristics_own(monkeypatch, edition, players, left):
    original = ExactSolver._choice
    asked, phases = [], set()

    def checked(self, r):
        choice = original(self, r)
        assert choice == card_counter_choices(r), (edition, r)
        asked.append(choice)
        phases.add(r.phase)
        return choice

    monkeypatch.setattr(ExactSolver, "_choice", checked)
    for record in positions(edition, players, left, 3):
        try:
            with forced("reference"):
                advise_exact(record, "card-counter", 60_000)
        except TooLargeError:
            pass
    assert len(asked) > 50 and len(set(map(repr, asked))) > 5  # the check saw many different choices
    if edition == "2019" and players == 2:
        assert "chancellor" in phases, phases  # an opponent keeping a card after its Chancellor
