"""Fast rollouts: the same round rules on one mutable state, with no events and no record.

For bots and the advisor, which play thousands of rounds to their end and only read the
outcome. `Sim.from_round(r)` copies a `Round` (any phase, the memory `Round.known` included)
into plain lists of ints; `sim.run(rng)` plays it to its end with uniformly random legal plays
(`rng`: the project's generator, `solver.rules.rng.SplitMix64`),
or with a `choose(sim, seat)` callback for some decisions; `sim.to_round()` gives the
equivalent `Round` back; `Sim.deal(edition, n, first_player, rng)` deals a fresh one. The public engine (`legal_actions` + `apply`) stays the reference:
`tests/rules/test_fast.py` plays the same seeded rounds through both and compares every final
state, and the random choices are drawn exactly as `rng.choice(legal_actions(r))` draws them
(`rng.below(number of legal plays)`, the legal plays in the engine's order), so the same
generator gives the same round; the compiled path (`solver.compiled`) draws the same way.

State layout: `hand[i]` is the card seat i holds between turns (-1 once out); the player to
move also holds `drawn` (in the Chancellor phase, the one or two drawn cards are `chancellor`);
`deck` is a list with the top card at the END (a draw is `deck.pop()`); `disc[i]` is seat i's
discard pile; `known` maps (observer, holder) to the card remembered (`solver.rules.memory`'s
rule), kept only when the `Sim` was made with `memory=True`.
"""

from __future__ import annotations


from solver.rules.cards import Card
from solver.rules.rng import SplitMix64
from solver.rules.editions import ALL_TIED_WIN, DISCARD_TOTAL_THEN_NONE, Edition
from solver.rules.round_rules import chancellor_choices, spy_bonus_seat
from solver.rules.state import CHANCELLOR as CHANCELLOR_PHASE, OVER, PLAY, Round

SPY, GUARD, PRIEST, BARON, HANDMAID, PRINCE, CHANCELLOR, KING, COUNTESS, PRINCESS = range(10)
_CARDS = tuple(Card)
_PHASES = {PLAY: 0, CHANCELLOR_PHASE: 1, OVER: 2}
_PHASE_NAMES = (PLAY, CHANCELLOR_PHASE, OVER)
#: How each card chooses: 0 nobody, 1 another player, 2 another player and a guess (Guard),
#: 3 any player in the round, themselves included (Prince).
KIND = (0, 2, 1, 1, 0, 3, 0, 1, 0, 0)
#: Shared target lists of a 2-player round (never changed).
_SEAT = ([0], [1])
_NOBODY: list = []
#: Which two-card hands (index 10a+b) hold a card that chooses a player.
_NEEDS_TARGETS = tuple(KIND[a] != 0 or KIND[b] != 0 for a in range(10) for b in range(10))


def playable(a: int, b: int) -> tuple:
    """The cards of the hand (a, b) that may be played, lowest first (the Countess rule, §6)."""
    if (a == COUNTESS and (b == KING or b == PRINCE)) or (b == COUNTESS and (a == KING or a == PRINCE)):
        return (COUNTESS,)
    if a == b:
        return (a,)
    return (a, b) if a < b else (b, a)


class _Tables:
    """Per-edition constants of the fast path: the deck as ints, the Guard's guesses, and the
    legal plays of each hand by number of open targets, as (card, slot, guess) rows in the
    engine's order (slot: index in the open targets, or for the Prince in the sorted seats
    with the player; -1 for no target)."""

    __slots__ = ("deck", "guessable", "plays", "chancellor", "has_spy", "composition")

    def __init__(self, edition: Edition) -> None:
        self.deck = tuple(int(c) for c in edition.full_deck())
        self.guessable = tuple(int(c) for c in edition.guessable)
        self.plays = [None] * (100 * 8)
        #: The Chancellor's choices per held cards (in hand order), as (keep, bottom) in the
        #: engine's order (`round_rules.chancellor_choices`).
        self.chancellor = {}
        self.has_spy = edition.has_spy
        #: Copies of each card value 0-9 in the edition's deck (0 for a value it lacks).
        self.composition = tuple(edition.composition.get(c, 0) for c in range(10))

    def build_chancellor(self, held: tuple) -> tuple:
        rows = tuple((int(a.keep), tuple(int(c) for c in a.bottom))
                     for a in chancellor_choices(tuple(_CARDS[c] for c in held))[0])
        self.chancellor[held] = rows
        return rows

    def build(self, edition: Edition, hand_index: int, k: int) -> tuple:
        """The rows for hand 10a+b with k open targets (built once)."""
        void = edition.void_target_allowed
        rows = []
        for c in playable(*divmod(hand_index, 10)):
            kind = KIND[c]
            if kind == 0:
                rows.append((c, -1, None))
            elif kind == 3:
                rows.extend((c, j, None) for j in range(k + 1))
                if void and k:
                    rows.append((c, -1, None))
            elif not k:
                rows.append((c, -1, None))
            else:
                if kind == 2:
                    rows.extend((c, j, g) for j in range(k) for g in self.guessable)
                else:
                    rows.extend((c, j, None) for j in range(k))
                if void:
                    rows.append((c, -1, None))
        rows = tuple(rows)
        self.plays[hand_index * 8 + k] = rows
        return rows


