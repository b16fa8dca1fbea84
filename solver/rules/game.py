"""Dealing rounds and playing whole games; the public `legal_actions` / `apply` pair.

Chance is seeded and explicit (`solver.rules.seeding`): a round's shuffle comes from the text
`f"{seed}/round/{k}"` and a random starter among several round winners from
`f"{seed}/starter/{k}"`, under the game's seed scheme, so a game replays exactly from its seed,
its scheme and its actions, and no global random state is touched.
"""

from __future__ import annotations

from typing import Sequence

from solver.rules.actions import NextRound
from solver.rules.cards import Card
from solver.rules.editions import Edition, get_edition
from solver.rules.errors import IllegalActionError, InvalidOptionError, InvalidPositionError
from solver.rules.events import CardDealt, CardDrawn, GameEnded, RoundStarted, TokensAwarded
from solver.rules.legal import round_legal_actions
from solver.rules.round_rules import round_apply
from solver.rules.seeding import SEED_SCHEME, check_scheme, shuffle_round
from solver.rules.state import GAME_OVER, HAND_OF, HAND_PAIR, IN_ROUND, PLAY, ROUND_OVER, Game, Round, interned_flags

#: Builds a NamedTuple from all its fields without the generated `__new__` (hot path only).
_new = tuple.__new__
#: The shared `out` / `protected` flags of a fresh round, per player count.
_NO_FLAGS = tuple(interned_flags((False,) * n) for n in range(9))
#: Interned deal events (events are immutable values): `_DEALT[seat][card]`, `_DRAWN[seat][card]`.
_DEALT = tuple(tuple(CardDealt(s, c, (s,)) for c in Card) for s in range(8))
_DRAWN = tuple(tuple(CardDrawn(s, c, "deck", (s,)) for c in Card) for s in range(8))


def deal_round(
    edition: Edition | str, n_players: int, first_player: int = 0, seed: object = 0,
    *, round_no: int = 1, seed_scheme: int = SEED_SCHEME,
) -> tuple[Round, tuple]:
    """Shuffle and deal a round (§3); the first player has drawn and is to play. The shuffle
    is seeded by `seed` and `round_no` under `seed_scheme` (`solver.rules.seeding`)."""
    if type(edition) is not Edition:
        edition = get_edition(edition)
    if type(n_players) is not int or not edition.min_players <= n_players <= edition.max_players:
        edition.check_player_count(n_players)
    if type(first_player) is not int or not 0 <= first_player < n_players:
        if not isinstance(first_player, int) or isinstance(first_player, bool) or not 0 <= first_player < n_players:
            raise InvalidOptionError(f"first player {first_player!r:.40} is not a seat (0–{n_players - 1})",
                                     rule="first-player")
    if type(seed_scheme) is not int or seed_scheme != SEED_SCHEME:
        check_scheme(seed_scheme)
    cards = list(edition.full_deck())
    shuffle_round(cards, seed, round_no, seed_scheme)
    return _deal(edition, n_players, first_player, cards, round_no)


def deal_from_order(
    edition: Edition | str, n_players: int, first_player: int, order: Sequence, *, round_no: int = 1,
) -> tuple[Round, tuple]:
    """Deal from a given deck order (top first): set-aside card, face-up cards (2 players),
    one card to each player from the first player on, then the first player draws (§3, [CONV])."""
    edition = get_edition(edition)
    edition.check_player_count(n_players)
    if not 0 <= first_player < n_players:
        raise InvalidOptionError(f"first player {first_player} is not a seat (0–{n_players - 1})",
                                 rule="first-player")
    cards = list(order)
    if sorted(cards) != list(edition.full_deck()):
        raise InvalidPositionError(
            f"a deck order must hold exactly the {edition.deck_size} cards of the {edition.title} edition",
            rule="deck-order",
        )
    return _deal(edition, n_players, first_player, [Card(c) for c in cards], round_no)


def _deal(edition: Edition, n_players: int, first_player: int, cards: list, round_no: int):
    set_aside = cards[0]
    k = edition.face_up_count(n_players)
    face_up = tuple(cards[1:1 + k])
    pos = 1 + k
    hands: list[tuple] = [()] * n_players
    events: list = [_new(RoundStarted, (round_no, first_player, face_up, len(cards) - pos - n_players, None))]
    for j in range(n_players):
        seat = (first_player + j) % n_players
        card = cards[pos]
        hands[seat] = HAND_OF[card]
        events.append(_DEALT[seat][card])
        pos += 1
    top = cards[pos]
    hands[first_player] = HAND_PAIR[hands[first_player][0]][top]
    events.append(_DRAWN[first_player][top])
    none = _NO_FLAGS[n_players]
    r = _new(Round, (
        edition, tuple(hands), ((),) * n_players, none, none, tuple(cards[pos + 1:]), set_aside, face_up,
        first_player, PLAY, 1, (), None, None, (),
    ))
    return r, tuple(events)


