"""An independent brute-force oracle for the inference: replay the engine over deals.

It shares nothing with `solver.inference.beliefs` but the engine (`apply`, `legal_actions`) and the
record. Worlds are concrete engine rounds; a card is only drawn from the unseen pool (with its
exact sequential probability count/size) when the engine needs it, and identical worlds merge.
Undrawn deck cards, untouched hands and the set-aside card stay in the pool, which is exact by
exchangeability. Only complete records (every detail present) are supported.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from fractions import Fraction
from functools import lru_cache

from solver import Card, IllegalActionError, Play, legal_actions
from solver.rules.events import (BaronCompared, BaronResult, CardDrawn, ChancellorDrew, GuardGuessed, HandsTraded,
                           KnockedOut, PriestSaw, PrinceDiscarded)
from solver.records.replay import initial_deck_size, walk
from solver.rules.round_rules import round_apply
from solver.rules.state import PLAY, Round

DUMMY = Card.GUARD  # stands in for an unknown card the engine will not look at


@lru_cache(maxsize=1 << 16)
def _branch(pool: tuple, k: int) -> tuple:
    """All ordered draws of k cards from the pool multiset: (cards, probability, rest).
    Remembered: the same pools come back in thousands of worlds."""
    if k == 0:
        return (((), Fraction(1), pool),)
    size = sum(n for _, n in pool)
    out = []
    for i, (c, n) in enumerate(pool):
        rest = tuple((cc, nn - (j == i)) for j, (cc, nn) in enumerate(pool) if nn - (j == i) > 0)
        for more, p, rest2 in _branch(rest, k - 1):
            out.append(((c,) + more, Fraction(n, size) * p, rest2))
    return tuple(out)


@lru_cache(maxsize=1 << 16)
def _filler(pool: tuple, m: int) -> tuple:
    """The first `m` cards of the pool laid out in order (deck cards nobody will look at)."""
    out = []
    for c, k in pool:
        out.extend([c] * k)
    return tuple(out[:m])


def _times(*weights) -> Fraction:
    """The product, skipping the factors equal to 1 (most of them)."""
    out = Fraction(1)
    for w in weights:
        if w != 1:
            out *= w
    return out


def _pool_remove(pool, card):
    out = []
    found = False
    for c, n in pool:
        if c == card and not found:
            found = True
            if n > 1:
                out.append((c, n - 1))
        else:
            out.append((c, n))
    return tuple(out) if found else None


class OracleTooBig(Exception):
    """The record needs more worlds than the cap: the brute force would be too slow."""


def oracle(record, model="uniform", cap=1500):
    """Posterior marginals: ({seat: {card: p}}, {card: p} set-aside, {card: E count} deck)."""
    return _marginals(record, _worlds(record, model, cap))


def likelihood(record, model, cap=1500) -> Fraction:
    """The probability of everything the record shows (the viewer's draws, the opponents'
    plays under `model`, every result): the sum of the final worlds' weights."""
    return sum(_worlds(record, model, cap).values())


def _worlds(record, model, cap):
    e = record.edition
    n = record.n_players
    viewer = record.viewer
    composition = Counter({c: e.count(c) for c in e.cards})
    composition.subtract(record.face_up)
    pool0 = tuple(sorted((c, k) for c, k in composition.items() if k > 0))
    hands0 = [None] * n
    w0 = Fraction(1)
    if viewer is not None and record.dealt is not None:
        size = sum(k for _, k in pool0)
        w0 = Fraction(dict(pool0)[record.dealt], size)
        pool0 = _pool_remove(pool0, record.dealt)
        hands0[viewer] = record.dealt
    # world key: (hands, set_aside, exch, tail, pool, discards, out, protected, known)
    worlds = {(tuple(hands0), None, initial_deck_size(record), (), pool0, ((),) * n, (False,) * n,
               (False,) * n, ()): w0}
    for k, t, pub in walk(record):
        new_worlds: dict = defaultdict(Fraction)
        for key, w in worlds.items():
            for key2, w2 in _step(record, key, t, model):
                new_worlds[key2] += w * w2
                if len(new_worlds) > cap:
                    raise OracleTooBig(f"more than {cap} worlds at turn {k}")
        worlds = {k2: v for k2, v in new_worlds.items() if v}
        assert worlds, f"turn {k}: oracle found no consistent deal"
    return worlds


def _resolve(key, seats, set_aside_too=False):
    """Branch the unknown hands of `seats` (and the set-aside card) out of the pool."""
    hands, set_aside, exch, tail, pool, discards, out, protected, known = key
    todo = [s for s in seats if hands[s] is None]
    results = [(list(hands), set_aside, pool, Fraction(1))]
    for s in todo:
        nxt = []
        for hs, sa, pl, p in results:
            for (c,), q, rest in _branch(pl, 1):
                h2 = list(hs)
                h2[s] = c
                nxt.append((h2, sa, rest, p * q))
        results = nxt
    if set_aside_too and set_aside is None:
        nxt = []
        for hs, sa, pl, p in results:
            for (c,), q, rest in _branch(pl, 1):
                nxt.append((hs, c, rest, p * q))
        results = nxt
    return results


