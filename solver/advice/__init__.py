"""Advice and play: the advisor that ranks the legal plays (`advisor`), the decision graph
(`decision`) and practice games against bots (`practice`). The top layer of the library.
"""

from solver.advice.advisor import Advice, AdviceError, advise

__all__ = ["Advice", "AdviceError", "advise"]
