"""What an opponent knows of the viewer's card, read from the viewer's record: the one definition the
review's sentence uses ("Ana saw the card you kept").

An opponent knows the viewer's hand when their Priest saw it, when they traded hands with a King (they
know what they gave), or when a Baron's comparison tied; and the viewer knows that they know. The steps
are the memory rule's, from its one dispatcher (`solver.rules.memory.turn_steps`, `follow`), with one
difference, passed as a parameter (`_sharp_forgetting`): the card counter's memory forgets
what it saw as soon as the holder plays any card (a simple rule a card counter bot can follow and the
inference can mirror exactly), while a sharp reader keeps it when the holder played *another* card, or
one of two copies of it: they still hold the card that was seen. The review warns the learner of what a
sharp opponent knows.
"""

from __future__ import annotations

from typing import Optional

from solver.records.record import Record
from solver.records.replay import knocked_out, walk
from solver.rules import memory
from solver.rules.actions import Play
from solver.rules.cards import Card
from solver.rules.outcomes import TIE


def opponent_knows_kept_card(record: Record, action) -> Optional[int]:
    """The opponent (still in the round) who knows the card the viewer keeps by playing `action` at
    the end of `record` (module docstring), or None."""
    v = record.viewer
    if v is None or not isinstance(action, Play):
        return None
    hands: list = []
    final: list = []
    turns = [t for _, t, _ in walk(record, final, hands)]  # outcome details filled in
    memo: dict = {}  # (observer, holder) -> the card; only what others know of the viewer's hand is kept
    for turn, hand in zip(turns, hands):
        if turn.card is None:
            continue
        mine = [c for c in hand if c is not None]  # the viewer's hand at this play
        kept = list(mine)
        if turn.player == v and turn.card in kept:
            kept.remove(turn.card)
        # What the player learns of the target's hand, and the target of the player's: only the
        # viewer's cards are known here (a King: each knows the hand they gave, the viewer's `got:`).
        if turn.player == v:
            knows = (None, turn.got if turn.card is Card.KING else kept[0] if len(kept) == 1 else None)
        else:
            knows = (turn.got if turn.card is Card.KING else mine[0] if len(mine) == 1 else None, None)
        steps = memory.turn_steps(turn.player, turn.card, turn.target, tie=turn.result == TIE,
                                  gone=knocked_out(turn), knows=knows)
        memo = memory.follow(memo, steps, forget=_sharp_forgetting(turn.card, mine))
        memo = {k: c for k, c in memo.items() if k[1] == v and c is not None}
    hand = [c for c in final[0].viewer_hand if c is not None]
    kept = list(hand)
    if action.card in kept:
        kept.remove(action.card)
    for (seer, _), card in sorted(memo.items()):
        if kept == [card] and not final[0].public.out[seer]:
            return seer
    return None


def _sharp_forgetting(card: Card, hand: list):
    """A sharp reader's forgetting when a holder of `hand` plays `card`: what they saw is kept unless the
    holder played that card (and held no second copy), or a Chancellor (the card may have gone under the
    deck)."""
    def forget(memo: dict, holder: int) -> dict:
        return {k: c for k, c in memo.items()
                if k[1] != holder or not (card is Card.CHANCELLOR or (c == card and hand.count(card) < 2))}
    return forget

