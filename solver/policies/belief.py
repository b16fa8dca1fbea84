"""The viewer's later turns in a play-out, played on what the viewer would infer (the reference).

An estimate values a play by playing the round on after it. The viewer's later decisions there
must use only what the viewer will know then; the counting heuristic (`solver.policies.heuristics`)
reads the unseen cards as if every one were equally likely in an opponent's hand. Against a
card counter that throws away what the opponent's plays say: a card counter who kept a card
over a Baron probably holds a high one. This module keeps, along the play-out, the viewer's
**belief** about each opponent's hand under the opponent model, and plays the viewer's turns on it
(`belief_choices`).

The belief (`Belief`) is a weight per opponent type (the mixture's types, or the one type) and,
per opponent and type, a distribution over the card the opponent holds. It starts from the exact
posterior at the decision being advised (the caller passes its marginals) and is updated by what
the viewer observes, never by a hidden card of the sampled deal:

* an opponent's play: from each card `c` the opponent may have held and each card `d` it may have
  drawn (drawn from the cards the viewer has not seen, `c` excepted), the play's probability
  under the type from the hand {c, d} (`model.weights` of the round with that hand): the card it
  kept is the one it did not play;
* an opponent's Chancellor: the card it keeps from its card and two draws, under the type
  (a card counter keeps its highest with 1 - EPSILON; a random player any of the three);
* the viewer's own draws (a card the viewer draws is not the opponent's: one copy fewer);
* a Guard's miss (the named card is not there), a Prince's discard (a fresh card drawn from the
  unseen ones), a King trade between two opponents (their beliefs swap), a Baron's loser (the
  winner holds a higher card), and whatever the viewer remembers (`Round.known`: a Priest look, a
  King trade, a Baron tie: the card itself).

In a 2-player round of the classic edition this is the exact posterior of the opponent's hand (the
opponent's hand is the only hidden card any likelihood reads, and the rest of the unseen cards are
exchangeable). Elsewhere it is an approximation (with 3 or more players the opponents' hands are
taken as independent; after an opponent's Chancellor the returned cards are taken as unseen).
Whatever its accuracy, the viewer's choices read only what the viewer saw, so the value of a
play-out is the value of a policy the viewer could follow: an estimate built on it stays a floor
of the exact value.

The compiled path (`solver.compiled.kernels.belief`) follows the same steps on arrays, in the same
order of floating-point operations, so both give the same choices (`tests/conformance/`).
"""

from __future__ import annotations

from typing import Optional

from solver.rules.actions import ChancellorChoice, Play
from solver.rules.cards import Card
from solver.rules.game import apply, legal_actions
from solver.rules.state import CHANCELLOR, OVER, PLAY, Round
from solver.policies.heuristics import counting_chancellor, unseen_by

#: Cards by number (`Card` is 0..9).
NCARDS = 10


