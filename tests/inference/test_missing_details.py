"""A detail left out of a record weakens the inference, never makes it wrong: whatever single
detail of a real round is left out, the record is either refused with a rule or its posterior
still allows the true hands. (The oracle checks complete records only; before the replay
required a Prince's and a King's target, a Prince with its target left out gave its player's
old card probability 1 after they had discarded it.)"""

import random
from dataclasses import replace

import pytest

from solver import apply, deal_round, legal_actions
from solver.inference.posterior import infer
from solver.records.record import record_from_events
from solver.rules.errors import LoveLetterError

#: The details a person may leave out of a turn (the knock-out's revealed card as "out_card").
DETAILS = ("target", "guess", "result", "saw", "discarded", "got", "new", "out_card", "drew", "chancellor_drew",
           "keep", "bottom")


def _position(key, n, seed):
    """A random engine round stopped at a play, a viewer, and the viewer's record of it."""
    rng = random.Random(seed)
    r, ev = deal_round(key, n, seed % n, seed)
    events = list(ev)
    steps = rng.randrange(2, 14)
    for i in range(steps + 50):
        if i >= steps and r.phase == "play":
            break
        nxt, more = apply(r, rng.choice(legal_actions(r)))
        if nxt.phase == "over":
            break
        r = nxt
        events.extend(more)
    if r.phase != "play":
        return None
    viewer = rng.randrange(n)
    return r, record_from_events(r.edition, n, events, viewer)


def _without(turn, detail):
    if detail == "out_card":
        if all(card is None for _, card in turn.out):
            return None
        return replace(turn, out=tuple((seat, None) for seat, _ in turn.out))
    value = getattr(turn, detail)
    if value in (None, ()):
        return None
    return replace(turn, **{detail: () if isinstance(value, tuple) else None})


def _allows(hand_posterior, true_hand) -> bool:
    if "cards" in hand_posterior:  # the viewer's own cards, one distribution per card
        slots = hand_posterior["cards"]
        return all(any(d.get(c, 0) > 0 for d in slots) for c in true_hand)
    if len(true_hand) == 2:  # the player to move drew a card the record does not show yet
        return any(hand_posterior.get(c, 0) > 0 for c in true_hand)
    return all(hand_posterior.get(c, 0) > 0 for c in true_hand)


@pytest.mark.parametrize("key, n", [("2019", 2), ("2019", 3), ("classic", 2), ("classic", 4)])
def test_leaving_out_one_detail_never_excludes_the_true_hands(key, n):
    variants = refused = 0
    for seed in range(25):
        found = _position(key, n, seed)
        if found is None:
            continue
        r, full = found
        played = full.turns[:-1] if full.turns and full.turns[-1].card is None else full.turns
        for k, turn in enumerate(played):
            for detail in DETAILS:
                cut = _without(turn, detail)
                if cut is None:
                    continue
                record = full.with_turns(full.turns[:k] + (cut,) + full.turns[k + 1:])
                try:
                    post = infer(record, "uniform")
                except LoveLetterError:
                    refused += 1
                    continue
                variants += 1
                for seat, hand in enumerate(r.hands):
                    if not r.out[seat] and seat in post.hands:
                        assert _allows(post.hands[seat], hand), (key, n, seed, k, detail, seat, hand)
    assert variants >= 40 and refused >= 1
