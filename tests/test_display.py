"""The notebook display (solver.display): each `_repr_html_` shows what the brief asks, in the app's
words, and escapes every name (a player called `<b>Ana&` is shown as text, never as markup)."""

from __future__ import annotations

import dataclasses
import re
from html import escape, unescape

import pytest

import solver
from solver import Card, RecordError, infer, new_game, parse_record, position
from solver.advice import advise
from solver.inference import guard_table
from solver.records.replay import check_record
from solver.rules.rich import rich
from solver.words.figures import figure, frac, pct, win_text
from solver.words.i18n import t
from solver.words.sentences import card_label, error_text, history_lines
from solver.words.verdicts import best_text, play_label, standing_text

NASTY = "<b>Ana&"
SAFE = escape(NASTY)  # &lt;b&gt;Ana&amp;
#: A 3-player record with the Handmaid's protection, a hit and the viewer mid-turn.
RECORD = "2019 Ana,Luis,Marta first:Ana viewer:Ana dealt:8 | Ana +1 1>Luis=5 hit | Marta 4 | Ana +5 8"
#: A classic 2-player position the advisor answers exactly (README).
ADVISE = ("classic P1,P2 first:P1 viewer:P1 up:1,2,8 dealt:5 | P1 +1 1>P2=7 miss | P2 1>P1=4 miss | "
          "P1 +3 5>P1 disc:3 new:6 | P2 2>P1 | P1 +1 1>P2=3 miss | P2 7 | P1 +4")


@pytest.fixture(autouse=True)
def english():
    """Every test starts and ends with the default display language."""
    solver.display_language("en")
    yield
    solver.display_language("en")


def nasty(record_text: str):
    """The record with its viewer renamed `<b>Ana&` (a name the notation refuses; code may build it)."""
    record = parse_record(record_text)
    seats = list(record.seats)
    seats[record.viewer] = NASTY
    return dataclasses.replace(record, seats=tuple(seats))


def row(html: str, name: str) -> list[str]:
    """The cells of a table row headed by `name` (escaped as in the HTML), as text."""
    m = re.search(rf"<tr><th>{re.escape(name)}</th>(.*?)</tr>", html)
    assert m, name
    return [unescape(c) for c in re.findall(r"<td[^>]*>(.*?)</td>", m.group(1))]


def assert_escaped(html: str) -> None:
    assert SAFE in html
    assert NASTY not in html
    assert "<b>Ana" not in html


# --- a game, a round ---------------------------------------------------------------------------

def test_a_game_shows_every_hand_discards_deck_and_whose_turn():
    game, _ = new_game("2019", [NASTY, "Luis", "Marta"], first_player=0, seed=3)
    html = game._repr_html_()
    assert_escaped(html)
    r, e = game.round, game.edition
    for seat, name in enumerate((SAFE, "Luis", "Marta")):
        cells = row(html, name)
        assert cells[0] == ", ".join(card_label(c, e, "en") for c in r.hands[seat])
        assert cells[1] == t("en", "none")  # no discards yet
        assert (t("en", "to_play") in cells[2]) == (seat == r.current)
    assert escape(t("en", "cards_left", n=len(r.deck))) in html
    assert escape(t("en", "an_turn_of", n=1, player=NASTY)) in html
    assert escape(f"{t('en', 'tokens')}: {NASTY} 0, Luis 0, Marta 0") in html


def test_a_game_seen_by_one_player_hides_the_other_hands():
    game, _ = new_game("2019", [NASTY, "Luis", "Marta"], first_player=0, seed=3)
    html = solver.show(game, viewer="luis")._repr_html_()
    assert_escaped(html)
    assert row(html, "Luis")[0] == card_label(game.round.hands[1][0], game.edition, "en")
    assert row(html, SAFE)[0] == ", ".join([t("en", "view.face_down")] * 2)
    assert row(html, "Marta")[0] == t("en", "view.face_down")
    assert escape(t("en", "view.seen_by", player="Luis")) in html
    with pytest.raises(ValueError, match="no player 'Nobody'"):
        solver.show(game, viewer="Nobody")


def test_a_round_names_its_seats_and_shows_who_is_out_and_protected():
    r = position("classic", [(Card.PRINCE,), (), (Card.GUARD, Card.PRIEST)], discards=[(Card.HANDMAID,), (Card.GUARD,), ()],
                 out=[False, True, False], protected=[True, False, False], current=2, fill=True)
    html = r._repr_html_()
    assert row(html, "Player 2")[2] == t("en", "out_marker")
    assert row(html, "Player 1")[2] == t("en", "protected_marker")
    assert row(html, "Player 3")[2] == t("en", "to_play")
    named = solver.to_html(r, names=[NASTY, "Luis", "Marta"])
    assert_escaped(named)
    assert row(named, "Marta")[0] == "Guard (1), Priest (2)"
    with pytest.raises(ValueError, match="one name per seat"):
        solver.to_html(r, names=["A", "B"])


