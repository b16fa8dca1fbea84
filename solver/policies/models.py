"""Opponent models: how an opponent plays, and how likely an opponent's observed choice was.

A model is one object that both *plays* (`distribution`, `weights`, `choose`: the search, the
estimate's play-outs and the bots) and *weighs plays* (`play_likelihood`,
`chancellor_likelihood`: the inference weights each hidden possibility by them). It is resolved
once from its name at the entry of a call (`get_model`) and then travels as the object.

* `uniform` — inference only: every deal consistent with the record is equally likely: an
  observed play has likelihood 1 if it was legal with those cards, else 0 (that is how the
  Countess rule tells that a King or Prince player did not keep the Countess). An unseen
  Chancellor choice is uniform over its distinct (keep, order) choices.
* `random` — opponents play uniformly at random among their legal, fully specified actions
  (card, target, guess): a forced play has likelihood 1, a free choice less. A detail left out
  of the record sums over the actions that match it.
* `card-counter` — opponents play the card counter's heuristic of `solver.policies.heuristics`: one
  of its tied best plays, uniformly (no tie is broken by card value or seat order), with a
  share `EPSILON` of uniformly random play so that a human's other choice is unlikely, not
  impossible.
* `mixture` — each opponent is one of several *types* (`random` or `card-counter`), weighted by
  a prior and by how well each type explains that opponent's recorded plays: P(type | record)
  is proportional to prior(type) times the record's likelihood under the type (the inference's
  normaliser, `solver.inference.type_weights`). In a 2-player round the one opponent has its own
  type; with 3 or more players the opponents share one type (so a record's plays by everyone
  weigh it).
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import Optional, Protocol

from solver.rules.cards import Card
from solver.rules.legal import chancellor_choices, legal_plays


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
    #: The policy reads what the player remembers (`public["known"]`), so the inference keeps
    #: the remembered hands' variables next to the player's own (solver.memory's rule).
    uses_memory = False
    #: Opponents can be played by it (the advisor's models); `uniform` only weighs deals.
    plays = False
    #: The single types a mixture averages over (itself for a single type).
    types: tuple = ()
    #: The advisor's search and play-outs can play this type (the engine's rollouts and the compiled
    #: core: `solver.policies.rollout`, `solver.compiled`).
    searched = False

    def __init__(self):
        self.types = (self,)

    def __repr__(self) -> str:
        return f"<model {self.name}>"

    def play_likelihood(self, edition, seat, out, protected, hand, card, target, guess, public=None) -> Fraction:
        actions = legal_plays(edition, hand, seat, out, protected)
        return Fraction(1) if matching(actions, card, target, guess) else Fraction(0)

    def chancellor_likelihood(self, hand3: tuple, choice, public=None) -> Fraction:
        return Fraction(1, len(chancellor_choices(hand3)[0]))

    # -- playing -----------------------------------------------------------------------------
    def weights(self, r) -> tuple[tuple, int]:
        """The player to move's legal actions with integer weights over one denominator:
        (((action, weight), ...), denominator); actions of weight 0 left out."""
        from solver.rules.errors import InvalidOptionError

        raise InvalidOptionError(f"the model {self.name!r} weighs deals but does not play", rule="unknown-model")

    def distribution(self, r) -> list[tuple[object, Fraction]]:
        """The player to move's actions with their probabilities."""
        acts, den = self.weights(r)
        return [(a, Fraction(w, den)) for a, w in acts]

    def choose(self, r, rng):
        """An action drawn from `distribution` with `rng`."""
        raise NotImplementedError


class RandomModel(UniformModel):
    name = "random"
    description = "opponents play uniformly at random among their legal actions"
    plays = True
    searched = True

    def play_likelihood(self, edition, seat, out, protected, hand, card, target, guess, public=None) -> Fraction:
        actions = legal_plays(edition, hand, seat, out, protected)
        return Fraction(matching(actions, card, target, guess), len(actions))

    def weights(self, r) -> tuple[tuple, int]:
        from solver.rules.game import legal_actions

        acts = legal_actions(r)
        return tuple((a, 1) for a in acts), len(acts)

    def choose(self, r, rng):
        from solver.policies.heuristics import random_policy

        return random_policy(r, rng)


