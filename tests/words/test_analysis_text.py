"""The analyzer's sentences about how an answer was computed: numbers written as each language
writes them, and no 2-player fact in a larger round."""

import pytest

from solver import parse_record
from solver.advice.advisor import advise
from solver.words.verdicts import estimate_samples, estimate_sentence, method_text
from solver.words.i18n import number

TWO = "2019 Ana,Luis first:Ana viewer:Ana dealt:1 | Ana +2"
FOUR = "2019 Ana,Luis,Marta,Sofía first:Ana viewer:Ana dealt:1 | Ana +2"


@pytest.mark.parametrize("n,en,es,fr", [
    (7, "7", "7", "7"),
    (2000, "2,000", "2000", "2\u202f000"),
    (31925, "31,925", "31\u00a0925", "31\u202f925"),
    (1234567, "1,234,567", "1\u00a0234\u00a0567", "1\u202f234\u202f567"),
])
def test_numbers_are_grouped_as_the_language_writes_them(n, en, es, fr):
    assert (number("en", n), number("es", n), number("fr", n)) == (en, es, fr)


def test_an_estimate_says_when_an_exact_answer_comes_only_in_a_two_player_round():
    two = advise(parse_record(TWO), "random", budget=1, deals=300)
    four = advise(parse_record(FOUR), "random", budget=1, deals=300)
    assert two.method == four.method == "estimate"
    for lang, clause in (("en", "2-player"), ("es", "ronda de 2 personas"), ("fr", "à 2 joueurs")):
        assert clause in estimate_sentence(two, lang) and clause in method_text(two, lang)
        assert clause not in estimate_sentence(four, lang) and clause not in method_text(four, lang)
        assert f" {number(lang, estimate_samples(four))} " in estimate_sentence(four, lang)


def test_the_exact_answers_deal_count_is_grouped():
    adv = advise(parse_record(TWO), "random", budget=1, deals=300)
    exact = type(adv)(**{**adv.__dict__, "method": "exact", "worlds": 31925})
    assert "31\u202f925 donnes" in method_text(exact, "fr")
    assert "31,925 deals" in method_text(exact, "en")


GUARD_HIT = ("2019 Ana,Luis,Marta first:Ana viewer:Ana dealt:2 | Ana +1 2>Luis saw:7 | Luis 1>Marta=3 miss | "
             "Marta 1>Luis=5 hit")
TWO_PRINCESSES = "2019 Ana,Luis first:Luis viewer:Ana dealt:9 | Luis 1>Ana=5 miss | Ana +2 2>Luis saw:9"


@pytest.mark.parametrize("text, lang, expected", [
    (GUARD_HIT, "en", "Turn 3 — No deal of the cards allows the Guard's hit (naming the Prince), given the turns "
                      "before it"),
    (GUARD_HIT, "es", "Turno 3 — Ningún reparto de las cartas permite el acierto de la Guardia (que nombró el "
                      "Príncipe)"),
    (GUARD_HIT, "fr", "Tour 3 — Aucune donne des cartes n'explique le coup réussi du Garde (qui a annoncé le Prince)"),
    (TWO_PRINCESSES, "en", "Turn 2 — No deal of the cards allows what the Priest showed (a Princess),"),
    (TWO_PRINCESSES, "es", "Turno 2 — Ningún reparto de las cartas permite lo que mostró el Sacerdote (una Princesa),"),
    (TWO_PRINCESSES, "fr", "Tour 2 — Aucune donne des cartes n'explique ce que le Prêtre a montré (une Princesse),"),
])
def test_a_record_no_deal_explains_names_the_turn_and_the_fact(text, lang, expected):
    from solver import LoveLetterError, infer
    from solver.words.sentences import error_text

    with pytest.raises(LoveLetterError) as e:
        infer(parse_record(text))
    assert error_text(e.value, lang).startswith(expected)


def test_every_fact_the_inference_checks_is_said_in_every_language():
    from solver import Card
    from solver.inference.factors import FACTS, InconsistentRecordError
    from solver.words.sentences import error_text
    from solver.words.i18n import LANGUAGES, catalog

    for lang in LANGUAGES:
        for fact in FACTS:
            assert f"fact.{fact}" in catalog(lang), (lang, fact)
            err = InconsistentRecordError("x", where="turn 2", fact=fact, card=Card.COUNTESS)
            said = error_text(err, lang)
            assert "{" not in said and "fact" not in said and said != error_text(
                InconsistentRecordError("x", where="turn 2"), lang)


def test_the_app_words_the_suggestion_in_each_language():
    """Before, every misspelt name read 'Unknown card in the record.', without the word or the card."""
    from solver.records.notation import parse_record
    from solver.records.record import RecordError
    from solver.words.sentences import error_text

    with pytest.raises(RecordError) as info:
        parse_record("2019 Ana,Luis first:Ana | Ana 1>Luis=Pirncesa")
    assert error_text(info.value, "en") == "Turn 1 — “Pirncesa” is not a card name. Did you mean the Princess?"
    assert error_text(info.value, "es") == "Turno 1 — «Pirncesa» no es el nombre de una carta. ¿Querías decir la Princesa?"
    french = error_text(info.value, "fr").replace("\u202f", " ").replace("\xa0", " ")  # French spacing
    assert french == "Tour 1 — « Pirncesa » n'est pas un nom de carte. Vouliez-vous dire la Princesse ?"