def _step(record, key, t, model):
    viewer = record.viewer
    hands, set_aside, exch, tail, pool, discards, out, protected, known = key
    p = t.player
    protected = list(protected)
    protected[p] = False
    for hs, sa, pl, pw in _resolve(key, [p]):
        # the turn's draw
        if exch > 0:
            draws = [(c, q, rest, exch - 1, tail) for (c,), q, rest in _branch(pl, 1)]
        else:
            draws = [(tail[0], Fraction(1), pl, 0, tail[1:])]
        for drawn, q, pl2, exch2, tail2 in draws:
            if p == viewer and t.drew is not None and drawn != t.drew:
                continue
            hand2 = (hs[p], drawn)
            if t.card is None:
                h3 = list(hs)
                h3[p] = hand2
                yield (tuple(h3), sa, exch2, tail2, pl2, discards, out, tuple(protected), known), pw * q
                continue
            yield from _play(record, model, hs, hand2, sa, exch2, tail2, pl2, discards, out, tuple(protected), known,
                             t, pw * q)


def _play(record, model, hs, hand2, sa, exch, tail, pool, discards, out, protected, known, t, weight):
    e = record.edition
    viewer = record.viewer
    n = len(hs)
    p = t.player
    card, target = t.card, t.target
    action = Play(card, target, t.guess)
    deck_size = exch + len(tail)
    # what the engine will need: the target's hand; everyone's at a showdown; the set-aside card
    need = [target] if target is not None and target != p else []
    prince_draws = card is Card.PRINCE and target is not None
    if deck_size - (1 if prince_draws and deck_size > 0 else 0) == 0:
        need = [s for s in range(n) if not out[s] and s != p]
    for hs2, sa2, pool2, rw in _resolve((tuple(hs), sa, exch, tail, pool, discards, out, protected, known), need,
                                         set_aside_too=prince_draws and deck_size == 0):
        n_prefix = min(exch, (1 if prince_draws else 0) + (2 if card is Card.CHANCELLOR else 0))
        for prefix, bq, pool3 in _branch(pool2, n_prefix):
            filler = _filler(pool3, exch - n_prefix)
            engine_hands = [h if h is not None else (DUMMY,) for h in hs2]
            engine_hands = [(h,) if isinstance(h, Card) else h for h in engine_hands]
            engine_hands[p] = hand2
            deck = tuple(prefix) + tuple(filler) + tuple(tail)
            r = Round(e, tuple(engine_hands), discards, out, protected, deck,
                      sa2 if sa2 is not None else DUMMY, record.face_up or (DUMMY,) * e.face_up_count(n),
                      p, PLAY, 1, known=known)  # what players remember (solver.rules.memory)
            if p != viewer:
                legal = legal_actions(r)
                if action not in legal:
                    continue
                if model == "uniform":
                    lik = Fraction(1)
                elif model == "random":
                    lik = Fraction(1, len(legal))
                elif model not in ("card-counter",):  # any other playing model: its own weights on this round
                    from solver.policies.models import get_model

                    acts, den = get_model(model).weights(r)
                    lik = Fraction(dict(acts).get(action, 0), den)
                else:  # "card-counter": one of the card-counting policy's best plays, 10% random
                    from solver.policies.heuristics import card_counter_choices

                    ties = card_counter_choices(r)
                    lik = Fraction(9, 10) * Fraction(int(action in ties), len(ties)) + Fraction(1, 10 * len(legal))
            else:
                lik = Fraction(1)
            try:
                r2, events = round_apply(r, action)
            except IllegalActionError:
                continue
            branches = [(r2, events, Fraction(1))]
            if r2.phase == "chancellor" and p == viewer and t.keep is None and not t.bottom:
                branches = [(r2, events, Fraction(1))]  # the viewer is choosing now
            elif r2.phase == "chancellor":
                branches = []
                choices = legal_actions(r2)
                for ch in choices:
                    if p == viewer and (ch.keep != t.keep or ch.bottom != t.bottom):
                        continue
                    r3, ev3 = round_apply(r2, ch)
                    if p == viewer:
                        chw = Fraction(1)
                    elif model == "card-counter":
                        from solver.policies.heuristics import card_counter_chancellor

                        chosen = card_counter_chancellor(r2.hands[p], choices)
                        chw = Fraction(9, 10) * (ch == chosen) + Fraction(1, 10 * len(choices))
                    elif model not in ("uniform", "random"):
                        from solver.policies.models import get_model

                        acts, den = get_model(model).weights(r2)
                        chw = Fraction(dict(acts).get(ch, 0), den)
                    else:
                        chw = Fraction(1, len(choices))
                    branches.append((r3, events + ev3, chw))
            for r3, ev, cw in branches:
                if not _consistent(record, t, ev):
                    continue
                key = _unload(record, r3, ev, hs2, sa2, exch, tail, pool3, prefix, filler, p, target)
                yield key, _times(weight, rw, bq, lik, cw)