class CardCounterModel(UniformModel):
    """Opponents play the card counter's heuristic of `solver.policies.heuristics` (card counters): one
    of its tied best plays, each equally likely, with a small share `EPSILON` of uniformly random
    play. The advisor's `card-counter` opponents; the same policy weighs the posterior."""

    name = "card-counter"
    description = "opponents count cards (the heuristic of solver.policies), 10% random"
    uses_memory = True
    plays = True
    searched = True
    EPSILON = Fraction(1, 10)

    @classmethod
    def mixed(cls, tied: int, ties: int, matching: int, n: int) -> Fraction:
        """The probability of an observed play that `matching` of the `n` legal actions would
        show, `tied` of them among the heuristic's `ties` best plays: one of its best plays with
        1 - EPSILON (each equally likely), any action with EPSILON / n. The one formula of the
        model, also in `integer_weights` (remembered: the inference asks it for the same few
        numbers thousands of times)."""
        return _mixed(cls.EPSILON, tied, ties, matching, n)

    @classmethod
    def integer_weights(cls, n: int, ties: int) -> tuple[int, int, int]:
        """`mixed` in integers for one of `n` actions when the heuristic has `ties` best plays:
        (a best play's weight, any other's weight, their denominator)."""
        p, q = cls.EPSILON.numerator, cls.EPSILON.denominator
        return (q - p) * n + p * ties, p * ties, q * n * ties

    def play_likelihood(self, edition, seat, out, protected, hand, card, target, guess, public=None) -> Fraction:
        from solver.policies.heuristics import card_counter_choices, policy_round

        actions = legal_plays(edition, hand, seat, out, protected)
        match = matching(actions, card, target, guess)
        if not match:
            return Fraction(0)
        ties = card_counter_choices(policy_round(edition, seat, hand, out, protected, public))
        return self.mixed(matching(ties, card, target, guess), len(ties), match, len(actions))

    def chancellor_likelihood(self, hand3: tuple, choice, public=None) -> Fraction:
        chosen, n = _card_counter_keep(hand3)
        return self.mixed(int(choice == chosen), 1, 1, n)

    def weights(self, r) -> tuple[tuple, int]:
        from solver.policies.heuristics import card_counter_choices
        from solver.rules.game import legal_actions

        acts = legal_actions(r)
        if len(acts) == 1:
            return ((acts[0], 1),), 1
        ties = card_counter_choices(r)
        best, other, den = self.integer_weights(len(acts), len(ties))
        return tuple((a, best if a in ties else other) for a in acts), den

    @classmethod
    def explores(cls, rng) -> bool:
        """Whether this decision is the random play (probability EPSILON exactly: one
        `rng.below(10)` of the project's generator, `solver.rules.rng`, as the reference and the
        compiled play-outs draw it)."""
        return rng.below(cls.EPSILON.denominator) < cls.EPSILON.numerator

    def choose(self, r, rng):
        """As the estimate's play-outs and the bots draw it: a random play with EPSILON
        (`explores`), else one of the heuristic's best plays."""
        from solver.policies.heuristics import card_counter_policy, random_policy

        if not self.explores(rng):
            return card_counter_policy(r, rng)
        return random_policy(r, rng)


class SearcherModel(UniformModel):
    """Opponents who look one play ahead from their own view and play a quantal best response
    (`solver.policies.searcher`): a stand-in for players who plan (people who think, MCTS and
    ISMCTS bots). Its likelihood is exact. The inference and the bots use it; the advisor's
    search and play-outs do not play it yet (`searched` is false), so `advise` refuses it."""

    name = "searcher"
    description = "opponents look one play ahead from their own view (a quantal best response)"
    uses_memory = True
    plays = True

    def play_likelihood(self, edition, seat, out, protected, hand, card, target, guess, public=None) -> Fraction:
        from solver.policies.heuristics import policy_round

        actions = legal_plays(edition, hand, seat, out, protected)
        if not matching(actions, card, target, guess):
            return Fraction(0)
        acts, den = self.weights(policy_round(edition, seat, hand, out, protected, public))
        return Fraction(sum(w for a, w in acts
                            if a.card == card and (target is None or a.target == target)
                            and (guess is None or a.guess == guess)), den)

    def chancellor_likelihood(self, hand3: tuple, choice, public=None) -> Fraction:
        from solver.policies.searcher import chancellor_distribution

        edition = public["edition"] if public and "edition" in public else None
        if edition is None:
            raise TypeError("the searcher weighs a Chancellor choice with the edition in `public`")
        return chancellor_distribution(edition, tuple(hand3), choice, chancellor_choices(hand3)[0], public)

    def weights(self, r) -> tuple[tuple, int]:
        from solver.policies.searcher import searcher_weights

        return searcher_weights(r)

    def choose(self, r, rng):
        """An action drawn with the project's generator (`rng.below`), in proportion to `weights`."""
        acts, den = self.weights(r)
        if len(acts) == 1:
            return acts[0][0]
        x = rng.below(den) if hasattr(rng, "below") else rng.randrange(den)
        for a, w in acts:
            if x < w:
                return a
            x -= w
        return acts[-1][0]


