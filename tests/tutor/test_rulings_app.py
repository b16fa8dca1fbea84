"""Settle a ruling: the FAQ and the ruling checker state the ruling first, in one translated
sentence, then every event in the order it happened; refusals are explained by their rule, in
the chosen language; a Chancellor trap plays to its end; changing the card clears the form."""

import re
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from solver import Card
from solver.teaching.ruling import narrate, ruling
from solver.teaching.scenario import play_out
from tutor.text.scenarios import scenarios
from solver.words.i18n import LANGUAGES, catalog, t
from tutor.text.events import say

from .app_support import APP, page

ROOT = Path(__file__).resolve().parents[2]


def texts(at) -> list[str]:
    return [e.value for kind in ("success", "error", "info", "warning", "markdown", "caption")
            for e in getattr(at, kind)]


def test_every_engine_rule_has_a_translated_explanation():
    """Every `rule="..."` the rules and the records can raise has a `rule.<key>` sentence in every
    language, with the same placeholders, each a capitalised sentence."""
    keys = set()
    for folder in ("rules", "records", "teaching"):
        for path in (ROOT / "solver" / folder).glob("*.py"):
            keys |= set(re.findall(r'rule ?= ?"([a-z-]+)"', path.read_text()))
    assert {"countess-forced", "set-aside", "syntax", "turn-order"} <= keys and len(keys) >= 60
    for lang in LANGUAGES:
        missing = {k for k in keys if f"rule.{k}" not in catalog(lang)}
        assert missing == set(), lang
        for k in keys:
            text = catalog(lang)[f"rule.{k}"]
            assert text[0].isupper() or text[0] == "{", (lang, k)
            assert not re.search(r"[.!?] [a-zà-ÿ]", text), (lang, k)  # no lowercase sentence after a stop


@pytest.mark.parametrize("lang", LANGUAGES)
def test_prince_on_the_set_aside_card_is_ruled_first_in_one_sentence(lang):
    """The mission's example: the FAQ states the ruling before anything else; the engine's own
    ruling sentence names the set-aside card, and the log is in the order things happen."""
    at = page("views/faq.py", scenario="faq-prince-set-aside", lang=lang)
    assert not at.exception
    sc = scenarios()["faq-prince-set-aside"]
    assert at.info[0].value.endswith(sc.text[lang]["ruling"])
    expected = t(lang, "ruling.set_aside_draw").format(player="Luis")
    assert expected in at.success[0].value
    values = [m.value for m in at.markdown]  # (the round before the board is a list too, folded above it)
    demo = values.index(f"**{t(lang, 'rc_demonstration')}**")
    log = next(v for v in values[demo:] if v.startswith("1. "))
    steps = log.split("\n")
    set_aside = t(lang, "ev.drew_set_aside").split("{")[0]
    drew = next(i for i, s in enumerate(steps) if set_aside in s)
    ended = next(i for i, s in enumerate(steps) if "Marta" in s and i > 0)
    assert drew < ended, "the draw happens before the showdown"
    assert not any("`" in x or "set_aside" in x or "rule." in x for x in texts(at))


def test_ruling_checker_rules_the_set_aside_draw_and_lists_events_in_order():
    at = page("views/rulings.py", source="faq", scenario="faq-prince-set-aside", lang="en")
    key = "rc-faq-prince-set-aside-0"
    at.selectbox(key=f"{key}-card").set_value(int(Card.PRINCE)).run()
    at.selectbox(key=f"{key}-target").set_value(1).run()
    at.button(key=f"{key}-go").click().run()
    assert not at.exception and not at.error
    assert at.success[0].value == ("**Ruling** — The deck is empty, so Luis draws the card that was set aside "
                                   "face down at the start.")
    log = next(m.value for m in at.markdown if m.value.startswith("1. ")).split("\n")
    assert log[0] == "1. Ana plays the Prince (5) and chooses Luis."
    assert log[2].startswith("3. The deck is empty, so Luis draws the card that was set aside face down")
    assert "King (7)" in log[2] and "Marta wins the round" in log[3]


