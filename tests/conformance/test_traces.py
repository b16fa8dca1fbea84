"""The stored traces (`traces.json`, written by the reference: `python -m tests.conformance.common`), read
by every implementation of the round: the reference must still play them (a change to the rules shows
here first, and the traces are then written again on purpose), and the compiled round must play them
step for step: the same state, the same legal plays in the same order, the same card counter's choices,
the same state after each play."""

from __future__ import annotations

import json

import numpy as np
import pytest

from solver import deal_round, get_edition
from solver.compiled.raw import kernels
from solver.compiled import path_in_use, edition_array, to_array, to_round

from .common import CONFIGS, TRACED, TRACES, all_traces, fingerprint

STORED = json.loads(TRACES.read_text())


def test_the_traces_cover_every_configuration_and_every_card():
    assert len(STORED) == len(CONFIGS) * TRACED
    played = {step[3][0] for trace in STORED.values() for step in trace[:-1] if len(step[3]) == 3}
    chancellor_choices = sum(1 for trace in STORED.values() for step in trace[:-1] if len(step[3]) == 4)
    assert played == set(range(10)) and chancellor_choices >= 5  # every card played, Chancellor choices made
    assert sum(len(trace) - 1 for trace in STORED.values()) >= 500


def test_the_reference_still_plays_the_stored_traces():
    now = all_traces()
    changed = [name for name in STORED if now.get(name) != STORED[name]]
    assert changed == [], f"the reference plays these rounds differently now: {changed[:5]}"


@pytest.mark.skipif(path_in_use() != "compiled", reason="the compiled path is not in use")
def test_the_compiled_round_plays_the_stored_traces():
    k = kernels()
    checked = 0
    for key, n, options in CONFIGS:
        edition = get_edition(key, **options)
        ed = edition_array(edition)
        for seed in range(TRACED):
            trace = STORED[f"{key} {n} {json.dumps(options, sort_keys=True)} {seed}"]
            r, _ = deal_round(edition, n, seed % n, seed)  # the deal (the traces start from it)
            st = to_array(r)
            for i, step in enumerate(trace[:-1]):
                where = (key, n, options, seed, i)
                assert fingerprint(to_round(st, edition)) == step[0], where
                width = 4 if st[k.PHASE] == 1 else 3
                legal = [[int(x) for x in row[:width]] for row in k.actions_of(st, ed, False)]
                assert legal == step[1], where
                counting = [[int(x) for x in row[:width]] for row in k.actions_of(st, ed, True)]
                assert counting == step[2], where
                row = np.array(step[3] + [0] * (4 - len(step[3])), dtype=np.int64)
                k.step(st, ed, row)
                checked += 1
            assert fingerprint(to_round(st, edition)) == trace[-1][0], (key, n, options, seed, "end")
    assert checked == sum(len(t) - 1 for t in STORED.values())
