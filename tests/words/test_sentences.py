"""Plays and cards in sentences (solver/words/sentences.py, solver/words/i18n.py): a play reads as a
phrase and the viewer as "you" in each language; a card takes its article in French and Spanish; French
elides before a vowel and spaces its colons."""


def test_french_elides_before_a_vowel_and_spaces_its_colons():
    """French typography: "le tour d'Ana" (not "de Ana"), and a no-break space before ':'."""
    from solver.words.i18n import colon, t

    assert t("fr", "ev.turn", player="Ana") == "Le tour d'Ana commence."
    assert t("fr", "ev.turn", player="Luis") == "Le tour de Luis commence."
    assert t("es", "ev.turn", player="Ana").endswith("de Ana.")  # Spanish does not elide
    assert colon("fr") == "\u00a0:" and colon("en") == colon("es") == ":"



def test_a_play_reads_as_a_phrase_and_the_viewer_as_you_in_each_language():
    """"Guard (1) on Luis, naming Prince (5)", not the notation-like "Guard (1) → Luis: Prince (5)";
    a play on the viewer says "on yourself" in their own ranking and "on you" in a reply."""
    from solver import Card, Play, get_edition
    from solver.words.sentences import action_text

    e, names = get_edition("2019"), ("Ana", "Luis")
    guard, prince, baron = Play(Card.GUARD, 1, Card.PRINCE), Play(Card.PRINCE, 0), Play(Card.BARON, 0)
    expected = {
        "en": ("Guard (1) on Luis, naming the Prince (5)", "Prince (5) on yourself", "Baron (3) on you"),
        "es": ("Guardia (1) sobre Luis, nombrando el Príncipe (5)", "Príncipe (5) sobre ti", "Barón (3) sobre ti"),
        "fr": ("Garde (1) sur Luis, en annonçant le Prince (5)", "Prince (5) sur vous-même", "Baron (3) sur vous"),
    }
    for lang, (g, p, b) in expected.items():
        assert action_text(guard, e, lang, names, you=0) == g
        assert action_text(prince, e, lang, names, you=0) == p
        assert action_text(baron, e, lang, names, you=0, by=1) == b
        assert action_text(prince, e, lang, names).endswith(" Ana")  # no viewer: the seat's name
    # A Chancellor choice: the cards go under one after the other, the last named at the bottom.
    from solver.rules.actions import ChancellorChoice
    keep = ChancellorChoice(Card.KING, (Card.COUNTESS, Card.PRINCE))
    assert action_text(keep, e, "en", names) == ("Keep the King (7), put the Countess (8) under the deck and the Prince (5) "
                                                 "under it, at the very bottom")
    assert action_text(keep, e, "es", names) == ("Quedarse con el Rey (7), poner la Condesa (8) bajo el mazo y el Príncipe (5) "
                                                 "debajo, al fondo del todo")
    assert action_text(keep._replace(bottom=(Card.SPY,)), e, "fr", names) == \
        "Garder le Roi (7), mettre l'Espionne (0) sous la pioche"
    # Another player's Prince on their own hand.
    assert action_text(Play(Card.PRINCE, 1), e, "en", names, you=0, by=1) == "Prince (5) on their own hand"
    assert action_text(Play(Card.PRINCE, 1), e, "es", names, you=0, by=1) == "Príncipe (5) sobre su propia mano"



def test_cards_take_their_article_in_french_and_spanish_sentences():
    """"Ana joue le Garde (1) sur Luis et annonce l'Espionne (0)", not "joue Garde (1)": a
    card's article agrees with its name (la Comtesse, la Guardia, l'Espionne, du Prince, una
    Condesa) and is capitalised at the start of a sentence; English stays as it was. Every
    article a catalog asks for is one the language has, and every such sentence can be
    written with every card."""
    import re

    from solver import Card, get_edition
    from solver.words.i18n import catalog, t
    from solver.words.sentences import card_label

    e = get_edition("2019")

    def card(c, lang):
        return card_label(c, e, lang)

    assert t("fr", "hist.play_guess", player="Ana", card=card(Card.GUARD, "fr"), target="Luis",
             guess=card(Card.SPY, "fr")) == "Ana joue le Garde (1) sur Luis et annonce l'Espionne (0)."
    assert t("es", "hist.play_guess", player="Ana", card=card(Card.GUARD, "es"), target="Luis",
             guess=card(Card.PRINCE, "es")) == "Ana juega la Guardia (1) sobre Luis y nombra el Príncipe (5)."
    assert t("fr", "hist.drew.you", card=card(Card.COUNTESS, "fr")) == "Vous piochez une Comtesse (8)."
    assert t("es", "hist.drew.you", card=card(Card.COUNTESS, "es")) == "Robas una Condesa (8)."
    assert t("fr", "rule.target-self", card=card(Card.SPY, "fr")).startswith("L'Espionne (0) doit")
    assert t("es", "rule.no-target-card", card=card(Card.HANDMAID, "es")).startswith("La Doncella (4) no elige")
    assert t("fr", "rule.card-count", card=card(Card.PRINCE, "fr")).startswith("Plus d'exemplaires du Prince (5)")
    assert t("en", "hist.drew.you", card=card(Card.COUNTESS, "en")) == "You draw a Countess (8)."
    assert t("en", "hist.play_guess", player="Ana", card=card(Card.GUARD, "en"), target="Luis",
             guess=card(Card.PRINCE, "en")) == "Ana plays the Guard (1) on Luis and names the Prince (5)."
    assert t("en", "rule.no-target-card", card=card(Card.HANDMAID, "en")).startswith("The Handmaid (4) does not")
    # "an" before a vowel (a renamed deck may have one).
    from solver.words.i18n import Articled
    assert t("en", "hist.drew.you", card=Articled("Assassin (0)", False, "en")) == "You draw an Assassin (0)."
    # A value that is not one card (a list, a dash) is written without an article, not refused.
    assert t("fr", "hist.kept", player="Ana", card="—", cards="—") == "Ana garde — et place — sous la pioche."
    specs = {"fr": {"le", "Le", "un", "de", "à"}, "es": {"el", "El", "un", "del", "al"}, "en": {"the", "The", "a"}}
    for lang in ("fr", "es", "en"):
        asked = {(k, ph, spec) for k, v in catalog(lang).items() if isinstance(v, str)
                 for ph, spec in re.findall(r"\{(\w+):([^}]+)\}", v)}
        assert len(asked) > 60 and {spec for _, _, spec in asked} <= specs[lang]
        for key, _, _ in asked:
            params = {ph: card(Card.PRINCESS, lang) for ph in re.findall(r"\{(\w+)[:}]", catalog(lang)[key])}
            for c in Card:
                params.update({ph: card(c, lang) for ph, _ in re.findall(r"\{(\w+):([^}]+)\}", catalog(lang)[key])})
                text = t(lang, key, **params)
                assert not re.search(r"\b(le|la|de|du|au) [AEÉIOU]", text) if lang == "fr" else "  " not in text, text
                assert not re.search(r"\b(the|a) (the|a) ", text, re.I), text

