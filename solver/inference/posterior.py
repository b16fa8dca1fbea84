"""The posterior a person reads: who holds what, the set-aside card, the deck, the Guard table,
as exact fractions (`infer`)."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Optional

from solver.rules.cards import Card
from solver.rules.errors import LoveLetterError
from solver.rules.rich import rich
from solver.policies.models import get_model, is_mixture
from solver.records.record import Record
from solver.records.replay import Final

SPY, GUARD, PRIEST, BARON, HANDMAID, PRINCE, CHANCELLOR, KING, COUNTESS, PRINCESS = tuple(Card)
from solver.inference.factors import UNOPENED, Belief, InconsistentRecordError
from solver.inference.beliefs import shared_belief
from solver.inference.combine import Combiner

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
    belief: Optional[Belief] = field(repr=False)
    #: The opponents' types and their weights given the record ({type name: probability}): one
    #: type with weight 1 for a single-type model; for a mixture, each type's posterior is in
    #: `parts` and every figure above is their average with these weights.
    types: dict = field(default_factory=dict)
    parts: tuple = field(default=(), repr=False)

    def hand(self, seat) -> dict:
        return self.hands[self.record.seat(seat)]

    def joint(self, seats) -> dict:
        """Joint distribution of several players' hands: {(card, card, ...): probability}."""
        seats = [self.record.seat(s) for s in seats]
        if not self.parts:
            return joint_hands(self, seats)
        out: dict = defaultdict(Fraction)
        for part in self.parts:
            w = self.types[part.model]
            for cards, p in joint_hands(part, seats).items():
                out[cards] += w * p
        return {c: p for c, p in out.items() if p}

    def _repr_html_(self) -> Optional[str]:
        """In a notebook: each hidden card as a table of percentages (exact fractions on hover)
        and the best Guard guess (`solver.display`)."""
        return rich(self, "posterior")


def _dist(pairs) -> dict:
    out: dict = defaultdict(Fraction)
    for c, p in pairs:
        out[c] += p
    return {c: out[c] for c in sorted(out) if out[c]}


def infer(record: Record, model="uniform", budget: Optional[int] = None) -> Posterior:
    """The posterior over the hidden state after the record's last turn. `budget` bounds the
    work (steps of the dynamic programs; about a microsecond each): beyond it,
    InferenceBudgetError (a refusal, not an inconsistency). For a mixture of opponent types,
    each type's posterior weighted by the type's probability given the record (`type_weights`).
    An entry: `model` a name or the object (`posterior_of` takes the object)."""
    return posterior_of(record, get_model(model), budget)


def posterior_of(record: Record, model, budget: Optional[int] = None) -> Posterior:
    """`infer` for the model object (resolved by the caller, a public entry)."""
    if not is_mixture(model):
        post, _ = _single(record, model, budget)
        return post
    parts, weights = _typed(record, model, budget)
    mixed = [(weights[p.model], p) for p in parts if weights[p.model]]

    def mix(get) -> dict:
        out: dict = defaultdict(Fraction)
        for w, p in mixed:
            for c, q in get(p).items():
                out[c] += w * q
        return {c: out[c] for c in sorted(out) if out[c]}

    first = parts[0]
    hands = {}
    for seat, dist in first.hands.items():
        if "cards" in dist:
            hands[seat] = {"cards": [mix(lambda p, i=i, seat=seat: p.hands[seat]["cards"][i])
                                     for i in range(len(dist["cards"]))]}
        else:
            hands[seat] = mix(lambda p, seat=seat: p.hands[seat])
    bottom = [mix(lambda p, i=i: p.bottom[i]) for i in range(len(first.bottom))]
    return Posterior(record, model.name, hands, mix(lambda p: p.set_aside), mix(lambda p: p.deck_expected), bottom,
                     first.final, None, types=weights, parts=tuple(p for _, p in mixed))


def type_weights(record: Record, model, budget: Optional[int] = None) -> dict:
    """{type name: P(type | record)} of the model's opponent types: each type's prior times the
    likelihood of the record's plays under it (`Combiner.likelihood`), normalised. A single-type
    model: {its name: 1}."""
    model = get_model(model)
    if not is_mixture(model):
        return {model.name: Fraction(1)}
    return _typed(record, model, budget)[1]


