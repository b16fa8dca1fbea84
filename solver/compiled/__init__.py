"""The compiled core and its seam: the one place where the solver chooses between the compiled
path (numba, `solver.compiled.kernels`) and the pure-Python fast path (`solver.rules.fast`,
`solver.policies.playout`).

Both paths are the same rules, the same legal plays in the engine's order, the same choices of
the random player and of the card counter, and the same draws of the project's generator
(`solver.rules.rng.SplitMix64`): from the same state and the same seed they play the same round
(`tests/compiled/`). The public engine (`solver.rules`: `legal_actions`, `apply`) stays the
reference both are checked against.

The compiled path is used when numba imports (it is a dependency, installed from wheels).
`LOVELETTER_CORE=python` forces the pure-Python path (the tests run both); `LOVELETTER_CORE=compiled`
makes a missing numba an error instead of a fallback. numba compiles a function on its first call
and keeps the machine code on disk (`cache=True`, beside the source, or under `NUMBA_CACHE_DIR`);
`python -m solver.compiled` compiles everything once (`make` does it before the app or the tests).

Callers use the functions here, never `kernels` directly:

* `backend()` — "compiled" or "python"; `forced(path)` runs a block on one of them;
* `fast_playout(r, viewer, model, rng, finish=False)` — the advisor's play-out from a `Round`
  (`solver.policies.playout.fast_playout`), on the backend in use; `rng` advances as on the
  Python path;
* `play_on(r, rng, viewer=-1, model="random")` — the round played on to its end: the final `Round`;
* `random_rounds(edition, n, count, seed)` — `count` random rounds from fresh deals (the engine
  benchmark): wins per seat;
* `make_playouts(viewer, actions, decisions, leaves)` — the estimate's play-outs of the viewer's
  plays on sampled deals (`solver.compiled.sampling`): a batch of (deal, play) pairs in one call;
* `to_array(r)` / `to_round(state, edition)` — a `Round` as the compiled state and back.
"""

from __future__ import annotations

import os
from contextlib import contextmanager
from functools import lru_cache

from solver.rules.cards import Card
from solver.rules.editions import ALL_TIED_WIN, DISCARD_TOTAL_THEN_ALL, Edition
from solver.rules.errors import InvalidOptionError, LoveLetterError
from solver.rules.rng import SplitMix64
from solver.rules.state import CHANCELLOR, OVER, PLAY, Round

from solver.compiled.sampling import LeafTable

__all__ = ["backend", "fast_playout", "play_on", "random_rounds", "to_array", "to_round", "compiled_kernels",
           "LeafTable", "make_playouts", "forced", "bootstrap_counts", "exact_solver", "exact_overflow",
           "exact_too_large", "exact_need_more", "exact_out_of_time", "DealLayout", "Deals", "make_deals", "deal_seed",
           "edition_array", "warm"]

_CARDS = tuple(Card)
_PHASES = {PLAY: 0, CHANCELLOR: 1, OVER: 2}
_PHASE_NAMES = (PLAY, CHANCELLOR, OVER)
_REASONS = {None: 0, "last-standing": 1, "showdown": 2}
_REASON_NAMES = (None, "last-standing", "showdown")
_MODELS = {"random": 0, "counting": 1}
_K = None  # the kernels module, once imported


def _wanted() -> str:
    choice = os.environ.get("LOVELETTER_CORE", "").strip().lower()
    if choice not in ("", "compiled", "python"):
        raise InvalidOptionError(f"LOVELETTER_CORE must be 'compiled' or 'python', not {choice!r}",
                                 rule="invalid-option")
    return choice or "auto"


@lru_cache(maxsize=1)
def _resolve() -> str:
    wanted = _wanted()
    if wanted == "python":
        return "python"
    try:
        import numba  # noqa: F401
    except ImportError:
        if wanted == "compiled":
            raise
        return "python"
    return "compiled"


_FORCED: list = []  # `forced`: the path chosen for a block of code (tests)


def backend() -> str:
    """The path in use: "compiled" (numba) or "python" (`LOVELETTER_CORE=python`, or no numba)."""
    return _FORCED[-1] if _FORCED else _resolve()


