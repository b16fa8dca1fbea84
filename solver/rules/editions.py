"""Editions as data.

Every difference between the rules texts is a field of `Edition` with the default that
`shared/RULES_REFERENCE.md` §12–13 documents, so a disagreement between sources is a setting
the caller can see and change (`Edition.with_options`), never a silent pick in the code.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Mapping

from solver.rules.cards import Card
from solver.rules.errors import InvalidOptionError

#: Showdown tie rules (§8.3, D3).
ALL_TIED_WIN = "all_tied_win"
DISCARD_TOTAL_THEN_ALL = "discard_total_then_all"
DISCARD_TOTAL_THEN_NONE = "discard_total_then_none"
SHOWDOWN_TIE_RULES = (ALL_TIED_WIN, DISCARD_TOTAL_THEN_ALL, DISCARD_TOTAL_THEN_NONE)

#: Who starts the next round when several players won (§9, D14). Only one reading exists in
#: the sources; the field names it so the choice is visible.
RANDOM_AMONG_WINNERS = "random_among_winners"


@dataclass(frozen=True, eq=False)
class Edition:
    """One playable rule set. Compare editions by `key` plus options (see `__eq__`)."""

    key: str
    title: str
    composition: Mapping[Card, int]
    values: Mapping[Card, int]
    min_players: int
    max_players: int
    token_targets: Mapping[int, int]
    showdown_tie: str
    #: D7: does a knocked-out player who played/discarded a Spy block the bonus?
    spy_eliminated_players_block: bool = False
    #: D2: with 2 players, three more cards are set aside face up.
    two_player_face_up: bool = True
    #: D9: S004's reading, targeted cards may be played "into the void" while targets exist.
    void_target_allowed: bool = False
    next_round_starter_on_tie: str = RANDOM_AMONG_WINNERS
    sources: tuple[str, ...] = ()
    # Derived, filled in __post_init__ (kept as plain tuples for the hot path).
    cards: tuple[Card, ...] = field(init=False)
    deck_size: int = field(init=False)
    value_of: tuple[int, ...] = field(init=False)
    guessable: tuple[Card, ...] = field(init=False)
    guessable_set: frozenset = field(init=False, repr=False)
    has_spy: bool = field(init=False)
    #: Every card's value is its `Card` number (2019): a discard total is the plain sum.
    values_are_ranks: bool = field(init=False, repr=False, compare=False)
    _full_deck: tuple = field(init=False, repr=False)
    #: Memo of legal play lists for the rules engine (not part of the edition's identity).
    action_cache: dict = field(init=False, repr=False)
    #: Memo of one card's plays per (card, seat, open targets) that `action_cache` is built from.
    card_cache: dict = field(init=False, repr=False)
    #: Memo of every seat's open targets per (out, protected) and of the legal plays per (hand,
    #: seat, open targets): what a miss of `action_cache` reads (`solver.rules.legal.legal_plays`).
    targets_cache: dict = field(init=False, repr=False)
    plays_cache: dict = field(init=False, repr=False)
    _hash: int = field(init=False, repr=False)

    def __post_init__(self) -> None:
        cards = tuple(sorted(c for c, n in self.composition.items() if n > 0))
        object.__setattr__(self, "cards", cards)
        object.__setattr__(self, "deck_size", sum(self.composition.values()))
        value_of = tuple(self.values.get(c, -1) for c in Card)
        object.__setattr__(self, "value_of", value_of)
        object.__setattr__(self, "values_are_ranks", all(value_of[c] == c for c in cards))
        object.__setattr__(self, "guessable", tuple(c for c in cards if c is not Card.GUARD))
        object.__setattr__(self, "guessable_set", frozenset(self.guessable))
        object.__setattr__(self, "has_spy", self.composition.get(Card.SPY, 0) > 0)
        object.__setattr__(self, "action_cache", {})
        object.__setattr__(self, "card_cache", {})
        object.__setattr__(self, "targets_cache", {})
        object.__setattr__(self, "plays_cache", {})
        object.__setattr__(
            self, "_full_deck", tuple(c for c in cards for _ in range(self.composition[c]))
        )
        if self.showdown_tie not in SHOWDOWN_TIE_RULES:
            raise InvalidOptionError(
                f"showdown_tie must be one of {', '.join(SHOWDOWN_TIE_RULES)}; got {self.showdown_tie!r}"
            )
        if self.next_round_starter_on_tie != RANDOM_AMONG_WINNERS:
            raise InvalidOptionError(
                f"next_round_starter_on_tie must be {RANDOM_AMONG_WINNERS!r}; got {self.next_round_starter_on_tie!r}"
            )
        missing = [n for n in range(self.min_players, self.max_players + 1) if n not in self.token_targets]
        if missing:
            raise InvalidOptionError(f"token_targets has no target for {missing} players")
        object.__setattr__(self, "_hash", hash(self.identity()))

    # Identity -------------------------------------------------------------------------
    def identity(self) -> tuple:
        return (
            self.key,
            tuple(sorted(self.composition.items())),
            tuple(sorted(self.values.items())),
            self.min_players,
            self.max_players,
            tuple(sorted(self.token_targets.items())),
            self.showdown_tie,
            self.spy_eliminated_players_block,
            self.two_player_face_up,
            self.void_target_allowed,
            self.next_round_starter_on_tie,
        )

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if not isinstance(other, Edition):
            return NotImplemented
        return self.identity() == other.identity()

    def __hash__(self) -> int:
        return self._hash

    def __repr__(self) -> str:
        changed = self.options_changed()
        extra = "".join(f", {k}={v!r}" for k, v in changed.items())
        return f"Edition({self.key!r}{extra})"

    # Queries ---------------------------------------------------------------------------
    def value(self, card: Card) -> int:
        """Printed value of `card` in this edition."""
        return self.value_of[card]

    def count(self, card: Card) -> int:
        return self.composition.get(card, 0)

    def token_target(self, n_players: int) -> int:
        self.check_player_count(n_players)
        return self.token_targets[n_players]

    def check_player_count(self, n_players: int) -> None:
        if (not isinstance(n_players, int) or isinstance(n_players, bool)
                or not self.min_players <= n_players <= self.max_players):
            raise InvalidOptionError(
                f"the {self.title} edition is for {self.min_players}–{self.max_players} players; got {n_players!r}",
                rule="player-count", players=n_players,
            )

    def full_deck(self) -> tuple[Card, ...]:
        """Every card of the edition, sorted (shuffle a copy to deal)."""
        return self._full_deck

    def face_up_count(self, n_players: int) -> int:
        return 3 if (n_players == 2 and self.two_player_face_up) else 0

    # Options ---------------------------------------------------------------------------
    OPTION_NAMES = (
        "token_targets",
        "showdown_tie",
        "spy_eliminated_players_block",
        "two_player_face_up",
        "void_target_allowed",
    )

    def with_options(self, **options) -> "Edition":
        """A copy with some rule settings changed; unknown names are refused."""
        unknown = sorted(set(options) - set(self.OPTION_NAMES))
        if unknown:
            raise InvalidOptionError(
                f"unknown edition option(s) {unknown}; valid options: {', '.join(self.OPTION_NAMES)}"
            )
        if "token_targets" in options:
            options["token_targets"] = dict(options["token_targets"])
        return replace(self, **options)

    def options_changed(self) -> dict:
        """Settings that differ from this edition's documented defaults."""
        base = EDITIONS.get(self.key)
        if base is None or base is self:
            return {}
        return {
            name: getattr(self, name)
            for name in self.OPTION_NAMES
            if getattr(self, name) != getattr(base, name)
        }