@pytest.mark.parametrize("lang,words", [
    ("es", "Debes jugar la Condesa: también tienes el Rey (7)."),
    ("fr", "Vous devez jouer la Comtesse\u00a0: vous avez aussi le Roi (7)."),
    ("en", "You must play the Countess: you also hold the King (7)."),
])
def test_ruling_checker_explains_a_refusal_in_the_chosen_language(lang, words):
    at = page("views/rulings.py", source="faq", scenario="trap-countess-king", lang=lang)
    key = "rc-trap-countess-king-0"
    at.selectbox(key=f"{key}-card").set_value(int(Card.KING)).run()
    at.selectbox(key=f"{key}-target").set_value(1).run()
    at.button(key=f"{key}-go").click().run()
    (error,) = at.error
    assert error.value.endswith(words)
    shown = texts(at)
    assert not any("countess-forced" in x or "`" in x for x in shown)  # no rule key
    if lang != "en":
        assert not any("you must play" in x.lower() for x in shown)  # no English caption
    from solver import get_edition
    from solver.words.sentences import card_label

    only = t(lang, "legal_choices", plays=card_label(Card.COUNTESS, get_edition("2019"), lang))
    assert any(c.value == only for c in at.caption)  # and what is legal instead


@pytest.mark.parametrize("page_path,key", [("views/faq.py", "faq-trap-countess-king-0"),
                                           ("views/rulings.py", "rc-trap-countess-king-0"),
                                           ("views/example.py", "ex-3")])
def test_changing_the_card_clears_its_target_and_guess(page_path, key):
    """After trying the King on Luis (and a guess), choosing the Countess is accepted (in the
    worked example, the Prince: Ana holds the Countess and a Prince at step 6)."""
    at = page(page_path, scenario="trap-countess-king", source="faq", lang="en", step="6")
    example = page_path == "views/example.py"
    at.selectbox(key=f"{key}-card").set_value(int(Card.PRINCE if example else Card.KING)).run()
    at.selectbox(key=f"{key}-target").set_value(1).run()
    at.selectbox(key=f"{key}-guess").set_value(int(Card.PRIEST)).run()
    at.selectbox(key=f"{key}-card").set_value(int(Card.COUNTESS)).run()
    assert at.selectbox(key=f"{key}-target").value == -1 and at.selectbox(key=f"{key}-guess").value == -1
    at.button(key=f"{key}-go").click().run()
    assert not at.exception and not at.error
    if example:
        assert "it is what Ana plays" in at.success[0].value
    else:
        assert any("The Countess has no effect when played." in s.value for s in at.success)


@pytest.mark.parametrize("page_path,key", [("views/faq.py", "faq-trap-countess-chancellor"),
                                           ("views/rulings.py", "rc-trap-countess-chancellor")])
def test_the_countess_chancellor_trap_plays_to_its_end(page_path, key):
    """Play the Chancellor, then keep the King and return the Countess and the Prince."""
    at = page(page_path, scenario="trap-countess-chancellor", source="faq", lang="fr")
    at.selectbox(key=f"{key}-0-card").set_value(int(Card.CHANCELLOR)).run()
    at.button(key=f"{key}-0-go").click().run()
    keep = at.selectbox(key=f"{key}-1-keep")
    assert len(keep.options) == 6 and all(o.startswith("Garder ") for o in keep.options)
    choice = keep.options.index("Garder le Roi (7), mettre la Comtesse (8) sous la pioche et le Prince (5) dessous, tout au fond")
    keep.set_value(choice).run()
    at.button(key=f"{key}-1-go").click().run()
    assert not at.exception and not at.error
    assert any("Ana garde le Roi (7)" in s.value and "Comtesse ne s'applique pas" in s.value for s in at.success)
    assert at.session_state[f"{key}-moves"] == [("play", 6, None, None), ("keep", 7, (8, 5))]
    # several cards in a sentence each take their article, joined by "et" (not "pioche Roi (7), Prince (5)")
    shown = "\n".join(m.value for m in at.markdown)
    assert "Ana pioche un Roi (7) et un Prince (5)." in shown, shown
    assert "Ana garde le Roi (7) et met la Comtesse (8) et le Prince (5) sous la pioche." in shown, shown


