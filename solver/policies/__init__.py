"""Ways of playing: the random and card-counting heuristics (`heuristics`), and the opponent
models that turn them into likelihoods for the inference (`models`). Depends on `solver.rules`.
"""

from solver.policies.heuristics import POLICIES, counting_chancellor, counting_policy, random_policy
from solver.policies.models import MODELS, get_model

__all__ = ["POLICIES", "counting_chancellor", "counting_policy", "random_policy", "MODELS", "get_model"]
