"""The exact answer: the root's worlds searched (`advise_exact`, `exact_answer`, `exact_value`) on the
path in use (the compiled search or `ExactSolver`), ranked, with what each play teaches the viewer
(`learn_from`) and each opponent type's values (`RankedAction.by_type`)."""

from __future__ import annotations

from collections import defaultdict
from contextlib import contextmanager
from dataclasses import replace
from fractions import Fraction
from math import lcm
from typing import Optional
import gc
import threading
from solver.rules.game import apply, legal_actions
from solver.records.record import Record
from solver.rules.state import Round
from solver.rules.outcomes import baron_outcome
from solver.advice.result import Advice, RankedAction, mark_sure_misses, sort_key, with_standings
from solver.policies.models import get_model
from solver.advice.worlds import OutOfTimeError, TooLargeError, root_worlds
from solver.compiled import (CompiledNeedMore, CompiledOutOfTime, CompiledOverflow, CompiledTooLarge,
                             ExactSearch)
from solver.advice.exact.packing import ONES
from solver.advice.exact.search import ExactSolver


def advise_exact(record: Record, model, budget: int, deadline: float | None = None,
                  lazy: bool = True, stats: dict | None = None) -> Advice:
    """The exact ranking; `TooLargeError` beyond `budget` transitions (or the deadline).
    `stats`, if given, receives the transitions counted (`work`), the information states
    solved (`nodes`), the opponents' Chancellor choices merged in pairs (`pairs`) and the root
    states merged in pairs (`root_pairs`), also when the budget is exceeded.

    For a mixture of opponent types, the worlds of every type are searched together (the
    viewer cannot see the type), and then, within the same work budget again, each type's
    worlds alone: the exact values had the viewer known the type (`RankedAction.by_type`;
    left out when that second search does not fit). An entry: `model` a name or the object
    (`exact_answer` takes the object)."""
    return exact_answer(record, get_model(model, playing=True), budget, deadline, lazy, stats)


def exact_answer(record: Record, model, budget: int, deadline: float | None = None,
                 lazy: bool = True, stats: dict | None = None, reference_on_overflow: bool = True) -> Advice:
    """`advise_exact` for the model object (resolved by the caller, a public entry).
    `reference_on_overflow`: a number past the compiled search's 128 bits makes the reference search run
    the position again (seconds: the longer answer a person asked for); False, the attempt is refused
    (`TooLargeError`), so the default answer's estimate starts at once (issue 48, point 4)."""
    worlds, deals, sa_free = root_worlds(record, model, limit=5_000, lazy=lazy, deadline=deadline)
    n_worlds = len(worlds)
    if lazy:  # (otherwise every deal is its own world: the reference the lazy search is tested against)
        worlds = merge_returned_pairs(worlds)
    def run(solver):
        with _no_cyclic_gc():
            try:
                return _advise(record, model, solver, worlds, deals)
            finally:
                if stats is not None:
                    stats.update(work=solver.work, nodes=solver.nodes, pairs=solver.pairs,
                                 root_pairs=n_worlds - len(worlds), cut=solver.cut, type_work=solver.type_work)
                solver.release()  # freed while the collector is paused: it has nothing to walk after

    return _searched(record, model, budget, deadline, sa_free, lazy, run, reference_on_overflow)


def _searched(record: Record, model, budget: int, deadline, sa_free: bool, lazy: bool, run,
              reference_on_overflow: bool = True):
    """`run(solver)` with the search of the path in use (`solver.compiled.exact_solver`: the compiled
    one, or this module's `ExactSolver`, the reference, which also takes what the compiled one cannot:
    the non-lazy mode and, with `reference_on_overflow`, a number past 128 bits; without it such a
    position is refused, `TooLargeError`). The compiled search's refusal at its work budget is this
    module's `TooLargeError` (the same work is counted)."""
    from solver.compiled import exact_solver

    size = None
    while True:
        solver = exact_solver(ExactSolver, record, record.viewer, budget, deadline, model, sa_free, lazy, size)
        try:
            return run(solver)
        except CompiledNeedMore as exc:  # its tables were full: the same search again, with larger ones
            size = exc.size + 2
        except CompiledOverflow as exc:
            if not reference_on_overflow:
                raise TooLargeError(f"{exc}: not tried again by the reference search") from None
            return run(ExactSolver(record.viewer, budget, deadline, model, sa_free=sa_free))
        except CompiledTooLarge as exc:
            raise TooLargeError(str(exc)) from None
        except CompiledOutOfTime as exc:
            raise OutOfTimeError(str(exc)) from None


def exact_value(record: Record, model, budget: int, stats: dict | None = None,
                reference_on_overflow: bool = False) -> tuple[Fraction, Fraction]:
    """The exact value (P(win), expected tokens) of the viewer's decision in `record`: its best
    play's, without the ranking's other figures (the estimate's leaves, `solver.advice.estimate`).
    `TooLargeError` beyond `budget` transitions; `stats` as for `advise_exact`. `model`: the object."""
    worlds, _, sa_free = root_worlds(record, model, limit=5_000, lazy=True)
    worlds = merge_returned_pairs(worlds)

    def run(solver):
        with _no_cyclic_gc():
            try:
                return solver.value(worlds)  # the mass of worlds whose weights sum to 1: the value
            finally:
                if stats is not None:
                    stats.update(work=solver.work, nodes=solver.nodes)
                solver.release()

    return _searched(record, model, budget, None, sa_free, True, run, reference_on_overflow)


