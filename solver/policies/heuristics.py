"""Simple playing policies (used for rollouts and as bots).

`random_policy` plays uniformly at random among the legal actions. `card_counter_choices` is a
documented card counter's heuristic that looks only at its own view: its hand, public
information, and what it remembers of others' hands (`Round.known`: a Priest look, a King
trade, a Baron tie, until the holder plays — `solver.rules.memory`). It gives the set of plays
it rates best; `card_counter_policy` picks one of them uniformly at random (ties are never broken by
card value or seat order, so a person playing against it cannot read a quirk from its choice):
* never plays the Princess while it has another legal play;
* a Guard names a card most likely in the target's hand from its own view: a remembered
  card (a sure hit), otherwise a card most often unseen (composition minus everything
  public, its own hand and the cards it knows are elsewhere); every (target, guess) with the
  highest chance of a hit is one of its choices;
* a Prince goes to an opponent it knows holds the Princess;
* a Baron is played on an opponent it knows it beats; otherwise only when the kept card beats
  the average unseen card, and never on an opponent it knows it does not beat;
* a Priest looks at an opponent whose card it does not know yet, if there is one;
* a Prince chooses an opponent, never itself if it can help it;
* otherwise it plays the lower card and keeps the higher one (high cards win showdowns), at any
  target it allows;
* from a Chancellor it keeps its highest card, and
  returns the others highest first (the lowest at the very bottom).
"""

from __future__ import annotations

from collections import Counter

from solver.rules.actions import ChancellorChoice
from solver.rules.cards import Card
from solver.rules.game import legal_actions
from solver.rules.outcomes import HIT, WIN, baron_outcome, guard_outcome
from solver.rules.state import CHANCELLOR, Round


def random_policy(r: Round, rng):
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


def card_counter_policy(r: Round, rng):
    """One of the heuristic's best plays (`card_counter_choices`), uniformly at random."""
    choices = card_counter_choices(r)
    return choices[0] if len(choices) == 1 else rng.choice(choices)


def card_counter_choices(r: Round) -> tuple:
    """The plays the card counter's heuristic rates best at `r` (the rules in the module
    docstring), in the engine's order; every one is equally likely to be its choice."""
    seat = r.current
    acts = legal_actions(r)
    if len(acts) == 1:
        return acts
    value = r.edition.value_of
    if r.phase == CHANCELLOR:
        return (card_counter_chancellor(r.hands[seat], acts),)
    hand = r.hands[seat]
    known = {h: c for o, h, c in r.known if o == seat}
    unseen = unseen_by(r, seat)
    unseen.subtract(known.values())  # located: in a hand it knows
    unseen = +unseen
    total = sum(unseen.values()) or 1
    cards = sorted({a.card for a in acts}, key=lambda c: value[c])

    def plays(card):
        return [a for a in acts if a.card == card]

    options = [c for c in cards if c != Card.PRINCESS] or cards
    other = {c: (hand[1] if hand[0] == c else hand[0]) for c in options}

    def hits(a) -> int:
        """The chance of a hit times `total` (integers: the same order as the chances)."""
        if a.target in known:
            return total if guard_outcome(a.guess, known[a.target]) == HIT else 0
        return unseen.get(a.guess, 0)

    if Card.GUARD in options:
        named = [(a, hits(a)) for a in plays(Card.GUARD) if a.guess is not None]
        if named:
            top = max(h for _, h in named)
            return tuple(a for a, h in named if h == top)
    if Card.PRINCE in options:
        sure = [a for a in plays(Card.PRINCE) if a.target != seat and known.get(a.target) == Card.PRINCESS]
        if sure:
            return tuple(sure)
    if Card.BARON in options:
        mine = value[other[Card.BARON]]
        barons = plays(Card.BARON)
        sure = [a for a in barons
                if a.target in known and baron_outcome(r.edition, other[Card.BARON], known[a.target]) == WIN]
        if sure:
            return tuple(sure)
        unknown = [a for a in barons if a.target not in known]
        if unknown and mine * total > sum(value[c] * k for c, k in unseen.items()):  # above the average unseen card
            return tuple(unknown)
    preferred = [c for c in options if c != Card.BARON] or options
    card = preferred[0]  # the lowest card: keep the higher one
    candidates = plays(card)
    if card == Card.PRINCE:
        away = [a for a in candidates if a.target != seat]
        candidates = away or candidates
    if card == Card.PRIEST:
        candidates = [a for a in candidates if a.target not in known] or candidates
    return tuple(candidates)


def card_counter_chancellor(hand: tuple, choices) -> ChancellorChoice:
    """Keep the highest card; return the others highest first (the lowest at the bottom)."""
    keep = max(hand)
    rest = list(hand)
    rest.remove(keep)
    choice = ChancellorChoice(keep, tuple(sorted(rest, reverse=True)))
    return choice if choice in choices else choices[0]


def policy_round(edition, seat: int, hand: tuple, out: tuple, protected: tuple, public) -> Round:
    """A stand-in round holding what a player can see (their hand, discards, face-up cards,
    the cards it remembers: `public["known"]`, holder -> card), for asking a policy what it
    would do with a hand the inference only imagines."""
    n = len(out)
    hands = tuple(tuple(hand) if i == seat else ((Card.GUARD,) if not out[i] else ()) for i in range(n))
    discards = tuple(tuple(p) for p in public["discards"]) if public else ((),) * n
    face_up = tuple(public["face_up"]) if public else ()
    known = tuple(sorted((seat, h, c) for h, c in public.get("known", {}).items())) if public else ()
    return Round(edition, hands, discards, tuple(out), tuple(protected), (), None, face_up, seat, "play", 1,
                 known=known)


POLICIES = {"random": random_policy, "card-counter": card_counter_policy}
