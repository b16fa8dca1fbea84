"""Guided entry of a round record: the next detail to enter, with only the values the rules allow.

A person at the table enters what they saw, one turn at a time. For the turn in progress,
`next_field(record, chosen)` returns the next detail to ask (the card drawn, the card played,
its target, the Guard's guess, the outcome, …) with every value the rules allow at that
point, or None once the turn is complete; `turn_from(record, chosen)` builds the `Turn`.

Nothing here restates a rule: every candidate value is tried against the same replay
(`solver.records.replay.walk`) that checks a typed or pasted record, and outcome values are also
checked against the inference (a value no deal can explain, e.g. losing a Baron with the higher
card, is not offered). So the form, the notation and the analysis can never disagree.

Cost: an outcome field is worked out from ONE inference of the turn without that detail (the
support of the hidden card it reveals: the target's hand for a Guard's outcome, the pair of hands
for a Baron's), never one inference per candidate, and that inference has a work budget
(`FIELD_BUDGET`). A position too large for it is not "inconsistent": its field offers every value
the rules allow (`Field.narrowed` is False) — the form never dead-ends.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from functools import lru_cache

from solver.rules.legal import chancellor_choices
from solver.rules.cards import Card
from solver.rules.errors import LoveLetterError
from solver.rules.outcomes import TIE, baron_knocked_out, baron_outcome
from solver.records.record import Record, RecordError, Turn
from solver.records.replay import Final, walk

SPY, GUARD, PRIEST, BARON, HANDMAID, PRINCE, CHANCELLOR, KING, COUNTESS, PRINCESS = tuple(Card)
_TARGETED = (GUARD, PRIEST, BARON, PRINCE, KING)

#: A value of an optional field meaning "stop here: this is the position to analyse".
STOP = "stop"

#: Work allowed for the one inference that narrows a field (`solver.inference.infer`'s
#: budget; a fraction of a second of CPU).
FIELD_BUDGET = 500_000


@dataclass(frozen=True)
class Field:
    """One detail of the turn in progress and the values the rules allow for it."""

    name: str
    options: tuple
    #: The turn may end before this field: the viewer is to decide (play, or keep a card).
    can_stop: bool = False
    #: The options were narrowed by the inference too (False: the position was too large for the
    #: field's work budget, so every value the rules allow is offered).
    narrowed: bool = True
    #: Why a card the viewer holds is not among the options of the card they play: (card, the
    #: rule's key, its parameters as (name, value) pairs) — "countess-forced" with the King: "you
    #: must play the Countess: you also hold the King". Empty for any other field.
    refused: tuple = ()


def final_state(record: Record) -> Final:
    final: list = []
    for _ in walk(record, final):
        pass
    return final[0]


def next_player(record: Record) -> Optional[int]:
    """Whose turn comes next, or None when the round is over or the viewer is mid-turn."""
    final = final_state(record)
    if final.round_over or final.unfinished:
        return None
    return final.to_play


def turn_from(record: Record, chosen: dict) -> Turn:
    """The Turn for the details chosen so far (the next player's turn)."""
    p = next_player(record)
    if p is None:
        raise RecordError("the round is over or the viewer is choosing: no turn can be added", rule="round-over")
    return _turn(p, chosen)


def _turn(p: int, chosen: dict) -> Turn:
    fields: dict = {"player": p}
    for name in ("drew", "card", "target", "guess", "saw", "got", "discarded", "new", "keep"):
        if chosen.get(name) is not None and chosen.get(name) != STOP:
            fields[name] = chosen[name]
    if chosen.get("result") is not None:
        fields["result"] = chosen["result"]
    baron = chosen.get("baron")
    if baron == "tie":
        fields["result"] = "tie"
    elif isinstance(baron, int):
        fields["out"] = ((baron, chosen.get("revealed")),)
    if chosen.get("card") is PRINCESS:
        fields["out"] = ((p, chosen.get("revealed")),)
    drawn = tuple(chosen[k] for k in ("cd1", "cd2") if chosen.get(k) is not None)
    if drawn:
        fields["chancellor_drew"] = drawn
    if chosen.get("bottom") is not None:
        bottom = chosen["bottom"]  # anything but a list of cards is refused by the replay's check
        fields["bottom"] = tuple(bottom) if isinstance(bottom, (tuple, list)) else bottom
    return Turn(**fields)


def _valid(record: Record, turn: Turn) -> bool:
    """The turn is allowed by the rules (a replay; no inference)."""
    candidate = record.with_turns(record.turns + (turn,))
    try:
        for _ in walk(candidate):
            pass
    except LoveLetterError:
        return False
    return True


def _filter(record: Record, p: int, chosen: dict, name: str, values) -> tuple:
    return tuple(v for v in values if _valid(record, _turn(p, {**chosen, name: v})))


def _playable(record: Record, p: int, chosen: dict, card) -> bool:
    """The card can be played now: alone, or with a target (a record needs the target of a
    Prince or a King, so the card alone is refused where one can be chosen)."""
    with_card = {**chosen, "card": card}
    return _valid(record, _turn(p, with_card)) or (card in (PRINCE, KING) and any(
        _valid(record, _turn(p, {**with_card, "target": t})) for t in range(record.n_players)))


# ---------------------------------------------------------------------------------------------
# Narrowing an outcome field by one inference
# ---------------------------------------------------------------------------------------------

class _Unknown(Exception):
    """The inference could not answer within its budget (or the partial turn is itself
    inconsistent): do not narrow."""


def _belief(record: Record, turn: Optional[Turn] = None):
    """The inference's belief of the record (with `turn` added, when given)."""
    from solver.inference.beliefs import build_belief
    from solver.policies.models import MODELS

    try:
        full = record if turn is None else record.with_turns(record.turns + (turn,))
        return build_belief(full, MODELS["uniform"], budget=FIELD_BUDGET)[0]
    except LoveLetterError:
        raise _Unknown from None


def _next_draws(belief, deck_size: int, k: int = 1) -> set:
    """The cards the next `k` draws from a deck of `deck_size` may give, as far as the viewer knows:
    the joint values some consistent deal gives the deck's top `k` cards (a card the viewer saw in an
    opponent's hand — a Priest's look at Luis's only King — is never among them; a card the viewer put
    under the deck with a Chancellor is where it was put)."""
    b = belief.copy()
    try:
        tops = [b.draw(deck_size - i) for i in range(k)]
    except LoveLetterError:
        raise _Unknown from None
    return _support(b, tops)


def _support(belief, vars_) -> set:
    """The joint values of `vars_` that some deal consistent with the belief gives them."""
    from solver.inference.combine import Combiner
    from solver.inference.factors import UNOPENED

    b = belief
    if len(vars_) > 1 or UNOPENED in vars_:
        b = belief.copy()
        vars_ = [b.new_var() if v == UNOPENED else v for v in vars_]
    try:
        if len(vars_) > 1:
            b.merge(vars_)
        comb = Combiner(b, FIELD_BUDGET)
        j = next(i for i, (vs, _, _) in enumerate(comb.factors) if vars_[0] in vs)
        idx = [comb.factors[j][0].index(v) for v in vars_]
        return {tuple(row[i] for i in idx) for row, p in comb.factor_rows(j) if p}
    except LoveLetterError:
        raise _Unknown from None


def _hand(belief, seat: int) -> set:
    v = belief.hand[seat]
    if v is None or isinstance(v, tuple):
        raise _Unknown
    return {c for c, in _support(belief, [v])}


def _possible(record: Record, p: int, chosen: dict, name: str) -> set:
    """The values of outcome field `name` that some consistent deal allows, from one inference
    of the turn without that field (raises _Unknown when the inference cannot tell)."""
    card, target, viewer = chosen.get("card"), chosen.get("target"), record.viewer
    me = p == viewer
    without = {k: v for k, v in chosen.items() if k != name}
    if name == "result":  # the Guard: does the target hold the named card?
        held = _hand(_belief(record, _turn(p, without)), target)
        guess = chosen["guess"]
        return ({"hit"} if guess in held else set()) | ({"miss"} if held - {guess} else set())
    if name == "saw" and card is PRIEST:
        return _hand(_belief(record, _turn(p, without)), target)
    if name == "saw" and card is BARON:
        return _hand(_belief(record, _turn(p, without)), target if me else p)
    if name in ("got", "new"):  # what the viewer received: their hand after the turn
        return _hand(_belief(record, _turn(p, without)), viewer)
    deck = final_state(record).public.deck_size  # before this turn's draw
    if name == "drew":  # the viewer's draw: a card the viewer may draw (the record as it stands)
        return {c for c, in _next_draws(_belief(record), deck)}
    if name in ("cd1", "cd2"):  # the viewer's Chancellor draws: the two cards after the turn's draw
        before = _turn(p, {"drew": chosen.get("drew")})  # (the Chancellor played reveals nothing more)
        pairs = _next_draws(_belief(record, before), deck - 1, 2 if name == "cd2" else 1)
        if name == "cd1":
            return {draw[0] for draw in pairs}
        return {b for a, b in pairs if a == chosen["cd1"]}
    if name == "card" and not me:  # an opponent's play: the card held or the card drawn
        b = _belief(record)
        return _hand(b, p) | {c for c, in _next_draws(b, deck)}
    if name == "baron":
        b = _belief(record, _turn(p, without))
        if b.hand[p] is None or b.hand[target] is None:
            raise _Unknown
        pairs = _support(b, [b.hand[p], b.hand[target]])
        gone = {baron_knocked_out(baron_outcome(record.edition, a, c), p, target) for a, c in pairs}
        return {seats[0] if seats else TIE for seats in gone}  # who is out, or "tie"
    if name in ("revealed", "discarded"):
        # The card leaves play unseen in the turn without this detail: its var is the last retired.
        b = _belief(record, _turn(p, without))
        if not b.retired:
            raise _Unknown
        cards = {c for c, in _support(b, [b.retired[-1]])}
        if name == "discarded":  # without the detail the target stayed in: the Princess is asked apart
            if _consistent(record, _turn(p, {**chosen, "discarded": PRINCESS})):
                cards.add(PRINCESS)
        return cards
    raise _Unknown


@lru_cache(maxsize=128)
def _possible_memo(record: Record, p: int, chosen: tuple, name: str):
    """`_possible` remembered for the last positions asked (a form asks again on every rerun);
    None when the inference cannot tell. Bounded: 128 entries."""
    try:
        return frozenset(_possible(record, p, dict(chosen), name))
    except _Unknown:
        return None


def _consistent(record: Record, turn: Turn) -> bool:
    """Some deal explains the record with this turn; True when the inference cannot tell."""
    from solver.inference.factors import InconsistentRecordError
    from solver.inference.posterior import check_consistent

    try:
        check_consistent(record.with_turns(record.turns + (turn,)), "uniform", FIELD_BUDGET)
    except InconsistentRecordError:
        return False
    except LoveLetterError:
        return True
    return True


def _narrow(record: Record, p: int, chosen: dict, name: str, values, can_stop: bool = False) -> Field:
    """The field with the values the rules allow, narrowed to those some deal explains."""
    allowed = _filter(record, p, chosen, name, values)
    if not allowed:
        return Field(name, allowed, can_stop)
    return _narrowed_to(record, p, chosen, name, allowed, can_stop)


def next_field(record: Record, chosen: dict) -> Optional[Field]:
    """The next detail to enter for the next player's turn, given `chosen` (field -> value,
    in the order asked), or None when the turn is complete. Raises RecordError when no turn
    can be added (the round is over, or the record stops mid-turn)."""
    p = next_player(record)
    if p is None:
        raise RecordError("the round is over or the viewer is choosing: no turn can be added", rule="round-over")
    e = record.edition
    cards = tuple(e.cards)
    me = p == record.viewer
    viewer = record.viewer
    card = chosen.get("card")
    final = final_state(record)
    deck = final.public.deck_size  # before this turn's draw

    def ask(name, values, consistent=False, can_stop=False):
        if name in chosen:
            return None
        if consistent:
            return _narrow(record, p, chosen, name, values, can_stop)
        return Field(name, _filter(record, p, chosen, name, values), can_stop)

    steps = []
    if me:  # only a card the viewer may draw (the inference's support: never a card they saw elsewhere)
        steps.append(lambda: ask("drew", cards, consistent=True))
    steps.append(lambda: None if "card" in chosen else _card_field(record, p, chosen, cards, me))
    for step in steps:
        f = step()
        if f is not None:
            return f
    if card is None or card == STOP:
        return None
    open_targets = final.public.open_targets(p)
    if card in _TARGETED and (open_targets or card is PRINCE):
        f = ask("target", tuple(range(record.n_players)))
        if f is not None:
            return f
    target = chosen.get("target")
    involved = viewer is not None and (me or target == viewer)
    if card is GUARD and target is not None:
        f = ask("guess", cards) or ask("result", ("hit", "miss"), consistent=True)
        if f is not None:
            return f
    if card is PRIEST and me and target is not None:
        return ask("saw", cards, consistent=True)
    if card is BARON and target is not None:
        if involved:
            f = ask("saw", cards, consistent=True)
            if f is not None:
                return f
        f = ask("baron", ("tie", p, target), consistent=True)
        if f is not None:
            return f
        if isinstance(chosen["baron"], int):  # the loser's hand is revealed
            return ask("revealed", cards, consistent=True)
        return None
    if card is KING and involved and target is not None:
        return ask("got", cards, consistent=True)
    if card is PRINCE:
        target = p if target is None else target
        f = ask("discarded", cards, consistent=True)
        if f is not None:
            return f
        if target == viewer and chosen["discarded"] is not PRINCESS:
            return ask("new", cards, consistent=True)
        return None
    if card is PRINCESS:
        return ask("revealed", cards, consistent=True)
    if card is CHANCELLOR and me and deck > 1:
        k_draw = min(2, deck - 1)
        if "cd1" not in chosen:
            # The replay checks the draw as a whole: a first card is allowed when some second fits;
            # then narrowed to the cards the viewer may draw (the inference's support).
            seconds = cards if k_draw == 2 else (None,)
            allowed = tuple(c for c in cards if any(
                _valid(record, _turn(p, {**chosen, "cd1": c, "cd2": c2})) for c2 in seconds))
            return _narrowed_to(record, p, chosen, "cd1", allowed)
        if k_draw == 2 and "cd2" not in chosen:
            return _narrowed_to(record, p, chosen, "cd2", _filter(record, p, chosen, "cd2", cards))
        if "keep" not in chosen:
            pool = _chancellor_pool(record, p, chosen)
            return Field("keep", tuple(sorted(set(pool))), can_stop=True)
        if chosen["keep"] == STOP:
            return None
        if "bottom" not in chosen:
            pool = tuple(sorted(_chancellor_pool(record, p, chosen)))
            orders = {a.bottom for a in chancellor_choices(pool)[0] if a.keep == chosen["keep"]}
            return Field("bottom", tuple(sorted(orders)))
    return None


def _narrowed_to(record: Record, p: int, chosen: dict, name: str, allowed: tuple, can_stop: bool = False) -> Field:
    """Field `name` offering the `allowed` values some consistent deal explains (`_possible`); all of
    them when the inference cannot tell or explains none (the form never dead-ends)."""
    try:
        possible = _possible_memo(record, p, tuple(chosen.items()), name)
    except TypeError:  # an unhashable value in `chosen`: no memo
        possible = _possible_memo.__wrapped__(record, p, tuple(chosen.items()), name)
    if possible is None:
        return Field(name, allowed, can_stop, narrowed=False)
    kept = tuple(v for v in allowed if v in possible)
    return Field(name, kept, can_stop) if kept else Field(name, allowed, can_stop, narrowed=False)


def _card_field(record: Record, p: int, chosen: dict, cards: tuple, me: bool) -> Field:
    """The card played: every card the rules allow; for the viewer, with the reason each card
    they hold and may not play is refused (the replay's own error); for another player, only a card
    they may hold or have drawn as far as the viewer knows (the inference's support)."""
    options = tuple(c for c in cards if _playable(record, p, chosen, c))
    if not me and record.viewer is not None:
        narrowed = _narrowed_to(record, p, {}, "card", options)
        return Field("card", narrowed.options, narrowed=narrowed.narrowed)
    refused = []
    if me:
        hand = [c for c in final_state(record).viewer_hand] + [chosen.get("drew")]
        for card in dict.fromkeys(c for c in hand if isinstance(c, Card) and c not in options):
            err = _refusal(record, _turn(p, {**chosen, "card": card}))
            if err is not None:
                refused.append((card, err.rule, tuple(sorted(err.params.items()))))
    return Field("card", options, can_stop=me, refused=tuple(refused))


def _refusal(record: Record, turn: Turn) -> Optional[LoveLetterError]:
    """The replay's error for the record with `turn` added, or None when the rules allow it."""
    try:
        for _ in walk(record.with_turns(record.turns + (turn,))):
            pass
    except LoveLetterError as err:
        return err
    return None


def _chancellor_pool(record: Record, p: int, chosen: dict) -> list:
    """The viewer's cards during their Chancellor: the card kept from the turn plus those drawn."""
    partial = record.with_turns(record.turns + (_turn(p, {k: v for k, v in chosen.items()
                                                          if k not in ("keep", "bottom")}),))
    final: list = []
    for _ in walk(partial, final):
        pass
    return [c for c in final[0].viewer_hand if c is not None]


def chosen_from_turn(turn: Turn) -> dict:
    """The field values that enter an existing turn (the inverse of `turn_from`)."""
    chosen: dict = {}
    for name in ("drew", "card", "target", "guess", "result", "saw", "got", "discarded", "new", "keep"):
        value = getattr(turn, name)
        if value is not None:
            chosen[name] = value
    if turn.card is None:
        chosen["card"] = STOP
    if turn.result == "tie":
        del chosen["result"]
        chosen["baron"] = "tie"
    for seat, card in turn.out:
        if turn.card is BARON:
            chosen["baron"] = seat
        chosen["revealed"] = card
    if turn.card is GUARD and turn.result == "hit":
        chosen.pop("revealed", None)  # implied: the named card
    for name, card in zip(("cd1", "cd2"), turn.chancellor_drew):
        chosen[name] = card
    if turn.chancellor_drew and turn.keep is None:
        chosen["keep"] = STOP
    if turn.bottom:
        chosen["bottom"] = tuple(turn.bottom)
    return chosen


def forced(f: Field):
    """The value of a field the rules leave no choice about (a forced outcome, a revealed card
    the viewer already knows), or None when there is a choice."""
    return f.options[0] if len(f.options) == 1 and not f.can_stop else None


def fill(record: Record, choose) -> tuple[dict, Optional[Field]]:
    """Walk the fields of the next turn in order, asking `choose(field, chosen)` for each
    value; stop at the first None. Returns the values chosen and the field left open (None
    when the turn is complete)."""
    chosen: dict = {}
    while (f := next_field(record, chosen)) is not None:
        value = choose(f, chosen)
        if value is None:
            return chosen, f
        chosen[f.name] = value
    return chosen, None


def auto_fill(record: Record, chosen: dict) -> dict:
    """`chosen` plus every following field that has exactly one allowed value, up to the
    first real choice."""
    given = dict(chosen)
    return fill(record, lambda f, _: given[f.name] if f.name in given else forced(f))[0]


def add_turn(record: Record, chosen: dict) -> Record:
    """The record with the completed turn appended (RecordError if a detail is missing, or if a
    value chosen is not one the rules allow: the new record is replayed like a typed one)."""
    from solver.records.replay import check_record

    f = next_field(record, chosen)
    if f is not None:
        raise RecordError(f"the turn is not complete: choose the {f.name}", rule="incomplete-turn")
    done = record.with_turns(record.turns + (turn_from(record, chosen),))
    check_record(done)
    return done
