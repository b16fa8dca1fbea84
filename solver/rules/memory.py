"""What each player remembers of the others' hands, updated from the engine's events.

A player who looked with a Priest, traded with a King or tied a Baron knows a card in another
hand. The memory is kept as sorted (observer, holder, card) triples in `Round.known`, under one
documented rule a card counter can follow and the inference can mirror exactly
(`solver.inference.beliefs` keeps the same pairs): a remembered card is forgotten as soon as its
holder plays (they may have played it), discards it to a Prince, or is knocked out; a King
trade moves what others remember with the cards.
"""

from __future__ import annotations

from solver.rules.events import BaronCompared, BaronResult, CardPlayed, HandsTraded, KnockedOut, PriestSaw, PrinceDiscarded


#: The events that can create a memory (with no memory yet, other events change nothing).
MEMORABLE = (PriestSaw, BaronResult, HandsTraded)


# --- the rule, step by step --------------------------------------------------------------------
# The memory is a map (observer, holder) -> what the observer knows of the holder's hand: a card for
# the engine (`remember`), the holder's hand variable for the inference (`solver.inference.beliefs`).
# Each step below is the one statement of what a kind of play does to it; the engine and the
# inference map their own view of a turn to these steps. (The compiled core keeps its own copy:
# `solver.compiled.kernels`, checked against the engine.)

def played(memo: dict, holder: int) -> dict:
    """The holder played a card: what others knew of their hand is forgotten (it may be the card played)."""
    return {k: c for k, c in memo.items() if k[1] != holder}


def replaced(memo: dict, holder: int) -> dict:
    """The holder's hand was discarded to a Prince and replaced: forgotten."""
    return {k: c for k, c in memo.items() if k[1] != holder}


def knocked_out(memo: dict, player: int) -> dict:
    """The player is out of the round: nothing they knew or others knew of them is kept."""
    return {k: c for k, c in memo.items() if player not in k}


def learned(memo: dict, observer: int, holder: int, value) -> dict:
    """The observer learned the holder's hand (a Priest's look, a Baron's tie)."""
    return {**memo, (observer, holder): value}


def traded(memo: dict, player: int, target: int, player_knows, target_knows) -> dict:
    """A King's trade: what others knew moves with the cards, and each of the two knows the other's
    new hand (what they gave)."""
    swapped = {}
    for (o, h), c in memo.items():
        if o in (player, target) and h in (player, target):
            continue  # replaced below
        swapped[(o, target if h == player else player if h == target else h)] = c
    swapped[(player, target)] = player_knows
    swapped[(target, player)] = target_knows
    return swapped


def remember(known: tuple, events) -> tuple:
    """The memory after `events` (the triples of `known` updated in order, step by step)."""
    memo = {(o, h): c for o, h, c in known}
    tie = None
    for ev in events:
        kind = type(ev)
        if kind is CardPlayed:
            memo = played(memo, ev.player)
        elif kind is PriestSaw:
            memo = learned(memo, ev.player, ev.target, ev.card)
        elif kind is BaronCompared:
            tie = ev
        elif kind is BaronResult and ev.loser is None and tie is not None:
            memo = learned(learned(memo, tie.player, tie.target, tie.target_card), tie.target, tie.player,
                           tie.player_card)
        elif kind is HandsTraded:
            memo = traded(memo, ev.player, ev.target, ev.gave, ev.received)
        elif kind is PrinceDiscarded:
            memo = replaced(memo, ev.target)
        elif kind is KnockedOut:
            memo = knocked_out(memo, ev.player)
    return tuple(sorted((o, h, c) for (o, h), c in memo.items()))
