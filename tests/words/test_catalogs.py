"""The catalogs (solver/words/{en,es,fr}.toml, read by solver/words/i18n.py): the same keys and
placeholders in every language, every card's effect said, the locale picking the language, and words
that once read wrong."""

import re

from solver.words.i18n import LANGUAGES, catalog, locale_language, t


def placeholders(text: str) -> set:
    """The named placeholders of a catalog text ("{card:le}" asks for "card" with its article)."""
    return set(re.findall(r"{(\w+)(?::[^}]*)?}", text))


def test_catalogs_have_the_same_keys_and_placeholders():
    en = catalog("en")
    for lang in LANGUAGES:
        cat = catalog(lang)
        assert set(cat) == set(en), lang
        for key, text in en.items():
            assert placeholders(cat[key]) == placeholders(text), (lang, key)


def test_every_card_has_an_effect_text():
    from solver import Card

    for lang in LANGUAGES:
        for card in Card:
            assert t(lang, f"effect_{card.name}") != f"effect_{card.name}"


def test_locale_picks_the_language():
    assert locale_language("es-ES") == "es" and locale_language("fr_CA") == "fr"
    assert locale_language("de-DE") == "en" and locale_language(None) == "en"


def test_the_guard_guess_field_says_it_is_a_card_in_spanish():
    """The Guard's guess field read "Nombre" in Spanish: a player's name, or the card named?"""
    assert t("es", "guess") == "Carta nombrada"


def test_the_review_caption_abbreviates_points_as_the_cells_do():
    """Spanish cells read "13,5 ptos.": the caption that explains them said "(pts)"."""
    for lang in ("en", "es", "fr"):
        unit = t(lang, "an_points", n="1").split(" ", 1)[1]
        assert f"({unit})" in t(lang, "pr_cost_help"), lang
