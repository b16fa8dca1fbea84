"""Marginals: the factors combined with the deck-completion count by dynamic programming over
the multiset of cards the variables use (a count vector packed in an int); exact sampling of
the tracked cards (docs/inference.md)."""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from typing import Optional

from solver.rules.cards import Card
from solver.rules.chance import falling

SPY, GUARD, PRIEST, BARON, HANDMAID, PRINCE, CHANCELLOR, KING, COUNTESS, PRINCESS = tuple(Card)
from solver.inference.factors import BITS, Belief, InconsistentRecordError, InferenceBudgetError, packed_counts

# ---------------------------------------------------------------------------------------------
# Marginals
# ---------------------------------------------------------------------------------------------




class Combiner:
    """Sums over the factors' joint assignments times the deck-completion count."""

    def __init__(self, belief: Belief, budget: Optional[int] = None):
        #: Work allowed (sum-product steps of the dynamic programs), None for no limit.
        self.budget = budget
        self.work = belief.work  # one budget for building the belief and combining it
        avail = list(belief.avail)
        factors = []
        self.mass = belief.mass
        for f in belief.factors.values():
            if len(f.table) == 1:  # known cards: fold them into the counts (their weight into the mass)
                (row, w), = f.table.items()
                self.mass *= w
                for c in row:
                    avail[c] -= 1
                factors.append((list(f.vars), {row: 1}, True))
            else:
                factors.append((list(f.vars), f.table, False))
        if min(avail) < 0:
            raise InconsistentRecordError("more copies of a card than the edition has")
        self.avail = avail
        self.factors = factors
        self.pool = sum(avail) - sum(len(v) for v, _, fixed in factors if not fixed)
        self._w: dict = {}
        # Rows grouped by the multiset of cards they use: the completion count only sees that.
        self.deltas = []
        for _, table, _ in factors:
            agg: dict = {}
            for row, w in table.items():
                d = packed_counts(row)
                if d in agg:
                    agg[d][0] += w
                else:
                    agg[d] = [w, tuple(sorted(set(row)))]
            self.deltas.append([(d, w, types) for d, (w, types) in agg.items()])

    def spend(self, steps: int) -> None:
        """Count `steps` of work; InferenceBudgetError once the budget is exceeded."""
        self.work += steps
        if self.budget is not None and self.work > self.budget:
            raise InferenceBudgetError(f"the exact answer needs more than {self.budget:,} steps of work (its budget)")

    def weight(self, u: int) -> int:
        """Number of ways to complete the deck when the variables use the count vector u."""
        w = self._w.get(u)
        if w is None:
            w = 1
            for c, a in enumerate(self.avail):
                k = (u >> (BITS * c)) & 15
                if k > a:
                    w = 0
                    break
                w *= falling(a, k)
            self._w[u] = w
        return w

    def dp(self, skip: int) -> dict:
        states = {0: 1}
        avail = self.avail
        for j, rows in enumerate(self.deltas):
            if j == skip or self.factors[j][2]:
                continue
            self.spend(len(states) * len(rows))
            new: dict = defaultdict(int)
            for u, w in states.items():
                for delta, fw, types in rows:
                    nu = u + delta
                    for c in types:
                        if ((nu >> (BITS * c)) & 15) > avail[c]:
                            break
                    else:
                        new[nu] += w * fw
            states = new
        return states

    def factor_rows(self, j: int) -> list[tuple[tuple, Fraction]]:
        """Posterior of factor j's joint assignment."""
        rows, total = self.factor_weights(j)
        return [(row, Fraction(w, total)) for row, w in rows]

    def factor_weights(self, j: int) -> tuple[list, int]:
        """Factor j's joint assignments with integer weights (the zero ones left out) and their total:
        the posterior of a row is its weight over the total (`factor_rows`, without a Fraction a row)."""
        vars_, table, fixed = self.factors[j]
        if fixed:
            (row, _), = table.items()
            return [(row, 1)], 1
        states = self.dp(j)
        self.spend(len(states) * len(self.deltas[j]))
        completions = {}
        for delta, _, _ in self.deltas[j]:
            s = 0
            for u, w in states.items():
                s += w * self.weight(u + delta)
            completions[delta] = s
        out = [(row, fw * completions[packed_counts(row)]) for row, fw in table.items()]
        total = sum(w for _, w in out)
        if total == 0:
            raise InconsistentRecordError("no deal is consistent with the record")
        return [(row, w) for row, w in out if w], total

    def sampler(self):
        """A function rng -> {var: card} drawing the tracked cards exactly from the posterior:
        a forward pass over the factors, then rows drawn backwards (no product is enumerated)."""
        import bisect

        layers = [{0: 1}]
        order = [j for j in range(len(self.factors)) if not self.factors[j][2]]
        for j in order:
            new: dict = defaultdict(int)
            for u, w in layers[-1].items():
                for delta, fw, types in self.deltas[j]:
                    nu = u + delta
                    if all(((nu >> (BITS * c)) & 15) <= self.avail[c] for c in types):
                        new[nu] += w * fw
            layers.append(new)
        finals = [(u, w * self.weight(u)) for u, w in layers[-1].items()]
        finals = [(u, w) for u, w in finals if w]
        if not finals:
            raise InconsistentRecordError("no deal is consistent with the record")
        cumulative, total = [], 0
        for _, w in finals:
            total += w
            cumulative.append(total)
        fixed = {}
        for vars_, table, is_fixed in self.factors:
            if is_fixed:
                (row, _), = table.items()
                fixed.update(zip(vars_, row))
        # Rows grouped by the card counts they use: a draw picks the group (few of them), then a
        # row inside it by its weight; the group choices for a count vector are memoised.
        groups = {}
        for j in order:
            by: dict = defaultdict(list)
            for row, fw in self.factors[j][1].items():
                by[packed_counts(row)].append((row, fw))
            table = {}
            for d, rows in by.items():
                acc, cum = 0, []
                for _, fw in rows:
                    acc += fw
                    cum.append(acc)
                table[d] = ([r for r, _ in rows], cum, acc)
            groups[j] = table
        memo: dict = {}

        def choices(k: int, u: int):
            found = memo.get((k, u))
            if found is None:
                j = order[k - 1]
                before = layers[k - 1]
                options, acc = [], 0
                for d, (_, _, gw) in groups[j].items():
                    w = gw * before.get(u - d, 0)
                    if w:
                        acc += w
                        options.append((acc, d))
                found = memo[(k, u)] = ([a for a, _ in options], [d for _, d in options], acc)
            return found

        def draw(rng) -> dict:
            u = finals[bisect.bisect_right(cumulative, rng.randrange(total))][0]
            value = dict(fixed)
            for k in range(len(order), 0, -1):
                j = order[k - 1]
                bounds, deltas, acc = choices(k, u)
                d = deltas[bisect.bisect_right(bounds, rng.randrange(acc))]
                rows, cum, gw = groups[j][d]
                row = rows[bisect.bisect_right(cum, rng.randrange(gw))]
                value.update(zip(self.factors[j][0], row))
                u -= d
            return value

        return draw

    def likelihood(self) -> Fraction:
        """The record's likelihood under the belief's model, up to a factor that is the same for
        every model: the factors' combined weight times the deck completions, times the mass
        the belief's weights were scaled by (`Belief.mass`). Its ratio between two models is
        the ratio of the probabilities they give the recorded plays."""
        states = self.dp(-1)
        return self.mass * sum(w * self.weight(u) for u, w in states.items())

    def pool_expectation(self) -> list[Fraction]:
        """E[count of each card in the pool] (untouched hands, set-aside, undrawn deck)."""
        states = self.dp(-1)
        total = 0
        sums = [0] * len(self.avail)
        for u, w in states.items():
            ww = w * self.weight(u)
            if not ww:
                continue
            total += ww
            for c, a in enumerate(self.avail):
                sums[c] += ww * (a - ((u >> (BITS * c)) & 15))
        if total == 0:
            raise InconsistentRecordError("no deal is consistent with the record")
        return [Fraction(s, total) for s in sums]
