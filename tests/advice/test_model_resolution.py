"""The opponent model is resolved once, at the public entry, and travels as an object (issue 43,
point 4): along one answer of `advise`, exact or estimated, of `infer` and of `decision_graph`,
`get_model` is called once; below the entry no layer resolves it again."""

from __future__ import annotations

import sys

import pytest

from solver.advice.advisor import advise
from solver.advice.decision import decision_graph
from solver.inference.posterior import infer
from solver.policies import models
from solver.records.notation import parse_record

EXACT = ("classic P1,P2 first:P1 viewer:P1 up:1,2,8 dealt:5 | P1 +1 1>P2=7 miss | P2 1>P1=4 miss | "
         "P1 +3 5>P1 disc:3 new:6 | P2 2>P1 | P1 +1 1>P2=3 miss | P2 7 | P1 +4")
ESTIMATE = "2019 Ana,Luis,Marta first:Ana viewer:Ana dealt:8 | Ana +1 1>Luis=5 miss | Luis 4 | Marta 2>Ana | Ana +5"


@pytest.fixture
def calls(monkeypatch):
    """Every call of `get_model`, wherever a module bound it."""
    seen: list = []
    real = models.get_model

    def counted(name, playing=False):
        seen.append(name)
        return real(name, playing)

    for module in list(sys.modules.values()):
        if getattr(module, "__name__", "").startswith("solver") and getattr(module, "get_model", None) is real:
            monkeypatch.setattr(module, "get_model", counted)
    return seen


@pytest.mark.parametrize("text, method", [(EXACT, "exact"), (ESTIMATE, "estimate")])
def test_one_answer_resolves_its_model_once(calls, text, method):
    adv = advise(parse_record(text), "mixture", deals=200)
    assert adv.method == method
    assert calls == ["mixture"]


def test_the_posterior_and_the_decision_view_resolve_their_model_once(calls):
    record = parse_record(EXACT)
    infer(record, "card-counter")
    assert calls == ["card-counter"]
    calls.clear()
    decision_graph(record, advise(record, models.MODELS["random"]).actions[0].action, "random")
    assert calls.count("random") == 1 and len(calls) == 2  # advise's own, then the view's
