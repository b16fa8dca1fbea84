"""The rules of one round as pure functions: `round_apply` (the legal actions are `solver.rules.legal`'s
`round_legal_actions`; why one is refused, `solver.rules.illegal`).

`round_apply(state, action)` returns `(new_state, events)`; the input is never changed. An
illegal action raises `IllegalActionError` whose message names the rule. Turn order follows
RULES_REFERENCE §4: the player to move already holds two cards (the draw happened when the
turn started), plays one, resolves it; then the end-of-turn checks run and the next player in
the round starts their turn (their Handmaid protection ends) and draws.

Hot path notes (`docs/engine.md`, Performance): legal plays are memoised per edition by
(hand, seat, out, protected), built from a second memo of each card's plays per (card, seat,
open targets), so a new combination of who is out or protected creates no new `Play`;
`round_apply` checks an action against the memoised set before doing anything else, and only
a refused action pays for the detailed explanation (`explain_illegal`). Events are built with
`tuple.__new__` (every field given, in order), which skips the generated `__new__` of each
`NamedTuple`; the memory (`Round.known`) is only recomputed when a play can change it.
"""

from __future__ import annotations

from solver.rules.actions import ChancellorChoice, Play
from solver.rules.cards import CHOOSES, TARGETS_OTHERS, Card
from solver.rules.editions import DISCARD_TOTAL_THEN_NONE, ALL_TIED_WIN
from solver.rules.errors import IllegalActionError
from solver.rules.events import (
    BaronCompared,
    BaronResult,
    CardDrawn,
    CardPlayed,
    ChancellorDrew,
    ChancellorReturned,
    GuardGuessed,
    HandsTraded,
    KnockedOut,
    NoEffect,
    PriestSaw,
    PrinceDiscarded,
    Protected,
    RoundEnded,
    TurnStarted,
)
from solver.rules.illegal import explain_illegal
from solver.rules.legal import canonical_choices, legal_plays
from solver.rules.memory import remember
from solver.rules.state import CHANCELLOR, HAND_OF, HAND_PAIR, OVER, PLAY, Round, interned_flags, set_flag
from solver.rules.outcomes import HIT, baron_knocked_out, baron_outcome, guard_outcome, looks, prince_knocks_out

SPY, GUARD, PRIEST, BARON, HANDMAID, PRINCE, CHANCELLOR_CARD, KING, COUNTESS, PRINCESS = tuple(Card)
_TARGETS_OTHERS = TARGETS_OTHERS
_CARDS = tuple(Card)
#: How each card chooses (`solver.rules.cards.CHOOSES`).
_KIND = CHOOSES
#: Interned events of every turn start: `_TURN_STARTED[seat][protection_ended]`,
#: `_DRAWN[seat][card]` (events are immutable values, so equal ones may be one object).
_SEATS = range(8)
_TURN_STARTED = tuple((TurnStarted(q, False), TurnStarted(q, True)) for q in _SEATS)
_DRAWN = tuple(tuple(CardDrawn(q, c, "deck", (q,)) for c in Card) for q in _SEATS)
#: `_GUESSED[player][target][guess][hit]`: the Guard's public event.
_GUESSED = tuple(tuple(tuple((GuardGuessed(p, t, g, False), GuardGuessed(p, t, g, True)) for g in Card)
                       for t in _SEATS) for p in _SEATS)
#: Interned `CardPlayed` events: `_PLAYED[player][card]` (no target), `_PLAYED_AT[player][card][target]`,
#: `_GUARD_PLAYED[player][target][guess]`.
_PLAYED = tuple(tuple(CardPlayed(q, c, None, None) for c in Card) for q in _SEATS)
_PLAYED_AT = tuple(tuple(tuple(CardPlayed(q, c, t, None) for t in _SEATS) for c in Card) for q in _SEATS)
_GUARD_PLAYED = tuple(tuple(tuple(CardPlayed(q, GUARD, t, g) for g in Card) for t in _SEATS) for q in _SEATS)
#: Builds a NamedTuple from all its fields without the generated `__new__` (hot path only).
_new = tuple.__new__


# ---------------------------------------------------------------------------------------
# Apply
# ---------------------------------------------------------------------------------------