_gc_lock = threading.Lock()
_gc_users = 0
_gc_was_enabled = False


@contextmanager
def _no_cyclic_gc():
    """Python's cyclic garbage collector paused while a search runs (and resumed as it was when
    the last running search ends). The search keeps hundreds of thousands of tuples and dicts
    alive and makes almost no cycles: each collection of the older generations walks them all
    for nothing (measured: about 40% of the time of a large search). Reference counting still
    frees everything as usual."""
    global _gc_users, _gc_was_enabled
    with _gc_lock:
        if _gc_users == 0:
            _gc_was_enabled = gc.isenabled()
            gc.disable()
        _gc_users += 1
    try:
        yield
    finally:
        with _gc_lock:
            _gc_users -= 1
            if _gc_users == 0 and _gc_was_enabled:
                gc.enable()


def merge_returned_pairs(worlds: list) -> list:
    """The root states ((round, tail length), probability) with every two that differ only in
    the order of two adjacent different cards of the fixed tail (from its bottom: an opponent's
    Chancellor returns its two cards there) and have the same probability as one state whose
    pair is an exchangeable group (sorted; tail sizes as in `ExactSolver._segments`), of twice the
    probability. Exact for the reason `ExactSolver._pair` is."""
    cur: dict = {}
    for (r, tail, opponent_type), p in worlds:
        key = (r, ONES[tail] if tail.__class__ is int else tail, opponent_type)
        cur[key] = cur.get(key, 0) + p
    n_tail = max((sum(t) for _, t, _ in cur), default=0)
    for j in range(n_tail - 2, -1, -2):  # tail positions j, j + 1 from its top
        new: dict = {}
        done = set()
        for (r, tail, opponent_type), p in cur.items():
            if (r, tail, opponent_type) in done:
                continue
            merged = _swap_pair(r, tail, j)
            if merged is not None:
                other, sorted_r, tail2 = merged
                q = cur.get((other, tail, opponent_type))
                if q == p:
                    done.add((other, tail, opponent_type))
                    new[(sorted_r, tail2, opponent_type)] = new.get((sorted_r, tail2, opponent_type), 0) + 2 * p
                    continue
            new[(r, tail, opponent_type)] = new.get((r, tail, opponent_type), 0) + p
        cur = new
    return [(state, p) for state, p in cur.items()]


def _swap_pair(r: Round, tail: tuple, j: int):
    """(the round with tail positions j and j + 1 swapped, the round with them sorted, the tail
    with them one group) if both are fixed single cards and different, else None."""
    if len(tail) < j + 2 or tail[:j + 2].count(1) != j + 2:  # (the groups made so far are below j + 1)
        return None
    i = len(r.deck) - sum(tail) + j
    a, b = r.deck[i], r.deck[i + 1]
    if a == b:
        return None
    deck = r.deck
    swapped = r._replace(deck=deck[:i] + (b, a) + deck[i + 2:])
    lo, hi = (a, b) if a < b else (b, a)
    ordered = r._replace(deck=deck[:i] + (lo, hi) + deck[i + 2:])
    return swapped, ordered, tail[:j] + (2,) + tail[j + 2:]


def _advise(record: Record, model, solver: ExactSearch, worlds: list, deals: int) -> Advice:
    v = record.viewer
    rounds = [(r, p) for (r, _, _), p in worlds]
    pairs, scale = solver.to_int(worlds)  # integer weights over `scale`
    actions = legal_actions(rounds[0][0])
    ranked = []
    for action in actions:
        win, tokens, den = solver.masses(pairs, action)  # masses over worlds whose weights sum to 1
        win, tokens = Fraction(win, den * scale), Fraction(tokens, den * scale)
        hits = []
        for (sid, w), (out, d) in zip(pairs, solver.outcomes_many([(sid, action) for sid, _ in pairs])):
            for _, ways, knocked in out:
                if knocked:
                    hits.append((w * ways, d))
        ko = _fraction(hits, scale)
        # What a Priest, King or Baron shows does not depend on the order of undrawn cards.
        ranked.append(RankedAction(action, win, tokens, ko, _out_before_next_turn(solver, worlds, action),
                                   learn=learn_from(rounds, action, v)))
    by_type = _by_type(solver, worlds, actions)
    if by_type:
        ranked = [replace(a, by_type={name: wins[a.action] for name, wins in by_type.items()}) for a in ranked]
    # A guess that knocks nobody out in any world is a sure miss (a hit always knocks out).
    ko = {a.action: a.knock_out_now for a in ranked}
    ranking = with_standings(mark_sure_misses(exact_ranking(ranked), lambda act: ko[act] == 0))
    return Advice(record, model.name, "exact", ranking, deals, solver.nodes,
                  types=_type_names(model, worlds))