@pytest.mark.parametrize("sid", list(scenarios()))
def test_every_scenario_play_has_a_ruling_sentence_in_every_language(sid):
    sc = scenarios()[sid]
    outcome = play_out(sc)
    for events in outcome.events:
        line = ruling(events)
        assert line is not None, sid
        for lang in LANGUAGES:
            for x in [line, *narrate(events)]:
                text = say(x, sc.start.edition, lang, sc.players)
                assert x.key in catalog(lang) and "—" not in text and text[0].isupper(), (sid, lang, x)
                assert not re.search(r"[.!?] [a-zà-ÿ]", text), (sid, lang, text)  # no lowercase after a stop
        for field in ("question", "ruling"):
            assert not re.search(r"[.!?] [a-zà-ÿ]", sc.text[lang][field]), (sid, lang, field)


def test_a_discarded_princess_sentence_has_a_subject_in_french():
    """'Luis a défaussé la Princesse : Luis sort de la manche…' (French needs the subject that
    Spanish drops; was ': sort de la manche')."""
    sc = scenarios()["faq-prince-princess-empty-deck"]
    lines = [say(x, sc.start.edition, "fr", sc.players) for events in play_out(sc).events for x in narrate(events)]
    assert "Luis a défaussé la Princesse\u00a0: Luis sort de la manche et ne pioche pas." in lines, lines


def test_legal_plays_are_summarised_by_card():
    at = page("views/rulings.py", source="faq", scenario="faq-classic-version", lang="en")
    assert any(m.value == "Legal plays now: Guard (1) on Luis or Marta (naming any card but the Guard); "
                          "Priest (2) on Luis or Marta" for m in at.markdown)
    fr = page("views/rulings.py", source="faq", scenario="faq-classic-version", lang="fr")
    line = next(m.value for m in fr.markdown if "Garde (1) sur Luis ou Marta" in m.value)
    assert "Garde)\u202f; Prêtre (2)" in line, line  # French: a narrow no-break space before ";"


def test_ruling_checker_on_a_deal_consistent_with_the_analyzers_position():
    record = "2019 Ana,Luis,Marta first:Ana viewer:Ana dealt:8 | Ana +1 1>Luis=5 miss | Luis 1>Ana=2 miss | Marta 4 | Ana +2"
    at = AppTest.from_file(APP, default_timeout=60)
    at.query_params["lang"] = "fr"
    at.run()
    at.session_state["an_text"] = record
    at.switch_page("views/rulings.py").run()
    at.radio(key="rc_source").set_value("analyzer").run()
    assert not at.exception and not at.error
    # the deal is described in words, not by the record's notation nor "exact posterior"
    caption = "\n".join(c.value for c in at.caption)
    assert "first:Ana" not in caption and "| Ana" not in caption and "loi exacte" not in caption
    assert "position de l'analyseur" in caption
    at.selectbox(key="rc-an-0-0-card").set_value(int(Card.PRIEST)).run()
    at.selectbox(key="rc-an-0-0-target").set_value(1).run()
    at.button(key="rc-an-0-0-go").click().run()
    assert not at.exception and not at.error
    assert at.success[0].value.endswith("Ana regarde en secret la main de Luis\u202f; personne d'autre ne voit la carte.")


