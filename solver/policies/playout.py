"""Fast play-outs with the policies: the counting heuristic on the fast state
(`solver.rules.fast.Sim`), and the advisor's "play this round out from here".

`counting_choices(sim, seat)` is `counting_choices` (`solver.policies.heuristics`) computed on
the fast state: the same plays in every state (its own view only: its hand, the public cards,
what it remembers in `sim.known`), without building the legal actions, `Fraction`s or
`Counter`s. `tests/policies/test_playout.py` asks both at every decision of thousands of rounds.

`fast_playout(r, viewer, model, rng)` plays a round out the way the advisor's estimate does
(`solver.advice.advisor.advise_estimate`): the viewer with the counting heuristic; opponents with
the model, "random" (uniformly random legal plays) or "counting" (the heuristic with
probability 1 - `CardCounterModel.EPSILON`, else a random play, drawn per decision as
`rng.chance(1, 10)` for the random play: `CardCounterModel.explores`). It draws from `rng` (the
project's generator, `solver.rules.rng.SplitMix64`) exactly what that loop over the public engine
draws, so the same generator gives the same outcome; so does the compiled path (`solver.compiled`).
"""

from __future__ import annotations

from typing import Optional

from solver.policies.models import CardCounterModel
from solver.rules.errors import InvalidOptionError
from solver.rules.rng import SplitMix64
from solver.rules.fast import BARON, GUARD, KIND, PRIEST, PRINCE, PRINCESS, Sim, playable
from solver.rules.state import Round

EPSILON = float(CardCounterModel.EPSILON)
#: The card counter's random play: `rng.chance(EXPLORE_P, EXPLORE_Q)` (EPSILON exactly).
EXPLORE_P, EXPLORE_Q = CardCounterModel.EPSILON.numerator, CardCounterModel.EPSILON.denominator
MODELS = ("random", "counting")


def counting_choice(sim: Sim, seat: int, rng: SplitMix64):
    """One of the counting heuristic's best plays for `seat` on the fast state
    (`counting_choices`), drawn from `rng` as `counting_policy` draws it."""
    ties = counting_choices(sim, seat)
    return ties[0] if len(ties) == 1 else rng.choice(ties)