def _type_names(model, worlds) -> dict:
    """{type name: its probability given the record} from the root worlds' weights."""
    out = {t.name: Fraction(0) for t in model.types}
    for (_, _, opponent_type), p in worlds:
        out[model.types[opponent_type].name] += p
    return out


def _by_type(solver: ExactSearch, worlds: list, actions) -> dict:
    """{type name: {action: exact P(win) had the viewer known the opponents' type}} for a mixture
    (each type's worlds searched alone, with the search's work budget again); {} for one type or
    when that does not fit the budget."""
    if len(solver.types) == 1:
        return {}
    spent, nodes = solver.work, solver.nodes
    solver.work = 0
    out: dict = {}
    try:
        for k, t in enumerate(solver.types):
            mine = [(state, p) for state, p in worlds if state[2] == k]
            if not mine:
                continue
            total = sum(p for _, p in mine)
            pairs, scale = solver.to_int(mine)
            wins = {}
            for action in actions:
                win, _, den = solver.masses(pairs, action)
                wins[action] = Fraction(win, den * scale) / total
            out[t.name] = wins
    except TooLargeError:
        return {}
    finally:  # the search's own counts (its budget decided that the answer is exact)
        solver.type_work, solver.work, solver.nodes = solver.work, spent, nodes
    return out


def exact_ranking(ranked: list) -> tuple:
    """Exact values, ordered by win rate, then tokens; among exact ties a play that can knock an
    opponent out now before one that cannot (a Guard guess that can hit before a sure miss),
    then the engine's order. The difference to the best is a point: plays within `CLOSE_POINTS`
    of the best are close ("equally good"; exact ties share P(best) equally), the others worse.
    (`with_standings` is applied after the sure misses are marked, `mark_sure_misses`.)"""
    ranked = sorted(ranked, key=lambda a: (-a.win, -a.tokens, not a.knock_out_now, sort_key(a.action)))
    top = ranked[0].win
    ties = sum(1 for a in ranked if a.win == top)
    return tuple(replace(a, diff=float(a.win - top), diff_interval=(float(a.win - top),) * 2,
                         p_best=(1 / ties) if a.win == top else 0.0)
                 for a in ranked)


def learn_from(worlds, action, viewer: int) -> Optional[dict]:
    """The distribution of what the play shows the viewer (exact over the given worlds)."""
    from solver.rules.events import BaronCompared, HandsTraded, PriestSaw

    sees: dict = defaultdict(Fraction)
    baron: dict = defaultdict(Fraction)
    total = sum(p for _, p in worlds)
    for r, p in worlds:
        _, events = apply(r, action)
        for ev in events:
            if isinstance(ev, PriestSaw) and ev.player == viewer:
                sees[ev.card] += p / total
            elif isinstance(ev, HandsTraded) and ev.player == viewer:
                sees[ev.received] += p / total
            elif isinstance(ev, BaronCompared) and ev.player == viewer:
                baron[baron_outcome(r.edition, ev.player_card, ev.target_card)] += p / total
    if sees:
        return {"sees": dict(sorted(sees.items()))}
    if baron:
        return {"baron": dict(baron)}
    return None


def _fraction(entries, scale: int) -> Fraction:
    """The sum of (numerator, denominator) entries, divided by `scale`."""
    den = lcm(*{d for _, d in entries}) if entries else 1
    return Fraction(sum(n * (den // d) for n, d in entries), den * scale)


def _out_before_next_turn(solver: ExactSearch, worlds, action) -> Fraction:
    """Play `action`, then let opponents play the model (the solver's) until the viewer's next
    turn. Integer weights: each layer's over one denominator, `scale` apart from probabilities."""
    pairs, scale = solver.to_int(worlds)
    entries = []
    for (sid, w), (out, d) in zip(pairs, solver.outcomes_many([(sid, action) for sid, _ in pairs])):
        for c, ways, _ in out:
            entries.append((c, w * ways, d))
    total = Fraction(0)
    while entries:
        den = lcm(*{d for _, _, d in entries})
        scale *= den
        frontier: dict = {}
        for c, w, d in entries:
            frontier[c] = frontier.get(c, 0) + w * (den // d)
        entries = []
        knocked = 0
        states = list(frontier)
        moving = []
        for sid, (out_, over, current) in zip(states, solver.flags_many(states)):
            if out_:
                knocked += frontier[sid]
            elif not over and current != solver.viewer:
                moving.append(sid)
        plays = []  # (state, its weight, the action's weight, its denominator, the action), in order
        for sid, (acts, da) in zip(moving, solver.opponent_many(moving)):
            plays.extend((sid, frontier[sid], na, da, a) for a, na in acts)
        for (sid, w, na, da, _), (out, dx) in zip(plays, solver.outcomes_many([(p[0], p[4]) for p in plays])):
            for c, ways, _ in out:
                entries.append((c, w * na * ways, da * dx))
        if knocked:
            total += Fraction(knocked, scale)
    return total
