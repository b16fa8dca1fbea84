"""Advisor (first part): exact values of the viewer's legal plays for small positions.

Method (docs/advisor.md): enumerate every concrete world consistent with the record, with its
exact posterior weight under the opponent model; then evaluate each action by expectimax over
the viewer's *information states*: worlds are grouped by what the viewer observes, the viewer
maximises per group (never per world, which would overstate the value), opponents act by the
model's policy. Every figure is an exact Fraction.

When the exact search does not fit its budget (worlds, nodes or time), `advise` falls back to
a Monte Carlo *estimate* (method "estimate", a 95% Wilson interval and the sample count on
every action): deals drawn exactly from the posterior, the play, then the viewer continues
with the counting heuristic of `solver.policies.heuristics` — so the estimate is the value of the play
followed by that heuristic, a lower bound on best play. Status: opponents play the `random`
model (uniformly random legal play) or the `counting` model (card counters: the heuristic of
`solver.policies.heuristics`, 10% random), and the posterior over deals uses the same model.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass
from functools import lru_cache
from typing import Optional
from fractions import Fraction
import time
from itertools import product

from solver.rules.actions import ChancellorChoice
from solver.rules.cards import Card
from solver.rules.errors import LoveLetterError
from solver.rules.events import KnockedOut, seen_by
from solver.rules.game import apply, legal_actions
from solver.inference.beliefs import UNOPENED, Combiner, build_belief
from solver.records.record import Record
from solver.records.replay import public_discards
from solver.rules.state import CHANCELLOR, OVER, PLAY, Round


class TooLargeError(LoveLetterError):
    rule = "too-large"


class AdviceError(LoveLetterError):
    rule = "advice"


def _arrangements(counts: dict, k: int):
    """Every distinct sequence of length k drawn from the multiset `counts`."""
    if k == 0:
        yield ()
        return
    for c in sorted(counts):
        if counts[c] > 0:
            counts[c] -= 1
            for rest in _arrangements(counts, k - 1):
                yield (c,) + rest
            counts[c] += 1


def _phase(record: Record) -> str:
    """PLAY, or CHANCELLOR when the record stops while the viewer chooses what to keep."""
    from solver.inference.beliefs import final_turn_choosing

    turns = record.turns
    return CHANCELLOR if turns and final_turn_choosing(record, len(turns), turns[-1]) else PLAY


def _discards(record: Record) -> list[list[Card]]:
    piles, _ = public_discards(record)
    if any(c is None for pile in piles for c in pile):
        raise AdviceError("the advisor needs every revealed card in the record (a knock-out misses it)")
    return piles


def _assemble(record: Record, belief, final, piles, value: dict, pool) -> Round:
    """A concrete round from the tracked cards (`value`: var -> card) and the untouched cards
    (`pool`, an iterator in slot order: untouched hands by seat, the set-aside card, the deck
    from the top, missing face-up cards)."""
    e = record.edition
    hands = []
    for v in belief.hand:
        if v is None:
            hands.append(())
        elif isinstance(v, tuple):
            hands.append(tuple(value[x] for x in v))
        elif v == UNOPENED:
            hands.append((next(pool),))
        else:
            hands.append((value[v],))
    set_aside = None if belief.set_aside is None else (
        next(pool) if belief.set_aside == UNOPENED else value[belief.set_aside])
    exch = final.public.deck_size - len(belief.tail)
    deck = tuple(next(pool) for _ in range(exch)) + tuple(value[v] for v in belief.tail)
    missing_up = e.face_up_count(len(hands)) - len(record.face_up)
    face_up = tuple(record.face_up) + tuple(next(pool) for _ in range(missing_up))
    # What players remember (solver.rules.memory): the remembered hand's card in this world (the
    # viewer mid-turn: the card held before the draw).
    known = tuple(sorted((o, h, hands[h][0]) for o, h in belief.known))
    return Round(e, tuple(hands), tuple(tuple(p) for p in piles), final.public.out, final.public.protected, deck,
                 set_aside, face_up, record.viewer, _phase(record), len(record.turns), known=known)


def worlds_from_record(record: Record, model="random", limit: int = 50_000) -> list[tuple[Round, Fraction]]:
    """Every concrete round consistent with the record, with its exact posterior probability."""
    return [(r, p) for (r, _), p in _root_worlds(record, model, limit, lazy=False)[0]]


def _root_worlds(record: Record, model, limit: int, lazy: bool, deadline: float | None = None):
    """The search's root states ((round, tail length), probability), the number of concrete
    deals they stand for, and whether the set-aside card is exchangeable with the deck.

    `lazy`: the untouched cards of the deck (and the untouched set-aside card) are exchangeable
    under the posterior — every arrangement has the same weight — so they are kept as one
    canonical arrangement (sorted) and each draw is resolved when it happens (`_Solver.expand`).
    Only the tracked cards and the untouched hands are enumerated. Otherwise every arrangement is
    a separate world (the reference the lazy search is tested against)."""
    from math import factorial

    belief, final = build_belief(record, model)
    if belief.retired:
        raise AdviceError("the advisor needs a complete record (a discarded card is missing)")
    if not final.unfinished or final.to_play != record.viewer:
        raise AdviceError("the advisor needs a record in which it is the viewer's turn (they have drawn)")
    comb = Combiner(belief)
    e = record.edition
    n = record.n_players
    factors = [(vars_, list(table.items())) for vars_, table, _ in comb.factors]
    # Untouched slots: hands nobody learned about, the set-aside card, the undrawn deck, and
    # face-up cards missing from the record.
    n_hands = sum(1 for v in belief.hand if v == UNOPENED)
    n_up = e.face_up_count(n) - len(record.face_up)
    n_exch = final.public.deck_size - len(belief.tail)
    sa_free = belief.set_aside == UNOPENED
    n_pool = n_hands + sa_free + n_exch + n_up
    n_enum = n_hands + n_up if lazy else n_pool
    tail = len(belief.tail)
    piles = _discards(record)
    worlds = []
    deals = 0
    combos = 1
    for _, rows in factors:
        combos *= len(rows)
    if combos > 40 * limit:
        raise TooLargeError(f"{combos} combinations of tracked cards: too large for an exact answer")
    for k, combo in enumerate(product(*[rows for _, rows in factors])):
        if deadline is not None and k % 4096 == 4095 and time.perf_counter() > deadline:
            raise TooLargeError("the exact answer needs more time than its budget")
        value: dict = {}
        weight = 1
        for (vars_, _), (row, w) in zip(factors, combo):
            weight *= w
            value.update(zip(vars_, row))
        if not weight:
            continue
        used = Counter(value.values())
        remaining = {c: belief.avail[c] - used[c] for c in Card if belief.avail[c] - used[c] > 0}
        if sum(remaining.values()) != n_pool:
            continue  # this combination over-uses a card
        for arrangement in _arrangements(dict(remaining), n_enum):
            if lazy:
                rest = Counter(remaining)
                rest.subtract(arrangement)
                free = sorted(rest.elements())
                stands_for = factorial(len(free))
                for k in Counter(free).values():
                    stands_for //= factorial(k)
                hands = arrangement[:n_hands]
                middle = ([free[-1]] + free[:-1]) if sa_free else free  # set-aside first, then the deck
                pool = iter(list(hands) + middle + list(arrangement[n_hands:]))
            else:
                stands_for, pool = 1, iter(arrangement)
            r = _assemble(record, belief, final, piles, value, pool)
            worlds.append(((r, tail if lazy else len(r.deck)), weight * stands_for))
            deals += stands_for
            if len(worlds) > limit:
                raise TooLargeError(f"more than {limit} possible worlds: too large for an exact answer")
    total = sum(w for _, w in worlds)
    if not total:
        raise AdviceError("no deal is consistent with the record")
    return [(r, Fraction(w, total)) for r, w in worlds], deals, sa_free and lazy


def observation(events, viewer: int) -> tuple:
    """What the viewer sees of a list of events (others' private details redacted)."""
    out = []
    for ev in events:
        if seen_by(ev, viewer):
            out.append(ev)
        else:
            out.append((type(ev).__name__, getattr(ev, "player", None), getattr(ev, "target", None)))
    return tuple(out)


@dataclass(frozen=True)
class Value:
    win: Fraction  # probability the viewer is among the round's winners
    tokens: Fraction  # expected favor tokens from this round (win + Spy bonus)
    out_before_next_turn: Fraction = Fraction(0)


#: The advisor's opponent models and the inference model that weighs the deals consistently.
OPPONENT_MODELS = {"random": "random", "card-counter": "card-counter"}


def opponent_distribution(r: Round, model: str) -> list[tuple[object, Fraction]]:
    """The opponent to move's actions with their probabilities under the model."""
    acts = legal_actions(r)
    if model == "random" or len(acts) == 1:
        return [(a, Fraction(1, len(acts))) for a in acts]
    from solver.policies.models import CardCounterModel
    from solver.policies.heuristics import counting_policy

    eps = CardCounterModel.EPSILON
    chosen = counting_policy(r)
    return [(a, (1 - eps) * (a == chosen) + eps / len(acts)) for a in acts]


def _draws(r: Round, action) -> int:
    """How many cards from the top of the deck `action` can draw (its own draw and the next
    player's): resolving one more than used is harmless (it goes back, canonically)."""
    from solver.rules.actions import Play

    if isinstance(action, Play) and action.card in (Card.PRINCE, Card.CHANCELLOR):
        return 2
    return 1


@lru_cache(maxsize=50_000)
def _draw_orders(free: tuple, k: int) -> tuple:
    """Every way to draw k cards in order from the multiset `free` (sorted): (drawn, rest, p)."""
    if k == 0:
        return (((), free, Fraction(1)),)
    out = []
    for c, m in sorted(Counter(free).items()):
        rest = list(free)
        rest.remove(c)
        for top, rest2, p in _draw_orders(tuple(rest), k - 1):
            out.append(((c,) + top, rest2, Fraction(m, len(free)) * p))
    return tuple(out)


class _Solver:
    """Expectimax over the viewer's information states. A state is (round, tail): the last
    `tail` cards of the deck are fixed (Chancellor returns, or everything in the reference
    mode); the cards above them — and the set-aside card when `sa_free` — are exchangeable and
    kept sorted, and a draw from them is resolved when it happens, each distinct card with
    probability (copies left) / (cards left)."""

    def __init__(self, viewer: int, budget: int, deadline: float | None = None, model: str = "random",
                 sa_free: bool = False):
        self.model = model
        self.memo: dict = {}
        self.viewer = viewer
        self.budget = budget
        self.deadline = deadline
        self.nodes = 0
        self.applied = 0
        self.sa_free = sa_free

    def tick(self) -> None:
        self.nodes += 1
        if self.nodes > self.budget:
            raise TooLargeError(f"more than {self.budget} search nodes: too large for an exact answer")
        if self.nodes % 128 == 0:
            self.check_time()

    def check_time(self) -> None:
        if self.deadline is not None:
            if time.perf_counter() > self.deadline:
                raise TooLargeError("the exact answer needs more time than its budget")

    # --- exchangeable cards -------------------------------------------------------------------

    def _free(self, r: Round, tail: int) -> list:
        exch = list(r.deck[:len(r.deck) - tail])
        if self.sa_free and r.set_aside is not None:
            exch.append(r.set_aside)
        return exch

    def _rebuild(self, r: Round, tail: int, top: tuple, free: list) -> Round:
        free = sorted(free)
        if self.sa_free and r.set_aside is not None:
            sa, free = free[-1], free[:-1]
        else:
            sa = r.set_aside
        return r._replace(deck=tuple(top) + tuple(free) + r.deck[len(r.deck) - tail:], set_aside=sa)

    def canon(self, r: Round, tail: int) -> Round:
        if tail >= len(r.deck) and not (self.sa_free and r.set_aside is not None):
            return r
        return self._rebuild(r, tail, (), self._free(r, tail))

    def expand(self, r: Round, tail: int, k: int) -> list:
        """The round with its top k exchangeable cards resolved in every way, with probabilities."""
        n_exch = len(r.deck) - tail
        k = min(k, n_exch)
        if k == 0:
            return [(r, Fraction(1))]
        return [(self._rebuild(r, tail, top, list(rest)), p)
                for top, rest, p in _draw_orders(tuple(sorted(self._free(r, tail))), k)]

    def step(self, state, action) -> list:
        """Every outcome of `action` in `state`: (next state, probability, events)."""
        r, tail = state
        self.applied += 1
        if self.applied % 512 == 0:  # one information state can hold many deals: watch the clock here too
            self.check_time()
        out = []
        returned = len(action.bottom) if isinstance(action, ChancellorChoice) else 0
        for rx, px in self.expand(r, tail, _draws(r, action)):
            r2, ev = apply(rx, action)
            t2 = min(tail + returned, len(r2.deck))
            out.append(((self.canon(r2, t2), t2), px, ev))
        return out

    # --- the search ---------------------------------------------------------------------------

    def value(self, worlds) -> tuple[Fraction, Fraction]:
        """Probability *mass* of winning (and of tokens) over these states, whose weights are
        unnormalised probabilities: at the viewer's turns every action is compared on the same
        mass, so the maximum is the best choice for this information state. Memoised: plays
        that lead to the same states (a Guard naming a card nobody can hold) are solved once."""
        total = sum(p for _, p in worlds)
        key = frozenset((w, p / total) for w, p in worlds)
        found = self.memo.get(key)
        if found is None:
            win, tokens = self._value([(w, p / total) for w, p in worlds])
            found = self.memo[key] = (win, tokens)
        return found[0] * total, found[1] * total

    def _value(self, worlds) -> tuple[Fraction, Fraction]:
        self.tick()
        r0 = worlds[0][0][0]
        v = self.viewer
        if r0.phase == OVER:
            win = sum(p for (r, _), p in worlds if v in r.winners)
            spy = sum(p for (r, _), p in worlds if r.spy_bonus == v)
            return win, win + spy
        if r0.current == v:
            return max((self.q(worlds, a) for a in legal_actions(r0)), key=lambda x: (x[0], x[1]))
        children: dict = defaultdict(list)
        for state, p in worlds:
            for a, pa in opponent_distribution(state[0], self.model):
                if pa:
                    for s2, px, ev in self.step(state, a):
                        children[observation(ev, v)].append((s2, p * pa * px))
        return self._combine(children)

    def q(self, worlds, action) -> tuple[Fraction, Fraction]:
        children: dict = defaultdict(list)
        for state, p in worlds:
            for s2, px, ev in self.step(state, action):
                children[observation(ev, self.viewer)].append((s2, p * px))
        return self._combine(children)

    def _combine(self, children) -> tuple[Fraction, Fraction]:
        win = tokens = 0
        for group in children.values():
            merged: dict = {}
            for w, p in group:
                merged[w] = merged.get(w, 0) + p
            w, t = self.value(list(merged.items()))
            win += w
            tokens += t
        return win, tokens


@dataclass(frozen=True)
class RankedAction:
    action: object
    win: Fraction
    tokens: Fraction
    #: P(an opponent is knocked out by this play, now).
    knock_out_now: Fraction
    #: P(the viewer is out of the round before their next turn), opponents playing the model.
    out_before_next_turn: Fraction
    exact: bool = True
    #: Estimates only: the 95% interval of `win` and the number of sampled deals.
    interval: Optional[tuple] = None
    samples: int = 0
    #: What the play teaches the viewer: {"sees": {card: p}} (Priest, King: the card you see
    #: or receive) or {"baron": {"win": p, "tie": p, "lose": p}}.
    learn: Optional[dict] = None

    def explanation(self) -> tuple[str, dict]:
        """A message key and its parameters (the shell translates): the one-sentence why."""
        params = {"win": self.win, "knock_out_now": self.knock_out_now, "out_risk": self.out_before_next_turn}
        if self.knock_out_now:
            return "advice.knock_out", params
        if self.out_before_next_turn:
            return "advice.risk", params
        return "advice.plain", params


@dataclass(frozen=True)
class Advice:
    record: Record
    model: str
    method: str
    actions: tuple[RankedAction, ...]
    worlds: int
    nodes: int


def advise(record: Record, model: str = "random", budget: int = 200_000, seconds: float = 2.5,
           seed: int = 0) -> Advice:
    """Rank the viewer's legal plays by P(win the round): exact when the position fits the
    budget, otherwise a Monte Carlo estimate with a 95% interval (labelled as such)."""
    if model not in OPPONENT_MODELS:
        raise AdviceError(f"unknown opponent model {model!r}; models: {', '.join(OPPONENT_MODELS)}")
    start = time.perf_counter()
    try:
        return _advise_exact(record, model, budget, deadline=start + seconds * 0.4)
    except TooLargeError:
        left = seconds - (time.perf_counter() - start)
        return advise_estimate(record, model, seconds=max(left, 0.2), seed=seed)


def _advise_exact(record: Record, model: str, budget: int, deadline: float | None = None,
                  lazy: bool = True) -> Advice:
    worlds, deals, sa_free = _root_worlds(record, OPPONENT_MODELS[model], limit=5_000, lazy=lazy,
                                          deadline=deadline)
    v = record.viewer
    solver = _Solver(v, budget, deadline, model, sa_free=sa_free)
    rounds = [(r, p) for (r, _), p in worlds]
    ranked = []
    for action in legal_actions(rounds[0][0]):
        win, tokens = solver.q(worlds, action)  # masses over worlds whose weights sum to 1
        win, tokens = Fraction(win), Fraction(tokens)
        ko = Fraction(0)
        for state, p in worlds:
            for _, px, ev in solver.step(state, action):
                if any(isinstance(e, KnockedOut) and e.player != v for e in ev):
                    ko += p * px
        # What a Priest, King or Baron shows does not depend on the order of undrawn cards.
        ranked.append(RankedAction(action, win, tokens, ko, _out_before_next_turn(solver, worlds, action, model),
                                   learn=learn_from(rounds, action, v)))
    ranked.sort(key=lambda a: (-a.win, -a.tokens, _sort_key(a.action)))
    return Advice(record, model, "exact", tuple(ranked), deals, solver.nodes)


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


def _sort_key(action) -> tuple:
    if isinstance(action, ChancellorChoice):
        return (int(action.keep), tuple(int(c) for c in action.bottom))
    return (int(action.card), -1 if action.target is None else action.target,
            -1 if action.guess is None else int(action.guess))


def _out_before_next_turn(solver: _Solver, worlds, action, model: str = "random") -> Fraction:
    """Play `action`, then let opponents play the model until the viewer's next turn."""
    viewer = solver.viewer
    total = Fraction(0)
    frontier: dict = defaultdict(Fraction)
    for state, p in worlds:
        for s2, px, _ in solver.step(state, action):
            frontier[s2] += p * px
    while frontier:
        nxt: dict = defaultdict(Fraction)
        for state, p in frontier.items():
            r = state[0]
            if r.out[viewer]:
                total += p
            elif r.phase == OVER or r.current == viewer:
                continue
            else:
                for a, pa in opponent_distribution(r, model):
                    if pa:
                        for s2, px, _ in solver.step(state, a):
                            nxt[s2] += p * pa * px
        frontier = nxt
    return total


# ---------------------------------------------------------------------------------------------
# Estimate mode
# ---------------------------------------------------------------------------------------------

def sample_worlds(record: Record, model: str, n: int, rng) -> list[Round]:
    """Deals drawn exactly from the posterior: the tracked cards by their exact weights (factor
    rows times deck completions), then a uniform shuffle of the untouched cards."""
    draw = deal_sampler(record, model)
    return [draw(rng) for _ in range(n)]


def deal_sampler(record: Record, model: str):
    """A function rng -> one deal drawn exactly from the posterior (set up once, drawn lazily)."""
    belief, final = build_belief(record, model)
    if belief.retired:
        raise AdviceError("the advisor needs a complete record (a discarded card is missing)")
    comb = Combiner(belief)
    draw_values = comb.sampler()
    piles = _discards(record)

    def draw(rng) -> Round:
        value = draw_values(rng)
        used = Counter(value.values())
        pool = [c for c in Card for _ in range(belief.avail[c] - used[c])]
        rng.shuffle(pool)
        return _assemble(record, belief, final, piles, value, iter(pool))

    return draw


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval of a proportion."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * ((p * (1 - p) / n + z * z / (4 * n * n)) ** 0.5) / (1 + z * z / n)
    # The interval always contains the estimate (rounding could push an end past it at 0 or 1).
    return max(0.0, min(centre - half, p)), min(1.0, max(centre + half, p))


def advise_estimate(record: Record, model: str = "random", seconds: float = 2.5, seed: int = 0,
                    max_samples: int = 2000, min_samples: int = 30) -> Advice:
    """Monte Carlo: deals drawn from the exact posterior; after the play, the viewer continues
    with the counting heuristic (its own information only) and opponents with the model. It
    estimates the value of the play followed by that heuristic: a lower bound on best play."""
    import random
    from solver.policies.models import CardCounterModel
    from solver.policies.heuristics import counting_policy, random_policy

    eps = float(CardCounterModel.EPSILON)
    rng = random.Random(seed)
    v = record.viewer
    start = time.perf_counter()
    draw = deal_sampler(record, OPPONENT_MODELS[model])
    deals = [draw(rng)]
    actions = legal_actions(deals[0])
    stats = {a: [0, 0, 0, 0, 0] for a in actions}  # wins, tokens, knock-outs, out-before-turn, n
    i = 0
    while i < max_samples and (i < min_samples or time.perf_counter() - start < seconds):
        if i == len(deals):
            deals.append(draw(rng))  # drawn as needed: the time goes to the play-outs
        deal = deals[i]
        i += 1
        for a in actions:
            r, ev = apply(deal, a)
            s = stats[a]
            s[4] += 1
            if any(isinstance(x, KnockedOut) and x.player != v for x in ev):
                s[2] += 1
            seen_turn = False
            while r.phase != OVER:
                if r.current == v and r.phase == PLAY:
                    seen_turn = True
                if r.out[v] and not seen_turn:
                    break
                # Opponents of the counting model follow the heuristic with probability
                # 1 - EPSILON and play uniformly at random otherwise, as in the exact mode.
                if r.current == v or (model == "card-counter" and rng.random() >= eps):
                    policy = counting_policy
                else:
                    policy = random_policy
                r, _ = apply(r, policy(r, rng))
            if r.out[v] and not seen_turn:
                s[3] += 1
                continue
            win = v in r.winners
            s[0] += win
            s[1] += win + (r.spy_bonus == v)
    ranked = []
    used = [(d, Fraction(1, i)) for d in deals[:i]]
    for a, (wins, tokens, kos, outs, n) in stats.items():
        ranked.append(RankedAction(a, Fraction(wins, n), Fraction(tokens, n), Fraction(kos, n), Fraction(outs, n),
                                   exact=False, interval=wilson(wins, n), samples=n, learn=learn_from(used, a, v)))
    ranked.sort(key=lambda x: (-x.win, -x.tokens, _sort_key(x.action)))
    return Advice(record, model, "estimate", tuple(ranked), i, 0)
