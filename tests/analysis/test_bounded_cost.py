"""Bounded cost (issue 13 point 4): `infer` has a work budget; the guided entry works out each
field from one inference (never once per candidate), never dead-ends, and never calls an
expensive position inconsistent."""

import pytest

from solver.inference.beliefs import InconsistentRecordError, InferenceBudgetError, infer
from solver.records.notation import parse_record
from solver.rules.cards import Card

SIX = ("2019 P1,P2,P3,P4,P5,P6 first:P1 | P1 6 | P2 4 | P3 1 | P4 1>P6=2 miss | P5 0 | P6 5>P4 | P1 6 | P2 1 "
       "| P3 3")
SMALL = "2019 Ana,Luis,Marta first:Ana viewer:Ana dealt:8 | Ana +1 1>Luis=5 hit | Marta 4 | Ana +5 8"


def test_infer_refuses_work_over_its_budget_and_is_unchanged_within_it():
    record = parse_record(SIX + " | P4 1>P5=9")
    with pytest.raises(InferenceBudgetError) as info:
        infer(record, "uniform", budget=10_000)
    assert info.value.rule == "inference-budget"
    assert not isinstance(info.value, InconsistentRecordError)
    small = parse_record(SMALL)
    assert infer(small, "uniform", budget=100_000).hands == infer(small, "uniform").hands