def _consistent(record, t, events) -> bool:
    viewer = record.viewer
    outs = [(ev.player, ev.cards[0] if ev.cards else None) for ev in events
            if isinstance(ev, KnockedOut) and ev.cause in ("baron", "princess-played")]
    for ev in events:
        if type(ev).__name__ == "TurnStarted":
            break  # the next player's turn: their draw is checked at their own turn
        if isinstance(ev, GuardGuessed) and t.result != ("hit" if ev.hit else "miss"):
            return False
        if isinstance(ev, PriestSaw) and ev.player == viewer and t.saw != ev.card:
            return False
        if isinstance(ev, BaronCompared):
            if viewer == ev.player and t.saw != ev.target_card:
                return False
            if viewer == ev.target and t.saw != ev.player_card:
                return False
        if isinstance(ev, BaronResult):
            if (ev.loser is None) != (t.result == "tie"):
                return False
        if isinstance(ev, PrinceDiscarded) and t.discarded != ev.card:
            return False
        if isinstance(ev, CardDrawn) and ev.player == viewer and ev.player == t.target and t.card is Card.PRINCE:
            if t.new != ev.card:
                return False
        if isinstance(ev, ChancellorDrew) and ev.player == viewer and tuple(t.chancellor_drew) != ev.cards:
            return False
        if isinstance(ev, HandsTraded):
            if viewer == ev.player and t.got != ev.received:
                return False
            if viewer == ev.target and t.got != ev.gave:
                return False
    expected = [o for o in t.out if t.card is not Card.GUARD]
    return sorted(outs, key=str) == sorted(expected, key=str)


def _unload(record, r, events, hs_before, sa, exch, tail, pool, prefix, filler, p, target):
    """Back from the engine round to a world: unknown hands stay unknown, the next player's
    automatic draw goes back on the deck, undrawn prefix cards go back to the pool."""
    n = len(r.hands)
    hands = list(r.hands)
    deck = list(r.deck)
    if r.phase == "play":
        q = r.current
        deck.insert(0, hands[q][-1])
        hands[q] = hands[q][:-1]
    touched = {p}
    if target is not None:
        touched.add(target)
    if r.phase == "over" and r.end_reason == "showdown":
        touched = set(range(n))
    world_hands = []
    for s in range(n):
        if r.out[s]:
            world_hands.append(())
        elif r.phase == "chancellor" and s == r.current:
            world_hands.append(tuple(hands[s]))
        elif s in touched or hs_before[s] is not None:
            world_hands.append(hands[s][0])
        else:
            world_hands.append(None)
    # deck = (remaining prefix) + filler + (remaining tail) + returned
    consumed = len(prefix) + len(filler) + len(tail) - len(deck)
    returned = 0
    for ev in events:
        if type(ev).__name__ == "ChancellorReturned":
            returned = len(ev.bottom)
    consumed += returned
    exch_part = len(prefix) + len(filler)
    used_exch = min(consumed, exch_part)
    new_tail = tuple(deck[exch_part - used_exch:])
    for c in prefix[used_exch:]:
        pool = _pool_add(pool, c)
    new_exch = exch - used_exch
    if r.set_aside is None:
        set_aside = "drawn"
    else:
        set_aside = sa  # a resolved card, or None: still unknown in the pool
    return (tuple(world_hands), set_aside, new_exch, new_tail, pool, r.discards, r.out, r.protected, r.known)


def _pool_add(pool, card):
    d = dict(pool)
    d[card] = d.get(card, 0) + 1
    return tuple(sorted(d.items()))


def _marginals(record, worlds):
    n = record.n_players
    total = sum(worlds.values())
    hands = defaultdict(lambda: defaultdict(Fraction))
    set_aside = defaultdict(Fraction)
    deck = defaultdict(Fraction)
    for (hs, sa, exch, tail, pool, discards, out, protected, _), w in worlds.items():
        w = w / total
        size = sum(k for _, k in pool)
        for s in range(n):
            h = hs[s]
            if out[s]:
                continue
            if h is None:
                for c, k in pool:
                    hands[s][c] += w * Fraction(k, size)
            elif isinstance(h, tuple):
                mid = hands[s].setdefault("cards", [defaultdict(Fraction) for _ in h])
                for i, c in enumerate(h):
                    if c is None:
                        for cc, k in pool:
                            mid[i][cc] += w * Fraction(k, size)
                    else:
                        mid[i][c] += w
            else:
                hands[s][h] += w
        if sa is None:
            for c, k in pool:
                set_aside[c] += w * Fraction(k, size)
        elif sa != "drawn":
            set_aside[sa] += w
        for c, k in pool:
            deck[c] += w * exch * Fraction(k, size)
        for c in tail:
            deck[c] += w
    def clean(d):
        if "cards" in d:
            return {"cards": [clean(x) for x in d["cards"]]}
        return {c: v for c, v in d.items() if v}

    return ({s: clean(d) for s, d in hands.items()}, clean(set_aside), clean(deck))
