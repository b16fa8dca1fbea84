"""Exact inference: the hidden cards consistent with a round record, as exact fractions.

Method (docs/inference.md has the derivation). Under the counting model every ordering of
the card *types* in the shuffled deck is equally likely, so the probability of an assignment
of types to the hidden slots we track is proportional to

    (constraints from the record)  x  (number of ways to complete the rest of the deck),

and the second factor is a product of falling factorials of the unseen counts. Slots nobody
has learned anything about (an untouched hand, the set-aside card, the undrawn part of the
deck) stay in an exchangeable *pool* and are never enumerated. Every other slot is a
variable; variables live in small *factors* (tables of joint assignments -> integer weight)
that only merge when the record ties them together (a Baron tie, a King trade of unknown
cards, a Chancellor's returned cards drawn later). A turn rewrites the factor of the player
who moved: (hand, drawn card) -> kept card, weighted by the opponent model.

Marginals combine the factors with the completion count by dynamic programming over the
multiset of cards the variables use (a count vector packed in an int), leaving one factor out
at a time. Deck orders are never enumerated.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from fractions import Fraction
from math import lcm
from typing import Optional

from solver.rules.cards import Card
from solver.rules.editions import Edition
from solver.rules.errors import LoveLetterError
from solver.policies.models import get_model
from solver.records.record import Record, RecordError
from solver.records.replay import Final, add_public_cards, walk
from solver.rules.round_rules import chancellor_choices

SPY, GUARD, PRIEST, BARON, HANDMAID, PRINCE, CHANCELLOR, KING, COUNTESS, PRINCESS = tuple(Card)
UNOPENED = -1  # an untouched slot: still part of the exchangeable pool
BITS = 4


class InconsistentRecordError(RecordError):
    rule = "inconsistent"


class InferenceTooLargeError(RecordError):
    """The exact joint of the tied hidden cards would be too large to hold (card counters'
    memories and Chancellor returns can tie many cards together). Refused, never approximated."""

    rule = "inference-too-large"


class InferenceBudgetError(InferenceTooLargeError):
    """The exact answer needs more work than the caller's budget allows (`infer(..., budget=)`):
    refused, never approximated, and never a claim that the record is inconsistent."""

    rule = "inference-budget"


#: The largest joint table of tied hidden cards the exact inference builds.
MAX_ROWS = 200_000


@dataclass
class Factor:
    vars: list
    table: dict  # tuple of cards -> int weight


class Belief:
    """The viewer's joint belief about the hidden cards, updated turn by turn."""

    def __init__(self, edition: Edition, n_players: int):
        self.edition = edition
        self.avail = [edition.count(c) for c in Card]  # cards not yet known to be fixed
        self.factors: dict[int, Factor] = {}
        self.var_fid: dict[int, int] = {}
        self._next = 0
        self._next_fid = 0
        self.hand: list = [UNOPENED] * n_players  # var id, UNOPENED, or None (out of the round)
        self.set_aside: Optional[int] = UNOPENED  # var id, UNOPENED, or None (drawn)
        self.tail: list[int] = []  # cards a Chancellor put under the deck, in draw order
        self.retired: list[int] = []  # vars whose card left play unseen (kept for the counts)
        #: (observer, holder) pairs: the observer remembers the holder's hand (solver.rules.memory).
        self.known: set = set()
        self.where = ""
        #: Work allowed (rows visited, weighted calls of the opponent model) and done so far.
        self.budget: Optional[int] = None
        self.work = 0

    def spend(self, steps: int) -> None:
        """Count `steps` of work; InferenceBudgetError once the budget is exceeded."""
        self.work += steps
        if self.budget is not None and self.work > self.budget:
            raise InferenceBudgetError(f"the exact answer needs more than {self.budget:,} steps of work (its budget)",
                                       where=self.where)

    # -- variables and factors ------------------------------------------------------------------
    def _new_factor(self, vars_, table) -> int:
        fid = self._next_fid
        self._next_fid += 1
        self.factors[fid] = Factor(list(vars_), table)
        for v in vars_:
            self.var_fid[v] = fid
        return fid

    def new_var(self) -> int:
        """Open a fresh slot drawn from the pool: uniform weights (the completion count does
        the rest)."""
        v = self._next
        self._next += 1
        self._new_factor([v], {(c,): 1 for c in Card if self.avail[c] > 0})
        return v

    def hand_var(self, seat: int) -> int:
        v = self.hand[seat]
        if v == UNOPENED:
            v = self.hand[seat] = self.new_var()
        return v

    def draw(self, deck_size: int) -> int:
        """The top card of a deck holding `deck_size` cards."""
        exchangeable = deck_size - len(self.tail)
        if exchangeable > 0:
            return self.new_var()
        if not self.tail:
            raise InconsistentRecordError("a card was drawn from an empty deck", where=self.where)
        return self.tail.pop(0)

    def merge(self, vars_) -> int:
        """One factor holding all of `vars_` (their factors multiplied); its id."""
        fids = []
        for v in vars_:
            fid = self.var_fid[v]
            if fid not in fids:
                fids.append(fid)
        if len(fids) == 1:
            return fids[0]
        # Multiply the smallest tables first and drop, as they appear, joint rows that use more
        # copies of a card than are still unaccounted for: only the rows that can happen count
        # against the limit.
        fids.sort(key=lambda fid: len(self.factors[fid].table))
        # Card counts packed 4 bits a card, offset so that a count over the limit sets the
        # nibble's high bit: a row is possible iff (its packed counts + offset) & HIGH == 0.
        offset = sum((7 - max(a, 0)) << (BITS * c) for c, a in enumerate(self.avail))
        high = sum(8 << (BITS * c) for c in range(len(self.avail)))
        merged_vars: list = []
        table = {(): (1, 0)}
        for fid in fids:
            f = self.factors[fid]
            merged_vars.extend(f.vars)
            rows_b = [(b, wb, _delta(b)) for b, wb in f.table.items()]
            new: dict = {}
            for a, (wa, da) in table.items():
                base = da + offset
                for b, wb, db in rows_b:
                    if (base + db) & high:
                        continue
                    new[a + b] = (wa * wb, da + db)
                if len(new) > MAX_ROWS:
                    raise InferenceTooLargeError(
                        f"the exact answer would have to weigh more than {MAX_ROWS:,} joint cases of hidden cards "
                        "tied together (what card counters remember, cards under the deck)", where=self.where)
            table = new
        for fid in fids:
            del self.factors[fid]
        return self._new_factor(merged_vars, {row: w for row, (w, _) in table.items()})

    def _nonempty(self, f: Factor, why: str) -> None:
        if not f.table:
            raise InconsistentRecordError(f"no deal is consistent with the record ({why})", where=self.where)

    def condition(self, vars_, pred, why: str) -> None:
        f = self.factors[self.merge(vars_)]
        self.spend(len(f.table))
        idx = [f.vars.index(v) for v in vars_]
        f.table = {row: w for row, w in f.table.items() if pred(*(row[i] for i in idx))}
        self._nonempty(f, why)

    def fix(self, v: int, card: Card, why: str) -> None:
        """The slot's card became known and left the hidden state (a public discard)."""
        fid = self.var_fid.pop(v)
        f = self.factors[fid]
        i = f.vars.index(v)
        table: dict = defaultdict(int)
        for row, w in f.table.items():
            if row[i] == card:
                table[row[:i] + row[i + 1:]] += w
        f.vars.pop(i)
        f.table = dict(table)
        self._nonempty(f, why)
        if not f.vars:
            del self.factors[fid]
        self.avail[card] -= 1
        if self.avail[card] < 0:
            raise InconsistentRecordError(f"more {card.title} cards than the edition has", where=self.where)

    def rewrite(self, in_vars, n_out: int, fn) -> list[int]:
        """Replace `in_vars` by `n_out` new vars: each row's weight is spread over fn(values)
        -> [(new values, weight), ...]. Weights are scaled to integers per call."""
        fid = self.merge(in_vars)
        f = self.factors[fid]
        idx = [f.vars.index(v) for v in in_vars]
        keep = [i for i in range(len(f.vars)) if i not in idx]
        memo: dict = {}
        for row in f.table:
            vals = tuple(row[i] for i in idx)
            if vals not in memo:
                memo[vals] = fn(vals)
        self.spend(len(f.table) + 10 * len(memo))  # a call of `fn` (the opponent model) costs more
        denominators = [w.denominator for outs in memo.values() for _, w in outs if isinstance(w, Fraction)]
        scale = lcm(*denominators) if denominators else 1
        memo = {vals: [(o, int(lw * scale)) for o, lw in outs if lw] for vals, outs in memo.items()}
        table: dict = defaultdict(int)
        for row, w in f.table.items():
            vals = tuple(row[i] for i in idx)
            base = tuple(row[i] for i in keep)
            for outs, iw in memo[vals]:
                table[base + outs] += w * iw
        new_vars = list(range(self._next, self._next + n_out))
        self._next += n_out
        for v in in_vars:
            del self.var_fid[v]
        f.vars = [f.vars[i] for i in keep] + new_vars
        f.table = dict(table)
        for v in new_vars:
            self.var_fid[v] = fid
        self._nonempty(f, "the plays recorded are impossible with any cards")
        return new_vars

    def retire(self, v: int) -> None:
        self.retired.append(v)

    def pool_size(self) -> int:
        n_vars = sum(len(f.vars) for f in self.factors.values())
        return sum(self.avail) - n_vars


