"""Estimate mode: the advisor's answer when the exact search does not fit its work budget.

What an estimated figure is: the chance to win when the viewer makes the play and then follows the
app's advice at its later turns, as the estimate plays them (its next decision by the statistics of
earlier deals, `solver.advice.playouts.NextDecision`; every later turn on what it would infer of the
opponents' hands, `solver.policies.belief`), the opponents playing the model. It is the value of a way
of playing the viewer could follow, so it is a floor of the exact figure (the chance with best play).
Its interval is the sampling interval of that quantity, and the verdict (best, close, worse, not yet
told apart) is read from the paired differences of that quantity (`solver.advice.result`).

The rooms: `settings` (the budgets, one object), `values` (the quantity deal by deal and its
statistics), `sampling` (which plays get which deals), `immediate` (what is known before sampling:
certain outcomes, sure misses, the immediate figures), `continuation` (the viewer's belief at the
decision), `leaves` (exact values at the next decision where it is small), `report` (the answer).
"""

from __future__ import annotations

import time
from fractions import Fraction
from typing import Optional

import numpy as np

from solver.advice.deals import make_deals
from solver.advice.estimate.continuation import start_belief
from solver.advice.estimate.leaves import leaf_values
from solver.advice.estimate.immediate import certain_outcomes, immediate_figures, settled_by_card
from solver.advice.estimate.report import report, types_reported
from solver.advice.estimate.sampling import PlayResults, sample_plays
from solver.advice.estimate.settings import (DEFAULT_LEAVES, LEAF_MAX_DECK, LEAF_WORK, MORE, MORE_STEP,
                                                 EstimateSettings)
from solver.advice.estimate.values import Quantity, Strata, wilson
from solver.advice.playouts import make_playouts
from solver.advice.result import Advice, RankedAction, mark_sure_misses, sort_key, with_standings
from solver.advice.worlds import TypedSampler
from solver.policies.models import get_model
from solver.rules.actions import Play
from solver.rules.game import legal_actions

__all__ = ["advise_estimate", "estimate_answer", "EstimateSettings", "wilson", "certain_outcomes", "start_belief",
           "MORE", "MORE_STEP", "DEFAULT_LEAVES", "LEAF_MAX_DECK", "LEAF_WORK", "PlayResults"]


def advise_estimate(record, model="random", settings: Optional[EstimateSettings] = None, *, sampler=None,
                    posterior: str = "exact", **changes) -> Advice:
    """Rank the viewer's plays by sampling (the module docstring), with `settings` (`EstimateSettings`,
    the defaults without) and any of its fields changed by keyword (`deals=`, `seed=`, …). `sampler`:
    rng -> (deal, its opponents' type), by default the exact posterior (`TypedSampler`); `posterior`
    says which ("exact", or how it was approximated)."""
    settings = (settings or EstimateSettings()).but(**changes)
    return estimate_answer(record, get_model(model, playing=True), settings, sampler=sampler, posterior=posterior)


