"""The FAQ search understands the questions people type (issue 36, point 3): BM25 over the
situations' texts in three languages, stemmed, a card's every name one term, the rules' ideas said
several ways one term. Questions as people type them — lower case, no accents, short, misspelt —
each with the situation that must open first."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.text.scenarios import scenarios
from tutor.text.faq_search import fold, query_terms, search

#: (question as typed, the situation that answers it). The five of the issue come first.
QUESTIONS = [
    ("can guard guess guard", "trap-guard-names-guard"),
    ("countess prince", "trap-countess-prince"),
    ("handmaid prince myself", "faq-all-protected-prince"),
    ("canciller una carta", "faq-chancellor-one-card"),
    ("tie at the end of the round classic", "trap-tie-classic"),
    # English
    ("what if everyone else is protected and i play a guard", "faq-all-protected-guard"),
    ("prince when the deck is empty", "faq-prince-set-aside"),
    ("does the burn card ever get used", "faq-prince-set-aside"),
    ("prince makes someone discard the princess do they draw", "faq-prince-princess-empty-deck"),
    ("chancellor with no cards in the deck", "faq-chancellor-empty"),
    ("spy bonus if the spy player got knocked out", "faq-spy-eliminated"),
    ("can i name the spy in the classic game", "faq-classic-version"),
    ("must i play the countess with the princess", "trap-countess-princess"),
    ("countess and king in hand", "trap-countess-king"),
    ("chancellor draws king while holding countess can i keep it", "trap-countess-chancellor"),
    ("prince on myself holding princess", "trap-prince-self-princess"),
    ("prince makes luis draw the last card does he play it", "trap-prince-last-card"),
    ("spy discarded because of a prince does it count", "trap-spy-prince-discard"),
    ("two players tie at the end 2019 who wins", "trap-tie-2019"),
    ("how long does handmaid protection last", "trap-handmaid-next-turn"),
    ("are eliminated players compared at the end", "trap-out-not-compared"),
    ("baron player has the lower card", "trap-baron-own-loss"),
    ("baron same card tie", "trap-baron-tie"),
    ("guard on someone who played handmaid", "faq-protected-guard"),
    ("baron against a protected player", "faq-protected-baron"),
    ("can the king swap with a protected player", "faq-protected-king"),
    ("does everyone see what the priest sees", "faq-priest-private"),
    ("2 player face up cards can a prince draw them", "faq-two-player-face-up"),
    ("countess with chancellor do i have to play her", "trap-chancellor-countess-free"),
    ("can i play the princess", "trap-princess-played"),
    ("king trade the princess is it discarding", "trap-king-princess"),
    ("can i target a player who is already out", "faq-out-not-chosen"),
    ("spy and win the round how many tokens", "trap-spy-win-and-bonus"),
    # Spanish
    ("que pasa si todos estan protegidos guardia", "faq-all-protected-guard"),
    ("principe con el mazo vacio", "faq-prince-set-aside"),
    ("carta quemada principe", "faq-prince-set-aside"),
    ("chanciller sin cartas en el mazo", "faq-chancellor-empty"),
    ("espia eliminada gana ficha", "faq-spy-eliminated"),
    ("condesa y rey", "trap-countess-king"),
    ("condesa con principe", "trap-countess-prince"),
    ("empate en la version clasica", "trap-tie-classic"),
    ("cuanto dura la doncella", "trap-handmaid-next-turn"),
    ("baron empate misma carta", "trap-baron-tie"),
    ("la guardia puede nombrar guardia", "trap-guard-names-guard"),
    ("puedo elegir a alguien protegido con el rey", "faq-protected-king"),
    ("el sacerdote enseña la carta a todos", "faq-priest-private"),
    ("principe a mi mismo con la princesa", "trap-prince-self-princess"),
    ("cartas boca arriba con dos jugadores", "faq-two-player-face-up"),
    ("jugar la princesa", "trap-princess-played"),
    ("espia y ganar la ronda dos fichas", "trap-spy-win-and-bonus"),
    # French
    ("tout le monde est protege garde", "faq-all-protected-guard"),
    ("prince pioche vide carte mise de cote", "faq-prince-set-aside"),
    ("chancelier il reste une carte", "faq-chancellor-one-card"),
    ("comtesse et roi", "trap-comtesse-roi"),
    ("egalite fin de manche classique", "trap-tie-classic"),
    ("servante protection jusqu a quand", "trap-handmaid-next-turn"),
    ("le garde peut il nommer le garde", "trap-guard-names-guard"),
    ("baron contre un joueur protege", "faq-protected-baron"),
    ("echanger la princesse avec le roi", "trap-king-princess"),
    ("choisir un joueur elimine", "faq-out-not-chosen"),
    ("le pretre montre la carte", "faq-priest-private"),
    ("espionne defaussee a cause du prince", "trap-spy-prince-discard"),
    ("prince sur moi meme avec la princesse", "trap-prince-self-princess"),
]
QUESTIONS = [(q, {"trap-comtesse-roi": "trap-countess-king"}.get(sid, sid)) for q, sid in QUESTIONS]
#: Written after the search was tuned on the questions above (a check of how it does on new ones).
QUESTIONS += [
    ("guard guessing guard allowed?", "trap-guard-names-guard"),
    ("Can I choose myself with the Prince?", "faq-all-protected-prince"),
    ("what does the set aside card do", "faq-prince-set-aside"),
    ("chancellor 1 card in deck", "faq-chancellor-one-card"),
    ("chancellor deck empty", "faq-chancellor-empty"),
    ("Is the Countess forced by the Princess?", "trap-countess-princess"),
    ("handmaid when does protection end", "trap-handmaid-next-turn"),
    ("both players have the same card at the end", "trap-tie-2019"),
    ("who wins a tie in classic love letter", "trap-tie-classic"),
    ("baron tie nothing happens?", "trap-baron-tie"),
    ("priest private information", "faq-priest-private"),
    ("el rey intercambia la princesa", "trap-king-princess"),
    ("se puede jugar la princesa", "trap-princess-played"),
    ("puedo usar la guardia contra alguien con doncella", "faq-protected-guard"),
    ("barón contra doncella", "faq-protected-baron"),
    ("espía ficha extra si gano", "trap-spy-win-and-bonus"),
    ("la condesa me obliga con el chanciller", "trap-chancellor-countess-free"),
    ("le chancelier pioche le roi avec la comtesse", "trap-countess-chancellor"),
    ("deux joueurs cartes visibles", "faq-two-player-face-up"),
    ("l'espionne éliminée gagne-t-elle un jeton", "faq-spy-eliminated"),
    ("on peut jouer la princesse", "trap-princess-played"),
    ("garde contre un joueur éliminé", "faq-out-not-chosen"),
    ("comtesse avec prince obligatoire", "trap-countess-prince"),
    ("prince derniere carte de la pioche", "trap-prince-last-card"),
    ("Baron: I lose with my own card?", "trap-baron-own-loss"),
    ("do out players count at the showdown", "trap-out-not-compared"),
    ("spy discarded by prince still counts", "trap-spy-prince-discard"),
    ("king on a protected player", "faq-protected-king"),
    ("prince targeting me when I hold the princess", "trap-prince-self-princess"),
    ("is there a classic version without spies", "faq-classic-version"),
    ("guard cant say guard?", "trap-guard-names-guard"),
    ("prince must target yourself", "faq-all-protected-prince"),
    ("whats the facedown card for", "faq-prince-set-aside"),
    ("princess discarded by prince does she draw the set aside card", "faq-prince-princess-empty-deck"),
    ("chancelor only one card", "faq-chancellor-one-card"),
    ("spy player eliminated bonus", "faq-spy-eliminated"),
    ("classic love letter spy", "faq-classic-version"),
    ("countess princess", "trap-countess-princess"),
    ("king and countess which one", "trap-countess-king"),
    ("keep the king from chancellor with countess", "trap-countess-chancellor"),
    ("last card drawn by prince then the round ends", "trap-prince-last-card"),
    ("tie 2019", "trap-tie-2019"),
    ("discard pile total tie", "trap-tie-classic"),
    ("handmaid one round", "trap-handmaid-next-turn"),
    ("barón pierdo con mi carta", "trap-baron-own-loss"),
    ("guardia contra protegido", "faq-protected-guard"),
    ("rey protegida", "faq-protected-king"),
    ("el sacerdote es secreto", "faq-priest-private"),
    ("cartas visibles dos personas principe", "faq-two-player-face-up"),
    ("condesa chanciller", "trap-chancellor-countess-free"),
    ("rey da la princesa", "trap-king-princess"),
    ("elegir a un eliminado", "faq-out-not-chosen"),
    ("espia ultima ronda dos fichas", "trap-spy-win-and-bonus"),
    ("espía descartada por príncipe", "trap-spy-prince-discard"),
    ("chanciller mazo vacío", "faq-chancellor-empty"),
    ("le prince sur soi-même quand tous sont protégés", "faq-all-protected-prince"),
    ("garde nommer garde", "trap-guard-names-guard"),
    ("roi et comtesse", "trap-countess-king"),
    ("comtesse princesse obligée", "trap-countess-princess"),
    ("la servante dure combien de temps", "trap-handmaid-next-turn"),
    ("baron égalité", "trap-baron-tie"),
    ("baron perdre avec sa propre carte", "trap-baron-own-loss"),
    ("éliminé comparaison fin de manche", "trap-out-not-compared"),
    ("prince dernière carte", "trap-prince-last-card"),
    ("version classique espionne", "faq-classic-version"),
    ("chancelier pioche vide", "faq-chancellor-empty"),
    ("égalité 2019", "trap-tie-2019"),
    ("jouer la princesse volontairement", "trap-princess-played"),
    ("roi sur joueur protégé", "faq-protected-king"),
    ("tous protégés prêtre", "faq-all-protected-guard"),
    ("prince on myself", "faq-prince-self"),
    ("príncipe sobre mí misma mazo vacío", "faq-prince-self-empty-deck"),
]


def test_every_question_names_a_situation_of_the_faq():
    assert len(QUESTIONS) >= 40 and {sid for _, sid in QUESTIONS} <= set(scenarios())
    # every situation is the answer of at least one question
    assert set(scenarios()) <= {sid for _, sid in QUESTIONS}


def test_the_first_result_answers_the_question():
    """The issue's bar is 90% of the questions; the figure is printed (pytest -s)."""
    wrong = [(q, sid, search(q)[:3]) for q, sid in QUESTIONS if search(q)[:1] != [sid]]
    rate = 1 - len(wrong) / len(QUESTIONS)
    print(f"FAQ search: first result right for {len(QUESTIONS) - len(wrong)}/{len(QUESTIONS)} ({rate:.0%})")
    assert rate >= 0.9, wrong
    assert wrong == [], wrong


