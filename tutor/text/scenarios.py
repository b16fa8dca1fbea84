"""The FAQ and learners' trap scenarios (lessons/scenarios.toml) as data, loaded once, their texts
spaced for each language: what the FAQ, the ruling checker, the lessons and the FAQ search show."""

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