class Belief:
    """The viewer's belief about the opponents' hands (module docstring). `types`: the opponent
    types (model objects that play); `weights[t]`: their weights (normalised); `cards[seat][t]`:
    a list of NCARDS probabilities of the card `seat` holds under type t (None for the viewer).

    What the viewer knows of the deck's order: `tail`, the cards a Chancellor put under the deck, in
    the order they will be drawn once the cards above them are gone (a card the viewer returned, or
    -1 for one an opponent returned); `src[seat]`, where the card `seat` drew at its turn came from
    (a known card of the tail, or -1: the cards the viewer has not seen); `chsrc`, the same for an
    opponent's Chancellor draws."""

    __slots__ = ("viewer", "types", "weights", "cards", "tail", "src", "chsrc")

    def __init__(self, viewer: int, types: tuple, weights: list, cards: list, tail: list = None,
                 src: list = None, chsrc: list = None):
        self.viewer = viewer
        self.types = types
        self.weights = weights
        self.cards = cards
        self.tail = tail if tail is not None else []
        self.src = src if src is not None else [-1] * len(cards)
        self.chsrc = chsrc if chsrc is not None else [-1, -1]

    @classmethod
    def start(cls, viewer: int, n: int, typed: tuple, marginals, tail=()) -> "Belief":
        """From the exact posterior: `typed` ((type, weight), ...), `marginals(seat, type)` -> {card: p};
        `tail`: the cards under the deck in draw order (a card, or -1 where the viewer does not know it)."""
        types = tuple(t for t, _ in typed)
        weights = [float(w) for _, w in typed]
        cards: list = []
        for s in range(n):
            if s == viewer:
                cards.append(None)
                continue
            rows = []
            for t in types:
                row = [0.0] * NCARDS
                for c, p in marginals(s, t).items():
                    row[int(c)] = float(p)
                rows.append(row)
            cards.append(rows)
        return cls(viewer, types, _normalised(weights), cards, [int(c) for c in tail])

    def copy(self) -> "Belief":
        return Belief(self.viewer, self.types, list(self.weights),
                      [None if rows is None else [list(r) for r in rows] for rows in self.cards],
                      list(self.tail), list(self.src), list(self.chsrc))

    def hand(self, seat: int) -> list:
        """The belief about `seat`'s card over the types: NCARDS probabilities."""
        out = [0.0] * NCARDS
        for t, w in enumerate(self.weights):
            row = self.cards[seat][t]
            for c in range(NCARDS):
                out[c] += w * row[c]
        return out


def _normalised(xs: list) -> list:
    total = 0.0
    for x in xs:
        total += x
    if total <= 0.0:
        return xs
    return [x / total for x in xs]


def pool_of(r: Round, viewer: int) -> list:
    """The cards the viewer has not seen, by number: every copy minus the discards, the face-up
    cards and the viewer's own hand (`solver.policies.heuristics.unseen_by`)."""
    out = [0] * NCARDS
    for c, k in unseen_by(r, viewer).items():
        out[int(c)] = k
    return out


def _unknown(pool: list, b: Belief) -> list:
    """The pool without the tail's known cards: what a draw from the top may give (with the
    opponents' cards, the set-aside card and the tail's unknown cards)."""
    out = list(pool)
    for c in b.tail:
        if c >= 0:
            out[c] -= 1
    return out


def _draw_source(b: Belief, deck: int) -> int:
    """Where the top card of a deck of `deck` cards comes from: -1 while cards the viewer does not
    know lie above the tail, else the tail's first card (taken off it; -1 if the viewer does not
    know it)."""
    if deck - len(b.tail) > 0 or not b.tail:
        return -1
    return b.tail.pop(0)


def _reweigh(b: Belief, seat: int, factors: list) -> None:
    """Multiply `seat`'s belief under each type by `factors[t][c]`; a type's weight by the mass it
    keeps. Nothing changes when no type keeps any mass (an observation the approximation missed)."""
    masses = []
    for t in range(len(b.weights)):
        row = b.cards[seat][t]
        m = 0.0
        for c in range(NCARDS):
            row_c = row[c] * factors[t][c]
            m += row_c
        masses.append(m)
    total = 0.0
    for t in range(len(b.weights)):
        total += b.weights[t] * masses[t]
    if total <= 0.0:
        return
    for t in range(len(b.weights)):
        row = b.cards[seat][t]
        m = masses[t]
        if m > 0.0:
            for c in range(NCARDS):
                row[c] = row[c] * factors[t][c] / m
        b.weights[t] = b.weights[t] * m / total


def _set(b: Belief, seat: int, rows: list) -> None:
    """`seat`'s belief under each type replaced by `rows[t]` (each normalised)."""
    for t in range(len(b.weights)):
        b.cards[seat][t] = _normalised(rows[t])


def _fresh(b: Belief, seat: int, pool: list) -> None:
    """`seat` holds a card drawn fresh from the unseen cards (`pool`): the pool's shares, under every type."""
    row = _normalised([float(k) for k in pool])
    for t in range(len(b.weights)):
        b.cards[seat][t] = list(row)