@contextmanager
def forced(path: str):
    """Run a block on one path ("compiled" or "python"), e.g. to compare the two in one process."""
    if path not in ("compiled", "python"):
        raise InvalidOptionError(f"the path is 'compiled' or 'python', not {path!r}", rule="invalid-option")
    if path == "compiled" and _resolve() != "compiled":
        raise InvalidOptionError("the compiled path is not available here (numba or LOVELETTER_CORE)",
                                 rule="invalid-option")
    _FORCED.append(path)
    try:
        yield
    finally:
        _FORCED.pop()


def compiled_kernels():
    """The compiled kernels module (imports numba on first use: about half a second)."""
    global _K
    if _K is None:
        import importlib

        _K = importlib.import_module("solver.compiled.kernels")
    return _K


@lru_cache(maxsize=64)
def edition_array(edition: Edition):
    """The edition's constants as the kernels read them (`kernels.E_*`)."""
    import numpy as np

    k = compiled_kernels()
    ed = np.zeros(k.E_SIZE, dtype=np.int64)
    for c in Card:
        ed[k.E_VALUE + c] = edition.value_of[c]
        ed[k.E_COMP + c] = edition.composition.get(c, 0)
    for i, c in enumerate(edition.guessable):
        ed[k.E_GUESS + i] = int(c)
    ed[k.E_NGUESS] = len(edition.guessable)
    ed[k.E_SPY] = int(edition.has_spy)
    ed[k.E_TIE] = 0 if edition.showdown_tie == ALL_TIED_WIN else 1 if edition.showdown_tie == DISCARD_TOTAL_THEN_ALL else 2
    ed[k.E_VOID] = int(edition.void_target_allowed)
    ed[k.E_SPYBLOCK] = int(edition.spy_eliminated_players_block)
    ed[k.E_FACEUP2] = int(edition.two_player_face_up)
    deck = edition.full_deck()
    ed[k.E_DECKN] = len(deck)
    for i, c in enumerate(deck):
        ed[k.E_DECK + i] = int(c)
    ed.setflags(write=False)
    return ed


def to_array(r: Round):
    """The compiled state of a `Round` (any phase; the memory included)."""
    import numpy as np

    k = compiled_kernels()
    st = np.full(k.SIZE, -1, dtype=np.int8)
    n = len(r.hands)
    p = r.current
    phase = _PHASES[r.phase]
    st[k.N_] = n
    st[k.CUR] = p
    st[k.PHASE] = phase
    st[k.TURN] = r.turn
    st[k.ALIVE] = n - sum(r.out)
    for i, h in enumerate(r.hands):
        st[k.HAND + i] = int(h[0]) if h else -1
        st[k.OUT + i] = int(r.out[i])
        st[k.PROT + i] = int(r.protected[i])
        st[k.DLEN + i] = len(r.discards[i])
        for j, c in enumerate(r.discards[i]):
            st[k.DISC + i * k.MAXD + j] = int(c)
    for i in range(n, k.MAXP):
        st[k.OUT + i] = 0
        st[k.PROT + i] = 0
        st[k.DLEN + i] = 0
    st[k.NCH] = 0
    if phase == 0:
        st[k.DRAWN] = int(r.hands[p][1])
    elif phase == 1:
        rest = r.hands[p][1:]
        st[k.NCH] = len(rest)
        for j, c in enumerate(rest):
            st[k.CH + j] = int(c)
    st[k.DECKN] = len(r.deck)
    for j, c in enumerate(reversed(r.deck)):
        st[k.DECK + j] = int(c)
    st[k.SETASIDE] = -1 if r.set_aside is None else int(r.set_aside)
    st[k.NUP] = len(r.face_up)
    for j, c in enumerate(r.face_up):
        st[k.UP + j] = int(c)
    for o, h, c in r.known:
        st[k.KNOWN + o * k.MAXP + h] = int(c)
    st[k.REASON] = _REASONS[r.end_reason] if phase == 2 else 0
    st[k.SPYB] = -1 if r.spy_bonus is None else r.spy_bonus
    st[k.WIN] = sum(1 << w for w in r.winners)
    return st