def _typed(record: Record, model, budget: Optional[int]) -> tuple[list, dict]:
    """Each type's posterior (those under which the record is possible) and the types' weights."""
    parts: dict = {}

    def likelihood(t) -> Fraction:
        parts[t.name], lik = _single(record, t, budget)
        return lik

    weights = weigh_types(model, likelihood)
    return [parts[t.name] for t in model.types if t.name in parts], weights


def weigh_types(model, likelihood) -> dict:
    """{type name: P(type | record)}: each of the mixture's types' prior times `likelihood(type)`
    (the record's likelihood under it, `Combiner.likelihood`; InconsistentRecordError where the
    record is impossible under the type), normalised; the first refusal when no type allows the
    record."""
    scores, refusal = {}, None
    for t, prior in zip(model.types, getattr(model, "prior", (Fraction(1),))):
        try:
            scores[t.name] = prior * likelihood(t)
        except InconsistentRecordError as exc:
            refusal = refusal or exc
            scores[t.name] = Fraction(0)
    total = sum(scores.values())
    if not total:
        raise refusal or InconsistentRecordError("no deal is consistent with the record")
    return {name: w / total for name, w in scores.items()}


def _single(record: Record, model, budget: Optional[int]) -> tuple[Posterior, Fraction]:
    """The posterior under one model and the record's likelihood under it (`Combiner.likelihood`)."""
    belief, final = shared_belief(record, model, budget)
    try:
        comb = Combiner(belief, budget)
        var_marginal: dict = {}
        for j, (vars_, _, _) in enumerate(comb.factors):
            rows, total = comb.factor_weights(j)  # integer weights: one Fraction per card, not per row
            for i, v in enumerate(vars_):
                sums: dict = defaultdict(int)
                for row, w in rows:
                    sums[row[i]] += w
                var_marginal[v] = {c: Fraction(sums[c], total) for c in sorted(sums) if sums[c]}
        pool = comb.pool_expectation()
        likelihood = comb.likelihood()
    except InconsistentRecordError as exc:  # the combined counts fail (a turn's own facts did not)
        raise _located(record, model, budget, exc) from None
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
    post = Posterior(record, model.name, hands, set_aside, deck_expected, bottom, final, belief,
                     types={model.name: Fraction(1)})
    return post, likelihood


def check_consistent(record: Record, model="uniform", budget: Optional[int] = None) -> None:
    """Raise InconsistentRecordError when no deal explains the record (other refusals as
    `infer` raises them); the check without the marginals. An entry: `model` a name or the object."""
    _consistent(record, get_model(model), budget)


def _consistent(record: Record, model, budget: Optional[int]) -> None:
    for t in model.types:
        belief, _ = shared_belief(record, t, budget)
        Combiner(belief, budget).pool_expectation()


def _located(record: Record, model, budget: Optional[int], exc: InconsistentRecordError):
    """The refusal of a record whose card counts fail only once every turn is combined, with the
    first turn no deal allows: the shortest inconsistent prefix (binary search: consistency
    of a prefix is kept by every shorter prefix), "turn k" and `fact="turn"`; as it was when
    even the header fails or a prefix is refused for another reason."""
    lo, hi = 0, len(record.turns)  # the prefix of lo turns is consistent, that of hi is not
    try:
        _consistent(record.prefix(0), model, budget)
    except LoveLetterError:
        return exc
    while hi - lo > 1:
        mid = (lo + hi) // 2
        try:
            _consistent(record.prefix(mid), model, budget)
            lo = mid
        except InconsistentRecordError:
            hi = mid
        except LoveLetterError:
            return exc
    return InconsistentRecordError(exc.reason, where=f"turn {hi}", fact="turn")


def joint_hands(post: Posterior, seats: list[int]) -> dict:
    """Exact joint over several seats' single hands (merging their factors)."""
    b = post.belief.copy()
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