def round_apply(state: Round, action) -> tuple[Round, tuple]:
    """Play `action` for the player to move; return the new round and its events. An action
    that names its player (`Play(..., player=k)`) is refused unless k is to move."""
    edition, hands, _, out, protected, _, _, _, p, phase, _, _, _, _, _ = state
    kind = type(action)
    if phase == PLAY:
        if kind is not Play:
            raise explain_illegal(state, action)
        card, target, guess, player = action
        if player is not None:
            _check_player(state, player)
            action = Play(card, target, guess)
        hand = hands[p]
        # Fast acceptance of the usual well-formed play (every check of the legal set, §5–6);
        # anything else is checked against the memoised legal set, which decides.
        a, b = hand
        if card == a:
            card, kept = a, b
        elif card == b:
            card, kept = b, a
        else:
            kept = None
        if kept is not None and not (kept is COUNTESS and (card is KING or card is PRINCE)):
            kind = _KIND[card]
            if kind == 0:
                if target is None and guess is None:
                    return _apply_play(state, card, kept, None, None)
            elif type(target) is int and 0 <= target < len(out) and not out[target]:
                if target == p:
                    if kind == 3 and guess is None:
                        return _apply_play(state, card, kept, target, None)
                elif not protected[target]:
                    if kind == 2:
                        if (type(guess) is Card or type(guess) is int) and guess in edition.guessable_set:
                            return _apply_play(state, card, kept, target,
                                               guess if type(guess) is Card else _CARDS[guess])
                    elif guess is None:
                        return _apply_play(state, card, kept, target, None)
        found = edition.action_cache.get((hand, p, out, protected))
        if found is None:
            found = legal_plays(edition, hand, p, out, protected)
        try:
            legal = action in found
        except TypeError:  # a field that cannot be compared
            legal = False
        if not legal:
            raise explain_illegal(state, action)
        if hand[0] == action.card:
            card, kept = hand
        else:
            kept, card = hand
        guess = action.guess
        if guess is not None and type(guess) is not Card:
            guess = _CARDS[guess]
        return _apply_play(state, card, kept, action.target, guess)
    if phase == CHANCELLOR:
        if kind is ChancellorChoice:
            if action.player is not None:
                _check_player(state, action.player)
            if type(action.bottom) is not tuple or action.player is not None:
                try:
                    action = ChancellorChoice(action.keep, tuple(action.bottom))
                except TypeError:
                    raise explain_illegal(state, action) from None
        elif kind is Play and action.player is not None:
            _check_player(state, action.player)
        legal = None
        if type(action) is ChancellorChoice:
            try:
                legal = canonical_choices(hands[p]).get(action)
            except TypeError:  # unhashable field, e.g. a list as a card: not legal
                pass
        if legal is None:
            raise explain_illegal(state, action)
        return _apply_chancellor_choice(state, legal)
    raise IllegalActionError("the round is over: no more plays this round", rule="round-over")


def _check_player(state: Round, player) -> None:
    """Refuse an action that names a player other than the one to move."""
    n = len(state.hands)
    if not isinstance(player, int) or isinstance(player, bool) or not 0 <= player < n:
        raise IllegalActionError(f"there is no seat {player!r} (seats 0–{n - 1})", rule="no-such-seat")
    if state.out[player]:
        raise IllegalActionError(
            f"seat {player} is out of the round and plays no more this round", rule="player-out", player=player)
    if player != state.current:
        raise IllegalActionError(
            f"it is not seat {player}'s turn: seat {state.current} is to move", rule="not-your-turn",
            player=player, current=state.current)


