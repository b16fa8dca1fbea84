"""How an estimate plays the viewer's later turns: the viewer's belief about the opponents' hands at the
decision (`start_belief`), which the play-outs update and play on (`solver.policies.belief`; the next
decision by its statistics, `solver.advice.playouts.NextDecision`, the belief's choice by default)."""

from __future__ import annotations

from fractions import Fraction

from solver.rules.state import Round


def start_belief(record, model, deal: Round, post=None):
    """The viewer's belief about the opponents' hands at the decision (`solver.policies.belief.Belief`):
    each opponent type with its weight given the record, each opponent's card under it from the exact
    posterior `post` (`solver.inference.posterior.posterior_of(record, model)`: a mixture's carries each
    type's), and the cards a Chancellor put under the deck (known where the viewer put them); without
    it (the posterior is approximate), the types' prior and the plain count of the cards the viewer has
    not seen (`deal`: any sampled deal, for what the viewer sees)."""
    from solver.policies.belief import Belief, pool_of

    if post is not None:
        parts = {p.model: p for p in post.parts} if post.parts else {model.name: post}
        typed = tuple((t, post.types.get(t.name, Fraction(0)) if post.parts else Fraction(1))
                      for t in model.types if t.name in parts)
        typed = tuple((t, w) for t, w in typed if w)

        def marginals(seat, t):
            return {} if deal.out[seat] else parts[t.name].hand(seat)

        tail = [next(iter(m)) if len(m) == 1 else -1 for m in post.bottom]  # (the viewer's own: known)
        return Belief.start(record.viewer, record.n_players, typed, marginals, tail)
    pool = pool_of(deal, record.viewer)
    total = sum(pool) or 1
    typed = tuple(zip(model.types, getattr(model, "prior", (Fraction(1),))))
    return Belief.start(record.viewer, record.n_players, typed,
                        lambda seat, t: {} if deal.out[seat] else {c: Fraction(k, total) for c, k in enumerate(pool) if k})
