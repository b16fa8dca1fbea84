"""Invariants of §15 on random games (hypothesis chooses edition, players, seeds, actions)."""

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from solver import (
    Card, ChancellorChoice, IllegalActionError, Play, apply, get_edition, legal_actions, new_game,
    validate_round,
)
from solver.rules.events import CardDrawn, ChancellorDrew, ChancellorReturned, RoundEnded

EDITION_PLAYERS = [(k, n) for k in ("2019", "classic", "classic-2019")
                   for n in range(get_edition(k).min_players, get_edition(k).max_players + 1)]


def check_round_invariants(r):
    e = r.edition
    assert r.all_cards() == Counter({c: e.count(c) for c in e.cards})
    validate_round(r)  # hand sizes, out players empty, Princess, protection, face-up count
    for i in range(r.n_players):
        if r.protected[i]:
            assert r.discards[i][-1] == Card.HANDMAID


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(EDITION_PLAYERS), st.integers(0, 10**6), st.integers(0, 10**6))
def test_random_games_keep_every_invariant(edition_players, deal_seed, play_seed):
    import random

    key, n = edition_players
    rng = random.Random(play_seed)
    game, _ = new_game(key, n, deal_seed % n, deal_seed)
    tokens = game.tokens
    rounds = 0
    while not game.is_over and rounds < 4:
        r = game.round
        check_round_invariants(r)
        acts = legal_actions(game)
        assert acts and len(set(acts)) == len(acts)
        action = rng.choice(acts)
        new, events = apply(game, action)
        if new.round is not r and new.round_no == game.round_no:
            before, after = r.deck, new.round.deck
            drawn = sum(1 for e in events if isinstance(e, CardDrawn) and e.source == "deck")
            drawn += sum(len(e.cards) for e in events if isinstance(e, ChancellorDrew))
            returned = sum(len(e.bottom) for e in events if isinstance(e, ChancellorReturned))
            assert len(before) - len(after) == drawn - returned
            ended = [e for e in events if isinstance(e, RoundEnded)]
            if ended:
                rounds += 1
                assert ended[0].winners, "every round ends with a winner under the default rules"
                assert all(not new.round.out[w] for w in ended[0].winners)
                check_round_invariants(new.round)
        assert all(b <= a for b, a in zip(tokens, new.tokens))
        tokens = new.tokens
        game = new


card_ints = st.integers(-1, 10)
seat_ints = st.one_of(st.none(), st.integers(-1, 6))
guess_ints = st.one_of(st.none(), st.integers(-1, 10))


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(EDITION_PLAYERS), st.integers(0, 10**6), st.integers(0, 30),
       card_ints, seat_ints, guess_ints)
def test_any_action_is_either_legal_or_refused_with_a_rule(edition_players, seed, steps, card, target, guess):
    import random

    key, n = edition_players
    rng = random.Random(seed)
    game, _ = new_game(key, n, 0, seed)
    for _ in range(steps):
        if game.is_over or game.phase != "in-round":
            break
        game, _ = apply(game, rng.choice(legal_actions(game)))
    if game.phase != "in-round":
        return
    r = game.round
    if r.phase == "chancellor":
        action = ChancellorChoice(card, (guess,) * (len(r.hands[r.current]) - 1))
    else:
        action = Play(card, target, guess)
    legal = set(legal_actions(r))
    try:
        apply(r, action)
    except IllegalActionError as err:
        assert action not in legal
        assert err.rule != "illegal-action", f"{action} refused without naming a rule: {err}"
        assert str(err)
    else:
        assert action in legal
