"""The estimate's sampling: which plays get which deals (`sample_plays`).

Every play is evaluated on the same deals, in order (deal i is the same deal for every play). Deals
are spent in batches on the contenders only (racing): after each batch a play whose paired difference
to the leader is below zero by more than `ELIMINATE_Z` standard errors stops being sampled. Then a play
dropped on fewer deals than the best is sampled on until it is resolved worse on the deals they share
(so that no play is left half-known beside the best); then the plays not yet told apart from the best,
with the best, go on to more deals (up to the settings' `deal_cap`). Every rule reads the answer's own
quantity (`solver.advice.estimate.values.Quantity`), so what stops the sampling is what the verdict says.
All of it is work (deals, play-outs); the wall clock is only a safety cap (`clock`).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from solver.advice.estimate.settings import ELIMINATE_Z, MORE_STEP, Z_95
from solver.advice.result import CLOSE_POINTS


@dataclass
class PlayResults:
    """One sampled play's figures, deal by deal (the i-th entry of each list is deal i's): the win
    (0 or 1, or a leaf's exact value), the tokens, whether an opponent is knocked out now and whether the
    viewer is out before the next turn."""
    win: list = field(default_factory=list)
    tokens: list = field(default_factory=list)
    knocked: list = field(default_factory=list)
    out_before: list = field(default_factory=list)

    def add(self, win, tokens, knocked, out_before) -> None:
        self.win.append(win)
        self.tokens.append(tokens)
        self.knocked.append(knocked)
        self.out_before.append(out_before)


def leader(plays, quantity):
    """The play with the highest value (then tokens) among those sampled on the most deals."""
    most = max(quantity.count(a) for a in plays)
    return max((a for a in plays if quantity.count(a) == most), key=quantity.mean)


def settled(a, best, quantity) -> bool:
    """`a` is resolved worse than `best`: its paired difference's 95% interval lies below 0."""
    m, se = quantity.paired(a, best)
    return m + Z_95 * se < 0


def told(a, best, quantity) -> bool:
    """More deals would not change what is said of `a` against `best`: resolved worse, or its
    difference's interval already lies within ±`CLOSE_POINTS` (proved close)."""
    m, se = quantity.paired(a, best)
    half = Z_95 * se
    return m + half < 0 or (m - half >= -CLOSE_POINTS and m + half <= CLOSE_POINTS)


def sample_plays(live: list, quantity, play_out, settings, first: int, deadline: float) -> bool:
    """Sample the `live` plays (`play_out(items)` plays out (play, deal number) pairs into the results
    `quantity` reads) as the module docstring says; True when the safety cap stopped it before its
    budget."""
    spent = 0
    deals = settings.deals

    def sample(items: list) -> None:
        nonlocal spent
        play_out(items)
        spent += len(items)

    contenders = list(live)
    n = 0
    clock = False
    while contenders and spent < settings.playout_cap:
        target = min(deals, max(first, n + settings.batch))
        sample([(a, i) for i in range(n, target) for a in contenders])
        n = target
        if time.perf_counter() > deadline:
            clock = n < deals
        if n >= deals or clock:
            break
        lead = max(contenders, key=quantity.mean)
        keep = []
        for a in contenders:
            if a is lead:
                keep.append(a)
                continue
            m, se = quantity.paired(a, lead)
            if se == 0 and m == 0:
                continue  # the same result as the leader on every deal so far: settled below
            if m + ELIMINATE_Z * se >= 0:
                keep.append(a)
        contenders = keep
    while not clock:
        best = leader(live, quantity)
        have = quantity.count(best)
        pending = [a for a in live if quantity.count(a) < have and not settled(a, best, quantity)]
        if not pending:
            break
        items = []
        for a in pending:
            k = quantity.count(a)
            items.extend((a, i) for i in range(k, min(have, k + settings.batch)))
        sample(items)
        if time.perf_counter() > deadline:
            clock = True
    most = settings.deal_cap
    while not clock:
        best = leader(live, quantity)
        have = quantity.count(best)
        open_plays = [a for a in live if a != best and quantity.count(a) == have and not told(a, best, quantity)]
        if not open_plays or have >= most:
            break
        sample([(a, i) for i in range(have, min(most, have + MORE_STEP)) for a in [best] + open_plays])
        if time.perf_counter() > deadline:
            clock = True
    return clock
