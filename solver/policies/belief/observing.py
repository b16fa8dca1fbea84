"""The belief updated by what the viewer observes (`observe`): an opponent's play under each type's
likelihood, an opponent's Chancellor keep, the viewer's own draws, a Guard's miss, a Prince's discard,
a King trade, a Baron's loser, what the viewer remembers."""

from __future__ import annotations

from solver.rules.actions import Play
from solver.rules.cards import Card
from solver.rules.game import legal_actions
from solver.rules.state import CHANCELLOR, PLAY, Round
from solver.rules.outcomes import WIN, baron_outcome
from solver.policies.belief.weights import (NCARDS, Belief, draw_source, drawn_by_viewer, fresh, pool_of, reweigh,
                                          set_rows, unknown_pool)

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
    pool = unknown_pool(pool_of(r, b.viewer), b)
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
        fresh(b, seat, pool)
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

    pool = unknown_pool(pool_of(r, b.viewer), b)
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
    set_rows(b, seat, rows)


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
            reweigh(b, target, rows)
        elif card == Card.PRINCE and target is not None and target != v and not r1.out[target] \
                and len(r1.discards[target]) > len(r0.discards[target]):
            k = int(r1.discards[target][-1])  # the discarded card: its probability weighs the types
            reweigh(b, target, [[1.0 if c == k else 0.0 for c in range(NCARDS)]] * len(b.weights))
        elif card == Card.KING and target is not None and v not in (actor, target):
            b.cards[actor], b.cards[target] = b.cards[target], b.cards[actor]
        elif card == Card.KING and target is not None and not r1.out[v]:
            # A trade with the viewer: the card received is the one the opponent kept (its probability
            # weighs the types); the opponent now holds the card the viewer gave (remembered, below).
            o = target if actor == v else actor
            got = int(r1.hands[v][0])
            reweigh(b, o, [[1.0 if c == got else 0.0 for c in range(NCARDS)]] * len(b.weights))
        elif card == Card.BARON and target is not None and v not in (actor, target):
            for loser, winner in ((actor, target), (target, actor)):
                if r1.out[loser] and not r0.out[loser] and not r1.out[winner]:
                    lost = r1.discards[loser][-1]  # the winner's card beats it
                    rows = [[1.0 if baron_outcome(r1.edition, Card(c), lost) == WIN else 0.0 for c in range(NCARDS)]
                            ] * len(b.weights)
                    reweigh(b, winner, rows)
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
        src = draw_source(b, deck)
        if deck > 0:
            deck -= 1
        if seat == v:
            x = got.pop(0)
            if src < 0:
                drawn_by_viewer(b, unknown_pool(pool, b), x, r1.out)
            pool[x] -= 1
        elif how == "prince":
            if src >= 0:
                set_rows(b, seat, [[1.0 if c == src else 0.0 for c in range(NCARDS)]] * len(b.weights))
            else:
                fresh(b, seat, unknown_pool(pool, b))
        elif how == "turn":
            b.src[seat] = src
        else:
            b.chsrc[ch] = src
            ch += 1
    # What the viewer remembers: the card itself.
    for o, h, c in r1.known:
        if o == v and h != v and not r1.out[h]:
            k = int(c)
            reweigh(b, h, [[1.0 if x == k else 0.0 for x in range(NCARDS)]] * len(b.weights))
            set_rows(b, h, [[1.0 if x == k else 0.0 for x in range(NCARDS)]] * len(b.weights))


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
