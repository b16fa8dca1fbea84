"""Rulings in words, from the engine's typed events: the one-sentence ruling of a play and the
narration of everything that happened, in the order it happened.

Each sentence is a `Line`: a catalog key and its parameters (seats as ints, cards as `Card`),
so a shell translates it. Nothing here decides a rule: the engine's events say what happened,
this module only chooses which fact is the ruling.
"""

from __future__ import annotations

from typing import NamedTuple, Optional

from solver.rules.cards import Card
from solver.rules.editions import DISCARD_TOTAL_THEN_ALL
from solver.rules.errors import LoveLetterError
from solver.rules.events import (
    BaronCompared,
    BaronResult,
    CardDrawn,
    CardPlayed,
    ChancellorDrew,
    ChancellorReturned,
    GuardGuessed,
    HandsTraded,
    KnockedOut,
    NoEffect,
    PriestSaw,
    PrinceDiscarded,
    Protected,
    RoundEnded,
    TurnStarted,
)


class Line(NamedTuple):
    key: str
    params: dict


#: Parameters that name a seat (the shell shows the player's name).
SEAT_PARAMS = frozenset({"player", "target", "loser", "winner", "other"})


def ruling(events, edition=None) -> Optional[Line]:
    """The ruling of one play as one sentence: the most telling fact among its events (with the
    `edition`, a showdown tie says whether the discard totals were compared)."""
    events = tuple(events)
    played = next((e for e in events if isinstance(e, CardPlayed)), None)
    for ev in events:  # the facts people ask about come first
        if isinstance(ev, CardDrawn) and ev.source == "set_aside":
            return Line("ruling.set_aside_draw", {"player": ev.player})
        if isinstance(ev, KnockedOut) and ev.cause == "princess-discarded":
            return Line("ruling.princess_discarded", {"player": ev.player})
        if isinstance(ev, NoEffect):
            return Line(f"ruling.no_effect.{ev.reason}", {"card": ev.card})
    for ev in events:  # a showdown tie is the ruling people ask about
        tie = _tie(ev, edition)
        if tie is not None:
            return tie
    for ev in events:
        if isinstance(ev, GuardGuessed):
            key = "ruling.guard_hit" if ev.hit else "ruling.guard_miss"
            return Line(key, {"player": ev.player, "target": ev.target, "card": ev.guess})
        if isinstance(ev, BaronResult):
            if ev.loser is None:
                return Line("ruling.baron_tie", {"player": ev.player, "target": ev.target})
            winner = ev.target if ev.loser == ev.player else ev.player
            return Line("ruling.baron_out", {"loser": ev.loser, "winner": winner})
        if isinstance(ev, PriestSaw):
            return Line("ruling.priest", {"player": ev.player, "target": ev.target})
        if isinstance(ev, Protected):
            return Line("ruling.handmaid", {"player": ev.player})
        if isinstance(ev, PrinceDiscarded):
            return Line("ruling.prince", {"player": ev.player, "target": ev.target, "card": ev.card})
        if isinstance(ev, HandsTraded):
            return Line("ruling.king", {"player": ev.player, "target": ev.target})
        if isinstance(ev, ChancellorDrew):
            return Line("ruling.chancellor_drew", {"player": ev.player, "n": len(ev.cards)})
        if isinstance(ev, ChancellorReturned):
            # The Countess rule is named only where it could have seemed to apply: the Countess and
            # a King or a Prince among the cards chosen from.
            pool = (ev.kept, *ev.bottom)
            countess = Card.COUNTESS in pool and (Card.KING in pool or Card.PRINCE in pool)
            key = "ruling.chancellor_returned_countess" if countess else "ruling.chancellor_returned"
            return Line(key, {"player": ev.player, "card": ev.kept, "n": len(ev.bottom)})
        if isinstance(ev, KnockedOut) and ev.cause == "princess-played":
            return Line("ruling.princess_played", {"player": ev.player})
    if played is not None and played.card in (Card.SPY, Card.COUNTESS):
        return Line(f"ruling.no_effect_card.{played.card.name}", {"player": played.player})
    return None


def card_unnamed(line: Optional[Line], card: Card) -> Optional[Line]:
    """The same ruling with the card the target held left unnamed ("Luis discards their hand without its
    effect…"), so that one sentence says it for every card they may hold; `line` itself
    when it does not name that card. (The ruling checker said a Prince's ruling once per card: nine
    lines that differed by the card's name.)"""
    if line is not None and line.key == "ruling.prince" and line.params.get("card") == card:
        return Line("ruling.prince_held", {k: v for k, v in line.params.items() if k != "card"})
    return line


