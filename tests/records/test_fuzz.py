"""Bounded fuzzing of the two record readers (issue 13): any text or JSON either parses or raises
the project's `LoveLetterError` with a short message. The cost is bounded by the readers' length
limits, tested in test_hardening.py (no assertion on time: results never depend on load).

A few seconds in the suite; `FUZZ_EXAMPLES=20000` runs more examples per test."""

import json
import os

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solver.records.json_form import from_json, to_dict
from solver.records.notation import parse_record
from solver.rules.errors import LoveLetterError

EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "100"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

SEEDS = [
    "2019 Ana,Luis,Marta first:Ana viewer:Ana dealt:8 | Ana +1 1>Luis=5 hit | Marta 4 | Ana +5 8",
    "classic P1,P2 first:P1 viewer:P1 up:1,2,8 dealt:5 | P1 +1 1>P2=7 miss | P2 1>P1=4 miss | "
    "P1 +3 5>P1 disc:3 new:6 | P2 2>P1 | P1 +1 1>P2=3 miss | P2 7 | P1 +4",
    "2019 A,B first:A viewer:A dealt:6 opt:two_player_face_up=false | A +1 6 cd:2,3 keep:3 bot:1,2",
    "2019 A,B,C first:A viewer:C dealt:2 | A 3>B tie | B 3>A out:B/4",
    "2019 A,B,C,D,E,F first:A opt:token_targets=2:6,3:5,4:4,5:3,6:3 opt:showdown_tie=all_tied_win | A 4 | B 9",
]
PIECES = [" ", "|", ";", "\n", ",", ":", ">", "=", "/", "+", "0", "1", "5", "9", "10", "A", "B", "Ana", "first:",
          "viewer:", "dealt:", "up:", "opt:", "out:", "disc:", "saw:", "got:", "new:", "cd:", "keep:", "bot:",
          "hit", "miss", "tie", "Guard", "Princesa", "\u1369", "\u0663", "é", "\x00", "\ufeff", "  " * 50,
          "9" * 60, "2019", "classic", "classic-2019", "true", "false", "no", "two_player_face_up="]


def _parses_or_refuses(fn, value):
    """The reader accepts the input or refuses it with the project's error and a short message;
    any other exception fails the test."""
    try:
        fn(value)
    except LoveLetterError as exc:
        assert len(str(exc)) < 1200, repr(value)[:200]


@st.composite
def mutated_text(draw):
    text = draw(st.sampled_from(SEEDS))
    for _ in range(draw(st.integers(1, 6))):
        i = draw(st.integers(0, len(text)))
        j = min(len(text), i + draw(st.integers(0, 8)))
        op = draw(st.sampled_from(["insert", "delete", "replace", "repeat"]))
        piece = draw(st.sampled_from(PIECES) | st.text(max_size=4))
        if op == "insert":
            text = text[:i] + piece + text[i:]
        elif op == "delete":
            text = text[:i] + text[j:]
        elif op == "replace":
            text = text[:i] + piece + text[j:]
        else:
            text = text[:i] + piece * draw(st.integers(1, 400)) + text[i:]
    return text


@FUZZ
@given(st.text(max_size=300))
def test_any_text_parses_or_is_a_record_error(text):
    _parses_or_refuses(parse_record, text)


@FUZZ
@given(mutated_text())
def test_mutated_records_parse_or_are_record_errors(text):
    _parses_or_refuses(parse_record, text)


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=12)
    | st.sampled_from(["Guard", "Prince", "Princess", "A", "B", "hit", "tie", "2019", "classic", 5, 0, -1, 10 ** 30]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8) | st.sampled_from(
        ["player", "card", "target", "guess", "result", "out", "chancellor", "drew", "keep", "bottom"]), inner,
        max_size=4),
    max_leaves=12)

SEED_DICTS = [to_dict(parse_record(s)) for s in SEEDS]


@st.composite
def mutated_json(draw):
    data = json.loads(json.dumps(draw(st.sampled_from(SEED_DICTS))))
    for _ in range(draw(st.integers(1, 4))):
        # Walk to a random container and replace, add or drop one of its entries.
        node = data
        for _ in range(draw(st.integers(0, 3))):
            children = list(node.values()) if isinstance(node, dict) else node
            children = [c for c in children if isinstance(c, (dict, list)) and c]
            if not children:
                break
            node = draw(st.sampled_from(children))
        value = draw(JSON_VALUES)
        if isinstance(node, dict):
            keys = list(node) + ["extra"]
            key = draw(st.sampled_from(keys))
            if draw(st.booleans()) and key in node:
                del node[key]
            else:
                node[key] = value
        elif node:
            node[draw(st.integers(0, len(node) - 1))] = value
    return data


@FUZZ
@given(JSON_VALUES)
def test_any_json_value_reads_or_is_a_record_error(value):
    _parses_or_refuses(from_json, value)
    _parses_or_refuses(from_json, json.dumps(value))


@FUZZ
@given(mutated_json())
def test_mutated_json_records_read_or_are_record_errors(data):
    _parses_or_refuses(from_json, data)
    _parses_or_refuses(from_json, json.dumps(data))


@FUZZ
@given(st.text(max_size=200))
def test_any_json_text_reads_or_is_a_record_error(text):
    _parses_or_refuses(from_json, text)
    _parses_or_refuses(from_json, "{" + text)
