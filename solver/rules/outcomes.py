"""Each card's outcome in one home (issue 50, point 1; a first step: the Baron's comparison). The rules
(`round_rules`) resolve a Baron with it, and the answers' per-play tallies (`solver.advice.estimate.outcomes`,
`solver.advice.exact.answer.learn_from`) and the viewer's belief (`solver.policies.belief.observing`) read it,
so that a change of the Baron's tie rule is made here, in the kernels that mirror it (`solver.compiled.kernels
.rules`, checked by the conformance suite) and in the words."""

from __future__ import annotations

from fractions import Fraction

from solver.rules.cards import Card

#: A Baron's outcomes for the player who plays it.
WIN, TIE, LOSE = "win", "tie", "lose"


def baron_outcome(edition, mine: Card, theirs: Card) -> str:
    """The Baron's comparison for the player holding `mine` against the target holding `theirs`: the
    higher value wins and the other is out; equal values tie, and nobody is out (every source agrees)."""
    value = edition.value_of
    vm, vt = value[mine], value[theirs]
    return WIN if vm > vt else TIE if vm == vt else LOSE


def baron_tally(edition, mine: Card, theirs: dict) -> dict:
    """The chances of a Baron's outcomes ({WIN, TIE, LOSE: probability}, the ones that can happen) for the
    player holding `mine`, the target's card distributed as `theirs` ({card: probability})."""
    tally = {WIN: Fraction(0), TIE: Fraction(0), LOSE: Fraction(0)}
    for card, p in theirs.items():
        tally[baron_outcome(edition, mine, card)] += p
    return {k: p for k, p in tally.items() if p}