@pytest.mark.parametrize("query,sid", QUESTIONS[:5], ids=[q for q, _ in QUESTIONS[:5]])
def test_the_issues_questions_open_their_situation(query, sid):
    assert search(query)[0] == sid


def test_a_card_is_one_term_whatever_it_is_called():
    assert "#prince" in query_terms("príncipe") and "#prince" in query_terms("Prince")
    assert "#princess" in query_terms("princesse") and "#prince" not in query_terms("princesse")
    assert "#chancellor" in query_terms("canciller") and "#chancellor" in query_terms("Chanciller")
    assert "#guard" in query_terms("Guardián") and "#handmaid" in query_terms("Servante")
    assert "#spy" in query_terms("Espía") and "#guard" not in query_terms("Espía")  # the 2019 Spy
    assert "~self" in query_terms("moi-même") and "~self" in query_terms("myself")
    assert "~setaside" in query_terms("burn card") and "~setaside" in query_terms("écartée")


def test_prince_does_not_find_the_princess():
    """A word of five letters found every word it starts: "prince" opened "Countess and Princess"."""
    found = search("prince")
    assert found and "trap-countess-princess" not in found[:3]
    assert search("princess")[0] in {"trap-princess-played", "trap-countess-princess", "trap-king-princess",
                                       "faq-prince-princess-empty-deck", "trap-prince-self-princess"}


