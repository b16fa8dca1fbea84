"""The deal layout's integer row: where a record's deal puts its cards, as the advice layer writes it
(`solver.advice.deals.DealLayout`) and the compiled sampler reads it
(`solver.compiled.playouts.assemble_deals`). One name per offset, shared by writer and reader.

A seat's hand takes `HAND_STRIDE` slots from `L_HANDS + HAND_STRIDE * seat`: its kind (`HAND_NONE`: out of
the round, `HAND_TRACKED`: one tracked card, `HAND_UNTOUCHED`: one untouched card, `HAND_MOVER`: the
player to move's cards, all tracked), then the tracked cards' variables (-1: none).
"""

from __future__ import annotations

#: The most seats at a table of any edition (the 2019 edition's 6).
MAX_PLAYERS = 6
L_PLAYERS = 0  # seats at the table
L_VIEWER = 1  # the viewer's seat
L_PHASE = 2  # 0 a play, 1 a Chancellor's choice
L_UP = 3  # face-up cards the record names
L_MISSING_UP = 4  # face-up cards it does not name (dealt from the untouched cards)
L_EXCHANGED = 5  # untouched cards at the top of the deck
L_TAIL = 6  # tracked cards under them (the cards a Chancellor returned), from the top
L_SET_ASIDE = 7  # 0 none, 1 untouched, 2 tracked
L_SET_ASIDE_VAR = 8  # its variable when tracked
L_KNOWN = 9  # pairs (observer, holder) remembered
L_HANDS = 10
HAND_STRIDE = 4
HAND_NONE, HAND_TRACKED, HAND_UNTOUCHED, HAND_MOVER = 0, 1, 2, 3
#: Most tracked cards under the deck's untouched top (a round has at most 24 cards in the deck).
MAX_TAIL = 24
L_TAIL_VARS = L_HANDS + HAND_STRIDE * MAX_PLAYERS
L_KNOWN_PAIRS = L_TAIL_VARS + MAX_TAIL  # observer, holder, ...
L_SIZE = L_KNOWN_PAIRS + 2 * MAX_PLAYERS * MAX_PLAYERS
