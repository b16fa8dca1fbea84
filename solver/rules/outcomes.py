"""Each card's outcomes in one home (issue 50, point 1): what a play can lead to, and what each player
learns from it. The rules (`round_rules`) resolve a play with it; the memory rule (`solver.rules.memory`)
reads who learns whose hand; the record's checks (`solver.records.replay`), the guided entry
(`solver.analysis.entry`), the inference's conditions (`solver.inference.beliefs`), the policies' odds
(`solver.policies`) and both answers' per-play tallies (`solver.advice.estimate.immediate`,
`solver.advice.exact.answer.learn_from`) read it. A change of, say, the Baron's tie rule is made here,
in the kernels that mirror it (`solver.compiled.kernels.outcomes`, checked by the conformance suite)
and in the words, and nowhere else (docs/architecture.md lists the files).

What a play teaches, card by card (every source agrees):

* Guard: everyone learns whether the target holds the named card (a hit knocks the target out, who
  shows it; a miss says they do not hold it).
* Priest: the player sees the target's hand (`looks`).
* Baron: the two compare in private; the loser is out and shows their card, so everyone learns it and
  that the winner's is higher. On a tie nobody is out and each of the two knows the other's hand.
* Prince: the target discards their hand face up (a discarded Princess knocks them out) and draws.
* King: the two trade hands; each knows the hand they gave.
* Chancellor: the player alone sees the cards drawn and the order they go back under the deck.
* Princess: her player is out (shows her). Spy, Handmaid, Countess: nothing beyond the card played.
"""

from __future__ import annotations

from fractions import Fraction

from solver.rules.cards import Card

#: A Baron's outcomes for the player who plays it.
WIN, TIE, LOSE = "win", "tie", "lose"
#: A Guard's outcomes (the record's `hit` / `miss`).
HIT, MISS = "hit", "miss"

#: The outcome words a record may write after a play, by card (a Baron's win or loss is written as who is out).
RESULTS = {Card.GUARD: (HIT, MISS), Card.BARON: (TIE,)}

#: The cards whose play can knock a player out: the Guard (its target, on a hit), the Baron (the loser,
#: `BARON_OUT`), the Prince (its target, when they discard the Princess) and the Princess (her player).
KNOCKS_OUT = frozenset({Card.GUARD, Card.BARON, Card.PRINCE, Card.PRINCESS})


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


#: Who a Baron's outcome knocks out ("player", "target"): the loser; nobody on a tie.
BARON_OUT = {WIN: ("target",), TIE: (), LOSE: ("player",)}


def baron_knocked_out(outcome: str, player: int, target: int) -> tuple:
    """The seats a Baron's `outcome` (for `player`, at `target`) knocks out."""
    return tuple(player if role == "player" else target for role in BARON_OUT[outcome])


def guard_outcome(guess: Card, theirs: Card) -> str:
    """A Guard naming `guess` at a target holding `theirs`: a hit (the target is out) or a miss."""
    return HIT if theirs == guess else MISS


def prince_knocks_out(discarded: Card) -> bool:
    """A Prince's target is out when the hand they discard is the Princess."""
    return discarded is Card.PRINCESS


def looks(card: Card, tie: bool = False) -> tuple:
    """Who learns whose hand from a play at a target, as (observer, holder) pairs of "player" and
    "target": a Priest's look, a Baron's tie (each sees the other's equal card), a King's trade (each
    knows the hand they gave). Empty for every other play."""
    if card is Card.PRIEST:
        return (("player", "target"),)
    if card is Card.KING or (card is Card.BARON and tie):
        return (("player", "target"), ("target", "player"))
    return ()


def guard_hit_chance(guess: Card, theirs: dict) -> Fraction:
    """The chance a Guard naming `guess` hits, the target's card distributed as `theirs` ({card: probability})."""
    return sum((p for card, p in theirs.items() if guard_outcome(guess, card) == HIT), Fraction(0))


def prince_knock_out_chance(theirs: dict) -> Fraction:
    """The chance a Prince knocks its target out, their card distributed as `theirs`."""
    return sum((p for card, p in theirs.items() if prince_knocks_out(card)), Fraction(0))
