"""A number past the compiled exact search's 128 bits (issue 48, point 4): the default answer and the
estimate's leaves refuse the position at once (`TooLargeError`: the estimate goes on) instead of running the
whole search again in the reference's Python (2-5 s); the longer answer a person asked for still does."""

import pytest

from solver.advice.exact import answer
from solver.advice.exact.answer import exact_answer, exact_value
from solver.advice.worlds import TooLargeError
from solver.compiled import path_in_use
from solver.policies.models import get_model
from solver.records.notation import parse_record

pytestmark = pytest.mark.skipif(path_in_use() != "compiled", reason="the compiled search's 128 bits")

#: A 5-player 2019 position whose exact search overflows 128 bits (found by a scan of hold-out positions).
OVERFLOWS = ("2019 P1,P2,P3,P4,P5 first:P5 viewer:P1 dealt:5 | P5 1>P2=6 miss | P1 +4 4 | P2 1>P4=6 miss | "
             "P3 1>P4=3 miss | P4 1>P2=3 miss | P5 8 | P1 +3 3>P2 out:P2/2 saw:2 | P3 1>P4=5 miss | P4 0 | "
             "P5 0 | P1 +6")


class Reference(Exception):
    pass


@pytest.fixture
def no_reference(monkeypatch):
    def reference(*args, **kwargs):
        raise Reference

    monkeypatch.setattr(answer, "ExactSolver", reference)


def test_the_default_answer_and_the_leaves_refuse_an_overflow_without_the_reference(no_reference):
    record = parse_record(OVERFLOWS)
    model = get_model("mixture", playing=True)
    with pytest.raises(TooLargeError, match="128 bits"):
        exact_value(record, model, 400_000)
    with pytest.raises(TooLargeError, match="128 bits"):
        exact_answer(record, model, 400_000, reference_on_overflow=False)


def test_the_longer_answer_runs_an_overflow_again_in_the_reference(no_reference):
    with pytest.raises(Reference):
        exact_answer(parse_record(OVERFLOWS), get_model("mixture", playing=True), 400_000)
