"""The legal actions of a round (§4, §5): the plays of the player to move (`legal_plays`, in the engine's
order, memoised per edition by (hand, seat, out, protected), built from a memo of each card's plays per
(card, seat, open targets)), the Countess rule (`playable_cards`), a Chancellor's choices
(`chancellor_choices`) and both together (`round_legal_actions`). `solver.rules.round_rules` applies
them; `solver.rules.illegal` explains a refused one."""

from __future__ import annotations

from functools import lru_cache
from itertools import permutations

from solver.rules.actions import ChancellorChoice, Play
from solver.rules.cards import TARGETS_OTHERS, Card
from solver.rules.state import CHANCELLOR, PLAY, Round

SPY, GUARD, PRIEST, BARON, HANDMAID, PRINCE, CHANCELLOR_CARD, KING, COUNTESS, PRINCESS = tuple(Card)
_TARGETS_OTHERS = TARGETS_OTHERS



def open_targets(state: Round) -> tuple[int, ...]:
    """Other players the player to move may choose: in the round and not protected."""
    p = state.current
    out = state.out
    protected = state.protected
    return tuple(i for i in range(len(out)) if i != p and not out[i] and not protected[i])


def _actions_for_card(edition, card: Card, targets: tuple[int, ...], seat: int) -> tuple:
    void = edition.void_target_allowed
    if card in _TARGETS_OTHERS:
        if not targets:
            return (Play(card),)
        if card is GUARD:
            acts = [Play(card, t, g) for t in targets for g in edition.guessable]
        else:
            acts = [Play(card, t) for t in targets]
        if void:
            acts.append(Play(card))
        return tuple(acts)
    if card is PRINCE:
        acts = [Play(card, t) for t in sorted(targets + (seat,))]
        if void and targets:
            acts.append(Play(card))
        return tuple(acts)
    return (Play(card),)


def card_plays(edition, card: Card, seat: int, targets: tuple[int, ...]) -> tuple:
    """The legal plays of one card for `seat` with these open targets, in the engine's order
    (memoised per edition: few combinations exist)."""
    key = (card, seat, targets)
    cache = edition.card_cache
    found = cache.get(key)
    if found is None:
        found = cache[key] = _actions_for_card(edition, card, targets, seat)
    return found


def legal_plays(edition, hand: tuple, seat: int, out: tuple, protected: tuple) -> tuple:
    """The plays legal for `seat` holding the two cards `hand`, given who is out and
    protected, in the engine's order. The inference asks this of hands it only imagines.

    Memoised per edition by (hand, seat, out, protected) (`action_cache`, bounded: with 6
    players there are over a million such keys, so it is cleared when full). A miss is two
    small lookups that never need clearing: the open targets of each seat per (out, protected)
    (`targets_cache`) and the plays per (hand, seat, open targets) (`plays_cache`), whose
    tuples the first memo shares."""
    key = (hand, seat, out, protected)
    cache = edition.action_cache
    found = cache.get(key)
    if found is None:
        flags = (out, protected)
        per_seat = edition.targets_cache.get(flags)
        if per_seat is None:
            n = len(out)
            per_seat = edition.targets_cache[flags] = tuple(
                tuple([i for i in range(n) if i != q and not out[i] and not protected[i]]) for q in range(n))
        short = (hand, seat, per_seat[seat])
        found = edition.plays_cache.get(short)
        if found is None:
            found = edition.plays_cache[short] = _compute_plays(edition, hand, per_seat[seat], seat)
        if len(cache) >= 250_000:  # bound the memo; it refills with what is in use
            cache.clear()
        cache[key] = found
    return found


def playable_cards(hand: tuple) -> tuple:
    """The cards of a two-card hand that may be played, lowest first (the Countess rule, §6:
    with the King or a Prince she is the only one)."""
    a, b = hand
    if COUNTESS in hand and (KING in hand or PRINCE in hand):
        return (COUNTESS,)
    if a == b:
        return (a,)
    return (a, b) if a < b else (b, a)


def _compute_plays(edition, hand: tuple, targets: tuple, seat: int) -> tuple:
    acts: tuple = ()
    for card in playable_cards(hand):
        acts += card_plays(edition, Card(card), seat, targets)
    return acts


@lru_cache(maxsize=4096)
def chancellor_choices(hand: tuple[Card, ...]) -> tuple:
    """Every distinct (keep, bottom order) for a 2- or 3-card Chancellor hand, as
    (tuple, frozenset)."""
    return _chancellor_actions(hand)


@lru_cache(maxsize=4096)
def canonical_choices(hand: tuple[Card, ...]) -> dict:
    """{choice: the same choice with `Card` fields} for a Chancellor hand: an action equal to a
    legal one (e.g. given with ints) maps to the engine's own object."""
    return {a: a for a in chancellor_choices(hand)[0]}


def _chancellor_actions(hand: tuple[Card, ...]) -> tuple:
    """Every distinct (keep, bottom order) for a 2- or 3-card Chancellor hand."""
    seen = set()
    acts = []
    for i, keep in enumerate(hand):
        rest = hand[:i] + hand[i + 1:]
        for order in permutations(rest):
            act = ChancellorChoice(keep, tuple(order))
            if act not in seen:
                seen.add(act)
                acts.append(act)
    acts.sort(key=lambda a: (a.keep, a.bottom))
    return tuple(acts), frozenset(acts)


def round_legal_actions(state: Round) -> tuple:
    """Every legal, fully specified action for the player to move (no duplicates)."""
    phase = state.phase
    if phase == PLAY:
        p = state.current
        found = state.edition.action_cache.get((state.hands[p], p, state.out, state.protected))
        if found is None:
            found = legal_plays(state.edition, state.hands[p], p, state.out, state.protected)
        return found
    if phase == CHANCELLOR:
        return chancellor_choices(state.hands[state.current])[0]
    return ()
