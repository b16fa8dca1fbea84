"""The compiled round: the rules, the random player, the card counter and play-outs on one
fixed-size integer array, compiled by numba (`@njit(cache=True)`: machine code kept on disk).

The second implementation of the round, beside the reference engine (`solver.rules`: `legal_actions`,
`apply`; the policies `solver.policies.heuristics`; their loops `solver.policies.rollout`), written for
numba: no Python object, no allocation in the loop. Only the seam's modules (`solver.compiled`) import
this package; its functions are the same rules, the same legal plays in the engine's order, the same
choices and the same draws of the project's generator (splitmix64, `solver.rules.rng`), so a round
played here from a state and a seed ends exactly as it does on the reference engine
(`tests/conformance/`). The constants it shares with the reference are read from there: the
generator's (`solver.rules.rng`), how each card chooses (`solver.rules.cards.CHOOSES`) and the card
counter's random share (`CardCounterModel.EPSILON`). numba keeps them in its machine code: after
changing one, clear the disk cache (`__pycache__/*.nbi`, `*.nbc`) or touch its files.

State (`np.int8[SIZE]`; offsets below): the player count, the player to move, the phase (0 play,
1 a Chancellor's choice, 2 over), the turn, players left, the drawn card of the player to move,
the deck (top card LAST), the set-aside card, the face-up cards, the Chancellor's
drawn cards, how the round ended, the Spy bonus, the winners (a bit per seat), the hands, who
is out or protected, each seat's discard pile in order, and the memory `known[observer][holder]`
(a card, or -1: `solver.rules.memory`'s rule). A card is its `Card` number, -1 for none.

Edition (`np.int64[E_SIZE]`): each card's value and copies, the Guard's guesses, the rules
settings (Spy, showdown tie rule, plays into the void, the Spy bonus blocked by knocked-out
players, the 2-player face-up cards) and the full deck, sorted.

Its rooms: `round_array` (the arrays' offsets, the generator, the deal), `outcomes` (each card's outcomes:
the mirror of `solver.rules.outcomes`), `memory` (the memory's writes, step for step `solver.rules.memory`),
`round_rules` (legal plays and their effects: the mirror of `solver.rules.legal` and `round_rules`), `card_counter` (the card counter), `playouts`, `belief` (the viewer's turns on what it would infer).
"""

from __future__ import annotations

# ruff: noqa: F401  (the package re-exports its rooms: `solver.compiled.kernels.X`)

from solver.compiled.kernels.round_array import (ALIVE, BARON, CH, CHANCELLOR, COUNTESS, CARD_COUNTER, CUR, DECK, DECKN,
                                          DISC, DLEN, DRAWN, EXPLORE_P, EXPLORE_Q, E_COMP, E_DECK, E_DECKN,
                                          E_FACEUP2, E_GUESS, E_NGUESS, E_SIZE, E_SPY, E_SPYBLOCK, E_TIE,
                                          E_VALUE, E_VOID, GUARD, HAND, HANDMAID, KIND, KING, KNOWN, MAXACTS,
                                          MAXD, MAXDECK, MAXP, NCH, NEG, NUP, N_, ONE_, OUT, PHASE, PRIEST,
                                          PRINCE, PRINCESS, PROT, RANDOM, REASON, SETASIDE, SIZE, SPY, SPYB,
                                          TURN, TWO_, UP, WIN, ZERO_, below, belows, deal_order, next64,
                                          shuffle_deal, words)
from solver.compiled.kernels.round_rules import (apply_chancellor, apply_play, apply_row, chancellor_choices,
                                           end_turn, legal_actions, legal_plays, open_targets, playable)
from solver.compiled.kernels.card_counter import (card_counter_choices)
from solver.compiled.kernels.playouts import (actions_of, bootstrap_counts, card_counter_rounds, deal_states,
                                              fast_playout, play_on, play_states, random_rounds, step)
from solver.compiled.kernels.belief import belief_choices, belief_playout, choice_row, observe
