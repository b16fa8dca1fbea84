"""Rulings as data: a position, the plays that demonstrate a ruling, and the outcome it claims.

Lessons and FAQ scenarios (lessons/*.toml) state rulings in words *and* as claims this module
checks with the engine, so a lesson that says something the engine does not do fails the test
suite. The tutor plays the same scenarios on its board.

The board is a state a real round reaches: a scenario's `history` (the deck order before the
deal, who starts, every play since: `solver.teaching.history`) is replayed by the engine, and
the board it states (`hands`, `discards`, `protected`, `out_at_start`, `current`, the top of the
`deck`, `set_aside`, `face_up`) must be what that round shows — a ScenarioError otherwise. A
scenario without a history is a first turn: the loader deals it (nobody has played yet, so it
may state no discards, protection or player out).

Claims (all optional):
  legal_cards    cards the player to move may play            ["Countess"]
  targets        legal targets per card                       {Prince = ["Ana"]}
  illegal        plays refused, with the rule key             [{play = {card="King", target="Luis"}, rule="countess-forced"}]
  after the `play` list is applied:
  out, protected seats; over; end_reason; winners; spy_bonus; hand {seat = card};
  no_effect (a NoEffect event happened); set_aside_drawn; deck_size; phase;
  saw {seat = card} (a Priest showed that player the card, and nobody else);
  discard_totals {seat = n} (the values of a pile, as a classic tie-break adds them)
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Optional

from solver.rules.actions import ChancellorChoice, Play
from solver.rules.cards import Card
from solver.rules.editions import get_edition
from solver.rules.errors import IllegalActionError, LoveLetterError, excerpt
from solver.rules.events import NoEffect, PriestSaw
from solver.rules.game import apply, legal_actions
from solver.rules.names import parse_card
from solver.rules.positions import position
from solver.rules.state import Round
from solver.teaching.history import Goal, History, replay


class ScenarioError(LoveLetterError):
    rule = "scenario"


@dataclass
class Scenario:
    id: str
    players: tuple[str, ...]
    start: Round
    plays: list
    expect: dict
    text: dict = field(default_factory=dict)
    data: dict = field(default_factory=dict, repr=False)
    #: The round that reaches `start`, from its deal (`start` is its last state).
    history: Optional[History] = None

    def before(self) -> tuple[list, list]:
        """The round up to `start`: its states from the deal and each step's events (`replay`)."""
        return replay(self.start.edition, len(self.players), self.history)

    def seat(self, name: str) -> int:
        try:
            return self.players.index(name)
        except ValueError:
            raise ScenarioError(f"scenario {self.id}: unknown player {name!r}") from None


def _cards(edition, values) -> list[Card]:
    return [parse_card(str(v), edition, "en") for v in values]


def parse_action(sc_players, edition, spec: dict):
    if "keep" in spec:
        return ChancellorChoice(parse_card(spec["keep"], edition, "en"),
                                tuple(_cards(edition, spec.get("bottom", []))))
    target = spec.get("target")
    return Play(
        _any_card(spec["card"]),
        None if target is None else sc_players.index(target),
        None if spec.get("guess") is None else _any_card(spec["guess"]),
    )


def _any_card(name: str) -> Card:
    """A card by English name even if the edition lacks it (to show that a play is refused)."""
    try:
        return Card[str(name).strip().upper()]
    except KeyError:
        raise ScenarioError(f"unknown card {name!r}") from None


#: What a malformed scenario (a value of the wrong type or shape in the lesson data) raises
#: while it is read or checked; refused as a ScenarioError naming the scenario.
_MALFORMED = (KeyError, ValueError, IndexError, TypeError, AttributeError)


def load_scenario(data: dict) -> Scenario:
    """A scenario from its data (a table of lessons/scenarios.toml); ScenarioError (rule
    `scenario`) when a value has the wrong type or shape, the history is not a legal round, or
    the board it states is not the one its history reaches."""
    if not isinstance(data, dict):
        raise ScenarioError("a scenario is a table of values")
    sid = data.get("id", "?")
    try:
        edition = get_edition(data.get("edition", "2019"), **data.get("options", {}))
        players = tuple(data["players"])
        goal = board_goal(players, edition, data)
        if "history" in data:
            history = _history(players, edition, data["history"])
            try:
                states, _ = replay(edition, len(players), history)
            except IllegalActionError as err:
                raise ScenarioError(f"scenario {excerpt(sid, 40)}: its history is not a legal round ({err})") from err
            start = states[-1]
        else:
            start, history = _first_turn(players, edition, data, goal)
        wrong = _board_differs(goal, start, players)
        if wrong:
            raise ScenarioError(f"scenario {excerpt(sid, 40)}: its history does not reach the board it states ({wrong})")
        plays = [parse_action(players, edition, p) for p in data.get("play", [])]
        expect, text = dict(data.get("expect", {})), dict(data.get("text", {}))
    except ScenarioError as exc:
        if str(sid) in str(exc):
            raise
        raise ScenarioError(f"scenario {excerpt(sid, 40)}: {excerpt(exc, 200)}") from exc
    except (LoveLetterError, *_MALFORMED) as exc:
        raise ScenarioError(f"scenario {excerpt(sid, 40)}: {excerpt(exc, 200)}") from exc  # the cause kept
    return Scenario(sid, players, start, plays, expect, text, data, history)