def _drawn_by_viewer(b: Belief, unknown: list, x: int, out: tuple) -> None:
    """The viewer drew `x` from the cards it does not know (`unknown`, before `x` left them): an
    opponent holding `x` leaves one copy fewer."""
    n = sum(unknown)
    if n <= 1:
        return
    for s in range(len(b.cards)):
        if s == b.viewer or out[s]:
            continue
        row = [float(unknown[x] - (1 if c == x else 0)) for c in range(NCARDS)]
        _reweigh(b, s, [row] * len(b.weights))


def _likelihood(model, r: Round, seat: int, held: int, drawn: int, action) -> float:
    """P(`action` | `seat` holds {held, drawn}) under the opponent type `model` at `r`."""
    hands = list(r.hands)
    lo, hi = (held, drawn) if held <= drawn else (drawn, held)
    hands[seat] = (Card(lo), Card(hi))
    r2 = r._replace(hands=tuple(hands))
    acts = legal_actions(r2)
    if action not in acts:
        return 0.0
    weights, den = model.weights(r2)
    for a, w in weights:
        if a == action:
            return w / den
    return 0.0


def _opponent_played(b: Belief, r: Round, seat: int, action) -> None:
    """An opponent at `r` (holding two cards) played `action`: the belief about the card it keeps. The
    card it drew came from the tail (`src`: that card for sure) or from the cards the viewer does
    not know (the opponent's two cards among them)."""
    pool = _unknown(pool_of(r, b.viewer), b)
    n = sum(pool)
    p = int(action.card)
    src = b.src[seat]
    new_rows = []
    masses = []
    for t, model in enumerate(b.types):
        row = b.cards[seat][t]
        new = [0.0] * NCARDS
        likes: dict = {}  # the kept card -> the play's likelihood from the hand {p, kept}
        for c in range(NCARDS):
            bc = row[c]
            if bc <= 0.0:
                continue
            for d in range(NCARDS):
                if src >= 0:
                    if d != src:
                        continue
                    chance = 1.0
                else:
                    left = pool[d] - (1 if c == d else 0)
                    if left <= 0:
                        continue
                    chance = left / (n - 1)
                if c != p and d != p:
                    continue
                kept = d if c == p else c
                if kept not in likes:
                    likes[kept] = _likelihood(model, r, seat, p, kept, action)
                like = likes[kept]
                if like <= 0.0:
                    continue
                new[kept] += bc * chance * like
        m = 0.0
        for c in range(NCARDS):
            m += new[c]
        new_rows.append(new)
        masses.append(m)
    total = 0.0
    for t in range(len(b.weights)):
        total += b.weights[t] * masses[t]
    if total <= 0.0:  # (the approximation ruled the play out: start again from the unseen cards)
        _fresh(b, seat, pool)
        return
    for t in range(len(b.weights)):
        if masses[t] > 0.0:
            b.cards[seat][t] = [x / masses[t] for x in new_rows[t]]
        b.weights[t] = b.weights[t] * masses[t] / total


def _chancellor_kept(b: Belief, r: Round, seat: int) -> None:
    """An opponent chose what to keep after a Chancellor (the viewer saw only that it did): from its
    card and the one or two cards it drew, a card counter keeps the highest (1 - EPSILON) or any of
    them (EPSILON); a random player any of them."""
    from solver.policies.models import CardCounterModel

    pool = _unknown(pool_of(r, b.viewer), b)
    drew = len(r.hands[seat]) - 1  # (the cards it drew: the hand holds its card and them)
    n = sum(pool)
    s0, s1 = b.chsrc
    eps = float(CardCounterModel.EPSILON)
    value = r.edition.value_of
    rows = []
    for t, model in enumerate(b.types):
        row = b.cards[seat][t]
        new = [0.0] * NCARDS
        counter = model.name == "card-counter"
        for c in range(NCARDS):
            bc = row[c]
            if bc <= 0.0:
                continue
            for x in range(NCARDS):
                if s0 >= 0:
                    if x != s0:
                        continue
                    px = bc
                else:
                    lx = pool[x] - (1 if x == c else 0)
                    if lx <= 0:
                        continue
                    px = bc * lx / (n - 1)
                if drew == 1:
                    _keep(new, (c, x), px, counter, eps, value)
                    continue
                for y in range(NCARDS):
                    if s1 >= 0:
                        if y != s1:
                            continue
                        py = px
                    else:
                        ly = pool[y] - (1 if y == c else 0) - (1 if y == x else 0)
                        if ly <= 0:
                            continue
                        py = px * ly / (n - 2)
                    _keep(new, (c, x, y), py, counter, eps, value)
        rows.append(new)
    _set(b, seat, rows)


