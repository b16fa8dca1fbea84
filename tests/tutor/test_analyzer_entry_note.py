"""The odds are the record's: while a turn is being entered (a detail chosen, the turn not yet
complete), the page says they do not count it yet — a user picked the card they drew and read
odds that still counted it as unseen."""

from __future__ import annotations

from solver.words.i18n import t

from .test_analyzer_app import analyzer

RECORD = "2019 Ana,Luis first:Ana viewer:Ana up:1,1,2 dealt:8"


def note_shown(at) -> bool:
    said = t("en", "an_odds_before_entry", advise=t("en", "an_advise_me"))
    return any(c.value == said for c in at.caption)


def test_the_odds_say_they_do_not_count_the_turn_being_entered():
    at = analyzer(record=RECORD, model="random")
    assert not at.exception and not note_shown(at)  # nothing entered: nothing to say
    drew = next(p for p in at.pills if p.key and p.key.startswith("an-0-") and p.value is None)
    drew.set_value(drew.options[0]).run()
    assert not at.exception and note_shown(at)