_VALUES_2019 = {c: int(c) for c in Card}
_VALUES_CLASSIC = {
    Card.GUARD: 1,
    Card.PRIEST: 2,
    Card.BARON: 3,
    Card.HANDMAID: 4,
    Card.PRINCE: 5,
    Card.KING: 6,
    Card.COUNTESS: 7,
    Card.PRINCESS: 8,
}
_CLASSIC_COMPOSITION = {
    Card.GUARD: 5,
    Card.PRIEST: 2,
    Card.BARON: 2,
    Card.HANDMAID: 2,
    Card.PRINCE: 2,
    Card.KING: 1,
    Card.COUNTESS: 1,
    Card.PRINCESS: 1,
}

EDITION_2019 = Edition(
    key="2019",
    title="2019",
    composition={
        Card.SPY: 2,
        Card.GUARD: 6,
        Card.PRIEST: 2,
        Card.BARON: 2,
        Card.HANDMAID: 2,
        Card.PRINCE: 2,
        Card.CHANCELLOR: 2,
        Card.KING: 1,
        Card.COUNTESS: 1,
        Card.PRINCESS: 1,
    },
    values=_VALUES_2019,
    min_players=2,
    max_players=6,
    token_targets={2: 6, 3: 5, 4: 4, 5: 3, 6: 3},
    showdown_tie=ALL_TIED_WIN,
    sources=("ZM19", "S000", "S003"),
)

EDITION_CLASSIC = Edition(
    key="classic",
    title="classic (16 cards)",
    composition=_CLASSIC_COMPOSITION,
    values=_VALUES_CLASSIC,
    min_players=2,
    max_players=4,
    token_targets={2: 7, 3: 5, 4: 4},
    showdown_tie=DISCARD_TOTAL_THEN_ALL,
    sources=("AEG12", "S001", "S004"),
)

#: The 2019 box's "classic version" (S000 FAQ, S003): 2019 cards minus 1 Guard, 2 Chancellors,
#: 2 Spies; every other 2019 rule kept by default (D5).
EDITION_CLASSIC_2019 = Edition(
    key="classic-2019",
    title="2019 box, classic version",
    composition=dict(_CLASSIC_COMPOSITION),
    values={c: v for c, v in _VALUES_2019.items() if c in _CLASSIC_COMPOSITION},
    min_players=2,
    max_players=4,
    token_targets={2: 6, 3: 5, 4: 4},
    showdown_tie=ALL_TIED_WIN,
    sources=("S000", "S003"),
)

EDITIONS: dict[str, Edition] = {
    e.key: e for e in (EDITION_2019, EDITION_CLASSIC, EDITION_CLASSIC_2019)
}


def get_edition(key: str | Edition, **options) -> Edition:
    """Look an edition up by key ("2019", "classic", "classic-2019"), with optional settings."""
    if isinstance(key, Edition):
        edition = key
    else:
        edition = EDITIONS.get(str(key).strip().lower())
        if edition is None:
            raise InvalidOptionError(
                f"unknown edition {key!r}; valid editions: {', '.join(EDITIONS)}"
            )
    return edition.with_options(**options) if options else edition
