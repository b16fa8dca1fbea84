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

The names are loaded when first asked for (PEP 562): `import solver.rules` loads the rules and
nothing else, `from solver import infer` loads the inference when it is asked for.
"""

from __future__ import annotations

import importlib

#: Each public name and the capability module it comes from.
_HOMES = {
    **dict.fromkeys((
        "EDITION_2019", "EDITION_CLASSIC", "EDITION_CLASSIC_2019", "EDITIONS", "NAMINGS", "AmbiguousCardNameError",
        "Card", "ChancellorChoice", "Edition", "Game", "IllegalActionError", "InvalidOptionError",
        "InvalidPositionError", "LoveLetterError", "NextRound", "Play", "Round", "UnknownCardNameError", "apply",
        "card_name", "deal_from_order", "deal_round", "get_edition", "game_position", "late_position",
        "legal_actions", "new_game", "new_round", "next_starter", "parse_card", "position", "seen_by",
        "validate_round"), "solver.rules"),
    **dict.fromkeys(("Record", "RecordError", "Turn", "format_record", "from_json", "parse_record",
                     "record_from_events", "to_json"), "solver.records"),
    **dict.fromkeys(("Posterior", "guard_table", "infer"), "solver.inference"),
    **dict.fromkeys(("display_language", "show", "to_html"), "solver.display"),
}

__all__ = list(_HOMES)


def __getattr__(name: str):
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'solver' has no attribute {name!r}")
    value = getattr(importlib.import_module(home), name)
    globals()[name] = value  # asked once
    return value


def __dir__():
    return sorted(set(globals()) | set(__all__))
