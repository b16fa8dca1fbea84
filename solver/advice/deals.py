"""The estimate's sampled deals: where a record's deal puts its cards (`DealLayout`), and the deals
themselves, drawn in the order they are first needed (`Deals`; `make_deals` on the path in use:
`CompiledDeals` keeps them as the compiled core's arrays). Deal i is drawn with its own generator
(`SplitMix64(deal_seed(seed, i))`), so the same seed gives the same deals on both paths."""

from __future__ import annotations

import numpy as np

from solver.compiled import (assemble_deals, deals_on_path, layout as L, model_code, state_hands, state_size, to_array,
                             to_round)
from solver.rules.cards import Card
from solver.rules.rng import MASK64, SplitMix64
from solver.rules.state import CHANCELLOR, Round


class DealLayout:
    """Where a record's deal puts its cards: the tracked cards (a variable each) and the untouched ones
    (shuffled, then dealt in slot order: untouched hands by seat, the set-aside card, the deck from the
    top, missing face-up cards), around what the record fixes (discards, who is out or protected, the
    face-up cards it names, who is to move): `of`, with its own `assemble` (values and shuffled pool ->
    `Round`, the reference path). `ints` (laid out by `solver.compiled.layout`'s named offsets), `base` and
    `var_index` are what the compiled path reads (`solver.compiled.assemble_deals`), which gives the
    same deal as an array."""

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

        ints = [0] * L.L_SIZE
        ints[L.L_PLAYERS], ints[L.L_VIEWER] = n, record.viewer
        ints[L.L_PHASE] = 1 if phase == CHANCELLOR else 0
        up = tuple(record.face_up)
        ints[L.L_UP] = len(up)
        ints[L.L_MISSING_UP] = record.edition.face_up_count(n) - len(up)
        ints[L.L_EXCHANGED] = final.public.deck_size - len(belief.tail)
        ints[L.L_TAIL] = len(belief.tail)
        sa = belief.set_aside
        ints[L.L_SET_ASIDE] = 0 if sa is None else 1 if sa == UNOPENED else 2
        ints[L.L_SET_ASIDE_VAR] = var(sa) if ints[L.L_SET_ASIDE] == 2 else -1
        for i, v in enumerate(belief.hand):
            base = L.L_HANDS + L.HAND_STRIDE * i
            if v is None:
                ints[base] = L.HAND_NONE
            elif isinstance(v, tuple):
                ints[base] = L.HAND_MOVER
                for j, x in enumerate(v):
                    ints[base + 1 + j] = var(x)
                for j in range(len(v), L.HAND_STRIDE - 1):
                    ints[base + 1 + j] = -1
            elif v == UNOPENED:
                ints[base] = L.HAND_UNTOUCHED
            else:
                ints[base] = L.HAND_TRACKED
                ints[base + 1] = var(v)
        for j, v in enumerate(belief.tail):
            ints[L.L_TAIL_VARS + j] = var(v)
        known = sorted(belief.known)
        ints[L.L_KNOWN] = len(known)
        for j, (o, h) in enumerate(known):
            ints[L.L_KNOWN_PAIRS + 2 * j] = o
            ints[L.L_KNOWN_PAIRS + 2 * j + 1] = h
        self.var_index = index
        # the fixed part as a round (the hands and the deck filled per deal)
        blank = Card(0)
        skeleton = Round(record.edition, tuple(() if v is None else (blank,) * (len(v) if isinstance(v, tuple) else 1)
                                               for v in belief.hand),
                         tuple(tuple(p) for p in piles), final.public.out, final.public.protected,
                         (blank,) * final.public.deck_size, None if sa is None else blank, up, record.viewer,
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

    def hand_cards(self, seat: int, k: int):
        """The card `seat` holds on each of the first k deals (its number; the first card of a hand),
        as an array."""
        self.ensure(k)
        return np.array([int(r.hands[seat][0]) for r in self.rounds[:k]], dtype=np.int64)


class CompiledDeals(Deals):
    """`Deals` on the compiled path: the deals as rows of one array (what the compiled play-outs read),
    laid out by `solver.compiled.assemble_deals` from the tracked and untouched cards the sampler drew
    (the same deals; a `Round` only when one is asked for)."""

    def __init__(self, sampler, seed: int):
        super().__init__(sampler, seed)
        self.states = np.zeros((64, state_size()), dtype=np.int8)
        self.codes = np.zeros(64, dtype=np.int64)
        self.seed_array = np.zeros(64, dtype=np.uint64)
        self.edition = None
        self._rounds: dict = {}

    def ensure(self, n: int) -> None:
        have = len(self.kinds)
        if n <= have:
            return
        if n > len(self.codes):
            size = max(n, 2 * len(self.codes))
            self.states = np.concatenate([self.states, np.zeros((size - len(self.codes), self.states.shape[1]),
                                                                  dtype=np.int8)])
            self.codes = np.concatenate([self.codes, np.zeros(size - len(self.codes), dtype=np.int64)])
            self.seed_array = np.concatenate([self.seed_array, np.zeros(size - len(self.seed_array), dtype=np.uint64)])
        split = hasattr(self.sampler, "split_counts")
        batches: dict = {}  # layout -> rows (deal number, tracked cards, untouched cards' copies, generator)
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
            self.kinds.append(t)
            self.codes[i] = model_code(t)
        for t, rows in batches.items():
            layout = self.sampler.layouts[t]
            if layout.arrays is None:
                layout.arrays = (np.array(layout.ints, dtype=np.int64), to_array(layout.base))
            ints, base = layout.arrays
            if self.edition is None:
                self.edition = layout.edition
            values = np.array([layout.values_row(v) for _, v, _, _ in rows], dtype=np.int64).reshape(len(rows), -1)
            pools = np.array([counts for _, _, counts, _ in rows], dtype=np.int64).reshape(len(rows), 10)
            rstates = np.array([rng.state for _, _, _, rng in rows], dtype=np.uint64)
            out = assemble_deals(base, ints, values, pools, rstates)
            for j, (i, _, _, rng) in enumerate(rows):
                self.states[i] = out[j]
                rng.state = int(rstates[j])
                self.seed_array[i] = rng.next64()
        self.seeds = [int(x) for x in self.seed_array[:n]]

    def hand_cards(self, seat: int, k: int):
        self.ensure(k)
        return state_hands(self.states[:k], seat)

    def round(self, i: int):
        self.ensure(i + 1)
        found = self._rounds.get(i)
        if found is None:
            found = self._rounds[i] = to_round(self.states[i], self.edition)
        return found


def deal_seed(seed: int, i: int) -> int:
    """The generator's seed of deal i of an estimate seeded `seed`."""
    return (SplitMix64(seed).next64() + (i + 1) * 0xD1B54A32D192ED03) & MASK64


def make_deals(sampler, seed: int):
    """The estimate's deals from `sampler` (a `solver.advice.worlds.TypedSampler`, or any function
    rng -> (deal, type)) on the path in use (`Deals`; the compiled path keeps them as arrays)."""
    return deals_on_path(Deals, CompiledDeals, sampler, seed)
