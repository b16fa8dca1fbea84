"""The belief's state (`Belief`): a weight per opponent type and, per opponent and type, a distribution
over the card it holds; what the viewer knows of the deck's order; and the steps the updates share
(`reweigh`, `set_rows`, `fresh`, the unseen pool). The package's docstring says what it is for."""

from __future__ import annotations

from solver.rules.state import Round
from solver.policies.heuristics import unseen_by

#: Cards by number (`Card` is 0..9).
NCARDS = 10


class Belief:
    """The viewer's belief about the opponents' hands (module docstring). `types`: the opponent
    types (model objects that play); `weights[t]`: their weights (normalised); `cards[seat][t]`:
    a list of NCARDS probabilities of the card `seat` holds under type t (None for the viewer).

    What the viewer knows of the deck's order: `tail`, the cards a Chancellor put under the deck, in
    the order they will be drawn once the cards above them are gone (a card the viewer returned, or
    -1 for one an opponent returned); `src[seat]`, where the card `seat` drew at its turn came from
    (a known card of the tail, or -1: the cards the viewer has not seen); `chsrc`, the same for an
    opponent's Chancellor draws."""

    __slots__ = ("viewer", "types", "weights", "cards", "tail", "src", "chsrc")

    def __init__(self, viewer: int, types: tuple, weights: list, cards: list, tail: list = None,
                 src: list = None, chsrc: list = None):
        self.viewer = viewer
        self.types = types
        self.weights = weights
        self.cards = cards
        self.tail = tail if tail is not None else []
        self.src = src if src is not None else [-1] * len(cards)
        self.chsrc = chsrc if chsrc is not None else [-1, -1]

    @classmethod
    def start(cls, viewer: int, n: int, typed: tuple, marginals, tail=()) -> "Belief":
        """From the exact posterior: `typed` ((type, weight), ...), `marginals(seat, type)` -> {card: p};
        `tail`: the cards under the deck in draw order (a card, or -1 where the viewer does not know it)."""
        types = tuple(t for t, _ in typed)
        weights = [float(w) for _, w in typed]
        cards: list = []
        for s in range(n):
            if s == viewer:
                cards.append(None)
                continue
            rows = []
            for t in types:
                row = [0.0] * NCARDS
                for c, p in marginals(s, t).items():
                    row[int(c)] = float(p)
                rows.append(row)
            cards.append(rows)
        return cls(viewer, types, normalised(weights), cards, [int(c) for c in tail])

    def copy(self) -> "Belief":
        return Belief(self.viewer, self.types, list(self.weights),
                      [None if rows is None else [list(r) for r in rows] for rows in self.cards],
                      list(self.tail), list(self.src), list(self.chsrc))

    def hand(self, seat: int) -> list:
        """The belief about `seat`'s card over the types: NCARDS probabilities."""
        out = [0.0] * NCARDS
        for t, w in enumerate(self.weights):
            row = self.cards[seat][t]
            for c in range(NCARDS):
                out[c] += w * row[c]
        return out


def normalised(xs: list) -> list:
    total = 0.0
    for x in xs:
        total += x
    if total <= 0.0:
        return xs
    return [x / total for x in xs]


def pool_of(r: Round, viewer: int) -> list:
    """The cards the viewer has not seen, by number: every copy minus the discards, the face-up
    cards and the viewer's own hand (`solver.policies.heuristics.unseen_by`)."""
    out = [0] * NCARDS
    for c, k in unseen_by(r, viewer).items():
        out[int(c)] = k
    return out


def unknown_pool(pool: list, b: Belief) -> list:
    """The pool without the tail's known cards: what a draw from the top may give (with the
    opponents' cards, the set-aside card and the tail's unknown cards)."""
    out = list(pool)
    for c in b.tail:
        if c >= 0:
            out[c] -= 1
    return out


def draw_source(b: Belief, deck: int) -> int:
    """Where the top card of a deck of `deck` cards comes from: -1 while cards the viewer does not
    know lie above the tail, else the tail's first card (taken off it; -1 if the viewer does not
    know it)."""
    if deck - len(b.tail) > 0 or not b.tail:
        return -1
    return b.tail.pop(0)


def reweigh(b: Belief, seat: int, factors: list) -> None:
    """Multiply `seat`'s belief under each type by `factors[t][c]`; a type's weight by the mass it
    keeps. Nothing changes when no type keeps any mass (an observation the approximation missed)."""
    masses = []
    for t in range(len(b.weights)):
        row = b.cards[seat][t]
        m = 0.0
        for c in range(NCARDS):
            row_c = row[c] * factors[t][c]
            m += row_c
        masses.append(m)
    total = 0.0
    for t in range(len(b.weights)):
        total += b.weights[t] * masses[t]
    if total <= 0.0:
        return
    for t in range(len(b.weights)):
        row = b.cards[seat][t]
        m = masses[t]
        if m > 0.0:
            for c in range(NCARDS):
                row[c] = row[c] * factors[t][c] / m
        b.weights[t] = b.weights[t] * m / total


def set_rows(b: Belief, seat: int, rows: list) -> None:
    """`seat`'s belief under each type replaced by `rows[t]` (each normalised)."""
    for t in range(len(b.weights)):
        b.cards[seat][t] = normalised(rows[t])


def fresh(b: Belief, seat: int, pool: list) -> None:
    """`seat` holds a card drawn fresh from the unseen cards (`pool`): the pool's shares, under every type."""
    row = normalised([float(k) for k in pool])
    for t in range(len(b.weights)):
        b.cards[seat][t] = list(row)


def drawn_by_viewer(b: Belief, unknown: list, x: int, out: tuple) -> None:
    """The viewer drew `x` from the cards it does not know (`unknown`, before `x` left them): an
    opponent holding `x` leaves one copy fewer."""
    n = sum(unknown)
    if n <= 1:
        return
    for s in range(len(b.cards)):
        if s == b.viewer or out[s]:
            continue
        row = [float(unknown[x] - (1 if c == x else 0)) for c in range(NCARDS)]
        reweigh(b, s, [row] * len(b.weights))
