"""The rules of one round as pure functions: `round_legal_actions` and `round_apply`.

`round_apply(state, action)` returns `(new_state, events)`; the input is never changed. An
illegal action raises `IllegalActionError` whose message names the rule. Turn order follows
RULES_REFERENCE §4: the player to move already holds two cards (the draw happened when the
turn started), plays one, resolves it; then the end-of-turn checks run and the next player in
the round starts their turn (their Handmaid protection ends) and draws.

Hot path notes (`docs/engine.md`, Performance): legal plays are memoised per edition by
(hand, seat, out, protected), built from a second memo of each card's plays per (card, seat,
open targets), so a new combination of who is out or protected creates no new `Play`;
`round_apply` checks an action against the memoised set before doing anything else, and only
a refused action pays for the detailed explanation (`_explain_illegal`). Events are built with
`tuple.__new__` (every field given, in order), which skips the generated `__new__` of each
`NamedTuple`; the memory (`Round.known`) is only recomputed when a play can change it.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import permutations

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
from solver.rules.memory import remember
from solver.rules.state import CHANCELLOR, HAND_OF, HAND_PAIR, OVER, PLAY, Round, interned_flags, set_flag
from solver.rules.outcomes import HIT, LOSE, TIE, baron_outcome, guard_outcome

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
# Legal actions
# ---------------------------------------------------------------------------------------

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
def _canonical_choices(hand: tuple[Card, ...]) -> dict:
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
            raise _explain_illegal(state, action)
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
            raise _explain_illegal(state, action)
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
                    raise _explain_illegal(state, action) from None
        elif kind is Play and action.player is not None:
            _check_player(state, action.player)
        legal = None
        if type(action) is ChancellorChoice:
            try:
                legal = _canonical_choices(hands[p]).get(action)
            except TypeError:  # unhashable field, e.g. a list as a card: not legal
                pass
        if legal is None:
            raise _explain_illegal(state, action)
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
    memorable = False

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
        memorable = True
    elif card is BARON:
        theirs = hands[target][0]
        outcome = baron_outcome(edition, kept, theirs)
        events.append(_new(BaronCompared, (p, target, kept, theirs, (p, target))))
        if outcome == TIE:
            events.append(_new(BaronResult, (p, target, None, None)))
            memorable = True
        else:
            loser = p if outcome == LOSE else target
            events.append(_new(BaronResult, (p, target, loser, None)))
            out, protected = _knock_out(hands, discards, out, protected, loser, "baron", events)
    elif card is HANDMAID:
        protected = set_flag(protected, p, True)
        events.append(_new(Protected, (p, None)))
    elif card is PRINCE:
        dropped = hands[target][0]
        discards[target] = discards[target] + (dropped,)
        events.append(_new(PrinceDiscarded, (p, target, dropped, None)))
        if dropped is PRINCESS:
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
        memorable = True
    elif card is PRINCESS:
        out, protected = _knock_out(hands, discards, out, protected, p, "princess-played", events)
    # Spy and Countess: no effect when played.
    if memorable or known:
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


# ---------------------------------------------------------------------------------------
# Why an action is illegal (slow path: only for refused actions)
# ---------------------------------------------------------------------------------------

def _name(card) -> str:
    try:
        return Card(card).title
    except (ValueError, TypeError):
        return repr(card)


def _explain_illegal(state: Round, action) -> IllegalActionError:
    p = state.current
    hand = state.hands[p]
    if state.phase == CHANCELLOR:
        if not isinstance(action, ChancellorChoice):
            return IllegalActionError(
                "you played a Chancellor: now keep one card and put the others under the deck "
                "(a ChancellorChoice), nothing else", rule="chancellor-pending")
        held = ", ".join(_name(c) for c in hand)
        keep = action.keep
        try:
            kept_ok = keep in hand
        except TypeError:
            kept_ok = False
        if not kept_ok:
            return IllegalActionError(
                f"keep one of your cards and put all the others under the deck: you hold {held}, "
                f"so you cannot keep the {_name(keep)}", rule="chancellor-keep", keep=keep)
        rest = list(hand)
        rest.remove(keep)
        return IllegalActionError(
            f"keep one of your cards and put all the others under the deck: keeping the {_name(keep)}, "
            f"you must return exactly {' and '.join(_name(c) for c in sorted(rest))} (in the order you choose)",
            rule="chancellor-return", keep=keep)
    if not isinstance(action, Play):
        return IllegalActionError("it is a play turn: choose a card to play", rule="play-expected")
    card = action.card
    names = " and ".join(_name(c) for c in hand)
    if card not in hand:
        return IllegalActionError(
            f"you cannot play the {_name(card)}: your hand is {names}", rule="card-not-in-hand",
            card=card)
    other = hand[1] if hand[0] == card else hand[0]
    if card in (KING, PRINCE) and other == COUNTESS:
        return IllegalActionError(
            f"you must play the Countess: you also hold the {_name(card)}", rule="countess-forced",
            card=card)
    card = Card(card)
    targets = open_targets(state)
    t = action.target
    n = len(state.hands)
    if card not in (GUARD, PRIEST, BARON, PRINCE, KING):
        return IllegalActionError(
            f"the {card.title} does not choose a player or name a card", rule="no-target-card", card=card)
    if card is not GUARD and action.guess is not None:
        return IllegalActionError(f"only the Guard names a card; the {card.title} does not",
                                  rule="guess-not-guard", card=card)
    if t is None:
        if card is GUARD and action.guess is not None and (not targets or state.edition.void_target_allowed):
            # Nobody to choose (or the S004 reading's play into the void): the Guard is played
            # with no effect, so there is nobody to name a card about.
            return IllegalActionError(
                "a Guard played with no player chosen has no effect and names no card",
                rule="guess-without-target", card=card)
        if card is PRINCE:
            return IllegalActionError(
                "the Prince must choose a player; with every opponent protected you must choose yourself",
                rule="prince-must-target")
        return IllegalActionError(
            f"the {card.title} must choose another player while one can be chosen "
            f"(open: seats {', '.join(map(str, targets))})", rule="target-required", card=card)
    if not isinstance(t, int) or not 0 <= t < n:
        return IllegalActionError(f"there is no seat {t!r} (seats 0–{n - 1})", rule="no-such-seat")
    if t == p and card is not PRINCE:
        return IllegalActionError(
            f"the {card.title} must choose another player, not yourself", rule="target-self", card=card)
    if state.out[t]:
        return IllegalActionError(
            f"seat {t} is out of the round and cannot be chosen", rule="target-out", target=t)
    if state.protected[t]:
        return IllegalActionError(
            f"seat {t} is protected by a Handmaid until their next turn and cannot be chosen",
            rule="target-protected", target=t)
    if card is GUARD:
        g = action.guess
        if g is None:
            return IllegalActionError("the Guard must name a card", rule="guess-required")
        if g == GUARD:
            return IllegalActionError("the Guard cannot name the Guard", rule="guard-names-guard")
        if g not in state.edition.cards:
            valid = ", ".join(c.title for c in state.edition.guessable)
            return IllegalActionError(
                f"the {_name(g)} is not in the {state.edition.title} edition; name one of: {valid}",
                rule="guess-not-in-edition", guess=g)
    return IllegalActionError(f"the {card.title} cannot be played that way", rule="illegal-action")
