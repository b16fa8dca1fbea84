"""The rules of one round as pure functions: `round_legal_actions` and `round_apply`.

`round_apply(state, action)` returns `(new_state, events)`; the input is never changed. An
illegal action raises `IllegalActionError` whose message names the rule. Turn order follows
RULES_REFERENCE §4: the player to move already holds two cards (the draw happened when the
turn started), plays one, resolves it; then the end-of-turn checks run and the next player in
the round starts their turn (their Handmaid protection ends) and draws.

Hot path notes: legal actions are cached per edition by (hand, open targets, seat), and
`round_apply` checks an action against that cached set before doing anything else; only a
refused action pays for the detailed explanation (`_explain_illegal`).
"""

from __future__ import annotations

from functools import lru_cache
from itertools import permutations

from solver.rules.actions import ChancellorChoice, Play
from solver.rules.cards import Card
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
from solver.rules.memory import MEMORABLE, remember
from solver.rules.state import CHANCELLOR, OVER, PLAY, Round

SPY, GUARD, PRIEST, BARON, HANDMAID, PRINCE, CHANCELLOR_CARD, KING, COUNTESS, PRINCESS = tuple(Card)
_TARGETS_OTHERS = frozenset({GUARD, PRIEST, BARON, KING})


# ---------------------------------------------------------------------------------------
# Legal actions
# ---------------------------------------------------------------------------------------

def open_targets(state: Round) -> tuple[int, ...]:
    """Other players the player to move may choose: in the round and not protected."""
    p = state.current
    out = state.out
    protected = state.protected
    return tuple(i for i in range(len(out)) if i != p and not out[i] and not protected[i])


def _actions_for_card(edition, card: Card, targets: tuple[int, ...], seat: int) -> list:
    void = edition.void_target_allowed
    if card in _TARGETS_OTHERS:
        if not targets:
            return [Play(card)]
        if card is GUARD:
            acts = [Play(card, t, g) for t in targets for g in edition.guessable]
        else:
            acts = [Play(card, t) for t in targets]
        if void:
            acts.append(Play(card))
        return acts
    if card is PRINCE:
        acts = [Play(card, t) for t in sorted(targets + (seat,))]
        if void and targets:
            acts.append(Play(card))
        return acts
    return [Play(card)]


def legal_plays(edition, hand: tuple, seat: int, out: tuple, protected: tuple) -> tuple:
    """(actions, frozenset) legal for `seat` holding the two cards `hand`, given who is out
    and protected. The inference asks this of hands it only imagines."""
    key = (hand, seat, out, protected)
    cache = edition.action_cache
    found = cache.get(key)
    if found is None:
        targets = tuple(i for i in range(len(out)) if i != seat and not out[i] and not protected[i])
        found = _compute_plays(edition, hand, targets, seat)
        if len(cache) > 200_000:  # bound the memo; it refills with what is in use
            cache.clear()
        cache[key] = found
    return found


def _play_actions(state: Round) -> tuple:
    return legal_plays(state.edition, state.hands[state.current], state.current, state.out, state.protected)


def _compute_plays(edition, hand: tuple, targets: tuple, seat: int) -> tuple:
    a, b = hand
    if COUNTESS in hand and (KING in hand or PRINCE in hand):
        cards = (COUNTESS,)  # the Countess rule (§6): King/Prince may not be played
    elif a == b:
        cards = (a,)
    else:
        cards = (a, b) if a < b else (b, a)
    acts: list = []
    for card in cards:
        acts.extend(_actions_for_card(edition, card, targets, seat))
    return tuple(acts), frozenset(acts)


@lru_cache(maxsize=4096)
def chancellor_choices(hand: tuple[Card, ...]) -> tuple:
    """Every distinct (keep, bottom order) for a 2- or 3-card Chancellor hand, as
    (tuple, frozenset)."""
    return _chancellor_actions(hand)


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
    if state.phase == PLAY:
        return _play_actions(state)[0]
    if state.phase == CHANCELLOR:
        return chancellor_choices(state.hands[state.current])[0]
    return ()


# ---------------------------------------------------------------------------------------
# Apply
# ---------------------------------------------------------------------------------------