def _apply_play(state: Round, card: Card, kept: Card, target, guess):
    """Resolve a legal play: `card` and `kept` are the hand's own cards, `guess` a `Card`."""
    edition, hands, discards, out, protected, deck, set_aside, face_up, p, _, turn, _, _, _, known = state
    hands = list(hands)
    discards = list(discards)
    hands[p] = HAND_OF[kept]
    discards[p] = discards[p] + HAND_OF[card]
    if target is None:
        events: list = [_PLAYED[p][card]]
    elif guess is None:
        events = [_PLAYED_AT[p][card][target]]
    else:
        events = [_GUARD_PLAYED[p][target][guess]]
    out_before = out
    tie = False  # a Baron's tie (what it teaches: `looks`)

    if target is None and (card in _TARGETS_OTHERS or card is PRINCE):
        reason = "no-target" if any(
            i != p and not out[i] and not protected[i] for i in range(len(out))) else "all-protected"
        events.append(_new(NoEffect, (p, card, reason, None)))
    elif card is GUARD:
        hit = guard_outcome(guess, hands[target][0]) == HIT
        events.append(_GUESSED[p][target][guess][hit])
        if hit:
            out, protected = _knock_out(hands, discards, out, protected, target, "guard", events)
    elif card is PRIEST:
        events.append(_new(PriestSaw, (p, target, hands[target][0], (p,))))
    elif card is BARON:
        theirs = hands[target][0]
        gone = baron_knocked_out(baron_outcome(edition, kept, theirs), p, target)
        events.append(_new(BaronCompared, (p, target, kept, theirs, (p, target))))
        if not gone:
            tie = True
            events.append(_new(BaronResult, (p, target, None, None)))
        else:
            loser, = gone
            events.append(_new(BaronResult, (p, target, loser, None)))
            out, protected = _knock_out(hands, discards, out, protected, loser, "baron", events)
    elif card is HANDMAID:
        protected = set_flag(protected, p, True)
        events.append(_new(Protected, (p, None)))
    elif card is PRINCE:
        dropped = hands[target][0]
        discards[target] = discards[target] + (dropped,)
        events.append(_new(PrinceDiscarded, (p, target, dropped, None)))
        if prince_knocks_out(dropped):
            hands[target] = ()
            out = set_flag(out, target, True)
            if protected[target]:
                protected = set_flag(protected, target, False)
            events.append(_new(KnockedOut, (target, (), "princess-discarded", None)))
        elif deck:
            top = deck[0]
            hands[target] = HAND_OF[top]
            events.append(_new(CardDrawn, (target, top, "deck", (target,))))
            deck = deck[1:]
        else:
            hands[target] = HAND_OF[set_aside]
            events.append(_new(CardDrawn, (target, set_aside, "set_aside", (target,))))
            set_aside = None
    elif card is CHANCELLOR_CARD:
        if not deck:
            events.append(_new(NoEffect, (p, card, "empty-deck", None)))
        else:
            drawn = deck[:2]
            deck = deck[2:]
            hands[p] = (kept,) + drawn
            events.append(_new(ChancellorDrew, (p, drawn, (p,))))
            events = tuple(events)
            if known:
                known = remember(known, events)
            return (
                _new(Round, (edition, tuple(hands), tuple(discards), out, protected,
                             deck, set_aside, face_up, p, CHANCELLOR, turn, (), None, None, known)),
                events,
            )
    elif card is KING:
        theirs = hands[target][0]
        hands[p] = HAND_OF[theirs]
        hands[target] = HAND_OF[kept]
        events.append(_new(HandsTraded, (p, target, kept, theirs, (p, target))))
    elif card is PRINCESS:
        out, protected = _knock_out(hands, discards, out, protected, p, "princess-played", events)
    # Spy and Countess: no effect when played.
    if known or (target is not None and looks(card, tie)):  # (nothing to remember before a first look)
        known = remember(known, events)
    if not deck or (out is not out_before and out.count(False) == 1):
        return _end_turn(state, hands, discards, out, protected, deck, set_aside, events, known)
    return _next_turn(edition, hands, discards, out, protected, deck, set_aside, face_up, p, turn, events, known)


def _next_turn(edition, hands, discards, out, protected, deck, set_aside, face_up, p, turn, events, known):
    """The next player in the round after `p` starts their turn (their protection ends) and
    draws (§4): the new round state and the turn's events. `hands`, `discards`, `events` lists."""
    n = len(hands)
    q = p + 1
    if q == n:
        q = 0
    while out[q]:
        q += 1
        if q == n:
            q = 0
    was_protected = protected[q]
    if was_protected:
        protected = set_flag(protected, q, False)
    top = deck[0]
    hands[q] = HAND_PAIR[hands[q][0]][top]
    events.append(_TURN_STARTED[q][was_protected])
    events.append(_DRAWN[q][top])
    return (
        _new(Round, (edition, tuple(hands), tuple(discards), out, protected,
                     deck[1:], set_aside, face_up, q, PLAY, turn + 1, (), None, None, known)),
        tuple(events),
    )


