"""Love Letter rules engine and solver: a pure library (no UI).

Layers, each importing only those before it (docs/architecture.md):
rules <- records <- policies <- inference <- analysis <- advice; teaching stands on rules.

The small public API::

    from solver import new_game, legal_actions, apply, Card, Play
    game, events = new_game("2019", ["Ana", "Luis", "Marta"], first_player=0, seed=7)
    game, events = apply(game, legal_actions(game)[0])

    record = parse_record("2019 Ana,Luis,Marta first:Ana viewer:Ana dealt:8 | Ana +1 1>Luis=5 hit")
    infer(record).hand("Marta")   # {Card.SPY: Fraction(...), ...}

In Jupyter a round, a game, a record, a posterior and an advice display themselves as tables in
the app's words (`solver.display`; `display_language("es")`, `show(game, viewer="Ana")`).
"""

from solver.rules import (
    EDITION_2019,
    EDITION_CLASSIC,
    EDITION_CLASSIC_2019,
    EDITIONS,
    NAMINGS,
    AmbiguousCardNameError,
    Card,
    ChancellorChoice,
    Edition,
    Game,
    IllegalActionError,
    InvalidOptionError,
    InvalidPositionError,
    LoveLetterError,
    NextRound,
    Play,
    Round,
    UnknownCardNameError,
    apply,
    card_name,
    deal_from_order,
    deal_round,
    get_edition,
    game_position,
    late_position,
    legal_actions,
    new_game,
    new_round,
    next_starter,
    parse_card,
    position,
    seen_by,
    validate_round,
)
from solver.records import Record, RecordError, Turn, format_record, from_json, parse_record, record_from_events, to_json
from solver.inference import Posterior, guard_table, infer
from solver.display import display_language, show, to_html  # registers the notebook display (Jupyter)

__all__ = [
    "AmbiguousCardNameError", "Card", "ChancellorChoice", "EDITIONS", "EDITION_2019",
    "EDITION_CLASSIC", "EDITION_CLASSIC_2019", "Edition", "Game", "IllegalActionError",
    "InvalidOptionError", "InvalidPositionError", "LoveLetterError", "NAMINGS", "NextRound",
    "Play", "Round", "UnknownCardNameError", "apply", "card_name", "deal_from_order",
    "deal_round", "get_edition", "legal_actions", "new_game", "new_round", "parse_card",
    "position", "seen_by", "validate_round", "late_position", "game_position", "next_starter", "Record", "RecordError", "Turn", "from_json",
    "to_json", "record_from_events", "format_record", "parse_record", "Posterior", "infer", "guard_table",
    "display_language", "show", "to_html",
]
