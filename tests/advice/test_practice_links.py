"""Practice links (issue 13 point 6): numbers checked for range and against each other, every
link the app makes resumes, and a resumed link keeps its form."""

import random

import pytest

from solver.advice import practice
from solver.advice.practice import PracticeError, next_round, play, resume, save, start
from solver.inference.factors import InferenceTooLargeError
from solver.rules.errors import LoveLetterError
from solver.rules.game import legal_actions

NAMES = ("You", "Ana", "Luis", "Marta")


def _links(edition, n, seed, target, limit=40):
    """Every link a game makes at the person's turns (the person plays at random)."""
    p = start(edition, NAMES[:n], 0, "card-counter", seed=seed, first_player=seed % n, target=target, seconds=0.05)
    rng = random.Random(seed)
    out = []
    while not p.over and len(out) < limit:
        if p.round_over:
            p = next_round(p)
        elif p.my_turn:
            out.append(save(p))
            p = play(p, rng.choice(legal_actions(p.game)))
    return out


def _resume(link, **override):
    link = {**link, **override}
    return resume(link["record"], link["tokens"], link["round"], link["bots"], link["seed"], link["target"], 0.05)


@pytest.mark.parametrize("edition, n, seed, target", [("2019", 2, 1101, None), ("2019", 3, 1101, 3),
                                                      ("classic", 4, 1101, 2)])
def test_every_link_the_app_makes_resumes_and_keeps_its_form(edition, n, seed, target):
    links = _links(edition, n, seed, target)
    assert len(links) >= 3
    for link in links:
        assert save(_resume(link)) == link


def test_a_position_too_large_for_the_bots_model_is_dealt_under_a_simpler_model(monkeypatch):
    link = _links("2019", 3, 1101, 3)[-1]
    real = practice.sample_worlds
    tried = []

    def sample(record, model, k, rng):
        tried.append(model)
        if model == "card-counter":
            raise InferenceTooLargeError("too large")
        return real(record, model, k, rng)

    monkeypatch.setattr(practice, "sample_worlds", sample)
    assert save(_resume(link)) == link
    assert tried == ["card-counter", "uniform"]


@pytest.mark.parametrize("override", [
    {"round": "0"}, {"round": "-1"}, {"round": "\u1369"}, {"round": "9" * 40}, {"round": "1e3"}, {"round": 10 ** 6},
    {"seed": "-3"}, {"seed": "\u0663"}, {"seed": "9" * 40},
    {"target": "0"}, {"target": "99"}, {"target": "x"},
    {"tokens": "1"}, {"tokens": "0,0,0,0,0"}, {"tokens": "x,0"}, {"tokens": "\u0661,0"}, {"tokens": "-1,0"},
    {"tokens": "9,0"},
    {"bots": "<b>"},
])
def test_bad_link_numbers_are_refused_with_the_projects_error(override):
    link = _links("2019", 2, 1101, 3)[0]
    with pytest.raises(LoveLetterError) as info:
        _resume(link, **override)
    assert len(str(info.value)) < 300


def test_tokens_must_fit_the_rounds_played():
    link = _links("2019", 2, 1101, 5)[0]
    assert link["round"] == "1"
    with pytest.raises(PracticeError, match="cannot have been won") as info:
        _resume(link, tokens="1,0")  # nobody has won a round yet in round 1
    assert info.value.rule == "practice-link"
    assert save(_resume(link, tokens="1,2", round="3"))["tokens"] == "1,2"
    with pytest.raises(PracticeError, match="cannot have been won"):
        _resume(link, tokens="4,4", round="3")


def test_a_record_that_is_not_at_your_draw_is_refused():
    with pytest.raises(PracticeError) as info:
        resume("2019 You,Ana first:You viewer:You up:1,1,2 dealt:8 | You +4 4", "0,0", 1)
    assert info.value.rule == "practice-link"