def estimate_answer(record, model, settings: Optional[EstimateSettings] = None, *, sampler=None,
                    posterior: str = "exact", **changes) -> Advice:
    """`advise_estimate` for the model object (resolved by the caller, the public entry)."""
    settings = (settings or EstimateSettings()).but(**changes)
    v = record.viewer
    draw = sampler or TypedSampler(record, model)
    sampled = make_deals(draw, settings.seed)  # deal i from its own generator (`solver.advice.deals.Deals`)
    first_deal = sampled.round(0)
    actions = sorted(legal_actions(first_deal), key=sort_key)
    deadline = time.perf_counter() + settings.seconds
    post = _posterior(record, model) if posterior == "exact" else None

    def support_of(seat):
        """The cards the seat may hold (exact posterior); None when the exact posterior is refused (an
        approximate answer): then no play is taken as certain."""
        return None if post is None else set(post.hand(seat))

    def cannot_hit(act) -> bool:  # a Guard naming a card the target cannot hold
        cards = support_of(act.target)
        return cards is not None and act.guess not in cards

    certain = certain_outcomes(first_deal, actions, v, support_of) if len(actions) > 1 else {}
    live = [a for a in actions if a not in certain]
    if not live:  # every play's outcome is certain: the answer is exact
        from solver.advice.exact import exact_ranking

        ranked = [RankedAction(a, Fraction(w), Fraction(tk), Fraction(ko), Fraction(out), learn=None)
                  for a, (w, tk, ko, out) in certain.items()]
        ranked.sort(key=lambda x: (-x.win, -x.tokens, sort_key(x.action)))
        ranking = with_standings(mark_sure_misses(exact_ranking(ranked), cannot_hit))
        return Advice(record, model.name, "exact", ranking, 0, 0, posterior=posterior,
                      types=types_reported(record, model, posterior))
    # A Guard's guesses that cannot hit at one target are one play in effect (a miss leaves the same
    # round): the first is sampled for all of them, so they show the same figures; a guess that can hit
    # at that target is worth at least it (`values.Quantity`'s `misses`).
    same: dict = {}
    lead: dict = {}
    for a in live:
        if isinstance(a, Play) and a.guess is not None and cannot_hit(a):
            first_at = lead.setdefault(a.target, a)
            if first_at != a:
                same[a] = first_at
    live = [a for a in live if a not in same]
    misses = {a: lead[a.target] for a in live
              if isinstance(a, Play) and a.guess is not None and a.target in lead and a != lead[a.target]}
    results: dict = {a: PlayResults() for a in live}
    quantity = Quantity(results, _strata(record, post, sampled, first_deal, live), misses)
    budget = settings.leaves_for(record.n_players)
    leaf = leaf_values(record, model, budget) if budget and posterior == "exact" else None
    belief = start_belief(record, model, first_deal, post) if settings.belief else None
    runner = make_playouts(v, live, settings.next_decision, leaf, belief)
    index = {a: j for j, a in enumerate(live)}

    def play_out(items: list) -> None:
        """Play out each (play, deal number) of `items` (deals drawn when first needed), in order."""
        sampled.ensure(max(i for _, i in items) + 1)
        out = runner.run_many([(i, index[a]) for a, i in items], sampled)
        for (a, _), (w, tk, ko, ob, _exact) in zip(items, out):
            results[a].add(w, tk, ko, ob)

    # Many plays (a Guard's guesses at three targets): a shorter first stage, so that the deals go to the
    # contenders; never fewer than 50 deals before the racing drops a play.
    first = min(settings.first, max(50, (20 * settings.deals) // max(len(live), 1) // 10))
    clock = sample_plays(live, quantity, play_out, settings, first, deadline)
    for a, first_at in same.items():
        results[a] = results[first_at]
    figures = immediate_figures(post, v, first_deal, actions) if post is not None else {}
    return report(record, model, actions, certain, quantity, sampled, settings.seed, posterior, cannot_hit, figures,
                  clock)


def _posterior(record, model):
    """The exact posterior of the record (None when it is refused: then nothing is taken as certain)."""
    from solver.inference.posterior import posterior_of
    from solver.rules.errors import LoveLetterError

    try:
        return posterior_of(record, model)
    except LoveLetterError:
        return None


def _strata(record, post, deals, first_deal, live) -> Optional[Strata]:
    """The opponent's card as strata of the deals (`values.Strata`): 2 players, exact posterior."""
    if post is None or record.n_players != 2:
        return None
    opponent = 1 - record.viewer
    if first_deal.out[opponent] or not first_deal.hands[opponent]:
        return None
    dist = post.hand(opponent)
    probs = np.zeros(10)
    for c, p in dist.items():
        probs[int(c)] = float(p)
    if probs.sum() <= 0:
        return None
    certain = settled_by_card(first_deal, live, record.viewer, opponent, [c for c in dist if dist[c]])
    return Strata(lambda k: deals.hand_cards(opponent, k), probs, certain)
