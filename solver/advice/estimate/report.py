"""The estimate's answer (`report`): each play with its value, its paired difference to the best and
its standing, read from the sampled quantity (`solver.advice.estimate.values.Quantity`)."""

from __future__ import annotations

import math
from fractions import Fraction

from solver.advice.estimate.immediate import shielded
from solver.advice.estimate.sampling import leader
from solver.advice.estimate.settings import BOOTSTRAP, Z_95
from solver.advice.exact import learn_from
from solver.advice.result import Advice, RankedAction, mark_sure_misses, sort_key, with_standings


def report(record, model, actions, certain, quantity, deal_source, seed, posterior, cannot_hit, figures: dict,
           clock: bool = False) -> Advice:
    """The ranking: plays ordered by their value (a play sampled on fewer deals than the best: the best's
    value plus their paired difference, the figure that agrees with the difference shown), the best
    first, each play's standing read from its difference's interval (`with_standings`). Immediate
    figures (knock-out chance, what a play shows) are exact from the posterior where it is exact
    (`figures`), sampled otherwise (then flagged)."""
    v = record.viewer
    results = quantity.results
    n = max((len(results[a].win) for a in results), default=0)
    first_deal = deal_source.round(0)
    used_deals: list = []

    def used():  # every deal sampled, equally weighted (for what a play shows, when not exact)
        if not used_deals:
            used_deals.extend((deal_source.round(i), Fraction(1, max(n, 1))) for i in range(max(n, 1)))
        return used_deals

    sampled = [a for a in actions if a not in certain]
    lead = leader(sampled, quantity) if sampled else None
    estimates = {a: (Fraction(certain[a][0]), Fraction(certain[a][1]), None) if a in certain
                 else _estimate(a, lead, quantity, n) for a in actions}
    _known_floors(estimates, actions, certain, figures if record.n_players == 2 else {}, quantity.misses)
    # The best is the play with the highest value, whichever it is (a certain outcome, the leader
    # of the sampling, or a play sampled on fewer deals whose paired estimate is higher).
    best = max(actions, key=lambda a: (estimates[a][0], estimates[a][1], a in certain or a == lead))
    p_best = _bootstrap_best(actions, certain, quantity, seed)
    type_names = [t.name for t in deal_source.types]
    ranked = []
    for a in actions:
        diff, interval = _diff_to_best(a, best, certain, quantity)
        ko_exact, learn = figures.get(a, (None, None))
        if a in certain:
            win, tokens, ko, out = certain[a]
            ranked.append(RankedAction(a, Fraction(win), Fraction(tokens), Fraction(ko), Fraction(out), exact=True,
                                       learn=learn if a in figures else learn_from(used(), a, v), diff=diff,
                                       diff_interval=interval, p_best=p_best.get(a, 0.0),
                                       knock_out_exact=True))
            continue
        w, ko, ob = results[a].win, results[a].knocked, results[a].out_before
        k = len(w)
        win, tokens, low_high = estimates[a]
        by_type = None
        if len(set(type_names[:k])) > 1 or len(model.types) > 1:
            by_type = {}
            for t in model.types:
                idx = [i for i in range(k) if type_names[i] == t.name]
                if idx:
                    by_type[t.name] = _fmean([w[i] for i in idx])
        safe = shielded(first_deal, a, v)  # out before the next turn: certainly not
        ranked.append(RankedAction(a, win, tokens, ko_exact if a in figures else Fraction(sum(ko), k),
                                   Fraction(0) if safe else Fraction(sum(ob), k), exact=False,
                                   interval=low_high, samples=k,
                                   learn=learn if a in figures else learn_from(used(), a, v), diff=diff,
                                   diff_interval=interval, p_best=p_best.get(a, 0.0), by_type=by_type,
                                   knock_out_exact=a in figures, out_exact=safe))
    # In the order of their values, the best first: a Guard's sure misses at one target are one row
    # (`mark_sure_misses`) that keeps its place in that order.
    ranked.sort(key=lambda x: (x.action != best, -x.win, -x.tokens, sort_key(x.action)))
    ranking = with_standings(mark_sure_misses(ranked, cannot_hit))
    return Advice(record, model.name, "estimate", ranking, n, 0, posterior=posterior,
                  cut_short=clock, types=types_reported(record, model, posterior, type_names[:n]))


def _known_floors(estimates: dict, actions, certain, figures: dict, misses: dict) -> None:
    """A figure is never left below its floors (a play sampled on fewer deals than the best is read as the
    best's value plus their paired difference, which may fall below). In a 2-player round two are known
    exactly: a knock-out wins the round, so a play's value is at least its exact chance to knock the
    opponent out now (`figures`; empty with more players); and a Guard guess that can hit is worth at
    least a sure miss at its target (on a miss the viewer may play on as after the sure miss; a hit
    wins). With 3 or more players the second is kept too, on the assumption that a rival knocked out is
    never worse for the viewer than the same rival still in (a hit does not end the round there)."""
    for a in actions:
        if a in certain or a not in estimates:
            continue
        win, tokens, interval = estimates[a]
        floor = figures.get(a, (None, None))[0]
        lead = misses.get(a)
        if lead is not None and lead in estimates:
            floor = max(floor or Fraction(0), estimates[lead][0])
        if floor is not None and win < floor:
            if interval is not None:  # the floor bounds the quantity: its interval lies above it too
                f = float(floor)  # (a float either side of the exact floor: the interval holds it)
                interval = (max(interval[0], math.nextafter(f, -math.inf)),
                            max(interval[1], math.nextafter(f, math.inf)))
            estimates[a] = (floor, max(tokens, floor), interval)