def test_a_finished_round_names_its_winner():
    r = position("classic", [(Card.PRINCE,), (Card.PRIEST,)], out=[False, False], current=0, phase="over", fill=True)
    r = r._replace(winners=(0,))
    html = solver.to_html(r, names=[NASTY, "Luis"])
    assert escape(t("en", "winners", names=NASTY)) in html
    assert t("en", "to_play") not in html


# --- a record ----------------------------------------------------------------------------------

def test_a_record_shows_the_table_as_its_viewer_sees_it_and_the_turns_in_the_apps_words():
    record = nasty(RECORD)
    html = record._repr_html_()
    assert_escaped(html)
    assert row(html, SAFE)[0] == "Prince (5)"  # the viewer's own hand, mid-turn after the Countess
    assert row(html, SAFE)[1] == "Guard (1), Countess (8)"
    assert row(html, "Luis")[2] == t("en", "out_marker")
    marta = row(html, "Marta")
    assert marta[0] == t("en", "view.face_down")
    assert marta[2] == t("en", "to_play")  # not "protected": her Handmaid's protection ends as her turn starts
    assert escape(t("en", "view.seen_by", player=NASTY)) in html
    # The numbered turns are the analyzer's history (solver.words.sentences.history_lines), sentence for sentence.
    from solver.words.sentences import history_lines as app_history

    lines = app_history(record, "en")
    assert len(lines) == 3
    assert "<ol>" + "".join(f"<li>{escape(x)}</li>" for x in lines) + "</ol>" in html


def test_a_records_markdown_is_the_numbered_turns_escaped():
    record = nasty(RECORD)
    text = record._repr_markdown_()
    lines = history_lines(record, "en")
    for i, line in enumerate(lines, start=1):
        assert f"{i}. {escape(line, quote=False)}" in text
    assert NASTY not in text


def test_a_record_the_rules_refuse_says_why_in_words_and_still_tells_its_turns():
    record = parse_record("2019 Ana,Luis,Marta first:Ana viewer:Ana dealt:8 | Ana +1 1>Luis=5 hit")
    bad = dataclasses.replace(record, turns=record.turns * 2)  # Ana again, though it is Marta's turn
    html = bad._repr_html_()
    with pytest.raises(RecordError) as refused:
        check_record(bad)
    assert refused.value.rule == "turn-order"
    assert f"<p>{escape(error_text(refused.value, 'en'))}</p>" in html  # "Turn 2 — That player does not play now…"
    assert "<table>" not in html
    assert html.count("<li>") == 2


def test_a_public_record_shows_every_hand_face_down():
    record = parse_record("2019 Ana,Luis,Marta first:Ana | Ana 1>Luis=5 miss")
    html = record._repr_html_()
    assert escape(t("en", "view.public")) in html
    assert all(row(html, n)[0] == t("en", "view.face_down") for n in ("Ana", "Luis", "Marta"))


# --- a posterior -------------------------------------------------------------------------------

def test_a_posterior_shows_each_hidden_card_and_the_best_guard_guess():
    record = parse_record("2019 Ana,Luis,Marta first:Ana viewer:Ana dealt:1 | Ana +4 4 | Luis 2>Marta | Marta 0")
    record = dataclasses.replace(record, seats=("Ana", NASTY, "Marta"))
    post = infer(record)
    html = post._repr_html_()
    assert_escaped(html)
    e = record.edition
    assert f"<th>{SAFE}</th><th>Marta</th><th>{t('en', 'set_aside')}</th>" in html  # the columns
    for c in e.cards:
        expected = [post.hands[1].get(c, 0), post.hands[2].get(c, 0), post.set_aside.get(c, 0)]
        assert row(html, escape(card_label(c, e, "en"))) == [figure(p) for p in expected]
    rows = guard_table(post)
    assert [r.seat for r in rows] == [1, 2]
    for r in rows:
        guess = t("en", "an_guard_best", player=record.seats[r.seat], cards=" / ".join(card_label(c, e, "en")
                                                                                      for c in r.best),
                  p=figure(r.p_hit))
        assert f"<li>{escape(guess)}</li>" in html


