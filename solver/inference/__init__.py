"""Exact inference of the hidden cards from a record: a `Posterior` of Fractions over every
deal consistent with what the viewer saw, under an opponent model. Modules: `factors` (the
belief as tables of tracked cards), `beliefs` (walking a record into them), `combine`
(marginals and exact sampling), `posterior` (`infer`, the Guard table). Depends on `solver.rules`,
`solver.records` and `solver.policies`.
"""

from solver.inference.factors import InconsistentRecordError, InferenceBudgetError, InferenceTooLargeError
from solver.inference.posterior import Posterior, guard_table, infer, type_weights, unseen_counts

__all__ = ["InconsistentRecordError", "InferenceBudgetError", "InferenceTooLargeError", "Posterior", "guard_table", "infer",
           "type_weights", "unseen_counts"]