def test_a_showdown_tie_is_the_ruling():
    classic = scenarios()["trap-tie-classic"]
    (events,) = play_out(classic).events
    assert say(ruling(events), classic.start.edition, "en", classic.players) == (
        "The highest cards are tied, so the highest total of discarded cards wins (Ana 18, Luis 19): Luis.")
    both = scenarios()["trap-tie-2019"]
    (events,) = play_out(both).events
    assert say(ruling(events), both.start.edition, "es", both.players).endswith("ganan la ronda: Ana y Marta.")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_faq_ruling_is_one_plain_sentence(lang):
    for sid, sc in scenarios().items():
        text = sc.text[lang]["ruling"].strip()
        assert text[0].isupper() and text.endswith((".", ")")), (sid, text)
        assert not re.search(r"[.!?] ", text), (sid, text)  # one sentence


@pytest.mark.parametrize("sid", list(scenarios()))
def test_every_faq_page_states_its_ruling_then_demonstrates_it(sid):
    at = page("views/faq.py", scenario=sid, lang="fr")
    assert not at.exception and not at.error
    assert at.info[0].value.endswith(scenarios()[sid].text["fr"]["ruling"])
    assert at.success, "the engine's ruling sentence of each demonstrated play"


def test_a_link_opens_its_scenario_even_after_another_was_chosen():
    at = page("views/faq.py", scenario="trap-countess-king", lang="en")
    at.selectbox(key="faq").select("trap-tie-2019").run()
    assert at.query_params["scenario"] in ("trap-tie-2019", ["trap-tie-2019"])
    at.query_params["scenario"] = "faq-prince-set-aside"  # a lesson's "try it on the board" link
    at.run()
    assert at.selectbox(key="faq").value == "faq-prince-set-aside"
    at.selectbox(key="faq").select("trap-tie-classic").run()
    assert at.selectbox(key="faq").value == "trap-tie-classic"  # the old link does not win back


@pytest.mark.parametrize("lang,play", [("en", "Not allowed: Guard (1), choosing nobody. "),
                                       ("es", "No está permitido: Guardia (1), sin elegir a nadie. "),
                                       ("fr", "Interdit\u00a0: Garde (1), sans choisir personne. ")])
def test_a_card_sent_with_no_player_is_refused_without_saying_nobody_can_be_chosen(lang, play):
    """Ana's Guard with no player chosen while Luis can be chosen: the refusal read 'Not allowed:
    Guard (1), with no effect (nobody can be chosen). The Guard (1) must choose another player…',
    which contradicted itself; it names the play as sent and the rule in plain words."""
    at = page("views/rulings.py", source="faq", scenario="trap-tie-2019", lang=lang)
    key = "rc-trap-tie-2019-0"
    at.selectbox(key=f"{key}-card").set_value(int(Card.GUARD)).run()
    at.button(key=f"{key}-go").click().run()
    (error,) = at.error
    assert error.value.startswith(play), error.value
    assert t(lang, "play_no_effect", card="").strip(", ") not in error.value
    if lang == "en":
        assert error.value.endswith("it is played with no effect only when nobody can be chosen.")
    # a guess sent with no player is shown, not dropped
    at.selectbox(key=f"{key}-guess").set_value(int(Card.PRIEST)).run()
    at.button(key=f"{key}-go").click().run()
    (error,) = at.error
    assert {"en": "Priest (2)", "es": "Sacerdote (2)", "fr": "Prêtre (2)"}[lang] in error.value


def test_a_classic_tie_break_is_told_after_the_comparison_it_settles():
    """The classic tie read 'Tie on the highest card: the discard totals decide (Ana 18, Luis 19).'
    before 'The deck is empty, so the players still in the round compare hands: Luis wins': the
    comparison comes first, then why Luis won."""
    sc = scenarios()["trap-tie-classic"]
    keys = [x.key for events in play_out(sc).events for x in narrate(events)]
    assert keys.index("ev.end.showdown.one") < keys.index("ev.tie_discards") == len(keys) - 1
    lines = [say(x, sc.start.edition, "en", sc.players) for events in play_out(sc).events for x in narrate(events)]
    assert lines[-1] == "The highest cards were tied, so the discard totals decided (Ana 18, Luis 19)."


