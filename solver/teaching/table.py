"""A table of your own for the ruling checker: what a person sees at a real table — the edition, the
players, your two cards (it is your turn), every discard pile, who is protected or out, the face-up
cards of a 2-player round — and, for any action, what the engine rules in each hidden possibility.

Every card of the edition is somewhere: in a hand, a discard pile, the face-up row, the set-aside slot
or the deck. So the deck's size follows from what is seen: the unseen cards are the other players'
hands (one each, for those still in), the set-aside card and the deck. `check` refuses a table no
round can reach (the engine's own check of a position, `solver.rules.positions.validate_round`, with its
rule keys), and `outcomes` plays an action in one world per card the chosen player may hold.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Optional

from solver.rules.actions import Play
from solver.rules.cards import Card
from solver.rules.editions import Edition
from solver.rules.errors import IllegalActionError, InvalidPositionError
from solver.rules.game import apply
from solver.rules.positions import position
from solver.rules.state import PLAY, Round


@dataclass(frozen=True)
class Table:
    """What you see at the table (seat `you` is to play, holding `hand`: your card and the one you drew)."""

    edition: Edition
    names: tuple
    you: int
    hand: tuple  # two cards
    discards: tuple  # a tuple of cards per seat, in the order played
    out: tuple
    protected: tuple
    face_up: tuple = ()

    def unseen(self) -> Counter:
        """The cards you have not seen: the edition's, minus your hand, every discard and the face-up row."""
        left = Counter({c: self.edition.count(c) for c in self.edition.cards})
        for c in (*self.hand, *self.face_up, *(c for pile in self.discards for c in pile)):
            left[c] -= 1
        return left

    def deck_size(self) -> int:
        """The cards left in the deck: the unseen ones but the other hands and the set-aside card."""
        others = sum(1 for i in range(len(self.names)) if i != self.you and not self.out[i])
        return sum(self.unseen().values()) - others - 1


def check(table: Table) -> Round:
    """A world of the table (the unseen cards dealt in card order), or `InvalidPositionError` naming the
    rule the table breaks (too many copies of a card seen, no card left for the deck, you out or
    protected at your turn, a protection without its Handmaid…)."""
    return world(table)


def world(table: Table, target: Optional[int] = None, card: Optional[Card] = None) -> Round:
    """One round the table may be: `target` holding `card` (when given), the other unseen cards dealt in
    card order to the other hands still in, the set-aside slot and the deck."""
    unseen = table.unseen()
    for c, k in sorted(unseen.items()):
        if k < 0:
            raise InvalidPositionError(f"more {c.title} cards seen than the edition has", rule="card-count",
                                       card=c, count=table.edition.count(c) - k, edition_count=table.edition.count(c))
    if table.out[table.you]:
        raise InvalidPositionError("you are out of the round: it is not your turn", rule="table-you-out")
    if table.deck_size() < 0:
        raise InvalidPositionError("more cards seen than a round leaves unseen", rule="table-too-many-seen")
    pool = [c for c in sorted(unseen.elements())]
    hands: list = []
    for i in range(len(table.names)):
        if i == table.you:
            hands.append(tuple(table.hand))
        elif table.out[i]:
            hands.append(())
        elif i == target and card is not None:
            pool.remove(card)
            hands.append(None)  # filled below, after the others took theirs
        else:
            hands.append("?")
    if target is not None and card is not None:
        hands[target] = (card,)
    for i, h in enumerate(hands):
        if h == "?":
            hands[i] = (pool.pop(0),)
    set_aside = pool.pop(0)
    return position(table.edition, hands, deck=tuple(pool), set_aside=set_aside, face_up=table.face_up,
                    discards=table.discards, out=table.out, protected=table.protected, current=table.you,
                    phase=PLAY, turn=1 + sum(len(p) for p in table.discards))


def possible_cards(table: Table, seat: int) -> list:
    """The cards `seat` may hold as far as you can see (each with its unseen copies): [(card, copies)]."""
    return [(c, k) for c, k in sorted(table.unseen().items()) if k > 0]


def outcomes(table: Table, action) -> list:
    """What `action` does at the table: [(the card its target holds, or None when the play chooses nobody
    else, the copies of it unseen, the events)] — one world per card the target may hold; or
    `IllegalActionError` (the engine's refusal, with its rule) when the action breaks a rule."""
    base = check(table)
    apply(base, action)  # refused here, whatever the hidden cards (a play's legality is public)
    target = getattr(action, "target", None)
    if not isinstance(action, Play) or target is None or target == table.you:
        return [(None, None, apply(base, action)[1])]
    out = []
    for card, copies in possible_cards(table, target):
        try:
            r = world(table, target, card)
        except InvalidPositionError:
            continue
        try:
            out.append((card, copies, apply(r, action)[1]))
        except IllegalActionError:  # (a play's legality does not depend on the hidden cards)
            continue
    return out
