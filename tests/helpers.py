"""Small builders shared by the tests: positions named by the cards that matter."""

from __future__ import annotations

from solver import Card, apply, position

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


def late(edition, hands, *, deck=(), set_aside=None, discards=None, dump=0, **kw):
    """A late-round position with exactly `deck` left: every card not placed goes to seat
    `dump`'s discard pile (the Princess, if unplaced, to the set-aside slot; the 2-player
    face-up row is filled first if empty)."""
    from collections import Counter

    from solver import get_edition

    e = get_edition(edition)
    n = len(hands)
    discards = [list(d) for d in (discards or [()] * n)]
    face_up = list(kw.pop("face_up", ()))
    used = Counter()
    for group in (*hands, *discards, deck, face_up):
        used.update(Card(c) for c in group)
    if set_aside is not None:
        used[Card(set_aside)] += 1
    rest = []
    for c in e.cards:
        rest.extend([c] * (e.count(c) - used[c]))
    if set_aside is None and PRINCESS in rest:
        rest.remove(PRINCESS)
        set_aside = PRINCESS
    need = e.face_up_count(n) - len(face_up)
    for c in list(rest):
        if need <= 0:
            break
        if c is not PRINCESS:
            rest.remove(c)
            face_up.append(c)
            need -= 1
    if set_aside is None:
        set_aside = rest.pop()
    discards[dump] = rest + discards[dump]
    return position(e, hands, deck=deck, set_aside=set_aside, discards=discards,
                    face_up=face_up, **kw)
