"""The exact search compiled (numba): `solver.advice.exact.ExactSolver` step by step on packed integer
states, the same values (exact rationals, as 128-bit integers) and the same work counted. Its rooms,
along the same ideas as the Python search's: `packing` (a state in `KW` words), `tables` (the
context's arrays, hash tables, 128-bit arithmetic), `opponents` (each type's weights), `observation`
(`obs_id`), `draws` (the deck's draw orders), `transitions` (an action's outcomes, remembered), `linear`
(the values where the viewer has no decision left), `following` (a transition into the information
states it leads to), `memo` (the information states' values), `frames` (a frame's steps on the stack),
`bounds` (the bounds at a viewer's decision), `search` (the loop over the stack), `roots` (the entry
points) and `answer` (the Python driver, `CompiledSolver`).

What is the same as the Python search, and must stay so (`tests/conformance/test_exact.py` compares
every figure and the work on saved and random positions):

* a state is the canonical round (hands and discard piles sorted, no turn, the memory only when the
  opponents' model reads it; an ended round only its winners, Spy bonus and who is out), the sizes of
  the deck's tail groups (a fixed card, or an opponent's returned pair in either order) and the
  opponents' type; the free cards at the top (with the set-aside card, when it is exchangeable with
  them) are one sorted group, resolved when drawn;
* an information state is a list of (state, weight) in the order its worlds were first reached; its
  value is memoised on its weights divided by their gcd (a single world on its state alone);
* the viewer maximises per information state (win mass, then tokens), trying one of the Guard
  guesses that hit in no world per target; opponents follow their type's integer weights; an
  opponent's Guard guesses that do the same in every world are evaluated once (their weight times
  their number), its two equally likely orders of one returned pair are one evaluation;
* where the viewer has no decision left (the round is over, or an opponent plays with the deck
  empty) a value is remembered per state and per transition;
* the work counts every transition stepped through (its resolutions of the cards it could draw),
  remembered or not, as the Python search counts it.

Layout, for compilation and caching: every table is a NumPy array of fixed capacity in one tuple
(`new_context`; the kernels index it by constant), hash tables are open addressing over those
arrays, and the search over information states runs on an explicit stack of frames (`run`), not by
recursion (numba cannot load a recursive function from its disk cache). A full table stops the search
with `NEED_MORE` (every write stays within `TRASH` rows past the capacity); the caller then searches
again from the start with larger tables, which gives the same figures and the same work.

A state is packed into 80 bytes (`KW` int64 words, the layout in `pack`); a grouping by what the
viewer observes uses an exact code of the observation (`obs_id`): who acted and what they played
(an opponent's Chancellor choice only as a fact), a card a Baron showed the viewer, and the viewer's
view of the state it leads to (who is to move, the phase, who is out or protected, the deck's size,
whether the set-aside card is there, the viewer's cards — the drawn one apart — in the order drawn,
what the viewer remembers, every discard pile).

Integers are 128-bit (`solver.compiled.u128`); a number that would not fit stops the search with
`OVERFLOW` (the caller answers otherwise), never a wrong value.
"""

from solver.compiled.exact.answer import CompiledSolver, action_code, tail_bits

__all__ = ["CompiledSolver", "action_code", "tail_bits"]
