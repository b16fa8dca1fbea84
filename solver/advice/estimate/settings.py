"""What an estimate may spend, in one object (`EstimateSettings`): the work budgets (deals, play-outs,
the leaves' transitions) and the choices of method, with the constants the sampling and its
statistics read."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Optional

#: z of the reported intervals (95%) and of the racing's elimination (a play is dropped only
#: when it is behind the leader by more than three standard errors of the paired difference).
Z_95 = 1.96
ELIMINATE_Z = 3.0
BOOTSTRAP = 200
#: An answer that leaves plays not yet told apart from the best samples them (and the best) on more deals,
#: in steps of `MORE_STEP`, up to `MORE` times the deals asked: a work budget (the same answer on any
#: machine). On 24 fresh 4-player positions (2019, the mixture) 2,000 deals left 10 answers open and
#: 8,000 deals 1 (`benchmarks/verdicts.py`).
MORE = 4
MORE_STEP = 500
#: The most transitions one leaf's exact search may take (per opponent type; `leaves.leaf_values`), and
#: the most cards in the deck at a leaf for which it is tried (beyond, the search rarely fits).
LEAF_WORK = 5_000
LEAF_MAX_DECK = 4
#: The default leaf budget of an estimate with 3 or more players: transitions of all leaves' searches
#: together, and the most information states valued (each also replays its record and weighs its deals:
#: a few ms). In a 2-player round the default is none (`leaves_for`): with the later turns played on the
#: viewer's belief, 100 fresh 2-player answers at 6-8 cards were as accurate without leaves (the first
#: play exactly best 0.86 against 0.87, the same wrong single best plays, the figures' shortfall the
#: same: median 1.6, p90 5.9 points) and three times as fast (CPU median 0.11 s against 0.32 s:
#: `benchmarks/accuracy.py 8 --start 510000 --truth FILE [--leaves 0]`).
DEFAULT_LEAVES = 50_000
MAX_LEAVES = 150
#: Inference steps counted as one transition of a leaf's budget. A step costs about what a compiled
#: transition costs (1-4 µs; 3.5 µs a step against 2-5 µs a transition on a 3-player position), so each
#: counts as one. It was 7, from when a transition ran in Python (about 20 µs), and then a 3-player
#: estimate's leaves took 0.8 s for a budget meant as a tenth of that. 72 late 3- and 4-player positions
#: (2019, the mixture, seeds from 72,000): the answers' p90 2.05 s -> 1.08 s, median 0.35 -> 0.29 s, no
#: answer left open either way.
INFERENCE_STEPS = 1


@dataclass(frozen=True)
class EstimateSettings:
    """An estimate's budgets and method (`solver.advice.estimate.advise_estimate`).

    * `deals`: deals for every contender (every play at least `first`, fewer when there are more than
      20 plays, never under 50), in batches of `batch`; at most `max_playouts` play-outs in all
      (default 8 x deals); then the plays not yet told apart from the best, with the best, on more
      deals up to `most_deals` (default `MORE` x deals; `deals` for none). Work, not time.
    * `seed`: the deals and play-outs are seeded; `seconds` is only a safety cap.
    * `next_decision`: the viewer's next decision taken per information state from the statistics of
      earlier deals (`solver.advice.playouts.NextDecision`); `belief`: the viewer's later turns played
      on what it would infer of the opponents' hands (`solver.policies.belief`), else by the card
      counter's heuristic; `leaves`: a work budget (transitions, all leaves together) for valuing the viewer's next
      decision exactly (`solver.advice.estimate.leaves`), 0 for never; None (the default): `DEFAULT_LEAVES`
      with 3 or more players, none with 2 (`leaves_for`).
    """

    deals: int = 2000
    seed: int = 0
    first: int = 200
    batch: int = 100
    max_playouts: Optional[int] = None
    seconds: float = 60.0
    next_decision: bool = True
    belief: bool = True
    leaves: Optional[int] = None
    most_deals: Optional[int] = None

    def but(self, **changes) -> "EstimateSettings":
        """These settings with some changed."""
        return replace(self, **changes) if changes else self

    def leaves_for(self, players: int) -> int:
        """The leaf budget for a round of `players` (the module's `DEFAULT_LEAVES` note)."""
        if self.leaves is not None:
            return self.leaves
        return 0 if players == 2 else DEFAULT_LEAVES

    @property
    def playout_cap(self) -> int:
        return self.max_playouts or 8 * self.deals

    @property
    def deal_cap(self) -> int:
        return MORE * self.deals if self.most_deals is None else self.most_deals