def _knock_out(hands, discards, out, protected, seat, cause, events) -> tuple:
    """Discard `seat`'s hand (`hands`, `discards` are lists changed in place); return the
    new `out` and `protected` tuples."""
    cards = hands[seat]
    discards[seat] = discards[seat] + cards
    hands[seat] = ()
    events.append(_new(KnockedOut, (seat, cards, cause, None)))
    if protected[seat]:
        protected = set_flag(protected, seat, False)
    return set_flag(out, seat, True), protected


def _apply_chancellor_choice(state: Round, action: ChancellorChoice):
    """Resolve a legal Chancellor choice given as the engine's own object (`Card` fields)."""
    p = state.current
    keep, bottom, _ = action
    hands = list(state.hands)
    hands[p] = HAND_OF[keep]
    deck = state.deck + bottom
    events = [_new(ChancellorReturned, (p, keep, bottom, (p,)))]
    return _end_turn(state, hands, list(state.discards), state.out, state.protected,
                     deck, state.set_aside, events, state.known)


def _end_turn(state: Round, hands, discards, out, protected, deck, set_aside, events, known):
    """End-of-turn checks (§8): one player left, else empty deck, else next player's turn.
    `hands` and `discards` are lists; `out` and `protected` tuples."""
    if out.count(False) == 1:
        return _finish(state, hands, discards, out, deck, set_aside, events,
                       "last-standing", (out.index(False),), known, (), ())
    if not deck:
        edition = state.edition
        value_of = edition.value_of
        # Showdown (§8.2): the highest card in hand wins; ties per the edition's setting.
        shown = [None] * len(hands)
        best = -1
        tied: list = []
        for i, h in enumerate(hands):
            if not out[i]:
                c = shown[i] = h[0]
                v = value_of[c]
                if v > best:
                    best = v
                    tied = [i]
                elif v == best:
                    tied.append(i)
        if edition.values_are_ranks:
            totals = tuple(map(sum, discards))
        else:
            value = value_of.__getitem__
            totals = tuple([sum(map(value, d)) for d in discards])
        if len(tied) > 1 and edition.showdown_tie != ALL_TIED_WIN:
            top = max([totals[i] for i in tied])
            tied = [i for i in tied if totals[i] == top]
            if len(tied) > 1 and edition.showdown_tie == DISCARD_TOTAL_THEN_NONE:
                tied = []
        return _finish(state, hands, discards, out, deck, set_aside, events,
                       "showdown", tuple(tied), known, tuple(shown), totals)
    return _next_turn(state.edition, hands, discards, out, protected, deck, set_aside, state.face_up,
                      state.current, state.turn, events, known)


def spy_bonus_seat(edition, discards, out) -> int | None:
    """The seat that earns the Spy bonus (§6 Spy), or None: the only player still in the round
    who played or discarded a Spy (with `spy_eliminated_players_block`, also the only one of
    all players)."""
    if not edition.has_spy:
        return None
    alive = None
    spies = 0
    for i, d in enumerate(discards):
        if SPY in d:
            spies += 1
            if not out[i]:
                if alive is not None:
                    return None
                alive = i
    if alive is not None and spies > 1 and edition.spy_eliminated_players_block:
        return None
    return alive


def _finish(state, hands, discards, out, deck, set_aside, events, reason, winners, known, shown, totals):
    """The round is over: `winners`, and for a showdown the cards `shown` and discard `totals`."""
    edition = state.edition
    bonus = spy_bonus_seat(edition, discards, out) if edition.has_spy else None
    events.append(_new(RoundEnded, (reason, winners, shown, totals, bonus, None)))
    # Protection ends with the round (§6 Handmaid).
    return (
        _new(Round, (edition, tuple(hands), tuple(discards), out, interned_flags((False,) * len(out)), deck,
                     set_aside, state.face_up, state.current, OVER, state.turn, winners, bonus, reason, known)),
        tuple(events),
    )