# ---------------------------------------------------------------------------------------------
# Walking a record
# ---------------------------------------------------------------------------------------------

def final_turn_choosing(record: Record, k: int, t) -> bool:
    """The record stops while the viewer decides what to keep from their Chancellor."""
    return (k == len(record.turns) and t.player == record.viewer and t.card is CHANCELLOR
            and t.keep is None and not t.bottom and bool(t.chancellor_drew))


def build_belief(record: Record, model="uniform", budget: Optional[int] = None) -> tuple[Belief, Final]:
    model = get_model(model)
    from solver.policies.models import MODELS

    counting = MODELS["uniform"]
    e = record.edition
    b = Belief(e, record.n_players)
    b.budget = budget
    viewer = record.viewer
    for c in record.face_up:
        b.avail[c] -= 1
    if viewer is not None and record.dealt is not None:
        v = b.hand_var(viewer)
        b.condition([v], lambda x: x == record.dealt, "the viewer's dealt card")
    final: list = []
    value = e.value_of
    piles: list[list] = [[] for _ in record.seats]  # public discards before each play
    memory: set = set()  # (observer, holder): the observer knows the holder's current hand var
    track = getattr(model, "uses_memory", False)
    for k, t, pub in walk(record, final):
        b.where = f"turn {k}"
        p = t.player
        me = p == viewer
        v = b.hand_var(p)
        d = b.draw(pub.deck_size)
        if me and t.drew is not None:
            b.condition([d], lambda x, c=t.drew: x == c, "the viewer's draw")
        if t.card is None:  # the viewer drew and is to play: both cards stay in hand
            b.hand[p] = (v, d)
            continue  # (it is the last turn; let the walk finish)
        card = t.card
        chooser = counting if me else model
        public = {"discards": [tuple(c for c in x if c is not None) for x in piles], "face_up": record.face_up}
        add_public_cards(piles, t)
        # Memory (solver.rules.memory): others forget the player's card as they play; a model that
        # uses memory sees the remembered hands, whose variables join the player's factor.
        memory = {k for k in memory if k[1] != p}
        holders = sorted(h for o, h in memory if o == p) if getattr(chooser, "uses_memory", False) else []

        def play_fn(vals, card=card, t=t, pub=pub, p=p, chooser=chooser, public=public, holders=holders):
            a, c = vals[:2]
            if a != card and c != card:
                return []
            kept = c if a == card else a
            hand = (a, c) if a <= c else (c, a)
            seen = {**public, "known": dict(zip(holders, vals[2:]))} if holders else public
            lik = chooser.play_likelihood(e, p, pub.out, pub.protected, hand, card, t.target, t.guess,
                                          public=seen)
            return [((kept, *vals[2:]), lik)] if lik else []

        new_vars = b.rewrite([v, d, *(b.hand_var(h) for h in holders)], 1 + len(holders), play_fn)
        v2 = new_vars[0]
        for h, nv in zip(holders, new_vars[1:]):
            b.hand[h] = nv
        b.avail[card] -= 1
        b.hand[p] = v2
        target = t.target
        outs = dict(t.out)
        memory = _remember_turn(memory, t, p, outs, b if track else None)
        if card is GUARD and target is not None and t.guess is not None:
            vt = b.hand_var(target)
            if t.result == "hit":
                b.fix(vt, t.guess, "the Guard's hit")
                b.hand[target] = None
            elif t.result == "miss":
                b.condition([vt], lambda x, g=t.guess: x != g, "the Guard's miss")
        elif card is PRIEST and me and target is not None and t.saw is not None:
            b.condition([b.hand_var(target)], lambda x, s=t.saw: x == s, "what the Priest saw")
        elif card is BARON and target is not None:
            vt = b.hand_var(target)
            if t.saw is not None:
                other = vt if me else v2
                b.condition([other], lambda x, s=t.saw: x == s, "the Baron comparison")
            if t.result == "tie":
                b.condition([v2, vt], lambda x, y: x == y, "the Baron tie")
            elif outs:
                (loser, revealed), = outs.items()
                vl, vw = (v2, vt) if loser == p else (vt, v2)
                if revealed is not None:
                    b.condition([vl, vw], lambda l, w, r=revealed: l == r and value[w] > value[r],
                                "the Baron comparison")
                    b.fix(vl, revealed, "the Baron loser's card")
                else:
                    b.condition([vl, vw], lambda l, w: value[l] < value[w], "the Baron comparison")
                    b.retire(vl)
                b.hand[loser] = None
        elif card is PRINCE and target is not None:
            vt = b.hand_var(target)
            if t.discarded is not None:
                b.fix(vt, t.discarded, "the card the Prince made them discard")
            else:
                b.condition([vt], lambda x: x != PRINCESS, "the Prince's target stayed in the round")
                b.retire(vt)
            if t.discarded is PRINCESS:
                b.hand[target] = None
            else:
                left = pub.deck_size - 1
                if left > 0:
                    nv = b.draw(left)
                else:
                    if b.set_aside == UNOPENED:
                        b.set_aside = b.new_var()
                    nv, b.set_aside = b.set_aside, None
                b.hand[target] = nv
                if target == viewer and t.new is not None:
                    b.condition([nv], lambda x, c=t.new: x == c, "the viewer's new card")
        elif card is CHANCELLOR:
            left = pub.deck_size - 1
            n_draw = min(2, left)
            if n_draw:
                drawn = [b.draw(left - i) for i in range(n_draw)]
                if me and t.chancellor_drew:
                    for var, c in zip(drawn, t.chancellor_drew):
                        b.condition([var], lambda x, c=c: x == c, "the viewer's Chancellor draw")
                if final_turn_choosing(record, k, t):
                    b.hand[p] = (v2, *drawn)  # the viewer is choosing what to keep
                    continue

                def chancellor_fn(vals, me=me, t=t):
                    choices = chancellor_choices(vals)[0]
                    outs_ = []
                    for ch in choices:
                        if me:
                            ok = (t.keep is None or ch.keep == t.keep) and (not t.bottom or ch.bottom == t.bottom)
                            lik = Fraction(1) if ok else Fraction(0)
                        else:
                            lik = model.chancellor_likelihood(vals, ch, public=public)
                        if lik:
                            outs_.append(((ch.keep, *ch.bottom), lik))
                    return outs_

                new = b.rewrite([v2, *drawn], 1 + n_draw, chancellor_fn)
                b.hand[p] = new[0]
                b.tail.extend(new[1:])
        elif card is KING and target is not None:
            b.hand[p], b.hand[target] = b.hand[target], b.hand[p]
            if viewer in (p, target) and t.got is not None:
                b.condition([b.hand_var(viewer)], lambda x, c=t.got: x == c, "the card the King gave the viewer")
        elif card is PRINCESS:
            revealed = outs.get(p)
            if revealed is not None:
                b.fix(v2, revealed, "the card discarded with the Princess")
            else:
                b.retire(v2)
            b.hand[p] = None
        # Guard hits are handled above; a Baron or Princess knock-out too.
    b.known = memory
    return b, final[0]


