"""Hostile and odd input (issue 13): a clear RecordError fast, never a traceback or a wrong meaning."""

import json

import pytest

from solver.records.json_form import from_json, to_json
from solver.records.notation import format_record, parse_record
from solver.records.record import MAX_JSON_CHARS, MAX_RECORD_CHARS, RecordError
from solver.rules.errors import LoveLetterError

EXAMPLE = "2019 Ana,Luis,Marta first:Ana viewer:Ana dealt:8 | Ana +1 1>Luis=5 hit | Marta 4 | Ana +5 8"


def _splits(monkeypatch):
    """Record the length of every text handed to the turn splitter (the work parsing does)."""
    from solver.records import notation

    seen: list = []
    real = notation.TURN_SEPARATOR

    class Spy:
        pattern = real.pattern

        def split(self, text):
            seen.append(len(text))
            return real.split(text)

    monkeypatch.setattr(notation, "TURN_SEPARATOR", Spy())
    return seen


# --- point 1: long input is refused at once, parsing is linear --------------------------------

def test_a_long_run_of_spaces_is_refused_at_once_with_a_short_message(monkeypatch):
    # The old turn-splitting pattern took about 30 s of CPU on this input; now the length is
    # refused before any parsing work (the splitter never sees it).
    seen = _splits(monkeypatch)
    hostile = "2019 A,B" + " " * 64000 + "x"
    with pytest.raises(RecordError) as info:
        parse_record(hostile)
    exc = info.value
    assert exc.rule == "too-long" and seen == []
    assert len(str(exc)) < 400 and "64,009" in str(exc)


def test_whitespace_up_to_the_limit_is_read_in_linear_time(monkeypatch):
    # Under the limit, the old pattern (\s*[|;\n]\s*) backtracked over each run of spaces: its
    # cost grew with the square. The separator is one character now, so a split is one pass.
    from solver.records.notation import TURN_SEPARATOR

    assert TURN_SEPARATOR.fullmatch("|") and not TURN_SEPARATOR.fullmatch(" |")
    assert not TURN_SEPARATOR.fullmatch("| ") and not TURN_SEPARATOR.fullmatch("  ;  ")
    seen = _splits(monkeypatch)
    record = "2019 A,B first:A " + " " * (MAX_RECORD_CHARS - 40) + "| A 4"
    assert format_record(parse_record(record)) == "2019 A,B first:A | A 4"
    assert seen == [len(record.strip())] or seen == [len(record)]  # one pass over the text


def test_the_longest_real_round_fits_under_the_limits():
    longest = ("2019 " + ",".join(n * 10 for n in "ABCDEF") + " first:" + "A" * 10 + " viewer:" + "A" * 10
               + " dealt:Guard" + " | X" * 21)
    assert len(longest) < MAX_RECORD_CHARS // 4
    assert MAX_JSON_CHARS >= 2 * MAX_RECORD_CHARS


def test_error_messages_quote_only_a_short_excerpt():
    long_name = "x" * 3000
    with pytest.raises(RecordError) as info:
        parse_record(f"2019 A,B first:A | A {long_name}")
    assert len(str(info.value)) < 600 and "x" * 200 not in str(info.value)
    with pytest.raises(RecordError) as info:
        from_json(json.dumps({"edition": "2019", "seats": ["A", "B"], "turns": [{"player": "y" * 4000}]}))
    assert len(str(info.value)) < 600


def test_json_over_the_limit_is_refused_at_once():
    text = json.dumps({"edition": "2019", "seats": ["A", "B"], "turns": [], "pad": " " * MAX_JSON_CHARS})
    with pytest.raises(RecordError) as info:
        from_json(text)
    assert info.value.rule == "too-long"


# --- point 2: tracebacks become the project's error --------------------------------------------

BASE = {"edition": "2019", "seats": ["A", "B", "C"], "first": "A", "viewer": "A", "dealt": "Guard"}


