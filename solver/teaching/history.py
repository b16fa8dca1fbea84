"""How a round reaches a position: one deal and the plays from its first turn, played by the engine.

A board the tutor shows (an FAQ situation, a learners' trap, the worked example) must be a state a
real round reaches, with the cards spread over the players as turns spread them — never a built
position with sixteen cards in one discard pile. A `History` is that round: the deck order before
the deal (top first), who starts, and every play. `replay` plays it with the engine; the lessons'
data (lessons/scenarios.toml) stores one per situation and the tests replay each of them.

`find_history` searches for one, given what the position must show (`Goal`): a depth-first search
over the plays and the cards drawn, in which the deck order is chosen lazily — a card's place in the
deck is fixed only when it is first drawn (a Chancellor's returned cards go under the deck, in the
order chosen, and stay there). It is a tool to write the lessons' data (`python -m
solver.teaching.history`), not something the app runs. Nothing here decides a rule: every state
is the engine's.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Callable, Optional, Sequence

from solver.rules.actions import ChancellorChoice, Play
from solver.rules.cards import Card
from solver.rules.editions import Edition, get_edition
from solver.rules.errors import LoveLetterError
from solver.rules.events import CardDrawn, ChancellorDrew
from solver.rules.game import apply, deal_from_order, legal_actions
from solver.rules.state import PLAY, Round


#: How hard a card is to play without knocking a player out (the search draws them early).
HARD = {Card.BARON: 1.0, Card.KING: 1.0, Card.PRINCE: 0.6, Card.PRINCESS: 1.5}


@dataclass(frozen=True)
class History:
    """A round from its deal: `first` starts, `order` is the deck before the deal (top first: the
    set-aside card, the 2-player face-up cards, one card to each player from `first` on, then the
    draws), `plays` every action from the first turn on."""

    first: int
    order: tuple
    plays: tuple = ()


def replay(edition: Edition | str, n_players: int, history: History) -> tuple[list, list]:
    """The states of the round (`states[0]` the deal, `states[i]` after `plays[i - 1]`) and each
    step's events (`events[0]` the deal's). The engine refuses an illegal play (IllegalActionError)."""
    state, events = deal_from_order(edition, n_players, history.first, history.order)
    states, steps = [state], [events]
    for action in history.plays:
        state, events = apply(state, action)
        states.append(state)
        steps.append(events)
    return states, steps


@dataclass(frozen=True)
class Goal:
    """What the reached position must show. `hands` per seat (the player to move holds two cards,
    an out player none); `deck` the top cards of the deck (all of it with `exact_deck`);
    `discards` cards each seat's pile must contain (exactly those, in any order, with
    `exact_discards`); `set_aside` and `face_up` when they matter."""

    hands: tuple
    current: int
    out: tuple
    protected: tuple
    deck: tuple = ()
    exact_deck: bool = False
    set_aside: Optional[Card] = None
    face_up: Optional[tuple] = None
    discards: tuple = ()
    exact_discards: bool = False

    def __post_init__(self):
        n = len(self.hands)
        object.__setattr__(self, "hands", tuple(tuple(sorted(Card(c) for c in h)) for h in self.hands))
        object.__setattr__(self, "deck", tuple(Card(c) for c in self.deck))
        object.__setattr__(self, "discards", tuple(tuple(Card(c) for c in d) for d in (self.discards or [()] * n)))
        if self.face_up is not None:
            object.__setattr__(self, "face_up", tuple(Card(c) for c in self.face_up))

    def shows(self, r: Round) -> bool:
        """`r` shows this position (its deck order aside: see `_deck_fits`)."""
        if r.phase != PLAY or r.current != self.current or r.out != self.out or r.protected != self.protected:
            return False
        if any(tuple(sorted(h)) != g for h, g in zip(r.hands, self.hands)):
            return False
        if self.set_aside is not None and r.set_aside != self.set_aside:
            return False
        if self.face_up is not None and sorted(r.face_up) != sorted(self.face_up):
            return False
        for pile, want in zip(r.discards, self.discards):
            have, need = Counter(pile), Counter(want)
            if need - have or (self.exact_discards and have != need):
                return False
        return True


def _deck_fits(goal: Goal, free: Counter, fixed: tuple) -> Optional[tuple]:
    """The deck arranged to show `goal.deck` on top — the cards not drawn yet (`free`) in any order
    above the Chancellors' returned cards (`fixed`, in their order) — or None when it cannot."""
    want, f = goal.deck, sum(free.values())
    if goal.exact_deck and len(want) != f + len(fixed):
        return None
    if len(want) <= f:
        if Counter(want) - free:
            return None
        rest = free - Counter(want)
        return want + tuple(sorted(rest.elements())) + fixed
    if Counter(want[:f]) != free or fixed[:len(want) - f] != want[f:]:
        return None
    return want[:f] + fixed


