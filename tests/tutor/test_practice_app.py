"""Practice through the page (Streamlit's AppTest): a seeded game played to a game winner with a hint
and the reviews, and a resumed game read as sentences."""

from pathlib import Path

from streamlit.testing.v1 import AppTest

from solver.advice.practice import hint_model, save
from solver.records.notation import format_record
from solver.words.i18n import t

from ..helpers import second_practice_decision

APP = str(Path(__file__).resolve().parents[2] / "tutor" / "app.py")


def _click(at, key):
    at.button(key=key).click().run()
    assert not at.exception, at.exception


def _play_first(at):
    """Tap the first card of the hand you may play (its cards are the buttons), then the first player and
    guess offered (nothing is chosen for the person: Play waits), then press Play."""
    assert at.button(key="pr-play").disabled
    cards = [b for b in at.button if str(b.key).startswith("pr_action_") and "-tap-" in str(b.key) and not b.disabled]
    cards[0].click().run()
    for _ in range(4):
        open_ = [b for b in at.button_group if str(b.key).startswith("pr_action_") and b.value is None]
        if not open_:
            break
        group = open_[0]
        group.set_value(group.options[0]).run()
    assert not at.button(key="pr-play").disabled
    _click(at, "pr-play")


def test_a_complete_seeded_game_through_the_page_with_hint_and_reviews():
    at = AppTest.from_file(APP, default_timeout=120)
    at.run()
    at.switch_page("views/practice.py").run()
    at.selectbox(key="pr_edition").set_value("classic").run()
    at.selectbox(key="pr_players_classic").set_value(2).run()
    at.radio(key="pr_bots").set_value("card-counter")
    at.number_input(key="pr_seed").set_value(4)
    at.number_input(key="pr_target_classic_2").set_value(2)
    at.number_input(key="pr_seconds").set_value(0.1)
    _click(at, "pr-new")
    decisions = hinted = reviews = 0
    for _ in range(200):
        p = at.session_state["pr"]
        if p.over:
            break
        if p.round_over:
            table = next(d.value for d in at.table if t("en", "pr_cost") in d.value.columns) if decisions else None
            assert decisions == len(p.decisions) == (0 if table is None else len(table))
            reviews += 1
            decisions = 0
            _click(at, "pr-next")
            continue
        assert p.my_turn
        if not hinted and len(p.game.round.deck) <= 4:
            _click(at, "pr-hint")
            from solver.words.verdicts import verdict_line
            from tutor.answers import advice

            shown = advice(format_record(p.human_record()), hint_model(p.bots), 0.4)  # the page's cached answer
            assert verdict_line(shown, "en") in [s.value for s in list(at.success) + list(at.info)]
            hinted += 1
        _play_first(at)
        decisions += 1
    p = at.session_state["pr"]
    assert p.over and p.game.winners and max(p.game.tokens) == 2
    assert any(t("en", "pr_game_won", names="").split("{")[0][:9] in s.value for s in at.success)
    assert hinted == 1 and reviews >= 1


def test_a_resumed_game_reads_as_sentences_and_each_bot_turn_is_shown():
    p = second_practice_decision()
    saved = save(p)
    at = AppTest.from_file(APP, default_timeout=120)
    for k, v in {**saved, "lang": "es"}.items():
        at.query_params[k] = v
    at.run()
    at.switch_page("views/practice.py").run()
    assert not at.exception and not at.error
    log = next(m.value for m in at.markdown if m.value.startswith("1. "))
    assert "Robas " in log and "Te toca jugar." in log  # the person's turns in the second person, in Spanish
    assert "classic You" not in log and all("classic You" not in c.value for c in at.caption)  # not the raw record
    texts = [getattr(el, "value", None) or getattr(el, "label", "") for el in at.main]
    your_turn, log_at = (next(i for i, x in enumerate(texts) if isinstance(x, str) and x.startswith(key))
                         for key in (f"**{t('es', 'pr_your_turn')}**", "1. "))
    assert your_turn < log_at  # the Play button comes right after the board, before the log
    _play_first(at)
    bot_lines = [m.value for m in at.markdown if m.value.startswith("- Bot ")]
    assert bot_lines, "the bot's turn is shown as it happens"