def to_round(st, edition: Edition) -> Round:
    """The `Round` of a compiled state (equal to the public engine's after the same plays)."""
    k = compiled_kernels()
    C = _CARDS
    n = int(st[k.N_])
    p = int(st[k.CUR])
    phase = int(st[k.PHASE])
    hands = [() if st[k.HAND + i] < 0 else (C[st[k.HAND + i]],) for i in range(n)]
    if phase == 0:
        hands[p] = (C[st[k.HAND + p]], C[st[k.DRAWN]])
    elif phase == 1:
        hands[p] = (C[st[k.HAND + p]],) + tuple(C[st[k.CH + j]] for j in range(st[k.NCH]))
    discards = tuple(tuple(C[st[k.DISC + i * k.MAXD + j]] for j in range(st[k.DLEN + i])) for i in range(n))
    deck = tuple(C[st[k.DECK + j]] for j in range(st[k.DECKN] - 1, -1, -1))
    known = tuple(sorted((o, h, C[st[k.KNOWN + o * k.MAXP + h]]) for o in range(n) for h in range(n)
                         if st[k.KNOWN + o * k.MAXP + h] >= 0))
    winners = tuple(i for i in range(n) if int(st[k.WIN]) & (1 << i)) if phase == 2 else ()
    return Round(
        edition, tuple(hands), discards, tuple(bool(st[k.OUT + i]) for i in range(n)),
        tuple(bool(st[k.PROT + i]) for i in range(n)), deck,
        None if st[k.SETASIDE] < 0 else C[st[k.SETASIDE]], tuple(C[st[k.UP + j]] for j in range(st[k.NUP])), p,
        _PHASE_NAMES[phase], int(st[k.TURN]), winners, None if phase != 2 or st[k.SPYB] < 0 else int(st[k.SPYB]),
        _REASON_NAMES[int(st[k.REASON])] if phase == 2 else None, known,
    )


def _model_code(model: str) -> int:
    if model not in _MODELS:
        raise InvalidOptionError(f"unknown model {model!r}; models: {', '.join(_MODELS)}", rule="model")
    return _MODELS[model]


def fast_playout(r: Round, viewer: int, model: str, rng: SplitMix64, finish: bool = False) -> tuple:
    """`solver.policies.playout.fast_playout` on the backend in use: (winners, Spy-bonus seat,
    viewer out before their next turn); `rng` advances by the same draws on both paths."""
    code = _model_code(model)
    if backend() == "python":
        from solver.policies.playout import fast_playout as python_playout

        return python_playout(r, viewer, model, rng, finish)
    import numpy as np

    k = compiled_kernels()
    st = to_array(r)
    rs = np.array([rng.state], dtype=np.uint64)
    win, spy, stopped = k.fast_playout(st, edition_array(r.edition), rs, viewer, code, finish)
    rng.state = int(rs[0])
    n = len(r.hands)
    return tuple(i for i in range(n) if win & (1 << i)), None if spy < 0 else int(spy), bool(stopped)


def play_on(r: Round, rng: SplitMix64, viewer: int = -1, model: str = "random") -> Round:
    """The round played on from `r` to its end (the viewer, if a seat, with the counting heuristic;
    the others by `model`): the final `Round`, on the backend in use."""
    code = _model_code(model)
    if backend() == "python":
        from solver.policies.playout import counting_choice
        from solver.rules.fast import Sim

        sim = Sim.from_round(r, memory=True)
        p, q = _explore()

        def choose(s, seat):
            if seat == viewer or (code == 1 and rng.below(q) >= p):
                return counting_choice(s, seat, rng)
            return None

        sim.run(rng, choose)
        return sim.to_round()
    import numpy as np

    k = compiled_kernels()
    st = to_array(r)
    rs = np.array([rng.state], dtype=np.uint64)
    acts = np.empty((k.MAXACTS, 4), dtype=np.int64)
    k.play_on(st, edition_array(r.edition), rs, viewer, code, -1, acts)
    rng.state = int(rs[0])
    return to_round(st, r.edition)


