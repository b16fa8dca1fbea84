"""The compiled belief play-out (rooms: `offsets`, `weights`, `observing`, `playing`): `solver.policies.belief`
on the state array, the same updates in the same order of floating-point operations and the same choices in
the engine's order.

The belief is three arrays: `bw[t]`, the weight of opponent type t (of `nt`, with model codes `tcodes`:
RANDOM or CARD_COUNTER), `bc[seat, t, card]`, the probability that `seat` holds `card` under type t, and
`bi`, what the viewer knows of the deck's order (`Belief.tail`, `src`, `chsrc`): bi[0] the tail's length,
bi[1:1 + MAXDECK] the tail in draw order, bi[SRC + seat], bi[CHSRC + i].
"""

from solver.compiled.kernels.belief.playing import (belief_choices, belief_play_on, belief_playout, choice_row,
                                                    final_choice)
from solver.compiled.kernels.belief.offsets import BI_SIZE, CHSRC, FW_SIZE, IW_SIZE, SRC
from solver.compiled.kernels.belief.weights import hand_of, pool_of
from solver.compiled.kernels.belief.observing import likelihood, observe

__all__ = ["BI_SIZE", "CHSRC", "FW_SIZE", "IW_SIZE", "SRC", "belief_choices", "belief_play_on", "belief_playout",
           "choice_row", "final_choice", "hand_of", "likelihood", "observe", "pool_of"]
