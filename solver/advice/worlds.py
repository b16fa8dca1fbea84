"""The advisor's worlds: concrete rounds consistent with a record, with their exact posterior
weights (enumerated for the exact search, or drawn one at a time for estimates), and what the
opponent models do in them."""

from __future__ import annotations

from bisect import bisect_right
from collections import Counter
from fractions import Fraction
from functools import lru_cache
from itertools import product
from math import gcd
import time

from solver.rules.cards import Card
from solver.rules.chance import arrangements, orderings
from solver.rules.errors import LoveLetterError
from solver.policies.models import PLAYING_MODELS
from solver.inference.factors import UNOPENED
from solver.inference.combine import Combiner
from solver.inference.beliefs import shared_belief
from solver.records.record import Record
from solver.records.replay import public_discards
from solver.rules.events import observation  # noqa: F401  (re-exported: the advisor's observations)
from solver.rules.state import CHANCELLOR, PLAY, Round


class TooLargeError(LoveLetterError):
    rule = "too-large"


class OutOfTimeError(TooLargeError):
    """The work did not fit the wall-clock safety cap (a loaded machine may finish it another
    time): not a property of the position, so not to be remembered as one."""


class AdviceError(LoveLetterError):
    rule = "advice"


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
    """Every concrete round consistent with the record, with its exact posterior probability
    (for a mixture of opponent types, summed over the types). An entry: `model` a name or the object."""
    from solver.policies.models import get_model

    out: dict = {}
    for (r, _, _), p in root_worlds(record, get_model(model), limit, lazy=False)[0]:
        out[r] = out.get(r, 0) + p
    return list(out.items())


def typed_worlds(record: Record, model, limit: int = 50_000) -> list[tuple[Round, object, Fraction]]:
    """Every concrete round consistent with the record with its opponents' type (a single-type
    model: the model itself) and its exact posterior probability. `model`: the model object."""
    out: dict = {}
    for (r, _, k), p in root_worlds(record, model, limit, lazy=False)[0]:
        key = (r, model.types[k])
        out[key] = out.get(key, 0) + p
    return [(r, t, p) for (r, t), p in out.items()]


def belief_of(record: Record, model):
    """The inference's factors for a record under one opponent type (memoised with the posterior's,
    `solver.inference.beliefs.shared_belief`: the exact search, the estimate and the posterior of
    one `advise` call, and the next call on the same position, build them once). Read-only."""
    return shared_belief(record, model)


@lru_cache(maxsize=8)
def types_of(record: Record, model) -> tuple:
    """((type, P(type | record)), ...) of the model's opponent types, those of weight 0 left out
    (one type with weight 1 for a single-type model); memoised."""
    from solver.inference.posterior import weigh_types

    if len(model.types) == 1:
        return ((model, Fraction(1)),)
    weights = weigh_types(model, lambda t: Combiner(belief_of(record, t)[0]).likelihood())
    return tuple((t, weights[t.name]) for t in model.types if weights[t.name])


def root_worlds(record: Record, model, limit: int, lazy: bool, deadline: float | None = None):
    """The search's root states ((round, tail length, type index), probability), the number of
    concrete deals they stand for, and whether the set-aside card is exchangeable with the deck.
    For a mixture of opponent types, every type's worlds with the type's probability given the
    record (`types_of`), each tagged with the type's index in `model.types`.

    `lazy`: the untouched cards of the deck (and the untouched set-aside card) are exchangeable
    under the posterior — every arrangement has the same weight — so they are kept as one
    canonical arrangement (sorted) and each draw is resolved when it happens
    (`ExactSolver._transition`).
    Only the tracked cards and the untouched hands are enumerated. Otherwise every arrangement is
    a separate world (the reference the lazy search is tested against). `model`: the model object."""
    out, deals, sa_free = [], 0, False
    for t, w in types_of(record, model):
        k = model.types.index(t)
        worlds, n, sa_free = _type_worlds(record, t, limit - len(out), lazy, deadline)
        out.extend(((r, tail, k), w * p) for (r, tail), p in worlds)
        deals += n
    return out, deals, sa_free


def _type_worlds(record: Record, model, limit: int, lazy: bool, deadline: float | None):
    """`root_worlds` under one opponent type: ((round, tail length), probability) states."""
    belief, final = belief_of(record, model)
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
    # Each row with the cards it uses, packed 8 bits a card (a combination's use is the sum of its rows'):
    # a combination that over-uses a card is passed over before anything is built for it.
    packed_rows = [[(row, w, sum(1 << (8 * c) for c in row)) for row, w in rows] for _, rows in factors]
    avail = belief.avail
    cards = [c for c in Card]
    for k, combo in enumerate(product(*packed_rows)):
        if deadline is not None and k % 4096 == 4095 and time.perf_counter() > deadline:
            raise OutOfTimeError("the exact answer needs more time than its budget")
        weight = 1
        u = 0
        for _, w, packed in combo:
            weight *= w
            u += packed
        if not weight:
            continue
        remaining = {}
        over = False
        left = 0
        for c in cards:
            r = avail[c] - ((u >> (8 * c)) & 255)
            if r < 0:
                over = True
                break
            if r:
                remaining[c] = r
                left += r
        if over or left != n_pool:
            continue  # this combination over-uses a card
        value: dict = {}
        for (vars_, _), (row, _, _) in zip(factors, combo):
            value.update(zip(vars_, row))
        for arrangement in arrangements(dict(remaining), n_enum):
            if lazy:
                rest = Counter(remaining)
                rest.subtract(arrangement)
                free = sorted(rest.elements())
                stands_for = orderings(free)
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