def _explore() -> tuple[int, int]:
    from solver.policies.models import CardCounterModel

    return CardCounterModel.EPSILON.numerator, CardCounterModel.EPSILON.denominator


def random_rounds(edition: Edition, n: int, count: int, seed: int) -> tuple[list, int]:
    """`count` random rounds from fresh deals (`SplitMix64.shuffle` of the sorted deck, then
    uniformly random legal plays; the first player rotating): (rounds won by each seat, the
    generator's state after), the same on both paths."""
    edition.check_player_count(n)
    if backend() == "python":
        from solver.rules.fast import Sim

        rng = SplitMix64(seed)
        wins = [0] * n
        for r in range(count):
            sim = Sim.deal(edition, n, r % n, rng)
            sim.run(rng)
            for w in sim.winners:
                wins[w] += 1
        return wins, rng.state
    import numpy as np

    wins, state = compiled_kernels().random_rounds(edition_array(edition), n, count, np.uint64(seed & ((1 << 64) - 1)))
    return [int(w) for w in wins[:n]], int(state)


class DealLayout:
    """Where a record's deal puts its cards: the tracked cards (a variable each) and the untouched ones
    (shuffled, then dealt in slot order: untouched hands by seat, the set-aside card, the deck from the
    top, missing face-up cards), around what the record fixes (discards, who is out or protected, the
    face-up cards it names, who is to move). Made by the advice layer (`of`, with its own `assemble`,
    values and shuffled pool -> `Round`, the Python path); `ints`, `base` and `var_index` are the same
    for the compiled path (`kernels.assemble_deals`), which gives the same deal as an array."""

    __slots__ = ("assemble", "ints", "base", "var_index", "edition", "arrays")

    @classmethod
    def of(cls, record, belief, final, piles, assemble, phase: str, unopened: int) -> "DealLayout":
        """`unopened`: the belief's mark of an untouched slot (`solver.inference.factors.UNOPENED`)."""
        UNOPENED = unopened
        self = cls()
        self.arrays = None  # (ints, base state) as arrays, once the compiled path asks
        self.assemble = assemble
        self.edition = record.edition
        n = record.n_players
        index: dict = {}

        def var(v) -> int:
            if v not in index:
                index[v] = len(index)
            return index[v]

        ints = [0] * 130
        ints[0], ints[1], ints[2] = n, record.viewer, 1 if phase == CHANCELLOR else 0
        up = tuple(record.face_up)
        ints[3] = len(up)
        ints[4] = record.edition.face_up_count(n) - len(up)
        ints[5] = final.public.deck_size - len(belief.tail)
        ints[6] = len(belief.tail)
        sa = belief.set_aside
        ints[7] = 0 if sa is None else 1 if sa == UNOPENED else 2
        ints[8] = var(sa) if ints[7] == 2 else -1
        for i, v in enumerate(belief.hand):
            base = 10 + 4 * i
            if v is None:
                ints[base] = 0
            elif isinstance(v, tuple):
                ints[base] = 3
                for j, x in enumerate(v):
                    ints[base + 1 + j] = var(x)
                for j in range(len(v), 3):
                    ints[base + 1 + j] = -1
            elif v == UNOPENED:
                ints[base] = 2
            else:
                ints[base] = 1
                ints[base + 1] = var(v)
        for j, v in enumerate(belief.tail):
            ints[34 + j] = var(v)
        known = sorted(belief.known)
        ints[9] = len(known)
        for j, (o, h) in enumerate(known):
            ints[58 + 2 * j] = o
            ints[59 + 2 * j] = h
        self.var_index = index
        # the fixed part as a round (the hands and the deck filled per deal)
        from solver.rules.cards import Card as _C

        skeleton = Round(record.edition, tuple(() if v is None else (_C(0),) * (len(v) if isinstance(v, tuple) else 1)
                                               for v in belief.hand),
                         tuple(tuple(p) for p in piles), final.public.out, final.public.protected,
                         (_C(0),) * final.public.deck_size, None if sa is None else _C(0), up, record.viewer,
                         phase, len(record.turns))
        self.ints = ints
        self.base = skeleton
        return self

    def values_row(self, value: dict) -> list:
        row = [0] * max(len(self.var_index), 1)
        for v, j in self.var_index.items():
            row[j] = int(value[v])
        return row