def round_apply(state: Round, action) -> tuple[Round, tuple]:
    """Play `action` for the player to move; return the new round and its events."""
    phase = state.phase
    if phase == PLAY:
        if type(action) is not Play or not _member(action, _play_actions(state)[1]):
            raise _explain_illegal(state, action)
        new, events = _apply_play(state, action)
    elif phase == CHANCELLOR:
        if type(action) is ChancellorChoice and type(action.bottom) is not tuple:
            action = ChancellorChoice(action.keep, tuple(action.bottom))
        legal = chancellor_choices(state.hands[state.current])[1]
        if type(action) is not ChancellorChoice or not _member(action, legal):
            raise _explain_illegal(state, action)
        new, events = _apply_chancellor_choice(state, action)
    else:
        raise IllegalActionError("the round is over: no more plays this round", rule="round-over")
    known = remember(state.known, events) if state.known or any(type(e) in MEMORABLE for e in events) else ()
    return (new._replace(known=known) if known else new), events


def _member(action, legal: frozenset) -> bool:
    try:
        return action in legal
    except TypeError:  # unhashable field, e.g. a list as target
        return False


def _knock_out(hands, discards, out, protected, seat, cause, events) -> None:
    cards = hands[seat]
    discards[seat] = discards[seat] + cards
    hands[seat] = ()
    out[seat] = True
    protected[seat] = False
    events.append(KnockedOut(seat, cards, cause))


def _apply_play(state: Round, action: Play):
    p = state.current
    hand = state.hands[p]
    # Use the hand's own Card objects (the action may carry plain ints).
    if hand[0] == action.card:
        card, kept = hand
    else:
        kept, card = hand
    target = action.target
    hands = list(state.hands)
    discards = list(state.discards)
    out = list(state.out)
    protected = list(state.protected)
    deck = state.deck
    set_aside = state.set_aside
    hands[p] = (kept,)
    discards[p] = discards[p] + (card,)
    guess = action.guess
    if guess is not None and type(guess) is not Card:
        guess = Card(guess)
    events: list = [CardPlayed(p, card, target, guess)]

    if target is None and (card in _TARGETS_OTHERS or card is PRINCE):
        events.append(NoEffect(p, card, "all-protected" if not open_targets(state) else "no-target"))
    elif card is GUARD:
        hit = hands[target][0] == guess
        events.append(GuardGuessed(p, target, guess, hit))
        if hit:
            _knock_out(hands, discards, out, protected, target, "guard", events)
    elif card is PRIEST:
        events.append(PriestSaw(p, target, hands[target][0], (p,)))
    elif card is BARON:
        mine = kept
        theirs = hands[target][0]
        value_of = state.edition.value_of
        vm, vt = value_of[mine], value_of[theirs]
        loser = None if vm == vt else (p if vm < vt else target)
        events.append(BaronCompared(p, target, mine, theirs, (p, target)))
        events.append(BaronResult(p, target, loser))
        if loser is not None:
            _knock_out(hands, discards, out, protected, loser, "baron", events)
    elif card is HANDMAID:
        protected[p] = True
        events.append(Protected(p))
    elif card is PRINCE:
        dropped = hands[target][0]
        discards[target] = discards[target] + (dropped,)
        hands[target] = ()
        events.append(PrinceDiscarded(p, target, dropped))
        if dropped is PRINCESS:
            out[target] = True
            protected[target] = False
            events.append(KnockedOut(target, (), "princess-discarded"))
        elif deck:
            hands[target] = (deck[0],)
            events.append(CardDrawn(target, deck[0], "deck", (target,)))
            deck = deck[1:]
        else:
            hands[target] = (set_aside,)
            events.append(CardDrawn(target, set_aside, "set_aside", (target,)))
            set_aside = None
    elif card is CHANCELLOR_CARD:
        if not deck:
            events.append(NoEffect(p, card, "empty-deck"))
        else:
            drawn = deck[:2]
            deck = deck[2:]
            hands[p] = (kept,) + drawn
            events.append(ChancellorDrew(p, drawn, (p,)))
            return (
                Round(state.edition, tuple(hands), tuple(discards), tuple(out), tuple(protected),
                      deck, set_aside, state.face_up, p, CHANCELLOR, state.turn),
                tuple(events),
            )
    elif card is KING:
        theirs = hands[target][0]
        hands[p] = (theirs,)
        hands[target] = (kept,)
        events.append(HandsTraded(p, target, kept, theirs, (p, target)))
    elif card is PRINCESS:
        _knock_out(hands, discards, out, protected, p, "princess-played", events)
    # Spy and Countess: no effect when played.
    return _end_turn(state, hands, discards, out, protected, deck, set_aside, events)