@pytest.mark.parametrize("patch", [
    {"turns": [{"player": "A", "drew": "Priest", "card": "Guard", "target": "B", "guess": "Priest",
                "result": "boom"}]},
    {"turns": [{"player": "A", "drew": "Chancellor", "card": "Chancellor", "chancellor": "x"}]},
    {"turns": [{"player": "A", "drew": "Priest", "card": "Guard", "out": 5}]},
    {"turns": [{"player": "A", "drew": "Priest", "card": "Guard", "out": [{"player": "B", "cards": 1}]}]},
    {"options": [1]},
    {"options": {"showdown_tie": 3}},
    {"seats": ["A", "B"], "face_up": ["Prince", None, "Countess"]},
    {"seats": ["A", "B"], "face_up": ["Prince", True, "Countess"]},
    {"dealt": ["Guard"]},
    {"first": True},
    {"first": 10 ** 5000},
    # An int too long to write in decimal, where the message quotes the value (before: ValueError).
    {"turns": [{"player": "A", "card": "Guard", "result": 10 ** 5000}]},
    {"options": {"two_player_face_up": 10 ** 5000}},
    {"options": {"showdown_tie": 10 ** 5000}},
    {"options": {"token_targets": 10 ** 5000}},
    {10 ** 5000: 1},
    {"turns": [{"player": {"x": 1}}]},
    {"edition": 2019},
])
def test_malformed_json_values_are_record_errors(patch):
    with pytest.raises(RecordError):
        from_json({**BASE, **patch})


@pytest.mark.parametrize("text", [
    '{"edition": "2019", "seats": ["A", "B"], "first": ' + "9" * 5000 + "}",
    "[" * 50000 + "]" * 50000,
    "[" * 2000 + "]" * 2000,
    '{"edition": "2019", "seats": ["A", "B"], "dealt": ' + "7" * 4400 + "}",
])
def test_hostile_json_text_is_a_record_error(text):
    with pytest.raises(RecordError) as info:
        from_json(text)
    assert len(str(info.value)) < 600


@pytest.mark.parametrize("text", [
    "2019 A,B first:A dealt:" + "5" * 4400,
    "2019 A,B first:A viewer:A dealt:\u1369",  # an Ethiopic digit: isdigit() but not int()
    "2019 A,B first:A | A 1>B=\u0661\u0662",
])
def test_odd_digits_in_cards_are_record_errors(text):
    with pytest.raises(RecordError) as info:
        parse_record(text)
    assert info.value.rule in ("card", "too-long") and len(str(info.value)) < 600


# --- point 3: wrong meanings are refused --------------------------------------------------------

@pytest.mark.parametrize("value", ["no", "0", "off", "yes", "1", "False2", ""])
def test_boolean_options_accept_only_true_or_false_in_notation(value):
    with pytest.raises(RecordError) as info:
        parse_record(f"2019 A,B first:A opt:two_player_face_up={value}")
    assert info.value.rule in ("option", "syntax")


def test_boolean_options_read_true_and_false():
    r = parse_record("2019 A,B first:A opt:two_player_face_up=false")
    assert r.edition.two_player_face_up is False
    assert parse_record("2019 A,B first:A opt:void_target_allowed=TRUE").edition.void_target_allowed is True


@pytest.mark.parametrize("value", ["false", "no", 0, 1, None, [False]])
def test_boolean_options_in_json_are_json_booleans(value):
    with pytest.raises(RecordError):
        from_json({"edition": "2019", "seats": ["A", "B"], "options": {"two_player_face_up": value}})
    r = from_json({"edition": "2019", "seats": ["A", "B"], "options": {"two_player_face_up": False}})
    assert r.edition.two_player_face_up is False


@pytest.mark.parametrize("value", ["2:x", "2:7,3", "9:7", "2:0", "2:7:1", "", "2:99999999999999"])
def test_bad_token_targets_are_refused(value):
    with pytest.raises(RecordError):
        parse_record(f"2019 A,B first:A opt:token_targets={value}")


@pytest.mark.parametrize("seats", ["A,A,B", "A,a,B", "Ana,ANA"])
def test_duplicate_seat_names_are_refused(seats):
    with pytest.raises(RecordError) as info:
        parse_record(f"2019 {seats}")
    assert info.value.rule == "seats"
    with pytest.raises(RecordError):
        from_json({"edition": "2019", "seats": seats.split(",")})


@pytest.mark.parametrize("name", ["A B", "A|B", "A:B", " A", "", "x" * 21, "A\u0000", "![x](http://e.x/a.png)",
                                  "[a](b)", "<b>A</b>", "*A*", "_A_", "A`B", "$x$", "A\\B", "#A", "-A"])