def test_no_word_found_gives_nothing_and_no_words_gives_everything():
    assert search("xyzzy qwerty") == []
    assert search("") == list(scenarios()) and search("  ?! ") == list(scenarios())


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=120))
def test_any_text_is_searched_without_error_and_case_and_accents_do_not_matter(text):
    found = search(text)
    assert set(found) <= set(scenarios()) and len(found) == len(set(found))
    assert search(text.upper()) == found or fold(text.upper()) != fold(text)


def test_the_faq_page_tells_how_the_round_reached_its_board():
    """Point 5: the board is a real round's, and the page says how it came about, play by play."""
    from solver.words.i18n import t
    from tutor.text.scenarios import history_lines

    from .app_support import page

    sc = scenarios()["faq-prince-set-aside"]
    at = page("views/faq.py", scenario="faq-prince-set-aside", lang="fr")
    assert not at.exception
    (box,) = [e for e in at.expander if e.label == t("fr", "faq_history", n=len(sc.history.plays))]
    lines = history_lines(sc, "fr")
    assert len(lines) == len(sc.history.plays) + 1  # the deal's first draw, then one line per play
    shown = box.markdown[0].value.split("\n")
    assert len(shown) == len(lines) and shown[1].startswith("2. ") and "Ana" in shown[1]
    at = page("views/faq.py", scenario="trap-countess-king", lang="en")
    assert t("en", "faq_history_none") in [c.value for c in at.caption]


