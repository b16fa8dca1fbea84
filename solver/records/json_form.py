"""A record as JSON (`to_json` / `from_json`; the schema is in docs/notation.md), checked
against the rules by `solver.records.replay.check_record` when it is read."""

from __future__ import annotations

import json

from solver.rules.errors import LoveLetterError
from solver.rules.editions import get_edition
from solver.rules.names import card_name
from solver.records.notation import card_of
from solver.records.record import (MAX_JSON_CHARS, RESULTS, Record, RecordError, Turn, check_option, check_seats,
                                   excerpt, seat_index)
from solver.records.replay import check_record



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
    """Read the JSON form; errors name the turn and field. Every value is checked for its type
    (a wrong one is a RecordError, never a traceback); a text over `MAX_JSON_CHARS` is refused
    at once (rule `too-long`)."""
    if isinstance(text, str):
        if len(text) > MAX_JSON_CHARS:
            raise RecordError(f"the JSON record has {len(text):,} characters; a round's record has at most "
                              f"{MAX_JSON_CHARS:,}", source=text, rule="too-long")
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise RecordError(f"not valid JSON ({exc.msg} at line {exc.lineno}, column {exc.colno})",
                              rule="json") from None
        except RecursionError:
            raise RecordError("not a record: the JSON is nested too deeply", rule="json") from None
        except ValueError as exc:  # e.g. an integer with more digits than Python converts
            raise RecordError(f"not valid JSON ({excerpt(exc, 60)})", rule="json") from None
    else:
        data = text
    if not isinstance(data, dict):
        raise RecordError("a record is a JSON object", rule="json")
    known = {"edition", "options", "seats", "first", "viewer", "face_up", "dealt", "turns"}
    _no_extra(data, known, "header")
    if "edition" not in data or "seats" not in data:
        raise RecordError("a record needs 'edition' and 'seats'", where="header", rule="missing-field")
    if not isinstance(data["edition"], str):
        raise RecordError("'edition' is one of 2019, classic, classic-2019", where="header.edition", rule="edition")
    raw_options = data.get("options") or {}
    if not isinstance(raw_options, dict):
        raise RecordError("'options' is an object of edition settings", where="header.options", rule="option")
    options = {k: check_option(k, v, "header.options") for k, v in raw_options.items()}
    try:
        edition = get_edition(data["edition"], **options)
    except LoveLetterError as exc:
        raise RecordError(str(exc), where="header.edition", rule="edition") from None
    seats = data["seats"]
    if not isinstance(seats, list):
        raise RecordError("'seats' must be a list of player names", where="header.seats", rule="seats")
    seats_t = check_seats(seats, "header.seats")

    def card(value, where):
        return None if value is None else card_of(value, edition, naming, where)

    def cards(values, where):
        if not isinstance(values, list):
            raise RecordError("expected a list of cards", where=where, rule="card")
        return tuple(card_of(v, edition, naming, f"{where}[{i}]") for i, v in enumerate(values))

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
        _no_extra(raw, turn_fields, where)
        if "player" not in raw:
            raise RecordError("missing 'player'", where=where, rule="missing-field")
        kw: dict = {"player": seat_index(seats_t, raw["player"], f"{where}.player")}
        for key in ("card", "guess", "discarded", "drew", "saw", "got", "new"):
            if key in raw:
                kw[key] = card(raw[key], f"{where}.{key}")
        if raw.get("target") is not None:
            kw["target"] = seat_index(seats_t, raw["target"], f"{where}.target")
        if raw.get("result") is not None:
            if raw["result"] not in RESULTS:
                raise RecordError(f"'result' is one of {', '.join(RESULTS)}; got {excerpt(raw['result'], 20)!r}",
                                  where=f"{where}.result", rule="result")
            kw["result"] = raw["result"]
        if raw.get("out") is not None:
            if not isinstance(raw["out"], list):
                raise RecordError("'out' is a list of {\"player\": …, \"card\": …}", where=f"{where}.out", rule="out")
            outs = []
            for i, o in enumerate(raw["out"]):
                if not isinstance(o, dict) or "player" not in o:
                    raise RecordError("each knock-out is {\"player\": …, \"card\": …}", where=f"{where}.out[{i}]",
                                      rule="out")
                _no_extra(o, {"player", "card"}, f"{where}.out[{i}]")
                outs.append((seat_index(seats_t, o["player"], f"{where}.out[{i}].player"),
                             card(o.get("card"), f"{where}.out[{i}].card")))
            kw["out"] = tuple(outs)
        if raw.get("chancellor") is not None:
            ch = raw["chancellor"]
            if not isinstance(ch, dict):
                raise RecordError('\'chancellor\' is {"drew": [...], "keep": card, "bottom": [...]}',
                                  where=f"{where}.chancellor", rule="chancellor")
            _no_extra(ch, {"drew", "keep", "bottom"}, f"{where}.chancellor")
            kw["chancellor_drew"] = cards(ch.get("drew", []), f"{where}.chancellor.drew")
            kw["keep"] = card(ch.get("keep"), f"{where}.chancellor.keep")
            kw["bottom"] = cards(ch.get("bottom", []), f"{where}.chancellor.bottom")
        turns.append(Turn(**kw))
    record = Record(
        edition=edition, seats=seats_t, first=first, viewer=viewer_i,
        face_up=cards(data.get("face_up", []), "header.face_up"),
        dealt=card(data.get("dealt"), "header.dealt"), turns=tuple(turns),
    )
    check_record(record)
    return record


def _no_extra(obj: dict, known: set, where: str) -> None:
    extra = sorted(excerpt(k, 20) for k in set(obj) - known)
    if extra:
        raise RecordError(f"unknown field(s) {extra[:5]}; fields: {', '.join(sorted(known))}", where=where,
                          rule="unknown-field")
