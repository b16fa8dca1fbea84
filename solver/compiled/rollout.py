"""The round played on, on the path in use: the compiled kernels, or the reference engine's loops
(`solver.policies.rollout`) where numba is missing or `LOVELETTER_CORE=reference`. Both draw the same
words from the project's generator (`solver.rules.rng.SplitMix64`) for the same decisions, so the
same seed plays the same round on both (`tests/conformance/`).

`model`: an opponent type the core plays (`solver.policies.models`: the random player or the card
counter), the object itself.
"""

from __future__ import annotations

from solver.compiled.arrays import edition_array, model_code, to_array, to_round
from solver.compiled.choice import path_in_use, compiled_kernels
from solver.policies import rollout
from solver.rules.editions import Edition
from solver.rules.rng import MASK64, SplitMix64
from solver.rules.state import Round


def fast_playout(r: Round, viewer: int, model, rng: SplitMix64, finish: bool = False) -> tuple:
    """The advisor's play-out from `r` (`solver.policies.rollout.playout`): (winners, Spy-bonus seat,
    viewer out before their next turn); `rng` advances by the same draws on both paths."""
    code = model_code(model)
    if path_in_use() == "reference":
        return rollout.playout(r, viewer, model, rng, finish)
    import numpy as np

    k = compiled_kernels()
    rs = np.array([rng.state], dtype=np.uint64)
    win, spy, stopped = k.fast_playout(to_array(r), edition_array(r.edition), rs, viewer, code, finish)
    rng.state = int(rs[0])
    return tuple(i for i in range(len(r.hands)) if win & (1 << i)), None if spy < 0 else int(spy), bool(stopped)


def belief_arrays(b):
    """A `solver.policies.belief.Belief` as the kernels' arrays: (bw, bc, bi, nt, tcodes)."""
    import numpy as np

    k = compiled_kernels()
    from solver.compiled.kernels.belief import BI_SIZE, CHSRC, SRC

    nt = len(b.types)
    bw = np.zeros(2, dtype=np.float64)
    bw[:nt] = b.weights
    bc = np.zeros((k.MAXP, 2, 10), dtype=np.float64)
    for s, rows in enumerate(b.cards):
        if rows is not None:
            for t, row in enumerate(rows):
                bc[s, t, :] = row
    bi = np.full(BI_SIZE, -1, dtype=np.int64)
    bi[0] = len(b.tail)
    bi[1:1 + len(b.tail)] = b.tail
    bi[SRC:SRC + len(b.src)] = b.src
    bi[CHSRC:CHSRC + 2] = b.chsrc
    tcodes = np.array([model_code(t) for t in b.types] + [0] * (2 - nt), dtype=np.int64)
    return bw, bc, bi, np.int64(nt), tcodes


def belief_back(b, bw, bc, bi) -> None:
    """The kernels' belief arrays written back into the `Belief` (in place)."""
    from solver.compiled.kernels.belief import CHSRC, SRC

    nt = len(b.types)
    b.weights[:] = [float(x) for x in bw[:nt]]
    for s, rows in enumerate(b.cards):
        if rows is not None:
            for t in range(nt):
                rows[t] = [float(x) for x in bc[s, t, :]]
    b.tail[:] = [int(x) for x in bi[1:1 + int(bi[0])]]
    b.src[:] = [int(x) for x in bi[SRC:SRC + len(b.src)]]
    b.chsrc[:] = [int(x) for x in bi[CHSRC:CHSRC + 2]]


def belief_playout(r: Round, viewer: int, model, rng: SplitMix64, belief, finish: bool = False) -> tuple:
    """The play-out with the viewer's later turns on its belief (`solver.policies.belief.belief_playout`):
    (winners, Spy-bonus seat, viewer out before their next turn); `rng` and `belief` advance the same on
    both paths."""
    if path_in_use() == "reference":
        from solver.policies.belief import belief_playout as reference

        return reference(r, viewer, model, rng, belief, finish)
    import numpy as np

    k = compiled_kernels()
    rs = np.array([rng.state], dtype=np.uint64)
    bw, bc, bi, nt, tcodes = belief_arrays(belief)
    win, spy, stopped = k.belief_playout(to_array(r), edition_array(r.edition), rs, viewer, model_code(model),
                                         finish, bw, bc, bi, nt, tcodes)
    rng.state = int(rs[0])
    belief_back(belief, bw, bc, bi)
    return tuple(i for i in range(len(r.hands)) if win & (1 << i)), None if spy < 0 else int(spy), bool(stopped)


def play_on(r: Round, rng: SplitMix64, viewer: int = -1, model=rollout.RANDOM) -> Round:
    """The round played on from `r` to its end (the viewer, if a seat, with the card counter's heuristic;
    the others by `model`): the final `Round`."""
    code = model_code(model)
    if path_in_use() == "reference":
        return rollout.play_on(r, rng, viewer, model)
    import numpy as np

    k = compiled_kernels()
    st = to_array(r)
    rs = np.array([rng.state], dtype=np.uint64)
    k.play_on(st, edition_array(r.edition), rs, viewer, code, -1, np.empty((k.MAXACTS, 4), dtype=np.int64))
    rng.state = int(rs[0])
    return to_round(st, r.edition)


def random_rounds(edition: Edition, n: int, count: int, seed: int) -> tuple[list, int]:
    """`count` random rounds from fresh deals (`solver.policies.rollout.random_rounds`): (rounds won by
    each seat, the generator's state after), the same on both paths."""
    edition.check_player_count(n)
    if path_in_use() == "reference":
        return rollout.random_rounds(edition, n, count, seed)
    import numpy as np

    wins, state = compiled_kernels().random_rounds(edition_array(edition), n, count, np.uint64(seed & MASK64))
    return [int(w) for w in wins[:n]], int(state)


def bootstrap_counts(seed: int, replicates: int, n: int):
    """How often each of n items is drawn in each of `replicates` resamples with replacement (n draws
    each, `SplitMix64(seed).below(n)` in order): an int64 array [replicates, n], the same on both paths."""
    import numpy as np

    seed &= MASK64
    if path_in_use() == "reference":
        rng = SplitMix64(seed)
        out = np.zeros((replicates, n), dtype=np.int64)
        below = rng.below
        for b in range(replicates):
            row = out[b]
            for _ in range(n):
                row[below(n)] += 1
        return out
    return compiled_kernels().bootstrap_counts(np.uint64(seed), replicates, n)
