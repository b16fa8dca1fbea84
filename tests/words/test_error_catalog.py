"""Every refusal solver/ can raise is translatable: its rule key (`rule=` or a class's `rule`)
has a sentence in each catalog (`err.<rule>` or `rule.<rule>`), so the app never falls back to
the generic "cannot be read" for a refusal that is not about the notation."""

import re
from pathlib import Path

import pytest

from solver.words.i18n import LANGUAGES, catalog

SOLVER = Path(__file__).resolve().parents[2] / "solver"
#: `rule="x"` in a raise, `rule = "x"` or `rule: str = "x"` in an error class.
RULE = re.compile(r"""\brule\s*(?::\s*str\s*)?=\s*["']([a-z0-9-]+)["']""")


def rule_keys() -> set:
    keys = set()
    for path in SOLVER.rglob("*.py"):
        keys.update(RULE.findall(path.read_text(encoding="utf-8")))
    return keys


def test_the_scan_finds_the_rules():
    keys = rule_keys()
    assert {"syntax", "too-long", "card-count", "countess-forced", "practice-link", "incomplete-turn", "invalid",
            "record", "quiz-kind"} <= keys


def test_an_unknown_quiz_kind_is_the_projects_error():
    """Before: a plain ValueError, with no rule to translate."""
    from solver.rules.errors import LoveLetterError
    from solver.teaching.quiz import make_question

    with pytest.raises(LoveLetterError) as info:
        make_question("nope")
    assert info.value.rule == "quiz-kind"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_rule_key_raised_in_solver_has_a_catalog_sentence(lang):
    cat = catalog(lang)
    missing = sorted(k for k in rule_keys() if f"err.{k}" not in cat and f"rule.{k}" not in cat)
    assert missing == [], missing