def _apply_chancellor_choice(state: Round, action: ChancellorChoice):
    p = state.current
    hand = state.hands[p]
    keep = hand[hand.index(action.keep)]
    bottom = tuple(Card(c) for c in action.bottom)
    hands = list(state.hands)
    hands[p] = (keep,)
    deck = state.deck + bottom
    events = [ChancellorReturned(p, keep, bottom, (p,))]
    return _end_turn(state, hands, list(state.discards), list(state.out), list(state.protected),
                     deck, state.set_aside, events)


def _end_turn(state: Round, hands, discards, out, protected, deck, set_aside, events):
    """End-of-turn checks (§8): one player left, else empty deck, else next player's turn."""
    edition = state.edition
    n = len(hands)
    alive = [i for i in range(n) if not out[i]]
    if len(alive) == 1:
        return _finish(state, hands, discards, out, protected, deck, set_aside, events,
                       "last-standing", tuple(alive))
    if not deck:
        value_of = edition.value_of
        best = max(value_of[hands[i][0]] for i in alive)
        tied = [i for i in alive if value_of[hands[i][0]] == best]
        if len(tied) > 1 and edition.showdown_tie != ALL_TIED_WIN:
            totals = {i: sum(value_of[c] for c in discards[i]) for i in tied}
            top = max(totals.values())
            tied = [i for i in tied if totals[i] == top]
            if len(tied) > 1 and edition.showdown_tie == DISCARD_TOTAL_THEN_NONE:
                tied = []
        return _finish(state, hands, discards, out, protected, deck, set_aside, events,
                       "showdown", tuple(tied))
    p = state.current
    q = (p + 1) % n
    while out[q]:
        q = (q + 1) % n
    was_protected = protected[q]
    if was_protected:
        protected[q] = False
    top = deck[0]
    hands[q] = hands[q] + (top,)
    events.append(TurnStarted(q, was_protected))
    events.append(CardDrawn(q, top, "deck", (q,)))
    return (
        Round(edition, tuple(hands), tuple(discards), tuple(out), tuple(protected),
              deck[1:], set_aside, state.face_up, q, PLAY, state.turn + 1),
        tuple(events),
    )


def spy_bonus_seat(edition, discards, out) -> int | None:
    """The seat that earns the Spy bonus (§6 Spy), or None."""
    if not edition.has_spy:
        return None
    spies = [i for i in range(len(out)) if SPY in discards[i]]
    alive_spies = [i for i in spies if not out[i]]
    if len(alive_spies) != 1:
        return None
    if edition.spy_eliminated_players_block and len(spies) > 1:
        return None
    return alive_spies[0]


def _finish(state, hands, discards, out, protected, deck, set_aside, events, reason, winners):
    edition = state.edition
    bonus = spy_bonus_seat(edition, discards, out)
    # Protection ends with the round (§6 Handmaid).
    protected = [False] * len(out)
    if reason == "showdown":
        value_of = edition.value_of
        shown = tuple(None if out[i] else hands[i][0] for i in range(len(out)))
        totals = tuple(sum(value_of[c] for c in d) for d in discards)
        events.append(RoundEnded(reason, winners, shown, totals, bonus))
    else:
        events.append(RoundEnded(reason, winners, (), (), bonus))
    return (
        Round(edition, tuple(hands), tuple(discards), tuple(out), tuple(protected), deck, set_aside,
              state.face_up, state.current, OVER, state.turn, winners, bonus, reason),
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
        return IllegalActionError(
            f"keep one of your cards and put all the others under the deck: you hold "
            f"{', '.join(_name(c) for c in hand)}", rule="chancellor-cards")
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