def test_a_play_sent_with_no_player_is_worded_by_whether_its_card_chooses_one():
    """The refused play as sent: a card that chooses a player (the Prince too) says it chose
    nobody; a card that chooses nobody is only named, with a stray guess still shown."""
    from solver import Play, get_edition
    from tutor.text.plays import attempt_text

    e, names = get_edition("2019"), ("Ana", "Luis")
    assert attempt_text(Play(Card.PRINCE), e, "en", names) == "Prince (5), choosing nobody"
    assert attempt_text(Play(Card.KING), e, "fr", names) == "Roi (7), sans choisir personne"
    assert attempt_text(Play(Card.HANDMAID), e, "es", names) == "Doncella (4)"
    assert attempt_text(Play(Card.HANDMAID, None, Card.PRIEST), e, "en", names) == \
        "Handmaid (4), naming the Priest (2)"
    assert attempt_text(Play(Card.GUARD, 1, Card.PRIEST), e, "en", names) == "Guard (1) on Luis, naming the Priest (2)"


def test_a_classic_tie_that_stands_is_not_told_as_decided_by_the_discard_totals():
    """Classic with the option where a tie on the discard totals stands: nobody wins. The
    narration said 'the discard totals decided (Ana 10, Luis 10, Marta 4)', counting Marta, whose
    Priest was not tied, and the ruling could not be said at all (no winners to name)."""
    from solver import get_edition
    from solver.rules.events import RoundEnded

    e, names = get_edition("classic", showdown_tie="discard_total_then_none"), ("Ana", "Luis", "Marta")
    ev = RoundEnded("showdown", (), (Card.PRINCE, Card.PRINCE, Card.PRIEST), (10, 10, 4))
    lines = [say(x, e, "en", names) for x in narrate([ev])]
    assert lines[-1] == "The highest cards were tied, and so were the highest discard totals (Ana 10, Luis 10).", lines
    assert "decided" not in " ".join(lines)
    for lang in LANGUAGES:
        said = say(ruling([ev]), e, lang, names)
        assert "Ana 10" in said and "Marta" not in said, (lang, said)
    # a decided tie still names its winner after the comparison
    won = ev._replace(winners=(1,), discard_totals=(10, 12, 4))
    assert [x.key for x in narrate([won])][-1] == "ev.tie_discards"
    assert ruling([won]).params["winners"] == (1,)


def test_a_classic_tie_on_the_totals_too_where_all_win_says_the_totals_were_compared():
    """Classic (every player still tied wins): the ruling said 'in this edition every tied player
    wins' as in 2019, leaving out the discard totals that were compared and tied too."""
    from solver import get_edition
    from solver.rules.events import RoundEnded

    names = ("Ana", "Luis", "Marta")
    ev = RoundEnded("showdown", (0, 1), (Card.PRINCE, Card.PRINCE, Card.PRIEST), (10, 10, 4))
    classic = get_edition("classic")
    line = ruling([ev], classic)
    assert line.key == "ruling.tie_discards_all" and line.params["scores"] == ((0, 10), (1, 10))
    assert say(line, classic, "en", names) == (
        "The highest cards are tied, and so are the highest discard totals (Ana 10, Luis 10): in this edition "
        "every player still tied wins the round: Ana and Luis.")
    for lang in LANGUAGES:
        said = say(line, classic, lang, names)
        assert "Ana 10" in said and "Marta" not in said and "{" not in said, (lang, said)
    assert [x.key for x in narrate([ev], classic)][-1] == "ev.tie_stands"
    # 2019 (and an edition not given): every tied player wins, no totals compared
    assert ruling([ev], get_edition("2019")).key == ruling([ev]).key == "ruling.tie_all"
    assert [x.key for x in narrate([ev], get_edition("2019"))][-1] == "ev.end.showdown.many"
