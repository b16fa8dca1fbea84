"""The exact search's transitions (`Transitions`, the base of `ExactSolver`): states numbered once,
a transition applied once and remembered, the deck's exchangeable cards resolved when drawn, the
opponents' choices by type."""

from __future__ import annotations

from fractions import Fraction
from math import lcm
import time
from solver.rules.actions import ChancellorChoice
from solver.rules.events import KnockedOut
from solver.rules.game import legal_actions
from solver.rules.round_rules import round_apply
from solver.rules.state import CHANCELLOR, OVER, Round
from solver.policies.heuristics import card_counter_choices
from solver.policies.models import CardCounterModel
from solver.advice.worlds import OutOfTimeError, TooLargeError, observation
from solver.advice.exact.packing import (ONES, Pair, canonical_round, cards_drawn, deck_orders, make_round,
                                         paired_choices)


class Transitions:
    """The exact search's states and transitions (`ExactSolver`'s base): states numbered once, a
    transition (state number, action) applied once and remembered with its outcomes, their integer
    draw weights over one denominator and the viewer's observation, numbered; the deck's
    exchangeable cards resolved when drawn (`deck_orders`); the opponents' choices by type."""

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
        self.cut = 0  # the viewer's actions not valued inside the search: their bound was below the best (`_best`)
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
        return make_round((*r[:5], tuple(deck), sa, *r[7:]))

    # --- numbered states and remembered transitions -------------------------------------------

    def _sid(self, state) -> int:
        r, tail, *opponent_type = state  # (round, tail) or (round, tail, type index)
        if tail.__class__ is int:  # the root's fixed tail: one card after another
            tail = ONES[tail]
        state = (canonical_round(r, self._memory), tail, opponent_type[0] if opponent_type else 0)
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
        `cards_drawn` allows (the round ends: none), only the cards it draws are resolved — the
        others go back, and sorting them back makes the outcomes the same — while the work
        still counts every resolution of `cards_drawn` cards, as before."""
        if action.__class__ is Pair:
            return self._pair(sid, action)
        r, tail, opponent_type = self._states[sid]
        returned = len(action.bottom) if action.__class__ is ChancellorChoice else 0
        n_deck = len(r.deck)
        k = min(cards_drawn(r, action), n_deck)
        first = round_apply(r, action)
        if k == 0:
            return 1, 1, (self._outcome(first, n_deck, tail, opponent_type, returned, 0, 1, block),)
        segs = self._segs.get(sid)
        if segs is None:
            segs = self._segs[sid] = self._segments(r, tail)
        orders, den = deck_orders(segs, k)
        n_work = len(orders)
        if n_work == 1:  # every card it could draw is fixed
            return 1, 1, (self._outcome(first, n_deck, tail, opponent_type, returned, 0, 1, block),)
        drawn = n_deck + returned - len(first[0].deck)
        if drawn == 0:  # nothing drawn: every resolution has this outcome
            return n_work, 1, (self._outcome(first, n_deck, tail, opponent_type, returned, 0, 1, block),)
        if drawn < k:
            orders2, den2 = deck_orders(segs, drawn)
            out = self._resolve(r, tail, opponent_type, action, first, orders2, drawn, returned, True, block)
            if out is not None:
                return n_work, den2, out
        return n_work, den, self._resolve(r, tail, opponent_type, action, first, orders, k, returned, False, block)

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

    def _resolve(self, r: Round, tail: tuple, opponent_type: int, action, first, orders: tuple, k: int, returned: int,
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
                res = round_apply(make_round((*head, deck, r.set_aside if sa is None else sa, *rest)), action)
                if check and n_deck + returned - len(res[0].deck) != k:
                    return None
            out.append(self._outcome(res, n_deck, tail, opponent_type, returned, k, ways, block))
        return tuple(out)

    def _outcome(self, applied, n_deck: int, tail: tuple, opponent_type: int, returned: int, k: int, ways: int,
                 block: bool = False) -> tuple:
        """(next state number, weight, observation number, events) of one applied resolution
        (`block`: the returned pair is one exchangeable group; `opponent_type`: the opponents' type)."""
        r2, ev = applied
        d2 = len(r2.deck)
        drawn = n_deck + returned - d2
        if not block and 2 not in tail:  # every card of the tail fixed
            t2 = ONES[min(len(tail) + returned, d2)]
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
        state = (canonical_round(r2, self._memory), t2, opponent_type)
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
            r, _, opponent_type = self._states[sid]
            acts = self._legal(sid)
            if self.types[opponent_type].name == "random" or len(acts) == 1:  # uniform
                found = (tuple((a, 1) for a in acts), len(acts))
            else:  # the card counter's `weights`, its best plays remembered by what it reads
                ties = self._choice(r)
                best, other, den = CardCounterModel.integer_weights(len(acts), len(ties))
                found = (tuple((a, best if a in ties else other) for a in acts), den)
            if r.phase == CHANCELLOR:
                found = (paired_choices(found[0]), found[1])
            self._opp[sid] = found
        return found

    def _choice(self, r: Round) -> tuple:
        """The card counter's best plays at `r` (`card_counter_choices`), remembered by what it reads (the edition, its hand, the
        discards, the face-up cards, who is out or protected, what it remembers): many states
        of the search differ only in cards it cannot see."""
        seat = r.current
        key = (id(r.edition), r.phase, seat, r.hands[seat], r.discards, r.face_up, r.out, r.protected,
               tuple(k for k in r.known if k[0] == seat))
        found = self._views.get(key)
        if found is None:
            found = self._views[key] = card_counter_choices(r)
        return found
