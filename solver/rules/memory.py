"""What each player remembers of the others' hands: one rule, one dispatcher.

A player who looked with a Priest, traded with a King or tied a Baron knows a card in another
hand. The memory is kept as sorted (observer, holder, card) triples in `Round.known`, under one
documented rule a card counter can follow and the inference can mirror exactly: a remembered card
is forgotten as soon as its holder plays (they may have played it), discards it to a Prince, or is
knocked out; a King trade moves what others remember with the cards.

`turn_steps` is the one dispatcher: it maps a turn's public facts (who played which card at whom,
whether a Baron tied, who is out after it) to the rule's steps, reading who learns whose hand from
the cards' outcomes (`solver.rules.outcomes.looks`). `follow` applies the steps. The engine
(`remember`, from its events), the inference (`solver.inference.beliefs`, from a record's turns) and
the review's sharp reader (`solver.records.knowledge`, with its own forgetting) all go through them;
the compiled core's writes are `solver.compiled.kernels.memory`, step for step (the conformance
suite checks them against the engine).
"""

from __future__ import annotations

from solver.rules.cards import Card
from solver.rules.events import BaronCompared, BaronResult, CardPlayed, HandsTraded, KnockedOut, PriestSaw
from solver.rules.outcomes import looks

#: The rule's steps, in the order a turn takes them.
PLAYED, LEARNED, TRADED, REPLACED, OUT = "played", "learned", "traded", "replaced", "out"


# --- the rule, step by step --------------------------------------------------------------------
# The memory is a map (observer, holder) -> what the observer knows of the holder's hand: a card for
# the engine (`remember`), None for the inference (which keeps the holder's hand variable).

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


# --- the dispatcher ----------------------------------------------------------------------------

def turn_steps(player: int, card: Card, target=None, *, tie: bool = False, gone=(), knows=(None, None)) -> tuple:
    """The memory steps of one turn from its public facts: `player` played `card` at `target` (None: no
    target), `tie` when a Baron's comparison tied, `gone` the players out after it. `knows` is what the
    player learns of the target's hand and what the target learns of the player's (a card, or None when
    the caller does not track the cards). The first step is always the player's play."""
    steps: list = [(PLAYED, player)]
    if target is not None:
        if card is Card.KING:
            steps.append((TRADED, player, target, *knows))
        else:
            for observer, holder in looks(card, tie):
                mine = observer == "player"  # (the two roles: the player sees the target's hand, or the other way)
                steps.append((LEARNED, player if mine else target, target if holder == "target" else player,
                              knows[0] if mine else knows[1]))
            if card is Card.PRINCE:
                steps.append((REPLACED, target))
    if gone:
        steps.extend((OUT, s) for s in sorted(set(gone)))
    return tuple(steps)


def follow(memo: dict, steps, forget=played) -> dict:
    """The memory after `steps` (from `turn_steps`). `forget` is what a play does to what others knew of
    its player's hand: the card counter's rule `played` by default (the review's sharp reader passes its
    own: `solver.records.knowledge`)."""
    for step in steps:
        kind = step[0]
        if kind == PLAYED:
            memo = forget(memo, step[1])
        elif kind == LEARNED:
            memo = learned(memo, *step[1:])
        elif kind == TRADED:
            memo = traded(memo, *step[1:])
        elif kind == REPLACED:
            memo = replaced(memo, step[1])
        else:
            memo = knocked_out(memo, step[1])
    return memo


def remember(known: tuple, events) -> tuple:
    """The memory after one play's `events` (the engine's view of the turn mapped to `turn_steps`)."""
    memo = {(o, h): c for o, h, c in known}
    play, tie, knows, gone = None, False, (None, None), []
    for ev in events:
        kind = type(ev)
        if kind is CardPlayed:
            play = ev
        elif kind is PriestSaw:
            knows = (ev.card, None)
        elif kind is BaronCompared:
            knows = (ev.target_card, ev.player_card)
        elif kind is BaronResult:
            tie = ev.loser is None
        elif kind is HandsTraded:
            knows = (ev.gave, ev.received)
        elif kind is KnockedOut:
            gone.append(ev.player)
    if play is not None:  # (a Chancellor's choice, the second half of a turn, changes no memory)
        memo = follow(memo, turn_steps(play.player, play.card, play.target, tie=tie, gone=gone, knows=knows))
    return tuple(sorted((o, h, c) for (o, h), c in memo.items()))