def _as_fraction(x: float) -> Fraction:
    return Fraction(x).limit_denominator(10**12)


def _estimate(a, lead, quantity, n: int) -> tuple[Fraction, Fraction, tuple]:
    """(win, tokens, 95% interval of win) of a sampled play: its own values over its deals when it
    was sampled on all `n`; otherwise the leader's plus the paired differences on the deals they
    share, and an interval with both standard errors."""
    k = quantity.count(a)
    if k >= n or a == lead:
        win, tokens = quantity.mean(a)
        return _as_fraction(win), _as_fraction(tokens), quantity.interval(a)
    lw, lt = quantity.mean(lead)
    aw, at = quantity.values(a, k)
    bw, bt = quantity.values(lead, k)
    win = min(max(lw + float((aw - bw).mean()), 0.0), 1.0)
    tokens = lt + float((at - bt).mean())
    _, se = quantity.paired(a, lead)
    low, high = quantity.interval(lead)
    se_lead = (high - low) / (2 * Z_95)
    half = Z_95 * math.sqrt(se * se + se_lead * se_lead)
    return _as_fraction(win), _as_fraction(tokens), (max(0.0, win - half), min(1.0, win + half))


def _fmean(xs) -> Fraction:
    """The mean of per-deal values as a Fraction (exact for 0/1 outcomes; a leaf's exact value
    enters as the float it was averaged as)."""
    total = sum(xs)
    if isinstance(total, int):
        return Fraction(total, len(xs))
    return Fraction(total).limit_denominator(10**12) / len(xs)


def types_reported(record, model, posterior: str, type_names=None) -> dict:
    """{type name: P(type | record)} as the answer reports it (the exact weights of the types
    when the posterior is exact; the share of sampled deals otherwise)."""
    from solver.advice.worlds import types_of

    if len(model.types) == 1:
        return {model.name: Fraction(1)}
    if posterior == "exact":
        weights = dict((t.name, w) for t, w in types_of(record, model))
        return {t.name: weights.get(t.name, Fraction(0)) for t in model.types}
    type_names = type_names or []
    return {t.name: Fraction(type_names.count(t.name), max(len(type_names), 1)) for t in model.types}


def _diff_to_best(a, best, certain, quantity) -> tuple[float, tuple]:
    if a == best:
        return 0.0, (0.0, 0.0)
    if a in certain and best in certain:
        d = float(certain[a][0] - certain[best][0])
        return d, (d, d)
    if a in certain or best in certain:
        # One side is exact: the interval is the sampled side's.
        sampled = best if a in certain else a
        m = quantity.mean(sampled)[0]
        m = float(certain[a][0]) - m if a in certain else m - float(certain[best][0])
        low, high = quantity.interval(sampled)
        half = (high - low) / 2
        return m, (m - half, m + half)
    m, se = quantity.paired(a, best)
    return m, (m - Z_95 * se, m + Z_95 * se)


def _bootstrap_best(actions, certain, quantity, seed: int) -> dict:
    """P(best): how often each play has the highest value when the deals are resampled
    (a seeded bootstrap over the deals every remaining contender was evaluated on: the resamples'
    counts from `solver.compiled.bootstrap_counts`, the same on both paths). A play the racing
    dropped was behind by more than three standard errors: its P(best) is taken as 0."""

    from solver.compiled import bootstrap_counts

    results = quantity.results
    most = max((len(results[a].win) for a in results), default=0)
    if most == 0:
        return {max(actions, key=lambda a: certain[a][0]): 1.0} if certain else {}
    full = [a for a in results if len(results[a].win) == most]
    if len(full) == 1 and not certain:
        return {a: float(a == full[0]) for a in actions}
    counts = {a: 0 for a in actions}
    draws = bootstrap_counts(seed ^ 0x5EED, BOOTSTRAP, most)
    means = (draws @ quantity.matrix(full, most).T) / most  # [resample, play]
    column = {a: j for j, a in enumerate(full)}
    fixed = {a: float(certain[a][0]) for a in actions if a in certain}
    for row in means.tolist():
        best, best_v = None, -1.0
        for a in actions:
            if a in fixed:
                val = fixed[a]
            elif a in column:
                val = row[column[a]]
            else:
                continue
            if val > best_v + 1e-12:
                best, best_v = a, val
        counts[best] += 1
    return {a: c / BOOTSTRAP for a, c in counts.items()}

