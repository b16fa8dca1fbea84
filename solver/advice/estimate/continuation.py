"""How an estimate plays the viewer's later turns: the viewer's belief about the opponents' hands at the
decision (`start_belief`), which the play-outs update and play on (`solver.policies.belief`; the next
decision by its statistics, `solver.advice.playouts.NextDecision`, the belief's choice by default)."""

from __future__ import annotations

from fractions import Fraction

from solver.rules.state import Round


def start_belief(record, model, deal: Round, posterior: str):
    """The viewer's belief about the opponents' hands at the decision (`solver.policies.belief.Belief`):
    each opponent type with its weight given the record, each opponent's card under it from the exact
    posterior, and the cards a Chancellor put under the deck (known where the viewer put them); when the
    posterior is approximate, the types' prior and the plain count of the cards the viewer has not seen
    (`deal`: any sampled deal, for what the viewer sees)."""
    from solver.advice.worlds import types_of
    from solver.inference.posterior import posterior_of
    from solver.policies.belief import Belief, pool_of

    if posterior == "exact":
        def marginals(seat, t):
            return {} if deal.out[seat] else posterior_of(record, t).hand(seat)

        typed = types_of(record, model)
        bottom = posterior_of(record, typed[0][0]).bottom  # (the viewer's own returns: known under every type)
        tail = [next(iter(m)) if len(m) == 1 else -1 for m in bottom]
        return Belief.start(record.viewer, record.n_players, typed, marginals, tail)
    pool = pool_of(deal, record.viewer)
    total = sum(pool) or 1
    typed = tuple(zip(model.types, getattr(model, "prior", (Fraction(1),))))
    return Belief.start(record.viewer, record.n_players, typed,
                        lambda seat, t: {} if deal.out[seat] else {c: Fraction(k, total) for c, k in enumerate(pool) if k})
