"""Searching the FAQ and the learners' traps by the words a person types ("set aside", "Prinz",
"condesa rey"): their titles, questions and rulings in every language, and the names of the
cards they involve in every naming, accents and case ignored. Pure functions (no Streamlit).
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

#: How much a word counts where it is found: the title and the question say what the situation
#: is; the ruling also names what it is not.
WEIGHTS = {"title": 3.0, "question": 2.0, "ruling": 1.0, "cards": 1.0}
#: A word found in more than this share of the scenarios says little ("the", "Ana", "card"): it
#: ranks, but does not filter.
COMMON = 0.6
#: Words of a question that never tell situations apart, in each language (folded).
STOP_WORDS = frozenset("""
a an and are can do does for happen happens he her his if in is it may of on or she the their them they to what
when where which who whom why will with
con cual cuando de del el en es la las lo los o pasa puede por que quien se si su un una y
avec de des du elle en est et il la le les ou peut pour quand que quel quelle qui se si son sa un une
""".split())


#: Words people type for a thing the texts name otherwise (folded): each also finds the texts'
#: word ("écartée" for the card "mise de côté", "burn card" for the set-aside card).
SYNONYMS = {
    "ecartee": "cote", "ecartees": "cote", "ecarte": "cote", "ecartes": "cote", "ecarter": "cote",
    "burn": "aside", "burned": "aside", "burnt": "aside",
    "quemada": "apartada", "quemadas": "apartada", "retirada": "apartada",
}


def fold(text: str) -> str:
    """Lower case without accents, every run of non-letters a single space ("Set-aside" ->
    "set aside", "Princesse\u00a0?" -> "princesse")."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    plain = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return " ".join(re.findall(r"[^\W_]+", plain))


def words(query: str) -> tuple[str, ...]:
    """The query's words worth matching (two letters or more, not a stop word), in order,
    without repeats."""
    return tuple(dict.fromkeys(w for w in fold(query).split() if len(w) >= 2 and w not in STOP_WORDS))


def _cards_of(sc) -> set:
    from solver.rules.cards import Card

    cards = {Card(c) for hand in sc.start.hands for c in hand}
    for action in sc.plays:
        for name in ("card", "keep", "guess"):
            value = getattr(action, name, None)
            if value is not None:
                cards.add(Card(value))
    return cards


def _index(items) -> tuple:
    """For each (id, scenario): {field: the set of its folded words}."""
    from solver.rules.names import NAMINGS

    out = []
    for sid, sc in items:
        fields = {name: set() for name in WEIGHTS}
        for texts in sc.text.values():
            for name in ("title", "question", "ruling"):
                fields[name].update(fold(texts.get(name, "")).split())
        for card in _cards_of(sc):
            for naming in NAMINGS.values():
                name = naming.names.get(card)
                if name:
                    fields["cards"].update(fold(name).split())
        out.append((sid, {k: frozenset(v) for k, v in fields.items()}))
    return tuple(out)


@lru_cache(maxsize=1)
def _app_index() -> tuple:
    """The index of the app's scenarios (`tutor.text.scenarios.scenarios`), built once."""
    from tutor.text.scenarios import scenarios

    return _index(scenarios().items())


def _found(word: str, vocabulary) -> bool:
    """`word` is a word of the text, or its plural; a word of five letters or more also finds
    the words it starts ("protect" finds "protected"; "tie" does not find "tiene")."""
    if word in vocabulary or word + "s" in vocabulary or word + "es" in vocabulary:
        return True
    return len(word) >= 5 and any(w.startswith(word) for w in vocabulary)


def search(query: str, scenarios: dict | None = None) -> list[str]:
    """The ids of the scenarios that answer `query`, best first; [] when no word of it is found
    anywhere (`scenarios`: the app's by default). A scenario must contain every telling word of the query (a word most scenarios
    contain only ranks); when none contains them all, those with the most are given."""
    index = _app_index() if scenarios is None else _index(scenarios.items())
    wanted = words(query)
    if not wanted:
        return [sid for sid, _ in index]
    hits = {sid: {w: max((WEIGHTS[f] for f, vocab in fields.items()
                          if _found(w, vocab) or (w in SYNONYMS and _found(SYNONYMS[w], vocab))), default=0.0)
                  for w in wanted} for sid, fields in index}
    count = {w: sum(1 for h in hits.values() if h[w]) for w in wanted}
    usable = [w for w in wanted if count[w]]
    if not usable:
        return []
    telling = [w for w in usable if count[w] <= COMMON * len(index)] or usable
    order = {sid: i for i, (sid, _) in enumerate(index)}

    def score(sid: str) -> float:
        return sum(hits[sid][w] / count[w] ** 0.5 for w in usable)

    chosen = [sid for sid in order if all(hits[sid][w] for w in telling)]
    if not chosen:
        most = max(sum(1 for w in telling if hits[sid][w]) for sid in order)
        chosen = [sid for sid in order if sum(1 for w in telling if hits[sid][w]) == most]
    return sorted(chosen, key=lambda sid: (-score(sid), order[sid]))