@dataclass
class _Search:
    edition: Edition
    goal: Goal
    accept: Callable
    rng: random.Random
    budget: int
    max_plays: int
    first: int = 0
    #: The most children tried at a position.
    width: int = 24
    nodes: int = 0
    found: Optional[History] = None
    total: Counter = field(default_factory=Counter)
    reserved: Counter = field(default_factory=Counter)

    def __post_init__(self):
        e, g = self.edition, self.goal
        self.total = Counter(e.full_deck())
        self.reserved = Counter(c for h in g.hands for c in h) + Counter(g.deck)
        if g.set_aside is not None:
            self.reserved[g.set_aside] += 1
        if g.face_up is not None:
            self.reserved.update(g.face_up)
        self.must = [Counter(d) for d in g.discards]

    # --- what a position may still become -----------------------------------------------------

    def possible(self, r: Round) -> bool:
        g = self.goal
        if r.phase not in (PLAY, "chancellor"):
            return False
        if any(o and not want for o, want in zip(r.out, g.out)):
            return False  # a player who must still be in was knocked out
        if len(r.deck) < len(g.deck):
            return False
        gone = Counter()
        for s, pile in enumerate(r.discards):
            have = Counter(pile)
            if g.exact_discards and have - self.must[s]:
                return False
            for c in set(have) | set(self.must[s]):
                gone[c] += max(have[c], self.must[s][c])
        for c, n in self.total.items():
            if gone[c] + self.reserved[c] > n:
                return False
        if g.set_aside is not None and r.set_aside != g.set_aside:
            return False
        return True

    def distance(self, r: Round, f: int) -> float:
        """How far `r` looks from the goal (the search tries the nearest first): hands and piles
        that still differ, and — when the deck must run down — the cards that are hard to play
        without knocking somebody out (a Baron, the King, a Prince, the Princess) still to come:
        drawn early, they can be played while the hands still allow it."""
        g = self.goal
        d = 0.0
        for s, hand in enumerate(r.hands):
            if g.out[s] != r.out[s]:
                d += 3
            want = Counter(g.hands[s])
            if s == r.current or s == g.current:
                d += sum((want - Counter(hand)).values()) * 0.5
            elif tuple(sorted(hand)) != g.hands[s]:
                d += 1
            d += sum((self.must[s] - Counter(r.discards[s])).values()) * 1.5
            if g.protected[s] != r.protected[s]:
                d += 0.5
        if g.exact_deck:  # the hard cards still to come weigh more as the deck runs down
            spare = Counter(r.deck[:f]) - self.reserved
            d += sum(HARD.get(c, 0) * k for c, k in spare.items()) * (1 + 8 / (1 + f))
        return d + self.rng.random() * 0.9

    # --- the plays tried -------------------------------------------------------------------------

    def plays(self, r: Round) -> list:
        """The legal actions, a Guard's guesses cut to a hit (when it may) and one miss per target:
        the miss a player would make, naming a card they have not seen every copy of (the one with
        the most copies unseen from their seat)."""
        out, guards = [], {}
        legal = legal_actions(r)
        unseen = None
        for a in legal:
            if isinstance(a, Play) and a.guess is not None:
                held = r.hands[a.target][0]
                if a.guess == held:
                    out.append(a)
                    continue
                if unseen is None:
                    unseen = _unseen_by(r, r.current)
                best = guards.get(a.target)
                rank = (unseen[a.guess], self.rng.random())
                if best is None or rank > best[0]:
                    guards[a.target] = (rank, a)
                continue
            if _awkward(r, a):
                continue  # (a Prince on yourself while an opponent may be chosen: a rare play)
            out.append(a)
        return out + [a for _, a in guards.values()]

    def draws(self, free: Counter, k: int) -> list:
        """Sequences of `k` cards to draw next from the cards not drawn yet (fewer when fewer are
        left), in a random order; never one the goal's deck still needs (when others are left)."""
        spare = free - Counter(self.goal.deck)
        kinds = [c for c in spare if spare[c]]
        if not kinds:
            kinds = [c for c in free if free[c]]
        self.rng.shuffle(kinds)
        if k == 0 or not kinds:
            return [()]
        if k == 1:
            return [(c,) for c in kinds]
        seqs = []
        for a in kinds:
            rest = spare.copy() if spare else free.copy()
            rest[a] -= 1
            nxt = [c for c in kinds if rest[c]] or [c for c in (free - Counter({a: 1})) if c not in kinds][:1]
            seqs.extend((a, b) for b in nxt) if nxt else seqs.append((a,))
        return seqs

    # --- the search ------------------------------------------------------------------------------

    def children(self, r: Round, f: int):
        """(state, free count, first-drawn cards, action) after each action and each choice of
        the cards it draws (at most `width` of them, picked at random: the restarts vary them)."""
        free = Counter(r.deck[:f])
        fixed = r.deck[f:]
        options = []
        for action in self.plays(r):
            k = 2 if isinstance(action, Play) and action.card in (Card.PRINCE, Card.CHANCELLOR) else 1
            options.extend((action, seq) for seq in self.draws(free, min(k, f)))
        self.rng.shuffle(options)
        # Near the goal's deck every choice is tried (few cards are left to choose from).
        width = self.width if f > 2 * len(r.hands) + len(self.goal.deck) else len(options)
        seen, kids = set(), []
        for action, seq in options:
            if len(kids) >= width:
                break
            rest = free.copy()
            rest.subtract(Counter(seq))
            deck = tuple(seq) + tuple(rest.elements()) + fixed
            try:
                r2, events = apply(r._replace(deck=deck), action)
            except LoveLetterError:
                continue
            drawn = sum(1 for ev in events if type(ev) is CardDrawn and ev.source == "deck")
            drawn += sum(len(ev.cards) for ev in events if type(ev) is ChancellorDrew)
            first = deck[:min(drawn, f)]  # drawn for the first time: their place is now fixed
            if (action, first) in seen or not self.possible(r2):
                continue
            seen.add((action, first))
            kids.append((r2, f - len(first), first, action))
        return kids

    def run(self, r: Round, f: int, first: tuple, plays: tuple, root) -> bool:
        self.nodes += 1
        if self.nodes > self.budget:
            return False
        g = self.goal
        if r.phase == PLAY and g.shows(r):
            free = Counter(r.deck[:f])
            deck = _deck_fits(g, free, r.deck[f:])
            if deck is not None:
                order = root + first + deck[:f]
                history = History(self.first, order, plays)
                if self.accept(history):
                    self.found = history
                    return True
        if len(plays) >= self.max_plays:
            return False
        kids = self.children(r, f)
        kids.sort(key=lambda k: self.distance(k[0], k[1]) + _awkward(r, k[3]))
        for r2, f2, drawn, action in kids:
            if self.run(r2, f2, first + drawn, plays + (action,), root):
                return True
            if self.nodes > self.budget:
                return False
        return False


