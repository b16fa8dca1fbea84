"""Exact values of the viewer's legal plays for small positions (method "exact").

Enumerate every concrete world consistent with the record, with its exact posterior weight
under the opponent model; then evaluate each action by expectimax over the viewer's
*information states*: worlds are grouped by what the viewer observes, the viewer maximises per
group (never per world, which would overstate the value), opponents act by the model's policy.
Every figure is an exact Fraction (docs/advisor.md).
"""

from __future__ import annotations

from collections import defaultdict
from contextlib import contextmanager
from dataclasses import replace
from fractions import Fraction
from functools import lru_cache
from math import gcd, lcm
from typing import NamedTuple, Optional
import gc
import threading
import time

from solver.rules.actions import ChancellorChoice, Play
from solver.rules.cards import Card
from solver.rules.events import KnockedOut
from solver.rules.game import apply, legal_actions
from solver.rules.round_rules import round_apply
from solver.records.record import Record
from solver.rules.state import CHANCELLOR, HAND_PAIR, OVER, PLAY, Round

from solver.advice.result import Advice, RankedAction, mark_sure_misses, sort_key, with_standings
from solver.policies.heuristics import counting_choices
from solver.policies.models import CardCounterModel, get_model
from solver.advice.worlds import (OutOfTimeError, TooLargeError, observation, root_worlds)
from solver.compiled import CompiledNeedMore, CompiledOutOfTime, CompiledOverflow, CompiledTooLarge, ExactSearch


def _draws(r: Round, action) -> int:
    """How many cards from the top of the deck `action` can draw (its own draw and the next
    player's): resolving one more than used is harmless (it goes back, canonically)."""
    if isinstance(action, Play) and action.card in _DRAW_TWO:
        return 2
    return 1


_DRAW_TWO = (Card.PRINCE, Card.CHANCELLOR)
_make_round = Round._make


@lru_cache(maxsize=50_000)
def _draw_orders(free: tuple, k: int) -> tuple:
    """Every way to draw k cards in order from the multiset `free` (sorted): (drawn, rest, ways),
    the probability being ways / (n (n-1) ... (n-k+1)) for n = len(free)."""
    if k == 0:
        return (((), free, 1),)
    out = []
    for i, c in enumerate(free):
        if i and free[i - 1] == c:
            continue
        m = free.count(c)
        for top, rest2, ways in _draw_orders(free[:i] + free[i + 1:], k - 1):
            out.append(((c,) + top, rest2, m * ways))
    return tuple(out)


@lru_cache(maxsize=100_000)
def _deck_orders(segs: tuple, k: int) -> tuple:
    """Every way to draw the top k cards of a deck made of groups of exchangeable cards
    (`ExactSolver._segments`: ((sorted cards, how many are on the deck), ...) from the top; the
    first group's last card is the set-aside one when it has one more card than the deck part):
    ((deck, set-aside card or None, ways), ...) and the denominator, the probability of a way
    being ways / denominator. The first way is the deck as it is."""
    ways_list = [((), None, 1)]
    den = 1
    for cards, n in segs:
        j = min(k, n)
        k -= j
        if j and len(cards) > 1:
            options = [(top + rest, ways) for top, rest, ways in _draw_orders(cards, j)]
            den *= _falling(len(cards), j)
        else:
            options = [(cards, 1)]
        aside = len(cards) > n
        new = []
        for deck, sa, w in ways_list:
            for seq, ways in options:
                if aside:
                    new.append((deck + seq[:-1], seq[-1], w * ways))
                else:
                    new.append((deck + seq, sa, w * ways))
        ways_list = new
    return tuple(ways_list), den


class _Pair(NamedTuple):
    """An opponent's two Chancellor choices that keep the same card and return the same two
    different cards in either order, with the same probability (`ExactSolver._pair`)."""
    first: ChancellorChoice
    second: ChancellorChoice


#: The tail of fixed cards one after another: `_ONES[n]` for n cards.
_ONES = tuple((1,) * n for n in range(32))


def _pairs(acts: tuple) -> tuple:
    """An opponent's Chancellor choices ((choice, weight), ...) with each two that differ only
    in the order of two different returned cards, and have the same weight, as one `_Pair` of
    twice the weight."""
    weights = dict(acts)
    out = []
    taken = set()
    for a, w in acts:
        if a in taken:
            continue
        b = a.bottom
        if len(b) == 2 and b[0] != b[1]:
            other = ChancellorChoice(a.keep, (b[1], b[0]))
            if weights.get(other) == w:
                taken.add(other)
                out.append((_Pair(a, other), 2 * w))
                continue
        out.append((a, w))
    return tuple(out)


def canonical_round(r: Round, memory: bool) -> Round:
    """The round with only what decides its future kept, so that rounds with the same future are one
    state: an ended round is its winners, its Spy bonus and who is out; otherwise hands and discard piles
    are sorted (the rules never read their order: a showdown compares discard totals, the Spy bonus asks
    whether a Spy was discarded, the card counter counts cards), the turn counter is dropped and so is
    the players' memory unless the opponents' model reads it (`memory`)."""
    if r.phase == OVER:
        return _make_round((r.edition, (), (), r.out, (), (), None, (), 0, OVER, 0, r.winners, r.spy_bonus, None, ()))
    edition, hands, discards, out, protected, deck, set_aside, face_up, current, phase, _, _, _, _, known = r
    found = _SORTED.get(hands)
    if found is None:
        found = _sorted_piles(hands)
    hands = found
    found = _SORTED.get(discards)
    if found is None:
        found = _sorted_piles(discards)
    return _make_round((edition, hands, found, out, protected, deck, set_aside, face_up, current,
                        phase, 0, (), None, None, known if memory else ()))