#: Bounded by the number of distinct edition settings in use.
_TABLES: dict = {}


def _tables(edition: Edition) -> _Tables:
    found = _TABLES.get(edition)
    if found is None:
        found = _TABLES[edition] = _Tables(edition)
    return found


class Sim:
    """One round on mutable lists (see the module docstring). Not hashable, not shared: make
    one per play-out (`from_round` is cheap)."""

    __slots__ = ("edition", "tables", "n", "value", "hand", "drawn", "chancellor", "deck", "set_aside",
                 "face_up", "out", "prot", "disc", "alive", "current", "phase", "turn", "known", "winners",
                 "spy_bonus", "end_reason")

    def __init__(self, edition: Edition, n: int, memory: bool) -> None:
        self.edition = edition
        self.tables = _tables(edition)
        self.n = n
        self.value = edition.value_of
        self.known = {} if memory else None
        self.winners = ()
        self.spy_bonus = None
        self.end_reason = None
        self.chancellor = []
        self.drawn = -1

    # Conversions --------------------------------------------------------------------------------
    @classmethod
    def from_round(cls, r: Round, memory: bool = True) -> "Sim":
        """A copy of `r` (the memory too with `memory=True`, which the counting heuristic needs)."""
        n = len(r.hands)
        sim = cls(r.edition, n, memory)
        p = r.current
        phase = _PHASES[r.phase]
        sim.hand = [int(h[0]) if h else -1 for h in r.hands]
        if phase == 0:
            sim.drawn = int(r.hands[p][1])
        elif phase == 1:
            sim.chancellor = [int(c) for c in r.hands[p][1:]]
        sim.deck = [int(c) for c in reversed(r.deck)]
        sim.set_aside = None if r.set_aside is None else int(r.set_aside)
        sim.face_up = tuple(int(c) for c in r.face_up)
        sim.out = list(r.out)
        sim.prot = list(r.protected)
        sim.disc = [[int(c) for c in d] for d in r.discards]
        sim.alive = n - sum(r.out)
        sim.current = p
        sim.phase = phase
        sim.turn = r.turn
        if memory:
            sim.known = {(o, h): int(c) for o, h, c in r.known}
        if phase == 2:
            sim.winners, sim.spy_bonus, sim.end_reason = r.winners, r.spy_bonus, r.end_reason
        return sim

    @classmethod
    def deal(cls, edition: Edition, n: int, first_player: int, rng: SplitMix64, memory: bool = False) -> "Sim":
        """A round dealt from a uniformly random deck order drawn from `rng` (§3): the edition's
        sorted deck shuffled by `rng.shuffle` (Fisher–Yates, `solver.rules.rng`), as the compiled
        path deals (`solver.compiled`)."""
        edition.check_player_count(n)
        cards = list(_tables(edition).deck)
        rng.shuffle(cards)
        return cls.from_order(edition, n, first_player, cards, memory)

    @classmethod
    def from_order(cls, edition: Edition, n: int, first_player: int, cards: list, memory: bool = False) -> "Sim":
        """The round `deal_from_order` deals from this deck order (top first, as ints)."""
        sim = cls(edition, n, memory)
        k = edition.face_up_count(n)
        sim.set_aside = cards[0]
        sim.face_up = tuple(cards[1:1 + k])
        pos = 1 + k
        hand = [-1] * n
        for j in range(n):
            hand[(first_player + j) % n] = cards[pos]
            pos += 1
        sim.drawn = cards[pos]
        sim.hand = hand
        sim.deck = cards[:pos:-1]  # top card at the end
        sim.out = [False] * n
        sim.prot = [False] * n
        sim.disc = [[] for _ in range(n)]
        sim.alive = n
        sim.current = first_player
        sim.phase = 0
        sim.turn = 1
        return sim

    def to_round(self) -> Round:
        """The equivalent `Round` (equal to the public engine's after the same plays)."""
        C = _CARDS
        p = self.current
        hands = [() if h < 0 else (C[h],) for h in self.hand]
        if self.phase == 0:
            hands[p] = (C[self.hand[p]], C[self.drawn])
        elif self.phase == 1:
            hands[p] = (C[self.hand[p]],) + tuple(C[c] for c in self.chancellor)
        known = ()
        if self.known:
            known = tuple(sorted((o, h, C[c]) for (o, h), c in self.known.items()))
        return Round(
            self.edition, tuple(hands), tuple(tuple(C[c] for c in d) for d in self.disc), tuple(self.out),
            tuple(self.prot), tuple(C[c] for c in reversed(self.deck)),
            None if self.set_aside is None else C[self.set_aside], tuple(C[c] for c in self.face_up), p,
            _PHASE_NAMES[self.phase], self.turn, self.winners, self.spy_bonus, self.end_reason, known,
        )

    # Queries ------------------------------------------------------------------------------------
    def open_targets(self, p: int) -> list:
        """Other players `p` may choose: in the round and not protected."""
        out = self.out
        prot = self.prot
        return [i for i in range(self.n) if i != p and not out[i] and not prot[i]]

    @property
    def is_over(self) -> bool:
        return self.phase == 2

    # Play ---------------------------------------------------------------------------------------
    def run(self, rng: SplitMix64, choose=None, watch: int = -1) -> bool:
        """Play to the end of the round. Each decision is `choose(self, seat)` when `choose` is
        given (`self.current`, `self.drawn`, `self.phase` are up to date when it is called):
        a `(card, target, guess)` play, a `(keep, bottom)` Chancellor choice, or None for a
        uniformly random legal one drawn from `rng`, as `rng.choice(legal_actions(r))` draws
        it. A returned play must be legal (it is not checked here).

        With `watch` (a seat), stop as soon as that seat is out of the round before its next
        turn has started, and return True then (the round may be left unfinished)."""
        value = self.value
        n = self.n
        hand = self.hand
        deck = self.deck
        out = self.out
        prot = self.prot
        disc = self.disc
        known = self.known
        tables = self.tables
        plays = tables.plays
        edition = self.edition
        needs_targets = _NEEDS_TARGETS
        below = rng.below
        p = self.current
        drawn = self.drawn
        alive = self.alive
        phase = self.phase
        turn = self.turn
        seen_turn = False
        while phase != 2:
            if watch >= 0:
                if p == watch and phase == 0:
                    seen_turn = True
                if out[watch] and not seen_turn:
                    self.current, self.drawn, self.alive, self.phase, self.turn = p, drawn, alive, phase, turn
                    return True
            if phase == 1:
                # The Chancellor's second decision: keep one card, the others under the deck.
                choice = None
                if choose is not None:
                    self.current, self.phase = p, 1
                    choice = choose(self, p)
                if choice is None:
                    held = (hand[p], *self.chancellor)
                    rows = tables.chancellor.get(held) or tables.build_chancellor(held)
                    keep, bottom = rows[below(len(rows))]
                else:
                    keep, bottom = choice
                hand[p] = int(keep)
                deck[0:0] = [int(c) for c in reversed(bottom)]
                self.chancellor = []
                phase = 0
            else:
                a = hand[p]
                b = drawn
                choice = None
                if choose is not None:
                    self.current, self.drawn, self.phase = p, drawn, 0
                    choice = choose(self, p)
                if choice is None:
                    # The legal plays in the engine's order (`round_rules.legal_plays`), counted.
                    hand_index = a * 10 + b
                    if needs_targets[hand_index]:
                        if n == 2:  # the other player is in the round (else it would be over)
                            targets = _NOBODY if prot[1 - p] else _SEAT[1 - p]
                        else:
                            targets = [i for i in range(n) if i != p and not out[i] and not prot[i]]
                        k = len(targets)
                    else:
                        targets = None
                        k = 0
                    rows = plays[hand_index * 8 + k] or tables.build(edition, hand_index, k)
                    c, slot, g = rows[below(len(rows))]
                    if slot < 0:
                        t = None
                    elif c == PRINCE:
                        t = sorted(targets + [p])[slot]
                    else:
                        t = targets[slot]
                else:
                    c, t, g = choice
                kept = b if c == a else a
                # Resolve the card (§6); the memory follows `solver.rules.memory.remember`.
                disc[p].append(c)
                if known:
                    for key in [key for key in known if key[1] == p]:
                        del known[key]
                ko = -1  # a seat knocked out by this play
                if t is None:
                    if c == PRINCESS:
                        ko = p
                    elif c == HANDMAID:
                        prot[p] = True
                    elif c == CHANCELLOR and deck:
                        first = deck.pop()
                        self.chancellor = [first, deck.pop()] if deck else [first]
                        hand[p] = kept
                        phase = 1
                        continue
                elif c == GUARD:
                    if hand[t] == g:
                        ko = t
                elif c == PRIEST:
                    if known is not None:
                        known[(p, t)] = hand[t]
                elif c == BARON:
                    theirs = hand[t]
                    vm = value[kept]
                    vt = value[theirs]
                    if vm > vt:
                        ko = t
                    elif vm < vt:
                        ko = p
                    elif known is not None:
                        known[(p, t)] = theirs
                        known[(t, p)] = kept
                elif c == PRINCE:
                    dropped = kept if t == p else hand[t]
                    disc[t].append(dropped)
                    if known:
                        for key in [key for key in known if key[1] == t]:
                            del known[key]
                    if dropped == PRINCESS:
                        ko = t
                        if t == p:
                            kept = -1
                        else:
                            hand[t] = -1
                    else:
                        if deck:
                            new = deck.pop()
                        else:
                            new = self.set_aside
                            self.set_aside = None
                        if t == p:
                            kept = new
                        else:
                            hand[t] = new
                elif c == KING:
                    theirs = hand[t]
                    hand[t] = kept
                    if known is not None:
                        if known:
                            swapped = {}
                            for (o, h), x in known.items():
                                if (o == p or o == t) and (h == p or h == t):
                                    continue
                                swapped[(o, t if h == p else p if h == t else h)] = x
                            known.clear()
                            known.update(swapped)
                        known[(p, t)] = kept
                        known[(t, p)] = theirs
                    kept = theirs
                hand[p] = kept
                if ko >= 0:
                    h = hand[ko]
                    if h >= 0:
                        disc[ko].append(h)
                    hand[ko] = -1
                    out[ko] = True
                    prot[ko] = False
                    alive -= 1
                    if known:
                        for key in [key for key in known if key[0] == ko or key[1] == ko]:
                            del known[key]
            # End of the turn (§8): one player left, else an empty deck, else the next turn.
            if alive == 1:
                self.turn = turn
                self._finish("last-standing", (out.index(False),), p, alive)
                return watch >= 0 and out[watch] and not seen_turn
            if not deck:
                self.turn = turn
                self._showdown(p, alive)
                return watch >= 0 and out[watch] and not seen_turn
            p += 1
            if p == n:
                p = 0
            while out[p]:
                p += 1
                if p == n:
                    p = 0
            if prot[p]:
                prot[p] = False
            drawn = deck.pop()
            turn += 1
        self.current, self.drawn, self.alive, self.turn = p, drawn, alive, turn
        return watch >= 0 and out[watch] and not seen_turn

    def _showdown(self, p: int, alive: int) -> None:
        value = self.value
        hand = self.hand
        seats = [i for i in range(self.n) if not self.out[i]]
        best = max(value[hand[i]] for i in seats)
        tied = [i for i in seats if value[hand[i]] == best]
        rule = self.edition.showdown_tie
        if len(tied) > 1 and rule != ALL_TIED_WIN:
            totals = {i: sum(value[c] for c in self.disc[i]) for i in tied}
            top = max(totals.values())
            tied = [i for i in tied if totals[i] == top]
            if len(tied) > 1 and rule == DISCARD_TOTAL_THEN_NONE:
                tied = []
        self._finish("showdown", tuple(tied), p, alive)

    def _finish(self, reason: str, winners: tuple, p: int, alive: int) -> None:
        self.current = p
        self.drawn = -1
        self.alive = alive
        self.phase = 2
        self.prot[:] = [False] * self.n
        self.winners = winners
        self.end_reason = reason
        self.spy_bonus = spy_bonus_seat(self.edition, self.disc, self.out) if self.tables.has_spy else None


def random_playout(r: Round, rng: SplitMix64) -> tuple[tuple[int, ...], int | None]:
    """Play `r` to its end with uniformly random legal plays; return (winners, Spy-bonus seat)."""
    sim = Sim.from_round(r, memory=False)
    sim.run(rng)
    return sim.winners, sim.spy_bonus