def _unseen_by(r: Round, seat: int) -> Counter:
    """Copies of each card `seat` has not seen: not in a discard pile, the face-up row or their hand."""
    seen = Counter(c for pile in r.discards for c in pile) + Counter(r.face_up) + Counter(r.hands[seat])
    return Counter(r.edition.full_deck()) - seen


def _awkward(r: Round, action) -> float:
    """A play few players would choose when another is open (the search tries it later): a Prince
    on yourself while an opponent may be chosen."""
    if isinstance(action, Play) and action.card is Card.PRINCE and action.target == r.current:
        others = [s for s in range(len(r.hands)) if s != r.current and not r.out[s] and not r.protected[s]]
        return 0.8 if others else 0.0
    return 0.0


def _deals(search: _Search, n: int, first: int, count: int = 60):
    """Deals to try (deck order of the deal: set-aside card, face-up cards, a card to each player
    from `first` on, the first draw), the goal's own cards first."""
    e, g, rng = search.edition, search.goal, search.rng
    pool = Counter(e.full_deck())

    def spare_card(left, reserve):
        """A card no goal needs, for a place no play reaches (set aside, face up): when the deck
        must run down, most often one that is hard to play harmlessly."""
        spare = [c for c in left if left[c] > reserve[c]]
        if g.exact_deck and rng.random() < 0.8:
            hard = [c for c in spare if c in HARD]
            if hard:
                return rng.choices(hard, weights=[HARD[c] ** 2 for c in hard])[0]
        return rng.choice(spare)
    tries = []
    for _ in range(count):
        left = pool.copy()
        order = []

        def take(card):
            left[card] -= 1
            order.append(card)

        reserve = Counter(search.reserved)
        if g.set_aside is not None:
            take(g.set_aside)
            reserve[g.set_aside] -= 1
        else:
            take(spare_card(left, reserve))
        k = e.face_up_count(n)
        if g.face_up is not None:
            for c in g.face_up:
                take(c)
                reserve[c] -= 1
        else:
            for _ in range(k):
                take(spare_card(left, reserve))
        elsewhere = Counter(g.deck)  # cards the goal's deck needs: never dealt
        for j in range(n + 1):
            seat = (first + j) % n
            prefer = list(g.hands[seat]) if rng.random() < 0.85 else []
            prefer = [c for c in prefer if left[c] > elsewhere[c] and reserve[c] > 0]
            options = [c for c in left if left[c] > elsewhere[c]]
            card = rng.choice(prefer or options)
            if reserve[card] > 0 and card in g.hands[seat]:
                reserve[card] -= 1
            take(card)
        tries.append(tuple(order))
    return list(dict.fromkeys(tries))


