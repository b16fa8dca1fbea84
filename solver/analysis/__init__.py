"""Working with a position a person is entering or studying: the guided entry that offers only
the values the rules and the inference allow (`entry`), and "how is this computed?" (`explain`).
Depends on the layers below (rules, records, policies, inference).
"""

from solver.analysis.explain import how_computed

__all__ = ["how_computed"]