def new_round(edition: Edition | str, n_players: int, first_player: int = 0, seed: object = 0,
              *, seed_scheme: int = SEED_SCHEME) -> Round:
    """A freshly dealt round (events dropped; use `deal_round` to keep them)."""
    return deal_round(edition, n_players, first_player, seed, seed_scheme=seed_scheme)[0]


def new_game(
    edition: Edition | str, players: int | Sequence[str], first_player: int = 0, seed: object = 0,
    *, seed_scheme: int = SEED_SCHEME, **options,
) -> tuple[Game, tuple]:
    """Start a game: `players` is a count or the names in turn order; the caller names who
    starts (D1: the edition's flavour rule decides at the table). Every round's shuffle and any
    tie-break for the next starter come from `seed` under `seed_scheme` (`solver.rules.seeding`;
    scheme 1 replays games seeded before scheme 2 existed)."""
    edition = get_edition(edition, **options)
    if isinstance(players, int):
        names = tuple(f"Player {i + 1}" for i in range(players))
    else:
        names = tuple(str(p) for p in players)
    edition.check_player_count(len(names))
    r, events = deal_round(edition, len(names), first_player, seed, round_no=1, seed_scheme=seed_scheme)
    game = Game(edition, names, (0,) * len(names), seed, 1, first_player, r, IN_ROUND, (), seed_scheme)
    return game, events


def legal_actions(state: Game | Round) -> tuple:
    """Every legal action in a round or a game, fully specified, without duplicates."""
    if type(state) is Round:
        if state.phase == PLAY:  # the memo of `solver.rules.legal.legal_plays`, read directly when filled
            p = state.current
            found = state.edition.action_cache.get((state.hands[p], p, state.out, state.protected))
            if found is not None:
                return found
        return round_legal_actions(state)
    if state.phase == IN_ROUND:
        return round_legal_actions(state.round)
    if state.phase == ROUND_OVER:
        return (NextRound(),)
    return ()


def apply(state: Game | Round, action) -> tuple[Game | Round, tuple]:
    """Apply `action`; return the new state and the events. Illegal actions raise
    `IllegalActionError` naming the rule, and change nothing."""
    if type(state) is Round:
        return round_apply(state, action)
    return game_apply(state, action)


def game_apply(game: Game, action) -> tuple[Game, tuple]:
    if game.phase == GAME_OVER:
        raise IllegalActionError("the game is over", rule="game-over")
    if game.phase == ROUND_OVER:
        if not isinstance(action, NextRound):
            raise IllegalActionError("the round is over: the only action is to start the next round",
                                     rule="round-over")
        return _next_round(game)
    if isinstance(action, NextRound):
        raise IllegalActionError("the round is still being played", rule="round-in-progress")
    r, events = round_apply(game.round, action)
    if r.phase != "over":
        return game._replace(round=r), events
    return _score(game, r, events)


def _score(game: Game, r: Round, events: tuple) -> tuple[Game, tuple]:
    """Round winners +1 each, then the Spy bonus (§8.4); then the game-end check (§10)."""
    tokens = list(game.tokens)
    awards = []
    for w in r.winners:
        tokens[w] += 1
        awards.append((w, 1, "round-win"))
    if r.spy_bonus is not None:
        tokens[r.spy_bonus] += 1
        awards.append((r.spy_bonus, 1, "spy"))
    tokens_t = tuple(tokens)
    events = events + (TokensAwarded(tuple(awards), tokens_t),)
    target = game.edition.token_targets[len(tokens)]
    winners = tuple(i for i, t in enumerate(tokens_t) if t >= target)
    if winners:
        events = events + (GameEnded(winners, tokens_t),)
        return game._replace(round=r, tokens=tokens_t, phase=GAME_OVER, winners=winners), events
    return game._replace(round=r, tokens=tokens_t, phase=ROUND_OVER), events


def next_starter(game: Game) -> int | None:
    """Who starts the next round (`Game.next_starter`): the last round's winner; several
    winners: one of them, seeded (D14); nobody (classic option "nobody scores"): the same
    starter again (§9). Also readable when the game is over; None while a round is played."""
    return game.next_starter


def _next_round(game: Game) -> tuple[Game, tuple]:
    starter = next_starter(game)
    k = game.round_no + 1
    r, events = deal_round(game.edition, len(game.names), starter, game.seed, round_no=k,
                           seed_scheme=game.seed_scheme)
    return game._replace(round=r, round_no=k, starter=starter, phase=IN_ROUND), events
