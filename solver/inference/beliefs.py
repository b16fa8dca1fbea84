"""Exact inference: the hidden cards consistent with a round record, as exact fractions.

Method (docs/inference.md has the derivation). With uniform deck orders (the viewer's own plays and
the `uniform` type: every consistent deal equally likely) every ordering of
the card *types* in the shuffled deck is equally likely, so the probability of an assignment
of types to the hidden slots we track is proportional to

    (constraints from the record)  x  (number of ways to complete the rest of the deck),

and the second factor is a product of falling factorials of the unseen counts. Slots nobody
has learned anything about (an untouched hand, the set-aside card, the undrawn part of the
deck) stay in an exchangeable *pool* and are never enumerated. Every other slot is a
variable; variables live in small *factors* (tables of joint assignments -> integer weight)
that only merge when the record ties them together (a Baron tie, a King trade of unknown
cards, a Chancellor's returned cards drawn later). A turn rewrites the factor of the player
who moved: (hand, drawn card) -> kept card, weighted by the opponent model.

Marginals combine the factors with the completion count by dynamic programming over the
multiset of cards the variables use (a count vector packed in an int), leaving one factor out
at a time. Deck orders are never enumerated.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import Optional

from solver.rules.cards import Card
from solver.rules import memory as rule
from solver.records.record import Record
from solver.records.replay import Final, add_public_cards, knocked_out, walk
from solver.rules.outcomes import HIT, MISS, TIE, WIN, baron_outcome, guard_outcome, prince_knocks_out
from solver.rules.legal import chancellor_choices

SPY, GUARD, PRIEST, BARON, HANDMAID, PRINCE, CHANCELLOR, KING, COUNTESS, PRINCESS = tuple(Card)
from solver.inference.factors import (UNOPENED, Belief)

# ---------------------------------------------------------------------------------------------
# Walking a record
# ---------------------------------------------------------------------------------------------

def final_turn_choosing(record: Record, k: int, t) -> bool:
    """The record stops while the viewer decides what to keep from their Chancellor."""
    return (k == len(record.turns) and t.player == record.viewer and t.card is CHANCELLOR
            and t.keep is None and not t.bottom and bool(t.chancellor_drew))


def build_belief(record: Record, model, budget: Optional[int] = None) -> tuple[Belief, Final]:
    """The inference's factors for a record under one opponent type (the model object)."""
    from solver.policies.models import MODELS

    uniform = MODELS["uniform"]
    e = record.edition
    b = Belief(e, record.n_players)
    b.budget = budget
    viewer = record.viewer
    for c in record.face_up:
        b.avail[c] -= 1
    if viewer is not None and record.dealt is not None:
        v = b.hand_var(viewer)
        b.condition([v], lambda x: x == record.dealt, "dealt", record.dealt)
    final: list = []
    piles: list[list] = [[] for _ in record.seats]  # public discards before each play
    memory: set = set()  # (observer, holder): the observer knows the holder's current hand var
    track = getattr(model, "uses_memory", False)
    for k, t, pub in walk(record, final):
        b.where = f"turn {k}"
        p = t.player
        me = p == viewer
        v = b.hand_var(p)
        d = b.draw(pub.deck_size)
        if me and t.drew is not None:
            b.condition([d], lambda x, c=t.drew: x == c, "draw", t.drew)
        if t.card is None:  # the viewer drew and is to play: both cards stay in hand
            b.hand[p] = (v, d)
            continue  # (it is the last turn; let the walk finish)
        card = t.card
        chooser = uniform if me else model
        public = {"discards": [tuple(c for c in x if c is not None) for x in piles], "face_up": record.face_up,
                  "edition": e}
        add_public_cards(piles, t)
        # Memory (solver.rules.memory): others forget the player's card as they play; a model that
        # uses memory sees the remembered hands, whose variables join the player's factor.
        steps = rule.turn_steps(p, card, t.target, tie=t.result == TIE, gone=knocked_out(t))
        memory = set(rule.follow(dict.fromkeys(memory), steps[:1]))  # the play itself (first step)
        holders = sorted(h for o, h in memory if o == p) if getattr(chooser, "uses_memory", False) else []

        def play_fn(vals, card=card, t=t, pub=pub, p=p, chooser=chooser, public=public, holders=holders):
            a, c = vals[:2]
            if a != card and c != card:
                return []
            kept = c if a == card else a
            hand = (a, c) if a <= c else (c, a)
            seen = {**public, "known": dict(zip(holders, vals[2:]))} if holders else public
            lik = chooser.play_likelihood(e, p, pub.out, pub.protected, hand, card, t.target, t.guess,
                                          public=seen)
            return [((kept, *vals[2:]), lik)] if lik else []

        new_vars = b.rewrite([v, d, *(b.hand_var(h) for h in holders)], 1 + len(holders), play_fn)
        v2 = new_vars[0]
        for h, nv in zip(holders, new_vars[1:]):
            b.hand[h] = nv
        b.avail[card] -= 1
        b.copies_left(card, "played")
        b.hand[p] = v2
        target = t.target
        outs = dict(t.out)
        memory = _remember_turn(memory, steps[1:], b if track else None)
        if card is GUARD and target is not None and t.guess is not None:
            vt = b.hand_var(target)
            if t.result == HIT:
                b.fix(vt, t.guess, "guard-hit")  # the one card a hit leaves (guard_outcome)
                b.hand[target] = None
            elif t.result == MISS:
                b.condition([vt], lambda x, g=t.guess: guard_outcome(g, x) == MISS, "guard-miss", t.guess)
        elif card is PRIEST and me and target is not None and t.saw is not None:
            b.condition([b.hand_var(target)], lambda x, s=t.saw: x == s, "priest-saw", t.saw)
        elif card is BARON and target is not None:
            vt = b.hand_var(target)
            if t.saw is not None:
                other = vt if me else v2
                b.condition([other], lambda x, s=t.saw: x == s, "baron-saw", t.saw)
            if t.result == TIE:
                b.condition([v2, vt], lambda x, y: baron_outcome(e, x, y) == TIE, "baron-tie")
            elif outs:
                (loser, revealed), = outs.items()
                vl, vw = (v2, vt) if loser == p else (vt, v2)
                if revealed is not None:
                    b.condition([vl, vw], lambda l, w, r=revealed: l == r and baron_outcome(e, w, r) == WIN,
                                "baron-loser", revealed)
                    b.fix(vl, revealed, "baron-loser")
                else:
                    b.condition([vl, vw], lambda l, w: baron_outcome(e, w, l) == WIN, "baron-compare")
                    b.retire(vl)
                b.hand[loser] = None
        elif card is PRINCE and target is not None:
            vt = b.hand_var(target)
            if t.discarded is not None:
                b.fix(vt, t.discarded, "prince-discard")
            else:
                b.condition([vt], lambda x: not prince_knocks_out(x), "prince-stayed")
                b.retire(vt)
            if t.discarded is not None and prince_knocks_out(t.discarded):
                b.hand[target] = None
            else:
                left = pub.deck_size - 1
                if left > 0:
                    nv = b.draw(left)
                else:
                    if b.set_aside == UNOPENED:
                        b.set_aside = b.new_var()
                    nv, b.set_aside = b.set_aside, None
                b.hand[target] = nv
                if target == viewer and t.new is not None:
                    b.condition([nv], lambda x, c=t.new: x == c, "new-card", t.new)
        elif card is CHANCELLOR:
            left = pub.deck_size - 1
            n_draw = min(2, left)
            if n_draw:
                drawn = [b.draw(left - i) for i in range(n_draw)]
                if me and t.chancellor_drew:
                    for var, c in zip(drawn, t.chancellor_drew):
                        b.condition([var], lambda x, c=c: x == c, "chancellor-draw", c)
                if final_turn_choosing(record, k, t):
                    b.hand[p] = (v2, *drawn)  # the viewer is choosing what to keep
                    continue

                def chancellor_fn(vals, me=me, t=t):
                    choices = chancellor_choices(vals)[0]
                    outs_ = []
                    for ch in choices:
                        if me:
                            ok = (t.keep is None or ch.keep == t.keep) and (not t.bottom or ch.bottom == t.bottom)
                            lik = Fraction(1) if ok else Fraction(0)
                        else:
                            lik = model.chancellor_likelihood(vals, ch, public=public)
                        if lik:
                            outs_.append(((ch.keep, *ch.bottom), lik))
                    return outs_

                new = b.rewrite([v2, *drawn], 1 + n_draw, chancellor_fn)
                b.hand[p] = new[0]
                b.tail.extend(new[1:])
        elif card is KING and target is not None:
            b.hand[p], b.hand[target] = b.hand[target], b.hand[p]
            if viewer in (p, target) and t.got is not None:
                b.condition([b.hand_var(viewer)], lambda x, c=t.got: x == c, "king-gave", t.got)
        elif card is PRINCESS:
            revealed = outs.get(p)
            if revealed is not None:
                b.fix(v2, revealed, "princess-discard")
            else:
                b.retire(v2)
            b.hand[p] = None
        # Guard hits are handled above; a Baron or Princess knock-out too.
    b.known = memory
    return b, final[0]


