"""The ruling checker's table of your own (issue 42, point 4): set up what you see at a real table and
ask any action; the engine rules it for each card the chosen player may hold (`solver.teaching.table`)."""

from __future__ import annotations

import pytest

from solver import Card, Play
from solver.rules.editions import get_edition
from solver.rules.errors import IllegalActionError, InvalidPositionError
from solver.teaching.ruling import ruling
from solver.teaching.table import Table, check, outcomes
from solver.words.i18n import t

from .app_support import page

E = get_edition("2019")
NAMES = ("You", "Ana", "Luis")


def table(**kw) -> Table:
    base = dict(edition=E, names=NAMES, you=0, hand=(Card.GUARD, Card.PRIEST), discards=((), (), ()),
                out=(False, False, False), protected=(False, False, False))
    return Table(**{**base, **kw})


def test_the_deck_is_what_is_not_seen_and_a_guard_rules_per_card_the_target_may_hold():
    tb = table(discards=((), (Card.HANDMAID,), ()), protected=(False, True, False))
    r = check(tb)
    assert tb.deck_size() == len(r.deck) == 21 - 2 - 1 - 2 - 1
    found = outcomes(tb, Play(Card.GUARD, 2, Card.PRINCESS))
    held = {card: ruling(ev, E).key for card, _, ev in found}
    assert held[Card.PRINCESS] == "ruling.guard_hit" and {v for c, v in held.items() if c != Card.PRINCESS} == \
        {"ruling.guard_miss"}
    assert Card.PRIEST in held  # the other Priest may be in Luis's hand (one copy unseen)
    with pytest.raises(IllegalActionError) as err:  # Ana is protected: refused, whatever the cards
        outcomes(tb, Play(Card.GUARD, 1, Card.PRINCESS))
    assert err.value.rule == "target-protected"


def test_a_table_no_round_can_reach_is_refused_with_its_rule():
    with pytest.raises(InvalidPositionError) as err:  # three Priests seen (two in the edition)
        check(table(discards=((Card.PRIEST,), (Card.PRIEST,), ())))
    assert err.value.rule == "card-count"
    with pytest.raises(InvalidPositionError) as err:  # protected without a Handmaid played last
        check(table(protected=(False, True, False)))
    assert err.value.rule == "protection"


@pytest.mark.parametrize("lang", ["en", "es", "fr"])
def test_the_page_rules_an_action_at_your_table(lang):
    at = page("views/rulings.py", source="table", lang=lang, edition="2019")
    assert not at.exception
    assert t(lang, "rc_table_intro") in [c.value for c in at.caption]
    key = next(s.key for s in at.selectbox if s.key.endswith("-card"))
    prefix = key[: -len("-card")]
    at.selectbox(key=f"{prefix}-card").set_value(int(Card.GUARD)).run()
    at.selectbox(key=f"{prefix}-target").set_value(2).run()
    at.selectbox(key=f"{prefix}-guess").set_value(int(Card.PRINCESS)).run()
    at.button(key=f"{prefix}-go").click().run()
    assert not at.exception
    said = [m.value for m in at.markdown if m.value.startswith("- ")]
    assert len(said) == 2  # the Princess hits; every other card misses, said once
