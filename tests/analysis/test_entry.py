"""Guided entry: every real record can be entered field by field, and only legal values are offered."""

import pytest

from solver import parse_record
from solver.analysis.entry import STOP, add_turn, auto_fill, chosen_from_turn, next_field
from solver.records.notation import format_record
from solver.records.record import RecordError, record_from_events

from ..helpers import BARON, CHANCELLOR, COUNTESS, GUARD, HANDMAID, KING, PRIEST, PRINCE, PRINCESS, full_round


def reenter(record):
    """Enter `record` again through the guided form; check every true value was offered."""
    rebuilt = record.with_turns(())
    for k, turn in enumerate(record.turns, start=1):
        want = chosen_from_turn(turn)
        chosen: dict = {}
        while (f := next_field(rebuilt, chosen)) is not None:
            assert f.name in want, (k, f.name, want)
            value = want[f.name]
            assert value in f.options or (value == STOP and f.can_stop), (k, f.name, value, f.options)
            chosen[f.name] = value
        assert set(chosen) == set(want), (k, chosen, want)
        rebuilt = add_turn(rebuilt, chosen)
    return rebuilt


@pytest.mark.parametrize("key, n", [("classic", 2), ("classic", 4), ("classic-2019", 3), ("2019", 2),
                                     ("2019", 4), ("2019", 6)])
def test_every_real_record_can_be_entered_with_the_offered_choices(key, n):
    for seed in range(4):
        r, events = full_round(key, n, seed)
        for viewer in (0, n - 1, None):
            record = record_from_events(r.edition, n, events, viewer)
            assert format_record(reenter(record)) == format_record(record)


def test_viewer_turn_can_stop_after_the_draw_for_analysis():
    record = parse_record("2019 Ana,Luis first:Ana viewer:Ana up:1,1,2 dealt:8")
    f = next_field(record, {})
    assert f.name == "drew" and COUNTESS not in f.options  # only one Countess: Ana holds it
    f = next_field(record, {"drew": KING})
    assert f.name == "card" and f.can_stop and f.options == (COUNTESS,)  # the Countess rule
    done = add_turn(record, {"drew": KING, "card": STOP})
    assert format_record(done).endswith("| Ana +7")
    with pytest.raises(RecordError, match="no turn can be added"):
        next_field(done, {})


def test_targets_exclude_protected_and_out_players_and_guesses_exclude_the_guard():
    record = parse_record("classic A,B,C first:A viewer:A dealt:1 | A +4 4 | B 1>C=3 hit")
    assert next_field(record, {}).name == "drew"
    chosen = {"drew": GUARD, "card": GUARD}
    f = next_field(record, chosen)
    assert f.name == "target" and f.options == (1,)  # C is out, A cannot choose herself
    f = next_field(record, {**chosen, "target": 1})
    assert f.name == "guess" and GUARD not in f.options and len(f.options) == 7


def test_outcomes_no_deal_can_explain_are_not_offered():
    # Ana holds the Countess (8); Luis's Baron on her: only Luis can lose, his card is what Ana saw.
    record = parse_record("2019 Ana,Luis,Marta first:Luis viewer:Ana dealt:8")
    chosen = {"card": BARON, "target": 0, "saw": PRIEST}
    assert next_field(record, chosen).options == (1,)
    filled = auto_fill(record, chosen)
    assert filled["baron"] == 1 and filled["revealed"] == PRIEST
    # A Guard naming the Countess on Ana cannot miss.
    f = next_field(record, {"card": GUARD, "target": 0, "guess": COUNTESS})
    assert f.name == "result" and f.options == ("hit",)


def test_chancellor_entry_keeps_one_card_and_orders_the_rest():
    record = parse_record("2019 A,B first:A viewer:A up:1,1,1 dealt:2")
    chosen = {"drew": CHANCELLOR, "card": CHANCELLOR, "cd1": HANDMAID, "cd2": PRINCESS}
    f = next_field(record, chosen)
    assert f.name == "keep" and f.can_stop and f.options == (PRIEST, HANDMAID, PRINCESS)
    f = next_field(record, {**chosen, "keep": PRINCESS})
    assert f.name == "bottom" and set(f.options) == {(PRIEST, HANDMAID), (HANDMAID, PRIEST)}
    done = add_turn(record, {**chosen, "keep": PRINCESS, "bottom": (HANDMAID, PRIEST)})
    assert format_record(done).endswith("| A +6 6 cd:4,9 keep:9 bot:4,2")
    choosing = add_turn(record, {**chosen, "keep": STOP})
    assert format_record(choosing).endswith("| A +6 6 cd:4,9")