def shared_belief(record: Record, model, budget: Optional[int] = None) -> tuple[Belief, Final]:
    """`build_belief` remembered for the last 16 (record, model object, budget): the posterior's
    types, its consistency check and the advisor's search and estimate build a position's factors
    once per call of `advise` (before, up to three times per opponent type). Read-only: a caller
    that merges factors copies the belief first (`posterior.joint_hands`)."""
    return _remembered(record, model, budget)  # one key however the budget is passed


@lru_cache(maxsize=16)
def _remembered(record: Record, model, budget: Optional[int]) -> tuple[Belief, Final]:
    return build_belief(record, model, budget)


shared_belief.cache_clear = _remembered.cache_clear
shared_belief.cache_info = _remembered.cache_info


def _remember_turn(memory: set, steps, b) -> set:
    """The memory pairs after a turn's effects (`steps` from `solver.rules.memory.turn_steps`, the one
    dispatcher the engine uses too). The inference keeps the pairs only (what is known is the holder's
    hand variable). With `b`, the holders' hand variables are opened so that the pairs always point at a
    variable."""
    memory = set(rule.follow(dict.fromkeys(memory), steps))
    if b is not None:
        for _, h in memory:
            if b.hand[h] is not None and not isinstance(b.hand[h], tuple):
                b.hand_var(h)
    return memory
