"""The conformance suite's one set of configurations, one action encoding and the reference's loops:
every implementation of the round (the reference engine, `solver.rules`; the compiled one,
`solver.compiled`) is checked through these (OpenSpiel's shared conformance test, pgx's stored traces).

* `CONFIGS`: every edition and player count, and each rules setting where the texts disagree;
* `as_row`: a play or a Chancellor's choice as the compiled kernels' row (card, target, guess) or
  (keep, bottom..., count), the encoding the traces store;
* the reference loops, written out on the public engine: `public_playout` (uniformly random plays),
  `advisor_playout` (the advisor's play-out: the viewer and the card counter by `card_counter_policy`),
  `reference_trace` (a round step by step: each state's fingerprint, legal plays, the card counter's
  choices and the play made), the source of the stored traces (`traces.json`, `python -m
  tests.conformance.common` writes it)."""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

from solver import Play, apply, deal_round, get_edition, legal_actions
from solver.policies.heuristics import card_counter_choices, card_counter_policy, random_policy
from solver.policies.models import CardCounterModel
from solver.rules.rng import SplitMix64
from solver.records.record import record_from_events
from solver.rules.state import OVER, PLAY

FULL = os.environ.get("LOVELETTER_FULL") == "1"
CONFIGS = [(key, n, {}) for key in ("2019", "classic", "classic-2019")
           for n in range(2, get_edition(key).max_players + 1)] + [
    ("2019", 2, {"two_player_face_up": False}),
    ("classic", 2, {"two_player_face_up": False}),
    ("2019", 4, {"void_target_allowed": True}),
    ("classic", 3, {"void_target_allowed": True}),
    ("classic", 4, {"showdown_tie": "discard_total_then_none"}),
    ("classic-2019", 3, {"showdown_tie": "discard_total_then_all"}),
    ("2019", 5, {"spy_eliminated_players_block": True}),
]
#: Rounds per configuration by player count: 100,100 in all with LOVELETTER_FULL=1, a fifth otherwise.
ROUNDS = {2: 15_000, 3: 3_000, 4: 1_600, 5: 700, 6: 700}


def as_row(action) -> tuple:
    if isinstance(action, Play):
        return (int(action.card), -1 if action.target is None else action.target,
                -1 if action.guess is None else int(action.guess))
    bottom = tuple(int(c) for c in action.bottom)
    return (int(action.keep), bottom[0], bottom[1] if len(bottom) > 1 else -1, len(bottom))


def public_playout(r, rng):
    while r.phase != OVER:
        r, _ = apply(r, rng.choice(legal_actions(r)))
    return r


def advisor_playout(r, viewer, model, rng):
    """The advisor's play-out loop on the public engine (the reference of `fast_playout`)."""
    seen_turn = False
    while r.phase != OVER:
        if r.current == viewer and r.phase == PLAY:
            seen_turn = True
        if r.out[viewer] and not seen_turn:
            break
        if r.current == viewer or (model == "card-counter" and not CardCounterModel.explores(rng)):
            policy = card_counter_policy
        else:
            policy = random_policy
        r, _ = apply(r, policy(r, rng))
    out_before = r.out[viewer] and not seen_turn
    if out_before and r.phase != OVER:
        return (), None, True
    return r.winners, r.spy_bonus, out_before


def position_where(key: str, n: int, seed: int, stop):
    """The record, as seat 0 saw it, of the round dealt from `seed` and played at random (the project's
    generator) up to seat 0's first play with a choice where `stop(round, generator)` holds; None when the
    round ends first."""
    rng = SplitMix64(seed)
    r, ev = deal_round(key, n, seed % n, seed)
    events = list(ev)
    while r.phase != OVER:
        if r.current == 0 and r.phase == PLAY and len(legal_actions(r)) > 1 and stop(r, rng):
            return record_from_events(r.edition, n, events, 0)
        r, more = apply(r, rng.choice(legal_actions(r)))
        events += more
    return None


TRACES = Path(__file__).with_name("traces.json")
#: Rounds per configuration in the stored traces.
TRACED = 3


def fingerprint(r) -> str:
    """A state's every field but the edition (hands, discards in order, who is out or protected, the deck,
    the set-aside and face-up cards, whose turn, the phase, the turn, winners, Spy bonus, how it ended,
    the memory), as 12 hex digits of its canonical JSON."""
    def plain(x):
        if isinstance(x, (tuple, list)):
            return [plain(y) for y in x]
        if x is None or isinstance(x, (bool, str)):
            return x
        return int(x)
    text = json.dumps([plain(getattr(r, f)) for f in r._fields[1:]], separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:12]


def reference_trace(key: str, n: int, options: dict, seed: int) -> list:
    """A round dealt from `seed` and played on the reference engine, the card counter and a random player
    taking turns by the generator's draw: [[state, legal plays, counting choices, the play made], ...,
    [final state]] (states as `fingerprint`s, plays as `as_row`)."""
    edition = get_edition(key, **options)
    r, _ = deal_round(edition, n, seed % n, seed)
    rng = SplitMix64(seed)
    steps = []
    while r.phase != OVER:
        a = card_counter_policy(r, rng) if rng.below(2) else rng.choice(legal_actions(r))
        steps.append([fingerprint(r), [list(as_row(x)) for x in legal_actions(r)],
                      [list(as_row(x)) for x in card_counter_choices(r)], list(as_row(a))])
        r, _ = apply(r, a)
    steps.append([fingerprint(r)])
    return steps


def all_traces() -> dict:
    return {f"{key} {n} {json.dumps(options, sort_keys=True)} {seed}": reference_trace(key, n, options, seed)
            for key, n, options in CONFIGS for seed in range(TRACED)}


if __name__ == "__main__":  # python -m tests.conformance.common: write the stored traces from the reference
    TRACES.write_text(json.dumps(all_traces(), separators=(",", ":")) + "\n")
    print(f"wrote {TRACES}")