def find_history(edition: Edition | str, goal: Goal, *, accept: Callable = lambda history: True,
                 max_plays: int = 24, budget: int = 3_000, tries: int = 400, seed: int = 0,
                 prefix: Optional[History] = None) -> Optional[History]:
    """A history whose last state shows `goal` and that `accept` takes (e.g. the situation's claims
    all hold from it), or None. Randomised restarts: each try deals anew and searches at most
    `budget` positions. When the deck may keep cards (not `goal.exact_deck`) the fewest plays are
    tried first (0, 1, 2, … up to `max_plays`); an exact deck fixes how long the round runs.

    `prefix` fixes how the round begins: who starts, the top of the deck (`prefix.order`: exactly
    the cards its plays deal and draw) and its plays; the search goes on from there."""
    e = get_edition(edition) if not isinstance(edition, Edition) else edition
    n = len(goal.hands)
    rng = random.Random(seed)
    lengths = (max_plays,) if goal.exact_deck else range(0, max_plays + 1)
    for limit in lengths:
        rounds = tries if goal.exact_deck else max(3, tries // 8)
        for attempt in range(rounds):
            first = prefix.first if prefix else (goal.current + attempt) % n  # (whose turn it is at the end)
            search = _Search(e, goal, accept, rng, budget, limit, first)
            root = prefix.order if prefix else rng.choice(_deals(search, n, first, count=1))
            try:
                r, _ = _deal_root(e, n, first, root)
                for action in prefix.plays if prefix else ():
                    r, _ = apply(r, action)
            except LoveLetterError:
                continue
            if prefix and len(r.deck) != e.deck_size - len(root):
                raise ValueError("a prefix's order must hold exactly the cards its plays deal and draw")
            if search.possible(r) and search.run(r, len(r.deck), (), prefix.plays if prefix else (), root):
                return search.found
    return None


def _deal_root(e: Edition, n: int, first: int, root: tuple):
    """The dealt round whose deal is `root`, the rest of the deck in card order (not drawn yet)."""
    rest = Counter(e.full_deck()) - Counter(root)
    return deal_from_order(e, n, first, root + tuple(sorted(rest.elements())))
