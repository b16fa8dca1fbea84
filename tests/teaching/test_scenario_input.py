"""A malformed scenario (a value of the wrong type or shape in lessons/scenarios.toml) is a
ScenarioError naming the scenario, never a TypeError or AttributeError from deep in the loader."""

import copy
import tomllib
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solver.rules.errors import LoveLetterError
from solver.teaching.scenario import ScenarioError, load_scenario, play_out

ROOT = Path(__file__).resolve().parents[2]
DATA = tomllib.loads((ROOT / "lessons" / "scenarios.toml").read_text(encoding="utf-8"))["scenario"]
ODD = st.sampled_from([None, 5, -1, "x", "Ana", "Guard", [], {}, ["Guard"], [[]], {"card": "Guard"}, True, 1.5,
                       [None], ["x"], {"x": 1}, 99, 10 ** 5000])
KEYS = ["players", "hands", "play", "expect", "options", "current", "deck", "face_up", "set_aside", "dump",
        "exact_deck", "discards", "protected", "out_at_start", "text"]


@pytest.mark.parametrize("patch", [
    {"players": 5}, {"options": ["x"]}, {"hands": None}, {"play": [5]}, {"play": [{"card": "Guard", "target": "Zed"}]},
    {"expect": "x"}, {"expect": {"illegal": [{}]}}, {"expect": {"targets": {"Prince": 5}}}, {"face_up": 3},
])
def test_a_malformed_scenario_is_a_scenario_error(patch):
    """Before: TypeError, AttributeError or KeyError."""
    data = {**copy.deepcopy(DATA[0]), **patch}
    with pytest.raises(ScenarioError) as info:
        play_out(load_scenario(data))
    assert info.value.rule == "scenario" and str(DATA[0]["id"]) in str(info.value)


@st.composite
def mutated(draw):
    data = copy.deepcopy(draw(st.sampled_from(DATA)))
    for _ in range(draw(st.integers(1, 3))):
        node = data
        for _ in range(draw(st.integers(0, 2))):
            kids = [v for v in (node.values() if isinstance(node, dict) else node) if isinstance(v, (dict, list)) and v]
            if not kids:
                break
            node = draw(st.sampled_from(kids))
        value = copy.deepcopy(draw(ODD))  # (never the shared object: a later mutation would change it)
        if isinstance(node, dict):
            node[draw(st.sampled_from(list(node) + KEYS))] = value
        elif node:
            node[draw(st.integers(0, len(node) - 1))] = value
    return data


@settings(max_examples=300, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(mutated())
def test_any_mutated_scenario_plays_out_or_is_the_projects_error(data):
    try:
        play_out(load_scenario(data))
    except LoveLetterError as exc:
        assert len(str(exc)) < 400
