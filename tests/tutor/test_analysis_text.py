"""The analyzer's sentences about how an answer was computed: numbers written as each language
writes them, and no 2-player fact in a larger round."""

import pytest

from solver import parse_record
from solver.advice.advisor import advise
from tutor.analysis import estimate_samples, estimate_sentence, method_text
from tutor.i18n import number

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