def _remember_turn(memory: set, t, p: int, outs: dict, b) -> set:
    """The memory pairs after a turn's effects, by the rule of `solver.rules.memory.remember`: a
    Priest look, a Baron tie and a King trade add pairs; a Prince's target and knocked-out
    players are forgotten; a trade moves the others' pairs with the cards. With `b`, the
    holders' hand variables are opened so that the pairs always point at a variable."""
    card, target = t.card, t.target
    added = []
    if target is not None:
        if card is PRIEST:
            added = [(p, target)]
        elif card is BARON and t.result == "tie":
            added = [(p, target), (target, p)]
        elif card is KING:
            memory = {(o, target if h == p else p if h == target else h) for o, h in memory
                      if not (o in (p, target) and h in (p, target))}
            added = [(p, target), (target, p)]
        elif card is PRINCE:
            memory = {k for k in memory if k[1] != target}
    gone = set(outs)
    if card is GUARD and t.result == "hit" and target is not None:
        gone.add(target)
    if card is PRINCE and t.discarded is PRINCESS and target is not None:
        gone.add(target)
    memory = {k for k in memory | set(added) if not gone & set(k)}
    if b is not None:
        for _, h in memory:
            if b.hand[h] is not None and not isinstance(b.hand[h], tuple):
                b.hand_var(h)
    return memory


