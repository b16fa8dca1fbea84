"""The deal of a round as a person enters it at the table: player names that follow the player
count, and the cards that can still be chosen for the dealt card and the face-up cards (a copy
must be left), so the setup form only offers a deal the rules allow.
"""

from __future__ import annotations

from collections import Counter
from itertools import chain, count

from solver.rules.cards import Card

#: Names offered when the person has not typed theirs.
DEFAULT_NAMES = ("Ana", "Luis", "Marta", "Noor", "Omar", "Pia")


def names_for(n: int, given=()) -> tuple[str, ...]:
    """`n` player names: the names given (in order; blanks, non-text and repeats ignoring case
    dropped, as the record refuses two names equal ignoring case), then unused default names;
    extra names are dropped."""
    out: list[str] = []
    taken: set[str] = set()

    def add(name: str) -> None:
        out.append(name)
        taken.add(name.casefold())

    for name in given:
        name = name.strip() if isinstance(name, str) else ""
        if name and name.casefold() not in taken:
            add(name)
    pool = chain(DEFAULT_NAMES, (f"P{i}" for i in count(1)))
    while len(out) < n:
        name = next(pool)
        if name.casefold() not in taken:
            add(name)
    return tuple(out[:max(n, 0)])


def cards_left(edition, taken) -> tuple[Card, ...]:
    """The edition's cards of which a copy is left once `taken` (cards already placed: the
    dealt card, earlier face-up cards) is removed, in card order."""
    used = Counter(c for c in taken if c is not None)
    return tuple(c for c in edition.cards if used[c] < edition.count(c))

