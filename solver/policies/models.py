"""Opponent models: how likely an opponent's observed choice was, given the cards they held.

The inference weights each hidden possibility by these likelihoods, so any policy can be
plugged in: implement `play_likelihood` and `chancellor_likelihood`.

* `uniform` — every deal consistent with the record is equally likely: an observed play has
  likelihood 1 if it was legal with those cards, else 0 (that is how the Countess rule tells
  that a King or Prince player did not keep the Countess). An unseen Chancellor choice is
  uniform over its distinct (keep, order) choices.
* `random` — opponents play uniformly at random among their legal, fully specified actions
  (card, target, guess): a forced play has likelihood 1, a free choice less. A detail left out
  of the record sums over the actions that match it.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Optional, Protocol

from solver.rules.cards import Card
from solver.rules.round_rules import chancellor_choices, legal_plays


class PlayContext(Protocol):
    edition: object
    seat: int
    out: tuple
    protected: tuple


def matching(actions, card: Card, target: Optional[int], guess: Optional[Card]) -> int:
    return sum(
        1 for a in actions
        if a.card == card and (target is None or a.target == target) and (guess is None or a.guess == guess)
    )


class UniformModel:
    """`public` (keyword) carries what everyone can see at the play: `discards` per seat and
    `face_up`; models that only need the hand ignore it."""

    name = "uniform"
    description = "every deal consistent with the record is equally likely"

    def play_likelihood(self, edition, seat, out, protected, hand, card, target, guess, public=None) -> Fraction:
        actions = legal_plays(edition, hand, seat, out, protected)
        return Fraction(1) if matching(actions, card, target, guess) else Fraction(0)

    def chancellor_likelihood(self, hand3: tuple, choice, public=None) -> Fraction:
        return Fraction(1, len(chancellor_choices(hand3)[0]))


class RandomModel(UniformModel):
    name = "random"
    description = "opponents play uniformly at random among their legal actions"

    def play_likelihood(self, edition, seat, out, protected, hand, card, target, guess, public=None) -> Fraction:
        actions = legal_plays(edition, hand, seat, out, protected)
        return Fraction(matching(actions, card, target, guess), len(actions))


class CardCounterModel(UniformModel):
    """Opponents play the counting heuristic of `solver.policies.heuristics` (card counters), with a
    small share `EPSILON` of uniformly random play so that a human's other choice is unlikely,
    not impossible. The advisor's `card-counter` opponents; the same policy weighs the posterior."""

    name = "card-counter"
    description = "opponents count cards (the heuristic of solver.policies), 10% random"
    #: The policy uses what the player remembers (`public["known"]`), so the inference keeps
    #: the remembered hands' variables next to the player's own (solver.memory's rule).
    uses_memory = True
    EPSILON = Fraction(1, 10)

    @classmethod
    def mixed(cls, chosen: bool, matching: int, n: int) -> Fraction:
        """The probability of an observed play that `matching` of the `n` legal actions would
        show: the heuristic's choice (`chosen`: it is one of them) with 1 - EPSILON, any
        action with EPSILON / n. The one formula of the model, also in `weights`."""
        return (1 - cls.EPSILON) * chosen + cls.EPSILON * Fraction(matching, n)

    @classmethod
    def weights(cls, n: int) -> tuple[int, int, int]:
        """`mixed` in integers for one of `n` actions: (the choice's weight, any other's
        weight, their denominator)."""
        p, q = cls.EPSILON.numerator, cls.EPSILON.denominator
        return (q - p) * n + p, p, q * n

    def play_likelihood(self, edition, seat, out, protected, hand, card, target, guess, public=None) -> Fraction:
        from solver.policies.heuristics import policy_round, counting_policy

        actions = legal_plays(edition, hand, seat, out, protected)
        match = matching(actions, card, target, guess)
        if not match:
            return Fraction(0)
        r = policy_round(edition, seat, hand, out, protected, public)
        chosen = counting_policy(r)
        hit = chosen.card == card and (target is None or chosen.target == target) and (
            guess is None or chosen.guess == guess)
        return self.mixed(hit, match, len(actions))

    def chancellor_likelihood(self, hand3: tuple, choice, public=None) -> Fraction:
        from solver.policies.heuristics import counting_chancellor

        choices = chancellor_choices(hand3)[0]
        chosen = counting_chancellor(hand3, choices)
        return self.mixed(choice == chosen, 1, len(choices))


#: One vocabulary for the inference, the advisor, the bots and the app.
MODELS = {"uniform": UniformModel(), "random": RandomModel(), "card-counter": CardCounterModel()}

#: Names of earlier versions, refused with a pointer to the new names ("counting" meant
#: "uniform" to the inference and "card-counter" to the advisor).
RENAMED = {"counting": "'uniform' (every consistent deal equally likely) or 'card-counter' (opponents count cards)",
           "counting-bot": "'card-counter'"}


def get_model(name_or_model) -> UniformModel:
    if not isinstance(name_or_model, str):
        return name_or_model
    try:
        return MODELS[name_or_model]
    except KeyError:
        from solver.rules.errors import InvalidOptionError

        if name_or_model in RENAMED:
            raise InvalidOptionError(f"the model {name_or_model!r} was renamed: use {RENAMED[name_or_model]}",
                                     rule="unknown-model") from None
        raise InvalidOptionError(f"unknown model {str(name_or_model)[:40]!r}; models: {', '.join(MODELS)}",
                                 rule="unknown-model") from None
