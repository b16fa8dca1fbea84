"""The estimate's sampled deals: where a record's deal puts its cards (`DealLayout`), and the deals
themselves, drawn in the order they are first needed (`Deals`; `make_deals` on the path in use, which
the seam chooses: on the compiled path `solver.compiled.deals.CompiledDeals` keeps them as the compiled
core's arrays). Deal i is drawn with its own generator
(`SplitMix64(deal_seed(seed, i))`), so the same seed gives the same deals on both paths."""

from __future__ import annotations

import numpy as np

from solver.compiled import make_deals as compiled_make_deals
from solver.rules.cards import Card
from solver.rules.rng import SplitMix64, deal_seed
from solver.rules.state import CHANCELLOR, Round


class DealLayout:
    """Where a record's deal puts its cards: the tracked cards (a variable each, numbered in `var_index`)
    and the untouched ones (shuffled, then dealt in slot order: untouched hands by seat, the set-aside
    card, the deck from the top, missing face-up cards), around what the record fixes (discards, who is
    out or protected, the face-up cards it names, who is to move): `of`, with its own `assemble` (values
    and shuffled pool -> `Round`, the reference path). `hands` ((kind, tracked variables) per seat; kind
    "out", "tracked", "untouched" or "mover"), `set_aside` ((kind, variable)), `tail`, `known`,
    `face_up`, `missing_up`, `exchanged`, `choosing` and `base` describe it; the compiled path writes
    them as its own row (`solver.compiled.deals.layout_row`) and gives the same deal as an array."""

    __slots__ = ("assemble", "base", "var_index", "edition", "viewer", "choosing", "face_up", "missing_up",
                 "exchanged", "tail", "set_aside", "hands", "known")

    @classmethod
    def of(cls, record, belief, final, piles, assemble, phase: str, unopened: int) -> "DealLayout":
        """`unopened`: the belief's mark of an untouched slot (`solver.inference.factors.UNOPENED`)."""
        self = cls()
        self.assemble = assemble
        self.edition = record.edition
        n = record.n_players
        index: dict = {}

        def var(v) -> int:
            if v not in index:
                index[v] = len(index)
            return index[v]

        self.viewer = record.viewer
        self.choosing = phase == CHANCELLOR
        up = tuple(record.face_up)
        self.face_up = len(up)
        self.missing_up = record.edition.face_up_count(n) - len(up)
        self.exchanged = final.public.deck_size - len(belief.tail)  # untouched cards at the deck's top
        sa = belief.set_aside
        self.set_aside = (None, -1) if sa is None else ("untouched", -1) if sa == unopened else ("tracked", var(sa))
        hands = []
        for v in belief.hand:
            if v is None:
                hands.append(("out", ()))
            elif isinstance(v, tuple):
                hands.append(("mover", tuple(var(x) for x in v)))
            elif v == unopened:
                hands.append(("untouched", ()))
            else:
                hands.append(("tracked", (var(v),)))
        self.hands = tuple(hands)
        self.tail = tuple(var(v) for v in belief.tail)  # tracked cards under them, from the top
        self.known = tuple(sorted(belief.known))  # (observer, holder) pairs remembered
        self.var_index = index
        # the fixed part as a round (the hands and the deck filled per deal)
        blank = Card(0)
        self.base = Round(record.edition, tuple(() if v is None else (blank,) * (len(v) if isinstance(v, tuple) else 1)
                                                for v in belief.hand),
                          tuple(tuple(p) for p in piles), final.public.out, final.public.protected,
                          (blank,) * final.public.deck_size, None if sa is None else blank, up, record.viewer,
                          phase, len(record.turns))
        return self

    def values_row(self, value: dict) -> list:
        row = [0] * max(len(self.var_index), 1)
        for v, j in self.var_index.items():
            row[j] = int(value[v])
        return row


class Deals:
    """The estimate's sampled deals, in the order they are first needed: deal i drawn with its own
    generator (`SplitMix64(deal_seed(seed, i))`: its type, tracked cards and untouched cards, shuffled),
    then the play-out's seed from the same generator. The reference path keeps each as a `Round`; the
    compiled one (`solver.compiled.deals.CompiledDeals`) as a state row (the same deal)."""

    def __init__(self, sampler, seed: int):
        self.sampler = sampler
        self.seed0 = seed
        self.rounds: list = []
        self.types: list = []
        self.seeds: list = []

    def __len__(self) -> int:
        return len(self.types)

    def ensure(self, n: int) -> None:
        while len(self.types) < n:
            i = len(self.types)
            rng = SplitMix64(deal_seed(self.seed0, i))
            if hasattr(self.sampler, "split"):
                t, value, pool = self.sampler.split(rng)
                rng.shuffle(pool)
                self.rounds.append(self.sampler.layouts[t].assemble(value, pool))
            else:
                deal, t = self.sampler(rng)
                self.rounds.append(deal)
            self.types.append(t)
            self.seeds.append(rng.next64())

    def round(self, i: int) -> Round:
        self.ensure(i + 1)
        return self.rounds[i]

    def hand_cards(self, seat: int, k: int):
        """The card `seat` holds on each of the first k deals (its number; the first card of a hand),
        as an array."""
        self.ensure(k)
        return np.array([int(r.hands[seat][0]) for r in self.rounds[:k]], dtype=np.int64)


def make_deals(sampler, seed: int):
    """The estimate's deals from `sampler` (a `solver.advice.worlds.TypedSampler`, or any function
    rng -> (deal, type)) on the path in use, which the seam chooses (`solver.compiled.make_deals`:
    `Deals` here on the reference path; the compiled path keeps them as arrays)."""
    return compiled_make_deals(Deals, sampler, seed)