# ---------------------------------------------------------------------------------------------
# Marginals
# ---------------------------------------------------------------------------------------------

def _delta(row) -> int:
    d = 0
    for c in row:
        d += 1 << (BITS * c)
    return d


class Combiner:
    """Sums over the factors' joint assignments times the deck-completion count."""

    def __init__(self, belief: Belief, budget: Optional[int] = None):
        #: Work allowed (sum-product steps of the dynamic programs), None for no limit.
        self.budget = budget
        self.work = belief.work  # one budget for building the belief and combining it
        avail = list(belief.avail)
        factors = []
        for f in belief.factors.values():
            if len(f.table) == 1:  # known cards: fold them into the counts
                (row, _), = f.table.items()
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
                d = _delta(row)
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
                for i in range(k):
                    w *= a - i
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
        vars_, table, fixed = self.factors[j]
        if fixed:
            (row, _), = table.items()
            return [(row, Fraction(1))]
        states = self.dp(j)
        self.spend(len(states) * len(self.deltas[j]))
        completions = {}
        for delta, _, _ in self.deltas[j]:
            s = 0
            for u, w in states.items():
                s += w * self.weight(u + delta)
            completions[delta] = s
        out = [(row, fw * completions[_delta(row)]) for row, fw in table.items()]
        total = sum(w for _, w in out)
        if total == 0:
            raise InconsistentRecordError("no deal is consistent with the record")
        return [(row, Fraction(w, total)) for row, w in out if w]

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
                by[_delta(row)].append((row, fw))
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


