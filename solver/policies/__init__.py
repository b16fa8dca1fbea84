"""Ways of playing: the random and card counter's heuristics (`heuristics`), and the opponent
models that turn them into likelihoods for the inference (`models`). Depends on `solver.rules`.
"""

from solver.policies.heuristics import POLICIES, card_counter_chancellor, card_counter_policy, random_policy
from solver.policies.models import MODELS, get_model

__all__ = ["POLICIES", "card_counter_chancellor", "card_counter_policy", "random_policy", "MODELS", "get_model"]