class Deals:
    """The estimate's sampled deals, in the order they are first needed: deal i drawn with its own
    generator (`SplitMix64(deal_seed(seed, i))`: its type, tracked cards and untouched cards, shuffled),
    then the play-out's seed from the same generator. The Python path keeps each as a `Round`; the
    compiled one (`CompiledDeals`) as an array made by the compiled layout (the same deal)."""

    def __init__(self, sampler, seed: int):
        self.sampler = sampler
        self.seed0 = seed
        self.rounds: list = []
        self.kinds: list = []
        self.seeds: list = []

    def __len__(self) -> int:
        return len(self.kinds)

    def ensure(self, n: int) -> None:
        while len(self.kinds) < n:
            i = len(self.kinds)
            rng = SplitMix64(deal_seed(self.seed0, i))
            if hasattr(self.sampler, "split"):
                t, value, pool = self.sampler.split(rng)
                rng.shuffle(pool)
                self.rounds.append(self.sampler.layouts[t].assemble(value, pool))
            else:
                deal, t = self.sampler(rng)
                self.rounds.append(deal)
            self.kinds.append(t)
            self.seeds.append(rng.next64())

    def round(self, i: int) -> Round:
        self.ensure(i + 1)
        return self.rounds[i]


def deal_seed(seed: int, i: int) -> int:
    """The generator's seed of deal i of an estimate seeded `seed`."""
    return (SplitMix64(seed).next64() + (i + 1) * 0xD1B54A32D192ED03) & ((1 << 64) - 1)


def make_deals(sampler, seed: int):
    """The estimate's deals from `sampler` (a `solver.advice.worlds.TypedSampler`, or any function
    rng -> (deal, type)) on the path in use (`Deals`; the compiled path keeps them as arrays)."""
    if backend() == "python":
        return Deals(sampler, seed)
    from solver.compiled.sampling_runner import CompiledDeals

    return CompiledDeals(sampler, seed)


def make_playouts(viewer: int, actions: list, decisions: bool = True, leaves=None):
    """The estimate's play-outs of the viewer's `actions` on sampled deals (`solver.compiled.sampling`:
    `run_many(items, deals, kinds, seeds)`), on the backend in use: the same results on both."""
    if backend() == "python":
        from solver.compiled.sampling import Playouts

        return Playouts(viewer, actions, decisions, leaves)
    from solver.compiled.sampling_runner import CompiledPlayouts

    return CompiledPlayouts(viewer, actions, decisions, leaves)


def bootstrap_counts(seed: int, replicates: int, n: int):
    """How often each of n items is drawn in each of `replicates` resamples with replacement (n draws
    each, `SplitMix64(seed).below(n)` in order): an int64 array [replicates, n], the same on both paths."""
    import numpy as np

    seed &= (1 << 64) - 1
    if backend() == "python":
        rng = SplitMix64(seed)
        out = np.zeros((replicates, n), dtype=np.int64)
        below = rng.below
        for b in range(replicates):
            row = out[b]
            for _ in range(n):
                row[below(n)] += 1
        return out
    return compiled_kernels().bootstrap_counts(np.uint64(seed), replicates, n)


def exact_solver(python, record, viewer: int, budget: int, deadline, model, sa_free: bool, lazy: bool = True,
                 size: int | None = None):
    """The exact search of the path in use for a record's position: the compiled one
    (`solver.compiled.exact.CompiledSolver`), or `python(viewer, budget, deadline, model, sa_free=...)`
    (the caller's reference search, `solver.advice.exact.ExactSolver`) on the Python path and for the
    non-lazy reference mode. Both count the same work and give the same values."""
    if backend() == "python" or not lazy:
        return python(viewer, budget, deadline, model, sa_free=sa_free)
    from solver.compiled.exact import CompiledSolver

    return CompiledSolver(viewer, budget, deadline, model, sa_free, record.edition, record.n_players, size)


