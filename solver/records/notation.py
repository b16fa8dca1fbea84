"""The text notation of a round record: short enough to type at the table, safe in a URL.

    2019 Ana,Luis,Marta first:Ana viewer:Ana dealt:8 | Ana +1 1>Luis=5 hit | Marta 4 | Ana +5 8

Grammar and examples: docs/notation.md. Parsing is strict (every error names the turn and the
token, and echoes the input) and formatting is canonical: `format_record(parse_record(s)) == s`
for any canonical `s`. Cards are written as their printed value in the record's edition;
names in English, Spanish or French (or the Carta de Amor deck) are accepted too.
"""

from __future__ import annotations

import re

from solver.rules.cards import Card
from solver.rules.editions import Edition, get_edition
from solver.rules.errors import LoveLetterError
from solver.rules.names import parse_card
from solver.records.record import (MAX_CARD_CHARS, MAX_RECORD_CHARS, Record, RecordError, Turn, check_option,
                                   RESULTS, check_seats, check_shape, excerpt, seat_index)

#: Turn separators. Splitting on one character class and stripping each piece is linear in the
#: input (the former pattern `\s*(?:\||;|\n)\s*` was quadratic on long runs of spaces).
TURN_SEPARATOR = re.compile(r"[|;\n]")
_PLAY = re.compile(r"^(?P<card>[^>=]+)(?:>(?P<target>[^=]+))?(?:=(?P<guess>.+))?$")


def _card_text(edition: Edition, card: Card) -> str:
    return str(edition.value(card))


def _cards_text(edition: Edition, cards) -> str:
    return ",".join(_card_text(edition, c) for c in cards)


def format_record(record: Record) -> str:
    """The canonical text form (RecordError for a record built in code with a field out of range)."""
    check_shape(record)
    e = record.edition
    seat = record.seats
    head = [e.key, ",".join(seat), f"first:{seat[record.first]}"]
    if record.viewer is not None:
        head.append(f"viewer:{seat[record.viewer]}")
    if record.face_up:
        head.append(f"up:{_cards_text(e, record.face_up)}")
    if record.dealt is not None:
        head.append(f"dealt:{_card_text(e, record.dealt)}")
    for key, value in sorted(e.options_changed().items()):
        if key == "token_targets":
            value = ",".join(f"{n}:{t}" for n, t in sorted(value.items()))
        elif isinstance(value, bool):
            value = "true" if value else "false"
        head.append(f"opt:{key}={value}")
    parts = [" ".join(head)]
    for t in record.turns:
        tokens = [seat[t.player]]
        if t.drew is not None:
            tokens.append("+" + _card_text(e, t.drew))
        if t.card is not None:
            play = _card_text(e, t.card)
            if t.target is not None:
                play += ">" + seat[t.target]
            if t.guess is not None:
                play += "=" + _card_text(e, t.guess)
            tokens.append(play)
        if t.result is not None:
            tokens.append(t.result)
        for s, c in t.out:
            tokens.append(f"out:{seat[s]}" + ("" if c is None else "/" + _card_text(e, c)))
        for key, label in (("discarded", "disc"), ("saw", "saw"), ("got", "got"), ("new", "new")):
            value = getattr(t, key)
            if value is not None:
                tokens.append(f"{label}:{_card_text(e, value)}")
        if t.chancellor_drew:
            tokens.append(f"cd:{_cards_text(e, t.chancellor_drew)}")
        if t.keep is not None:
            tokens.append(f"keep:{_card_text(e, t.keep)}")
        if t.bottom:
            tokens.append(f"bot:{_cards_text(e, t.bottom)}")
        parts.append(" ".join(tokens))
    return " | ".join(parts)


