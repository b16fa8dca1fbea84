"""Card names in English, Spanish and French, and the renamed deck of "Carta de Amor".

A name only means a card within a naming: "Espía" is the Spy (0) in the Spanish 2019 deck
(S000) but the Guard (1) in the Carta de Amor deck (S004). `parse_card` therefore resolves a
name within an edition and a naming, and refuses a name that is unknown or ambiguous with a
message that lists the valid names.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from typing import Mapping

from solver.rules.cards import Card
from solver.rules.editions import Edition
from solver.rules.errors import AmbiguousCardNameError, UnknownCardNameError


@dataclass(frozen=True)
class Naming:
    key: str
    language: str
    title: str
    names: Mapping[Card, str]
    #: Extra accepted spellings (other translations of the same language).
    aliases: Mapping[str, Card]
    #: Editions whose deck this naming describes (the renamed deck only exists for classic).
    editions: tuple[str, ...] = ("2019", "classic", "classic-2019")


EN = Naming(
    "en",
    "en",
    "English",
    {
        Card.SPY: "Spy",
        Card.GUARD: "Guard",
        Card.PRIEST: "Priest",
        Card.BARON: "Baron",
        Card.HANDMAID: "Handmaid",
        Card.PRINCE: "Prince",
        Card.CHANCELLOR: "Chancellor",
        Card.KING: "King",
        Card.COUNTESS: "Countess",
        Card.PRINCESS: "Princess",
    },
    {},
)

ES = Naming(
    "es",
    "es",
    "Español",
    {
        Card.SPY: "Espía",
        Card.GUARD: "Guardia",
        Card.PRIEST: "Sacerdote",
        Card.BARON: "Barón",
        Card.HANDMAID: "Doncella",
        Card.PRINCE: "Príncipe",
        Card.CHANCELLOR: "Chanciller",
        Card.KING: "Rey",
        Card.COUNTESS: "Condesa",
        Card.PRINCESS: "Princesa",
    },
    # S001 (classic, AEG text) calls the Guard "Guardián".
    {"Guardián": Card.GUARD},
)

FR = Naming(
    "fr",
    "fr",
    "Français",
    {
        Card.SPY: "Espionne",
        Card.GUARD: "Garde",
        Card.PRIEST: "Prêtre",
        Card.BARON: "Baron",
        Card.HANDMAID: "Servante",
        Card.PRINCE: "Prince",
        Card.CHANCELLOR: "Chancelier",
        Card.KING: "Roi",
        Card.COUNTESS: "Comtesse",
        Card.PRINCESS: "Princesse",
    },
    {},
)

#: S004 "Carta de Amor" (muta.pro): the classic 16-card deck, renamed.
CARTA_DE_AMOR = Naming(
    "carta-de-amor",
    "es",
    "Carta de Amor",
    {
        Card.GUARD: "Espía",
        Card.PRIEST: "Sacerdote",
        Card.BARON: "Duelista",
        Card.HANDMAID: "Escudo",
        Card.PRINCE: "Mensajero",
        Card.KING: "Noble",
        Card.COUNTESS: "Dama",
        Card.PRINCESS: "Heredera",
    },
    {},
    editions=("classic",),
)

NAMINGS: dict[str, Naming] = {n.key: n for n in (EN, ES, FR, CARTA_DE_AMOR)}


def fold(text: str) -> str:
    """Case- and accent-insensitive form used for matching ("Barón" == "baron")."""
    decomposed = unicodedata.normalize("NFKD", text.strip().casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def get_naming(key: str | Naming) -> Naming:
    if isinstance(key, Naming):
        return key
    naming = NAMINGS.get(str(key).strip().lower())
    if naming is None:
        raise UnknownCardNameError(
            f"unknown naming {key!r}; valid namings: {', '.join(NAMINGS)}", rule="unknown-naming"
        )
    return naming


def card_name(card: Card, naming: str | Naming = "en") -> str:
    """Display name of `card` in a naming (falls back to English for cards it lacks)."""
    naming = get_naming(naming)
    return naming.names.get(card) or EN.names[card]


def _lookup(naming: Naming) -> dict[str, Card]:
    table = {fold(name): card for card, name in naming.names.items()}
    table.update({fold(name): card for name, card in naming.aliases.items()})
    return table


_LOOKUPS = {key: _lookup(n) for key, n in NAMINGS.items()}


def valid_names(edition: Edition, naming: str | Naming = "en") -> list[str]:
    naming = get_naming(naming)
    return [card_name(c, naming) for c in edition.cards]


def closest_card(text: str, edition: Edition) -> Card | None:
    """The card of `edition` whose name, in a naming usable with it, is closest to a misspelt
    `text` ("Gaurd" → the Guard, "Pirncesa" → the Princess); None when no name is close (a
    similarity below 0.7) or the closest names mean different cards. At most 20 characters are
    compared."""
    from difflib import SequenceMatcher

    key = fold(str(text))[:20]
    table: dict[str, set] = {}
    for n in NAMINGS.values():
        if edition.key in n.editions:
            for name, card in _LOOKUPS[n.key].items():
                if card in edition.cards:
                    table.setdefault(name, set()).add(card)
    scores = {name: SequenceMatcher(None, key, name).ratio() for name in table}
    best = max(scores.values(), default=0.0)
    if best < 0.7:
        return None
    cards = set().union(*(table[name] for name, score in scores.items() if score == best))
    return next(iter(cards)) if len(cards) == 1 else None


def parse_card(text: str, edition: Edition, naming: str | Naming | None = None) -> Card:
    """Resolve a card name (or printed value, e.g. "7") within `edition`.

    With `naming=None` every naming usable with the edition is tried, and a name that means
    different cards in different namings is refused as ambiguous.
    """
    raw = str(text)
    key = fold(raw)
    if not key:
        raise UnknownCardNameError("empty card name", name=raw)
    if key.lstrip("-").isdigit():
        value = int(key)
        for card in edition.cards:
            if edition.value(card) == value:
                return card
        values = ", ".join(str(edition.value(c)) for c in edition.cards)
        raise UnknownCardNameError(
            f"no card has value {value} in the {edition.title} edition; valid values: {values}",
            name=raw,
        )
    if naming is not None:
        naming = get_naming(naming)
        candidates = {naming.key: _LOOKUPS[naming.key].get(key)}
    else:
        candidates = {
            n.key: _LOOKUPS[n.key].get(key) for n in NAMINGS.values() if edition.key in n.editions
        }
    found = {k: c for k, c in candidates.items() if c is not None}
    in_edition = {k: c for k, c in found.items() if c in edition.cards}
    distinct = set(found.values())
    if len(distinct) > 1:
        meanings = "; ".join(f"{k}: {card_name(c, k)} ({edition.value(c) if c in edition.cards else 'not in this edition'})"
                             for k, c in sorted(found.items()))
        raise AmbiguousCardNameError(
            f"{raw!r} means different cards in different namings ({meanings}); choose a naming",
            name=raw,
        )
    if in_edition:
        return next(iter(in_edition.values()))
    shown = naming if naming is not None else EN
    valid = ", ".join(valid_names(edition, shown))
    if found:
        card = next(iter(found.values()))
        raise UnknownCardNameError(
            f"the {card.title} ({raw!r}) is not in the {edition.title} edition; valid cards: {valid}",
            name=raw,
        )
    guess = closest_card(raw, edition)
    hint = f" (did you mean the {guess.title}?)" if guess is not None else ""
    raise UnknownCardNameError(
        f"unknown card name {raw!r} in the {edition.title} edition{hint}; valid cards: {valid}", name=raw,
        suggestion=guess,
    )
