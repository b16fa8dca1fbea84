"""Exact values of the viewer's legal plays for small positions (method "exact").

Enumerate every concrete world consistent with the record, with its exact posterior weight
under the opponent model; then evaluate each action by expectimax over the viewer's
*information states*: worlds are grouped by what the viewer observes, the viewer maximises per
group (never per world, which would overstate the value), opponents act by the model's policy.
Every figure is an exact Fraction (docs/advisor.md).

Its rooms, along the same ideas as the compiled search's (`solver.compiled.exact`): `packing` (the
canonical state, the deck's exchangeable groups), `transitions`, `search` (`ExactSolver`) and `answer`
(the root's worlds searched and ranked).
"""

from solver.advice.exact.answer import (advise_exact, exact_answer, exact_ranking, exact_value, learn_from,
                                        merge_returned_pairs)
from solver.advice.exact.packing import canonical_round, deck_orders
from solver.advice.exact.search import ExactSolver

__all__ = ["ExactSolver", "advise_exact", "exact_answer", "exact_value", "exact_ranking", "learn_from",
           "merge_returned_pairs", "canonical_round", "deck_orders"]
