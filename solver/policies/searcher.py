"""The searching opponent type: a player who looks one play ahead from its own view.

A card counter follows fixed rules; a player who plans (a person who thinks, an MCTS or
ISMCTS bot) weighs what each play is likely to *do*. This type does that at depth 1, from
nothing but its own view — its hand, the public discards and face-up cards, who is out or
protected, and the cards it remembers (`Round.known`) — and a belief over each opponent's card:
the card it remembers, or else the cards it has not seen, in proportion to their copies.

Each legal play gets a value `q`, its chance of winning the round as this player reckons it one
play ahead:
* a play that eliminates the player (the Princess; a Baron lost; a Prince on itself discarding
  the Princess) is worth 0; one that leaves no opponent is worth 1;
* otherwise the value is the showdown equity of the card it keeps: the product over the live
  opponents of P(their card is lower) + half P(equal), under the belief;
* a Guard hits with the belief's chance of the named card (a miss leaves the target's belief
  without that card), a Baron wins, ties or loses with the belief's chances, a Prince makes the
  target discard (the Princess: out) and draw again, a King trades (the player then holds the
  target's card, which holds the kept one), a Chancellor keeps the best of its card and two
  draws (`_chancellor_value`), a Prince on itself draws a fresh card; the Priest and the Handmaid
  add `BONUS` (a look, a turn of safety), as does the Spy.

It plays a *quantal* best response: with 1 - EPSILON, play `a` with probability proportional to
2 ** -round(TEMPERATURE_K * (q_best - q(a))) — a logit response at temperature
1 / (TEMPERATURE_K ln 2) on values rounded to 1/TEMPERATURE_K — and with EPSILON any legal play,
uniformly; so its likelihood is an exact fraction and every legal play keeps a positive
probability. TEMPERATURE_K and EPSILON are fitted to the reference ISMCTS's plays
(`benchmarks/searcher_fit.py`, docs/advisor.md).
A Chancellor's keep is chosen the same way on the showdown equity of the kept card against one
opponent; the order of the returned cards is uniform.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import lru_cache

from solver.rules.actions import ChancellorChoice
from solver.rules.cards import Card
from solver.rules.outcomes import MISS, TIE, WIN, baron_tally, guard_hit_chance, guard_outcome
from solver.rules.state import CHANCELLOR

#: Values are rounded to 1/TEMPERATURE_K before the logit; a difference of 1/TEMPERATURE_K in
#: value halves a play's weight. Fitted to the reference ISMCTS's plays (docs/advisor.md).
TEMPERATURE_K = 64
#: The share of uniformly random play (any legal action), as the card counter's EPSILON.
EPSILON = Fraction(3, 4)
#: What a look (Priest), a turn of protection (Handmaid) or a Spy on the table add to a play's value.
BONUS = Fraction(1, 20)
#: Weights below 2 ** -CAP are 2 ** -CAP (keeps the fractions small; such plays are almost never made).
CAP = 40


def searcher_weights(r, k: int = None, epsilon: Fraction = None) -> tuple[tuple, int]:
    """The player to move's legal actions with integer weights over one denominator, as
    `UniformModel.weights` gives them: (((action, weight), ...), denominator): with 1 - `epsilon`
    the quantal response at constant `k`, with `epsilon` any legal action (by default the fitted
    `TEMPERATURE_K` and `EPSILON`, which the likelihood uses)."""
    k = TEMPERATURE_K if k is None else k
    epsilon = EPSILON if epsilon is None else Fraction(epsilon)
    return _with_random(*_quantal(r, k), epsilon)


def _with_random(acts: tuple, den: int, epsilon: Fraction) -> tuple[tuple, int]:
    """The weights (acts, den) played with 1 - epsilon, any action uniformly with epsilon."""
    if len(acts) == 1 or not epsilon:
        return acts, den
    p, q, n = epsilon.numerator, epsilon.denominator, len(acts)
    return tuple((a, (q - p) * w * n + p * den) for a, w in acts), q * den * n


def _quantal(r, k: int) -> tuple[tuple, int]:
    """The quantal response alone (no uniform share)."""
    from solver.rules.game import legal_actions

    acts = legal_actions(r)
    if len(acts) == 1:
        return ((acts[0], 1),), 1
    seat = r.current
    e = r.edition
    if r.phase == CHANCELLOR:
        discards = list(map(list, r.discards))
        if discards[seat] and discards[seat][-1] == Card.CHANCELLOR:  # the view before the Chancellor was played
            discards[seat].pop()
        pool = _pool(e, tuple(map(tuple, discards)), tuple(r.face_up), tuple(r.hands[seat]), ())
        return _chancellor_weights(e, tuple(r.hands[seat]), pool, tuple(acts), k)
    known = tuple(sorted((h, c) for o, h, c in r.known if o == seat))
    pool = _pool(e, tuple(map(tuple, r.discards)), tuple(r.face_up), tuple(r.hands[seat]), tuple(c for _, c in known))
    return _play_weights(e, seat, tuple(sorted(r.hands[seat])), tuple(r.out), tuple(r.protected), pool, known,
                         tuple(acts), k)


def _pool(e, discards: tuple, face_up: tuple, hand: tuple, located: tuple) -> tuple:
    """The cards the player has not seen and cannot place, as sorted (card, copies)."""
    count = Counter({c: e.count(c) for c in e.cards})
    for pile in discards:
        count.subtract(pile)
    count.subtract(face_up)
    count.subtract(hand)
    count.subtract(located)
    return tuple(sorted((c, k) for c, k in count.items() if k > 0))


def _weights_of(values: list, k: int) -> tuple[list, int]:
    """Integer weights 2 ** (CAP - m) for m = round(K (best - q)), capped, and their sum."""
    best = max(values)
    ws = []
    for q in values:
        d = (best - q) * k
        m = min(CAP, (2 * d.numerator + d.denominator) // (2 * d.denominator))  # round half up
        ws.append(2 ** (CAP - m))
    return ws, sum(ws)


@lru_cache(maxsize=65536)
def _play_weights(e, seat: int, hand: tuple, out: tuple, protected: tuple, pool: tuple, known: tuple,
                  acts: tuple, k: int) -> tuple[tuple, int]:
    value = e.value_of
    pool_d = dict(pool)
    total = sum(pool_d.values())
    remembered = dict(known)
    live = [o for o in range(len(out)) if o != seat and not out[o]]

    def belief(o) -> dict:
        if o in remembered:
            return {remembered[o]: Fraction(1)}
        return {c: Fraction(k, total) for c, k in pool_d.items()} if total else {}

    beliefs = {o: belief(o) for o in live}

    def beats(card, b) -> Fraction:
        if not b:
            return Fraction(1, 2)
        v = value[card]
        return sum((p if value[x] < v else p / 2 if value[x] == v else 0) for x, p in b.items())

    def equity(card, bs: dict) -> Fraction:
        if not bs:
            return Fraction(1)
        q = Fraction(1)
        for b in bs.values():
            q *= beats(card, b)
        return q

    def without(o) -> dict:
        return {x: b for x, b in beliefs.items() if x != o}

    def conditioned(o, keep) -> dict:
        """Beliefs with opponent o's belief restricted by `keep(card)` and renormalised."""
        b = {c: p for c, p in beliefs[o].items() if keep(c)}
        s = sum(b.values())
        out_ = dict(beliefs)
        out_[o] = {c: p / s for c, p in b.items()} if s else {}
        return out_

    values = []
    for a in acts:
        card, t = a.card, a.target
        kept = hand[1] if hand[0] == card else hand[0]
        base = equity(kept, beliefs)
        if card == Card.PRINCESS:
            q = Fraction(0)
        elif card == Card.CHANCELLOR:  # (untargeted: before the no-target case)
            q = _chancellor_value(kept, pool_d, total, lambda c: equity(c, beliefs))
        elif t is None or (t != seat and t not in beliefs):
            q = base + (BONUS if card in (Card.HANDMAID, Card.SPY) else 0)
        elif card == Card.GUARD:
            p = guard_hit_chance(a.guess, beliefs[t])
            rest = without(t)
            hit = p * (equity(kept, rest) if rest else 1)
            miss = (1 - p) * equity(kept, conditioned(t, lambda c, g=a.guess: guard_outcome(g, c) == MISS)) if p < 1 else 0
            q = hit + miss
        elif card == Card.PRIEST:
            q = base + BONUS
        elif card == Card.BARON:
            b = beliefs[t]
            odds = baron_tally(e, kept, b)
            win, tie = odds.get(WIN, Fraction(0)), odds.get(TIE, Fraction(0))
            rest = without(t)
            q = win * (equity(kept, rest) if rest else 1) + tie * base
        elif card == Card.PRINCE and t == seat:
            if kept == Card.PRINCESS:
                q = Fraction(0)
            else:
                q = sum((Fraction(k, total) * equity(c, beliefs) for c, k in pool_d.items()), Fraction(0)) if total \
                    else base
        elif card == Card.PRINCE:
            p = beliefs[t].get(Card.PRINCESS, Fraction(0))
            rest = without(t)
            q = p * (equity(kept, rest) if rest else 1) + (1 - p) * base
        elif card == Card.KING:
            q = Fraction(0)
            for x, p in beliefs[t].items():
                after = dict(beliefs)
                after[t] = {kept: Fraction(1)}
                q += p * equity(x, after)
        else:  # Countess, a Handmaid or Spy with a target (none), anything else: keep the card
            q = base + (BONUS if card in (Card.HANDMAID, Card.SPY) else 0)
        values.append(q)
    ws, den = _weights_of(values, k)
    return tuple(zip(acts, ws)), den


