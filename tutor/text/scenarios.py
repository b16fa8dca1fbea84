"""The FAQ and learners' trap scenarios (lessons/scenarios.toml) as data, loaded once, their texts
spaced for each language: what the FAQ, the ruling checker, the lessons and the FAQ search show;
and the round that reaches a scenario's board, told turn by turn."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from solver.words.i18n import spaced

SCENARIO_FILE = Path(__file__).resolve().parents[2] / "lessons" / "scenarios.toml"


@lru_cache(maxsize=1)
def scenarios() -> dict:
    """The FAQ and trap scenarios (lessons/scenarios.toml), loaded once, by id."""
    from dataclasses import replace

    from solver.teaching.scenario import load_file

    return {sc.id: replace(sc, text={lang: spaced(lang, texts) for lang, texts in sc.text.items()})
            for sc in load_file(SCENARIO_FILE)}


def history_lines(sc, lang: str) -> list[str]:
    """The round that reaches the scenario's board (`Scenario.before`), one line per play, every
    card named (the FAQ is told from above the table): "Luis plays the Handmaid (4). …"."""
    from solver.teaching.ruling import narrate
    from tutor.text.events import say

    states, steps = sc.before()
    e = sc.start.edition
    lines = []
    for events in steps:
        said = [say(x, e, lang, sc.players) for x in narrate(events, e)]
        if said:
            lines.append(" ".join(said))
    return lines


def history_markdown(sc, lang: str) -> str:
    """`history_lines` as a numbered list (the deal's first draw, then each play)."""
    import re

    return "\n".join(f"{i}. " + re.sub(r"([\\`*_\[\]<>#|~$])", r"\\\1", line)
                     for i, line in enumerate(history_lines(sc, lang), start=1))
