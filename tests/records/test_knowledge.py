"""What an opponent knows of the viewer's card (`solver.records.knowledge`): the review's "Ana saw the
card you kept", read from the viewer's record. A sharp reader keeps what they saw while the holder
plays other cards, which the card counter's memory (`solver.rules.memory`) does not."""

from __future__ import annotations

from solver.records.knowledge import opponent_knows_kept_card
from solver.records.notation import parse_record
from solver.rules.actions import Play
from solver.rules.cards import Card

#: Ana's Priest saw your Chancellor; you drew a Guard.
SEEN = "2019 You,Ana first:Ana viewer:You up:1,5,1 dealt:6 | Ana 2>You | You +1"


def knows(text: str, action) -> object:
    return opponent_knows_kept_card(parse_record(text), action)


def test_the_priest_saw_the_card_you_keep():
    assert knows(SEEN, Play(Card.GUARD, 1, Card.PRINCESS)) == 1
    assert knows(SEEN, Play(Card.CHANCELLOR)) is None  # you keep the Guard, which nobody saw


def test_playing_another_card_keeps_what_a_sharp_reader_knows_the_card_counter_forgets():
    text = SEEN + " 1>Ana=3 miss | Ana 4 | You +5"  # you played the Guard: still the Chancellor Ana saw
    assert knows(text, Play(Card.PRINCE, 1)) == 1
    # the card counter's memory forgets it at your play (the simpler rule a card counter bot follows)
    from solver.rules.memory import played

    assert played({(1, 0): Card.CHANCELLOR}, 0) == {}


def test_a_chancellor_may_have_put_the_seen_card_under_the_deck():
    text = "2019 You,Ana first:Ana viewer:You up:1,5,1 dealt:7 | Ana 2>You | You +6 6 cd:1,2 keep:7 bot:1,2 | Ana 4 | You +3"
    assert knows(text, Play(Card.BARON, 1)) is None


def test_a_king_trade_tells_the_other_what_you_hold():
    text = "2019 You,Ana first:You viewer:You up:1,5,1 dealt:7 | You +2 7>Ana got:3 | Ana 4 | You +1"
    assert knows(text, Play(Card.GUARD, 1, Card.PRINCESS)) == 1  # Ana gave you the Baron you keep
    assert knows(text, Play(Card.BARON, 1)) is None


def test_a_prince_on_you_replaces_the_card_seen():
    text = "2019 You,Ana first:Ana viewer:You up:1,5,1 dealt:6 | Ana 2>You | You +1 1>Ana=3 miss | Ana 5>You disc:6 new:2 | You +1"
    assert knows(text, Play(Card.GUARD, 1, Card.PRINCESS)) is None
