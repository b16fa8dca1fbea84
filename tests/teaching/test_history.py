"""Every board of the FAQ and the traps is a state a legal round reaches (issue 36, point 5: the
Prince on an empty deck showed Ana with 16 cards in her discard pile in a 3-player round): each
scenario's history is replayed from its deal by the engine, and the board it states is the one
that round shows."""

import copy
import tomllib
from collections import Counter
from pathlib import Path

import pytest

from solver import Card, get_edition
from solver.rules.events import CardPlayed, KnockedOut, PrinceDiscarded
from solver.teaching.history import Goal, History, find_history, replay
from solver.teaching.scenario import ScenarioError, load_file, load_scenario, play_out

ROOT = Path(__file__).resolve().parents[2]
DATA = tomllib.loads((ROOT / "lessons" / "scenarios.toml").read_text(encoding="utf-8"))["scenario"]
SCENARIOS = load_file(ROOT / "lessons" / "scenarios.toml")


@pytest.mark.parametrize("sc", SCENARIOS, ids=[s.id for s in SCENARIOS])
def test_every_board_is_reached_by_its_round_from_the_deal(sc):
    assert "history" in sc.data, "a scenario states the round that reaches its board"
    e = sc.start.edition
    states, steps = replay(e, len(sc.players), sc.history)
    assert states[-1] == sc.start  # the very state, deck order and memory included
    assert sorted(states[0].all_cards().elements()) == sorted(e.full_deck())
    # The piles are what the turns put there: each card a player played, each card a Prince made
    # them discard, each hand knocked out — nothing else.
    piles = [Counter() for _ in sc.players]
    for events in steps[1:]:
        for ev in events:
            if isinstance(ev, CardPlayed):
                piles[ev.player][ev.card] += 1
            elif isinstance(ev, PrinceDiscarded):
                piles[ev.target][ev.card] += 1
            elif isinstance(ev, KnockedOut):
                piles[ev.player].update(ev.cards)
    assert [Counter(d) for d in sc.start.discards] == piles
    # A player still in the round played once per turn they had (a Prince may add a discard).
    turns = Counter(s.current for s in states[:-1] if s.phase == "play")
    for seat, pile in enumerate(sc.start.discards):
        forced = sum(1 for ev in (x for st in steps for x in st) if isinstance(ev, PrinceDiscarded) and ev.target == seat)
        assert len(pile) <= turns[seat] + forced + (1 if sc.start.out[seat] else 0)


def test_the_prince_on_an_empty_deck_is_a_real_round_end():
    """The board of the issue: three players, the deck empty, the piles spread over the table."""
    sc = next(s for s in SCENARIOS if s.id == "faq-prince-set-aside")
    r = sc.start
    assert r.deck == () and r.set_aside == Card.KING and len(sc.history.plays) >= 14
    assert max(len(d) for d in r.discards) - min(len(d) for d in r.discards) <= 2
    assert play_out(sc).failures == []


def _data(sid):
    return copy.deepcopy(next(d for d in DATA if d["id"] == sid))


def test_a_board_its_history_does_not_reach_is_refused():
    data = _data("faq-prince-set-aside")
    data["hands"][1] = ["Priest"]  # Luis holds the Baron in that round
    with pytest.raises(ScenarioError, match="does not reach the board it states.*Luis holds"):
        load_scenario(data)
    data = _data("faq-prince-set-aside")
    data["history"]["plays"][3] = {"card": "Princess"}  # nobody holds her then
    with pytest.raises(ScenarioError, match="not a legal round"):
        load_scenario(data)


def test_a_board_where_somebody_played_needs_its_history():
    data = _data("faq-all-protected-guard")
    del data["history"]
    with pytest.raises(ScenarioError, match="needs a history"):
        load_scenario(data)
    # A first turn needs none: the loader deals it.
    data = _data("trap-countess-king")
    del data["history"]
    sc = load_scenario(data)
    assert sc.history.plays == () and sorted(sc.start.hands[0]) == [Card.KING, Card.COUNTESS] and sc.start.turn == 1


def test_the_search_finds_a_round_that_reaches_a_board():
    e = get_edition("2019")
    goal = Goal(hands=((Card.GUARD, Card.PRIEST), (Card.BARON,), (Card.KING,)), current=0,
                out=(False, False, False), protected=(False, True, True),
                discards=((), (Card.HANDMAID,), (Card.HANDMAID,)))
    history = find_history(e, goal, seed=1)
    assert isinstance(history, History)
    states, _ = replay(e, 3, history)
    assert goal.shows(states[-1]) and len(history.plays) == 2  # Luis and Marta play their Handmaids


def test_the_search_gives_up_on_a_board_no_round_reaches():
    """Protected without having played a Handmaid: no round shows it."""
    e = get_edition("2019")
    goal = Goal(hands=((Card.GUARD, Card.PRIEST), (Card.BARON,), (Card.KING,)), current=0,
                out=(False, False, False), protected=(False, True, False),
                discards=((), (), ()), exact_discards=True)
    assert find_history(e, goal, tries=4, budget=300, max_plays=3) is None


def _guesses(states, plays):
    """(guesser's unseen copies of the card named, the play) of each Guard guess of a round."""
    for r, action in zip(states, plays):
        if getattr(action, "guess", None) is None:
            continue
        seen = Counter(c for pile in r.discards for c in pile) + Counter(r.face_up) + Counter(r.hands[r.current])
        unseen = Counter(r.edition.full_deck()) - seen
        yield unseen[action.guess], action


def test_the_rounds_are_played_as_players_play():
    """A Guard names a card its player has not seen every copy of (never a Spy when both lie face
    up), and nobody plays a Prince on themselves while an opponent may be chosen."""
    from tutor.text.example import example_history

    rounds = [(sc.start.edition, len(sc.players), sc.history) for sc in SCENARIOS]
    rounds.append((get_edition("2019"), 3, example_history()))
    for e, n, history in rounds:
        states, _ = replay(e, n, history)
        assert all(k > 0 for k, _ in _guesses(states, history.plays)), history
        for r, action in zip(states, history.plays):
            if getattr(action, "card", None) == Card.PRINCE and action.target == r.current:
                assert all(r.out[s] or r.protected[s] for s in range(n) if s != r.current), history
