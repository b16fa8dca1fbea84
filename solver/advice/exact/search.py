"""The exact search (`ExactSolver`): expectimax over the viewer's information states, in integers,
with `Fraction`s only at the root (docs/advisor.md)."""

from __future__ import annotations

from fractions import Fraction
from math import gcd, lcm
from typing import Optional
from solver.rules.actions import Play
from solver.rules.outcomes import HIT, MISS, guard_outcome
from solver.rules.state import OVER, PLAY, Round
from solver.advice.worlds import TooLargeError
from solver.advice.exact.transitions import Transitions


class ExactSolver(Transitions):
    """Expectimax over the viewer's information states. A state is (round, tail): `tail` gives
    the sizes of the groups at the bottom of the deck (Chancellor returns, or everything in the
    reference mode; a root tail may be given as a number of fixed cards): a group of one is a
    fixed card, a group of two an opponent's returned pair in either order (`_pair`,
    `merge_returned_pairs`). The cards above them — and the set-aside card when `sa_free` — are
    exchangeable. Every group is kept sorted, and a draw from it is resolved when it happens,
    each distinct card with probability (copies left) / (cards left) (`deck_orders`).

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
                if a.__class__ is Play and a.guess is not None and guard_outcome(a.guess, hands[a.target][0]) == MISS:
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
        (`missed`).

        With two actions or more, each action's outcomes are followed first and its win mass bounded
        from above (`_bound`: every information state it leads to split into parts the viewer could
        tell apart, each valued alone); the actions are then valued in the order of their bounds,
        highest first, and an action whose bound is below the best win mass found so far is not
        valued: it cannot be the best (its exact value is not needed inside the search)."""
        states = self._states
        missed = set()
        acts = []
        for a in self._legal(worlds[0][0]):
            if a.__class__ is Play and a.guess is not None:
                t, g = a.target, a.guess
                if all(states[sid][0].hands[t][0] != g for sid, _ in worlds):
                    if t in missed:
                        continue
                    missed.add(t)
            acts.append(a)
        if len(acts) == 1:
            return self.masses(worlds, acts[0])
        followed = []
        for a in acts:
            children: dict = {}
            dens: dict = {}
            direct: dict = {}
            for sid, w in worlds:
                self._follow(sid, a, w, 1, children, dens, direct)
            followed.append((children, dens, direct, self._bound(children, dens, direct)))
        order = sorted(range(len(acts)), key=lambda i: (-followed[i][3], i))
        win = tokens = den = None
        for i in order:
            children, dens, direct, bound = followed[i]
            if win is not None and bound < Fraction(win, den):
                self.cut += 1
                continue
            w2, t2, d2 = self._combine(children, dens, direct)
            if win is None or (w2 * den, t2 * den) > (win * d2, tokens * d2):
                win, tokens, den = w2, t2, d2
        return win, tokens, den

    def _bound(self, children: dict, dens: dict, direct: dict) -> Fraction:
        """An upper bound on the win mass of an action's outcomes (as `_combine` groups them): each
        information state it leads to split into parts, each part valued alone (`_val`) — by the
        opponents' type when it holds worlds of more than one, else world by world (in a mixture, a
        world only when its value is known already, else counted at its weight: a value is at most 1).
        Exact: a viewer who could also tell the parts apart would do at least as well (any way of
        playing the whole is a way of playing each part), so the win mass of the whole is at most the
        sum of the parts' (the parts' tokens are no such bound: they are the tokens of the most winning
        play). Split by type, the bound is tight where the types' best plays agree (a mixture's search
        then values little beyond each type's own search, which its figures by type need anyway)."""
        win, _, den = _sum(direct)
        bound = Fraction(win, den)
        if not children:
            return bound
        scale = lcm(*dens)
        states = self._states
        for entries in children.values():
            merged: dict = {}
            for c, w, d in entries:
                merged[c] = merged.get(c, 0) + w * (scale // d)
            types = {states[c][2] for c in merged}
            if len(types) > 1:
                parts = [{c: w for c, w in merged.items() if states[c][2] == k} for k in sorted(types)]
            else:
                parts = [{c: w} for c, w in merged.items()]
            for part in parts:
                if len(part) == 1 and len(self.types) > 1:
                    (c, w), = part.items()
                    if c not in self.memo:  # (a mixture's single world: its value if known, else its mass)
                        bound += Fraction(w, scale)
                        continue
                w2, _, d2 = self._val(part)
                bound += Fraction(w2, d2 * scale)
        return bound

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
                    profiles.setdefault(a, []).append((i, na, guard_outcome(a.guess, hands[a.target][0]) == HIT))
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
