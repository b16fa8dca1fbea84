"""What a play's outcome is known to be before any sampling: plays whose result is certain, a play's
result against each card the opponent may hold when it settles the round at once, a Guard's guesses
that cannot hit, and the immediate figures (the chance to knock an opponent out now, what a play
shows), all exactly from the posterior."""

from __future__ import annotations

from fractions import Fraction

from solver.rules.actions import Play
from solver.rules.cards import Card
from solver.rules.events import KnockedOut
from solver.rules.game import apply
from solver.rules.state import OVER, Round
from solver.rules.outcomes import WIN, baron_tally, guard_hit_chance, prince_knock_out_chance


def certain_outcomes(deal: Round, actions, viewer: int, support_of) -> dict:
    """Plays whose result is certain, with that result exactly ((win, tokens, an opponent knocked
    out now, the viewer out now) as 0/1): the round ends at once the same way whatever the target
    holds (a Guard naming the only card the target can hold in a
    2-player round, a Baron or Prince whose outcome is sure, a play that knocks the viewer out).
    `support_of(seat)` is the set of cards the seat may hold (from the exact posterior)."""
    out = {}
    for a in actions:
        if not isinstance(a, Play):
            continue
        target = a.target
        results = set()
        cards = support_of(target) if target is not None and target != viewer else (None,)
        if cards is None:
            continue
        for c in cards:
            r = deal
            if c is not None:
                hands = list(r.hands)
                hands[target] = (c,)
                r = r._replace(hands=tuple(hands))
            r2, ev = apply(r, a)
            viewer_out = r2.out[viewer]
            if r2.phase != OVER and not viewer_out:
                results = None
                break
            if viewer_out:
                results.add((0, 0, any(isinstance(x, KnockedOut) and x.player != viewer for x in ev), 1))
            else:
                if r2.deck == () and sum(1 for o in r2.out if not o) > 1:
                    results = None  # a showdown: it depends on more than the target's card
                    break
                win = int(viewer in r2.winners)
                results.add((win, win + int(r2.spy_bonus == viewer),
                             any(isinstance(x, KnockedOut) and x.player != viewer for x in ev), 0))
        if results is not None and len(results) == 1:
            out[a] = results.pop()
    return out


def settled_by_card(deal: Round, actions, viewer: int, opponent: int, cards) -> dict:
    """In a 2-player round: {play: {card: (win, tokens)}} for each card the `opponent` may hold against
    which the play ends the round at once by a knock-out either way: the play's outcome then, whatever
    else the deal holds."""
    out: dict = {}
    for a in actions:
        sure = {}
        for c in cards:
            hands = list(deal.hands)
            hands[opponent] = (c,)
            r2, _ = apply(deal._replace(hands=tuple(hands)), a)
            if r2.out[viewer]:
                sure[int(c)] = (0, 0)
            elif r2.phase == OVER and r2.end_reason == "last-standing":
                win = int(viewer in r2.winners)
                sure[int(c)] = (win, win + int(r2.spy_bonus == viewer))
            # (a showdown may turn on a card drawn since, the set-aside one: not settled by `c` alone)
        out[a] = sure
    return out


def immediate_figures(post, viewer: int, deal: Round, actions) -> dict:
    """{action: (P(an opponent is knocked out now), what the play shows)} computed exactly from
    the posterior's marginals (`post`, the odds table's figures): the immediate effect of a play
    depends only on the target's hidden card, and the viewer's hand is known."""
    out = {}
    for a in actions:
        if not isinstance(a, Play) or a.target is None or a.target == viewer:
            out[a] = (Fraction(0), None)
            continue
        dist = post.hand(a.target)
        if a.card == Card.GUARD:
            out[a] = (guard_hit_chance(a.guess, dist), None)
        elif a.card == Card.BARON:
            hand = list(deal.hands[viewer])
            hand.remove(Card.BARON)
            tally = baron_tally(deal.edition, hand[0], dist)
            out[a] = (tally.get(WIN, Fraction(0)), {"baron": tally})
        elif a.card == Card.PRINCE:
            out[a] = (prince_knock_out_chance(dist), None)
        elif a.card in (Card.PRIEST, Card.KING):
            out[a] = (Fraction(0), {"sees": dict(sorted(dist.items()))})
        else:
            out[a] = (Fraction(0), None)
    return out


def shielded(deal: Round, action, viewer: int) -> bool:
    """The play leaves the viewer protected (a Handmaid) with the round going on: nobody may
    choose them before their next turn, so they cannot be knocked out before it, whatever the
    hidden cards (the sampled figure is 0 on every deal; this makes it exact)."""
    r, _ = apply(deal, action)
    return r.phase != OVER and bool(r.protected[viewer])
