"""The estimate's deals on the compiled path (the seam's side of `solver.advice.deals`): a deal layout
written as the kernels' integer row (`layout_row`, offsets named in `solver.compiled.layout`) and the
deals kept as rows of one state array (`CompiledDeals`), made by `solver.compiled.make_deals` when the
compiled path is in use. The same deals as the reference's `solver.advice.deals.Deals`: deal i is drawn
with `SplitMix64(deal_seed(seed, i))`, its type, tracked cards and untouched cards' copies from the
sampler, shuffled by the kernels as the reference shuffles them (`tests/conformance/test_sampling.py`)."""

from __future__ import annotations

import numpy as np

from solver.compiled import layout as L
from solver.compiled.arrays import model_code, to_array, to_round
from solver.compiled.choice import compiled_kernels
from solver.rules.rng import SplitMix64, deal_seed

#: A hand's kind in a deal layout (`solver.advice.deals.DealLayout.hands`) -> the row's code.
HAND_KINDS = {"out": L.HAND_NONE, "tracked": L.HAND_TRACKED, "untouched": L.HAND_UNTOUCHED, "mover": L.HAND_MOVER}
SET_ASIDE_KINDS = {None: 0, "untouched": 1, "tracked": 2}


def layout_row(layout) -> list:
    """A deal layout (`solver.advice.deals.DealLayout`: where a record's deal puts its cards) as the
    kernels' integer row."""
    ints = [0] * L.L_SIZE
    ints[L.L_PLAYERS], ints[L.L_VIEWER] = len(layout.hands), layout.viewer
    ints[L.L_PHASE] = 1 if layout.choosing else 0
    ints[L.L_UP] = layout.face_up
    ints[L.L_MISSING_UP] = layout.missing_up
    ints[L.L_EXCHANGED] = layout.exchanged
    ints[L.L_TAIL] = len(layout.tail)
    kind, var = layout.set_aside
    ints[L.L_SET_ASIDE] = SET_ASIDE_KINDS[kind]
    ints[L.L_SET_ASIDE_VAR] = var if kind == "tracked" else -1
    for i, (kind, slots) in enumerate(layout.hands):
        base = L.L_HANDS + L.HAND_STRIDE * i
        ints[base] = HAND_KINDS[kind]
        if kind in ("tracked", "mover"):
            for j in range(L.HAND_STRIDE - 1):
                ints[base + 1 + j] = slots[j] if j < len(slots) else -1
    for j, v in enumerate(layout.tail):
        ints[L.L_TAIL_VARS + j] = v
    ints[L.L_KNOWN] = len(layout.known)
    for j, (o, h) in enumerate(layout.known):
        ints[L.L_KNOWN_PAIRS + 2 * j] = o
        ints[L.L_KNOWN_PAIRS + 2 * j + 1] = h
    return ints


def _assemble(base, ints, values, pools, states_rng):
    from solver.compiled.playouts.runner import assemble_deals

    return assemble_deals(base, ints, values, pools, states_rng)


class CompiledDeals:
    """The estimate's deals as rows of one state array (what the compiled play-outs read), in the order
    they are first needed, laid out by the kernels from the tracked and untouched cards the sampler drew
    (a `Round` only when one is asked for). The same interface and the same deals as the reference's
    `solver.advice.deals.Deals`."""

    def __init__(self, sampler, seed: int):
        self.sampler = sampler
        self.seed0 = seed
        self.types: list = []
        self.seeds: list = []
        self.states = np.zeros((64, compiled_kernels().SIZE), dtype=np.int8)
        self.codes = np.zeros(64, dtype=np.int64)
        self.seed_array = np.zeros(64, dtype=np.uint64)
        self.edition = None
        self._rounds: dict = {}
        self._rows: dict = {}  # layout id -> (its integer row, its fixed part as a state row)

    def __len__(self) -> int:
        return len(self.types)

    def _grow(self, n: int) -> None:
        if n > len(self.codes):
            size = max(n, 2 * len(self.codes))
            extra = size - len(self.codes)
            self.states = np.concatenate([self.states, np.zeros((extra, self.states.shape[1]), dtype=np.int8)])
            self.codes = np.concatenate([self.codes, np.zeros(extra, dtype=np.int64)])
            self.seed_array = np.concatenate([self.seed_array, np.zeros(extra, dtype=np.uint64)])

    def ensure(self, n: int) -> None:
        have = len(self.types)
        if n <= have:
            return
        self._grow(n)
        split = hasattr(self.sampler, "split_counts")
        batches: dict = {}  # type -> rows (deal number, tracked cards, untouched cards' copies, generator)
        for i in range(have, n):
            rng = SplitMix64(deal_seed(self.seed0, i))
            if split:
                t, value, counts = self.sampler.split_counts(rng)
                batches.setdefault(t, []).append((i, value, counts, rng))
            else:
                deal, t = self.sampler(rng)
                self.states[i] = to_array(deal)
                self.seed_array[i] = rng.next64()
                if self.edition is None:
                    self.edition = deal.edition
            self.types.append(t)
            self.codes[i] = model_code(t)
        for t, rows in batches.items():
            layout = self.sampler.layouts[t]
            found = self._rows.get(id(layout))
            if found is None:
                found = self._rows[id(layout)] = (np.array(layout_row(layout), dtype=np.int64), to_array(layout.base),
                                                  layout)
            ints, base, _ = found
            if self.edition is None:
                self.edition = layout.edition
            values = np.array([layout.values_row(v) for _, v, _, _ in rows], dtype=np.int64).reshape(len(rows), -1)
            pools = np.array([counts for _, _, counts, _ in rows], dtype=np.int64).reshape(len(rows), 10)
            rstates = np.array([rng.state for _, _, _, rng in rows], dtype=np.uint64)
            out = _assemble(base, ints, values, pools, rstates)
            for j, (i, _, _, rng) in enumerate(rows):
                self.states[i] = out[j]
                rng.state = int(rstates[j])
                self.seed_array[i] = rng.next64()
        self.seeds = [int(x) for x in self.seed_array[:n]]

    def hand_cards(self, seat: int, k: int):
        """The card `seat` holds on each of the first k deals (its number), as an array."""
        self.ensure(k)
        return self.states[:k, compiled_kernels().HAND + seat].astype(np.int64)

    def round(self, i: int):
        self.ensure(i + 1)
        found = self._rounds.get(i)
        if found is None:
            found = self._rounds[i] = to_round(self.states[i], self.edition)
        return found
