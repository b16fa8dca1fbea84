"""The round record's two forms: strict parsing with precise errors, canonical round trips."""

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver import apply, deal_round, legal_actions
from solver.records.notation import format_record, parse_record
from solver.records.json_form import from_json, to_json
from solver.records.record import RecordError, record_from_events

from ..helpers import COUNTESS, GUARD, HANDMAID, PRINCE

EXAMPLE = "2019 Ana,Luis,Marta first:Ana viewer:Ana dealt:8 | Ana +1 1>Luis=5 hit | Marta 4 | Ana +5 8"


def test_worked_example_parses_and_is_canonical():
    r = parse_record(EXAMPLE)
    assert r.seats == ("Ana", "Luis", "Marta") and r.viewer == 0 and r.dealt == COUNTESS
    assert r.turns[0].card == GUARD and r.turns[0].target == 1 and r.turns[0].guess == PRINCE
    assert r.turns[0].result == "hit" and r.turns[0].drew == GUARD
    assert r.turns[1].card == HANDMAID
    assert format_record(r) == EXAMPLE


def test_names_in_any_language_are_accepted_and_formatted_as_values():
    spanish = ("2019 Ana,Luis,Marta first:Ana viewer:Ana dealt:Condesa | Ana +Guardia Guardia>Luis=Príncipe hit"
               " | Marta Doncella | Ana +Príncipe Condesa")
    assert format_record(parse_record(spanish)) == EXAMPLE


def test_json_round_trip_is_the_same_record():
    r = parse_record(EXAMPLE)
    text = to_json(r)
    data = json.loads(text)
    assert data["turns"][0] == {"player": "Ana", "drew": "Guard", "card": "Guard", "target": "Luis",
                                "guess": "Prince", "result": "hit"}
    assert from_json(text) == r
    assert from_json(to_json(r, naming="es"), naming="es") == r


@pytest.mark.parametrize("text, where, words", [
    ("2019 Ana,Luis first:Ana | Ana 1>Bob=5", "turn 1", "unknown player 'Bob'"),
    ("2019 Ana,Luis first:Ana | Ana 1>Luis=1 miss", "turn 1", "cannot name the Guard"),
    ("2019 Ana,Luis first:Ana | Luis 4", "turn 1", "it is Ana's turn"),
    ("2019 Ana,Luis,Marta first:Ana | Ana 1>Luis=5 hit | Luis 4", "turn 2", "out of the round"),
    ("2019 Ana,Luis,Marta first:Ana | Ana 4 | Luis 3>Ana", "turn 2", "protected by a Handmaid"),
    ("2019 Ana,Luis first:Ana viewer:Ana dealt:8 | Ana +7 7>Luis", "turn 1",
     "you must play the Countess: you also hold the King"),
    ("2019 Ana,Luis first:Ana viewer:Ana dealt:2 | Ana +3 4", "turn 1", "you cannot play the Handmaid"),
    ("classic Ana,Luis first:Ana | Ana 0", "turn 1", "no card has value 0 in the classic"),
    ("classic Ana,Luis first:Ana | Ana Chancellor", "turn 1", "is not in the classic"),
    ("2019 Ana,Luis first:Ana viewer:Luis | Ana +3 3>Luis", "turn 1", "only the viewer's own draws"),
    ("2019 Ana,Luis,Marta first:Ana | Ana 9 | Luis 9", "turn 2", "2 Princess cards seen"),
    ("2019 Ana,Luis first:Ana | Ana 1>Luis=5 hit | Luis 4", "turn 2", "round ended after turn 1"),
    ("2019 Ana,Luis first:Ana | Ana 1>Luis=5 win", "turn 1 'win'", "unexpected token"),
    ("2019 Ana,Luis first:Ana | Ana >Luis", "turn 1", "expected a card"),
    ("2019 Ana,Luis first:Ana | Ana 3>Luis hit", "turn 1", "outcome of the Guard"),
    ("2019 Ana,Luis first:Ana | Ana 4>Luis", "turn 1", "does not choose a player"),
    ("2019 Ana Luis", "header", "unexpected 'Luis'"),
    ("premium Ana,Luis", "header", "unknown edition"),
    ("2019 Ana,Ana", "header", "same name"),
])
def test_errors_name_where_and_what_and_echo_the_input(text, where, words):
    with pytest.raises(RecordError) as err:
        parse_record(text)
    message = str(err.value)
    assert message.startswith(where), message
    assert words in message
    assert text in message  # the input is echoed


def test_json_errors_name_the_field():
    with pytest.raises(RecordError, match=r"turn 1\.target: unknown player 'Bob'"):
        from_json({"edition": "2019", "seats": ["Ana", "Luis"], "turns": [{"player": "Ana", "card": "Guard",
                                                                          "target": "Bob"}]})
    with pytest.raises(RecordError, match="unknown field"):
        from_json({"edition": "2019", "seats": ["Ana", "Luis"], "colour": "red"})
    with pytest.raises(RecordError, match="not valid JSON"):
        from_json("{")


def test_missing_details_are_allowed():
    r = parse_record("2019 Ana,Luis,Marta first:Ana | Ana 1 | Luis 1>Marta | Marta 3")
    assert r.turns[0].target is None and r.turns[1].guess is None


def _random_record(seed, key, n, viewer_choice):
    rng = random.Random(seed)
    r, ev = deal_round(key, n, seed % n, seed)
    events = list(ev)
    for _ in range(rng.randrange(0, 25)):
        if r.phase == "over":
            break
        r, ev = apply(r, rng.choice(legal_actions(r)))
        events.extend(ev)
    viewer = None if viewer_choice >= n else viewer_choice
    return record_from_events(r.edition, n, events, viewer)


EDITION_PLAYERS = [("2019", n) for n in range(2, 7)] + [("classic", n) for n in range(2, 5)] + [
    ("classic-2019", n) for n in range(2, 5)]


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from(EDITION_PLAYERS), st.integers(0, 6))
def test_round_trip_text_and_json_from_random_engine_games(seed, edition_players, viewer):
    record = _random_record(seed, *edition_players, viewer)
    text = format_record(record)
    assert parse_record(text) == record
    assert format_record(parse_record(text)) == text
    assert from_json(to_json(record)) == record