#: The advisor's opponent models (the default first): the models that play opponents.
OPPONENT_MODELS = PLAYING_MODELS


def opponent_distribution(r: Round, model) -> list[tuple[object, Fraction]]:
    """The opponent to move's actions with their probabilities under one opponent type (the object)."""
    return model.distribution(r)


def sample_worlds(record: Record, model, n: int, rng) -> list[Round]:
    """Deals drawn exactly from the posterior: the tracked cards by their exact weights (factor
    rows times deck completions), then a uniform shuffle of the untouched cards. An entry: `model` a
    name or the object."""
    draw = deal_sampler(record, model)
    return [draw(rng) for _ in range(n)]


def deal_sampler(record: Record, model):
    """A function rng -> one deal drawn exactly from the posterior (set up once, drawn lazily). An
    entry: `model` a name or the object."""
    from solver.policies.models import get_model

    draw = TypedSampler(record, get_model(model))
    return lambda rng: draw(rng)[0]


def typed_sampler(record: Record, model):
    """A function rng -> (deal, its opponents' type) drawn exactly from the posterior: the type by
    its probability given the record, then the deal from that type's posterior (`TypedSampler`). An
    entry: `model` a name or the object."""
    from solver.policies.models import get_model

    return TypedSampler(record, get_model(model))


class TypedSampler:
    """Deals drawn exactly from the posterior, their opponents' type first (by its probability given
    the record). Called with a generator: (deal, type). In two steps for a batch: `split(rng)` draws
    the type, the tracked cards (var -> card) and the untouched cards (sorted, still to shuffle with the
    same generator), and `layouts[type]` (a `solver.advice.deals.DealLayout`) assembles them, as a `Round`
    (`assemble`) or as the compiled state: the same deal both ways. `model`: the model object."""

    def __init__(self, record: Record, model):
        typed = types_of(record, model)
        self.singles = {t: _single_sampler(record, t) for t, _ in typed}
        self.layouts = {t: single.layout for t, single in self.singles.items()}
        self.pick = type_drawer(typed)

    def __call__(self, rng):
        t = self.pick(rng)
        return self.singles[t](rng), t

    def split(self, rng) -> tuple:
        t = self.pick(rng)
        values, pool = self.singles[t].split(rng)
        return t, values, pool

    def split_counts(self, rng) -> tuple:
        """`split` with the untouched cards as their copies per card number (what the compiled layout
        reads): the same draws from `rng`."""
        t = self.pick(rng)
        values, counts = self.singles[t].split_counts(rng)
        return t, values, counts


def type_drawer(typed: tuple):
    """A function rng -> one of the types of `typed` ((type, probability), ...) drawn exactly by
    its probability (no draw at all for a single type)."""
    if len(typed) == 1:
        only = typed[0][0]
        return lambda rng: only
    den = 1
    for _, w in typed:
        den = den * w.denominator // gcd(den, w.denominator)
    bounds, acc = [], 0
    for _, w in typed:
        acc += w.numerator * (den // w.denominator)
        bounds.append(acc)
    kinds = [t for t, _ in typed]
    return lambda rng: kinds[bisect_right(bounds, rng.randrange(den))]


def _single_sampler(record: Record, model):
    """`deal_sampler` under one opponent type."""
    belief, final = belief_of(record, model)
    if belief.retired:
        raise AdviceError("the advisor needs a complete record (a discarded card is missing)")
    return _Single(record, belief, final, Combiner(belief).sampler(), _discards(record))


class _Single:
    """One type's deals: `split(rng)` -> (tracked cards, untouched cards sorted); called, the deal
    (the untouched cards shuffled with the same generator, then laid out)."""

    def __init__(self, record, belief, final, draw_values, piles):
        from solver.advice.deals import DealLayout

        self.belief = belief
        self.draw_values = draw_values
        self.avail = belief.avail
        self.assemble_round = lambda value, pool: _assemble(record, belief, final, piles, value, iter(pool))
        self.layout = DealLayout.of(record, belief, final, piles, self.assemble_round, _phase(record), UNOPENED)

    def split(self, rng) -> tuple:
        value = self.draw_values(rng)
        used = Counter(value.values())
        avail = self.avail
        pool = [c for c in Card for _ in range(avail[c] - used[c])]
        return value, pool

    def split_counts(self, rng) -> tuple:
        """(tracked cards, copies of each card left untouched, by card number): `split` without the
        sorted list (the same draws from `rng`)."""
        value = self.draw_values(rng)
        counts = list(self.avail)
        for c in value.values():
            counts[c] -= 1
        return value, counts

    def __call__(self, rng) -> Round:
        value, pool = self.split(rng)
        rng.shuffle(pool)
        return self.assemble_round(value, pool)
