"""Quiz questions generated from engine positions, graded by the engine.

Each question carries the data a shell needs to phrase it (`kind`, `params`), the choices, and
the `answer` the engine computed: a frozenset (several may be right) or a number.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from solver.rules.actions import Play
from solver.rules.cards import Card
from solver.rules.editions import get_edition
from solver.rules.game import apply, deal_round, legal_actions

KINDS = ("legal-cards", "showdown", "deck-size", "tokens")


@dataclass(frozen=True)
class Question:
    kind: str
    edition: str
    params: dict
    choices: tuple
    answer: object
    position: object = field(default=None, compare=False)

    def grade(self, response) -> bool:
        if isinstance(self.answer, frozenset):
            return frozenset(response) == self.answer
        return response == self.answer


def make_question(kind: str, edition="2019", seed: int = 0) -> Question:
    e = get_edition(edition)
    rng = random.Random(f"quiz/{kind}/{e.key}/{seed}")
    if kind == "legal-cards":
        return _legal_cards(e, rng)
    if kind == "showdown":
        return _showdown(e, rng)
    n = rng.randint(e.min_players, e.max_players)
    if kind == "deck-size":
        _, events = deal_round(e, n, 0, rng.random())
        size = events[0].deck_size
        choices = tuple(sorted({size, size - 1, size + 1, size + 2, e.deck_size - 1}))
        return Question(kind, e.key, {"players": n}, choices, size)
    if kind == "tokens":
        return Question(kind, e.key, {"players": n}, tuple(range(2, 9)), e.token_target(n))
    raise ValueError(f"unknown quiz kind {kind!r}; kinds: {', '.join(KINDS)}")


def _legal_cards(e, rng) -> Question:
    """A position from a seeded random game; prefer a hand that teaches (Countess, Princess,
    everyone protected)."""
    best = None
    for attempt in range(60):
        n = rng.randint(e.min_players, min(e.max_players, 4))
        r, _ = deal_round(e, n, rng.randrange(n), rng.random())
        for _ in range(rng.randrange(0, 6)):
            if r.phase != "play":
                break
            r2, _ = apply(r, rng.choice(legal_actions(r)))
            if r2.phase != "play":
                break
            r = r2
        hand = r.hands[r.current]
        legal = frozenset(a.card for a in legal_actions(r) if isinstance(a, Play))
        interesting = hand[0] != hand[1] and (Card.COUNTESS in hand or Card.PRINCESS in hand)
        if best is None or (interesting and hand[0] != hand[1]):
            best = (r, hand, legal)
        if interesting:
            break
    r, hand, legal = best
    return Question("legal-cards", e.key, {"player": r.current, "hand": tuple(hand)},
                    tuple(sorted(set(hand))), legal, r)


def _showdown(e, rng) -> Question:
    for attempt in range(200):
        n = rng.randint(e.min_players, min(e.max_players, 4))
        r, _ = deal_round(e, n, rng.randrange(n), rng.random())
        while r.phase != "over":
            r, _ = apply(r, rng.choice(legal_actions(r)))
        if r.end_reason == "showdown" and len(r.in_round()) >= 2:
            hands = {i: r.hands[i][0] for i in r.in_round()}
            totals = {i: r.discard_total(i) for i in r.in_round()}
            return Question("showdown", e.key, {"hands": hands, "totals": totals},
                            tuple(r.in_round()), frozenset(r.winners), r)
    raise RuntimeError("no showdown found")  # pragma: no cover - random play reaches one quickly
