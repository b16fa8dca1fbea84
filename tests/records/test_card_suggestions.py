"""A misspelt card name gets the card it most likely meant ("Gaurd" → the Guard), in the
solver's message and as the error's parameters the app words in the user's language
(tests/words/test_analysis_text.py)."""

import pytest

from solver.records.notation import parse_record
from solver.records.record import RecordError
from solver.rules.editions import EDITIONS
from solver.rules.names import NAMINGS, _LOOKUPS, closest_card, parse_card

from ..helpers import COUNTESS, GUARD, PRINCE, PRINCESS


@pytest.mark.parametrize("text, card, word", [
    ("2019 Ana,Luis first:Ana viewer:Ana dealt:Gaurd | Ana +1", GUARD, "Gaurd"),
    ("2019 Ana,Luis first:Ana | Ana Pricne>Luis", PRINCE, "Pricne"),
    ("2019 Ana,Luis first:Ana | Ana 1>Luis=Pirncesa", PRINCESS, "Pirncesa"),  # Spanish
    ("classic Ana,Luis first:Ana | Ana 1>Luis=Comtese", COUNTESS, "Comtese"),  # French
])
def test_a_misspelt_card_names_the_card_meant(text, card, word):
    with pytest.raises(RecordError) as info:
        parse_record(text)
    assert info.value.rule == "card"
    assert info.value.params == {"card": card, "word": word}
    assert f"did you mean the {card.title}?" in str(info.value)


@pytest.mark.parametrize("word", ["xyzzy", "Gaurd*", "Q"])
def test_no_suggestion_without_a_close_name_and_no_word_echoed_unless_letters(word):
    with pytest.raises(RecordError) as info:
        parse_record(f"2019 Ana,Luis first:Ana | Ana 1>Luis={word}")
    assert "word" not in info.value.params
    if word == "Gaurd*":  # close to the Guard, but not only letters: the card, never the word
        assert info.value.params == {"card": GUARD}
    else:
        assert info.value.params == {}


def test_two_swapped_letters_never_suggest_another_card():
    """Every name of every naming usable with an edition, two neighbouring letters swapped:
    the suggestion is the card meant (or nothing), never another card."""
    checked = 0
    for e in EDITIONS.values():
        for naming in NAMINGS.values():
            if e.key not in naming.editions:
                continue
            for name, card in _LOOKUPS[naming.key].items():
                if card not in e.cards or len(name) < 5:
                    continue
                for i in range(len(name) - 1):
                    typo = name[:i] + name[i + 1] + name[i] + name[i + 2:]
                    try:
                        parse_card(typo, e)
                        continue  # still a name (a doubled letter swapped with itself)
                    except ValueError:
                        pass
                    assert closest_card(typo, e) in (card, None), (e.key, naming.key, name, typo)
                    checked += 1
    assert checked > 300

