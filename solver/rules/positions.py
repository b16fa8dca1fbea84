"""Positions built directly, for tests, lessons and the solver: a round (`position`; `late_position` with
only some cards placed) or a game around one (`game_position`), each checked to be one that could arise
under the rules (`validate_round` names the rule an impossible position breaks)."""

from __future__ import annotations

from collections import Counter
from typing import Optional, Sequence

from solver.rules.cards import Card
from solver.rules.editions import DISCARD_TOTAL_THEN_NONE, Edition, get_edition
from solver.rules.errors import InvalidPositionError
from solver.rules.seeding import SEED_SCHEME, check_scheme
from solver.rules.state import CHANCELLOR, GAME_OVER, IN_ROUND, OVER, PLAY, ROUND_OVER, Game, Round


def game_position(
    edition: Edition | str,
    players: int | Sequence[str],
    round: Round,
    *,
    tokens: Sequence[int],
    round_no: Optional[int] = None,
    starter: int = 0,
    seed: object = 0,
    seed_scheme: int = SEED_SCHEME,
) -> Game:
    """Build a game in progress directly (tokens, the current round with who is out, its
    number and starter) and check that it could arise under the rules; impossible positions
    raise `InvalidPositionError` naming the rule.

    `round` is a `Round` (e.g. from `position`); when it is over, `tokens` already include its
    awards and the game's phase follows (round over, or game over with everyone at the
    target). `round_no` defaults to the fewest rounds that can explain the tokens. Checked:
    the edition and seats match the round, tokens are non-negative whole numbers, nobody had
    reached the target before the last round was scored, the round's winners and Spy-bonus
    player hold what they just won, and the tokens fit the rounds played (each round gives
    every winner 1 token, at least one winner unless the edition's tie rule can leave none,
    and at most one Spy bonus)."""
    edition = get_edition(edition)
    check_scheme(seed_scheme, InvalidPositionError)
    if isinstance(players, int) and not isinstance(players, bool):
        names = tuple(f"Player {i + 1}" for i in range(players))
    else:
        names = tuple(str(p) for p in players)
    n = len(names)
    edition.check_player_count(n)
    if len(set(names)) != n:
        raise InvalidPositionError(f"two players have the same name: {', '.join(names)}", rule="names")
    if not isinstance(round, Round):
        raise InvalidPositionError(f"the round must be a Round (see position()); got {type(round).__name__}",
                                   rule="shape")
    if round.edition != edition:
        raise InvalidPositionError(
            f"the round is played with the {round.edition.title} edition, the game with the {edition.title} edition",
            rule="edition-mismatch")
    if round.n_players != n:
        raise InvalidPositionError(f"the round has {round.n_players} seats, the game {n} players", rule="shape")
    validate_round(round)
    tokens = tuple(tokens)
    if len(tokens) != n or not all(isinstance(t, int) and not isinstance(t, bool) and t >= 0 for t in tokens):
        raise InvalidPositionError(
            f"give each of the {n} players a whole number of tokens, 0 or more; got {tokens!r}", rule="tokens")
    if not isinstance(starter, int) or isinstance(starter, bool) or not 0 <= starter < n:
        raise InvalidPositionError(f"the round's starter {starter!r} is not a seat (0–{n - 1})", rule="seat")
    target = edition.token_targets[n]
    over = round.phase == OVER
    before = list(tokens)
    if over:
        for w in round.winners:
            before[w] -= 1
        if round.spy_bonus is not None:
            before[round.spy_bonus] -= 1
        if min(before) < 0:
            raise InvalidPositionError(
                "the round is over, so its winners (and the Spy-bonus player) hold the tokens they just won; "
                f"tokens {tokens} are too few", rule="token-total")
    if max(before) >= target:
        raise InvalidPositionError(
            f"a player already had {max(before)} tokens (the target with {n} players is {target}), "
            "so the game ended before this round", rule="token-total")
    spy = 1 if edition.has_spy else 0
    can_have_no_winner = edition.showdown_tie == DISCARD_TOTAL_THEN_NONE
    # Rounds scored before the current one.
    fewest = max([-(-t // (1 + spy)) for t in before] + [-(-sum(before) // (n + spy))])
    if round_no is None:
        round_no = fewest + 1
    if not isinstance(round_no, int) or isinstance(round_no, bool) or round_no < 1:
        raise InvalidPositionError(f"the round number must be 1 or more; got {round_no!r}", rule="round-number")
    done = round_no - 1
    if fewest > done:
        raise InvalidPositionError(
            f"{sum(before)} tokens ({', '.join(map(str, before))}) cannot be won in {done} round(s): each round "
            f"gives 1 token to each winner{' and at most one Spy bonus' if spy else ''}", rule="token-total")
    if not can_have_no_winner and sum(before) < done:
        raise InvalidPositionError(
            f"{done} round(s) were played, and every round has a winner, but only {sum(before)} token(s) were won",
            rule="token-total")
    if round.turn == 1 and round.phase == PLAY and round.current != starter:
        raise InvalidPositionError(
            f"on the round's first turn the starter plays: seat {round.current} is to move, the starter is {starter}",
            rule="seat")
    winners: tuple[int, ...] = ()
    phase = IN_ROUND
    if over:
        winners = tuple(i for i, t in enumerate(tokens) if t >= target)
        phase = GAME_OVER if winners else ROUND_OVER
    return Game(edition, names, tokens, seed, round_no, starter, round, phase, winners, seed_scheme)


def _cards(seq: Sequence, what: str) -> tuple[Card, ...]:
    try:
        return tuple(Card(c) for c in seq)
    except (ValueError, TypeError) as exc:
        raise InvalidPositionError(f"{what}: {exc}", rule="unknown-card") from None


def position(
    edition: Edition | str,
    hands: Sequence[Sequence[Card]],
    *,
    deck: Sequence[Card] = (),
    set_aside: Optional[Card] = None,
    face_up: Sequence[Card] = (),
    discards: Optional[Sequence[Sequence[Card]]] = None,
    out: Optional[Sequence[bool]] = None,
    protected: Optional[Sequence[bool]] = None,
    current: int = 0,
    phase: str = PLAY,
    turn: int = 1,
    fill: bool = False,
) -> Round:
    """Build a round directly and check it could arise under the rules.

    With `fill=True` the cards not placed anywhere go (in card order) to the 2-player face-up
    row if it is empty, then the last one to the set-aside slot if it is empty, then under
    `deck`, so a test can name only the cards that matter.
    """
    edition = get_edition(edition)
    n = len(hands)
    hands_t = tuple(_cards(h, f"hand of seat {i}") for i, h in enumerate(hands))
    discards_t = tuple(
        _cards(d, f"discards of seat {i}") for i, d in enumerate(discards or [()] * n)
    )
    deck_t = _cards(deck, "deck")
    face_up_t = _cards(face_up, "face-up cards")
    if set_aside is not None:
        set_aside = Card(set_aside)
    out_t = tuple(bool(x) for x in (out or [False] * n))
    protected_t = tuple(bool(x) for x in (protected or [False] * n))
    if fill:
        used: Counter = Counter()
        for group in (*hands_t, *discards_t, deck_t, face_up_t):
            used.update(group)
        if set_aside is not None:
            used[set_aside] += 1
        rest = []
        for card in edition.cards:
            missing = edition.count(card) - used[card]
            rest.extend([card] * max(missing, 0))
        want_face_up = edition.face_up_count(n)
        if not face_up_t and want_face_up:
            face_up_t, rest = tuple(rest[:want_face_up]), rest[want_face_up:]
        if set_aside is None and rest and phase != OVER:
            set_aside = rest.pop()
        deck_t = deck_t + tuple(rest)
    r = Round(
        edition, hands_t, discards_t, out_t, protected_t, deck_t, set_aside, face_up_t,
        current, phase, turn,
    )
    validate_round(r)
    return r


def validate_round(r: Round) -> None:
    """Raise `InvalidPositionError` naming the first rule the round breaks."""
    e = r.edition
    n = len(r.hands)
    if not e.min_players <= n <= e.max_players:
        raise InvalidPositionError(
            f"the {e.title} edition is for {e.min_players}–{e.max_players} players; this position has {n}",
            rule="player-count",
        )
    for name, seq in (("discards", r.discards), ("out", r.out), ("protected", r.protected)):
        if len(seq) != n:
            raise InvalidPositionError(f"{name} has {len(seq)} entries for {n} players", rule="shape")
    counts = r.all_cards()
    for card, k in sorted(counts.items()):
        have = e.count(card)
        if k > have:
            raise InvalidPositionError(
                f"{k} {card.title} cards in play, but the {e.title} edition has {have}",
                rule="card-count", card=card, count=k, edition_count=have,
            )
    missing = {c: e.count(c) - counts[c] for c in e.cards if counts[c] < e.count(c)}
    if missing:
        listed = ", ".join(f"{k} {c.title}" for c, k in missing.items())
        raise InvalidPositionError(
            f"every card must be somewhere (hand, deck, set-aside, face-up or discard pile); missing: {listed}",
            rule="card-missing",
        )
    want_face_up = e.face_up_count(n)
    if len(r.face_up) != want_face_up:
        raise InvalidPositionError(
            f"with {n} players the {e.title} edition sets aside {want_face_up} face-up cards; got {len(r.face_up)}",
            rule="face-up-count",
        )
    if r.phase not in (PLAY, CHANCELLOR, OVER):
        raise InvalidPositionError(f"unknown phase {r.phase!r}", rule="phase")
    if not 0 <= r.current < n:
        raise InvalidPositionError(f"current player {r.current} is not a seat (0–{n - 1})", rule="seat")
    alive = [i for i in range(n) if not r.out[i]]
    for i in range(n):
        hand = r.hands[i]
        if r.out[i]:
            if hand:
                raise InvalidPositionError(
                    f"seat {i} is out of the round but holds {len(hand)} card(s); a knocked-out hand is discarded",
                    rule="out-hand",
                )
            if r.protected[i]:
                raise InvalidPositionError(f"seat {i} is out of the round and cannot be protected", rule="out-protected")
            continue
        if Card.PRINCESS in r.discards[i]:
            raise InvalidPositionError(
                f"seat {i} has the Princess in their discard pile but is still in the round; "
                "whoever plays or discards the Princess is out",
                rule="princess-discarded",
            )
        if r.protected[i] and (not r.discards[i] or r.discards[i][-1] != Card.HANDMAID):
            raise InvalidPositionError(
                f"seat {i} is protected but their last discard is not a Handmaid", rule="protection"
            )
        expected = {1}
        if r.phase != OVER and i == r.current:
            expected = {2} if r.phase == PLAY else {2, 3}
        if len(hand) not in expected:
            want = " or ".join(str(k) for k in sorted(expected))
            raise InvalidPositionError(
                f"seat {i} holds {len(hand)} card(s) but should hold {want} "
                f"({'the player to move' if i == r.current and r.phase != OVER else 'a player between turns'})",
                rule="hand-size",
            )
    if r.phase != OVER:
        if r.out[r.current]:
            raise InvalidPositionError(f"the player to move (seat {r.current}) is out of the round", rule="current-out")
        if r.protected[r.current] and r.phase == PLAY:
            raise InvalidPositionError(
                f"seat {r.current} is to move but still protected; a Handmaid's protection ends when its owner's turn starts",
                rule="protection-ends",
            )
        if len(alive) < 2:
            raise InvalidPositionError(
                "fewer than two players are in the round, so it has already ended", rule="round-ended"
            )
        if r.set_aside is None:
            raise InvalidPositionError(
                "the set-aside card is gone, which only happens on a round's last turn", rule="set-aside"
            )


def late_position(
    edition: Edition | str,
    hands: Sequence[Sequence[Card]],
    *,
    deck: Sequence[Card] = (),
    set_aside: Optional[Card] = None,
    discards: Optional[Sequence[Sequence[Card]]] = None,
    dump: int = 0,
    face_up: Sequence[Card] = (),
    **kw,
) -> Round:
    """A position with exactly `deck` left: every card not placed goes to seat `dump`'s
    discard pile (the Princess, if unplaced, to the set-aside slot; the 2-player face-up row is
    filled first if empty). Handy for end-of-round lessons and tests."""
    edition = get_edition(edition)
    n = len(hands)
    piles = [list(_cards(d, f"discards of seat {i}")) for i, d in enumerate(discards or [()] * n)]
    face = list(_cards(face_up, "face-up cards"))
    used: Counter = Counter()
    for group in (*hands, *piles, deck, face):
        used.update(Card(c) for c in group)
    if set_aside is not None:
        used[Card(set_aside)] += 1
    rest = []
    for c in edition.cards:
        rest.extend([c] * max(edition.count(c) - used[c], 0))
    if set_aside is None and Card.PRINCESS in rest:
        rest.remove(Card.PRINCESS)
        set_aside = Card.PRINCESS
    need = edition.face_up_count(n) - len(face)
    for c in list(rest):
        if need <= 0:
            break
        if c is not Card.PRINCESS:
            rest.remove(c)
            face.append(c)
            need -= 1
    if set_aside is None and rest:
        set_aside = rest.pop()
    piles[dump] = rest + piles[dump]
    return position(edition, hands, deck=deck, set_aside=set_aside, discards=piles, face_up=face, **kw)