def test_a_posterior_puts_the_exact_fraction_in_each_cells_title():
    post = infer(parse_record(RECORD))
    html = post._repr_html_()
    e = post.record.edition
    cells = re.findall(r'<tr><th>([^<]*)</th><td title="([^"]*)">([^<]*)</td>', html)
    assert [unescape(c) for c, _, _ in cells] == [card_label(c, e, "en") for c in e.cards]
    for (label, title, text), c in zip(cells, e.cards):
        p = post.hands[2].get(c, 0)
        assert (title, unescape(text)) == (frac(p), figure(p))


def test_a_posterior_says_how_it_weighs_the_deals():
    record = parse_record(ADVISE)
    assert escape(t("en", "view.odds_uniform")) in infer(record)._repr_html_()
    counter = infer(record, "card-counter")._repr_html_()
    assert escape(t("en", "view.odds_model", model=t("en", "model_card_counter"))) in counter
    mixed = infer(record, "mixture")
    assert set(mixed.types) == {"card-counter", "random"}
    html = mixed._repr_html_()
    for name, weight in mixed.types.items():
        assert escape(f"{t('en', 'model_' + name.replace('-', '_'))}: {pct(weight)}") in html


# --- an advice ---------------------------------------------------------------------------------

def test_an_advice_shows_the_verdict_and_each_play_with_its_exact_chance():
    adv = advise(parse_record(ADVISE), "card-counter")
    assert adv.method == "exact"
    html = adv._repr_html_()
    assert escape(best_text(adv, "en")) in html
    for i, a in enumerate(adv.actions, start=1):
        cells = row(html, str(i))
        assert cells[:4] == [play_label(adv, a, "en"), win_text(a, "en"), standing_text(adv, a, "en"), t("en", "an_exact")]
        assert f'title="{frac(a.win)}"' in html
    # The opponent's name is in the plays on them ("King (6) on <b>Ana&"): escaped.
    theirs = advise(dataclasses.replace(parse_record(ADVISE), seats=("P1", NASTY)), "card-counter")
    html = theirs._repr_html_()
    assert_escaped(html)
    assert any(SAFE in escape(play_label(theirs, a, "en")) for a in theirs.actions)


# --- language, options, the registry -----------------------------------------------------------

def test_the_display_language_applies_to_every_later_display_and_show_takes_one():
    post = infer(parse_record(RECORD))
    english = post._repr_html_()
    assert escape(t("en", "an_hands")) in english
    solver.display_language("es")
    assert escape(t("es", "an_hands")) in post._repr_html_()
    assert escape(t("fr", "an_hands")) in solver.show(post, "fr")._repr_html_()
    assert solver.display_language() == "es"
    with pytest.raises(ValueError, match="choose one of en, es, fr"):
        solver.display_language("de")


def test_options_a_display_does_not_take_are_refused_at_once():
    post = infer(parse_record(RECORD))
    with pytest.raises(ValueError, match="apply to a Round or a Game"):
        solver.show(post, viewer=0)
    with pytest.raises(TypeError, match="no display for a int"):
        solver.to_html(3)


def test_repr_html_is_the_registered_renderer_and_an_unknown_kind_has_none():
    post = infer(parse_record(RECORD))
    assert post._repr_html_() == solver.to_html(post)
    assert rich(post, "no-such-kind") is None


def test_a_key_added_to_a_catalog_after_it_was_read_is_found(tmp_path, monkeypatch):
    """A running server showed a new key raw ("an_share_link") until it was restarted: a key missing from
    a catalog edited since it was read is read again (a key missing everywhere is still the key)."""
    import shutil

    from solver.words import i18n

    for lang in i18n.LANGUAGES:
        shutil.copy(i18n._DIR / f"{lang}.toml", tmp_path / f"{lang}.toml")
    monkeypatch.setattr(i18n, "_DIR", tmp_path)
    i18n.catalog.cache_clear()
    i18n._LOADED.clear()
    try:
        assert i18n.t("en", "zz_added_later") == "zz_added_later"
        path = tmp_path / "en.toml"
        path.write_text(path.read_text() + '\nzz_added_later = "Added later"\n')
        stamp = i18n._LOADED["en"] + 10**9
        import os

        os.utime(path, ns=(stamp, stamp))
        assert i18n.t("en", "zz_added_later") == "Added later"
        assert i18n.t("es", "zz_added_later") == "Added later"  # the English fallback, read again too
    finally:
        i18n.catalog.cache_clear()
        i18n._LOADED.clear()
