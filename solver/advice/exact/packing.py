"""The exact search's states: the canonical round (`canonical_round`: what decides the future, sorted),
the deck as groups of exchangeable cards and their draw orders (`deck_orders`, over
`solver.rules.chance.draw_orders`), an opponent's two Chancellor orders as one pair (`Pair`)."""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from solver.rules.actions import ChancellorChoice, Play
from solver.rules.cards import Card
from solver.rules.chance import draw_orders, falling
from solver.rules.state import HAND_PAIR, OVER, Round


def cards_drawn(r: Round, action) -> int:
    """How many cards from the top of the deck `action` can draw (its own draw and the next
    player's): resolving one more than used is harmless (it goes back, canonically)."""
    if isinstance(action, Play) and action.card in _DRAW_TWO:
        return 2
    return 1


_DRAW_TWO = (Card.PRINCE, Card.CHANCELLOR)
make_round = Round._make


@lru_cache(maxsize=100_000)
def deck_orders(segs: tuple, k: int) -> tuple:
    """Every way to draw the top k cards of a deck made of groups of exchangeable cards
    (`ExactSolver._segments`: ((sorted cards, how many are on the deck), ...) from the top; the
    first group's last card is the set-aside one when it has one more card than the deck part):
    ((deck, set-aside card or None, ways), ...) and the denominator, the probability of a way
    being ways / denominator. The first way is the deck as it is."""
    ways_list = [((), None, 1)]
    den = 1
    for cards, n in segs:
        j = min(k, n)
        k -= j
        if j and len(cards) > 1:
            options = [(top + rest, ways) for top, rest, ways in draw_orders(cards, j)]
            den *= falling(len(cards), j)
        else:
            options = [(cards, 1)]
        aside = len(cards) > n
        new = []
        for deck, sa, w in ways_list:
            for seq, ways in options:
                if aside:
                    new.append((deck + seq[:-1], seq[-1], w * ways))
                else:
                    new.append((deck + seq, sa, w * ways))
        ways_list = new
    return tuple(ways_list), den


class Pair(NamedTuple):
    """An opponent's two Chancellor choices that keep the same card and return the same two
    different cards in either order, with the same probability (`ExactSolver._pair`)."""
    first: ChancellorChoice
    second: ChancellorChoice


#: The tail of fixed cards one after another: `ONES[n]` for n cards.
ONES = tuple((1,) * n for n in range(32))


def paired_choices(acts: tuple) -> tuple:
    """An opponent's Chancellor choices ((choice, weight), ...) with each two that differ only
    in the order of two different returned cards, and have the same weight, as one `Pair` of
    twice the weight."""
    weights = dict(acts)
    out = []
    taken = set()
    for a, w in acts:
        if a in taken:
            continue
        b = a.bottom
        if len(b) == 2 and b[0] != b[1]:
            other = ChancellorChoice(a.keep, (b[1], b[0]))
            if weights.get(other) == w:
                taken.add(other)
                out.append((Pair(a, other), 2 * w))
                continue
        out.append((a, w))
    return tuple(out)


def canonical_round(r: Round, memory: bool) -> Round:
    """The round with only what decides its future kept, so that rounds with the same future are one
    state: an ended round is its winners, its Spy bonus and who is out; otherwise hands and discard piles
    are sorted (the rules never read their order: a showdown compares discard totals, the Spy bonus asks
    whether a Spy was discarded, the card counter counts cards), the turn counter is dropped and so is
    the players' memory unless the opponents' model reads it (`memory`)."""
    if r.phase == OVER:
        return make_round((r.edition, (), (), r.out, (), (), None, (), 0, OVER, 0, r.winners, r.spy_bonus, None, ()))
    edition, hands, discards, out, protected, deck, set_aside, face_up, current, phase, _, _, _, _, known = r
    found = _SORTED.get(hands)
    if found is None:
        found = _sorted_piles(hands)
    hands = found
    found = _SORTED.get(discards)
    if found is None:
        found = _sorted_piles(discards)
    return make_round((edition, hands, found, out, protected, deck, set_aside, face_up, current,
                        phase, 0, (), None, None, known if memory else ()))


#: Hands or discard piles -> the same sorted (a cache: `_sorted_piles`).
_SORTED: dict = {}


def _sorted_piles(piles: tuple) -> tuple:
    if len(_SORTED) > 200_000:
        _SORTED.clear()
    out = _SORTED[piles] = tuple(HAND_PAIR[h[1]][h[0]] if len(h) == 2 and h[1] < h[0] else
                                 tuple(sorted(h)) if len(h) > 2 else h for h in piles)
    return out