def _keep(new: list, hand: tuple, p: float, counter: bool, eps: float, value) -> None:
    share = p / len(hand)
    if counter:
        best = hand[0]
        for c in hand[1:]:
            if value[c] > value[best]:
                best = c
        new[best] += p * (1.0 - eps)
        share = p * eps / len(hand)
    for c in hand:
        new[c] += share


def observe(b: Belief, r0: Round, action, r1: Round) -> None:
    """Update `b` for `action`, applied at `r0`, which led to `r1` (what the viewer observes of it): the
    opponent's play or Chancellor choice; the action's effects (a Guard's miss, a Prince's discard,
    a King's trade, a Baron's loser); the cards drawn, in order (a Chancellor's draws, a Prince's
    redraw, the next player's turn), each from the tail or from the cards the viewer does not know;
    a Chancellor's returned cards under the deck; and what the viewer remembers."""
    v = b.viewer
    actor = r0.current
    if actor != v and r0.phase == PLAY:
        _opponent_played(b, r0, actor, action)
    elif actor != v and r0.phase == CHANCELLOR:
        _chancellor_kept(b, r0, actor)
    deck = len(r0.deck)
    draws = []  # (seat, how): "ch" a Chancellor's draw, "prince" a Prince's redraw, "turn"
    if isinstance(action, Play):
        card, target = action.card, action.target
        if card == Card.CHANCELLOR and r1.phase == CHANCELLOR:
            draws += [(actor, "ch")] * (len(r1.hands[actor]) - 1)
        if card == Card.PRINCE and target is not None and not r1.out[target] \
                and len(r1.discards[target]) > len(r0.discards[target]):
            draws.append((target, "prince"))
        if card == Card.GUARD and target is not None and target != v and not r1.out[target]:
            g = int(action.guess)
            rows = [[0.0 if c == g else 1.0 for c in range(NCARDS)]] * len(b.weights)
            _reweigh(b, target, rows)
        elif card == Card.PRINCE and target is not None and target != v and not r1.out[target] \
                and len(r1.discards[target]) > len(r0.discards[target]):
            k = int(r1.discards[target][-1])  # the discarded card: its probability weighs the types
            _reweigh(b, target, [[1.0 if c == k else 0.0 for c in range(NCARDS)]] * len(b.weights))
        elif card == Card.KING and target is not None and v not in (actor, target):
            b.cards[actor], b.cards[target] = b.cards[target], b.cards[actor]
        elif card == Card.KING and target is not None and not r1.out[v]:
            # A trade with the viewer: the card received is the one the opponent kept (its probability
            # weighs the types); the opponent now holds the card the viewer gave (remembered, below).
            o = target if actor == v else actor
            got = int(r1.hands[v][0])
            _reweigh(b, o, [[1.0 if c == got else 0.0 for c in range(NCARDS)]] * len(b.weights))
        elif card == Card.BARON and target is not None and v not in (actor, target):
            for loser, winner in ((actor, target), (target, actor)):
                if r1.out[loser] and not r0.out[loser] and not r1.out[winner]:
                    lost = r1.discards[loser][-1]
                    value = r1.edition.value_of
                    rows = [[1.0 if value[c] > value[lost] else 0.0 for c in range(NCARDS)]] * len(b.weights)
                    _reweigh(b, winner, rows)
    else:  # a Chancellor's choice: the returned cards go under the deck, the last one at the very bottom
        returned = len(action.bottom)
        if actor == v:
            b.tail.extend(int(c) for c in action.bottom)
        else:
            b.tail.extend([-1] * returned)
        deck += returned
    if r1.phase == PLAY:
        draws.append((r1.current, "turn"))
    # The cards the viewer drew, in order, and the cards it does not know before them.
    mine = []
    for seat, how in draws:
        if seat == v:
            mine.append(how)
    got = _viewer_cards(r1, v, mine)
    pool = pool_of(r1, v)
    for x in got:
        pool[x] += 1
    ch = 0
    for seat, how in draws:
        src = _draw_source(b, deck)
        if deck > 0:
            deck -= 1
        if seat == v:
            x = got.pop(0)
            if src < 0:
                _drawn_by_viewer(b, _unknown(pool, b), x, r1.out)
            pool[x] -= 1
        elif how == "prince":
            if src >= 0:
                _set(b, seat, [[1.0 if c == src else 0.0 for c in range(NCARDS)]] * len(b.weights))
            else:
                _fresh(b, seat, _unknown(pool, b))
        elif how == "turn":
            b.src[seat] = src
        else:
            b.chsrc[ch] = src
            ch += 1
    # What the viewer remembers: the card itself.
    for o, h, c in r1.known:
        if o == v and h != v and not r1.out[h]:
            k = int(c)
            _reweigh(b, h, [[1.0 if x == k else 0.0 for x in range(NCARDS)]] * len(b.weights))
            _set(b, h, [[1.0 if x == k else 0.0 for x in range(NCARDS)]] * len(b.weights))


