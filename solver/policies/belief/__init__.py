"""The viewer's later turns in a play-out, played on what the viewer would infer (the reference).

An estimate values a play by playing the round on after it. The viewer's later decisions there
must use only what the viewer will know then; the card counter's heuristic (`solver.policies.heuristics`)
reads the unseen cards as if every one were equally likely in an opponent's hand. Against a
card counter that throws away what the opponent's plays say: a card counter who kept a card
over a Baron probably holds a high one. This package keeps, along the play-out, the viewer's
**belief** about each opponent's hand under the opponent model, and plays the viewer's turns on it
(`belief_choices`).

The belief (`Belief`) is a weight per opponent type (the mixture's types, or the one type) and,
per opponent and type, a distribution over the card the opponent holds. It starts from the exact
posterior at the decision being advised (the caller passes its marginals) and is updated by what
the viewer observes, never by a hidden card of the sampled deal:

* an opponent's play: from each card `c` the opponent may have held and each card `d` it may have
  drawn (drawn from the cards the viewer has not seen, `c` excepted), the play's probability
  under the type from the hand {c, d} (`model.weights` of the round with that hand): the card it
  kept is the one it did not play;
* an opponent's Chancellor: the card it keeps from its card and two draws, under the type
  (a card counter keeps its highest with 1 - EPSILON; a random player any of the three);
* the viewer's own draws (a card the viewer draws is not the opponent's: one copy fewer);
* a Guard's miss (the named card is not there), a Prince's discard (a fresh card drawn from the
  unseen ones), a King trade between two opponents (their beliefs swap), a Baron's loser (the
  winner holds a higher card), and whatever the viewer remembers (`Round.known`: a Priest look, a
  King trade, a Baron tie: the card itself).

In a 2-player round of the classic edition this is the exact posterior of the opponent's hand (the
opponent's hand is the only hidden card any likelihood reads, and the rest of the unseen cards are
exchangeable). Elsewhere it is an approximation (with 3 or more players the opponents' hands are
taken as independent; after an opponent's Chancellor the returned cards are taken as unseen).
Whatever its accuracy, the viewer's choices read only what the viewer saw, so the value of a
play-out is the value of a policy the viewer could follow: an estimate built on it stays a floor
of the exact value.

The compiled path (`solver.compiled.kernels.belief`) follows the same steps on arrays, in the same
order of floating-point operations, so both give the same choices (`tests/conformance/`).

Rooms: `weights` (the belief and the steps its updates share), `observing` (`observe`), `playing` (the
viewer's turns on it and the play-out).
"""

from __future__ import annotations

from solver.policies.belief.playing import belief_choices, belief_playout, final_values, viewer_choice
from solver.policies.belief.weights import NCARDS, Belief, pool_of
from solver.policies.belief.observing import observe

__all__ = ["Belief", "NCARDS", "belief_choices", "belief_playout", "final_values", "observe", "pool_of",
           "viewer_choice"]
