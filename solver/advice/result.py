"""What the advisor answers: each legal play with its value, ranked."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Optional

from solver.rules.actions import ChancellorChoice
from solver.rules.rich import rich
from solver.records.record import Record


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
    #: Where the play stands against the best (`BEST`, `CLOSE`, `WORSE`, `UNDECIDED`; `standing_of`):
    #: the one reading of `diff_interval` that the verdict, the table, the hint and the review share.
    standing: str = ""
    #: A Guard guess that cannot hit (the target cannot hold the card named) is the same play in
    #: effect as every other such guess at that target — a miss leaves the same round — and has
    #: the same figures: it names the first of them in the ranking (`mark_sure_misses`), so a
    #: front end may show them as one row. None otherwise.
    same_as: object = None
    #: A Guard guess that cannot hit: the target cannot hold the card named (a sure miss, known to
    #: the viewer). Said as "naming any card Luis cannot hold: none can hit", never by the card.
    sure_miss: bool = False
    #: A mixture of opponent types only: {type name: P(win) had the viewer known the opponents
    #: were of that type} (exact, or estimated on the sampled deals of that type), None otherwise.
    by_type: Optional[dict] = None
    #: Whether `knock_out_now` (and `learn`) and `out_before_next_turn` are exact: an estimate
    #: computes the immediate figures exactly from the posterior when it is exact, and samples
    #: the risk of being out before the next turn (a front end marks sampled figures "≈").
    knock_out_exact: bool = True
    out_exact: bool = True

    @property
    def equally_good(self) -> bool:
        """The best play, or a play proved close to it: what "equally good" is said of."""
        return self.standing in (BEST, CLOSE)

    @property
    def cost(self) -> float:
        """What choosing this play gives up against the best, as the review prices it: 0 for the
        best and for a play proved close (within `CLOSE_POINTS`), its difference otherwise."""
        return 0.0 if self.standing in (BEST, CLOSE) else max(0.0, -float(self.diff))

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
        """The best play and the plays proved close to it ("equally good"), in the ranking's order."""
        return tuple(a for a in self.actions if a.equally_good) or self.actions[:1]

    def undecided(self) -> tuple[RankedAction, ...]:
        """The plays not yet told apart from the best: more work could change the order."""
        return tuple(a for a in self.actions if a.standing == UNDECIDED)

    @property
    def resolved(self) -> bool:
        """A single best play: every other play is resolved worse (a Guard's sure misses at one
        target count once, `same_as`)."""
        return all(a.standing == WORSE for a in self.actions[1:] if a.same_as is None)

    @property
    def decided(self) -> bool:
        """No play is left undecided: a single best play, or a best play and a group proved close."""
        return not self.undecided()

    def _repr_html_(self) -> Optional[str]:
        """In a notebook: the verdict and the ranking, as the app says them (`solver.display`)."""
        return rich(self, "advice")


def sort_key(action) -> tuple:
    if isinstance(action, ChancellorChoice):
        return (int(action.keep), tuple(int(c) for c in action.bottom))
    return (int(action.card), -1 if action.target is None else action.target,
            -1 if action.guess is None else int(action.guess))


def mark_sure_misses(ranked, cannot_hit) -> tuple:
    """The ranking (in its order) with `sure_miss` set on the Guard guesses that cannot hit
    (`cannot_hit(action)`, from the exact posterior), and `same_as` on those that share the figures
    of the first such guess at the same target: it names that first one."""
    first: dict = {}
    out = []
    for a in ranked:
        act = a.action
        if getattr(act, "guess", None) is not None and cannot_hit(act):
            figures = (a.win, a.tokens, a.knock_out_now, a.out_before_next_turn, a.exact)
            lead = first.setdefault(act.target, (act, figures))
            a = replace(a, sure_miss=True)
            if lead[0] != act and lead[1] == figures:
                a = replace(a, same_as=lead[0])
        out.append(a)
    return tuple(out)


#: The four kinds of play in an answer, one word each in the API, the CLI, the notebook and the app.
#: BEST: the play with the highest value (the first of the ranking). CLOSE: its difference to the
#: best lies within ±`CLOSE_POINTS` (the 95% interval of an estimate's paired difference, the point
#: of an exact one): "equally good" is said of these only. WORSE: resolved below the best (the
#: interval lies below 0). UNDECIDED: neither, not yet told apart: more work could change the order.
BEST, CLOSE, WORSE, UNDECIDED = "best", "close", "worse", "undecided"
STANDINGS = (BEST, CLOSE, WORSE, UNDECIDED)
#: How near the best a play must be proved to be called equally good (3 percentage points).
CLOSE_POINTS = 0.03


def standing_of(diff_interval: tuple) -> str:
    """CLOSE, WORSE or UNDECIDED for a play other than the best, from the interval of its
    difference to the best (a point for an exact answer)."""
    low, high = diff_interval
    if low >= -CLOSE_POINTS - 1e-12 and high <= CLOSE_POINTS + 1e-12:
        return CLOSE
    if high < 0:
        return WORSE
    return UNDECIDED


def with_standings(ranking) -> tuple:
    """The ranking (best first) with each play's `standing`; a Guard's sure misses that name
    another (`same_as`: the same play in effect) take its standing and its difference to the best."""
    out = []
    lead: dict = {}
    for i, a in enumerate(ranking):
        if a.same_as is not None and a.same_as in lead:
            first = lead[a.same_as]
            a = replace(a, standing=first.standing, diff=first.diff, diff_interval=first.diff_interval)
        else:
            a = replace(a, standing=BEST if i == 0 else standing_of(a.diff_interval))
        out.append(a)
        lead[a.action] = a
    return tuple(out)
