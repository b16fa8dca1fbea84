"""The Baron's comparison in its one home (`solver.rules.outcomes`): what the engine resolves is what the
answers' tallies read."""

from fractions import Fraction

from hypothesis import given, strategies as st

from solver import Play, apply, deal_from_order, get_edition
from solver.rules.cards import Card
from solver.rules.events import BaronResult
from solver.rules.outcomes import LOSE, TIE, WIN, baron_outcome, baron_tally

EDITIONS = ("classic", "2019")


@given(st.sampled_from(EDITIONS), st.data())
def test_the_comparison_is_the_values_and_is_antisymmetric(key, data):
    e = get_edition(key)
    a, b = data.draw(st.sampled_from(e.cards)), data.draw(st.sampled_from(e.cards))
    outcome, back = baron_outcome(e, a, b), baron_outcome(e, b, a)
    assert (outcome == TIE) == (e.value(a) == e.value(b)) == (back == TIE)
    assert {outcome, back} in ({TIE}, {WIN, LOSE})
    assert (outcome == WIN) == (e.value(a) > e.value(b))


@given(st.sampled_from(EDITIONS), st.data())
def test_the_tally_splits_the_targets_distribution(key, data):
    e = get_edition(key)
    mine = data.draw(st.sampled_from(e.cards))
    cards = data.draw(st.lists(st.sampled_from(e.cards), min_size=1, max_size=6, unique=True))
    weights = data.draw(st.lists(st.integers(1, 9), min_size=len(cards), max_size=len(cards)))
    dist = {c: Fraction(w, sum(weights)) for c, w in zip(cards, weights)}
    tally = baron_tally(e, mine, dist)
    assert sum(tally.values()) == 1 and all(p > 0 for p in tally.values())
    assert tally.get(TIE, 0) == sum(p for c, p in dist.items() if e.value(c) == e.value(mine))


def _order(e, kept, theirs):
    """A classic 2-player deck order in which seat 0 holds the Baron and `kept`, seat 1 `theirs` (top first:
    the set-aside card, three face up, seat 0's card, seat 1's, seat 0's draw); None if the deck lacks them."""
    deck = list(e.full_deck())
    try:
        for c in (kept, theirs, Card.BARON):
            deck.remove(c)
    except ValueError:
        return None
    return deck[:4] + [kept, theirs, Card.BARON] + deck[4:]


def test_the_engine_resolves_a_baron_as_the_comparison_says():
    """Pairs of kept and target cards in a classic 2-player deal: the engine's loser (or none on a tie)."""
    e = get_edition("classic")
    checked = 0
    cards = (Card.GUARD, Card.PRIEST, Card.BARON, Card.KING, Card.PRINCESS)
    for kept in cards:
        for theirs in cards:
            order = _order(e, kept, theirs)
            if order is None:
                continue
            r, _ = deal_from_order(e, 2, 0, order)
            r, events = apply(r, Play(Card.BARON, 1))
            result = next(ev for ev in events if isinstance(ev, BaronResult))
            assert result.loser == {TIE: None, WIN: 1, LOSE: 0}[baron_outcome(e, kept, theirs)], (kept, theirs)
            checked += 1
    assert checked >= 20