@pytest.mark.parametrize("query,sid", [
    ("prince sur soi-même quand la pioche est vide", "faq-prince-self-empty-deck"),
    ("prince on myself with the deck empty", "faq-prince-self-empty-deck"),
    ("príncipe sobre mí misma con el mazo vacío", "faq-prince-self-empty-deck"),
    ("can I play the prince on myself", "faq-prince-self"),
    ("puedo jugar el príncipe sobre mí mismo", "faq-prince-self"),
    ("jouer le prince sur soi-même", "faq-prince-self"),
])
def test_a_prince_played_on_yourself_is_found_first(query, sid):
    """Issue 42, point 4: "prince sur soi-même quand la pioche est vide" found a Prince played on Luis."""
    assert search(query)[0] == sid


# --- issue 49, point 4: the search forgives typos -----------------------------------------------------

#: Questions as a phone types them (a letter dropped, doubled, swapped, a neighbouring key), each with
#: the situation that must open first.
TYPOS = [  # (the issue's four first; the rest written before any tuning: 21/30 without the correction)
    ("countes king", "trap-countess-king"),
    ("baron tye", "trap-baron-tie"),
    ("prinsess discard", "faq-prince-princess-empty-deck"),
    ("condesa y rei", "trap-countess-king"),
    ("can gaurd guess guard", "trap-guard-names-guard"),
    ("handmiad prince myself", "faq-all-protected-prince"),
    ("prince when the dekc is empty", "faq-prince-set-aside"),
    ("chancelor with no cards in the deck", "faq-chancellor-empty"),
    ("spy bonus if the spy player got knoked out", "faq-spy-eliminated"),
    ("must i play the countess with the princes", "trap-countess-princess"),
    ("how long does handmaiden protecton last", "trap-handmaid-next-turn"),
    ("baron player has the lowr card", "trap-baron-own-loss"),
    ("can the kign swap with a protected player", "faq-protected-king"),
    ("does everyone see what the preist sees", "faq-priest-private"),
    ("tie at the end of the round clasic", "trap-tie-classic"),
    ("principe con el maso vacio", "faq-prince-set-aside"),
    ("canciler una carta", "faq-chancellor-one-card"),
    ("condesa con prinsipe", "trap-countess-prince"),
    ("cuanto dura la doncela", "trap-handmaid-next-turn"),
    ("la guardia puede nombar guardia", "trap-guard-names-guard"),
    ("espia eliminda gana ficha", "faq-spy-eliminated"),
    ("sacerdote ensena la carta a todos", "faq-priest-private"),
    ("comtese et roi", "trap-countess-king"),
    ("egalite fin de manche clasique", "trap-tie-classic"),
    ("le garde peut il nomer le garde", "trap-guard-names-guard"),
    ("servante protetion jusqu a quand", "trap-handmaid-next-turn"),
    ("echanger la princese avec le roi", "trap-king-princess"),
    ("baron contre un joueur protge", "faq-protected-baron"),
    ("chancellier pioche vide", "faq-chancellor-empty"),
    ("prince sur moi meme avec la princess", "trap-prince-self-princess"),
]


def test_a_misspelt_question_finds_its_situation_first():
    """"countes king", "baron tye", "prinsess discard", "condesa y rei" opened the wrong situation: each
    unknown word is read as the FAQ vocabulary's nearest word. The bar: 90% first (and the issue's four);
    the figure is printed (pytest -s)."""
    wrong = [(q, sid, search(q)[:3]) for q, sid in TYPOS if search(q)[:1] != [sid]]
    print(f"FAQ search, misspelt: first result right for {len(TYPOS) - len(wrong)}/{len(TYPOS)}")
    assert len(wrong) <= len(TYPOS) // 10, wrong
    assert all(search(q)[0] == sid for q, sid in TYPOS[:4])


def test_a_word_spelt_right_is_never_changed_and_a_typo_is_read_as_the_nearest_word():
    from tutor.text.faq_search import _app_index

    v = _app_index().vocabulary
    assert v.correct("countes king") == "countess king"  # (the English stemmer read "countes" as "count")
    assert v.correct("baron tye") == "baron tie"  # the tie, never the stop word "the"
    assert v.correct("prinsess") == "princess" and v.correct("condesa y rei") == "condesa y rey"
    for q, _ in QUESTIONS:  # every question spelt right reads as it is (folded)
        words = [w for w in fold(q).split()]
        assert [w for w in v.correct(q).split()] == words or all(
            v.is_known(w) for w in words), (q, v.correct(q))
    assert v.correct("xyzzy qwerty") == "xyzzy qwerty"  # nothing near: kept (and nothing found)