def test_names_that_would_not_survive_the_notation_or_markup_are_refused_in_json(name):
    with pytest.raises(RecordError) as info:
        from_json({"edition": "2019", "seats": [name, "B"]})
    assert info.value.rule == "player-name"


@pytest.mark.parametrize("name", ["![x](http://e.x/a.png)", "[a](b)", "<b>A</b>", "*A*", "_A_", "A`B", "$x$"])
def test_markup_in_names_is_refused_in_notation(name):
    with pytest.raises(RecordError) as info:
        parse_record(f"2019 {name},B")
    assert info.value.rule == "player-name"


@pytest.mark.parametrize("name", ["Ana", "Tú", "Zoë", "José-María", "O'Neil", "P1", "Jr.", "李明", "Ивана"])
def test_ordinary_names_are_accepted(name):
    r = parse_record(f"2019 {name},B first:{name}")
    assert r.seats[0] == name and format_record(r) == f"2019 {name},B first:{name}"
    assert from_json(to_json(r)) == r


@pytest.mark.parametrize("text", [
    "2019 A,B first:A opt:token_targets=2:3,3:3,4:3,5:3,6:3",
    "classic A,B first:A viewer:A up:1,1,3 opt:showdown_tie=all_tied_win opt:two_player_face_up=true | A +2",
    "2019 A,B first:A opt:two_player_face_up=false opt:spy_eliminated_players_block=true",
])
def test_a_records_own_json_export_loads_back(text):
    r = parse_record(text)
    assert from_json(to_json(r)) == r
    assert from_json(json.loads(to_json(r, naming="fr"))) == r


@pytest.mark.parametrize("tail", ["A +2 out:A out:B/3", "A +2 hit", "A +2 disc:3", "A +2 saw:4", "A +6 cd:1,2",
                                  "A +2 got:3", "A +2 new:3"])
def test_an_unfinished_last_turn_is_checked_like_any_other(tail):
    with pytest.raises(RecordError) as info:
        parse_record(f"2019 A,B,C first:A viewer:A dealt:1 | {tail}")
    assert info.value.rule in ("unfinished-turn", "private-not-viewer", "out")


def test_an_unfinished_last_turn_with_only_the_draw_is_accepted():
    r = parse_record("2019 A,B,C first:A viewer:A dealt:1 | A +2")
    assert r.turns[-1].in_progress and r.turns[-1].drew is not None


@pytest.mark.parametrize("text", [
    "2019 A,B,C first:A viewer:A | A +1",
    "2019 A,B,C first:A viewer:A dealt:1 | A",
    "2019 A,B,C first:B viewer:A dealt:7 | B 5>A | C 4 | A +1",
    "2019 A,B,C first:A",
])
def test_missing_own_cards_are_named_by_check_viewer_hand(text):
    from solver.records.replay import check_viewer_hand

    with pytest.raises(RecordError) as info:
        check_viewer_hand(parse_record(text))
    assert info.value.rule == "viewer-hand-unknown"


def test_check_viewer_hand_returns_the_known_hand():
    from solver.records.replay import check_viewer_hand

    from ..helpers import GUARD, PRIEST

    assert sorted(check_viewer_hand(parse_record("2019 A,B,C first:A viewer:A dealt:1 | A +2"))) == [GUARD, PRIEST]


@pytest.mark.parametrize("args", [("2019", "foo"), ("2019", 3, "x"), ("2019", 2.5), ("2019", None), ("nope", 3)])
def test_deal_round_refuses_odd_arguments_with_the_projects_error(args):
    from solver import deal_round

    with pytest.raises(LoveLetterError):
        deal_round(*args)


# --- a record built in code (a form's values, the guided entry's choices) ---------------------

def _built(**header):
    """A valid record's fields, replaced by `header`; `turn` replaces fields of its one turn."""
    from dataclasses import replace

    from solver.records.record import Turn

    base = parse_record("2019 A,B,C first:A viewer:A dealt:8 | A +1 1>B=5 miss")
    turn = header.pop("turn", {})
    return replace(base, **header, turns=(replace(base.turns[0], **turn),) if turn is not None else ())