def _viewer_cards(r1: Round, v: int, hows: list) -> list:
    """The cards the viewer drew (by number, in order) for its draws `hows` ("ch", "prince", "turn"):
    a Chancellor's draws follow its card in its hand, a Prince's redraw is its first card, its turn's
    draw its last."""
    out = []
    k = 0
    for how in hows:
        if how == "ch":
            k += 1
            out.append(int(r1.hands[v][k]))
        elif how == "prince":
            out.append(int(r1.hands[v][0]))
        else:
            out.append(int(r1.hands[v][-1]))
    return out


def belief_choices(r: Round, b: Belief) -> tuple:
    """The plays the viewer's belief rates best at `r` (the viewer to move), in the engine's order:
    the counting heuristic's rules with each opponent's card read from the belief instead of the
    plain count of unseen cards.

    * never the Princess while another play is legal;
    * a Guard: the (target, guess) most likely to hit;
    * a Prince: on an opponent who more likely than not holds the Princess;
    * a Baron: on the opponent it most likely beats, when a win is more likely than a loss;
    * a Priest: on an opponent whose card it is least sure of;
    * otherwise the lower card (keep the higher), a Prince away from itself;
    * from a Chancellor: the highest card."""
    acts = legal_actions(r)
    if len(acts) == 1:
        return acts
    seat = r.current
    if r.phase == CHANCELLOR:
        return (counting_chancellor(r.hands[seat], acts),)
    value = r.edition.value_of
    hand = r.hands[seat]
    cards = sorted({a.card for a in acts}, key=lambda c: value[c])
    options = [c for c in cards if c != Card.PRINCESS] or cards
    other = {c: (hand[1] if hand[0] == c else hand[0]) for c in options}
    dists: dict = {}

    def dist(o):
        if o not in dists:
            dists[o] = b.hand(o)
        return dists[o]

    def plays(card):
        return [a for a in acts if a.card == card]

    if Card.GUARD in options:
        named = [a for a in plays(Card.GUARD) if a.guess is not None]
        if named:
            top = max(dist(a.target)[int(a.guess)] for a in named)
            return tuple(a for a in named if dist(a.target)[int(a.guess)] == top)
    if Card.PRINCE in options:
        sure = [a for a in plays(Card.PRINCE) if a.target is not None and a.target != seat
                and dist(a.target)[int(Card.PRINCESS)] > 0.5]
        if sure:
            top = max(dist(a.target)[int(Card.PRINCESS)] for a in sure)
            return tuple(a for a in sure if dist(a.target)[int(Card.PRINCESS)] == top)
    if Card.BARON in options:
        mine = value[other[Card.BARON]]
        best, best_edge = [], 0.0
        for a in plays(Card.BARON):
            if a.target is None:
                continue
            d = dist(a.target)
            win = lose = 0.0
            for c in range(NCARDS):
                if value[c] < 0:
                    continue
                if value[c] < mine:
                    win += d[c]
                elif value[c] > mine:
                    lose += d[c]
            edge = win - lose
            if edge > best_edge:
                best, best_edge = [a], edge
            elif edge == best_edge and best:
                best.append(a)
        if best:
            return tuple(best)
    preferred = [c for c in options if c != Card.BARON] or options
    card = preferred[0]
    candidates = plays(card)
    if card == Card.PRINCE:
        away = [a for a in candidates if a.target != seat]
        candidates = away or candidates
    if card == Card.PRIEST:
        targeted = [a for a in candidates if a.target is not None]
        if targeted:
            least = min(max(dist(a.target)) for a in targeted)
            candidates = [a for a in targeted if max(dist(a.target)) == least]
    return tuple(candidates)


