"""The FAQ search: the situations (lessons/scenarios.toml) ranked by BM25 (`bm25s`) for the words a
person types — "can guard guess guard", "canciller una carta", "égalité classique" — in any of the
three languages. Pure functions (no Streamlit).

Each situation is one document: its title (counted three times), question and keywords (twice)
and ruling, in English, Spanish and French. Every text, and the query, is folded (case and accents
ignored), its stop words dropped and each word stemmed by its language's Snowball stemmer
(PyStemmer), so "protected", "protection" and "protects" are one term. Then two kinds of words
become one term in every language:

* a card, by any of its names and spellings (`solver.rules.names.NAMINGS` — Guardia, Guardián,
  Garde, Espía … — and the misspellings people type: "canciller", "chancelor"): "Prince" and
  "Princess" are two cards, never one word that starts the other;
* an idea of the rules that people say in several ways (`CONCEPTS`, each language's words read by
  its own stemmer): "guess" / "name" / "nombrar" / "annoncer"; "myself" / "a mí misma" /
  "moi-même"; "set aside" / "burn card" / "carta quemada" / "écartée".

A query is read in the three languages at once (its terms are the union), so a Spanish question
on the English page finds its answer. The results are the situations scoring at least `KEEP` of the
best one, best first.

Typos are forgiven (a phone's "countes king", "baron tye", "prinsess discard", "condesa y rei"): a
word of the query that is not in the FAQ's own vocabulary (every word of its texts in the three
languages, every card name and spelling, every idea's words, the stop words) is read as the
vocabulary word nearest to it by edit distance (RapidFuzz's optimal string
alignment: a letter added, dropped, changed, or two letters swapped; the first letter kept), within
`TYPO_DISTANCE`; among
equally near words, a card's name comes first, then an idea's word, then the word the texts use most
(as SymSpell ranks its suggestions). A word of the vocabulary is never changed; a form of one (the
same stem: "protecting") only when a card's name is near it ("countes", which the English stemmer
reads as "count", is the Countess). The words the app's catalogs and lessons use are known too, so
that a word of the language ("love", "ever") is not read as a word of the FAQ.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

#: The Snowball stemmer of each language (PyStemmer's names).
STEMMERS = {"en": "english", "es": "spanish", "fr": "french"}
#: How often each field of a situation counts in its document.
WEIGHTS = {"title": 3, "question": 2, "keywords": 2, "ruling": 1}
#: A result scores at least this share of the best one (the rest share a word or two only).
KEEP = 0.45

#: Words that never tell situations apart, beyond bm25s's stop-word lists (folded): the question
#: words people type ("can", "what happens", "que pasa", "est-ce que") and the players' names.
EXTRA_STOP = {
    "en": "can could may might must should would does did do what whats which who whom whose when where why how happen "
          "happens happened if i me my you your we our ana luis marta player players card cards anyone get gets "
          "got still else other others another also just about against hand hands hold holds holding allowed allow "
          "legal illegal permitted possible ok okay rule rules".split(),
    "es": "puede puedo pueden podria pasa pasaria ocurre que quien cuando donde como cual si yo tu mi su "
          "ana luis marta jugador jugadora jugadores persona personas carta cartas otro otra otros otras "
          "tambien hay contra mano manos tiene tengo permitido permite vale legal posible regla reglas".split(),
    "fr": "peut peux peuvent pourrait passe arrive quoi qui quand ou comment quel quelle quels quelles si je tu "
          "il elle on mon ma mes ton ta ana luis marta joueur joueuse joueurs carte cartes autre autres "
          "aussi seulement est ce contre main mains permis autorise possible legal regle regles".split(),
}

#: Ideas of the rules and the words (folded, one or more) people use for them in each language:
#: each becomes one term ("~name") in every language.
CONCEPTS = {
    "~name": {"en": "name names naming named guess guesses guessing guessed call calls say says",
              "es": "nombrar nombra nombre nombrando adivinar adivina decir dice diciendo",
              "fr": "nommer nomme nommant annoncer annonce deviner devine dire dit"},
    "~self": {"en": "myself yourself herself himself themselves oneself self own on_me target_me targeting_me choose_me",
              "es": "mismo misma si_mismo si_misma mi_mismo mi_misma elegirse elegirme sobre_mi a_mi",
              "fr": "moi_meme toi_meme soi_meme elle_meme lui_meme se_choisir soi sur_moi me_choisir"},
    "~setaside": {"en": "set_aside setaside burn burned burnt burn_card hidden_card removed_card face_down facedown",
                  "es": "apartada apartado apartar aparta quemada quemado carta_oculta retirada boca_abajo",
                  "fr": "mise_de_cote mis_de_cote cote ecartee ecarte ecarter carte_cachee face_cachee"},
    "~protect": {"en": "protected protect protects protection immune safe shielded",
                 "es": "protegido protegida proteger protege proteccion inmune",
                 "fr": "protege protegee proteger protection immunise"},
    "~out": {"en": "out eliminated eliminate eliminates knocked knock knocks lose loses lost die dies dead",
             "es": "eliminado eliminada eliminar elimina fuera pierde pierdo muere",
             "fr": "elimine eliminee eliminer sort sortir perd perdu meurt"},
    "~tie": {"en": "tie tied ties tiebreak tie_break equal same_card same_value equal_value",
             "es": "empate empatan empatar empatados iguales misma_carta mismo_valor",
             "fr": "egalite ex_aequo egaux meme_carte meme_valeur"},
    "~end": {"en": "showdown end_of_the_round end_of_round round_ends at_the_end reveal hands_revealed",
             "es": "final_de_ronda final_de_la_ronda al_final fin_de_la_ronda comparar_las_manos revelan",
             "fr": "fin_de_manche fin_de_la_manche a_la_fin comparaison revelent"},
    "~draw": {"en": "draw draws drew drawn", "es": "robar roba robo robe coger", "fr": "piocher pioche piochee tirer"},
    "~deck": {"en": "deck draw_pile", "es": "mazo baraja monton", "fr": "pioche paquet"},
    "~empty": {"en": "empty runs_out run_out ran_out no_cards_left no_more_cards",
               "es": "vacio vacia agota agotado se_acaba sin_cartas",
               "fr": "vide epuisee plus_de_cartes"},
    "~lastcard": {"en": "last_card final_card last_one", "es": "ultima_carta la_ultima", "fr": "derniere_carte la_derniere"},
    "~discard": {"en": "discard discards discarded", "es": "descartar descarta descartada descarte descartado",
                 "fr": "defausser defausse defaussee"},
    "~trade": {"en": "trade trades swap swaps exchange switch", "es": "intercambiar intercambia cambiar cambia",
               "fr": "echanger echange"},
    "~look": {"en": "look looks see sees saw peek private secret secretly", "es": "mirar mira ver ve vio secreto privado",
              "fr": "regarder regarde voir voit secret prive secretement"},
    "~two": {"en": "two_players 2_players 2p two_player heads_up face_up", "es": "dos_personas dos_jugadores boca_arriba",
             "fr": "deux_joueurs face_visible"},
    "~classic": {"en": "classic classic_version classic_game 16_cards original_game",
                 "es": "clasica clasico version_clasica juego_clasico 16_cartas",
                 "fr": "classique version_classique jeu_classique 16_cartes"},
    "~all": {"en": "everyone everybody all_others all_the_others every_player both",
             "es": "todos todas todo_el_mundo los_demas las_demas ambos",
             "fr": "tous toutes tout_le_monde les_autres"},
    "~someone": {"en": "someone somebody a_player one_player another_player",
                 "es": "alguien una_persona otra_persona un_jugador",
                 "fr": "quelqu_un un_joueur une_joueuse un_autre_joueur"},
    "~onecard": {"en": "one_card a_single_card single_card 1_card one_card_left only_one",
                 "es": "una_carta una_sola_carta una_sola 1_carta queda_una solo_una",
                 "fr": "une_carte une_seule_carte une_seule 1_carte reste_une il_reste_une"},
    "~forced": {"en": "must forced force have_to obliged required mandatory compulsory",
                "es": "obligada obligado obliga debe tiene_que obligatorio obligatoria",
                "fr": "doit obligee oblige forcee force obligatoire obligatoirement"},
    "~win": {"en": "win wins winner won", "es": "gana ganar ganador ganadora", "fr": "gagne gagner gagnant gagnante"},
    "~token": {"en": "token tokens bonus point points favor", "es": "ficha fichas favor bonus punto",
               "fr": "jeton jetons pion pions faveur bonus point"},
}

#: Names people type for a card that no naming of the texts uses (misspellings, nicknames).
CARD_SPELLINGS = {
    "GUARD": "guardian guardias guards gard", "PRIEST": "priestess preste", "BARON": "baroness",
    "HANDMAID": "maid handmaiden servant sirvienta criada", "PRINCE": "principe",
    "CHANCELLOR": "chancelor chancelier chancellier canciller cancillera chanciler", "KING": "roy",
    "COUNTESS": "contessa condessa", "PRINCESS": "princesse princesa", "SPY": "espion spia",
}


#: The edits a word of the query may be away from the vocabulary word it is read as, by its length
#: (letters): none below 3 letters, 1 up to 6, 2 from 7 (as spell checkers allow).
def TYPO_DISTANCE(n: int) -> int:  # noqa: N802 (a table, as a function of the length)
    return 0 if n < 3 else 1 if n < 7 else 2


#: A misspelt word shorter than this is read as a card's name or an idea's word only ("tye" the tie,
#: "rei" the King), never as another word of the texts ("ever" is not "every").
SHORT = 5


def fold(text: str) -> str:
    """Lower case without accents, every run of non-letters a single space ("Set-aside" ->
    "set aside", "Princesse\u00a0?" -> "princesse")."""
    decomposed = unicodedata.normalize("NFKD", str(text).casefold())
    plain = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return " ".join(re.findall(r"[^\W_]+", plain))


@lru_cache(maxsize=None)
def _stemmer(lang: str):
    import Stemmer

    return Stemmer.Stemmer(STEMMERS[lang])


@lru_cache(maxsize=None)
def _stop(lang: str) -> frozenset:
    from bm25s import stopwords

    base = {"en": stopwords.STOPWORDS_EN, "es": stopwords.STOPWORDS_SPANISH, "fr": stopwords.STOPWORDS_FRENCH}[lang]
    return frozenset(fold(" ".join(base)).split()) | frozenset(EXTRA_STOP[lang])


@lru_cache(maxsize=None)
def _phrases(lang: str) -> dict:
    """{tuple of stems: its terms} of `lang`: the cards by every name, and the ideas (`CONCEPTS`)."""
    from solver.rules.cards import Card
    from solver.rules.names import NAMINGS

    stem = _stemmer(lang).stemWord
    table: dict = {}

    def add(words: str, term: str) -> None:
        key = tuple(stem(w) for w in fold(words.replace("_", " ")).split())
        if key:
            table.setdefault(key, [])
            if term not in table[key]:
                table[key].append(term)

    for card in Card:
        term = f"#{card.name.lower()}"
        for naming in NAMINGS.values():
            name = naming.names.get(card)
            # "Espía" is the Spy of the 2019 deck and the Guard of "Carta de Amor": the Spy here.
            if name and not (card is Card.GUARD and fold(name) == "espia"):
                add(name, term)
        for spelling in CARD_SPELLINGS.get(card.name, "").split():
            add(spelling, term)
    for term, words in CONCEPTS.items():  # an idea, by its words in this language (another stemmer
        for phrase in words[lang].split():  # would read them otherwise: French stems "sees" as "se")
            add(phrase, term)
    return table


def terms(text: str, lang: str) -> list[str]:
    """The terms of `text` read as `lang`: cards and ideas as shared terms ("#prince", "~self"), the
    other words as stems of that language ("en:protect"), stop words dropped."""
    words = fold(text).split()
    stop = _stop(lang)
    stem = _stemmer(lang).stemWord
    stems = [stem(w) for w in words]
    table = _phrases(lang)
    out, i = [], 0
    while i < len(words):
        for size in (4, 3, 2, 1):  # the longest phrase first ("mise de côté", "set aside")
            key = tuple(stems[i:i + size])
            if len(key) == size and key in table:
                out.extend(table[key])
                i += size
                break
        else:
            if words[i] not in stop and len(words[i]) > 1:
                out.append(f"{lang}:{stems[i]}")
            i += 1
    return out


def query_terms(query: str, vocabulary: "Vocabulary | None" = None) -> list[str]:
    """The query read in every language, each term once; with a `vocabulary`, its misspelt words
    first read as the vocabulary's nearest words (`Vocabulary.correct`)."""
    if vocabulary is not None:
        query = vocabulary.correct(query)
    return list(dict.fromkeys(x for lang in STEMMERS for x in terms(query, lang)))


