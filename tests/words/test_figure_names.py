"""Each figure is named for what it is (issue 47, point 2): an exact answer's figures are the chance to
win with best play from here; an estimate's are the chance to win when the viewer follows the app's
advice at its later turns as the estimate plays them, a floor of the exact one. The app, the notebook
and the CLI say it with the same sentence (`solver.words.verdicts.figure_text`), in every language."""

from __future__ import annotations

import json
from html import escape

from solver import parse_record
from solver.advice.advisor import advise
from solver.display import to_html
from solver.words.i18n import LANGUAGES, t
from solver.words.verdicts import figure_text, method_text

from ..helpers import run_cli

ESTIMATED = "classic P1,P2 first:P1 viewer:P1 up:1,2,8 dealt:5 | P1 +1 1>P2=7 miss | P2 1>P1=4 miss | P1 +3"
EXACT = ("classic P1,P2 first:P1 viewer:P1 up:1,2,8 dealt:5 | P1 +1 1>P2=7 miss | P2 1>P1=4 miss | P1 +3 5>P1 disc:3 "
         "new:6 | P2 2>P1 | P1 +1 1>P2=3 miss | P2 7 | P1 +4")


def test_an_estimate_never_calls_its_figures_exact_and_an_exact_answer_says_best_play():
    estimate = advise(parse_record(ESTIMATED), "mixture", deals=300)
    exact = advise(parse_record(EXACT), "mixture")
    assert estimate.method == "estimate" and exact.method == "exact"
    for lang in LANGUAGES:
        said = figure_text(estimate, lang)
        assert said == t(lang, "an_figure_estimate") != t(lang, "an_figure_exact") == figure_text(exact, lang)
        assert "≈" in said
    assert "follow this app's advice" in figure_text(estimate, "en")
    assert "as well as possible" in figure_text(exact, "en")
    assert "best play" in method_text(exact, "en") and "follow this app's advice" in method_text(estimate, "en")
    assert "exact" not in figure_text(estimate, "en").lower()


def test_the_notebook_and_the_cli_say_the_same_sentence():
    adv = advise(parse_record(ESTIMATED), "mixture", deals=300)
    assert escape(figure_text(adv, "en")) in to_html(adv, "en")
    out = run_cli("advise", ESTIMATED, "--json", "--deals", "300")
    assert out.returncode == 0, out.stderr
    answer = json.loads(out.stdout)
    assert answer["method"] == "estimate" and answer["figures"] == t("en", "an_figure_estimate")
    text = run_cli("advise", ESTIMATED, "--deals", "300")
    assert text.returncode == 0 and t("en", "an_figure_estimate") in text.stdout
