"""A round record: everything one player (the viewer) knows about the round in progress.

`Record` holds the header (edition, seats in turn order, first player, viewer, the 2-player
face-up cards, the viewer's dealt card) and one `Turn` per turn played. Every detail except
the player and the card played may be left out (None): a missing detail weakens the
constraints, it never invents one. A public record has no viewer.

Two forms carry the same content: JSON (`solver.records.json_form`, schema in docs/notation.md)
and the text notation (`solver.records.notation`). Both are checked against the rules by
`solver.records.replay.check_record`.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field, replace
from typing import Any, Optional

from solver.rules.cards import Card
from solver.rules.editions import Edition
from solver.rules.errors import LoveLetterError, excerpt  # noqa: F401 (excerpt: also this module's name)
from solver.rules.outcomes import RESULTS as CARD_RESULTS
from solver.rules.rich import rich

#: The longest text record accepted. The longest real round has about 21 turns; a turn with long
#: names and every detail written as a card name is under 200 characters, so 5,000 leaves room
#: and still refuses a hostile link at once.
MAX_RECORD_CHARS = 5_000
#: The longest JSON record accepted (pretty-printed JSON of the longest real round is under 8,000).
MAX_JSON_CHARS = 20_000
#: The longest player name.
MAX_NAME_CHARS = 20
#: The longest card word (a card name or value) looked up.
MAX_CARD_CHARS = 40
#: The punctuation a player name may hold besides letters and digits (plain text everywhere:
#: nothing Markdown, HTML or the notation would read as markup).
NAME_PUNCTUATION = "-.'"


class RecordError(LoveLetterError):
    """A record that cannot be read, or that breaks a rule. `where` says turn and field.
    `source` (the input) is echoed as a short excerpt."""

    rule = "record"

    def __init__(self, message: str, *, where: str = "", source: str | None = None, rule: str | None = None,
                 **params) -> None:
        message = excerpt(message, 400)
        where = excerpt(where, 120)
        full = f"{where}: {message}" if where else message
        if source is not None:
            full += f"\n  in: {excerpt(source, 160)}"
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

    def _repr_html_(self) -> Optional[str]:
        """In a notebook: the table as the viewer sees it, then the turns as sentences (`solver.display`)."""
        return rich(self, "record")

    def _repr_markdown_(self) -> Optional[str]:
        """The turns as a numbered list of sentences (`solver.display`)."""
        return rich(self, "record", "markdown")


#: The outcomes a turn may record (every card's words, `solver.rules.outcomes.RESULTS`).
RESULTS = tuple(word for words in CARD_RESULTS.values() for word in words)
#: The fields of a turn that hold one card, and those that hold a list of cards.
_CARD_FIELDS = ("card", "guess", "discarded", "drew", "saw", "got", "new", "keep")
_CARD_LISTS = ("chancellor_drew", "bottom")


def check_shape(record: Any) -> None:
    """Every field of a record has its type and range: seats are indices of the table, cards
    are `Card`s, a result is hit, miss or tie. The parsers only build such records; this is the
    check for a record built in code (the guided entry's choices, a form's values), so that a
    stale or odd value is a `RecordError` naming its field, never an IndexError deep in the
    replay. Linear in the record."""
    if not isinstance(record, Record) or not isinstance(record.edition, Edition):
        raise RecordError("not a round record", rule="record")
    if not isinstance(record.seats, (tuple, list)) or not all(isinstance(s, str) for s in record.seats):
        raise RecordError("the seats are player names", where="header", rule="seats")
    n = len(record.seats)
    if not n:
        raise RecordError("a record names its players", where="header", rule="seats")

    def seat(value, where: str, optional: bool = False) -> None:
        if value is None and optional:
            return
        if not (isinstance(value, int) and not isinstance(value, (bool, Card)) and 0 <= value < n):
            raise RecordError(f"there is no seat {excerpt(value, 20)} (seats 0–{n - 1})", where=where,
                              rule="unknown-seat")

    def card(value, where: str, optional: bool = True) -> None:
        if not (isinstance(value, Card) or (value is None and optional)):
            raise RecordError(f"{excerpt(value, 20)!r} is not a card", where=where, rule="card")

    def cards(values, where: str) -> None:
        if not isinstance(values, (tuple, list)):
            raise RecordError("expected a list of cards", where=where, rule="card")
        for value in values:
            card(value, where, optional=False)

    seat(record.first, "header first")
    seat(record.viewer, "header viewer", optional=True)
    cards(record.face_up, "header up")
    card(record.dealt, "header dealt")
    if not isinstance(record.turns, (tuple, list)):
        raise RecordError("the turns are a list of turns", where="turns", rule="turns")
    for k, t in enumerate(record.turns, start=1):
        where = f"turn {k}"
        if not isinstance(t, Turn):
            raise RecordError("not a turn", where=where, rule="turns")
        seat(t.player, f"{where} player")
        seat(t.target, f"{where} target", optional=True)
        for name in _CARD_FIELDS:
            card(getattr(t, name), f"{where} {name}")
        for name in _CARD_LISTS:
            cards(getattr(t, name), f"{where} {name}")
        if t.result is not None and t.result not in RESULTS:
            raise RecordError(f"the result is one of {', '.join(RESULTS)}; got {excerpt(t.result, 20)!r}",
                              where=f"{where} result", rule="result")
        pairs = isinstance(t.out, (tuple, list)) and all(isinstance(o, (tuple, list)) and len(o) == 2 for o in t.out)
        if not pairs:
            raise RecordError("knock-outs are (player, card) pairs", where=f"{where} out", rule="out")
        for s, c in t.out:
            seat(s, f"{where} out")
            card(c, f"{where} out")


def seat_index(seats: tuple[str, ...], value: Any, where: str = "") -> int:
    if isinstance(value, int) and not isinstance(value, bool):
        if 0 <= value < len(seats):
            return value
        shown = value if abs(value) < 1000 else "…"
        raise RecordError(f"there is no seat {shown} (seats 0–{len(seats) - 1})", where=where,
                          rule="unknown-seat")
    if not isinstance(value, str):
        raise RecordError("a player is a name or a seat number", where=where, rule="unknown-seat")
    text = value.strip()
    for i, name in enumerate(seats):
        if name.casefold() == text.casefold():
            return i
    named = {"name": text, "players": ", ".join(seats)} if 0 < len(text) <= 30 and all(map(_name_char_ok, text)) else {}
    raise RecordError(f"unknown player {excerpt(text, 30)!r}; players: {', '.join(seats)}", where=where,
                      rule="unknown-seat", **named)  # (the name said back only when it is a name)


def _name_char_ok(ch: str) -> bool:
    return ch in NAME_PUNCTUATION or ch in "0123456789" or unicodedata.category(ch)[0] in "LM"


def check_name(name: Any, where: str = "header", source: str | None = None) -> str:
    """A player name: 1–20 letters (any alphabet) or digits, with - . ' inside; plain text in
    the notation, a URL, Markdown and HTML alike. Anything else is refused (rule `player-name`)."""
    if not isinstance(name, str):
        raise RecordError("a player name is a string", where=where, source=source, rule="player-name")
    ok = (0 < len(name) <= MAX_NAME_CHARS and all(_name_char_ok(ch) for ch in name)
          and unicodedata.category(name[0])[0] in "LN")
    if not ok:
        raise RecordError(f"bad player name {excerpt(name, 30)!r}: 1–{MAX_NAME_CHARS} letters or digits, starting "
                          f"with one, and only {' '.join(NAME_PUNCTUATION)} besides", where=where, source=source,
                          rule="player-name")
    return name


def check_seats(seats, where: str = "header", source: str | None = None) -> tuple[str, ...]:
    """The seat names, checked: valid names, no two the same (ignoring case)."""
    seats = tuple(check_name(s, where, source) for s in seats)
    if len({s.casefold() for s in seats}) != len(seats):
        raise RecordError("two players have the same name", where=where, source=source, rule="seats")
    return seats


#: The edition settings (docs/engine.md) and how a record writes them.
BOOL_OPTIONS = ("spy_eliminated_players_block", "two_player_face_up", "void_target_allowed")


def check_option(key: Any, value: Any, where: str = "header", source: str | None = None, *, text: bool = False):
    """An edition setting from a record: booleans are `true`/`false` (JSON true/false), token
    targets `2:7,3:5` (JSON {"2": 7}), the showdown rule a word. Anything else is refused."""
    def bad(msg: str):
        return RecordError(f"option {excerpt(key, 30)!r}: {msg}", where=where, source=source, rule="option")

    if key not in Edition.OPTION_NAMES:
        raise bad(f"unknown edition option; valid options: {', '.join(Edition.OPTION_NAMES)}")
    if key in BOOL_OPTIONS:
        if text and isinstance(value, str) and value.lower() in ("true", "false"):
            return value.lower() == "true"
        if not text and isinstance(value, bool):
            return value
        raise bad(f"write true or false; got {excerpt(value, 30)!r}")
    if key == "token_targets":
        pairs = None
        if text and isinstance(value, str):
            try:
                pairs = [pair.split(":") for pair in value.split(",")]
            except ValueError:
                pairs = None
        elif not text and isinstance(value, dict):
            pairs = [[k, v] for k, v in value.items()]
        out = {}
        for pair in pairs or [None]:
            if not pair or len(pair) != 2:
                raise bad(f"token targets are written like 2:7,3:5,4:4; got {excerpt(value, 30)!r}")
            n, t = (_small_int(x) for x in pair)
            if n is None or t is None or not 2 <= n <= 8 or not 1 <= t <= 20:
                raise bad(f"token targets are written like 2:7,3:5,4:4 (players 2–8, 1–20 tokens); "
                          f"got {excerpt(value, 30)!r}")
            out[n] = t
        return out
    if not isinstance(value, str):
        raise bad(f"expected a word; got {excerpt(value, 30)!r}")
    return value


def _small_int(x: Any) -> Optional[int]:
    if isinstance(x, int) and not isinstance(x, bool):
        return x
    if isinstance(x, str) and 0 < len(x.strip()) <= 3 and x.strip().isascii() and x.strip().isdecimal():
        return int(x.strip())
    return None


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


