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


def late(edition, hands, **kw):
    """A late-round position with exactly `deck` left (see `solver.rules.state.late_position`)."""
    from solver.rules.state import late_position

    return late_position(edition, hands, **kw)