@dataclass
class Posterior:
    """Who holds what, from the viewer's point of view, as exact fractions."""

    record: Record
    model: str
    #: seat -> {card: probability} for every player still in the round (viewer included).
    hands: dict
    set_aside: dict
    #: Expected number of each card still in the draw pile.
    deck_expected: dict
    #: The Chancellor-returned cards at the bottom of the deck, top first: [{card: p}, ...].
    bottom: list
    final: Final
    belief: Belief = field(repr=False)

    def hand(self, seat) -> dict:
        return self.hands[self.record.seat(seat)]

    def joint(self, seats) -> dict:
        """Joint distribution of several players' hands: {(card, card, ...): probability}."""
        return joint_hands(self, [self.record.seat(s) for s in seats])


def _dist(pairs) -> dict:
    out: dict = defaultdict(Fraction)
    for c, p in pairs:
        out[c] += p
    return {c: out[c] for c in sorted(out) if out[c]}


def infer(record: Record, model="uniform", budget: Optional[int] = None) -> Posterior:
    """The posterior over the hidden state after the record's last turn. `budget` bounds the
    work (steps of the dynamic programs; about a microsecond each): beyond it,
    InferenceBudgetError (a refusal, not an inconsistency)."""
    model = get_model(model)
    belief, final = build_belief(record, model, budget)
    comb = Combiner(belief, budget)
    var_marginal: dict = {}
    for j, (vars_, _, _) in enumerate(comb.factors):
        rows = comb.factor_rows(j)
        for i, v in enumerate(vars_):
            var_marginal[v] = _dist((row[i], p) for row, p in rows)
    pool = comb.pool_expectation()
    pool_size = comb.pool
    pool_dist = {c: Fraction(pool[c]) / pool_size for c in Card if pool[c]} if pool_size else {}

    def slot(v):
        if v == UNOPENED:
            return dict(pool_dist)
        return var_marginal[v]

    hands = {}
    for seat, v in enumerate(belief.hand):
        if v is None:
            continue
        if isinstance(v, tuple):  # the viewer mid-turn: two cards
            hands[seat] = {"cards": [slot(x) for x in v]}
        else:
            hands[seat] = slot(v)
    set_aside = {} if belief.set_aside is None else slot(belief.set_aside)
    exchangeable = final.public.deck_size - len(belief.tail)
    deck_expected: dict = defaultdict(Fraction)
    if pool_size:
        for c in Card:
            if pool[c]:
                deck_expected[c] += Fraction(exchangeable) * pool[c] / pool_size
    bottom = [var_marginal[v] for v in belief.tail]
    for m in bottom:
        for c, p in m.items():
            deck_expected[c] += p
    deck_expected = {c: deck_expected[c] for c in sorted(deck_expected) if deck_expected[c]}
    return Posterior(record, model.name, hands, set_aside, deck_expected, bottom, final, belief)