def parse_record(text: str, naming: str | None = None, *, check: bool = True) -> Record:
    """Parse the text notation; `check` also replays it against the rules. Linear in the
    input; a text longer than `MAX_RECORD_CHARS` is refused at once (rule `too-long`)."""
    if not isinstance(text, str):
        raise RecordError("a record in notation is text", rule="syntax")
    if len(text) > MAX_RECORD_CHARS:
        raise RecordError(f"the record has {len(text):,} characters; a round's record has at most "
                          f"{MAX_RECORD_CHARS:,}", source=text, rule="too-long")
    source = text.strip()
    if not source:
        raise RecordError("empty record", source=text, rule="syntax")
    chunks = [chunk.strip() for chunk in TURN_SEPARATOR.split(source)]
    header = chunks[0].split()
    if len(header) < 2:
        raise RecordError("the header is: EDITION PLAYER,PLAYER,... [first:P] [viewer:P] [up:C,C,C] [dealt:C]",
                          where="header", source=source, rule="syntax")
    options = {}
    hopts = {}
    for token in header[2:]:
        key, sep, value = token.partition(":")
        if not sep or not value:
            raise RecordError(f"unexpected {excerpt(token, 30)!r} (expected first:, viewer:, up:, dealt: or opt:)",
                              where="header", source=source, rule="syntax")
        if key == "opt":
            name, eq, raw = value.partition("=")
            if not eq:
                raise RecordError(f"an option is written opt:name=value; got {excerpt(token, 30)!r}",
                                  where="header", source=source, rule="syntax")
            if name in options:
                raise RecordError(f"opt:{excerpt(name, 30)} given twice", where="header", source=source,
                                  rule="syntax")
            options[name] = check_option(name, raw, "header", source, text=True)
        elif key in ("first", "viewer", "up", "dealt"):
            if key in hopts:
                raise RecordError(f"{key}: given twice", where="header", source=source, rule="syntax")
            hopts[key] = value
        else:
            raise RecordError(f"unknown header field {excerpt(key, 30)!r} (expected first:, viewer:, up:, dealt: or opt:)",
                              where="header", source=source, rule="syntax")
    try:
        edition = get_edition(header[0], **options)
    except LoveLetterError as exc:
        raise RecordError(str(exc), where="header", source=source, rule="edition") from None
    seats = check_seats(header[1].split(","), "header", source)

    def card(value: str, where: str) -> Card:
        return card_of(value, edition, naming, where, source)

    def cards(value: str, where: str) -> tuple[Card, ...]:
        return tuple(card(v, where) for v in value.split(",") if v != "" or _raise_empty(where, source))

    def seat(value: str, where: str) -> int:
        try:
            return seat_index(seats, value, where)
        except RecordError as exc:
            raise RecordError(exc.reason, where=where, source=source, rule=exc.rule, **exc.params) from None

    first = seat(hopts["first"], "header first:") if "first" in hopts else None
    viewer = seat(hopts["viewer"], "header viewer:") if "viewer" in hopts else None
    face_up = cards(hopts["up"], "header up:") if "up" in hopts else ()
    dealt = card(hopts["dealt"], "header dealt:") if "dealt" in hopts else None

    turns = []
    for k, chunk in enumerate(chunks[1:], start=1):
        tokens = chunk.split()
        where = f"turn {k}"
        if not tokens:
            raise RecordError("empty turn", where=where, source=source, rule="syntax")
        kw: dict = {"player": seat(tokens[0], f"{where} player")}
        outs = []
        for token in tokens[1:]:
            here = f"{where} {excerpt(token, 30)!r}"
            key, sep, value = token.partition(":")
            if token.startswith("+"):
                _once(kw, "drew", here, source)
                kw["drew"] = card(token[1:], here)
            elif token in RESULTS:
                _once(kw, "result", here, source)
                kw["result"] = token
            elif sep and key == "out":
                who, slash, what = value.partition("/")
                outs.append((seat(who, here), card(what, here) if slash else None))
            elif sep and key in ("disc", "saw", "got", "new", "keep"):
                field = {"disc": "discarded"}.get(key, key)
                _once(kw, field, here, source)
                kw[field] = card(value, here)
            elif sep and key in ("cd", "bot"):
                field = {"cd": "chancellor_drew", "bot": "bottom"}[key]
                _once(kw, field, here, source)
                kw[field] = cards(value, here)
            elif sep:
                raise RecordError(f"unknown field {excerpt(key, 20)!r}", where=here, source=source, rule="syntax")
            elif "card" in kw:
                raise RecordError("unexpected token: a turn plays one card; outcomes are hit, miss, tie, "
                                  "out:P/C, disc:C, saw:C, got:C, new:C, cd:C,C, keep:C, bot:C,C",
                                  where=here, source=source, rule="syntax")
            else:
                match = _PLAY.match(token)
                if not match:
                    raise RecordError("expected a card (like 1, 1>Luis or 1>Luis=5)", where=here, source=source,
                                      rule="syntax")
                _once(kw, "card", here, source)
                kw["card"] = card(match["card"], here)
                if match["target"]:
                    kw["target"] = seat(match["target"], here)
                if match["guess"]:
                    kw["guess"] = card(match["guess"], here)
        if outs:
            kw["out"] = tuple(outs)
        turns.append(Turn(**kw))
    if first is None:
        first = turns[0].player if turns else 0
    record = Record(edition, seats, first, viewer, face_up, dealt, tuple(turns))
    if check:
        from solver.records.replay import check_record

        try:
            check_record(record)
        except RecordError as exc:  # the same refusal, echoing the notation as typed
            raise RecordError(exc.reason, where=exc.where, source=source, rule=exc.rule, **exc.params) from None
    return record


#: A word that can be shown back as typed (letters only: nothing Markdown or HTML would read).
_LETTERS = re.compile(r"[^\W\d_]{1,20}")


def card_of(value, edition: Edition, naming: str | None, where: str, source: str | None = None) -> Card:
    """A card word of a record (a name in any language, or a printed value), as RecordError."""
    if not isinstance(value, (str, int)) or isinstance(value, bool):
        raise RecordError("a card is a name or a printed value", where=where, source=source, rule="card")
    if isinstance(value, int) and abs(value) > 99:  # a huge JSON number: never converted to text
        raise RecordError("no card has that value", where=where, source=source, rule="card")
    text = str(value)
    if len(text) > MAX_CARD_CHARS:
        raise RecordError(f"{excerpt(text, 20)!r} is not a card ({MAX_CARD_CHARS} characters at most)",
                          where=where, source=source, rule="card")
    try:
        return parse_card(text, edition, naming)
    except ValueError as exc:  # LoveLetterError, or int() refusing a digit it cannot convert
        reason = str(exc) if isinstance(exc, LoveLetterError) else f"{excerpt(text, 20)!r} is not a card"
        extra = {}
        guess = (getattr(exc, "params", None) or {}).get("suggestion")
        if guess is not None:  # a misspelt name: the card meant, and the word when it is only letters
            extra["card"] = guess
            if _LETTERS.fullmatch(text):
                extra["word"] = text
        raise RecordError(reason, where=where, source=source, rule="card", **extra) from None


def _once(kw: dict, field: str, where: str, source: str) -> None:
    if field in kw:
        raise RecordError(f"{field} given twice in one turn", where=where, source=source, rule="syntax")


def _raise_empty(where: str, source: str) -> bool:
    raise RecordError("empty card in a list", where=where, source=source, rule="syntax")
