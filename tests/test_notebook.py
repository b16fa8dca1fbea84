"""docs/solver.ipynb runs headless (nbclient, the python3 kernel of ipykernel: the [notebook]
extra) and shows what the solver computes: each tagged cell's display is compared with the
display of the same objects computed here from the solver (and from the app's worked example,
tutor/text/example.py), and the key figures are checked by name. The notebook is kept in git with
its outputs stripped."""

from __future__ import annotations

import re
from html import escape
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

from solver import Card, get_edition, infer, legal_actions, parse_record, record_from_events, to_html
from solver.advice import advise
from solver.words.figures import figure, frac, win_text
from solver.words.i18n import t
from solver.words.verdicts import best_text
from tutor.text.example import ANA, MARTA, NAMES, example_steps

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOK = ROOT / "docs" / "solver.ipynb"
#: The notebook's 2-player position (benchmarks/exact_positions.tsv, P1 and P2 named Ana and Luis).
MIDGAME = ("2019 Ana,Luis first:Ana viewer:Ana up:1,5,1 dealt:2 | Ana +5 5>Ana disc:2 new:1 | Luis 1>Ana=3 miss | "
           "Ana +4 1>Luis=9 miss | Luis 0 | Ana +7 7>Luis got:3 | Luis 6 | Ana +0 0 | Luis 4 | Ana +1 3 | Luis 6 | "
           "Ana +3")


def test_the_notebook_is_kept_with_its_outputs_stripped():
    nb = nbformat.read(NOTEBOOK, as_version=4)
    nbformat.validate(nb)
    code = [c for c in nb.cells if c.cell_type == "code"]
    assert code
    assert all(c.outputs == [] and c.execution_count is None for c in code)


@pytest.fixture(scope="module")
def outputs() -> dict:
    """{cell tag: {mime type: data}} of the notebook run headless from the project's folder."""
    nb = nbformat.read(NOTEBOOK, as_version=4)
    NotebookClient(nb, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(ROOT)}}).execute()
    errors = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs if o.output_type == "error"]
    assert errors == []
    shown = {}
    for cell in nb.cells:
        for tag in cell.metadata.get("tags", []):
            shown[tag] = {k: v for o in cell.outputs if o.output_type in ("execute_result", "display_data")
                          for k, v in o.data.items()}
    return shown


def test_the_worked_example_walks_the_apps_example_round(outputs):
    steps = example_steps()  # the app's worked example (deal, Guard, Handmaid, Countess, ..., the last turn, the end)
    assert outputs["deal"]["text/html"] == to_html(steps[0].game)
    assert outputs["deal-ana"]["text/html"] == to_html(steps[0].game, viewer=ANA)
    assert outputs["guard"]["text/html"] == to_html(steps[1].game)
    assert outputs["handmaid"]["text/html"] == to_html(steps[2].game)
    forced = legal_actions(steps[2].game)
    assert {Card(a.card) for a in forced} == {Card.COUNTESS}
    assert outputs["countess-forced"]["text/plain"] == repr(forced)
    assert outputs["countess"]["text/html"] == to_html(steps[3].game)
    # The skipped turns, real turns of the same round: Marta to play the last of them.
    assert outputs["last-turn"]["text/html"] == to_html(steps[-2].game)
    end = outputs["showdown"]["text/html"]
    assert end == to_html(steps[-1].game)
    assert escape(t("en", "winners", names="Ana")) in end
    assert f"{t('en', 'tokens')}: Ana 1, Luis 0, Marta 0" in end


def test_marta_sees_the_record_of_the_example_and_its_exact_odds(outputs):
    step = example_steps()[3]  # after Ana's Countess
    record = record_from_events(get_edition("2019"), NAMES, step.history + step.events, viewer=MARTA)
    assert outputs["marta-record"]["text/html"] == to_html(record)
    post = infer(record)
    shown = outputs["marta-odds"]["text/html"]
    assert shown == to_html(post)
    guard = post.hand("Ana")[Card.GUARD]
    assert f'title="{frac(guard)}">{escape(figure(guard))}<' in shown


def test_the_midgame_position_shows_the_exact_odds_and_the_advisors_ranking(outputs):
    record = parse_record(MIDGAME)
    assert outputs["midgame-record"]["text/html"] == to_html(record)
    post = infer(record, "card-counter")
    odds = outputs["midgame-odds"]["text/html"]
    assert odds == to_html(post)
    princess = post.hand("Luis")[Card.PRINCESS]
    assert f'title="{frac(princess)}">{escape(figure(princess))}<' in odds
    adv = advise(record, "card-counter")
    assert adv.method == "exact"
    ranking = outputs["midgame-advice"]["text/html"]
    assert ranking == to_html(adv)
    assert escape(best_text(adv, "en")) in ranking
    for a in adv.actions:
        if a.same_as is None:
            assert re.search(rf'title="{frac(a.win)}">{re.escape(escape(win_text(a, "en")))}<', ranking)
    assert outputs["midgame-advice-es"]["text/html"] == to_html(adv, "es")
    best = adv.actions[0]
    shown = outputs["midgame-fractions"]["text/plain"]  # IPython's pretty print breaks the line
    assert " ".join(shown.split()) == repr((best.action, best.win, princess))