def _tie(ev, edition=None) -> Optional[Line]:
    """A showdown where the highest card was tied: every tied player won (2019), or the discard
    totals decided (classic), or they were tied too and the tie stood (the classic option where
    nobody then wins), or every player still tied won (classic; the event alone cannot tell this
    from 2019's rule, the `edition` can). In one edition two cards of equal value are the same card."""
    if not isinstance(ev, RoundEnded) or ev.reason != "showdown" or not ev.hands:
        return None
    held = [(seat, card) for seat, card in enumerate(ev.hands) if card is not None]
    # Nobody won (the classic option where a tie on the discard totals stands): the tied players
    # are still only those holding the highest card, not everyone still in the round.
    top = ev.hands[ev.winners[0]] if ev.winners else max(card for _, card in held)
    tied = [seat for seat, card in held if card == top]
    if len(tied) < 2:
        return None
    scores = tuple((seat, ev.discard_totals[seat]) for seat in tied) if ev.discard_totals else ()
    if not ev.winners:
        return Line("ruling.tie_stands", {"scores": scores})
    if len(ev.winners) == len(tied):
        if edition is not None and edition.showdown_tie == DISCARD_TOTAL_THEN_ALL:
            return Line("ruling.tie_discards_all", {"winners": tuple(ev.winners), "scores": scores})
        return Line("ruling.tie_all", {"winners": tuple(ev.winners)})
    return Line("ruling.tie_discards", {"winners": tuple(ev.winners), "scores": scores})


def refusal(error: LoveLetterError) -> Line:
    """A refused action as a sentence: the rule key and the values it was refused with."""
    return Line(f"rule.{error.rule}", dict(getattr(error, "params", {}) or {}))


def narrate(events, edition=None) -> list[Line]:
    """Every event of a play in the order it happened, the whole truth (a ruling checker or a
    finished demonstration shows hidden cards too). With the `edition`, a showdown tie says
    whether the discard totals were compared."""
    out: list[Line] = []
    for ev in events:
        if isinstance(ev, CardPlayed):
            if ev.guess is not None:
                out.append(Line("ev.played_guess", {"player": ev.player, "card": ev.card, "target": ev.target,
                                                     "guess": ev.guess}))
            elif ev.target is not None:
                key = "ev.played_self" if ev.target == ev.player else "ev.played_target"
                out.append(Line(key, {"player": ev.player, "card": ev.card, "target": ev.target}))
            else:
                out.append(Line("ev.played", {"player": ev.player, "card": ev.card}))
        elif isinstance(ev, NoEffect):
            out.append(Line(f"ruling.no_effect.{ev.reason}", {"card": ev.card}))
        elif isinstance(ev, GuardGuessed):
            out.append(Line("ev.guard_hit" if ev.hit else "ev.guard_miss",
                            {"target": ev.target, "card": ev.guess}))
        elif isinstance(ev, PriestSaw):
            out.append(Line("ev.priest", {"player": ev.player, "target": ev.target, "card": ev.card}))
        elif isinstance(ev, BaronCompared):
            out.append(Line("ev.baron", {"player": ev.player, "target": ev.target, "card": ev.player_card,
                                         "other_card": ev.target_card}))
        elif isinstance(ev, BaronResult) and ev.loser is None:
            out.append(Line("ev.baron_tie", {}))
        elif isinstance(ev, Protected):
            out.append(Line("ev.protected", {"player": ev.player}))
        elif isinstance(ev, PrinceDiscarded):
            out.append(Line("ev.prince_discard", {"target": ev.target, "card": ev.card}))
        elif isinstance(ev, CardDrawn):
            key = "ev.drew_set_aside" if ev.source == "set_aside" else "ev.drew"
            out.append(Line(key, {"player": ev.player, "card": ev.card}))
        elif isinstance(ev, ChancellorDrew):
            out.append(Line("ev.chancellor_drew", {"player": ev.player, "cards": tuple(ev.cards)}))
        elif isinstance(ev, ChancellorReturned):
            out.append(Line("ev.chancellor_returned", {"player": ev.player, "card": ev.kept,
                                                       "cards": tuple(ev.bottom)}))
        elif isinstance(ev, HandsTraded):
            out.append(Line("ev.king", {"player": ev.player, "target": ev.target, "card": ev.gave,
                                        "other_card": ev.received}))
        elif isinstance(ev, KnockedOut):
            key = f"ev.out.{ev.cause}"
            out.append(Line(key, {"player": ev.player, "cards": tuple(ev.cards)}))
        elif isinstance(ev, TurnStarted):
            out.append(Line("ev.turn_protection_ended" if ev.protection_ended else "ev.turn", {"player": ev.player}))
        elif isinstance(ev, RoundEnded):
            if not ev.winners:
                out.append(Line(f"ev.end.{ev.reason}.none", {}))
            else:
                key = f"ev.end.{ev.reason}" + (".one" if len(ev.winners) == 1 else ".many")
                out.append(Line(key, {"winners": tuple(ev.winners)}))
            # After the comparison it explains (it came first: "the totals decide", then "the
            # players compare hands").
            tie = _tie(ev, edition)
            if tie is not None and tie.key in ("ruling.tie_discards", "ruling.tie_stands", "ruling.tie_discards_all"):
                key = "ev.tie_discards" if tie.key == "ruling.tie_discards" else "ev.tie_stands"
                out.append(Line(key, {"scores": tie.params["scores"]}))
            if ev.spy_bonus is not None:
                out.append(Line("ev.spy_bonus", {"player": ev.spy_bonus}))
    return out
