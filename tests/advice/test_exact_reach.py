"""The exact search's reach by players (`advisor.exact_budget`, issue 48, point 4): with 3 to 6 players the
default answer tries the exact search only within `EXACT_REACH_MORE` cards and with `MORE_PLAYERS_WORK` of the
budget for all the opponent types together; a position beyond it is not tried (its estimate starts at once)."""

import pytest

from solver.advice import advisor
from solver.advice.advisor import DEFAULT_WORK, EXACT_MAX_DECK, EXACT_REACH_MORE, MORE_PLAYERS_WORK, exact_budget

from tests.conformance.common import position_where


def test_the_budget_by_players_and_cards():
    assert exact_budget(2, EXACT_MAX_DECK, 2) == 2 * DEFAULT_WORK  # a type's budget each, with 2 players
    assert exact_budget(2, EXACT_MAX_DECK + 1, 2) == 0
    for n, most in EXACT_REACH_MORE.items():
        for types in (1, 2):  # one budget for all the types with more
            assert exact_budget(n, most, types) == int(DEFAULT_WORK * MORE_PLAYERS_WORK[n])
            assert exact_budget(n, most + 1, types) == 0
    assert exact_budget(3, 1, 2, budget=100) == int(100 * MORE_PLAYERS_WORK[3])


@pytest.mark.parametrize("n", [3, 4])
def test_beyond_the_reach_the_exact_search_is_not_tried(monkeypatch, n):
    tried = []

    def spy(record, model, budget, deadline=None, lazy=True, stats=None, reference_on_overflow=True):
        tried.append(budget)
        raise advisor.TooLargeError("spy")

    monkeypatch.setattr(advisor, "exact_answer", spy)
    most = EXACT_REACH_MORE[n]
    beyond = next(r for r in (position_where("2019", n, seed, lambda r, rng: len(r.deck) == most + 1)
                              for seed in range(200)) if r is not None)
    within = next(r for r in (position_where("2019", n, seed, lambda r, rng: len(r.deck) == most)
                              for seed in range(200)) if r is not None)
    assert advisor.advise(beyond, "random", deals=50).method == "estimate" and tried == []
    advisor.advise(within, "mixture", deals=50)
    assert tried == [int(DEFAULT_WORK * MORE_PLAYERS_WORK[n])]


def test_the_longer_answer_is_offered_where_positions_like_this_one_fitted():
    """Issue 48, point 3: offered in a 2-player round up to `DEEPER_MAX_DECK_2P` cards where positions like this
    one (edition, cards, model) were answered exactly when measured, and said how long it should take."""
    from benchmarks.positions import positions
    from solver.advice.advisor import DEEPER_MAX_DECK_2P, DEEPER_MEASURED, advise, can_go_deeper, deeper_time

    seed, eight = next(positions("2019", 8, 1, 70_000))
    for model in ("mixture", "card-counter", "random"):
        fits, measured, typical, lost = DEEPER_MEASURED[("2019", 8)][model]
        answer = advise(eight, model, deals=100)
        assert answer.method == "estimate"
        assert can_go_deeper(eight, answer) == (fits > 0), model
        cost = deeper_time(eight, model)
        assert (cost.cards, cost.fits, cost.positions, cost.typical, cost.lost) == (8, fits, measured, typical, lost)
    seed, beyond = next(positions("2019", DEEPER_MAX_DECK_2P + 1, 1, 70_000))
    assert not can_go_deeper(beyond, advise(beyond, "random", deals=100)) and deeper_time(beyond, "random") is None
