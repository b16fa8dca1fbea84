"""The benchmarks' positions: seeded rounds played by card counters (one play in ten random) up to
seat 0's turn with a given number of cards in the deck (`benchmarks/verdicts.py`, `coverage.py`,
`estimate_vs_exact.py`)."""

from __future__ import annotations

import random
from typing import Optional

from solver import apply, deal_round, legal_actions
from solver.policies.heuristics import card_counter_policy
from solver.records.record import Record, record_from_events


def position_at(edition: str, n: int, left: int, seed: int) -> Optional[Record]:
    """The record, as seat 0 saw it, of the round dealt from `seed` at seat 0's turn with `left` cards in
    the deck and at least two legal plays; None when that round never reaches one."""
    rng = random.Random(seed)
    r, ev = deal_round(edition, n, seed % n, seed)
    events = list(ev)
    while r.phase != "over":
        if r.current == 0 and r.phase == "play" and len(r.deck) <= left:
            if len(r.deck) == left and len(legal_actions(r)) > 1:
                return record_from_events(r.edition, n, events, 0)
            return None
        a = card_counter_policy(r, rng) if rng.random() < 0.9 else rng.choice(legal_actions(r))
        r, e2 = apply(r, a)
        events += e2
    return None


def positions(edition: str, left: int, count: int, start: int, n: int = 2):
    """(seed, record) of the first `count` seeds from `start` whose rounds reach seat 0's turn with `left`
    cards in the deck (`position_at`)."""
    found = 0
    for seed in range(start, start + 20_000):
        record = position_at(edition, n, left, seed)
        if record is not None:
            yield seed, record
            found += 1
            if found >= count:
                return


def taker(argv: list):
    """A function (flag, default) -> the value after `flag` in `argv` (both taken out of it), or `default`:
    the benchmarks' options."""
    def take(name, default):
        if name in argv:
            i = argv.index(name)
            value = argv[i + 1]
            del argv[i:i + 2]
            return value
        return default

    return take


def grid(opt, lefts: str, start: int) -> tuple:
    """The benchmarks' grid of positions from their options (`taker`): (cards left, opponent models,
    editions, first seed) from --lefts, --models, --editions and --start."""
    return (tuple(int(x) for x in opt("--lefts", lefts).split(",")),
            tuple(opt("--models", "random,card-counter,mixture").split(",")),
            tuple(opt("--editions", "classic,2019").split(",")),
            int(opt("--start", str(start))))
