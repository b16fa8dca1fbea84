"""The compiled core and its seam: the one place where the solver chooses its path, the compiled one
(numba, `solver.compiled.kernels`) or the reference engine (`solver.rules`, with the policies' loops
`solver.policies.rollout`), and where the compiled kernels are made ready (`warm`).

The round is written twice: the reference engine, for reading, and the kernels, for speed. Both are
the same rules, the same legal plays in the engine's order, the same choices of the random player and
of the card counter and the same draws of the project's generator (`solver.rules.rng.SplitMix64`):
from the same state and the same seed they play the same round (`tests/conformance/`). The compiled path
is used when numba imports (`path_in_use`); `LOVELETTER_CORE=reference` forces the reference path. numba
compiles a function on its first call and keeps the machine code on disk (`cache=True`, beside the
source, or under `NUMBA_CACHE_DIR`); `python -m solver.compiled` compiles everything once.

What the seam offers (nothing else imports the kernels):

* the path: `path_in_use()`, `forced(path)`, `refresh()`, `warming()`; whether the
  kernels are compiled or being compiled: `ready()`, `compiling_now()`, `marker()`, `WHEN_READY`
  (`solver.compiled.choice`);
* the round played on (`solver.compiled.rollout`): `fast_playout`, `belief_playout` (the viewer's turns
  on its belief, `solver.policies.belief`), `play_on`, `random_rounds`, `bootstrap_counts`, on the path
  in use;
* the arrays (`solver.compiled.arrays`): `edition_array`, `to_array`, `to_round`, `model_code`;
* the estimate's play-outs and deals, made on the path in use: `make_playouts`, `make_deals` (the path
  chosen here, never by their callers; the compiled ones, `solver.compiled.playouts.runner.CompiledPlayouts`
  and `solver.compiled.deals.CompiledDeals`, write the kernels' layout themselves);
* the exact search of the path in use (`exact_solver`, both implementing `ExactSearch`) and how the
  compiled one says it cannot answer (`CompiledTooLarge`, `CompiledOverflow`, `CompiledOutOfTime`,
  `CompiledNeedMore`).

The raw kernels reach the conformance tests and the benchmarks only, through a face of their own
(`solver.compiled.raw`; `tests/test_architecture.py` checks who imports it).
"""

from __future__ import annotations

from solver.compiled.arrays import edition_array, model_code, to_array, to_round
from solver.compiled.choice import WHEN_READY, path_in_use, compiling_now, forced, marker, ready, refresh, warming
from solver.compiled.rollout import belief_playout, bootstrap_counts, fast_playout, play_on, random_rounds
from solver.compiled.errors import CompiledNeedMore, CompiledOutOfTime, CompiledOverflow, CompiledTooLarge
from solver.compiled.protocol import ExactSearch

__all__ = ["path_in_use", "forced", "ready", "refresh", "warming", "WHEN_READY", "compiling_now", "marker", "fast_playout", "belief_playout", "play_on", "random_rounds", "bootstrap_counts",
           "edition_array", "to_array", "to_round", "model_code", "make_playouts", "make_deals", "exact_solver", "ExactSearch", "CompiledTooLarge", "CompiledOverflow", "CompiledOutOfTime",
           "CompiledNeedMore", "warm"]


def make_playouts(reference, viewer: int, actions: list, decisions: bool, leaves, replay, belief=None):
    """The estimate's play-outs on the path in use: the compiled ones
    (`solver.compiled.playouts.runner.CompiledPlayouts`), or `reference(viewer, actions, decisions, leaves,
    belief)` (the caller's reference, `solver.advice.playouts.Playouts`) on the reference path. Both give the
    same results."""
    if path_in_use() == "reference":
        return reference(viewer, actions, decisions, leaves, belief)
    from solver.compiled.playouts.runner import CompiledPlayouts

    return CompiledPlayouts(viewer, actions, decisions, leaves, replay, belief)


def make_deals(reference, sampler, seed: int):
    """The estimate's deals on the path in use: `solver.compiled.deals.CompiledDeals` (the deals kept as the
    kernels' state rows) or `reference(sampler, seed)` (the caller's reference, `solver.advice.deals.Deals`)
    on the reference path; the same deals."""
    if path_in_use() == "reference":
        return reference(sampler, seed)
    from solver.compiled.deals import CompiledDeals

    return CompiledDeals(sampler, seed)


def exact_solver(reference, record, viewer: int, budget: int, deadline, model, sa_free: bool, lazy: bool = True,
                 size: int | None = None) -> ExactSearch:
    """The exact search of the path in use for a record's position: the compiled one
    (`solver.compiled.exact.CompiledSolver`), or `reference(viewer, budget, deadline, model, sa_free=...)`
    (the caller's reference search, `solver.advice.exact.ExactSolver`) on the reference path and for
    the non-lazy reference mode. Both count the same work and give the same values."""
    if path_in_use() == "reference" or not lazy:
        return reference(viewer, budget, deadline, model, sa_free=sa_free)
    from solver.compiled.exact import CompiledSolver

    return CompiledSolver(viewer, budget, deadline, model, sa_free, record.edition, record.n_players, size)


def warm() -> float:
    """Compile (or load from the disk cache) every kernel the solver uses, then mark them ready
    (`solver.compiled.choice.ready`); the seconds it took. Under `LOVELETTER_CORE=when-ready` it
    compiles all the same (it is what makes them ready)."""
    import time

    from solver.compiled.choice import compiling, mark_ready

    t0 = time.perf_counter()
    with compiling():
        if path_in_use() != "compiled":
            return 0.0
        from solver.compiled.warming import warm_all

        try:
            warm_all()
        except ModuleNotFoundError as err:
            # A disk cache written before a kernel module was renamed still names the old module
            # (numba checks a cached function against its own file only): clear it, compile afresh.
            # (Any other missing module is not the cache's: raised as it is.)
            if not (err.name or "").startswith("solver."):
                raise
            clear_disk_cache()
            warm_all()
        mark_ready()
    return time.perf_counter() - t0


def clear_disk_cache() -> int:
    """Remove the kernels' machine code kept on disk (numba's `*.nbi`, `*.nbc` beside the sources, or
    under `NUMBA_CACHE_DIR` for these sources); the number of files removed."""
    import os
    from pathlib import Path

    here = Path(__file__).resolve().parent
    roots = [here]
    cache_dir = os.environ.get("NUMBA_CACHE_DIR")
    if cache_dir:
        roots += [p for p in Path(cache_dir).rglob("compiled") if p.parent.name == "solver"]
    removed = 0
    for root in roots:
        for pattern in ("*.nbi", "*.nbc"):
            for f in root.rglob(pattern):
                f.unlink(missing_ok=True)
                removed += 1
    return removed
