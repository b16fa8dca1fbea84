"""Typed events: what happened, and who saw it.

Every event has `private_to`: ``None`` when the whole table sees it, otherwise the seats that
learn its details (the others only know that it happened: a draw, a Priest look, a Baron
comparison, a King trade, a Chancellor's draw and return). `seen_by(event, seat)` answers
"did this seat see the details?" for the inference and the tutor's event log.
"""

from __future__ import annotations

from typing import NamedTuple, Optional

from solver.rules.cards import Card


class RoundStarted(NamedTuple):
    round_no: int
    starter: int
    face_up: tuple[Card, ...]
    deck_size: int
    private_to: Optional[tuple[int, ...]] = None


class CardDealt(NamedTuple):
    player: int
    card: Card
    private_to: Optional[tuple[int, ...]] = None


class TurnStarted(NamedTuple):
    player: int
    #: The player's own Handmaid protection ended now (it lasts until their next turn).
    protection_ended: bool
    private_to: Optional[tuple[int, ...]] = None


class CardDrawn(NamedTuple):
    player: int
    card: Card
    #: "deck", or "set_aside" for a Prince target's draw from an empty deck.
    source: str = "deck"
    private_to: Optional[tuple[int, ...]] = None


class CardPlayed(NamedTuple):
    player: int
    card: Card
    target: Optional[int] = None
    guess: Optional[Card] = None
    private_to: Optional[tuple[int, ...]] = None


class NoEffect(NamedTuple):
    player: int
    card: Card
    #: "all-protected", "no-target" (void play allowed by an option) or "empty-deck".
    reason: str
    private_to: Optional[tuple[int, ...]] = None


class GuardGuessed(NamedTuple):
    player: int
    target: int
    guess: Card
    hit: bool
    private_to: Optional[tuple[int, ...]] = None


class PriestSaw(NamedTuple):
    player: int
    target: int
    card: Card
    private_to: Optional[tuple[int, ...]] = None


class BaronCompared(NamedTuple):
    """The two players' private view: both cards. The public sees `BaronResult`."""

    player: int
    target: int
    player_card: Card
    target_card: Card
    private_to: Optional[tuple[int, ...]] = None


class BaronResult(NamedTuple):
    player: int
    target: int
    #: Seat knocked out, or None for a tie.
    loser: Optional[int]
    private_to: Optional[tuple[int, ...]] = None


class Protected(NamedTuple):
    player: int
    private_to: Optional[tuple[int, ...]] = None


class PrinceDiscarded(NamedTuple):
    player: int
    target: int
    card: Card
    private_to: Optional[tuple[int, ...]] = None


class ChancellorDrew(NamedTuple):
    player: int
    cards: tuple[Card, ...]
    private_to: Optional[tuple[int, ...]] = None


class ChancellorReturned(NamedTuple):
    """Public: `count` cards went under the deck. Private to the player: which, in order."""

    player: int
    kept: Card
    bottom: tuple[Card, ...]
    private_to: Optional[tuple[int, ...]] = None


class HandsTraded(NamedTuple):
    """King: `player` gave `gave` and received `received` (private to the two players)."""

    player: int
    target: int
    gave: Card
    received: Card
    private_to: Optional[tuple[int, ...]] = None


class KnockedOut(NamedTuple):
    player: int
    #: The hand discarded face up (empty when the discarded Princess was the whole hand).
    cards: tuple[Card, ...]
    #: "guard", "baron", "princess-played", "princess-discarded".
    cause: str
    private_to: Optional[tuple[int, ...]] = None


class RoundEnded(NamedTuple):
    #: "last-standing" or "showdown".
    reason: str
    winners: tuple[int, ...]
    #: Showdown only: each seat's hand card (None for players out of the round).
    hands: tuple[Optional[Card], ...] = ()
    #: Showdown only: each seat's discard total (used by the classic tie-break).
    discard_totals: tuple[int, ...] = ()
    spy_bonus: Optional[int] = None
    private_to: Optional[tuple[int, ...]] = None


class TokensAwarded(NamedTuple):
    #: (seat, tokens gained, "round-win" or "spy") per award.
    awards: tuple[tuple[int, int, str], ...]
    tokens: tuple[int, ...]
    private_to: Optional[tuple[int, ...]] = None


class GameEnded(NamedTuple):
    winners: tuple[int, ...]
    tokens: tuple[int, ...]
    private_to: Optional[tuple[int, ...]] = None


Event = (
    RoundStarted | CardDealt | TurnStarted | CardDrawn | CardPlayed | NoEffect | GuardGuessed
    | PriestSaw | BaronCompared | BaronResult | Protected | PrinceDiscarded | ChancellorDrew
    | ChancellorReturned | HandsTraded | KnockedOut | RoundEnded | TokensAwarded | GameEnded
)


def seen_by(event: Event, seat: int) -> bool:
    """Did `seat` see this event's details?"""
    return event.private_to is None or seat in event.private_to


def observation(events, viewer: int) -> tuple:
    """What the viewer sees of a list of events (others' private details redacted): the events
    public or private to the viewer as they are, the others as (kind, player, target)."""
    out = []
    for ev in events:
        seen = ev.private_to  # `seen_by`, inlined: on the exact search's path for every outcome
        if seen is None or viewer in seen:
            out.append(ev)
        else:
            out.append((type(ev).__name__, getattr(ev, "player", None), getattr(ev, "target", None)))
    return tuple(out)
