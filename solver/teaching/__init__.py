"""Teaching helpers checked by the engine: quiz questions (`quiz`) and the FAQ / trap
scenarios played on a board (`scenario`). Depends only on `solver.rules`.
"""

from solver.teaching.quiz import make_question
from solver.teaching.scenario import load_scenario, play_out

__all__ = ["make_question", "load_scenario", "play_out"]
