"""The viewer's belief about the hidden cards as factors: variables (slots whose card is
tracked), small tables of their joint assignments with integer weights, merged only when the
record ties them together; the pool of untouched, exchangeable slots is never enumerated
(docs/inference.md)."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from fractions import Fraction
from math import lcm
from operator import itemgetter
from typing import Optional

from solver.rules.cards import Card
from solver.rules.editions import Edition
from solver.records.record import RecordError

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


#: The facts of a record the inference checks one by one, by key (the app says them in the
#: user's language: `fact.<key>` in its catalogs); a refusal names the one that no deal fits.
FACTS = {
    "dealt": "the viewer's dealt card",
    "draw": "the viewer's draw",
    "guard-hit": "the Guard's hit",
    "guard-miss": "the Guard's miss",
    "priest-saw": "what the Priest saw",
    "baron-saw": "the card the Baron comparison showed",
    "baron-tie": "the Baron tie",
    "baron-compare": "the Baron comparison",
    "baron-loser": "the Baron loser's card",
    "prince-discard": "the card the Prince made them discard",
    "prince-stayed": "the Prince's target stayed in the round",
    "new-card": "the viewer's new card",
    "chancellor-draw": "the viewer's Chancellor draw",
    "king-gave": "the card the King gave the viewer",
    "princess-discard": "the card discarded with the Princess",
    "play": "the plays recorded are impossible with any cards",
    "played": "the card played, every copy of it being elsewhere",
    "empty-deck": "a card was drawn from an empty deck",
    "too-many": "more copies of a card than the edition has",
    "turn": "this turn, once every card is counted",
}


#: The facts that pin a slot to one card (checked against the copies still hidden).
PINS = frozenset({"dealt", "draw", "priest-saw", "baron-saw", "new-card", "chancellor-draw", "king-gave"})


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
        #: The constant the factors' integer weights were divided by (each `rewrite` scales its
        #: likelihoods to integers) or that left them (a factor whose every card became known):
        #: the record's likelihood under the model is this times the combined mass
        #: (`Combiner.likelihood`), up to a factor that does not depend on the model.
        self.mass = Fraction(1)

    def copy(self) -> "Belief":
        """An independent copy, as `copy.deepcopy` would make it but sharing the edition (immutable; its
        memos of legal plays are large and need no copy): the factors, their variable lists and tables,
        the hands, the tail, the retired and remembered sets copied."""
        b = Belief.__new__(Belief)
        b.__dict__.update(self.__dict__)
        b.avail = list(self.avail)
        b.factors = {fid: Factor(list(f.vars), dict(f.table)) for fid, f in self.factors.items()}
        b.var_fid = dict(self.var_fid)
        b.hand = list(self.hand)
        b.tail = list(self.tail)
        b.retired = list(self.retired)
        b.known = set(self.known)
        return b

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
            raise InconsistentRecordError(FACTS["empty-deck"], where=self.where, fact="empty-deck")
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
            rows_b = [(b, wb, packed_counts(b)) for b, wb in f.table.items()]
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

    def _refusal(self, fact: str, card: Optional[Card] = None) -> InconsistentRecordError:
        """No deal allows `fact` (a key of FACTS) at this turn: the refusal naming it and its card."""
        detail = FACTS[fact] + (f": {card.title}" if card is not None else "")
        return InconsistentRecordError(f"no deal is consistent with the record ({detail})", where=self.where,
                                       fact=fact, card=card)

    def _nonempty(self, f: Factor, fact: str, card: Optional[Card] = None) -> None:
        if not f.table:
            raise self._refusal(fact, card)

    def condition(self, vars_, pred, fact: str, card: Optional[Card] = None) -> None:
        """Keep the rows where `pred` holds; `fact` (a key of FACTS) and `card` name what is
        checked, for the refusal when no row is left."""
        f = self.factors[self.merge(vars_)]
        self.spend(len(f.table))
        idx = [f.vars.index(v) for v in vars_]
        f.table = {row: w for row, w in f.table.items() if pred(*(row[i] for i in idx))}
        self._nonempty(f, fact, card)
        if fact in PINS:
            self.copies_left(card, fact)

    def copies_left(self, card: Card, fact: str) -> None:
        """After a slot was pinned to `card` or a copy of it was played: the hidden slots that
        surely hold it (every row of their factor has it; factors of up to 64 rows are looked
        at) must not need more copies than are still hidden, else `fact` is the one no deal
        allows."""
        need = 0
        for f in self.factors.values():
            if len(f.table) <= 64:
                need += min(row.count(card) for row in f.table)
        if need > self.avail[card]:
            raise self._refusal(fact, card)

    def fix(self, v: int, card: Card, fact: str) -> None:
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
        self._nonempty(f, fact, card)
        if not f.vars:
            self.mass *= f.table[()]
            del self.factors[fid]
        self.avail[card] -= 1
        if self.avail[card] < 0:
            raise InconsistentRecordError(f"more {card.title} cards than the edition has", where=self.where,
                                          fact="too-many", card=card)

    def rewrite(self, in_vars, n_out: int, fn) -> list[int]:
        """Replace `in_vars` by `n_out` new vars: each row's weight is spread over fn(values)
        -> [(new values, weight), ...]. Weights are scaled to integers per call."""
        fid = self.merge(in_vars)
        f = self.factors[fid]
        idx = [f.vars.index(v) for v in in_vars]
        keep = [i for i in range(len(f.vars)) if i not in idx]
        pick, rest = picker(idx), picker(keep)
        memo: dict = {}
        for row in f.table:
            vals = pick(row)
            if vals not in memo:
                memo[vals] = fn(vals)
        self.spend(len(f.table) + 10 * len(memo))  # a call of `fn` (the opponent model) costs more
        denominators = [w.denominator for outs in memo.values() for _, w in outs if isinstance(w, Fraction)]
        scale = lcm(*denominators) if denominators else 1
        self.mass /= scale
        memo = {vals: [(o, lw.numerator * (scale // lw.denominator) if isinstance(lw, Fraction) else lw * scale)
                       for o, lw in outs if lw] for vals, outs in memo.items()}
        table: dict = defaultdict(int)
        for row, w in f.table.items():
            base = rest(row)
            for outs, iw in memo[pick(row)]:
                table[base + outs] += w * iw
        new_vars = list(range(self._next, self._next + n_out))
        self._next += n_out
        for v in in_vars:
            del self.var_fid[v]
        f.vars = [f.vars[i] for i in keep] + new_vars
        f.table = dict(table)
        for v in new_vars:
            self.var_fid[v] = fid
        self._nonempty(f, "play")
        return new_vars

    def retire(self, v: int) -> None:
        self.retired.append(v)

    def pool_size(self) -> int:
        n_vars = sum(len(f.vars) for f in self.factors.values())
        return sum(self.avail) - n_vars



def picker(positions):
    """A function giving the tuple of a row's values at `positions` (`itemgetter`, always a tuple)."""
    if not positions:
        return lambda row: ()
    if len(positions) == 1:
        i = positions[0]
        return lambda row: (row[i],)
    return itemgetter(*positions)


#: A card's unit in the packed counts (card values 0-15).
_UNIT = tuple(1 << (BITS * c) for c in range(16))


def packed_counts(row) -> int:
    """The multiset of cards a row uses, packed BITS bits a card."""
    return sum(map(_UNIT.__getitem__, row))
