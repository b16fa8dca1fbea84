"""Bounded cost (issue 13 point 4): `infer` has a work budget; the guided entry works out each
field from one inference (never once per candidate), never dead-ends, and never calls an
expensive position inconsistent."""

import pytest

from solver.inference.factors import InconsistentRecordError, InferenceBudgetError
from solver.inference.posterior import infer
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


# --- the guided entry --------------------------------------------------------------------------

from solver.analysis import entry  # noqa: E402
from solver.analysis.entry import next_field  # noqa: E402
from solver.inference import beliefs, factors  # noqa: E402
from solver.records.record import record_from_events  # noqa: E402

from ..helpers import full_round  # noqa: E402

GUARD, BARON, PRINCE, PRINCESS = Card.GUARD, Card.BARON, Card.PRINCE, Card.PRINCESS


@pytest.fixture(autouse=True)
def _fresh_memo():
    entry._possible_memo.cache_clear()
    yield
    entry._possible_memo.cache_clear()


def _count_inferences(monkeypatch):
    calls = []
    real = beliefs.build_belief

    def counting(*args, **kwargs):
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(beliefs, "build_belief", counting)
    return calls


@pytest.mark.parametrize("chosen, most", [
    ({"card": GUARD, "target": 4, "guess": PRINCESS}, 1),
    ({"card": PRINCE, "target": 4}, 2),
    ({"card": BARON, "target": 4}, 1),
    ({"card": BARON, "target": 4, "baron": 3}, 1),
])
def test_one_field_runs_the_inference_once_not_once_per_candidate(monkeypatch, chosen, most):
    calls = _count_inferences(monkeypatch)
    f = next_field(parse_record(SIX), chosen)
    assert f.options and f.narrowed
    assert len(calls) <= most  # the per-candidate version ran it once for each of up to 10 values


def test_an_expensive_position_is_not_inconsistent_and_never_dead_ends(monkeypatch):
    # The dead end: Guard -> P5 -> Princess offered an Outcome with 0 options when the
    # inference refused the position as too large. Make every inference too large.
    monkeypatch.setattr(factors, "MAX_ROWS", 10)
    f = next_field(parse_record(SIX), {"card": GUARD, "target": 4, "guess": PRINCESS})
    assert f.name == "result" and set(f.options) == {"hit", "miss"} and not f.narrowed
    f = next_field(parse_record(SIX), {"card": PRINCE, "target": 4})
    assert f.name == "discarded" and len(f.options) >= 7 and not f.narrowed


def test_a_field_over_the_work_budget_offers_what_the_rules_allow(monkeypatch):
    monkeypatch.setattr(entry, "FIELD_BUDGET", 1_000)
    f = next_field(parse_record(SIX), {"card": BARON, "target": 4})
    assert f.name == "baron" and set(f.options) == {"tie", 3, 4} and not f.narrowed


def _old_options(record, p, chosen, name, values):
    """The former semantics: each value tried with a full inference."""
    out = []
    for v in values:
        if not entry._valid(record, entry._turn(p, {**chosen, name: v})):
            continue
        try:
            infer(record.with_turns(record.turns + (entry._turn(p, {**chosen, name: v}),)), "uniform")
        except InconsistentRecordError:
            continue
        out.append(v)
    return tuple(out)


def _rounds():
    for key, n, seed in [("2019", 2, 1), ("2019", 3, 2), ("classic", 4, 3), ("2019", 4, 5), ("classic", 2, 7),
                         ("2019", 3, 11)]:
        r, events = full_round(key, n, seed)
        for viewer in (0, None):
            yield record_from_events(r.edition, n, events, viewer)


def test_narrowed_options_are_exactly_the_values_some_deal_explains():
    """Against the former per-candidate check, at every outcome field of real rounds."""
    checked = 0
    for record in _rounds():
        prefix = record.with_turns(())
        for turn in record.turns:
            want = entry.chosen_from_turn(turn)
            p = turn.player
            chosen: dict = {}
            while (f := next_field(prefix, chosen)) is not None:
                if f.name in ("result", "saw", "got", "new", "baron", "revealed", "discarded"):
                    values = tuple(record.edition.cards) if f.name not in ("result", "baron") else (
                        ("hit", "miss") if f.name == "result" else ("tie", p, chosen["target"]))
                    assert f.narrowed
                    assert f.options == _old_options(prefix, p, chosen, f.name, values), (f.name, chosen)
                    checked += 1
                chosen[f.name] = want[f.name]
            prefix = entry.add_turn(prefix, chosen)
    assert checked >= 20, checked
    print("outcome fields checked:", checked)
