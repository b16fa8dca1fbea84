"""Why an action is illegal: the error naming the rule a refused action breaks (`explain_illegal`; the
slow path `solver.rules.round_rules.round_apply` takes only for an action outside the legal set)."""

from __future__ import annotations

from solver.rules.actions import ChancellorChoice, Play
from solver.rules.cards import Card
from solver.rules.errors import IllegalActionError
from solver.rules.legal import open_targets
from solver.rules.state import CHANCELLOR, Round

SPY, GUARD, PRIEST, BARON, HANDMAID, PRINCE, CHANCELLOR_CARD, KING, COUNTESS, PRINCESS = tuple(Card)



def _name(card) -> str:
    try:
        return Card(card).title
    except (ValueError, TypeError):
        return repr(card)


def explain_illegal(state: Round, action) -> IllegalActionError:
    """The error that says which rule a refused `action` breaks (the slow path: only for refused actions)."""
    if state.phase == CHANCELLOR:
        return _chancellor_refusal(state.hands[state.current], action)
    return _play_refusal(state, action)


def _chancellor_refusal(hand: tuple, action) -> IllegalActionError:
    """A Chancellor's choice refused: what to keep and what to return."""
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


def _play_refusal(state: Round, action) -> IllegalActionError:
    """A play refused: the card, the Countess, then the target and the guess (`_target_refusal`)."""
    p = state.current
    hand = state.hands[p]
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
    return _target_refusal(state, Card(card), action)


def _target_refusal(state: Round, card: Card, action) -> IllegalActionError:
    """A play of a card the player may play, refused for its target or its guess."""
    p = state.current
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
