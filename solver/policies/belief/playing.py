"""The viewer's turns played on its belief (`belief_choices`, `viewer_choice`; the last play of a 2-player
round exact under it, `final_values`) and the belief play-out (`belief_playout`)."""

from __future__ import annotations

from solver.rules.cards import Card
from solver.rules.game import apply, legal_actions
from solver.rules.outcomes import LOSE, WIN, baron_outcome
from solver.rules.state import CHANCELLOR, PLAY, Round
from solver.policies.heuristics import card_counter_chancellor
from solver.policies.rollout import playout
from solver.policies.belief.weights import NCARDS, Belief, pool_of, unknown_pool
from solver.policies.belief.observing import observe

def belief_choices(r: Round, b: Belief) -> tuple:
    """The plays the viewer's belief rates best at `r` (the viewer to move), in the engine's order:
    the card counter's heuristic's rules with each opponent's card read from the belief instead of the
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
        return (card_counter_chancellor(r.hands[seat], acts),)
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
        mine = other[Card.BARON]
        best, best_edge = [], 0.0
        for a in plays(Card.BARON):
            if a.target is None:
                continue
            d = dist(a.target)
            win = lose = 0.0
            for c in r.edition.cards:
                outcome = baron_outcome(r.edition, mine, c)
                if outcome == WIN:
                    win += d[int(c)]
                elif outcome == LOSE:
                    lose += d[int(c)]
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
    pool = unknown_pool(pool_of(r, v), b)
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


def belief_playout(r: Round, viewer: int, model, rng, b: Belief, finish: bool = False) -> tuple:
    """The play-out of `solver.policies.rollout.playout` with the viewer's turns by `belief_choices`
    (the first of its best plays) and `b` updated on the way (changed in place): (winners, Spy-bonus
    seat, the viewer out before their next turn)."""
    return playout(r, viewer, model, rng, finish, viewer_move=lambda state: viewer_choice(state, b),
                   seen=lambda r0, action, r1: observe(b, r0, action, r1))
