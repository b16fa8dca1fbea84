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


@pytest.mark.parametrize("lang", ["en", "es", "fr"])
def test_the_table_checker_names_your_seat_alike_in_the_form_and_the_ruling(lang):
    """Issue 49, point 5: the form said "Your card" and named the others Ana and Luis, the ruling said
    "Player 1 (you) holds the lower card"; the discard pickers read "Guard (1) (copy 2)"; a Priest listed
    every card it might see, one condition each."""
    from tutor.widgets.formatters import CopyLabel

    you = t(lang, "rc_you_name")
    at = page("views/rulings.py", source="table", lang=lang, edition="2019")
    labels = [s.label for s in at.selectbox] + [m.label for m in at.multiselect]
    assert all(label.startswith(you) for label in (t(lang, "rc_your_card"), t(lang, "rc_your_drawn"),
                                                   t(lang, "rc_your_discards")))
    assert t(lang, "rc_your_card") in labels and t(lang, "rc_your_discards") in labels
    # the Baron (held: Guard, drawn: Priest; Baron? no): a Baron on Luis, who may hold a higher card
    key = next(s.key for s in at.selectbox if s.key.endswith("-drawn"))
    at.selectbox(key=key).set_value(int(Card.BARON)).run()
    prefix = next(s.key for s in at.selectbox if s.key.endswith("-card"))[: -len("-card")]
    at.selectbox(key=f"{prefix}-card").set_value(int(Card.BARON)).run()
    at.selectbox(key=f"{prefix}-target").set_value(1).run()
    at.button(key=f"{prefix}-go").click().run()
    said = " ".join(m.value for m in at.markdown)
    assert you in said and "1 (" not in said and "Player 1" not in said
    # the copies in words, in the card's gender
    label = CopyLabel("2019", lang)
    assert label(10) == {"en": "Guard (1)", "es": "Guardia (1)", "fr": "Garde (1)"}[lang]
    assert label(11) == {"en": "a second Guard (1)", "es": "una segunda Guardia (1)", "fr": "un deuxième Garde (1)"}[lang]
    assert label(41) == {"en": "a second Handmaid (4)", "es": "una segunda Doncella (4)",
                         "fr": "une deuxième Servante (4)"}[lang]
    assert all("copy" not in label(c * 10 + k) and "(" + str(k + 1) + ")" not in label(c * 10 + k)[:-4]
               for c in (1, 2) for k in range(1, 3))
    # a Priest: one ruling whatever Luis holds, not one line per card
    at = page("views/rulings.py", source="table", lang=lang, edition="2019")
    prefix = next(s.key for s in at.selectbox if s.key.endswith("-card"))[: -len("-card")]
    at.selectbox(key=f"{prefix}-card").set_value(int(Card.PRIEST)).run()
    at.selectbox(key=f"{prefix}-target").set_value(1).run()
    at.button(key=f"{prefix}-go").click().run()
    assert not [m.value for m in at.markdown if m.value.startswith("- ")]
    whatever = t(lang, "rc_whatever", player="Luis", cards="§", ruling="§").split("§")[0]
    assert any(m.value.startswith(whatever) for m in at.markdown)


@pytest.mark.parametrize("lang", ["en", "es", "fr"])
def test_a_prince_on_another_player_is_ruled_in_two_lines_not_one_per_card(lang):
    """A Prince on Luis was ruled once per card he may hold, nine lines that differed by the card's name
    ("If Luis holds the Spy (0): Luis discards the Spy (0)…"): now every card but the Princess in one line
    that leaves the card unnamed ("Luis discards their hand…"), and the Princess (he is out) in another."""
    at = page("views/rulings.py", source="table", lang=lang, edition="2019")
    key = next(s.key for s in at.selectbox if s.key.endswith("-drawn"))
    at.selectbox(key=key).set_value(int(Card.PRINCE)).run()
    prefix = next(s.key for s in at.selectbox if s.key.endswith("-card"))[: -len("-card")]
    at.selectbox(key=f"{prefix}-card").set_value(int(Card.PRINCE)).run()
    at.selectbox(key=f"{prefix}-target").set_value(1).run()
    at.button(key=f"{prefix}-go").click().run()
    assert not at.exception
    said = [m.value for m in at.markdown if m.value.startswith("- ")]
    held = t(lang, "ruling.prince_held", target="Luis")
    out = t(lang, "ruling.princess_discarded", player="Luis")
    assert len(said) == 2 and said[0].endswith(held) and said[1].endswith(out), said