def board_goal(players, edition, data: dict) -> Goal:
    """The board the scenario states (what its history must reach)."""
    n = len(players)
    hands = [_cards(edition, h) for h in data["hands"]]
    if len(hands) != n:
        raise ScenarioError(f"{len(hands)} hands for {n} players")
    flags = lambda name: tuple(bool(x) for x in (data.get(name) or [False] * n))  # noqa: E731
    out, protected = flags("out_at_start"), flags("protected")
    if len(out) != n or len(protected) != n:
        raise ScenarioError("one flag per player")
    discards = [_cards(edition, d) for d in data.get("discards", [[]] * n)]
    face_up = _cards(edition, data["face_up"]) if data.get("face_up") else None
    set_aside = parse_card(data["set_aside"], edition, "en") if data.get("set_aside") else None
    return Goal(hands=hands, current=players.index(data.get("current", players[0])), out=out, protected=protected,
                deck=tuple(_cards(edition, data.get("deck", []))), exact_deck=bool(data.get("exact_deck")),
                set_aside=set_aside, face_up=None if face_up is None else tuple(face_up), discards=discards)


def _history(players, edition, spec: dict) -> History:
    order = spec["order"]
    if not isinstance(order, str):
        raise ScenarioError("a history's order is the deck's card names, top first, separated by spaces")
    return History(players.index(spec["first"]), tuple(_cards(edition, order.split())),
                   tuple(parse_action(players, edition, p) for p in spec.get("plays", [])))


def _first_turn(players, edition, data: dict, goal: Goal):
    """A scenario without a history: the first turn of a deal (the cards it does not place go to
    the face-up row, the set-aside slot and under the deck in card order, as `position` fills)."""
    if any(goal.out) or any(goal.protected) or any(goal.discards):
        raise ScenarioError("a board where somebody has played needs a history (the round that reaches it)")
    built = position(edition, goal.hands, deck=goal.deck, fill=True, current=goal.current,
                     set_aside=goal.set_aside, face_up=goal.face_up or ())
    n, first = len(players), goal.current
    if len(built.hands[first]) != 2 or any(len(built.hands[s]) != 1 for s in range(n) if s != first):
        raise ScenarioError("on a first turn the player to move holds two cards and the others one each")
    order = ((built.set_aside,) + built.face_up + tuple(built.hands[(first + j) % n][0] for j in range(n))
             + (built.hands[first][1],) + built.deck)
    history = History(first, order, ())
    states, _ = replay(edition, n, history)
    return states[-1], history


def _board_differs(goal: Goal, r: Round, players) -> str:
    """What differs between the stated board and the reached one ("" when none does)."""
    if r.phase != "play":
        return "the round is not at a play"
    if r.current != goal.current:
        return f"{players[r.current]} is to play"
    for s, name in enumerate(players):
        if tuple(sorted(r.hands[s])) != goal.hands[s]:
            return f"{name} holds {[c.title for c in r.hands[s]]}"
        if r.out[s] != goal.out[s] or r.protected[s] != goal.protected[s]:
            return f"{name} is {'out' if r.out[s] else 'in'}, {'' if r.protected[s] else 'not '}protected"
        missing = Counter(goal.discards[s]) - Counter(r.discards[s])
        if missing:
            return f"{name}'s discards lack {[c.title for c in missing.elements()]}"
    if r.deck[:len(goal.deck)] != goal.deck or (goal.exact_deck and r.deck != goal.deck):
        return f"the deck is {[c.title for c in r.deck]}"
    if goal.set_aside is not None and r.set_aside != goal.set_aside:
        return "another card is set aside"
    if goal.face_up is not None and sorted(r.face_up) != sorted(goal.face_up):
        return "other cards are face up"
    return ""


@dataclass
class Outcome:
    scenario: Scenario
    states: list  # start, then the state after each play
    events: list  # events of each play
    failures: list[str]

    @property
    def final(self) -> Round:
        return self.states[-1]


def play_out(sc: Scenario) -> Outcome:
    """Apply the scenario's plays and check every claim; `failures` lists the disagreements.
    A claim of the wrong type or shape is a ScenarioError naming the scenario."""
    try:
        return _play_out(sc)
    except ScenarioError:
        raise
    except _MALFORMED as exc:
        # the cause kept: an engine bug behind a claim still shows its traceback to a developer
        raise ScenarioError(f"scenario {excerpt(sc.id, 40)}: a claim cannot be read ({excerpt(exc, 200)})") from exc


