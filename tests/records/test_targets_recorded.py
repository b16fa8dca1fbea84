"""A Prince or a King moves hidden cards, so a record must say whom it chose; the advisor needs
every card that was shown, and says so before any inference runs."""

from dataclasses import replace

import pytest

from solver.records.notation import parse_record
from solver.records.record import RecordError, record_from_events
from solver.records.replay import check_revealed_cards, walk

from ..helpers import KING, PRINCE, PRINCESS, full_round


def _deck_sizes(record):
    final: list = []
    sizes = [pub.deck_size for _, _, pub in walk(record, final)]
    return sizes, final[0].public.deck_size


@pytest.mark.parametrize("text, card, where", [
    ("2019 A,B first:A viewer:A dealt:1 | A +2 2>B saw:3 | B 5 | A +1", PRINCE, "turn 2"),  # B itself or A
    ("2019 A,B,C first:A | A 7 | B 1 | C 2", KING, "turn 1"),  # B or C
    ("2019 A,B,C first:A viewer:B dealt:1 | A 5 | B +2 2", PRINCE, "turn 1"),
    ("classic A,B,C,D first:A | A 5", PRINCE, "turn 1"),
])
def test_a_prince_or_king_without_its_target_is_refused(text, card, where):
    """Before, the replay let the Prince's discard and draw pass unseen: the deck count was one
    too high at every later turn and the inference kept the target's old hand."""
    with pytest.raises(RecordError) as info:
        parse_record(text)
    assert info.value.rule == "target-unrecorded"
    assert info.value.params["card"] is card
    assert info.value.where == where


def test_a_kings_only_possible_target_is_filled_in():
    record = parse_record("2019 A,B first:A viewer:A dealt:1 | A +2 2>B saw:3 | B 7 | A +1")
    turns = [t for _, t, _ in walk(record)]
    assert turns[1].target == 0  # the King could only choose A
    from solver.records.replay import check_viewer_hand

    with pytest.raises(RecordError) as info:  # A does not say what they got
        check_viewer_hand(record)
    assert info.value.rule == "viewer-hand-unknown"


def test_with_everyone_protected_or_the_void_option_no_target_is_a_play_without_effect():
    record = parse_record("2019 A,B,C first:A | A 4 | B 4 | C 7 | A 1")
    assert [t.target for _, t, _ in walk(record)] == [None, None, None, None]
    void = parse_record("2019 A,B first:A opt:void_target_allowed=true | A 5 | B 1")
    sizes, left = _deck_sizes(void)
    assert sizes == [15, 14] and left == 13  # a Prince into the void moves no card


@pytest.mark.parametrize("key, n", [("2019", 2), ("2019", 3), ("classic", 2), ("classic", 4)])
def test_leaving_out_a_prince_or_king_target_never_changes_what_the_replay_counts(key, n):
    """From records of random engine rounds: with a Prince's or King's target left out, the
    replay either refuses or fills in the true target (a King's only choice, a Prince's
    own player when every other is protected), so the deck count
    and the turns are those of the full record."""
    checked = 0
    for seed in range(40):
        r, events = full_round(key, n, seed)
        full = record_from_events(r.edition, n, events, None)
        want = _deck_sizes(full)
        for k, t in enumerate(full.turns):
            if t.card not in (PRINCE, KING) or t.target is None:
                continue
            cut = full.with_turns(full.turns[:k] + (replace(t, target=None, discarded=None),) + full.turns[k + 1:])
            try:
                got = _deck_sizes(cut)
            except RecordError as err:
                assert err.rule == "target-unrecorded" and err.where == f"turn {k + 1}"
            else:
                assert got == want  # a King's only choice, or a Prince whose rivals are all protected
                assert [u.target for _, u, _ in walk(cut)][k] == t.target
            checked += 1
    assert checked >= 10


@pytest.mark.parametrize("text, rule, target", [
    ("2019 You,Ana first:You viewer:You up:1,1,2 dealt:3 | You +5 5>Ana | Ana 1 | You +4", "discard-unrecorded", "Ana"),
    ("2019 You,Ana,Bo first:You viewer:You dealt:3 | You +1 3>Ana out:Ana | Bo 1 | You +4", "revealed-unrecorded", "Ana"),
    ("2019 You,Ana,Bo first:Ana viewer:You dealt:3 | Ana 9 out:Ana | Bo 1 | You +4", "revealed-unrecorded", "Ana"),
])
def test_a_shown_card_left_out_is_named(text, rule, target):
    record = parse_record(text)
    with pytest.raises(RecordError) as info:
        check_revealed_cards(record)
    assert info.value.rule == rule
    assert info.value.params["target"] == target


def test_a_complete_record_passes():
    check_revealed_cards(parse_record(
        "2019 You,Ana first:You viewer:You up:1,1,2 dealt:3 | You +5 5>Ana disc:1 | Ana 1 | You +4"))


def _no_inference(monkeypatch):
    from solver.inference import beliefs
    from solver.advice import worlds

    def refuse(*args, **kwargs):
        raise AssertionError("the inference ran before the record was found incomplete")

    monkeypatch.setattr(beliefs, "build_belief", refuse)
    beliefs.shared_belief.cache_clear()


INCOMPLETE = "2019 You,Ana,Bo,Cy first:You viewer:You dealt:3 | You +5 5>Ana | Ana 2>You | Bo 1 | Cy 1 | You +4"


def test_advice_and_practice_refuse_a_missing_discard_before_the_inference(monkeypatch):
    from solver.advice.advisor import advise
    from solver.advice.practice import resume

    _no_inference(monkeypatch)
    for call in (lambda: advise(parse_record(INCOMPLETE), "card-counter"),
                 lambda: resume(INCOMPLETE, "0,0,0,0", 1)):
        with pytest.raises(RecordError) as info:
            call()
        assert info.value.rule == "discard-unrecorded"
        assert info.value.where == "turn 1"


def test_a_guess_with_nobody_to_choose_has_the_engines_rule_in_a_record():
    """The record check called this play 'all-protected' while the engine refuses it as
    'guess-without-target': one play, one rule, one sentence in the app."""
    with pytest.raises(RecordError) as info:
        parse_record("2019 A,B first:A | A 4 | B 1=5")
    assert info.value.rule == "guess-without-target" and info.value.where == "turn 2"
    with pytest.raises(RecordError) as info:  # a player named while all are protected: as before
        parse_record("2019 A,B,C first:A | A 4 | B 4 | C 2>A")
    assert info.value.rule == "target-protected"


def test_a_prince_knock_out_reveals_only_the_princess():
    """`A 5>B out:B/3` was read as a Princess discard with the revealed Baron silently dropped."""
    with pytest.raises(RecordError) as info:
        parse_record("2019 A,B,C first:A | A 5>B out:B/3")
    assert info.value.rule == "prince" and info.value.where == "turn 1"
    for text in ("2019 A,B,C first:A | A 5>B out:B/9", "2019 A,B,C first:A | A 5>B out:B"):
        (turn,) = [t for _, t, _ in walk(parse_record(text))]
        assert turn.discarded is PRINCESS