#: Hands or discard piles -> the same sorted (a cache: `_sorted_piles`).
_SORTED: dict = {}


def _sorted_piles(piles: tuple) -> tuple:
    if len(_SORTED) > 200_000:
        _SORTED.clear()
    out = _SORTED[piles] = tuple(HAND_PAIR[h[1]][h[0]] if len(h) == 2 and h[1] < h[0] else
                                 tuple(sorted(h)) if len(h) > 2 else h for h in piles)
    return out


def _falling(n: int, k: int) -> int:
    out = 1
    for i in range(k):
        out *= n - i
    return out


class ExactSolver:
    """Expectimax over the viewer's information states. A state is (round, tail): `tail` gives
    the sizes of the groups at the bottom of the deck (Chancellor returns, or everything in the
    reference mode; a root tail may be given as a number of fixed cards): a group of one is a
    fixed card, a group of two an opponent's returned pair in either order (`_pair`,
    `merge_returned_pairs`). The cards above them — and the set-aside card when `sa_free` — are
    exchangeable. Every group is kept sorted, and a draw from it is resolved when it happens,
    each distinct card with probability (copies left) / (cards left) (`_deck_orders`).

    Inside the search everything is integers: states are numbered once (`_ids`), a transition
    (state number, action) is applied once and remembered (its outcomes, their integer draw
    weights over one denominator, the viewer's observation, numbered), an information state is
    a dict state number -> integer weight, memoised on its primitive weights (divided by their
    gcd: the same key as the normalised probabilities), and a value is a triple
    (win, tokens, denominator) of integers. `Fraction`s are made only at the root, so every
    figure is the same exact rational as before.

    States are canonical (`canonical_round`); an opponent's Guard guesses that do the same in
    every world are evaluated once (`_guess_classes`), the viewer's that hit nowhere tried once
    (`_best`); where the viewer has no decision left a value is remembered per state and per
    transition (`_linear`, `_follow`); an opponent's two equally likely orders of one returned
    pair are one evaluation (`_pair`). The work budget counts every transition the search steps
    through (a remembered one too), not the reuse of a remembered value (docs/advisor.md).

    It implements `solver.compiled.ExactSearch`, as the compiled search does."""

    def __init__(self, viewer: int, budget: int, deadline: float | None = None, model=None,
                 sa_free: bool = False):
        #: The opponents' model (the object); a state's third element is the index of its opponents'
        #: type in `self.types` (a mixture's worlds carry the type the viewer cannot see).
        self.model = model
        self.types = model.types
        self.memo: dict = {}
        self.viewer = viewer
        self.budget = budget
        self.deadline = deadline
        self.nodes = 0
        self.work = 0
        self.applied = 0
        self.pairs = 0  # opponents' Chancellor choices merged in pairs (`_pair`)
        self.type_work = 0  # transitions of a mixture's search by type (`_by_type`), after the search
        self.sa_free = sa_free
        self._ids: dict = {}  # state -> number
        self._states: list = []  # number -> state
        self._obs: dict = {}  # observation -> number
        self._trans: dict = {}  # (state number, action) -> (outcomes, denominator, outcome list)
        self._acts: dict = {}  # state number -> legal actions
        self._opp: dict = {}  # state number -> ((action, numerator), ...), denominator
        self._views: dict = {}  # what a card counter reads -> its choice (`_choice`)
        self._memory = model.uses_memory  # the card counter reads what players remember
        self._lin: dict = {}  # state number -> value when the viewer has no decision left, else None
        self._tlin: dict = {}  # (state number, action) -> value when no outcome leaves a decision, else None
        self._segs: dict = {}  # state number -> its deck's groups of exchangeable cards (`_segments`)
        #: (state number, action) -> (work, value of the outcomes without a decision or None, the
        #: other outcomes ((state, weight, observation), ...), denominator) (`_follow`)
        self._fol: dict = {}

    def release(self) -> None:
        """Forget every remembered state, transition and value (the search's memory)."""
        for table in (self.memo, self._ids, self._obs, self._trans, self._acts, self._opp, self._views, self._lin,
                      self._tlin, self._segs, self._fol):
            table.clear()
        self._states.clear()

    def tick(self) -> None:
        self.nodes += 1
        if self.nodes % 128 == 0:
            self.check_time()

    def check_time(self) -> None:
        if self.deadline is not None:
            if time.perf_counter() > self.deadline:
                raise OutOfTimeError("the exact answer needs more time than its budget")

    # --- exchangeable cards -------------------------------------------------------------------

    def _segments(self, r: Round, tail: tuple) -> tuple:
        """The deck as groups of exchangeable cards from the top, each sorted: ((cards, how many
        of them are on the deck), ...): the free cards first (with the set-aside card last when it
        is exchangeable with them), then the tail's groups (`tail`: their sizes; one card is
        fixed, a group of two is an opponent's returned pair in either order)."""
        deck = r.deck
        n_free = len(deck) - sum(tail)
        free = deck[:n_free]
        if self.sa_free and r.set_aside is not None:
            free += (r.set_aside,)
        segs = [(free, n_free)]
        i = n_free
        for s in tail:
            segs.append((deck[i:i + s], s))
            i += s
        return tuple(segs)

    def canon(self, r: Round, tail: tuple) -> Round:
        """`r` with every group of exchangeable cards sorted (the set-aside card, when exchangeable,
        the last of the free cards)."""
        deck = []
        sa = r.set_aside
        for cards, n in self._segments(r, tail):
            if len(cards) > 1:
                cards = tuple(sorted(cards))
            if len(cards) > n:  # the exchangeable set-aside card
                cards, sa = cards[:-1], cards[-1]
            deck.extend(cards)
        return _make_round((*r[:5], tuple(deck), sa, *r[7:]))

    # --- numbered states and remembered transitions -------------------------------------------

    def _sid(self, state) -> int:
        r, tail, *typ = state  # (round, tail) or (round, tail, type index)
        if tail.__class__ is int:  # the root's fixed tail: one card after another
            tail = _ONES[tail]
        state = (canonical_round(r, self._memory), tail, typ[0] if typ else 0)
        sid = self._ids.get(state)
        if sid is None:
            sid = self._ids[state] = len(self._states)
            self._states.append(state)
        return sid

    def _transition(self, sid: int, action, block: bool = False) -> tuple:
        """Apply `action` in state `sid` in every resolution of its draws: (number of
        resolutions, denominator, ((next state, integer weight, observation, events), ...)).

        The state itself is the first resolution (its exchangeable cards are sorted, the
        set-aside one last), so it is applied first; when the action draws fewer cards than
        `_draws` allows (the round ends: none), only the cards it draws are resolved — the
        others go back, and sorting them back makes the outcomes the same — while the work
        still counts every resolution of `_draws` cards, as before."""
        if action.__class__ is _Pair:
            return self._pair(sid, action)
        r, tail, typ = self._states[sid]
        returned = len(action.bottom) if action.__class__ is ChancellorChoice else 0
        n_deck = len(r.deck)
        k = min(_draws(r, action), n_deck)
        first = round_apply(r, action)
        if k == 0:
            return 1, 1, (self._outcome(first, n_deck, tail, typ, returned, 0, 1, block),)
        segs = self._segs.get(sid)
        if segs is None:
            segs = self._segs[sid] = self._segments(r, tail)
        orders, den = _deck_orders(segs, k)
        n_work = len(orders)
        if n_work == 1:  # every card it could draw is fixed
            return 1, 1, (self._outcome(first, n_deck, tail, typ, returned, 0, 1, block),)
        drawn = n_deck + returned - len(first[0].deck)
        if drawn == 0:  # nothing drawn: every resolution has this outcome
            return n_work, 1, (self._outcome(first, n_deck, tail, typ, returned, 0, 1, block),)
        if drawn < k:
            orders2, den2 = _deck_orders(segs, drawn)
            out = self._resolve(r, tail, typ, action, first, orders2, drawn, returned, True, block)
            if out is not None:
                return n_work, den2, out
        return n_work, den, self._resolve(r, tail, typ, action, first, orders, k, returned, False, block)

    def _pair(self, sid: int, pair) -> tuple:
        """An opponent's two equally likely Chancellor choices that differ only in the order of
        the returned pair: the outcomes of both, each with half the weight, the pair kept as one
        exchangeable group where it is still whole on the deck (so the two orders' outcomes are
        one state). Exact: nobody reads the order of the deck (the opponents' policies look at
        their hand, the discards and their memory) until a card of it is drawn, and a draw from
        the group gives each order's card with its own half of the weight."""
        self.pairs += 1
        n1, d1, o1 = self._transition(sid, pair.first, True)
        n2, d2, o2 = self._transition(sid, pair.second, True)
        d = lcm(d1, d2)
        merged: dict = {}
        for out, dx in ((o1, d1), (o2, d2)):
            for c, ways, oid, ev in out:
                key = (c, oid)
                found = merged.get(key)
                merged[key] = (c, ways * (d // dx) + (found[1] if found else 0), oid, found[3] if found else ev)
        return n1 + n2, 2 * d, tuple(merged.values())

    def _resolve(self, r: Round, tail: tuple, typ: int, action, first, orders: tuple, k: int, returned: int,
                 check: bool = True, block: bool = False):
        """The outcomes of resolving the top k cards of the deck in every way (`orders`, the first
        being the state itself, whose outcome is `first`); None if `check` and some way draws a
        different number of cards than k."""
        n_deck = len(r.deck)
        out = []
        head = r[:5]
        rest = r[7:]
        for i, (deck, sa, ways) in enumerate(orders):
            if i == 0:
                res = first
            else:
                res = round_apply(_make_round((*head, deck, r.set_aside if sa is None else sa, *rest)), action)
                if check and n_deck + returned - len(res[0].deck) != k:
                    return None
            out.append(self._outcome(res, n_deck, tail, typ, returned, k, ways, block))
        return tuple(out)

    def _outcome(self, applied, n_deck: int, tail: tuple, typ: int, returned: int, k: int, ways: int,
                 block: bool = False) -> tuple:
        """(next state number, weight, observation number, events) of one applied resolution
        (`block`: the returned pair is one exchangeable group; `typ`: the opponents' type)."""
        r2, ev = applied
        d2 = len(r2.deck)
        drawn = n_deck + returned - d2
        if not block and 2 not in tail:  # every card of the tail fixed
            t2 = _ONES[min(len(tail) + returned, d2)]
            sort = drawn < k  # a resolved card is still on the deck: sort it back
        else:
            segs = list(tail) + ([2] if block else [1] * returned)
            over = drawn - (n_deck - sum(tail))  # cards drawn below the free ones
            while over > 0:
                if segs[0] <= over:
                    over -= segs.pop(0)
                else:
                    segs[0] -= over
                    over = 0
            t2 = tuple(segs)
            sort = drawn < k or block and t2 != () and t2[-1] == 2  # the pair still whole: sort it
        if sort:
            r2 = self.canon(r2, t2)
        # (otherwise every resolved card was drawn: the rest is sorted, the set-aside last)
        state = (canonical_round(r2, self._memory), t2, typ)
        ids = self._ids
        c = ids.get(state)
        if c is None:
            c = ids[state] = len(self._states)
            self._states.append(state)
        o = observation(ev, self.viewer)
        obs_ids = self._obs
        oid = obs_ids.get(o)
        if oid is None:
            oid = obs_ids[o] = len(obs_ids)
        return c, ways, oid, ev

    def _step(self, sid: int, action) -> tuple:
        """The remembered transition; counted as work every time it is used, as if applied."""
        self.applied += 1
        if self.applied % 512 == 0:  # one information state can hold many deals: watch the clock here too
            self.check_time()
        key = (sid, action)
        t = self._trans.get(key)
        if t is None:
            t = self._trans[key] = self._transition(sid, action)
        # The work budget counts the transitions the search applies (its real cost), not nodes.
        self.work += t[0]
        if self.work > self.budget:
            raise TooLargeError(f"more than {self.budget:,} transitions: too large for an exact answer")
        return t

    def step(self, state, action) -> list:
        """Every outcome of `action` in `state`: (next state, probability, events)."""
        _, den, out = self._step(self._sid(state), action)
        states = self._states
        return [(states[c], Fraction(ways, den), ev) for c, ways, _, ev in out]

    def outcomes_many(self, pairs) -> list:
        """For each (state, action) in order, the outcomes of the transition, counted as work as `_step`
        counts it: ([(next state, ways, an opponent knocked out)], denominator) (what the answer's
        figures read; the compiled search gives the same, `solver.compiled.exact.CompiledSolver`)."""
        v = self.viewer
        out = []
        for sid, action in pairs:
            _, d, res = self._step(sid, action)
            out.append(([(c, ways, any(isinstance(e, KnockedOut) and e.player != v for e in ev))
                         for c, ways, _, ev in res], d))
        return out

    def opponent_many(self, sids) -> list:
        """Each state's opponents' model: (((action, integer weight), ...), denominator)."""
        return [self._opponent(sid) for sid in sids]

    def flags_many(self, sids) -> list:
        """Each state's (the viewer is out, the round is over, the player to move)."""
        v = self.viewer
        return [(bool(r.out[v]), r.phase == OVER, r.current) for r in (self._states[sid][0] for sid in sids)]

    def _legal(self, sid: int) -> tuple:
        acts = self._acts.get(sid)
        if acts is None:
            acts = self._acts[sid] = legal_actions(self._states[sid][0])
        return acts

    def _opponent(self, sid: int) -> tuple:
        """The model's distribution at `sid`: ((action, integer weight), ...) over a denominator,
        actions of probability 0 left out."""
        found = self._opp.get(sid)
        if found is None:
            r, _, typ = self._states[sid]
            acts = self._legal(sid)
            if self.types[typ].name == "random" or len(acts) == 1:  # uniform
                found = (tuple((a, 1) for a in acts), len(acts))
            else:  # the card counter's `weights`, its best plays remembered by what it reads
                ties = self._choice(r)
                best, other, den = CardCounterModel.integer_weights(len(acts), len(ties))
                found = (tuple((a, best if a in ties else other) for a in acts), den)
            if r.phase == CHANCELLOR:
                found = (_pairs(found[0]), found[1])
            self._opp[sid] = found
        return found

    def _choice(self, r: Round) -> tuple:
        """The card counter's best plays at `r` (`counting_choices`), remembered by what it reads (the edition, its hand, the
        discards, the face-up cards, who is out or protected, what it remembers): many states
        of the search differ only in cards it cannot see."""
        seat = r.current
        key = (id(r.edition), r.phase, seat, r.hands[seat], r.discards, r.face_up, r.out, r.protected,
               tuple(k for k in r.known if k[0] == seat))
        found = self._views.get(key)
        if found is None:
            found = self._views[key] = counting_choices(r)
        return found

    # --- the search ---------------------------------------------------------------------------

    def to_int(self, worlds) -> tuple[list, int]:
        """States with rational weights -> [(state number, integer weight)] (in the given order,
        nothing merged) and the scale: weight = integer weight / scale."""
        ps = [(self._sid(s), Fraction(p)) for s, p in worlds]
        scale = lcm(*(p.denominator for _, p in ps))
        return [(sid, p.numerator * (scale // p.denominator)) for sid, p in ps], scale

    def value(self, worlds) -> tuple[Fraction, Fraction]:
        """Probability *mass* of winning (and of tokens) over these states ((round, tail),
        weight): the value of their information state times their total weight."""
        pairs, scale = self.to_int(worlds)
        group: dict = {}
        for sid, w in pairs:
            group[sid] = group.get(sid, 0) + w
        win, tokens, den = self._val(group)
        return Fraction(win, den * scale), Fraction(tokens, den * scale)

    def q(self, worlds, action) -> tuple[Fraction, Fraction]:
        """The mass of playing `action` in the information state of these worlds."""
        pairs, scale = self.to_int(worlds)
        win, tokens, den = self.masses(pairs, action)
        return Fraction(win, den * scale), Fraction(tokens, den * scale)

    def _val(self, group: dict) -> tuple:
        """Mass (win, tokens, denominator) of an information state {state number: weight}: at
        the viewer's turns every action is compared on the same mass, so the maximum is the best
        choice for this information state. Memoised on the primitive weights: plays that lead
        to the same states (a Guard naming a card nobody can hold) are solved once."""
        if len(group) == 1:
            (key, total), = group.items()
            found = self.memo.get(key)
            if found is None:
                found = self.memo[key] = self._value(((key, 1),), 1)
        else:
            g = gcd(*group.values())
            items = tuple((s, w // g) for s, w in group.items())
            key = frozenset(items)
            total = sum(group.values())
            found = self.memo.get(key)
            if found is None:
                found = self.memo[key] = self._value(items, total // g)
        win, tokens, den = found
        g = gcd(total, den)
        return win * (total // g), tokens * (total // g), den // g

    def _value(self, worlds: tuple, total: int) -> tuple:
        """The value (win, tokens, denominator) of an information state: ((state number,
        weight), ...) of weight `total`, reduced."""
        self.tick()
        states = self._states
        r0 = states[worlds[0][0]][0]
        if r0.current == self.viewer and r0.phase != OVER:
            win, tokens, den = self._best(worlds, r0)
        else:
            children: dict = {}
            dens: dict = {}
            direct: dict = {}
            share = self._guess_classes(worlds)
            for sid, w in worlds:
                acts, da = self._opponent(sid)
                for a, na in acts:
                    if share is not None and a in share:
                        m = share[a]
                        if not m:
                            continue
                        na *= m
                    self._follow(sid, a, w * na, da, children, dens, direct)
            win, tokens, den = self._combine(children, dens, direct)
        den *= total
        g = gcd(win, tokens, den)
        return win // g, tokens // g, den // g

    def _follow(self, sid: int, action, w: int, d0: int, children: dict, dens: dict, direct: dict) -> None:
        """Add the outcomes of `action` in state `sid` (weight w / d0): those where the viewer has no
        decision left straight to `direct` ({denominator: [win, tokens]}), the others to the
        information states `children` (observation -> [(state, weight, denominator)]). A
        transition whose outcomes all leave the viewer no decision is remembered as one value and
        not counted again."""
        key = (sid, action)
        f = self._fol.get(key)
        if f is None:
            n, dx, out = self._step(sid, action)
            lv = self._tlin.get(key, _UNKNOWN)
            if lv is _UNKNOWN:
                lv = self._tlin[key] = self._lin_sum(out, dx)
            if lv is not None:
                f = (0, lv, None, 1)
            else:  # split once: the outcomes' values without a decision, summed, and the others
                lin: dict = {}
                rest = []
                linear = self._linear
                for c, ways, oid, _ in out:
                    v = linear(c)
                    if v is None:
                        rest.append((c, ways, oid))
                    else:
                        lw, lt, ld = v
                        _add(lin, dx * ld, ways * lw, ways * lt)
                f = (n, _reduce(*_sum(lin)) if lin else None, tuple(rest), dx)
            self._fol[key] = f
        elif f[0]:  # counted as work every time it is stepped through, as `_step` does
            self.applied += 1
            if self.applied % 512 == 0:
                self.check_time()
            self.work += f[0]
            if self.work > self.budget:
                raise TooLargeError(f"more than {self.budget:,} transitions: too large for an exact answer")
        n, lv, rest, dx = f
        if lv is not None:
            lw, lt, ld = lv
            _add(direct, d0 * ld, w * lw, w * lt)
        if rest:
            d = d0 * dx
            dens[d] = None
            for c, ways, oid in rest:
                found = children.get(oid)
                if found is None:
                    children[oid] = [(c, w * ways, d)]
                else:
                    found.append((c, w * ways, d))

    def _linear(self, sid: int):
        """The value (win, tokens, denominator) of one state in which the viewer has no decision
        left — the round is over, or an opponent plays with the deck empty (the round ends with
        that play) — else None. Without a decision the value of an information state is the
        weighted sum of its states' values, so these are remembered per state."""
        found = self._lin.get(sid, _UNKNOWN)
        if found is not _UNKNOWN:
            return found
        r = self._states[sid][0]
        v = self.viewer
        if r.phase == OVER:
            win = 1 if v in r.winners else 0
            found = (win, win + (r.spy_bonus == v), 1)
        elif r.phase == PLAY and not r.deck and r.current != v:
            acts, da = self._opponent(sid)
            direct: dict = {}
            misses: dict = {}
            hands = r.hands
            for a, na in acts:
                if a.__class__ is Play and a.guess is not None and hands[a.target][0] != a.guess:
                    lv = misses.get(a.target)  # every missed guess leads to the same round
                    if lv is None:
                        lv = misses[a.target] = self._lin_trans(sid, a)
                else:
                    lv = self._lin_trans(sid, a)
                if lv is None:
                    found = None
                    break
                lw, lt, ld = lv
                _add(direct, da * ld, na * lw, na * lt)
            else:
                found = _reduce(*_sum(direct))
        else:
            found = None
        self._lin[sid] = found
        return found

    def _lin_trans(self, sid: int, action):
        """The value of `action` in the single state `sid` when no outcome leaves the viewer a
        decision, else None (remembered)."""
        key = (sid, action)
        found = self._tlin.get(key, _UNKNOWN)
        if found is _UNKNOWN:
            _, dx, out = self._step(sid, action)
            found = self._tlin[key] = self._lin_sum(out, dx)
        return found

    def _lin_sum(self, out: tuple, dx: int):
        """The value of a transition's outcomes (weights over dx) if none leaves the viewer a
        decision, else None."""
        direct: dict = {}
        linear = self._linear
        for c, ways, _, _ in out:
            lv = linear(c)
            if lv is None:
                return None
            lw, lt, ld = lv
            _add(direct, dx * ld, ways * lw, ways * lt)
        return _reduce(*_sum(direct))

    def _best(self, worlds: tuple, r0: Round) -> tuple:
        """The viewer's best action's mass (win, tokens, denominator): the maximum over actions of
        (win, tokens). A miss leaves the same round whatever the guess, so the Guard guesses that
        hit in no world lead to the same successors with the same weights: one of them is tried
        (`missed`)."""
        win = tokens = den = None
        states = self._states
        missed = set()
        for a in self._legal(worlds[0][0]):
            if a.__class__ is Play and a.guess is not None:
                t, g = a.target, a.guess
                if all(states[sid][0].hands[t][0] != g for sid, _ in worlds):
                    if t in missed:
                        continue
                    missed.add(t)
            w2, t2, d2 = self.masses(worlds, a)
            if win is None or (w2 * den, t2 * den) > (win * d2, tokens * d2):
                win, tokens, den = w2, t2, d2
        return win, tokens, den

    def _guess_classes(self, worlds) -> Optional[dict]:
        """The opponents' Guard guesses grouped by what they do in each world: the same target, the
        same probability and the same hit or miss in every world. Guesses of one class lead to
        information states with the same successors and weights (the round after a miss does not
        depend on the guess, and two guesses never hit the same world), so they have one value:
        {guess: the class's size for its first guess, 0 for the others}; None without Guard guesses."""
        profiles: dict = {}
        states = self._states
        for i, (sid, _) in enumerate(worlds):
            hands = None
            for a, na in self._opponent(sid)[0]:
                if a.__class__ is Play and a.guess is not None:
                    if hands is None:
                        hands = states[sid][0].hands
                    profiles.setdefault(a, []).append((i, na, hands[a.target][0] == a.guess))
        if not profiles:
            return None
        classes: dict = {}
        for a, profile in profiles.items():
            classes.setdefault((a.target, tuple(profile)), []).append(a)
        share = {}
        for members in classes.values():
            share[members[0]] = len(members)
            for a in members[1:]:
                share[a] = 0
        return share

    def masses(self, pairs, action) -> tuple:
        """The mass (win, tokens, denominator) of `action` over (state number, weight) pairs."""
        children: dict = {}
        dens: dict = {}
        direct: dict = {}
        for sid, w in pairs:
            self._follow(sid, action, w, 1, children, dens, direct)
        return self._combine(children, dens, direct)

    def _combine(self, children: dict, dens: dict, direct: dict) -> tuple:
        """The mass of the children, grouped by observation: (state number, weight, denominator)
        entries; the weights are put over one denominator (integers), each group is an
        information state; plus the `direct` masses ({denominator: [win, tokens]})."""
        win, tokens, den = _sum(direct)
        if not children:
            return win, tokens, den
        scale = lcm(*dens)
        w0, t0, d0 = win, tokens, den
        win = tokens = 0
        den = 1
        for entries in children.values():
            merged: dict = {}
            for c, w, d in entries:
                merged[c] = merged.get(c, 0) + w * (scale // d)
            w2, t2, d2 = self._val(merged)
            if d2 == den:
                win += w2
                tokens += t2
            else:
                m = lcm(den, d2)
                win = win * (m // den) + w2 * (m // d2)
                tokens = tokens * (m // den) + t2 * (m // d2)
                den = m
        den *= scale
        if w0 or t0:
            m = lcm(den, d0)
            return win * (m // den) + w0 * (m // d0), tokens * (m // den) + t0 * (m // d0), m
        return win, tokens, den


def _add(masses: dict, denominator: int, win: int, tokens: int) -> None:
    """Add (win, tokens) over `denominator` into `masses` ({denominator: [win, tokens]})."""
    found = masses.get(denominator)
    if found is None:
        masses[denominator] = [win, tokens]
    else:
        found[0] += win
        found[1] += tokens


def _sum(direct: dict) -> tuple:
    """{denominator: [win, tokens]} -> (win, tokens, denominator)."""
    if not direct:
        return 0, 0, 1
    if len(direct) == 1:
        (d, (w, t)), = direct.items()
        return w, t, d
    den = lcm(*direct)
    win = tokens = 0
    for d, (w, t) in direct.items():
        win += w * (den // d)
        tokens += t * (den // d)
    return win, tokens, den


def _reduce(win: int, tokens: int, den: int) -> tuple:
    g = gcd(win, tokens, den)
    return win // g, tokens // g, den // g


_UNKNOWN = object()


def advise_exact(record: Record, model, budget: int, deadline: float | None = None,
                  lazy: bool = True, stats: dict | None = None) -> Advice:
    """The exact ranking; `TooLargeError` beyond `budget` transitions (or the deadline).
    `stats`, if given, receives the transitions counted (`work`), the information states
    solved (`nodes`), the opponents' Chancellor choices merged in pairs (`pairs`) and the root
    states merged in pairs (`root_pairs`), also when the budget is exceeded.

    For a mixture of opponent types, the worlds of every type are searched together (the
    viewer cannot see the type), and then, within the same work budget again, each type's
    worlds alone: the exact values had the viewer known the type (`RankedAction.by_type`;
    left out when that second search does not fit). An entry: `model` a name or the object
    (`exact_answer` takes the object)."""
    return exact_answer(record, get_model(model, playing=True), budget, deadline, lazy, stats)


def exact_answer(record: Record, model, budget: int, deadline: float | None = None,
                 lazy: bool = True, stats: dict | None = None) -> Advice:
    """`advise_exact` for the model object (resolved by the caller, a public entry)."""
    worlds, deals, sa_free = root_worlds(record, model, limit=5_000, lazy=lazy, deadline=deadline)
    n_worlds = len(worlds)
    if lazy:  # (otherwise every deal is its own world: the reference the lazy search is tested against)
        worlds = merge_returned_pairs(worlds)
    def run(solver):
        with _no_cyclic_gc():
            try:
                return _advise(record, model, solver, worlds, deals)
            finally:
                if stats is not None:
                    stats.update(work=solver.work, nodes=solver.nodes, pairs=solver.pairs,
                                 root_pairs=n_worlds - len(worlds))
                solver.release()  # freed while the collector is paused: it has nothing to walk after

    return _searched(record, model, budget, deadline, sa_free, lazy, run)


def _searched(record: Record, model, budget: int, deadline, sa_free: bool, lazy: bool, run):
    """`run(solver)` with the search of the path in use (`solver.compiled.exact_solver`: the compiled
    one, or this module's `ExactSolver`, the reference, which also takes what the compiled one cannot:
    the non-lazy mode and a number past 128 bits). The compiled search's refusal at its work budget is
    this module's `TooLargeError` (the same work is counted)."""
    from solver.compiled import exact_solver

    size = None
    while True:
        solver = exact_solver(ExactSolver, record, record.viewer, budget, deadline, model, sa_free, lazy, size)
        try:
            return run(solver)
        except CompiledNeedMore as exc:  # its tables were full: the same search again, with larger ones
            size = exc.size + 2
        except CompiledOverflow:
            return run(ExactSolver(record.viewer, budget, deadline, model, sa_free=sa_free))
        except CompiledTooLarge as exc:
            raise TooLargeError(str(exc)) from None
        except CompiledOutOfTime as exc:
            raise OutOfTimeError(str(exc)) from None


def exact_value(record: Record, model, budget: int, stats: dict | None = None) -> tuple[Fraction, Fraction]:
    """The exact value (P(win), expected tokens) of the viewer's decision in `record`: its best
    play's, without the ranking's other figures (the estimate's leaves, `solver.advice.estimate`).
    `TooLargeError` beyond `budget` transitions; `stats` as for `advise_exact`. `model`: the object."""
    worlds, _, sa_free = root_worlds(record, model, limit=5_000, lazy=True)
    worlds = merge_returned_pairs(worlds)

    def run(solver):
        with _no_cyclic_gc():
            try:
                return solver.value(worlds)  # the mass of worlds whose weights sum to 1: the value
            finally:
                if stats is not None:
                    stats.update(work=solver.work, nodes=solver.nodes)
                solver.release()

    return _searched(record, model, budget, None, sa_free, True, run)


_gc_lock = threading.Lock()
_gc_users = 0
_gc_was_enabled = False


@contextmanager
def _no_cyclic_gc():
    """Python's cyclic garbage collector paused while a search runs (and resumed as it was when
    the last running search ends). The search keeps hundreds of thousands of tuples and dicts
    alive and makes almost no cycles: each collection of the older generations walks them all
    for nothing (measured: about 40% of the time of a large search). Reference counting still
    frees everything as usual."""
    global _gc_users, _gc_was_enabled
    with _gc_lock:
        if _gc_users == 0:
            _gc_was_enabled = gc.isenabled()
            gc.disable()
        _gc_users += 1
    try:
        yield
    finally:
        with _gc_lock:
            _gc_users -= 1
            if _gc_users == 0 and _gc_was_enabled:
                gc.enable()


def merge_returned_pairs(worlds: list) -> list:
    """The root states ((round, tail length), probability) with every two that differ only in
    the order of two adjacent different cards of the fixed tail (from its bottom: an opponent's
    Chancellor returns its two cards there) and have the same probability as one state whose
    pair is an exchangeable group (sorted; tail sizes as in `ExactSolver._segments`), of twice the
    probability. Exact for the reason `ExactSolver._pair` is."""
    cur: dict = {}
    for (r, tail, typ), p in worlds:
        key = (r, _ONES[tail] if tail.__class__ is int else tail, typ)
        cur[key] = cur.get(key, 0) + p
    n_tail = max((sum(t) for _, t, _ in cur), default=0)
    for j in range(n_tail - 2, -1, -2):  # tail positions j, j + 1 from its top
        new: dict = {}
        done = set()
        for (r, tail, typ), p in cur.items():
            if (r, tail, typ) in done:
                continue
            merged = _swap_pair(r, tail, j)
            if merged is not None:
                other, sorted_r, tail2 = merged
                q = cur.get((other, tail, typ))
                if q == p:
                    done.add((other, tail, typ))
                    new[(sorted_r, tail2, typ)] = new.get((sorted_r, tail2, typ), 0) + 2 * p
                    continue
            new[(r, tail, typ)] = new.get((r, tail, typ), 0) + p
        cur = new
    return [(state, p) for state, p in cur.items()]


def _swap_pair(r: Round, tail: tuple, j: int):
    """(the round with tail positions j and j + 1 swapped, the round with them sorted, the tail
    with them one group) if both are fixed single cards and different, else None."""
    if len(tail) < j + 2 or tail[:j + 2].count(1) != j + 2:  # (the groups made so far are below j + 1)
        return None
    i = len(r.deck) - sum(tail) + j
    a, b = r.deck[i], r.deck[i + 1]
    if a == b:
        return None
    deck = r.deck
    swapped = r._replace(deck=deck[:i] + (b, a) + deck[i + 2:])
    lo, hi = (a, b) if a < b else (b, a)
    ordered = r._replace(deck=deck[:i] + (lo, hi) + deck[i + 2:])
    return swapped, ordered, tail[:j] + (2,) + tail[j + 2:]


def _advise(record: Record, model, solver: ExactSearch, worlds: list, deals: int) -> Advice:
    v = record.viewer
    rounds = [(r, p) for (r, _, _), p in worlds]
    pairs, scale = solver.to_int(worlds)  # integer weights over `scale`
    actions = legal_actions(rounds[0][0])
    ranked = []
    for action in actions:
        win, tokens, den = solver.masses(pairs, action)  # masses over worlds whose weights sum to 1
        win, tokens = Fraction(win, den * scale), Fraction(tokens, den * scale)
        hits = []
        for (sid, w), (out, d) in zip(pairs, solver.outcomes_many([(sid, action) for sid, _ in pairs])):
            for _, ways, knocked in out:
                if knocked:
                    hits.append((w * ways, d))
        ko = _fraction(hits, scale)
        # What a Priest, King or Baron shows does not depend on the order of undrawn cards.
        ranked.append(RankedAction(action, win, tokens, ko, _out_before_next_turn(solver, worlds, action),
                                   learn=learn_from(rounds, action, v)))
    by_type = _by_type(solver, worlds, actions)
    if by_type:
        ranked = [replace(a, by_type={name: wins[a.action] for name, wins in by_type.items()}) for a in ranked]
    # A guess that knocks nobody out in any world is a sure miss (a hit always knocks out).
    ko = {a.action: a.knock_out_now for a in ranked}
    ranking = with_standings(mark_sure_misses(exact_ranking(ranked), lambda act: ko[act] == 0))
    return Advice(record, model.name, "exact", ranking, deals, solver.nodes,
                  types=_type_names(model, worlds))


def _type_names(model, worlds) -> dict:
    """{type name: its probability given the record} from the root worlds' weights."""
    out = {t.name: Fraction(0) for t in model.types}
    for (_, _, typ), p in worlds:
        out[model.types[typ].name] += p
    return out


def _by_type(solver: ExactSearch, worlds: list, actions) -> dict:
    """{type name: {action: exact P(win) had the viewer known the opponents' type}} for a mixture
    (each type's worlds searched alone, with the search's work budget again); {} for one type or
    when that does not fit the budget."""
    if len(solver.types) == 1:
        return {}
    spent, nodes = solver.work, solver.nodes
    solver.work = 0
    out: dict = {}
    try:
        for k, t in enumerate(solver.types):
            mine = [(state, p) for state, p in worlds if state[2] == k]
            if not mine:
                continue
            total = sum(p for _, p in mine)
            pairs, scale = solver.to_int(mine)
            wins = {}
            for action in actions:
                win, _, den = solver.masses(pairs, action)
                wins[action] = Fraction(win, den * scale) / total
            out[t.name] = wins
    except TooLargeError:
        return {}
    finally:  # the search's own counts (its budget decided that the answer is exact)
        solver.type_work, solver.work, solver.nodes = solver.work, spent, nodes
    return out


def exact_ranking(ranked: list) -> tuple:
    """Exact values, ordered by win rate, then tokens; among exact ties a play that can knock an
    opponent out now before one that cannot (a Guard guess that can hit before a sure miss),
    then the engine's order. The difference to the best is a point: plays within `CLOSE_POINTS`
    of the best are close ("equally good"; exact ties share P(best) equally), the others worse.
    (`with_standings` is applied after the sure misses are marked, `mark_sure_misses`.)"""
    ranked = sorted(ranked, key=lambda a: (-a.win, -a.tokens, not a.knock_out_now, sort_key(a.action)))
    top = ranked[0].win
    ties = sum(1 for a in ranked if a.win == top)
    return tuple(replace(a, diff=float(a.win - top), diff_interval=(float(a.win - top),) * 2,
                         p_best=(1 / ties) if a.win == top else 0.0)
                 for a in ranked)


def learn_from(worlds, action, viewer: int) -> Optional[dict]:
    """The distribution of what the play shows the viewer (exact over the given worlds)."""
    from solver.rules.events import BaronCompared, HandsTraded, PriestSaw

    sees: dict = defaultdict(Fraction)
    baron: dict = defaultdict(Fraction)
    total = sum(p for _, p in worlds)
    for r, p in worlds:
        _, events = apply(r, action)
        for ev in events:
            if isinstance(ev, PriestSaw) and ev.player == viewer:
                sees[ev.card] += p / total
            elif isinstance(ev, HandsTraded) and ev.player == viewer:
                sees[ev.received] += p / total
            elif isinstance(ev, BaronCompared) and ev.player == viewer:
                value = r.edition.value_of
                a, b = value[ev.player_card], value[ev.target_card]
                baron["win" if a > b else "tie" if a == b else "lose"] += p / total
    if sees:
        return {"sees": dict(sorted(sees.items()))}
    if baron:
        return {"baron": dict(baron)}
    return None


def _fraction(entries, scale: int) -> Fraction:
    """The sum of (numerator, denominator) entries, divided by `scale`."""
    den = lcm(*{d for _, d in entries}) if entries else 1
    return Fraction(sum(n * (den // d) for n, d in entries), den * scale)


def _out_before_next_turn(solver: ExactSearch, worlds, action) -> Fraction:
    """Play `action`, then let opponents play the model (the solver's) until the viewer's next
    turn. Integer weights: each layer's over one denominator, `scale` apart from probabilities."""
    pairs, scale = solver.to_int(worlds)
    entries = []
    for (sid, w), (out, d) in zip(pairs, solver.outcomes_many([(sid, action) for sid, _ in pairs])):
        for c, ways, _ in out:
            entries.append((c, w * ways, d))
    total = Fraction(0)
    while entries:
        den = lcm(*{d for _, _, d in entries})
        scale *= den
        frontier: dict = {}
        for c, w, d in entries:
            frontier[c] = frontier.get(c, 0) + w * (den // d)
        entries = []
        knocked = 0
        states = list(frontier)
        moving = []
        for sid, (out_, over, current) in zip(states, solver.flags_many(states)):
            if out_:
                knocked += frontier[sid]
            elif not over and current != solver.viewer:
                moving.append(sid)
        plays = []  # (state, its weight, the action's weight, its denominator, the action), in order
        for sid, (acts, da) in zip(moving, solver.opponent_many(moving)):
            plays.extend((sid, frontier[sid], na, da, a) for a, na in acts)
        for (sid, w, na, da, _), (out, dx) in zip(plays, solver.outcomes_many([(p[0], p[4]) for p in plays])):
            for c, ways, _ in out:
                entries.append((c, w * na * ways, da * dx))
        if knocked:
            total += Fraction(knocked, scale)
    return total
