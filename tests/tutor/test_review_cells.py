"""Practice's review read from the hint's own answer (issue 41, point 4): the cost cell says what
the chosen play's standing says, in en/es/fr; certain outcomes are exact; a Guard guess that could
not hit says so."""

from __future__ import annotations

import pytest

from solver.advice.advisor import advise
from solver.advice.practice import Decision, Reviewed
from solver.advice.result import BEST, CLOSE, WORSE
from solver.records.notation import parse_record
from solver.rules.actions import Play
from solver.rules.cards import Card
from solver.words.i18n import t
from solver.words.sentences import action_text
from tutor.text.rows import review_rows

from ..advice.test_ranking_consistency import positions

#: You drew a Guard beside the only Princess (the face-up cards show the others).
PRINCESS = "2019 Luis,You first:You viewer:You up:3,3,6 dealt:9 | You +1"


def reviewed(adv):
    return [Reviewed(Decision(adv.record, a.action), adv, a, a.cost, i) for i, a in enumerate(adv.actions, start=1)]


def check_cells(adv) -> None:
    items = reviewed(adv)
    for lang in ("en", "es", "fr"):
        worst = t(lang, "pr_cost_worst", cost="")
        for item, row in zip(items, review_rows(items, lang)):
            a = item.chosen
            cost = row[t(lang, "pr_cost")].replace(worst, "")
            uncertain = t(lang, "pr_cost_uncertain", cost="")
            if a.standing == BEST:
                assert cost == "0"
            elif a.standing == CLOSE:  # called equally good by the hint: never charged
                assert cost == "0" or cost in (t(lang, "pr_cost_close"),) or cost.endswith(
                    t(lang, "pr_cost_close_exact", cost="").strip()), (lang, cost)
            elif a.standing == WORSE:
                assert uncertain not in cost and cost != "0"
            else:
                assert cost.endswith(uncertain), (lang, cost)
            if a.exact and adv.actions[0].exact:  # certain outcomes: no "≈"
                assert "≈" not in cost and "≈" not in row[t(lang, "pr_chances")], row


@pytest.mark.parametrize("key, n, model", [("classic", 2, "card-counter"), ("2019", 2, "random"),
                                           ("2019", 4, "mixture")])
def test_review_cells_follow_the_standings(key, n, model):
    checked = 0
    for record in positions(key, n, 2, seed0=211 * n):
        check_cells(advise(record, model, deals=150))
        checked += 1
    assert checked == 2


def test_a_play_the_hint_called_equally_good_is_never_charged():
    """Saved positions answered exactly, with plays proved within 3 points of the best (exact ties
    among them): the review charges them nothing, "0" for a tie and "x pts (within 3 points)"
    otherwise — never a cost of 3 points or more."""
    from pathlib import Path

    lines = (Path(__file__).resolve().parents[2] / "benchmarks" / "exact_positions.tsv").read_text().splitlines()
    close = 0
    for line in lines[:40]:
        adv = advise(parse_record(line.split("\t")[2]), "random")
        check_cells(adv)
        for item, row in zip(reviewed(adv), review_rows(reviewed(adv), "en")):
            if item.chosen.standing == CLOSE:
                close += 1
                cost = row["Cost"]
                assert item.cost == 0 and (cost == "0" or cost.endswith(" pts (within 3 points)")), cost
                if cost != "0":
                    assert float(cost.split(" ")[0]) < 3
    assert close >= 5


def test_the_review_reads_the_answer_the_hint_gave():
    """The practice page's review asks the app's cached answers (`tutor.answers.advice`): for a
    decision the learner asked a hint at, it reads that very answer (the same object), and a second
    review reads the same again."""
    from solver.advice.practice import hint_model, play, review, start
    from solver.records.notation import format_record
    from solver.rules.game import legal_actions
    from tutor.answers import advice

    p = start("classic", ["You", "Ana"], 0, "card-counter", seed=5)
    hints = []
    while not p.round_over:
        hints.append(advice(format_record(p.human_record()), hint_model(p.bots)))
        p = play(p, legal_actions(p.game)[-1])
    shared = lambda record, m, sec: advice(format_record(record), m, sec)  # noqa: E731 (the page's)
    items = review(p.decisions, hint_model(p.bots), 1.0, shared)
    assert len(items) == len(hints) >= 1
    assert all(item.advice is hint for item, hint in zip(items, hints))
    assert [x.cost for x in items] == [x.cost for x in review(p.decisions, hint_model(p.bots), 1.0, shared)]


def test_a_sure_miss_in_the_review_says_it_could_not_hit():
    """The learner names the Princess they hold: the review says Luis could not hold that card."""
    record = parse_record(PRINCESS)
    adv = advise(record, "random", deals=200)
    guess = Play(Card.GUARD, 0, Card.PRINCESS)
    chosen = next(a for a in adv.actions if a.action == guess)
    assert chosen.sure_miss
    item = Reviewed(Decision(record, guess), adv, chosen, chosen.cost, 1)
    for lang in ("en", "es", "fr"):
        (row,) = review_rows([item], lang)
        said = action_text(guess, record.edition, lang, record.seats, you=record.viewer)
        assert row[t(lang, "pr_your_play")] == t(lang, "pr_sure_miss", play=said, player="Luis")
    (row,) = review_rows([item], "en")
    assert row["Your play"] == "Guard (1) on Luis, naming the Princess (9): Luis could not hold that card (a sure miss)"


def test_the_princess_played_is_an_exact_certain_loss_in_the_review():
    """Playing the Princess knocks you out: exact 0%, never "≈ 0%"."""
    record = parse_record(PRINCESS)
    adv = advise(record, "random", deals=200)
    assert adv.method == "estimate"
    princess = next(a for a in adv.actions if a.action == Play(Card.PRINCESS))
    assert princess.exact and princess.win == 0 and princess.standing == WORSE
    (row,) = review_rows([Reviewed(Decision(record, princess.action), adv, princess, princess.cost, 1)], "en")
    assert row[t("en", "pr_chances")].startswith("0% → ≈")


def test_the_best_cell_names_a_few_plays_and_counts_the_rest():
    """Issue 49, point 6: one French "best play" cell listed 19 plays. It names the first
    `REVIEW_NAMED` (each with its figure) and counts the others, in en/es/fr."""
    from tutor.text.rows import REVIEW_NAMED, best_cell

    adv = advise(parse_record("2019 A,B,C first:A viewer:A dealt:1 | A +1"), "card-counter")
    group = [a for a in adv.best_group() if a.same_as is None]
    assert adv.decided and len(group) > REVIEW_NAMED + 1  # (12 Guard guesses proved as good)
    for lang in ("en", "es", "fr"):
        cell = best_cell(adv, lang)
        more = t(lang, "pr_best_more", n=len(group) - REVIEW_NAMED)
        assert cell.endswith(more), cell
        assert cell.count("%") == REVIEW_NAMED  # each play named with its own figure, no more
