"""The rules of Love Letter: cards, editions and their settings, card names in en/es/fr,
immutable state, actions, typed events, errors, the round and game rules, and what card
counters remember. Depends on nothing else in `solver`.

Public surface: `new_game`, `new_round`, `deal_round`, `deal_from_order`, `legal_actions`,
`apply`, `next_starter`, the state types (`Game`, `Round`, `position`, `late_position`,
`game_position`), actions (`Play`,
`ChancellorChoice`, `NextRound`), `Card`, editions and names, errors.
"""

from solver.rules.actions import ChancellorChoice, NextRound, Play
from solver.rules.cards import Card
from solver.rules.editions import EDITION_2019, EDITION_CLASSIC, EDITION_CLASSIC_2019, EDITIONS, Edition, get_edition
from solver.rules.errors import (
    AmbiguousCardNameError,
    IllegalActionError,
    InvalidOptionError,
    InvalidPositionError,
    LoveLetterError,
    UnknownCardNameError,
)
from solver.rules.events import seen_by
from solver.rules.game import apply, deal_from_order, deal_round, legal_actions, new_game, new_round, next_starter
from solver.rules.names import NAMINGS, card_name, parse_card
from solver.rules.positions import game_position, late_position, position, validate_round
from solver.rules.state import Game, Round

__all__ = [
    "AmbiguousCardNameError", "Card", "ChancellorChoice", "EDITIONS", "EDITION_2019",
    "EDITION_CLASSIC", "EDITION_CLASSIC_2019", "Edition", "Game", "IllegalActionError",
    "InvalidOptionError", "InvalidPositionError", "LoveLetterError", "NAMINGS", "NextRound",
    "Play", "Round", "UnknownCardNameError", "apply", "card_name", "deal_from_order",
    "deal_round", "get_edition", "legal_actions", "new_game", "new_round", "parse_card",
    "position", "seen_by", "validate_round", "late_position", "game_position", "next_starter",
]
