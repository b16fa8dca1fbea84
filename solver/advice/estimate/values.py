"""The estimate's quantity, deal by deal, and its statistics (`Quantity`).

The quantity is the chance to win when the viewer makes the play and then follows the advice at its
later turns as the estimate plays them (`solver.advice.playouts`): each deal's play-out gives 0 or 1
(or an exact leaf's value). Every play is evaluated on the same deals, so two plays' difference is
measured deal by deal (paired). Two refinements of the plain mean keep that pairing, because both
are the same for every play on a deal:

* **The opponent's card, weighed exactly** (2 players, exact posterior: `Strata`). The exact posterior
  gives the chance of each card the opponent may hold; the sampled deals hold each with a sampled
  frequency. Each deal is weighed by exact over sampled frequency of its opponent's card
  (post-stratification), so the deals stand for the cards in their exact proportions: a Guard naming
  the Priest counts its hits exactly as often as the Priest is there, and a play's chance to win is
  never below its chance to knock the opponent out now (`RankedAction.knock_out_now`, exact). A card
  the deals never gave the opponent (a rare one) is counted with the play's certain outcome when the
  play settles the round at once against it (a knock-out, a loss), else at the play's own average.
* **A guess that can hit is worth at least a sure miss** (`misses`). A Guard guess that misses leaves
  the same round as a guess that cannot hit at that target; the viewer may ignore what the miss told
  it. So on a deal where the guess misses, the guess can be valued by the sure miss's play-out of that
  deal: both ways are the value of a policy the viewer can follow, and the guess takes the better of the
  two on its deals. In a 2-player round its value is then never below the sure miss's.
"""

from __future__ import annotations

import math
from typing import Optional

import numpy as np

from solver.advice.estimate.settings import Z_95


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval of a proportion."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * ((p * (1 - p) / n + z * z / (4 * n * n)) ** 0.5) / (1 + z * z / n)
    # The interval always contains the estimate (rounding could push an end past it at 0 or 1).
    return max(0.0, min(centre - half, p)), min(1.0, max(centre + half, p))


class Strata:
    """The opponent's card at the decision as strata of the deals (the module docstring).

    `cards(k)`: the opponent's card (its number) on each of the first k deals; `probs[c]`: its exact
    chance; `certain[action][c]`: (win, tokens) when the play settles the round at once against card c,
    else absent."""

    def __init__(self, cards, probs: np.ndarray, certain: dict):
        self.cards = cards
        self.probs = probs
        self.certain = certain
        self._weights: dict = {}

    def weights(self, k: int) -> tuple:
        """(w, represented): each of the first k deals' weight (their mean is 1) and which cards occur."""
        found = self._weights.get(k)
        if found is None:
            cards = self.cards(k)
            counts = np.bincount(cards, minlength=10).astype(np.float64)
            represented = counts > 0
            pr = float(self.probs[represented].sum())
            share = np.zeros(10)
            share[represented] = self.probs[represented] / (pr * counts[represented] / k)
            found = self._weights[k] = (share[cards], represented)
        return found

    def affine(self, action, k: int) -> tuple:
        """(w, coefficient, win constant, tokens constant) of `action` over its first k deals: its value
        is coefficient x mean(w x outcome) + constant (the cards the deals never gave the opponent:
        the certain outcome where there is one, else the play's own average)."""
        w, represented = self.weights(k)
        coefficient = float(self.probs[represented].sum())
        kw = kt = 0.0
        sure = self.certain.get(action, {})
        for c in np.nonzero(~represented & (self.probs > 0))[0]:
            p = float(self.probs[c])
            if int(c) in sure:
                kw += p * sure[int(c)][0]
                kt += p * sure[int(c)][1]
            else:
                coefficient += p
        return w, coefficient, kw, kt


class Quantity:
    """Each play's values deal by deal, as the answer reads them (the module docstring), over the
    sampled `results` (`PlayResults` per play, changed as the sampling goes on); `strata` or None (every
    deal weighs 1); `misses[guess]`: the sure miss sampled at the guess's target."""

    def __init__(self, results: dict, strata: Optional[Strata] = None, misses: Optional[dict] = None):
        self.results = results
        self.strata = strata
        self.misses = misses or {}

    def count(self, a) -> int:
        return len(self.results[a].win)

    def values(self, a, k: Optional[int] = None) -> tuple:
        """(win, tokens) values of play `a` on its first k deals (all of them by default), as arrays."""
        r = self.results[a]
        k = len(r.win) if k is None else k
        win = np.asarray(r.win[:k], dtype=np.float64)
        tokens = np.asarray(r.tokens[:k], dtype=np.float64)
        lead = self.misses.get(a)
        if lead is not None and len(self.results[lead].win) >= k:
            hit = np.asarray(r.knocked[:k], dtype=bool)
            other = self.results[lead]
            alt_win = np.where(hit, win, np.asarray(other.win[:k], dtype=np.float64))
            alt_tokens = np.where(hit, tokens, np.asarray(other.tokens[:k], dtype=np.float64))
            if self._plain_mean(a, alt_win, k) > self._plain_mean(a, win, k):
                win, tokens = alt_win, alt_tokens
        if self.strata is None or k == 0:
            return win, tokens
        w, coefficient, kw, kt = self.strata.affine(a, k)
        return coefficient * w * win + kw, coefficient * w * tokens + kt

    def _plain_mean(self, a, win, k) -> float:
        if self.strata is None:
            return float(win.mean()) if k else 0.0
        w, coefficient, kw, _ = self.strata.affine(a, k)
        return coefficient * float((w * win).mean()) + kw

    def mean(self, a, k: Optional[int] = None) -> tuple[float, float]:
        win, tokens = self.values(a, k)
        return (float(win.mean()), float(tokens.mean())) if len(win) else (0.0, 0.0)

    def paired(self, a, b) -> tuple[float, float]:
        """Mean and standard error of a - b over their common deals."""
        n = min(self.count(a), self.count(b))
        da = self.values(a, n)[0]
        db = self.values(b, n)[0]
        if n < 2:
            return float((da - db).mean()) if n else 0.0, 1.0
        d = da - db
        m = float(d.sum()) / n
        var = float(((d - m) ** 2).sum()) / (n - 1)
        return m, math.sqrt(var / n)

    def interval(self, a) -> tuple[float, float]:
        """95% interval of a play's value: Wilson's for plain 0/1 outcomes, else the normal one."""
        win = self.values(a)[0]
        k = len(win)
        if k == 0:
            return 0.0, 1.0
        if self.strata is None and np.all((win == 0) | (win == 1)):
            return wilson(int(win.sum()), k)
        m = float(win.mean())
        sd = math.sqrt(max(float(((win - m) ** 2).sum()) / max(k - 1, 1), 1e-12))
        half = Z_95 * sd / math.sqrt(k)
        return max(0.0, m - half), min(1.0, m + half)

    def matrix(self, plays: list, k: int) -> np.ndarray:
        """The plays' win values on the first k deals, one row a play."""
        return np.array([self.values(a, k)[0] for a in plays], dtype=np.float64)
