"""Simple playing policies (used for rollouts and as bots).

`random_policy` plays uniformly at random among the legal actions. `counting_policy` is a
documented card-counting heuristic that looks only at its own hand and public information:
* never plays the Princess while it has another legal play;
* a Guard names the card most often unseen (composition minus everything public and its own
  hand; ties: the higher card) against the next open opponent clockwise;
* a Baron is played only when the kept card beats the average unseen card;
* a Prince chooses an opponent, never itself if it can help it;
* otherwise it plays the lower card and keeps the higher one (high cards win showdowns);
* from a Chancellor it keeps its highest card that is not the Princess-if-threatened, and
  returns the others highest first (the lowest at the very bottom).
"""

from __future__ import annotations

import random as _random
from collections import Counter

from .actions import ChancellorChoice
from .cards import Card
from .game import legal_actions
from .state import CHANCELLOR, Round


def random_policy(r: Round, rng: _random.Random):
    return rng.choice(legal_actions(r))


def unseen_by(r: Round, seat: int) -> Counter:
    """Cards `seat` has not seen: composition minus public discards, face-up cards, own hand."""
    e = r.edition
    count = Counter({c: e.count(c) for c in e.cards})
    for pile in r.discards:
        count.subtract(pile)
    count.subtract(r.face_up)
    count.subtract(r.hands[seat])
    return +count


def counting_policy(r: Round, rng: _random.Random | None = None):
    seat = r.current
    acts = legal_actions(r)
    if len(acts) == 1:
        return acts[0]
    value = r.edition.value_of
    if r.phase == CHANCELLOR:
        return counting_chancellor(r.hands[seat], acts)
    hand = r.hands[seat]
    unseen = unseen_by(r, seat)
    total = sum(unseen.values()) or 1
    average = sum(value[c] * k for c, k in unseen.items()) / total
    cards = sorted({a.card for a in acts}, key=lambda c: value[c])

    def plays(card):
        return [a for a in acts if a.card == card]

    options = [c for c in cards if c != Card.PRINCESS] or cards
    other = {c: (hand[1] if hand[0] == c else hand[0]) for c in options}
    n = len(r.hands)

    def clockwise(a) -> int:  # the next player first: no seat is everyone's default target
        return (a.target - seat) % n if a.target is not None else n

    if Card.GUARD in options:
        guard = plays(Card.GUARD)
        named = [a for a in guard if a.guess is not None]
        if named:
            return max(named, key=lambda a: (unseen.get(a.guess, 0), value[a.guess], -clockwise(a)))
    if Card.BARON in options and value[other[Card.BARON]] > average:
        return min(plays(Card.BARON), key=clockwise)
    preferred = [c for c in options if c != Card.BARON] or options
    card = preferred[0]  # the lowest card: keep the higher one
    candidates = plays(card)
    if card == Card.PRINCE:
        away = [a for a in candidates if a.target != seat]
        candidates = away or candidates
    return min(candidates, key=clockwise)


def counting_chancellor(hand: tuple, choices) -> ChancellorChoice:
    """Keep the highest card; return the others highest first (the lowest at the bottom)."""
    keep = max(hand)
    rest = list(hand)
    rest.remove(keep)
    choice = ChancellorChoice(keep, tuple(sorted(rest, reverse=True)))
    return choice if choice in choices else choices[0]


def policy_round(edition, seat: int, hand: tuple, out: tuple, protected: tuple, public) -> Round:
    """A stand-in round holding what a player can see (their hand, discards, face-up cards),
    for asking a policy what it would do with a hand the inference only imagines."""
    n = len(out)
    hands = tuple(tuple(hand) if i == seat else ((Card.GUARD,) if not out[i] else ()) for i in range(n))
    discards = tuple(tuple(p) for p in public["discards"]) if public else ((),) * n
    face_up = tuple(public["face_up"]) if public else ()
    return Round(edition, hands, discards, tuple(out), tuple(protected), (), None, face_up, seat, "play", 1)


POLICIES = {"random": random_policy, "counting": counting_policy}
