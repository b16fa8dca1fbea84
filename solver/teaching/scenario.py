"""Rulings as data: a position, the plays that demonstrate a ruling, and the outcome it claims.

Lessons and FAQ scenarios (lessons/*.toml) state rulings in words *and* as claims this module
checks with the engine, so a lesson that says something the engine does not do fails the test
suite. The tutor plays the same scenarios on its board.

Claims (all optional):
  legal_cards    cards the player to move may play            ["Countess"]
  targets        legal targets per card                       {Prince = ["Ana"]}
  illegal        plays refused, with the rule key             [{play = {card="King", target="Luis"}, rule="countess-forced"}]
  after the `play` list is applied:
  out, protected seats; over; end_reason; winners; spy_bonus; hand {seat = card};
  no_effect (a NoEffect event happened); set_aside_drawn; deck_size; phase
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Optional

from solver.rules.actions import ChancellorChoice, Play
from solver.rules.cards import Card
from solver.rules.editions import get_edition
from solver.rules.errors import IllegalActionError, LoveLetterError, excerpt
from solver.rules.events import NoEffect
from solver.rules.game import apply, legal_actions
from solver.rules.names import parse_card
from solver.rules.state import Round, late_position, position


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

    def seat(self, name: str) -> int:
        try:
            return self.players.index(name)
        except ValueError:
            raise ScenarioError(f"scenario {self.id}: unknown player {name!r}") from None


def _cards(edition, values) -> list[Card]:
    return [parse_card(str(v), edition, "en") for v in values]


def _action(sc_players, edition, spec: dict):
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
    `scenario`) when a value has the wrong type or shape, or the position breaks the rules."""
    if not isinstance(data, dict):
        raise ScenarioError("a scenario is a table of values")
    sid = data.get("id", "?")
    try:
        edition = get_edition(data.get("edition", "2019"), **data.get("options", {}))
        players = tuple(data["players"])
        hands = [_cards(edition, h) for h in data["hands"]]
        kw: dict[str, Any] = {
            "discards": [_cards(edition, d) for d in data.get("discards", [[]] * len(players))],
            "out": data.get("out_at_start"),
            "protected": data.get("protected"),
            "current": players.index(data.get("current", players[0])),
        }
        if data.get("face_up"):
            kw["face_up"] = _cards(edition, data["face_up"])
        if data.get("set_aside"):
            kw["set_aside"] = parse_card(data["set_aside"], edition, "en")
        deck = _cards(edition, data.get("deck", []))
        if data.get("exact_deck"):
            start = late_position(edition, hands, deck=deck, dump=players.index(data.get("dump", players[0])), **kw)
        else:
            start = position(edition, hands, deck=deck, fill=True, **kw)
        plays = [_action(players, edition, p) for p in data.get("play", [])]
        expect, text = dict(data.get("expect", {})), dict(data.get("text", {}))
    except _MALFORMED as exc:
        raise ScenarioError(f"scenario {excerpt(sid, 40)}: {excerpt(exc, 200)}") from exc  # the cause kept
    return Scenario(sid, players, start, plays, expect, text, data)


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
        action = _action(name, e, item["play"])
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