#: How a vocabulary word ranks among words equally near a typo: a card's name, an idea's word, then
#: the texts' words by how often they occur (`Vocabulary`).
CARD_RANK, IDEA_RANK = 2_000_000, 1_000_000


@lru_cache(maxsize=1)
def _app_words() -> frozenset:
    """Every word (folded) of the app's catalogs (solver/words) and lessons, in the three languages:
    words of the language a query may use that the FAQ's texts do not ("love", "ever")."""
    import tomllib
    from pathlib import Path

    from solver.words.i18n import catalog

    words: set = set()

    def walk(value) -> None:
        if isinstance(value, str):
            words.update(fold(value).split())
        elif isinstance(value, dict):
            for v in value.values():
                walk(v)
        elif isinstance(value, list):
            for v in value:
                walk(v)

    for lang in STEMMERS:
        walk(catalog(lang))
    lessons = Path(__file__).resolve().parents[2] / "lessons"
    for name in ("lessons.toml", "example.toml"):
        with open(lessons / name, "rb") as fh:
            walk(tomllib.load(fh))
    return frozenset(w for w in words if w.isalpha())


class Vocabulary:
    """The words a query is checked against (folded): the situations' texts in every language, the
    cards' names and spellings, the ideas' words, the stop words. `correct(query)` reads each unknown
    word as the nearest known one (`TYPO_DISTANCE`), as SymSpell does against its own dictionary."""

    def __init__(self, texts):
        from solver.rules.names import NAMINGS

        counts: dict = {}
        for text in texts:
            for w in fold(text).split():
                counts[w] = counts.get(w, 0) + 1
        rank = dict(counts)
        for naming in NAMINGS.values():
            for name in naming.names.values():
                for w in fold(name).split():
                    rank[w] = CARD_RANK
        for spellings in CARD_SPELLINGS.values():
            for w in spellings.split():
                rank[w] = CARD_RANK
        for words in CONCEPTS.values():
            for phrase in words.values():
                for one in phrase.split():  # an idea's word (a word of a phrase is a word like others)
                    for w in fold(one.replace("_", " ")).split():
                        rank[w] = max(rank.get(w, 0), IDEA_RANK if "_" not in one and len(w) > 2 else 1)
        stop = set().union(*(_stop(lang) for lang in STEMMERS))
        #: the words a typo may be read as (a stop word never: "tye" is the tie, not "the")
        self.rank = {w: r for w, r in rank.items() if w not in stop and w.isalpha() and len(w) > 2}
        self.words = list(self.rank)
        self.known = set(rank) | stop | _app_words()
        self.stems = {lang: {_stemmer(lang).stemWord(w) for w in self.known} for lang in STEMMERS}

    def is_known(self, word: str) -> bool:
        """The word, or a form of it (its stem in some language), is the vocabulary's."""
        return word in self.known or any(_stemmer(lang).stemWord(word) in self.stems[lang] for lang in STEMMERS)

    def nearest(self, word: str):
        """The vocabulary word a misspelt `word` is read as, or None (none near enough)."""
        from rapidfuzz import process
        from rapidfuzz.distance import OSA

        limit = TYPO_DISTANCE(len(word))
        if not limit or not word.isalpha():
            return None
        found = process.extract(word, self.words, scorer=OSA.distance, score_cutoff=limit, limit=None)
        # with its first letter (a typo seldom changes it: "ever" is not the Spanish "ver")
        found = [m for m in found if m[0][:1] == word[:1]]
        if not found:
            return None
        best = min(found, key=lambda m: (m[1], -self.rank[m[0]], m[0]))
        return best[0]

    def correct(self, query: str) -> str:
        """The query (folded) with each unknown word read as its nearest vocabulary word. A word whose
        stem is known ("protecting") is kept, unless a card's name is near it: the
        English stemmer reads "countes" as "count", a word of the texts, where the Countess was meant."""
        out = []
        for w in fold(query).split():
            if w not in self.known:
                near = self.nearest(w)
                if near is None:
                    pass
                elif self.is_known(w):  # a form of a known word: changed for a card's name only
                    w = near if self.rank[near] >= CARD_RANK else w
                elif len(w) >= SHORT or self.rank[near] >= IDEA_RANK:  # (a short word: a card or an idea)
                    w = near
            out.append(w)
        return " ".join(out)