class CompiledTooLarge(LoveLetterError):
    """The compiled exact search went past its work budget (the caller raises its own `TooLargeError`)."""

    rule = "too-large"


class CompiledOverflow(ArithmeticError):
    """The compiled exact search cannot take this position exactly (a number past 128 bits, or root
    worlds with different face-up cards): the caller's own search does."""


class CompiledOutOfTime(Exception):
    """The compiled exact search passed its wall-clock safety cap (between two of its calls)."""


def exact_out_of_time() -> type:
    return CompiledOutOfTime


class CompiledNeedMore(Exception):
    """The compiled search's tables were full: search again with larger ones (`size`: the last size)."""

    def __init__(self, size: int):
        super().__init__(f"the exact search's tables were full at size {size}")
        self.size = size


def exact_need_more() -> type:
    """The exception of a compiled search whose tables were full (the caller searches again, larger)."""
    return CompiledNeedMore


def exact_overflow() -> type:
    """The exception of a compiled search that cannot take a position (the caller then uses its own)."""
    return CompiledOverflow


def exact_too_large() -> type:
    """The exception of a compiled search past its work budget."""
    return CompiledTooLarge


def warm() -> float:
    """Compile (or load from the disk cache) every kernel the solver uses; the seconds it took."""
    import time

    t0 = time.perf_counter()
    if backend() != "compiled":
        return 0.0
    from solver.rules.editions import get_edition
    from solver.rules.game import deal_round

    e = get_edition("2019")
    random_rounds(e, 2, 1, 0)
    r, _ = deal_round(e, 2, 0, 0)
    fast_playout(r, 0, "counting", SplitMix64(0))
    play_on(r, SplitMix64(0), 0, "counting")
    import numpy as np

    k = compiled_kernels()
    k.counting_rounds(edition_array(e), 2, 1, np.uint64(0))
    bootstrap_counts(1, 2, 3)
    from solver.rules.game import legal_actions

    acts = list(legal_actions(r))
    counter = _counter()
    deals = make_deals(lambda rng: (r, counter), 1)
    deals.ensure(1)
    make_playouts(0, acts, True, None).run_many([(0, 0)], deals)
    _warm_sampler()
    _warm_exact()
    return time.perf_counter() - t0


def _warm_sampler() -> None:
    """The compiled sampler's layout kernel, compiled or loaded (on an empty layout)."""
    import numpy as np

    from solver.compiled import sampling_kernels as sk

    k = compiled_kernels()
    ints = np.zeros(130, dtype=np.int64)
    ints[0] = 2
    sk.assemble_deals(np.zeros(k.SIZE, dtype=np.int8), ints, np.zeros((1, 1), dtype=np.int64),
                      np.zeros((1, 10), dtype=np.int64), np.zeros(1, dtype=np.uint64),
                      np.zeros((1, k.SIZE), dtype=np.int8))


def _warm_exact() -> None:
    """One small exact search on the compiled path (its kernels compiled or loaded)."""
    from solver.compiled.exact import CompiledSolver
    from solver.policies.models import get_model
    from solver.rules.editions import get_edition
    from solver.rules.game import apply, deal_round, legal_actions

    e = get_edition("classic")
    for seed in range(50):
        r, _ = deal_round(e, 2, 0, seed)
        while r.phase != OVER and (len(r.deck) > 2 or r.phase != PLAY):
            r, _ = apply(r, legal_actions(r)[-1])
        if r.phase == PLAY and len(legal_actions(r)) > 1:
            break
    else:
        return
    solver = CompiledSolver(r.current, 10_000, None, get_model("mixture", playing=True), False, e, 2)
    pairs, _ = solver._to_int([((r, 0, 0), 1)])
    solver._q(pairs, legal_actions(r)[0])
    solver.outcomes_many([(pairs[0][0], legal_actions(r)[0])])
    solver.opponent_many([pairs[0][0]])
    solver.flags_many([pairs[0][0]])
    solver.value([((r, 0, 0), 1)])


def _counter():
    from solver.policies.models import get_model

    return get_model("card-counter")
