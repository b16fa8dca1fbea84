"""A round record told as sentences: for each turn, what was played and what it showed, as
message keys with parameters (seats as seat numbers, cards as `Card`s), for a page to translate.

Only what the record holds is told (the viewer's private observations included); nothing is
inferred. Each sentence names its grammatical subject (`subject`: the parameter holding the
seat that acts), so a page that calls the viewer "you" can choose the second-person wording.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from typing import Optional

from solver.records.record import Record, RecordError, Turn
from solver.records.replay import walk
from solver.rules.cards import Card


@dataclass(frozen=True)
class Sentence:
    key: str
    params: dict = field(default_factory=dict)
    #: The parameter naming the seat that is the sentence's subject ("" if none).
    subject: str = ""


#: The cards that must choose another player: with every other player protected they are played
#: with no effect (no target).
_CHOOSE_ANOTHER = (Card.GUARD, Card.PRIEST, Card.BARON, Card.KING)


def turn_sentences(record: Record, turn: Turn, hand: Optional[tuple] = None, public=None) -> list[Sentence]:
    """The sentences of one turn, in the order things happen. `hand` is the viewer's hand at
    the play (`walk(..., hands=)`); with it a King trade says what the viewer gave. `public` is
    the public state at the play (`walk`'s third item); with it a card played with no effect
    because every other player is protected says so."""
    p = turn.player
    out: list[Sentence] = []
    if turn.drew is not None:
        out.append(Sentence("hist.drew", {"player": p, "card": turn.drew}, "player"))
    if turn.card is None:
        out.append(Sentence("hist.to_play", {"player": p}, "player"))
        return out
    if turn.guess is not None:
        out.append(Sentence("hist.play_guess", {"player": p, "card": turn.card, "target": turn.target,
                                                "guess": turn.guess}, "player"))
    elif turn.target is not None:
        out.append(Sentence("hist.play_target", {"player": p, "card": turn.card, "target": turn.target}, "player"))
    else:
        out.append(Sentence("hist.play", {"player": p, "card": turn.card}, "player"))
        if turn.card in _CHOOSE_ANOTHER and public is not None and not public.open_targets(p):
            shielded = [i for i in range(len(public.out)) if i != p and not public.out[i] and public.protected[i]]
            if len(shielded) == 1:  # "No effect: you are protected by the Handmaid."
                out.append(Sentence("hist.no_effect_protected", {"target": shielded[0]}, "target"))
            elif shielded:
                out.append(Sentence("hist.no_effect_all_protected"))
    viewer = record.viewer
    if turn.saw is not None:
        out.append(Sentence("hist.saw", {"player": viewer, "card": turn.saw}, "player"))
    if turn.result == "miss":
        out.append(Sentence("hist.miss", {"target": turn.target, "guess": turn.guess}, "target"))
    elif turn.result == "hit":
        out.append(Sentence("hist.hit", {"target": turn.target, "guess": turn.guess}, "target"))
    elif turn.result == "tie":
        out.append(Sentence("hist.tie"))
    if turn.got is not None:
        gave = _given(turn, viewer, hand)
        if gave is None:
            out.append(Sentence("hist.got", {"player": viewer, "card": turn.got}, "player"))
        else:
            out.append(Sentence("hist.traded", {"player": viewer, "gave": gave, "card": turn.got}, "player"))
    if turn.discarded is not None:
        target = p if turn.target is None else turn.target
        out.append(Sentence("hist.discarded", {"player": target, "card": turn.discarded}, "player"))
        if turn.discarded is Card.PRINCESS and all(seat != target for seat, _ in turn.out):
            # the record leaves it implied (the Princess discarded is a knock-out): said, not left to guess
            out.append(Sentence("hist.out", {"player": target}, "player"))
    if turn.new is not None:
        out.append(Sentence("hist.new", {"player": viewer, "card": turn.new}, "player"))
    for seat, card in turn.out:
        if turn.result == "hit" and seat == turn.target:
            continue  # said by the hit
        if turn.card is Card.PRINCESS and seat == p:
            out.append(Sentence("hist.out_princess", {"player": seat}, "player"))
        elif card is not None:
            out.append(Sentence("hist.out_card", {"player": seat, "card": card}, "player"))
        else:
            out.append(Sentence("hist.out", {"player": seat}, "player"))
    if turn.chancellor_drew:
        out.append(Sentence("hist.chancellor_drew", {"player": p, "cards": tuple(turn.chancellor_drew)}, "player"))
        if turn.keep is None:
            out.append(Sentence("hist.choosing", {"player": p}, "player"))
        else:
            out.append(Sentence("hist.kept", {"player": p, "card": turn.keep, "cards": tuple(turn.bottom)},
                                "player"))
    return out


def _given(turn: Turn, viewer: int, hand: Optional[tuple]) -> Optional[Card]:
    """The card the viewer gave in a King trade: the one beside the King they played, or the
    one they held when the King chose them; None when the record does not name it."""
    if hand is None or None in hand:
        return None
    cards = list(hand)
    if turn.player == viewer:
        if Card.KING not in cards:
            return None
        cards.remove(Card.KING)
    return cards[0] if len(cards) == 1 else None


def history(record: Record) -> list[list[Sentence]]:
    """The sentences of every turn of the record, turn by turn."""
    hands: list = []
    publics: list = []
    try:
        for _, _, public in walk(record, hands=hands):
            publics.append(public)
    except RecordError:  # told as far as it goes; the page reports the error itself
        pass
    return [turn_sentences(record, turn, hands[i] if i < len(hands) else None,
                           publics[i] if i < len(publics) else None)
            for i, turn in enumerate(record.turns)]
