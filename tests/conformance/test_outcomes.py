"""Each card's outcomes, the reference's one home (`solver.rules.outcomes`) against its compiled mirror
(`solver.compiled.kernels.outcomes`): the Baron's comparison for every pair of cards, a Guard's hit for
every guess and card, a Prince's knock-out for every discard, in every edition (the renamed deck too).
Skipped when the compiled path is not in use."""

from __future__ import annotations

import pytest

from solver.compiled import path_in_use, edition_array
from solver.compiled.raw import kernels
from solver.rules.cards import Card
from solver.rules.editions import EDITIONS
from solver.rules.outcomes import HIT, LOSE, TIE, WIN, baron_outcome, guard_outcome, prince_knocks_out

pytestmark = pytest.mark.skipif(path_in_use() != "compiled", reason="the compiled path is not in use")


@pytest.mark.parametrize("key", sorted(EDITIONS))
def test_the_compiled_outcomes_are_the_reference_ones(key):
    edition = EDITIONS[key]
    k = kernels()
    codes = {WIN: k.outcomes.B_WIN, TIE: k.outcomes.B_TIE, LOSE: k.outcomes.B_LOSE}
    ed = edition_array(edition)
    seen = set()
    for mine in edition.cards:
        for theirs in edition.cards:
            outcome = baron_outcome(edition, mine, theirs)
            seen.add(outcome)
            assert k.outcomes.baron_outcome(ed, int(mine), int(theirs)) == codes[outcome], (mine, theirs)
            assert bool(k.outcomes.guard_hits(int(mine), int(theirs))) == (guard_outcome(mine, theirs) == HIT)
        assert bool(k.outcomes.prince_knocks_out(int(mine))) == prince_knocks_out(mine)
    assert seen == {WIN, TIE, LOSE}
    assert prince_knocks_out(Card.PRINCESS) and not prince_knocks_out(Card.GUARD)