def joint_hands(post: Posterior, seats: list[int]) -> dict:
    """Exact joint over several seats' single hands (merging their factors)."""
    import copy

    b = copy.deepcopy(post.belief)
    vars_ = []
    for s in seats:
        v = b.hand[s]
        if v is None or isinstance(v, tuple):
            raise LoveLetterError(f"seat {s} has no single hidden hand now")
        vars_.append(b.hand_var(s))
    f = b.factors[b.merge(vars_)]
    comb = Combiner(b)
    j = next(i for i, (vs, _, _) in enumerate(comb.factors) if vs == f.vars)
    idx = [f.vars.index(v) for v in vars_]
    out: dict = defaultdict(Fraction)
    for row, p in comb.factor_rows(j):
        out[tuple(row[i] for i in idx)] += p
    return dict(out)


# ---------------------------------------------------------------------------------------------
# The Guard table
# ---------------------------------------------------------------------------------------------

@dataclass
class GuardRow:
    seat: int
    probabilities: dict  # card -> Fraction, for every card a Guard may name
    best: tuple  # the card(s) with the highest probability
    p_hit: Fraction


def guard_table(post: Posterior) -> list[GuardRow]:
    """For each opponent who can be chosen now: P(holds X) for every card a Guard may name."""
    record = post.record
    pub = post.final.public
    rows = []
    for seat, dist in post.hands.items():
        if seat == record.viewer or pub.out[seat] or pub.protected[seat] or "cards" in dist:
            continue
        probs = {c: dist.get(c, Fraction(0)) for c in record.edition.guessable}
        top = max(probs.values()) if probs else Fraction(0)
        rows.append(GuardRow(seat, probs, tuple(c for c, p in probs.items() if p == top and top > 0), top))
    return rows


def unseen_counts(record: Record) -> dict:
    """Cards the viewer has not seen anywhere (composition minus everything visible to them)."""
    from collections import Counter

    from solver.records.replay import public_discards

    piles, final = public_discards(record)
    seen = Counter(record.face_up)
    seen.update(c for pile in piles for c in pile if c is not None)
    seen.update(c for c in final.viewer_hand if c is not None)
    e = record.edition
    return {c: e.count(c) - seen[c] for c in e.cards if e.count(c) > seen[c]}