def test_an_incomplete_turn_is_refused_with_the_missing_field():
    record = parse_record("2019 A,B first:A viewer:B dealt:2")
    with pytest.raises(RecordError, match="choose the target"):
        add_turn(record, {"card": KING})
    assert PRINCE in next_field(record, {}).options


from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from solver.rules.cards import Card  # noqa: E402
from solver.rules.errors import LoveLetterError  # noqa: E402

STALE = st.sampled_from([None, -1, 0, 1, 2, 5, 9, True, "B", "Guard", "boom", "tie", [1], (1, 2), STOP, *Card])
FIELDS = ("drew", "card", "target", "guess", "result", "baron", "saw", "got", "discarded", "new", "revealed", "cd1",
          "cd2", "keep", "bottom")


@pytest.mark.parametrize("chosen", [
    {"drew": GUARD, "card": GUARD, "target": 9},  # a target from a larger table (a stale form value)
    {"drew": GUARD, "card": GUARD, "target": "B"},
    {"drew": GUARD, "card": GUARD, "target": 1, "guess": 99},
    {"drew": 42},
    {"drew": GUARD, "card": "Guard"},
    {"drew": GUARD, "card": GUARD, "target": 1, "guess": PRINCE, "result": "boom"},
    {"drew": PRINCE, "card": PRINCE, "target": 1, "discarded": "x"},
])
def test_a_value_the_form_never_offered_is_refused_not_a_traceback(chosen):
    """Before: IndexError / TypeError / AttributeError from the replay, or add_turn returning a
    record holding the value."""
    record = parse_record("2019 A,B,C first:A viewer:A dealt:8")
    next_field(record, chosen)  # at worst a field with nothing to offer
    with pytest.raises(RecordError):
        add_turn(record, chosen)


@settings(max_examples=200, deadline=None, derandomize=True)
@given(st.dictionaries(st.sampled_from(FIELDS), STALE, max_size=5), st.sampled_from([0, 1]))
def test_any_choices_give_a_field_a_record_or_the_projects_error(chosen, viewer_first):
    record = parse_record(f"2019 A,B,C first:{'A' if viewer_first else 'B'} viewer:A dealt:8")
    try:
        next_field(record, chosen)
    except LoveLetterError:
        pass
    try:
        done = add_turn(record, chosen)
    except LoveLetterError:
        return
    parse_record(format_record(done))  # what the form adds, the notation reads back


def test_the_viewer_is_offered_only_a_card_they_may_draw():
    """Issue 49, point 2: Ana had seen, with a Priest, Luis's only King; the form still offered "King (7)"
    as her draw, accepted it, then said no deal allows it. Her draw and her Chancellor's draws come from
    the inference's support: a card she cannot draw is never offered."""
    from solver import Card

    record = parse_record("2019 Ana,Luis first:Ana viewer:Ana up:1,0,4 dealt:1 | Ana +2 2>Luis saw:7 | "
                          "Luis 1>Ana=5 miss")
    drew = next_field(record, {})
    assert drew.name == "drew" and drew.narrowed
    assert Card.KING not in drew.options and Card.PRINCESS in drew.options
    cd1 = next_field(record, {"drew": Card.CHANCELLOR, "card": Card.CHANCELLOR})
    assert cd1.name == "cd1" and Card.KING not in cd1.options
    cd2 = next_field(record, {"drew": Card.CHANCELLOR, "card": Card.CHANCELLOR, "cd1": Card.PRINCESS})
    assert cd2.name == "cd2" and Card.PRINCESS not in cd2.options and Card.KING not in cd2.options
    # Luis's play: the King he holds, or what he draws (never a card Ana holds the last copy of)
    luis = next_field(parse_record("2019 Ana,Luis first:Ana viewer:Ana up:1,0,4 dealt:9 | Ana +2 2>Luis saw:7"), {})
    assert luis.name == "card" and Card.KING in luis.options and Card.PRINCESS not in luis.options