def _play_out(sc: Scenario) -> Outcome:
    e = sc.start.edition
    failures: list[str] = []
    expect = sc.expect
    start = sc.start
    name = sc.players
    acts = legal_actions(start)
    if "legal_cards" in expect:
        got = sorted({a.card for a in acts if isinstance(a, Play)})
        want = sorted(_cards(e, expect["legal_cards"]))
        if got != want:
            failures.append(f"legal cards: engine {[c.title for c in got]}, lesson {[c.title for c in want]}")
    for card_name, targets in expect.get("targets", {}).items():
        card = parse_card(card_name, e, "en")
        got = sorted({a.target for a in acts if isinstance(a, Play) and a.card == card and a.target is not None})
        want = sorted({sc.seat(t) for t in targets})
        if got != want:
            failures.append(f"targets of the {card.title}: engine {got}, lesson {want}")
    for item in expect.get("illegal", []):
        action = parse_action(name, e, item["play"])
        try:
            apply(start, action)
            failures.append(f"{action} should be refused ({item.get('rule')}) but the engine allows it")
        except IllegalActionError as err:
            if item.get("rule") and err.rule != item["rule"]:
                failures.append(f"{action} refused for {err.rule}, lesson says {item['rule']}")
    states, events = [start], []
    state = start
    for action in sc.plays:
        try:
            state, ev = apply(state, action)
        except IllegalActionError as err:
            failures.append(f"the lesson plays {action} but the engine refuses it: {err}")
            break
        states.append(state)
        events.append(ev)
    final = states[-1]
    seats = lambda names: sorted(sc.seat(x) for x in names)  # noqa: E731
    if "out" in expect and sorted(i for i, o in enumerate(final.out) if o) != seats(expect["out"]):
        failures.append(f"out: engine {[name[i] for i, o in enumerate(final.out) if o]}, lesson {expect['out']}")
    if "protected" in expect and sorted(i for i, o in enumerate(final.protected) if o) != seats(expect["protected"]):
        failures.append("protected players differ")
    if "over" in expect and final.is_over != expect["over"]:
        failures.append(f"round over: engine {final.is_over}, lesson {expect['over']}")
    if "end_reason" in expect and final.end_reason != expect["end_reason"]:
        failures.append(f"end: engine {final.end_reason}, lesson {expect['end_reason']}")
    if "winners" in expect and sorted(final.winners) != seats(expect["winners"]):
        failures.append(f"winners: engine {[name[i] for i in final.winners]}, lesson {expect['winners']}")
    if "spy_bonus" in expect:
        want: Optional[int] = None if expect["spy_bonus"] in ("", None) else sc.seat(expect["spy_bonus"])
        if final.spy_bonus != want:
            failures.append(f"Spy bonus: engine {final.spy_bonus}, lesson {want}")
    for seat_name, card in expect.get("hand", {}).items():
        hand = final.hands[sc.seat(seat_name)]
        if not hand or hand[0] != parse_card(card, e, "en"):
            failures.append(f"{seat_name}'s hand: engine {hand}, lesson {card}")
    for seat_name, card in expect.get("saw", {}).items():  # a Priest's look: that player alone sees the card
        seat, want = sc.seat(seat_name), parse_card(card, e, "en")
        looks = [ev for evs in events for ev in evs if isinstance(ev, PriestSaw) and ev.player == seat]
        if not any(ev.card == want and ev.private_to == (seat,) for ev in looks):
            failures.append(f"{seat_name} does not alone see {card}: engine {looks}")
    for seat_name, total in expect.get("discard_totals", {}).items():  # what a classic tie-break adds up
        if final.discard_total(sc.seat(seat_name)) != total:
            failures.append(f"{seat_name}'s discards total {final.discard_total(sc.seat(seat_name))}, lesson {total}")
    if "no_effect" in expect:
        happened = any(isinstance(ev, NoEffect) for evs in events for ev in evs)
        if happened != expect["no_effect"]:
            failures.append(f"no effect: engine {happened}, lesson {expect['no_effect']}")
    if "set_aside_drawn" in expect and (final.set_aside is None) != expect["set_aside_drawn"]:
        failures.append("set-aside card drawn or not: the engine disagrees")
    if "deck_size" in expect and len(final.deck) != expect["deck_size"]:
        failures.append(f"deck size: engine {len(final.deck)}, lesson {expect['deck_size']}")
    if "phase" in expect and final.phase != expect["phase"]:
        failures.append(f"phase: engine {final.phase}, lesson {expect['phase']}")
    return Outcome(sc, states, events, failures)


def load_file(path) -> list[Scenario]:
    import tomllib

    with open(path, "rb") as fh:
        data = tomllib.load(fh)
    return [load_scenario(d) for d in data.get("scenario", [])]