def _chancellor_value(kept, pool: dict, total: int, equity) -> Fraction:
    """The equity of the best of the kept card and two cards drawn from the unseen pool."""
    if total < 2:
        return equity(kept)
    q = Fraction(0)
    cards = list(pool.items())
    for i, (c1, k1) in enumerate(cards):
        for c2, k2 in cards[i:]:
            ways = k1 * (k1 - 1) // 2 if c1 == c2 else k1 * k2
            if ways:
                q += Fraction(ways, total * (total - 1) // 2) * max(equity(kept), equity(c1), equity(c2))
    return q


@lru_cache(maxsize=16384)
def _chancellor_weights(e, hand3: tuple, pool: tuple, choices: tuple, k: int = TEMPERATURE_K) -> tuple[tuple, int]:
    value = e.value_of
    pool_d = dict(pool)
    total = sum(pool_d.values())

    def equity(card) -> Fraction:
        if not total:
            return Fraction(1, 2)
        v = value[card]
        return sum((Fraction(k, total) * (1 if value[x] < v else Fraction(1, 2) if value[x] == v else 0)
                    for x, k in pool_d.items()), Fraction(0))

    keeps = sorted({ch.keep for ch in choices})
    kw, _ = _weights_of([equity(c) for c in keeps], k)
    per_keep = dict(zip(keeps, kw))
    orders = Counter(ch.keep for ch in choices)
    # weight of a choice: its keep's weight shared among that keep's orders (one denominator)
    lcm = 1
    for c in keeps:
        lcm = lcm * orders[c] // _gcd(lcm, orders[c])
    ws = tuple((ch, per_keep[ch.keep] * (lcm // orders[ch.keep])) for ch in choices)
    return ws, sum(w for _, w in ws)


def _gcd(a: int, b: int) -> int:
    while b:
        a, b = b, a % b
    return a


def chancellor_pool(e, hand3: tuple, public) -> tuple:
    """The unseen pool a Chancellor choice is weighed on, from the inference's `public` (the
    discards before the Chancellor was played)."""
    discards = tuple(tuple(p) for p in public["discards"]) if public else ()
    face_up = tuple(public["face_up"]) if public else ()
    return _pool(e, discards, face_up, tuple(hand3), ())


def chancellor_distribution(e, hand3: tuple, choice: ChancellorChoice, choices: tuple, public) -> Fraction:
    ws, den = _with_random(*_chancellor_weights(e, tuple(hand3), chancellor_pool(e, hand3, public), tuple(choices),
                                                TEMPERATURE_K), EPSILON)
    return Fraction(dict(ws).get(choice, 0), den)
