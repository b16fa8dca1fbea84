"""A round record: everything one player (the viewer) knows about the round in progress.

`Record` holds the header (edition, seats in turn order, first player, viewer, the 2-player
face-up cards, the viewer's dealt card) and one `Turn` per turn played. Every detail except
the player and the card played may be left out (None): a missing detail weakens the
constraints, it never invents one. A public record has no viewer.

Two forms carry the same content: JSON (`to_json` / `from_json`, schema in docs/notation.md)
and the text notation (`solver.notation`). Both are checked against the rules by
`solver.replay.check_record`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from typing import Any, Optional

from solver.rules.cards import Card
from solver.rules.editions import Edition, get_edition
from solver.rules.errors import LoveLetterError
from solver.rules.names import card_name, parse_card


class RecordError(LoveLetterError):
    """A record that cannot be read, or that breaks a rule. `where` says turn and field."""

    rule = "record"

    def __init__(self, message: str, *, where: str = "", source: str | None = None, rule: str | None = None,
                 **params) -> None:
        full = f"{where}: {message}" if where else message
        if source is not None:
            full += f"\n  in: {source}"
        super().__init__(full, rule=rule, **params)
        self.where = where
        self.reason = message


@dataclass(frozen=True)
class Turn:
    player: int
    #: Card played; None only for the last turn when the viewer has drawn and not yet played.
    card: Optional[Card] = None
    target: Optional[int] = None
    guess: Optional[Card] = None
    #: Guard "hit" / "miss"; Baron "tie". (A Baron loser is given in `out`.)
    result: Optional[str] = None
    #: Knocked-out seats and the card their discarded hand revealed (None: not recorded).
    out: tuple[tuple[int, Optional[Card]], ...] = ()
    #: Prince: the card the target discarded (public).
    discarded: Optional[Card] = None
    # --- the viewer's private observations -------------------------------------------------
    #: The card the viewer drew at the start of this turn (viewer's own turn).
    drew: Optional[Card] = None
    #: Priest: the target's card; Baron: the other player's card (viewer involved).
    saw: Optional[Card] = None
    #: King: the card the viewer received (viewer involved).
    got: Optional[Card] = None
    #: Prince: the card the viewer drew after being made to discard.
    new: Optional[Card] = None
    #: Chancellor (viewer): the cards drawn, the card kept, the cards returned (last = bottom).
    chancellor_drew: tuple[Card, ...] = ()
    keep: Optional[Card] = None
    bottom: tuple[Card, ...] = ()

    @property
    def in_progress(self) -> bool:
        return self.card is None


@dataclass(frozen=True)
class Record:
    edition: Edition
    seats: tuple[str, ...]
    first: int = 0
    viewer: Optional[int] = None
    face_up: tuple[Card, ...] = ()
    dealt: Optional[Card] = None
    turns: tuple[Turn, ...] = field(default_factory=tuple)

    @property
    def n_players(self) -> int:
        return len(self.seats)

    def seat(self, name_or_index: Any, where: str = "") -> int:
        return seat_index(self.seats, name_or_index, where)

    def with_turns(self, turns) -> "Record":
        return replace(self, turns=tuple(turns))

    def prefix(self, k: int) -> "Record":
        """The record after its first k turns."""
        return replace(self, turns=self.turns[:k])


def seat_index(seats: tuple[str, ...], value: Any, where: str = "") -> int:
    if isinstance(value, int) and not isinstance(value, bool):
        if 0 <= value < len(seats):
            return value
        raise RecordError(f"there is no seat {value} (seats 0–{len(seats) - 1})", where=where, rule="unknown-seat")
    text = str(value).strip()
    for i, name in enumerate(seats):
        if name.casefold() == text.casefold():
            return i
    raise RecordError(f"unknown player {text!r}; players: {', '.join(seats)}", where=where, rule="unknown-seat")


# ----------------------------------------------------------------------------------------------
# JSON
# ----------------------------------------------------------------------------------------------

_TURN_CARD_FIELDS = ("card", "guess", "discarded", "drew", "saw", "got", "new", "keep")


def to_dict(record: Record, naming: str = "en") -> dict:
    """The JSON-ready form (card names in `naming`, players by name)."""
    e = record.edition
    name = lambda c: None if c is None else card_name(c, naming)  # noqa: E731
    out: dict = {"edition": e.key}
    if e.options_changed():
        out["options"] = {k: (dict(v) if isinstance(v, dict) else v) for k, v in e.options_changed().items()}
    out["seats"] = list(record.seats)
    out["first"] = record.seats[record.first]
    if record.viewer is not None:
        out["viewer"] = record.seats[record.viewer]
    if record.face_up:
        out["face_up"] = [name(c) for c in record.face_up]
    if record.dealt is not None:
        out["dealt"] = name(record.dealt)
    turns = []
    for t in record.turns:
        d: dict = {"player": record.seats[t.player]}
        for key in ("drew", "card"):
            if getattr(t, key) is not None:
                d[key] = name(getattr(t, key))
        if t.target is not None:
            d["target"] = record.seats[t.target]
        if t.guess is not None:
            d["guess"] = name(t.guess)
        if t.result is not None:
            d["result"] = t.result
        if t.out:
            d["out"] = [{"player": record.seats[s], **({"card": name(c)} if c is not None else {})} for s, c in t.out]
        for key in ("discarded", "saw", "got", "new"):
            if getattr(t, key) is not None:
                d[key] = name(getattr(t, key))
        if t.chancellor_drew or t.keep is not None or t.bottom:
            d["chancellor"] = {
                "drew": [name(c) for c in t.chancellor_drew],
                **({"keep": name(t.keep)} if t.keep is not None else {}),
                "bottom": [name(c) for c in t.bottom],
            }
        turns.append(d)
    out["turns"] = turns
    return out


def to_json(record: Record, naming: str = "en", indent: int | None = 2) -> str:
    return json.dumps(to_dict(record, naming), ensure_ascii=False, indent=indent)


def from_json(text: str | dict, naming: str | None = None) -> Record:
    """Read the JSON form; errors name the turn and field."""
    if isinstance(text, str):
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise RecordError(f"not valid JSON ({exc.msg} at line {exc.lineno}, column {exc.colno})",
                              rule="json") from None
    else:
        data = text
    if not isinstance(data, dict):
        raise RecordError("a record is a JSON object", rule="json")
    known = {"edition", "options", "seats", "first", "viewer", "face_up", "dealt", "turns"}
    extra = sorted(set(data) - known)
    if extra:
        raise RecordError(f"unknown field(s) {extra}; fields: {', '.join(sorted(known))}", where="header",
                          rule="unknown-field")
    if "edition" not in data or "seats" not in data:
        raise RecordError("a record needs 'edition' and 'seats'", where="header", rule="missing-field")
    try:
        edition = get_edition(data["edition"], **(data.get("options") or {}))
    except LoveLetterError as exc:
        raise RecordError(str(exc), where="header.edition", rule="edition") from None
    seats = data["seats"]
    if not isinstance(seats, list) or not all(isinstance(s, str) and s.strip() for s in seats):
        raise RecordError("'seats' must be a list of player names", where="header.seats", rule="seats")
    seats_t = tuple(s.strip() for s in seats)

    def card(value, where):
        if value is None:
            return None
        try:
            return parse_card(str(value), edition, naming)
        except LoveLetterError as exc:
            raise RecordError(str(exc), where=where, rule="card") from None

    def cards(values, where):
        if not isinstance(values, list):
            raise RecordError("expected a list of cards", where=where, rule="card")
        return tuple(card(v, f"{where}[{i}]") for i, v in enumerate(values))

    first = seat_index(seats_t, data.get("first", 0), "header.first")
    viewer = data.get("viewer")
    viewer_i = None if viewer is None else seat_index(seats_t, viewer, "header.viewer")
    turns = []
    raw_turns = data.get("turns", [])
    if not isinstance(raw_turns, list):
        raise RecordError("'turns' must be a list", where="turns", rule="turns")
    turn_fields = {"player", "card", "target", "guess", "result", "out", "discarded", "drew", "saw", "got",
                   "new", "chancellor"}
    for k, raw in enumerate(raw_turns, start=1):
        where = f"turn {k}"
        if not isinstance(raw, dict):
            raise RecordError("a turn is an object", where=where, rule="turns")
        extra = sorted(set(raw) - turn_fields)
        if extra:
            raise RecordError(f"unknown field(s) {extra}; fields: {', '.join(sorted(turn_fields))}",
                              where=where, rule="unknown-field")
        if "player" not in raw:
            raise RecordError("missing 'player'", where=where, rule="missing-field")
        kw: dict = {"player": seat_index(seats_t, raw["player"], f"{where}.player")}
        for key in ("card", "guess", "discarded", "drew", "saw", "got", "new"):
            if key in raw:
                kw[key] = card(raw[key], f"{where}.{key}")
        if raw.get("target") is not None:
            kw["target"] = seat_index(seats_t, raw["target"], f"{where}.target")
        if raw.get("result") is not None:
            kw["result"] = str(raw["result"])
        if "out" in raw:
            outs = []
            for i, o in enumerate(raw["out"] or []):
                if not isinstance(o, dict) or "player" not in o:
                    raise RecordError("each knock-out is {\"player\": …, \"card\": …}", where=f"{where}.out[{i}]",
                                      rule="out")
                outs.append((seat_index(seats_t, o["player"], f"{where}.out[{i}].player"),
                             card(o.get("card"), f"{where}.out[{i}].card")))
            kw["out"] = tuple(outs)
        if "chancellor" in raw:
            ch = raw["chancellor"] or {}
            kw["chancellor_drew"] = cards(ch.get("drew", []), f"{where}.chancellor.drew")
            kw["keep"] = card(ch.get("keep"), f"{where}.chancellor.keep")
            kw["bottom"] = cards(ch.get("bottom", []), f"{where}.chancellor.bottom")
        turns.append(Turn(**kw))
    record = Record(
        edition=edition, seats=seats_t, first=first, viewer=viewer_i,
        face_up=cards(data.get("face_up", []), "header.face_up"),
        dealt=card(data.get("dealt"), "header.dealt"), turns=tuple(turns),
    )
    from solver.records.replay import check_record

    check_record(record)
    return record


# ----------------------------------------------------------------------------------------------
# From an engine round
# ----------------------------------------------------------------------------------------------

def record_from_events(edition: Edition, seats, events, viewer: Optional[int] = None,
                       include_unfinished: bool = True, base: Optional[Record] = None) -> Record:
    """The record of a round as `viewer` saw it (None: the public record), from the engine's
    events (`deal_round` events followed by each `apply`'s events, in order). With
    `include_unfinished`, a pending draw of the viewer becomes a last, unfinished turn.

    `base`: a record of the same round up to the point where `events` start (a round resumed
    from a saved record, which has no engine events before that point)."""
    from solver.rules.events import (BaronCompared, BaronResult, CardDealt, CardDrawn, CardPlayed, ChancellorDrew,
                         ChancellorReturned, GuardGuessed, HandsTraded, KnockedOut, PriestSaw, PrinceDiscarded,
                         RoundStarted)

    seats = tuple(seats) if not isinstance(seats, int) else tuple(f"P{i + 1}" for i in range(seats))
    first = 0
    face_up: tuple = ()
    dealt = None
    turns: list[dict] = []
    pending: dict = {}  # seat -> the card they drew to start their turn (viewer only)
    cur: Optional[dict] = None
    if base is not None:
        first, face_up, dealt = base.first, base.face_up, base.dealt
        for t in base.turns:
            if t.in_progress:
                pending[t.player] = t.drew
            else:
                cur = {**{f: getattr(t, f) for f in Turn.__dataclass_fields__}, "out": list(t.out)}
                turns.append(cur)  # the last one may be a Chancellor choice still to come
    for ev in events:
        if isinstance(ev, RoundStarted):
            first, face_up = ev.starter, ev.face_up
        elif isinstance(ev, CardDealt):
            if ev.player == viewer:
                dealt = ev.card
        elif isinstance(ev, CardPlayed):
            cur = {"player": ev.player, "card": ev.card, "target": ev.target, "guess": ev.guess, "out": []}
            if ev.player == viewer:
                cur["drew"] = pending.pop(ev.player, None)
            turns.append(cur)
        elif isinstance(ev, CardDrawn):
            if cur is not None and cur.get("card") is Card.PRINCE and ev.player == cur.get("target") \
                    and "after_prince" not in cur:
                cur["after_prince"] = True
                if ev.player == viewer:
                    cur["new"] = ev.card
            elif ev.player == viewer:
                pending[ev.player] = ev.card
        elif isinstance(ev, GuardGuessed):
            cur["result"] = "hit" if ev.hit else "miss"
        elif isinstance(ev, PriestSaw):
            if ev.player == viewer:
                cur["saw"] = ev.card
        elif isinstance(ev, BaronCompared):
            if viewer == ev.player:
                cur["saw"] = ev.target_card
            elif viewer == ev.target:
                cur["saw"] = ev.player_card
        elif isinstance(ev, BaronResult):
            if ev.loser is None:
                cur["result"] = "tie"
        elif isinstance(ev, KnockedOut):
            if ev.cause in ("baron", "princess-played"):
                cur["out"].append((ev.player, ev.cards[0] if ev.cards else None))
        elif isinstance(ev, PrinceDiscarded):
            cur["discarded"] = ev.card
        elif isinstance(ev, ChancellorDrew):
            if ev.player == viewer:
                cur["chancellor_drew"] = tuple(ev.cards)
        elif isinstance(ev, ChancellorReturned):
            if ev.player == viewer:
                cur["keep"], cur["bottom"] = ev.kept, tuple(ev.bottom)
        elif isinstance(ev, HandsTraded):
            if viewer == ev.player:
                cur["got"] = ev.received
            elif viewer == ev.target:
                cur["got"] = ev.gave
    out_turns = []
    for t in turns:
        t = dict(t)
        t.pop("after_prince", None)
        t["out"] = tuple(t["out"])
        out_turns.append(Turn(**t))
    if include_unfinished and viewer is not None and viewer in pending:
        out_turns.append(Turn(player=viewer, drew=pending[viewer]))
    return Record(edition, seats, first, viewer, tuple(face_up), dealt, tuple(out_turns))


