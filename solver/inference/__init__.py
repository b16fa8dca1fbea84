"""Exact inference of the hidden cards from a record: a `Posterior` of Fractions over every
deal consistent with what the viewer saw, under an opponent model. Depends on `solver.rules`,
`solver.records` and `solver.policies`.
"""

from solver.inference.beliefs import (
    InconsistentRecordError,
    InferenceTooLargeError,
    Posterior,
    guard_table,
    infer,
    unseen_counts,
)

__all__ = ["InconsistentRecordError", "InferenceTooLargeError", "Posterior", "guard_table", "infer",
           "unseen_counts"]
