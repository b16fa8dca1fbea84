"""Immutable positions: `Round` (one round, the solver's unit) and `Game` (rounds + tokens).

Both are `NamedTuple`s: immutable, hashable (so `functools.cache` works on them), cheap to
create on the hot path. The deck order is part of a round (index 0 is the top card), so a
round replays exactly from its deal; chance only happens when a round is dealt.

Positions built directly (`position`, `late_position`, `game_position`) and the check that one could
arise under the rules (`validate_round`) are `solver.rules.positions`.
"""

from __future__ import annotations

from collections import Counter
from typing import NamedTuple, Optional

from solver.rules.cards import Card
from solver.rules.editions import Edition
from solver.rules.rich import rich
from solver.rules.seeding import SEED_SCHEME, choose_starter

# Round phases
PLAY = "play"  #: the current player holds two cards and must play one
CHANCELLOR = "chancellor"  #: the current player played a Chancellor and must keep one card
OVER = "over"  #: the round has ended; `winners` is set

# Game phases
IN_ROUND = "in-round"
ROUND_OVER = "round-over"
GAME_OVER = "game-over"


#: Interned hands and flag tuples for the rules' hot path: equal values share one object, so
#: the legal-play memo compares its keys by identity and no new tuple is made per turn.
#: `HAND_OF[c]` is `(c,)`, `HAND_PAIR[a][b]` is `(a, b)`; `interned_flags` keeps at most
#: 2**6 tuples of booleans per table size (the `out` and `protected` of every round).
HAND_OF = tuple((c,) for c in Card)
HAND_PAIR = tuple(tuple((a, b) for b in Card) for a in Card)
_FLAGS: dict = {}


def interned_flags(flags: tuple) -> tuple:
    """The one shared tuple equal to `flags` (a tuple of booleans, one per seat)."""
    return _FLAGS.setdefault(flags, flags) if len(flags) <= 8 else flags


def set_flag(flags: tuple, seat: int, value: bool) -> tuple:
    """`flags` with `flags[seat] = value`, interned."""
    t = flags[:seat] + (value,) + flags[seat + 1:]
    return _FLAGS.setdefault(t, t) if len(t) <= 8 else t


class Round(NamedTuple):
    edition: Edition
    hands: tuple[tuple[Card, ...], ...]
    #: Each seat's discard pile in order: played cards, Prince-forced discards, knocked-out hands.
    discards: tuple[tuple[Card, ...], ...]
    out: tuple[bool, ...]
    protected: tuple[bool, ...]
    #: Draw pile, top card first.
    deck: tuple[Card, ...]
    #: The face-down set-aside card; None once a Prince's target has drawn it.
    set_aside: Optional[Card]
    #: The 2-player face-up cards (never drawn).
    face_up: tuple[Card, ...]
    current: int
    phase: str = PLAY
    #: Turns started so far this round (the first player's first turn is 1).
    turn: int = 1
    winners: tuple[int, ...] = ()
    spy_bonus: Optional[int] = None
    #: "last-standing" or "showdown" once over.
    end_reason: Optional[str] = None
    #: What players remember of others' hands: sorted (observer, holder, card) triples, from a
    #: Priest look, a King trade or a Baron tie, until the holder plays or their hand changes
    #: (`solver.rules.memory`). The card counter bots use it; the rules never do.
    known: tuple = ()

    @property
    def n_players(self) -> int:
        return len(self.hands)

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    def in_round(self) -> tuple[int, ...]:
        """Seats still in the round, in seat order."""
        return tuple(i for i, o in enumerate(self.out) if not o)

    def all_cards(self) -> Counter:
        """Every card, wherever it is (an invariant: equals the edition's composition)."""
        count: Counter = Counter()
        for h in self.hands:
            count.update(h)
        for d in self.discards:
            count.update(d)
        count.update(self.deck)
        count.update(self.face_up)
        if self.set_aside is not None:
            count[self.set_aside] += 1
        return count

    def discard_total(self, seat: int) -> int:
        value_of = self.edition.value_of
        return sum(value_of[c] for c in self.discards[seat])

    def _repr_html_(self) -> Optional[str]:
        """The table in a notebook: every hand, discards, deck, whose turn (`solver.display`)."""
        return rich(self, "round")


class Game(NamedTuple):
    edition: Edition
    names: tuple[str, ...]
    tokens: tuple[int, ...]
    seed: object
    round_no: int
    #: Who started the current round.
    starter: int
    round: Round
    phase: str = IN_ROUND
    #: Game winners once over (everyone at or above the target at that moment).
    winners: tuple[int, ...] = ()
    #: How `seed` turns into each round's shuffle and tie-breaks (`solver.rules.seeding`).
    seed_scheme: int = SEED_SCHEME

    @property
    def n_players(self) -> int:
        return len(self.names)

    @property
    def target(self) -> int:
        return self.edition.token_targets[len(self.names)]

    @property
    def is_over(self) -> bool:
        return self.phase == GAME_OVER

    def _repr_html_(self) -> Optional[str]:
        """The table in a notebook, with the players' names and tokens (`solver.display`)."""
        return rich(self, "game")

    @property
    def next_starter(self) -> Optional[int]:
        """Who starts the next round, once the current one is over (also when the game is
        over: who would start). The last round's winner; several winners: one of them, seeded
        by `f"{seed}/starter/{round_no}"` under the game's seed scheme (D14); nobody (classic
        "nobody scores" option): the same starter again (§9). None while the round is being
        played."""
        if self.round.phase != OVER:
            return None
        winners = self.round.winners
        if len(winners) == 1:
            return winners[0]
        if not winners:
            return self.starter
        return choose_starter(winners, self.seed, self.round_no, self.seed_scheme)