def counting_choices(sim: Sim, seat: int) -> list:
    """The counting heuristic's best plays for `seat` (the player to move) on the fast state, in
    the engine's order: (card, target, guess) plays, or one (keep, bottom) after a Chancellor.
    Needs `sim.known` (a `Sim` made with `memory=True`)."""
    hand = sim.hand
    if sim.phase == 1:
        cards = [hand[seat]] + sim.chancellor
        keep = max(cards)
        cards.remove(keep)
        return [(keep, tuple(sorted(cards, reverse=True)))]
    a = hand[seat]
    b = sim.drawn
    n = sim.n
    edition = sim.edition
    void = edition.void_target_allowed
    out = sim.out
    prot = sim.prot
    targets = [i for i in range(n) if i != seat and not out[i] and not prot[i]]
    k = len(targets)
    cards = playable(a, b)
    # With a single legal action, that action.
    if len(cards) == 1:
        c = cards[0]
        kind = KIND[c]
        if kind == 0 or (kind in (1, 2) and not k):
            return [(c, None, None)]
        if kind == 3 and not k:
            return [(c, seat, None)]
    value = sim.value
    known = {h: c for (o, h), c in sim.known.items() if o == seat}
    # Unseen: the composition minus the public cards and its own hand, then minus what it
    # knows is in other hands (each clipped at 0, as `unseen_by` and the policy do).
    unseen = list(sim.tables.composition)
    for pile in sim.disc:
        for c in pile:
            unseen[c] -= 1
    for c in sim.face_up:
        unseen[c] -= 1
    unseen[a] -= 1
    unseen[b] -= 1
    for c in known.values():
        if unseen[c] > 0:
            unseen[c] -= 1
    unseen = [u if u > 0 else 0 for u in unseen]
    total = sum(unseen) or 1

    options = [c for c in cards if c != PRINCESS] or list(cards)
    if GUARD in options and k:
        # Every (target, guess) with the highest chance of a hit (over `total`: a known card is a
        # sure hit, total / total, and a sure miss for every other guess).
        best, ties = -1, []
        guessable = sim.tables.guessable
        row = [unseen[g] for g in guessable]  # the hits on a target whose card it does not know
        top = max(row)
        for t in targets:
            held = known.get(t)
            if held is None:
                hits, m = row, top
            else:
                hits = [total if held == g else 0 for g in guessable]
                m = max(hits)
            if m < best:
                continue
            if m > best:
                best, ties = m, []
            ties.extend((GUARD, t, g) for g, hit in zip(guessable, hits) if hit == m)
        return ties
    if PRINCE in options:
        sure = [(PRINCE, t, None) for t in targets if known.get(t) == PRINCESS]
        if sure:
            return sure
    other = {c: (b if a == c else a) for c in options}
    if BARON in options:
        mine = value[other[BARON]]
        plays = (targets + [None] if void else targets) if k else [None]
        sure = [(BARON, t, None) for t in plays if t is not None and t in known and value[known[t]] < mine]
        if sure:
            return sure
        unknown = [(BARON, t, None) for t in plays if t not in known]
        if unknown and mine * total > sum(value[c] * u for c, u in enumerate(unseen) if u):
            return unknown
    preferred = [c for c in options if c != BARON] or options
    card = preferred[0]  # the lowest card: keep the higher one
    kind = KIND[card]
    if kind == 0:
        return [(card, None, None)]
    if kind == 3:
        plays = sorted(targets + [seat]) + ([None] if void and k else [])
        plays = [t for t in plays if t != seat] or plays
    else:
        plays = (targets + [None] if void else targets) if k else [None]
        if card == PRIEST:
            plays = [t for t in plays if t not in known] or plays
    return [(card, t, None) for t in plays]


def fast_playout(r: Round, viewer: int, model: str, rng: SplitMix64,
                 finish: bool = False) -> tuple[tuple[int, ...], Optional[int], bool]:
    """Play `r` out as the advisor's estimate does (module docstring); return
    `(winners, spy_bonus, viewer_out_before_next_turn)`.

    When the viewer is knocked out before their next turn starts, the play-out stops there
    (as the advisor's loop does) and returns `((), None, True)` unless the round had ended;
    with `finish=True` it plays on to the end instead (drawing more from `rng`)."""
    if model not in MODELS:
        raise InvalidOptionError(f"unknown model {model!r}; models: {', '.join(MODELS)}", rule="model")
    sim = Sim.from_round(r, memory=True)
    if model == "counting":
        below = rng.below

        def choose(s, seat):
            if seat == viewer or below(EXPLORE_Q) >= EXPLORE_P:
                return counting_choice(s, seat, rng)
            return None
    else:
        def choose(s, seat):
            return counting_choice(s, seat, rng) if seat == viewer else None
    stopped = sim.run(rng, choose, watch=viewer)
    if stopped and not sim.is_over:
        if not finish:
            return (), None, True
        sim.run(rng, choose)
    return sim.winners, sim.spy_bonus, stopped


def playout(r: Round, rng: SplitMix64, policy: str = "random") -> Round:
    """Play `r` to its end with one policy for everyone ("random" or "counting", no
    exploration); return the final `Round` (equal to the public engine's with the same plays)."""
    if policy not in MODELS:
        raise InvalidOptionError(f"unknown policy {policy!r}; policies: {', '.join(MODELS)}", rule="model")
    sim = Sim.from_round(r, memory=policy == "counting")
    sim.run(rng, (lambda s, seat: counting_choice(s, seat, rng)) if policy == "counting" else None)
    return sim.to_round()
