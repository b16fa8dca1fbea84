"""The record told as sentences (solver.analysis.narration): every turn of real rounds, every key
catalogued in every language with its parameters."""

import random

from solver import legal_actions
from solver.advice.practice import play, start
from solver.analysis.narration import history
from solver.words.sentences import history_lines
from solver.words.i18n import catalog


def _rounds():
    for edition, names in (("2019", ["You", "Ana", "Luis"]), ("classic", ["You", "Ana"]), ("2019", ["You", "Ana"])):
        for seed in range(6):
            p = start(edition, names, 0, "card-counter", seed=seed)
            rng = random.Random(seed)
            while not p.round_over:
                yield p.human_record()
                p = play(p, rng.choice(legal_actions(p.game)))


def test_every_turn_is_told_in_every_language():
    keys = set()
    for record in _rounds():
        told = history(record)
        assert len(told) == len(record.turns) and all(told)
        keys |= {x.key for turn in told for x in turn}
        for lang in ("en", "es", "fr"):
            for you in (False, True):
                lines = history_lines(record, lang, you=you)
                assert all("{" not in line and "hist." not in line for line in lines)
    assert {"hist.play_guess", "hist.miss", "hist.drew", "hist.to_play"} <= keys
    for lang in ("en", "es", "fr"):
        for key in keys:
            assert key in catalog(lang) and key + ".you" in catalog(lang), (lang, key)


def test_the_viewer_is_addressed_in_the_second_person_only_when_asked():
    from solver import parse_record

    record = parse_record("2019 Ana,Luis first:Ana viewer:Ana up:1,1,2 dealt:8 | Ana +1 1>Luis=5 miss | Luis 1>Ana=3 miss"
                          " | Ana +3")
    assert history_lines(record, "en") == [
        "Ana draws a Guard (1). Ana plays the Guard (1) on Luis and names the Prince (5). Miss: Luis does not hold the Prince (5).",
        "Luis plays the Guard (1) on Ana and names the Baron (3). Miss: Ana does not hold the Baron (3).",
        "Ana draws a Baron (3). Ana is to play."]
    assert history_lines(record, "en", you=True)[1] == "Luis plays the Guard (1) on you and names the Baron (3). " \
                                                        "Miss: you do not hold the Baron (3)."


def test_a_king_trade_says_what_the_viewer_gave_and_received():
    """The record holds what the viewer got (got:); what they gave is the card beside the King
    they played, or the one they held when the King chose them. Both are told."""
    from solver.records.notation import parse_record
    from solver.rules.cards import Card

    played = parse_record("classic P1,P2 first:P1 viewer:P1 up:1,1,2 dealt:6 | P1 +3 6>P2 got:5")
    chosen = parse_record("classic P1,P2 first:P2 viewer:P1 up:1,1,2 dealt:4 | P2 6>P1 got:5")
    for record, gave in ((played, Card.BARON), (chosen, Card.HANDMAID)):
        [said] = [s for turn in history(record) for s in turn if s.key.startswith("hist.traded")]
        assert said.params == {"player": 0, "gave": gave, "card": Card.PRINCE}
    assert "You give the Baron (3) and receive the Prince (5)." in history_lines(played, "en", you=True)[0]
    assert "P1 da la Doncella (4) y recibe el Príncipe (5)." in history_lines(chosen, "es")[0]
    # Without the viewer's own card (no dealt:) the trade says only what was received.
    unknown = parse_record("classic P1,P2 first:P2 viewer:P1 up:1,1,2 | P2 6>P1 got:5")
    assert [s.key for s in history(unknown)[0]] == ["hist.play_target", "hist.got"]


def test_a_prince_on_oneself_reads_as_their_own_hand_not_the_name_again():
    from solver import parse_record

    record = parse_record("2019 Ana,Luis first:Luis viewer:Ana up:1,1,2 dealt:8 | Luis 5>Luis disc:3")
    expected = {"en": "Luis plays the Prince (5) on their own hand.", "es": "Luis juega el Príncipe (5) sobre su propia mano.",
                "fr": "Luis joue le Prince (5) sur sa propre main."}
    for lang, text in expected.items():
        assert history_lines(record, lang, you=True)[0].startswith(text)
    mine = parse_record("2019 Ana,Luis first:Ana viewer:Ana up:1,1,2 dealt:3 | Ana +5 5>Ana disc:3")
    assert history_lines(mine, "en", you=True)[0].startswith("You draw a Prince (5). You play the Prince (5) on yourself.")
    assert "Ana plays the Prince (5) on their own hand." in history_lines(mine, "en")[0]


def test_a_princess_discarded_by_a_prince_says_the_player_is_out():
    """The record leaves the knock-out implied (`disc:9`); the story says it (practice's log read "Ana
    discards the Princess (9)." and then "You win the round.")."""
    from solver import parse_record

    record = parse_record("2019 Ana,Luis first:Luis viewer:Ana up:1,1,2 dealt:8 | Luis 5>Luis disc:9")
    expected = {"en": "Luis discards the Princess (9). Luis is out of the round.",
                "es": "Luis descarta la Princesa (9). Luis queda fuera de la ronda.",
                "fr": "Luis défausse la Princesse (9). Luis quitte la manche."}
    for lang, text in expected.items():
        assert text in history_lines(record, lang)[0], history_lines(record, lang)
    on_me = parse_record("2019 Ana,Luis first:Luis viewer:Ana up:1,1,2 dealt:9 | Luis 5>Ana disc:9")
    assert "You discard the Princess (9). You are out of the round." in history_lines(on_me, "en", you=True)[0]