class MixtureModel(UniformModel):
    """Opponents of several types (`types`), each with its prior weight (`prior`); which type an
    opponent is, is read from the record (module docstring). It plays and weighs plays only
    through its types: the inference, the search and the estimate take each type in turn with
    its weight given the record (`solver.inference.type_weights`)."""

    name = "mixture"
    description = "each opponent a card counter or a random player, weighed by their recorded plays"
    plays = True

    def __init__(self, types: tuple, prior: tuple, name: str = "mixture", description: str = ""):
        super().__init__()
        if len(types) != len(prior) or sum(prior) != 1 or any(not t.plays for t in types):
            raise ValueError("a mixture needs playing types and prior weights that sum to 1")
        self.name = name  # (its one name in MODELS: "three-types" answered "mixture")
        self.description = description or type(self).description
        self.types = tuple(types)
        self.prior = tuple(Fraction(p) for p in prior)
        self.uses_memory = any(t.uses_memory for t in types)

    def play_likelihood(self, *args, **kwargs) -> Fraction:
        raise TypeError("a mixture weighs plays by its types (solver.inference.type_weights)")

    chancellor_likelihood = play_likelihood


@lru_cache(maxsize=4096)
def _mixed(epsilon: Fraction, tied: int, ties: int, matching: int, n: int) -> Fraction:
    return (1 - epsilon) * Fraction(tied, ties) + epsilon * Fraction(matching, n)


@lru_cache(maxsize=4096)
def _card_counter_keep(hand3: tuple):
    """The card counter's Chancellor choice for a hand, and the number of choices."""
    from solver.policies.heuristics import card_counter_chancellor

    choices = chancellor_choices(hand3)[0]
    return card_counter_chancellor(hand3, choices), len(choices)


def is_mixture(model) -> bool:
    return len(model.types) > 1


#: One vocabulary for the inference, the advisor, the bots and the app.
MODELS = {"uniform": UniformModel(), "random": RandomModel(), "card-counter": CardCounterModel()}
MODELS["mixture"] = MixtureModel((MODELS["card-counter"], MODELS["random"]), (Fraction(1, 2), Fraction(1, 2)))
#: Inference and bots only (the advisor refuses it: its search does not play the searcher yet).
MODELS["searcher"] = SearcherModel()
#: The three types, a third each: for reading what kind of player a record shows (inference only).
MODELS["three-types"] = MixtureModel((MODELS["card-counter"], MODELS["random"], MODELS["searcher"]),
                                     (Fraction(1, 3), Fraction(1, 3), Fraction(1, 3)), "three-types",
                                     "each opponent a card counter, a random player or a searcher, weighed by their "
                                     "recorded plays")

#: The models that can play opponents (the advisor's, the decision view's), the default first.
PLAYING_MODELS = ("mixture", "card-counter", "random")

#: Names of earlier versions, refused with a pointer to the new names ("counting" meant
#: "uniform" to the inference and "card-counter" to the advisor).
RENAMED = {"counting": "'uniform' (every consistent deal equally likely) or 'card-counter' (opponents count cards)",
           "counting-bot": "'card-counter'"}


def get_model(name_or_model, playing: bool = False) -> UniformModel:
    """The model object of a name (an object is returned as it is); InvalidOptionError naming
    the models for an unknown name, or for one that does not play where `playing` is asked."""
    from solver.rules.errors import InvalidOptionError

    if isinstance(name_or_model, UniformModel):
        model = name_or_model
    else:
        model = MODELS.get(name_or_model) if isinstance(name_or_model, str) else None
        if model is None:
            if name_or_model in RENAMED:
                raise InvalidOptionError(f"the model {name_or_model!r} was renamed: use {RENAMED[name_or_model]}",
                                         rule="unknown-model") from None
            raise InvalidOptionError(f"unknown model {str(name_or_model)[:40]!r}; models: {', '.join(MODELS)}",
                                     rule="unknown-model") from None
    if playing and (not model.plays or any(not t.searched for t in model.types)):
        # (a type the search and play-outs do not play — the searcher — is refused here)
        raise InvalidOptionError(f"the advisor cannot play the opponent model {model.name!r}; models: "
                                 f"{', '.join(PLAYING_MODELS)}", rule="unknown-model")
    return model
