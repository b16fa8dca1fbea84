"""What an opponent knows of the viewer's card, read from the viewer's record: the one definition the
review's sentence uses ("Ana saw the card you kept").

An opponent knows the viewer's hand when their Priest saw it, when they traded hands with a King (they
know what they gave), or when a Baron's comparison tied; and the viewer knows that they know. The steps
are the memory rule's (`solver.rules.memory`), with one difference: the card counter's memory forgets
what it saw as soon as the holder plays any card (a simple rule a counting bot can follow and the
inference can mirror exactly), while a sharp reader keeps it when the holder played *another* card, or
one of two copies of it: they still hold the card that was seen. The review warns the learner of what a
sharp opponent knows.
"""

from __future__ import annotations

from typing import Optional

from solver.records.record import Record
from solver.records.replay import walk
from solver.rules.actions import Play
from solver.rules.cards import Card


def opponent_knows_kept_card(record: Record, action) -> Optional[int]:
    """The opponent (still in the round) who knows the card the viewer keeps by playing `action` at
    the end of `record` (module docstring), or None."""
    v = record.viewer
    if v is None or not isinstance(action, Play):
        return None
    hands: list = []
    final: list = []
    for _ in walk(record, final, hands):
        pass
    known = None  # (opponent, card): what that opponent knows the viewer holds
    for turn, hand in zip(record.turns, hands):
        if turn.card is None:
            continue
        mine = [c for c in hand if c is not None]  # the viewer's hand at this play
        if turn.player != v and turn.target == v:
            if turn.card == Card.PRIEST and len(mine) == 1:
                known = (turn.player, mine[0])
            elif turn.card == Card.KING and turn.got is not None:
                known = (turn.player, turn.got)  # they gave it to the viewer
            elif turn.card == Card.PRINCE:
                known = None  # the viewer's card was discarded and replaced
            elif turn.card == Card.BARON and turn.result == "tie" and len(mine) == 1:
                known = (turn.player, mine[0])
        elif turn.player == v:
            if known is not None and turn.card == known[1] and mine.count(known[1]) < 2:
                known = None  # the viewer played the card they knew (the sharp reader's one forgetting)
            if turn.card == Card.CHANCELLOR:
                known = None  # the card seen may have gone under the deck
            kept = list(mine)
            if turn.card in kept:
                kept.remove(turn.card)
            if turn.card == Card.KING and turn.target is not None and turn.got is not None:
                known = (turn.target, turn.got) if turn.target != v else known
            elif turn.card == Card.BARON and turn.result == "tie" and turn.target is not None and kept:
                known = (turn.target, kept[0])
            elif turn.card == Card.PRINCE and turn.target == v:
                known = None
    if known is None:
        return None
    hand = [c for c in final[0].viewer_hand if c is not None]
    kept = list(hand)
    if action.card in kept:
        kept.remove(action.card)
    seer, card = known
    return seer if kept == [card] and not final[0].public.out[seer] else None