def final_values(r: Round, b: Belief):
    """In a 2-player round with the deck empty (the viewer's last play: the round ends with it), each legal
    action's chance to win under the belief, exactly: for each card the opponent may hold (and the
    set-aside card, which a Prince may bring in: the one card left unseen), the round played to its end.
    None elsewhere."""
    v = b.viewer
    if len(r.hands) != 2 or r.phase != PLAY or r.deck or r.current != v:
        return None
    o = 1 - v
    if r.out[o]:
        return None
    acts = legal_actions(r)
    pool = _unknown(pool_of(r, v), b)
    n = sum(pool)
    dist = b.hand(o)
    values = [0.0] * len(acts)
    for c in range(NCARDS):
        if dist[c] <= 0.0 or pool[c] <= 0:
            continue
        hands = list(r.hands)
        hands[o] = (Card(c),)
        asides = [(-1, 1.0)] if r.set_aside is None or n <= 1 else \
            [(x, (pool[x] - (1 if x == c else 0)) / (n - 1)) for x in range(NCARDS) if pool[x] - (1 if x == c else 0) > 0]
        for s, ps in asides:
            r2 = r._replace(hands=tuple(hands), set_aside=Card(s) if s >= 0 else r.set_aside)
            for i, a in enumerate(acts):
                r3, _ = apply(r2, a)
                if v in r3.winners:
                    values[i] += dist[c] * ps
    return acts, values


def viewer_choice(r: Round, b: Belief):
    """The viewer's action at `r` on its belief: the exact best of its last play in a 2-player round
    (`final_values`, the first of the best), else the first of `belief_choices`."""
    found = final_values(r, b)
    if found is not None:
        acts, values = found
        best = 0
        for i in range(1, len(acts)):
            if values[i] > values[best]:
                best = i
        return acts[best]
    return belief_choices(r, b)[0]


def _belief_run(r: Round, viewer: int, model, rng, b: Belief, watch: int) -> tuple:
    """`solver.policies.rollout._run` with the viewer by `belief_choices` and `b` updated on the way."""
    seen_turn = False
    while r.phase != OVER:
        p = r.current
        if watch >= 0:
            if p == watch and r.phase == PLAY:
                seen_turn = True
            if r.out[watch] and not seen_turn:
                return r, True
        action = viewer_choice(r, b) if p == viewer else model.choose(r, rng)
        r1, _ = apply(r, action)
        if r1.phase != OVER:
            observe(b, r, action, r1)
        r = r1
    return r, watch >= 0 and bool(r.out[watch]) and not seen_turn


def belief_playout(r: Round, viewer: int, model, rng, b: Belief, finish: bool = False) -> tuple:
    """The play-out of `solver.policies.rollout.playout` with the viewer's turns by `belief_choices`
    (the first of its best plays) and `b` updated on the way (changed in place): (winners, Spy-bonus
    seat, the viewer out before their next turn)."""
    r, stopped = _belief_run(r, viewer, model, rng, b, viewer)
    if stopped and r.phase != OVER:
        if not finish:
            return (), None, True
        r, _ = _belief_run(r, viewer, model, rng, b, -1)
    return r.winners, r.spy_bonus, stopped
