"""The advisor: rank the viewer's legal plays by their chance of winning the round.

`advise(record, model)` answers exactly when the position fits the exact search's work budget
(`solver.advice.exact`), and otherwise with a labelled estimate (`solver.advice.estimate`):
every play evaluated on the same sampled deals, samples spent on the contenders, each play's
paired difference to the best with its interval and P(best). Budgets are work (nodes, deals),
never the wall clock (only a safety cap), so whether an answer is exact and its numbers do not
depend on the machine's load (docs/advisor.md).

When the exact posterior over deals is refused as too large (many hidden cards tied together
in a game of 3 or more), the estimate draws its deals from a labelled approximation instead.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from solver.inference.factors import InferenceTooLargeError
from solver.rules.errors import LoveLetterError
from solver.records.replay import check_revealed_cards, check_viewer_hand
from solver.advice.estimate import advise_estimate, estimate_answer, wilson
from solver.advice.exact import ExactSolver, advise_exact, exact_answer, learn_from
from solver.advice.result import Advice, RankedAction, sort_key
from solver.advice.worlds import (
    OPPONENT_MODELS,
    AdviceError,
    OutOfTimeError,
    TooLargeError,
    deal_sampler,
    observation,
    opponent_distribution,
    sample_worlds,
    type_drawer,
    TypedSampler,
    worlds_from_record,
)
from solver.policies.models import MODELS, get_model

__all__ = ["Advice", "AdviceError", "ExactSolver", "OPPONENT_MODELS", "RankedAction", "TooLargeError", "advise",
           "advise_estimate", "advise_exact", "deal_sampler", "learn_from", "observation",
           "opponent_distribution", "sample_worlds", "sort_key", "wilson", "worlds_from_record", "DEFAULT_WORK",
           "DEFAULT_DEALS", "DEEP_WORK", "DEEPER_MAX_DECK_2P", "OutOfTimeError", "advise_deeper", "can_go_deeper",
           "EXACT_MAX_DECK", "EXACT_REACH_MORE", "MORE_PLAYERS_WORK", "exact_budget", "DeeperTime", "deeper_time",
           "DEEPER_MEASURED"]

#: The default work budgets: transitions of the exact search per opponent type (a mixture of two types
#: searches the worlds of both: twice the transitions; 100,000 take about a quarter of a second on the
#: compiled path here, 2-3 s on the reference path), deals for the contenders of an estimate.
DEFAULT_WORK = 100_000
DEFAULT_DEALS = 2_000
#: Beyond this many cards in the deck the exact search never fits the default budget (measured
#: in benchmarks/advisor.py), so it is not tried: a rule on the position, not on the clock. (2 players.)
EXACT_MAX_DECK = 6
#: With 3 to 6 players the default answer tries the exact search with at most this many cards in the deck, and
#: with `MORE_PLAYERS_WORK[players]` of the budget for all the opponent types together (35,000 transitions by
#: default with 3 to 5 players): a transition costs 3-5 µs there against about 2 µs with 2, so an attempt that
#: does not fit costs at most about 0.3 s before the estimate (before issue 48: 0.4-3.8 s), and beyond these
#: cards a position seldom fits (`benchmarks/exact_reach.py --players 3,4,5,6 --lefts 1,2,3,4,5,6 --count 8`;
#: docs/advisor.md, "Exact reach by players and cards"). With 6 players only the last card is tried, with
#: 60,000 transitions: there most of an attempt's cost is the root's worlds (5 hidden hands), 10,000
#: transitions still took 0.55 s on one that did not fit, and nearly every position fits 60,000 (8 of 8, up to
#: 0.75 s). An exact answer found is also faster than the estimate (about 0.05 s against about 1 s). A rule on
#: the position, not on the clock.
EXACT_REACH_MORE = {3: 5, 4: 4, 5: 3, 6: 1}
MORE_PLAYERS_WORK = {3: 0.35, 4: 0.35, 5: 0.35, 6: 0.6}
#: The longer exact search a person may ask for when the default gave an estimate (on the compiled path
#: every saved 2-player benchmark position of up to 6 cards fits it, and every classic one of 7 under
#: the mixture: worst 5,261,104 transitions for the two types, 8 s; seconds to a minute on one core).
DEEP_WORK = 5_000_000
#: In a 2-player round the longer exact search is also offered with up to this many cards in the deck, where the
#: default answer never tries it; how often it fits there and how long it takes is said with the offer
#: (`deeper_time`, measured: `DEEPER_MEASURED`): with 8 and 9 cards it answers some positions in seconds.
DEEPER_MAX_DECK_2P = 9


def _checked(record, model):
    """What every answer checks first (the model's name, the viewer's own cards, every card shown,
    the viewer to play): (the model object, the cards left in the deck)."""
    try:
        model = get_model(model, playing=True)
    except LoveLetterError as exc:
        raise AdviceError(str(exc), rule="unknown-model") from None
    check_viewer_hand(record)  # your own cards missing: say so, not "you cannot play the Guard"
    check_revealed_cards(record)  # a shown card missing: said at once, before any inference
    return model, _cards_left(record)


def _cards_left(record) -> int:
    """Cards in the deck at the viewer's turn; AdviceError when it is not the viewer's turn."""
    from solver.records.replay import walk

    final: list = []
    for _ in walk(record, final):
        pass
    if not final[0].unfinished or final[0].to_play != record.viewer:
        raise AdviceError("the advisor needs a record in which it is the viewer's turn (they have drawn)",
                          rule="advice-not-your-turn")
    return final[0].public.deck_size


def advise(record, model="mixture", budget: int = DEFAULT_WORK, deals: int = DEFAULT_DEALS,
           seed: int = 0, seconds: float = 60.0) -> Advice:
    """Rank the viewer's legal plays by P(win the round): exact when the position is in the exact search's
    reach and fits its work budget (`exact_budget`: `budget` transitions per opponent type with 2 players,
    less with more), otherwise an estimate over `deals` sampled deals (labelled, with intervals).
    `model`: the opponents' model, a name of `OPPONENT_MODELS` or the object (by default the
    mixture of card counters and random players, weighed by the record). `seconds` is a safety
    cap on the wall clock, not a budget."""
    import time

    deadline = time.perf_counter() + seconds
    model, left = _checked(record, model)
    clock = False  # the safety cap, not the work budget, stopped the exact search
    try:
        work = exact_budget(record.n_players, left, len(model.types), budget)
        if work:
            return exact_answer(record, model, work, deadline=deadline,
                                reference_on_overflow=False)  # (the estimate at once instead)
        TypedSampler(record, model)  # the exact posterior, or its refusal
    except OutOfTimeError:
        clock = True
    except TooLargeError:
        pass
    except InferenceTooLargeError:
        return _approximate(record, model, deals, seed, seconds)
    remaining = max(deadline - time.perf_counter(), 1.0)
    adv = estimate_answer(record, model, deals=deals, seed=seed, seconds=remaining)
    return replace(adv, cut_short=True) if clock else adv


def exact_budget(n_players: int, left: int, types: int = 1, budget: int = DEFAULT_WORK) -> int:
    """The work budget (transitions) with which the default answer tries the exact search with `n_players`
    and `left` cards in the deck, for a model of `types` opponent types: `budget` a type with 2 players,
    `MORE_PLAYERS_WORK[n_players]` of it for all the types together with more; 0 when the position is beyond
    the default reach (`EXACT_MAX_DECK`, `EXACT_REACH_MORE`) and is not tried."""
    if n_players <= 2:
        return budget * types if left <= EXACT_MAX_DECK else 0
    if left > EXACT_REACH_MORE.get(n_players, -1):
        return 0
    return int(budget * MORE_PLAYERS_WORK[n_players])


def can_go_deeper(record, adv: Advice) -> bool:
    """The answer `adv` is an estimate from the exact posterior that `advise_deeper` may replace: the
    exact search was tried and did not fit the default budget, or in a 2-player round it was not tried,
    with up to `DEEPER_MAX_DECK_2P` cards in the deck where positions like this one were answered exactly
    when measured (`DEEPER_MEASURED`; where none was measured, up to 7 cards)."""
    if adv.method != "estimate" or adv.posterior != "exact":
        return False
    left = _cards_left(record)
    if left <= EXACT_MAX_DECK:
        return True
    if record.n_players != 2 or left > DEEPER_MAX_DECK_2P:
        return False
    measured = DEEPER_MEASURED.get((record.edition.key, left), {}).get(adv.model)
    return measured[0] > 0 if measured is not None else left <= 7


#: The longer answer measured on hold-out 2-player positions (`python benchmarks/exact_reach.py --lefts 6,7,8,9
#: --deep`: 6 positions a row, seeded rounds of card counters from seed 70,000; CPU seconds on the project's
#: shared 2-core machine): (edition, cards in the deck) -> model -> (exact answers, positions, median CPU seconds
#: of the exact answers, the longest a position that did not fit took before it gave up).
DEEPER_MEASURED = {
    ("classic", 6): {"mixture": (6, 6, 0.90, 0.0), "card-counter": (6, 6, 0.30, 0.0), "random": (6, 6, 0.23, 0.0)},
    ("classic", 7): {"mixture": (6, 6, 1.61, 0.0), "card-counter": (6, 6, 0.78, 0.0), "random": (6, 6, 0.51, 0.0)},
    ("classic", 8): {"mixture": (2, 6, 4.14, 13.88), "card-counter": (4, 6, 4.63, 9.92),
                     "random": (5, 6, 3.22, 6.31)},
    ("classic", 9): {"mixture": (1, 6, 5.26, 14.74), "card-counter": (3, 6, 4.92, 9.08),
                     "random": (3, 6, 1.65, 8.15)},
    ("2019", 6): {"mixture": (6, 6, 1.31, 0.0), "card-counter": (6, 6, 0.64, 0.0), "random": (6, 6, 0.55, 0.0)},
    ("2019", 7): {"mixture": (4, 6, 1.70, 41.75), "card-counter": (5, 6, 1.04, 13.86),
                  "random": (5, 6, 0.64, 13.30)},
    ("2019", 8): {"mixture": (0, 6, 0.0, 45.20), "card-counter": (1, 6, 8.73, 17.60),
                  "random": (4, 6, 7.49, 14.49)},
    ("2019", 9): {"mixture": (0, 6, 0.0, 41.80), "card-counter": (0, 6, 0.0, 14.68), "random": (0, 6, 0.0, 14.10)},
}


@dataclass(frozen=True)
class DeeperTime:
    """What the longer exact answer (`advise_deeper`) should cost for a position like this one (the same
    edition, players, cards in the deck and opponent model), measured (`DEEPER_MEASURED`): `fits` of
    `positions` measured were answered exactly, in `typical` CPU seconds (median), and one that did not fit
    gave up after at most `lost` seconds; `cards` in the deck. None where nothing like it was measured."""

    cards: int
    fits: int
    positions: int
    typical: float
    lost: float


def deeper_time(record, model="mixture"):
    """`DeeperTime` of `advise_deeper(record, model)` from the measured hold-out positions like this one, or
    None (no such position measured: 3 or more players, or a row not measured). `model`: a name or the
    object."""
    name = model if isinstance(model, str) else model.name
    if record.n_players != 2:
        return None
    left = _cards_left(record)
    row = DEEPER_MEASURED.get((record.edition.key, left), {}).get(name)
    return None if row is None else DeeperTime(left, *row)


def advise_deeper(record, model="mixture", budget: int = DEEP_WORK, seconds: float = 180.0) -> Advice:
    """The exact answer with the longer work budget `DEEP_WORK`; `TooLargeError` when even that
    does not fit (the estimate stands), `OutOfTimeError` (a `TooLargeError`) when the safety cap
    `seconds` stops it first."""
    import time

    model, _ = _checked(record, model)
    return exact_answer(record, model, budget * len(model.types), deadline=time.perf_counter() + seconds)


def _approximate(record, model, deals: int, seed: int, seconds: float) -> Advice:
    """The exact posterior is too large: deals are drawn from the posterior of the random
    model (no card counter's memory ties cards together), or of "uniform" if that too is
    refused, and the answer says so. The opponents still play the model: a mixture's type is
    drawn by its prior, each deal's opponents playing it."""
    for fallback in ("random", "uniform"):
        if fallback == model.name:
            continue
        try:
            draw = TypedSampler(record, MODELS[fallback])
        except InferenceTooLargeError:
            continue
        pick = type_drawer(tuple(zip(model.types, getattr(model, "prior", (Fraction(1),)))))

        def sampler(rng, draw=draw, pick=pick):
            return draw(rng)[0], pick(rng)

        return estimate_answer(record, model, deals=deals, seed=seed, seconds=seconds, sampler=sampler,
                               posterior=f"approximate:{fallback}")
    raise AdviceError("the hidden cards of this record are tied together in too many ways for the advisor",
                      rule="advice-too-large")