def document(texts: dict) -> list[str]:
    """A situation's terms ({language: {field: text}}), each field counted `WEIGHTS` times."""
    out = []
    for lang, fields in texts.items():
        if lang not in STEMMERS:
            continue
        for name, weight in WEIGHTS.items():
            out.extend(terms(fields.get(name, ""), lang) * weight)
    return out


class Index:
    """The BM25 index of some situations ({id: scenario}), in their order."""

    def __init__(self, items):
        import bm25s

        self.ids = [sid for sid, _ in items]
        self.vocabulary = Vocabulary(text for _, sc in items for fields in sc.text.values()
                                     for text in fields.values() if isinstance(text, str))
        self.retriever = bm25s.BM25()
        self.retriever.index([document(sc.text) or ["~none"] for _, sc in items], show_progress=False)

    def search(self, query: str) -> list[str]:
        wanted = query_terms(query, self.vocabulary)
        if not fold(query):
            return list(self.ids)
        if not wanted:
            return []
        scores = self.retriever.get_scores(wanted)
        best = float(max(scores)) if len(scores) else 0.0
        if best <= 0:
            return []
        order = sorted(range(len(self.ids)), key=lambda i: (-float(scores[i]), i))
        return [self.ids[i] for i in order if float(scores[i]) >= KEEP * best]


@lru_cache(maxsize=1)
def _app_index() -> Index:
    """The index of the app's situations (`tutor.text.scenarios.scenarios`), built once."""
    from tutor.text.scenarios import scenarios

    return Index(list(scenarios().items()))


def search(query: str, scenarios: dict | None = None) -> list[str]:
    """The ids of the situations that answer `query`, best first; all of them for a query with no
    words; [] when no word of it is found anywhere (`scenarios`: the app's by default)."""
    index = _app_index() if scenarios is None else Index(list(scenarios.items()))
    return index.search(query)
