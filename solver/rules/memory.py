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


def remember(known: tuple, events) -> tuple:
    """The memory after `events` (the triples of `known` updated in order)."""
    memo = {(o, h): c for o, h, c in known}
    tie = None
    for ev in events:
        kind = type(ev)
        if kind is CardPlayed:
            memo = {k: c for k, c in memo.items() if k[1] != ev.player}
        elif kind is PriestSaw:
            memo[(ev.player, ev.target)] = ev.card
        elif kind is BaronCompared:
            tie = ev
        elif kind is BaronResult and ev.loser is None and tie is not None:
            memo[(tie.player, tie.target)] = tie.target_card
            memo[(tie.target, tie.player)] = tie.player_card
        elif kind is HandsTraded:
            p, t = ev.player, ev.target
            swapped = {}
            for (o, h), c in memo.items():
                if o in (p, t) and h in (p, t):
                    continue  # replaced below
                swapped[(o, t if h == p else p if h == t else h)] = c
            memo = swapped
            memo[(p, t)] = ev.gave
            memo[(t, p)] = ev.received
        elif kind is PrinceDiscarded:
            memo = {k: c for k, c in memo.items() if k[1] != ev.target}
        elif kind is KnockedOut:
            memo = {k: c for k, c in memo.items() if ev.player not in k}
    return tuple(sorted((o, h, c) for (o, h), c in memo.items()))
