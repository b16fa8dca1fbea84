"""Love Letter rules engine and solver: a pure library (no UI).

The small public API::

    from solver import new_game, legal_actions, apply, Card, Play
    game, events = new_game("2019", ["Ana", "Luis", "Marta"], first_player=0, seed=7)
    game, events = apply(game, legal_actions(game)[0])

    record = parse_record("2019 Ana,Luis,Marta first:Ana viewer:Ana dealt:8 | Ana +1 1>Luis=5 hit")
    infer(record).hand("Marta")   # {Card.SPY: Fraction(...), ...}
"""

from .actions import ChancellorChoice, NextRound, Play
from .cards import Card
from .editions import EDITION_2019, EDITION_CLASSIC, EDITION_CLASSIC_2019, EDITIONS, Edition, get_edition
from .errors import (
    AmbiguousCardNameError,
    IllegalActionError,
    InvalidOptionError,
    InvalidPositionError,
    LoveLetterError,
    UnknownCardNameError,
)
from .events import seen_by
from .game import apply, deal_from_order, deal_round, legal_actions, new_game, new_round
from .names import NAMINGS, card_name, parse_card
from .state import Game, Round, late_position, position, validate_round
from .record import Record, RecordError, Turn, from_json, record_from_events, to_json
from .notation import format_record, parse_record
from .inference import Posterior, guard_table, infer

__all__ = [
    "AmbiguousCardNameError", "Card", "ChancellorChoice", "EDITIONS", "EDITION_2019",
    "EDITION_CLASSIC", "EDITION_CLASSIC_2019", "Edition", "Game", "IllegalActionError",
    "InvalidOptionError", "InvalidPositionError", "LoveLetterError", "NAMINGS", "NextRound",
    "Play", "Round", "UnknownCardNameError", "apply", "card_name", "deal_from_order",
    "deal_round", "get_edition", "legal_actions", "new_game", "new_round", "parse_card",
    "position", "seen_by", "validate_round", "late_position", "Record", "RecordError", "Turn", "from_json",
    "to_json", "record_from_events", "format_record", "parse_record", "Posterior", "infer", "guard_table",
]
