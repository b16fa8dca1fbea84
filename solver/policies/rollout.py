"""Rounds played on with the policies, on the reference engine (`legal_actions`, `apply`): what the
compiled core (`solver.compiled`) does on arrays, written for reading. It is the fallback where
numba is missing and the reference the compiled path is checked against, draw for draw
(`tests/conformance/`): every random choice is drawn from the project's generator
(`solver.rules.rng.SplitMix64`) as the kernels draw it.

* `playout(r, viewer, model, rng, finish=False)` — the advisor's play-out: the viewer with the
  card counter's heuristic (`card_counter_policy`), each opponent by `model.choose` (a random player; or a card
  counter: one `rng.below(10)` per decision for its random share, `CardCounterModel.explores`). It
  returns (winners, Spy-bonus seat, the viewer out before their next turn); in that last case it
  stops there (`((), None, True)`, unless the round had ended), or plays on with `finish=True`.
* `play_on(r, rng, viewer=-1, model=RANDOM)` — the same to the end of the round: the final `Round`.
* `random_rounds(edition, n, count, seed)` — rounds dealt from the edition's sorted deck shuffled by
  the generator (`SplitMix64.shuffle`), then played with uniformly random legal plays, the first
  player rotating: (rounds won by each seat, the generator's state after).
"""

from __future__ import annotations

from typing import Optional

from solver.policies.heuristics import card_counter_policy
from solver.policies.models import RandomModel, UniformModel
from solver.rules.game import apply, deal_from_order
from solver.rules.rng import SplitMix64
from solver.rules.state import OVER, PLAY, Round

RANDOM = RandomModel()


def _run(r: Round, viewer: int, model: UniformModel, rng: SplitMix64, watch: int, viewer_move=None,
         seen=None) -> tuple[Round, bool]:
    """Play on from `r`; with `watch` (a seat), stop as soon as that seat is out before its next turn
    has started. (the state reached, whether it stopped so). The viewer's turns by `viewer_move(r)`
    (default: the card counter's heuristic); `seen(r0, action, r1)` told every step that does not end the round."""
    seen_turn = False
    while r.phase != OVER:
        p = r.current
        if watch >= 0:
            if p == watch and r.phase == PLAY:
                seen_turn = True
            if r.out[watch] and not seen_turn:
                return r, True
        if p != viewer:
            action = model.choose(r, rng)
        else:
            action = card_counter_policy(r, rng) if viewer_move is None else viewer_move(r)
        r1, _ = apply(r, action)
        if seen is not None and r1.phase != OVER:
            seen(r, action, r1)
        r = r1
    return r, watch >= 0 and bool(r.out[watch]) and not seen_turn


def playout(r: Round, viewer: int, model: UniformModel, rng: SplitMix64, finish: bool = False,
            viewer_move=None, seen=None) -> tuple[tuple[int, ...], Optional[int], bool]:
    """The advisor's play-out from `r` (module docstring): (winners, Spy-bonus seat, viewer out
    before their next turn). `viewer_move(r)`: the viewer's turns (default: the card counter's heuristic);
    `seen(r0, action, r1)`: told each step that does not end the round (a belief's update)."""
    r, stopped = _run(r, viewer, model, rng, viewer, viewer_move, seen)
    if stopped and r.phase != OVER:
        if not finish:
            return (), None, True
        r, _ = _run(r, viewer, model, rng, -1, viewer_move, seen)
    return r.winners, r.spy_bonus, stopped


def play_on(r: Round, rng: SplitMix64, viewer: int = -1, model: UniformModel = RANDOM) -> Round:
    """The round played on from `r` to its end (the viewer, if a seat, with the card counter's heuristic;
    the others by `model`): the final `Round`."""
    return _run(r, viewer, model, rng, -1)[0]


def random_rounds(edition, n: int, count: int, seed: int) -> tuple[list, int]:
    """`count` random rounds from fresh deals (module docstring)."""
    edition.check_player_count(n)
    rng = SplitMix64(seed)
    wins = [0] * n
    deck = list(edition.full_deck())
    for k in range(count):
        order = list(deck)
        rng.shuffle(order)
        r, _ = deal_from_order(edition, n, k % n, order)
        r = play_on(r, rng)
        for w in r.winners:
            wins[w] += 1
    return wins, rng.state
