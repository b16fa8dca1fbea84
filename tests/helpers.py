"""Small builders shared by the tests: positions named by the cards that matter."""

from __future__ import annotations

import random

from solver import Card, apply, deal_round, legal_actions, position

SPY, GUARD, PRIEST, BARON, HANDMAID, PRINCE, CHANCELLOR, KING, COUNTESS, PRINCESS = tuple(Card)


def pos(edition, hands, **kw):
    """A valid position; unnamed cards fill the face-up row, set-aside slot and deck bottom."""
    kw.setdefault("fill", True)
    return position(edition, hands, **kw)


def run(state, *actions):
    """Apply actions in order; return the final state and all events."""
    events = []
    for a in actions:
        state, ev = apply(state, a)
        events.extend(ev)
    return state, events


def of_type(events, cls):
    return [e for e in events if isinstance(e, cls)]


def late(edition, hands, **kw):
    """A late-round position with exactly `deck` left (see `solver.rules.positions.late_position`)."""
    from solver.rules.positions import late_position

    return late_position(edition, hands, **kw)


def full_round(key, n, seed):
    """A round of `n` players in edition `key` dealt with `seed` (first player `seed % n`) and
    played to its end with random legal choices (`random.Random(seed)`): the final state and
    all events."""
    rng = random.Random(seed)
    r, ev = deal_round(key, n, seed % n, seed)
    events = list(ev)
    while r.phase != "over":
        r, ev = apply(r, rng.choice(legal_actions(r)))
        events.extend(ev)
    return r, events


def random_practice_round(seed=11, choices=5):
    """A practice round (classic, "You" against a random "Bot", dealt with `seed`) played to its
    end with random legal choices (`random.Random(choices)`)."""
    from solver.advice.practice import play, start

    p = start("classic", ["You", "Bot"], 0, "random", seed=seed)
    rng = random.Random(choices)
    while not p.round_over:
        p = play(p, rng.choice(legal_actions(p.game)))
    return p


def second_practice_decision():
    """A game at the person's second decision, where the page's first listed play (what the
    Play button submits untouched) lets the bot take a turn."""
    from solver.advice.practice import play, resume, save, start

    for seed in range(50):
        p = start("classic", ["You", "Bot"], 0, "card-counter", seed=seed)
        if p.my_turn:
            p = play(p, random.Random(seed).choice(legal_actions(p.game)))
            if not p.my_turn:
                continue
            saved = save(p)  # the page resumes the link, dealing the hidden cards anew
            q = resume(saved["record"], saved["tokens"], int(saved["round"]), saved["bots"], int(saved["seed"]))
            if not play(q, legal_actions(q.game)[0]).round_over:
                return p
    raise AssertionError("no seeded game reaches a second decision")
