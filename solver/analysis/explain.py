"""How a probability was computed, for the "how is this computed?" panel.

Two kinds of answer, never mixed up:

* a **formula** over the unseen counts, P = n_card / N, given only when it reproduces the exact
  figure for every card of that hand (the hand is untouched by any constraint, so it is one of
  the N cards the viewer has not seen, each as likely as the others);
* otherwise the **constraints** that applied: the record's facts about that hand, turn by turn
  (a missed Guard, a Baron tie, a trade…), and the opponent model that weighed the choices.

The constraints are returned as message keys and parameters so the app can translate them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Optional

from solver.rules.cards import Card
from solver.inference.posterior import Posterior, unseen_counts
from solver.records.replay import walk

SPY, GUARD, PRIEST, BARON, HANDMAID, PRINCE, CHANCELLOR, KING, COUNTESS, PRINCESS = tuple(Card)


@dataclass(frozen=True)
class Formula:
    """P(seat holds card) = unseen / total: the card's unseen copies over all unseen cards."""

    seat: int
    card: Card
    unseen: int
    total: int
    probability: Fraction
    #: Unseen copies of every card (what the viewer has not seen anywhere).
    counts: dict = field(default_factory=dict)

    def latex(self, event_label: str) -> str:
        """The formula with its numbers, typeset by sympy ("Marta holds the Guard" as label)."""
        import sympy

        n, big_n = sympy.symbols(r"n_{\mathrm{card}} N")
        general = sympy.latex(n / big_n)
        value = sympy.Rational(self.unseen, self.total)
        text = rf"P(\text{{{event_label}}}) = {general} = \frac{{{self.unseen}}}{{{self.total}}}"
        if value.q != self.total:  # show the reduced fraction too
            text += f" = {sympy.latex(value)}"
        return text


@dataclass(frozen=True)
class Constraint:
    """One fact of the record about a hand: turn number (0 for the header), key, parameters."""

    turn: int
    key: str
    params: dict


@dataclass(frozen=True)
class HowComputed:
    seat: int
    card: Card
    probability: Fraction
    formula: Optional[Formula]
    constraints: tuple[Constraint, ...]
    model: str


def how_computed(post: Posterior, seat: int, card: Card) -> HowComputed:
    record = post.record
    dist = post.hands.get(seat, {})
    if "cards" in dist:
        raise ValueError("the viewer's own two cards are known")
    probability = dist.get(card, Fraction(0))
    counts = unseen_counts(record)
    total = sum(counts.values())
    formula = None
    if total and all(dist.get(c, Fraction(0)) == Fraction(counts.get(c, 0), total) for c in record.edition.cards):
        formula = Formula(seat, card, counts.get(card, 0), total, probability, counts)
    return HowComputed(seat, card, probability, formula, tuple(constraints_on(post, seat)), post.model)


def constraints_on(post: Posterior, seat: int) -> list[Constraint]:
    """The record's facts that bear on `seat`'s hand, in turn order."""
    record = post.record
    viewer = record.viewer
    out = [Constraint(0, "why.unseen", {"n": sum(unseen_counts(record).values())})]
    weighed = False
    for k, t, _ in walk(record):
        p = t.player
        if t.card is None:
            continue
        if p == seat:
            out.append(Constraint(k, "why.played", {"player": p, "card": t.card}))
            if t.card in (KING, PRINCE) and COUNTESS in record.edition.cards:
                out.append(Constraint(k, "why.not_countess", {"player": p, "card": t.card}))
            if p != viewer:
                weighed = True
        if t.target != seat and p != seat:
            continue
        other = t.target if p == seat else p
        if t.card is GUARD and t.target == seat and t.result == "miss" and t.guess is not None:
            out.append(Constraint(k, "why.guard_miss", {"player": seat, "card": t.guess}))
        elif t.card is BARON and t.result == "tie" and other is not None:
            out.append(Constraint(k, "why.baron_tie", {"player": seat, "other": other}))
        elif t.card is BARON and t.out and t.out[0][0] != seat and other is not None:
            out.append(Constraint(k, "why.baron_won", {"player": seat, "other": other, "card": t.out[0][1]}))
        elif t.card is PRIEST and p == viewer and t.saw is not None:
            out.append(Constraint(k, "why.priest_saw", {"player": seat, "card": t.saw}))
        elif t.card is KING and other is not None:
            out.append(Constraint(k, "why.king", {"player": seat, "other": other}))
        elif t.card is PRINCE and t.target == seat and t.discarded is not None:
            out.append(Constraint(k, "why.prince", {"player": seat, "card": t.discarded}))
        elif t.card is CHANCELLOR and p == seat and p != viewer:
            out.append(Constraint(k, "why.chancellor", {"player": seat}))
    if weighed and post.model != "uniform":
        if len(post.types) > 1:  # several types, weighed by what the plays suggest
            out.append(Constraint(0, "why.model_mixture", {}))
        else:
            out.append(Constraint(0, "why.model", {"model": post.model}))
    return out