from solver.rules.cards import Card  # noqa: E402


@pytest.mark.parametrize("fields, rule", [
    ({"first": 5}, "unknown-seat"), ({"first": -1}, "unknown-seat"), ({"viewer": 3}, "unknown-seat"),
    ({"first": True}, "unknown-seat"), ({"dealt": "Countess"}, "card"), ({"dealt": 8}, "card"),
    ({"face_up": ("x",)}, "card"), ({"seats": ("A", 2, "C")}, "seats"),
    ({"turn": {"player": 7}}, "unknown-seat"), ({"turn": {"target": 9}}, "unknown-seat"),
    ({"turn": {"target": "B"}}, "unknown-seat"), ({"turn": {"card": "Guard"}}, "card"),
    ({"turn": {"guess": 99}}, "card"), ({"turn": {"drew": [1]}}, "card"), ({"turn": {"result": "boom"}}, "result"),
    ({"turn": {"out": ((9, None),)}}, "unknown-seat"), ({"turn": {"out": (1,)}}, "out"),
    ({"turn": {"chancellor_drew": ("x",)}}, "card"),
    ({"seats": ()}, "seats"), ({"turn": {"target": Card.PRIEST}}, "unknown-seat"),
])
def test_a_record_built_in_code_with_a_field_out_of_range_is_a_record_error(fields, rule):
    """Before: an IndexError, TypeError, AttributeError or KeyError from deep in the replay or the
    formatter (e.g. a seat index 9 at a 3-player table)."""
    from solver.records.replay import check_record

    record = _built(**fields)
    for fn in (check_record, format_record):
        with pytest.raises(RecordError) as info:
            fn(record)
        assert info.value.rule == rule, (fn.__name__, str(info.value))


from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from solver.rules.cards import Card  # noqa: E402

ODD_VALUES = st.sampled_from([None, -1, 0, 1, 2, 3, 9, True, 1.5, "A", "Guard", "hit", (), (1,), ((1, None),),
                              ((9, None),), ((0, Card.PRINCESS),), (Card.GUARD,), (Card.GUARD, "x"), *Card])
TURN_FIELDS = ("player", "card", "target", "guess", "result", "out", "discarded", "drew", "saw", "got", "new",
               "chancellor_drew", "keep", "bottom")


@settings(max_examples=300, deadline=None, derandomize=True)
@given(st.dictionaries(st.sampled_from(TURN_FIELDS), ODD_VALUES, max_size=4))
def test_any_turn_built_in_code_replays_or_is_refused_with_the_projects_error(turn):
    from solver.records.replay import check_record

    for fn in (check_record, format_record):
        try:
            fn(_built(turn=turn))
        except LoveLetterError:
            pass


def test_an_unknown_player_is_named_back_with_the_tables_players():
    """"The deal — There is no such player at this table" did not say which name (Bob): the name is said
    back when it is a name, never when it is something else."""
    from solver.words.sentences import error_text

    with pytest.raises(RecordError) as e:
        parse_record("2019 Ana,Luis first:Ana | Ana 1>Bob=2 miss")
    assert error_text(e.value, "en") == "Turn 1 — There is no player named “Bob” at this table (the players: Ana, Luis)."
    assert "«\u00a0Bob\u00a0»" in error_text(e.value, "fr")
    with pytest.raises(RecordError) as e:
        parse_record("2019 Ana,Luis first:Ana | Ana 1>B*ob=2 miss")
    assert "B*ob" not in error_text(e.value, "en") and "no such player" in error_text(e.value, "en")


def test_another_players_draw_written_in_the_record_is_named():
    """"Turn 2 — Only your own hidden cards are known to you." did not point at Luis's "+1"."""
    from solver.words.sentences import error_text

    with pytest.raises(RecordError) as e:
        parse_record("2019 Ana,Luis first:Ana viewer:Ana up:1,1,2 dealt:2 | Ana +8 8 | Luis +1 1>Ana=7 hit")
    assert e.value.rule == "private-draw"
    assert error_text(e.value, "en") == ("Turn 2 — Luis's draw is written (“+card”), but only your own draws are "
                                         "known to you: leave it out.")
    assert "Luis" in error_text(e.value, "es") and "Luis" in error_text(e.value, "fr")
