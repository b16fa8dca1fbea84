"""What the advisor answers: each legal play with its value, ranked."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Optional

from solver.rules.actions import ChancellorChoice
from solver.rules.rich import rich
from solver.records.record import Record


@dataclass(frozen=True)
class Value:
    win: Fraction  # probability the viewer is among the round's winners
    tokens: Fraction  # expected favor tokens from this round (win + Spy bonus)
    out_before_next_turn: Fraction = Fraction(0)


@dataclass(frozen=True)
class RankedAction:
    action: object
    win: Fraction
    tokens: Fraction
    #: P(an opponent is knocked out by this play, now).
    knock_out_now: Fraction
    #: P(the viewer is out of the round before their next turn), opponents playing the model.
    out_before_next_turn: Fraction
    exact: bool = True
    #: Estimates only: the 95% interval of `win` and the number of sampled deals.
    interval: Optional[tuple] = None
    samples: int = 0
    #: What the play teaches the viewer: {"sees": {card: p}} (Priest, King: the card you see
    #: or receive) or {"baron": {"win": p, "tie": p, "lose": p}}.
    learn: Optional[dict] = None
    #: The win-rate difference to the best play (0 for the best) and its 95% interval: paired
    #: over the same deals for estimates, a point for exact answers.
    diff: float = 0.0
    diff_interval: tuple = (0.0, 0.0)
    #: P(this play is the best): 1 or 0 for exact answers, a bootstrap over the deals otherwise.
    p_best: float = 0.0
    #: Not resolved from the best play: "equally good within the estimate" (the best included).
    equal_to_best: bool = False
    #: A Guard guess that cannot hit (the target cannot hold the card named) is the same play in
    #: effect as every other such guess at that target — a miss leaves the same round — and has
    #: the same figures: it names the first of them in the ranking (`mark_sure_misses`), so a
    #: front end may show them as one row. None otherwise.
    same_as: object = None
    #: A mixture of opponent types only: {type name: P(win) had the viewer known the opponents
    #: were of that type} (exact, or estimated on the sampled deals of that type), None otherwise.
    by_type: Optional[dict] = None
    #: Whether `knock_out_now` (and `learn`) and `out_before_next_turn` are exact: an estimate
    #: computes the immediate figures exactly from the posterior when it is exact, and samples
    #: the risk of being out before the next turn (a front end marks sampled figures "≈").
    knock_out_exact: bool = True
    out_exact: bool = True
    #: An estimate's allowance for what its later decisions miss (`solver.advice.estimate.WIDEN`),
    #: included in `diff_interval` on both sides (0 for exact answers and where every deal was
    #: valued exactly).
    bias_margin: float = 0.0

    def explanation(self) -> tuple[str, dict]:
        """A message key and its parameters (the shell translates): the one-sentence why."""
        params = {"win": self.win, "knock_out_now": self.knock_out_now, "out_risk": self.out_before_next_turn}
        if self.knock_out_now:
            return "advice.knock_out", params
        if self.out_before_next_turn:
            return "advice.risk", params
        return "advice.plain", params


@dataclass(frozen=True)
class Advice:
    record: Record
    model: str
    method: str
    actions: tuple[RankedAction, ...]
    worlds: int
    nodes: int
    #: A single best play is named (exact, or every other play's difference is resolved).
    resolved: bool = True
    #: "exact", or how the posterior over deals was approximated (labelled to the user).
    posterior: str = "exact"
    #: The wall clock's safety cap stopped the work before its budget (an exact search that
    #: became an estimate, or an estimate over fewer deals than asked): these figures depend on
    #: the machine's speed and load, and a front end says so. Never with the default budgets.
    cut_short: bool = False
    #: The opponents' types and their probabilities given the record ({type name: p}; one type
    #: with 1 for a single-type model): what the record suggests about how they play.
    types: dict = field(default_factory=dict)

    def best_group(self) -> tuple[RankedAction, ...]:
        """The plays equally good as the best within the estimate (one play when resolved)."""
        return tuple(a for a in self.actions if a.equal_to_best) or self.actions[:1]

    def _repr_html_(self) -> Optional[str]:
        """In a notebook: the verdict and the ranking, as the app says them (`solver.display`)."""
        return rich(self, "advice")


def sort_key(action) -> tuple:
    if isinstance(action, ChancellorChoice):
        return (int(action.keep), tuple(int(c) for c in action.bottom))
    return (int(action.card), -1 if action.target is None else action.target,
            -1 if action.guess is None else int(action.guess))


def mark_sure_misses(ranked, cannot_hit) -> tuple:
    """The ranking (in its order) with `same_as` set on the Guard guesses that cannot hit
    (`cannot_hit(action)`, from the exact posterior) and share the figures of the first such
    guess at the same target: it names that first one."""
    first: dict = {}
    out = []
    for a in ranked:
        act = a.action
        if getattr(act, "guess", None) is not None and cannot_hit(act):
            figures = (a.win, a.tokens, a.knock_out_now, a.out_before_next_turn, a.exact)
            lead = first.setdefault(act.target, (act, figures))
            if lead[0] != act and lead[1] == figures:
                a = replace(a, same_as=lead[0])
        out.append(a)
    return tuple(out)


def one_best(ranking) -> bool:
    """A single best play is named: one play is equal to the best (or several that are one
    play in effect: sure misses at one target, `same_as`)."""
    return sum(1 for a in ranking if a.equal_to_best and a.same_as is None) == 1
