"""The "how is this computed?" explanation and the decision graph."""

from fractions import Fraction

from solver import Play, infer, parse_record
from solver.advice.advisor import advise
from solver.advice.decision import decision_graph
from solver.analysis.explain import how_computed
from solver.inference.posterior import unseen_counts

from ..helpers import COUNTESS, GUARD, PRIEST, PRINCE
from solver import Card
from ..advice.test_advisor import find


def test_an_untouched_hand_gets_the_unseen_count_formula():
    record = parse_record("2019 Ana,Luis,Marta first:Ana viewer:Ana dealt:8")
    post = infer(record)
    counts = unseen_counts(record)
    how = how_computed(post, 2, GUARD)
    assert how.formula is not None
    assert (how.formula.unseen, how.formula.total) == (counts[GUARD], sum(counts.values())) == (6, 20)
    assert how.probability == Fraction(6, 20) == post.hand(2)[GUARD]
    assert r"\frac{6}{20} = \frac{3}{10}" in how.formula.latex("Marta holds the Guard")
    assert how.formula.latex("x").startswith(r"P(\text{x}) = \frac{n_{\mathrm{card}}}{N}")


def test_a_constrained_hand_lists_the_facts_instead_of_a_false_formula():
    record = parse_record("2019 Ana,Luis,Marta first:Ana viewer:Ana dealt:8 | Ana +1 1>Luis=5 miss | "
                          "Luis 1>Ana=2 miss | Marta 4 | Ana +2")
    post = infer(record, "random")
    how = how_computed(post, 1, PRINCE)
    assert how.formula is None and how.probability == post.hand(1).get(PRINCE, 0)
    keys = [(c.turn, c.key) for c in how.constraints]
    assert (1, "why.guard_miss") in keys and (2, "why.played") in keys and (0, "why.model") in keys
    miss = next(c for c in how.constraints if c.key == "why.guard_miss")
    assert miss.params == {"player": 1, "card": PRINCE}


def test_the_countess_rule_is_listed_after_a_king_or_prince():
    record = parse_record("2019 A,B first:B viewer:A up:1,1,2 dealt:4 | B 7>A got:3")
    keys = [c.key for c in how_computed(infer(record), 1, COUNTESS).constraints]
    assert "why.played" in keys and "why.not_countess" in keys and "why.king" in keys


def test_decision_graph_probabilities_are_exact_and_consistent_with_the_advisor():
    compared = 0
    for start in range(0, 400, 40):
        record, _ = find("classic", 3, start)
        compared += _check_graphs(record)
    assert compared >= 2  # some positions with a Priest or a King to compare


def _check_graphs(record) -> int:
    compared = 0
    for ranked in advise(record, "random").actions:
        g = decision_graph(record, ranked.action, "random")
        assert g.graph["exact"]
        outcomes = list(g.successors("play"))
        assert sum(g.edges["play", o]["p"] for o in outcomes) == 1
        for o in outcomes:
            replies = list(g.successors(o))
            if replies:
                assert sum(g.edges[o, r]["p"] for r in replies) == 1
        if ranked.learn and "sees" in ranked.learn:  # a Priest or King: one outcome per card seen
            seen = {}
            for o in outcomes:
                card = next(ev.card if hasattr(ev, "card") and type(ev).__name__ == "PriestSaw" else ev.received
                            for ev in g.nodes[o]["events"] if type(ev).__name__ in ("PriestSaw", "HandsTraded"))
                seen[card] = seen.get(card, 0) + g.nodes[o]["p"]
            assert seen == ranked.learn["sees"]
            compared += 1
    return compared


def test_decision_graph_is_labelled_as_an_estimate_when_there_are_too_many_deals():
    record = parse_record("2019 Ana,Luis,Marta first:Ana viewer:Ana dealt:8 | Ana +2")
    g = decision_graph(record, Play(PRIEST, 1), "random", limit=100, samples=200)
    assert not g.graph["exact"] and g.graph["samples"] == 200
    assert sum(g.edges["play", o]["p"] for o in g.successors("play")) == 1


def test_a_sampled_decision_graph_keeps_the_outcomes_that_depend_on_one_card_exact():
    """Too many deals for the whole graph, but what a Priest shows depends only on Luis's card:
    those outcomes carry the exact posterior of that card (the page's hidden-card table), every
    possible card once, and say they are exact; a Handmaid's one outcome is certain."""
    from solver.inference.posterior import infer
    from solver.rules.cards import Card

    record = parse_record("2019 Ana,Luis,Marta first:Ana viewer:Ana dealt:8 | Ana +2")
    marginal = infer(record, "random").hand(1)
    g = decision_graph(record, Play(PRIEST, 1), "random", limit=100, samples=50)
    assert not g.graph["exact"]
    seen = {}
    for o in g.successors("play"):
        assert g.edges["play", o]["exact"]
        card = next(ev.card for ev in g.nodes[o]["events"] if type(ev).__name__ == "PriestSaw")
        seen[card] = g.edges["play", o]["p"]
    assert seen == marginal  # every card Luis may hold, even one no sampled deal gave him
    assert len(seen) > 5 and sum(seen.values()) == 1
    # A Guard naming a card: hit and miss are exact too.
    guard = decision_graph(parse_record("2019 Ana,Luis,Marta first:Ana viewer:Ana dealt:8 | Ana +1"),
                           Play(Card.GUARD, 1, Card.PRINCE), "random", limit=100, samples=50)
    assert all(guard.edges["play", o]["exact"] for o in guard.successors("play"))
    assert sum(guard.edges["play", o]["p"] for o in guard.successors("play")) == 1
    # A Handmaid depends on no card: its one outcome is certain (it was shown as "≈ 100%").
    maid = decision_graph(parse_record("2019 Ana,Luis,Marta first:Ana viewer:Ana dealt:8 | Ana +4"),
                          Play(Card.HANDMAID), "random", limit=100, samples=50)
    assert [(maid.edges["play", o]["exact"], maid.edges["play", o]["p"]) for o in maid.successors("play")] == \
        [(True, 1)]


def test_a_sampled_outcome_the_exact_outcomes_miss_is_shown_not_dropped(monkeypatch):
    """Should the exact outcomes ever not name an outcome a sampled deal gave, the view falls
    back to the sampled figures for every outcome instead of silently leaving one out."""
    import solver.advice.decision as decision

    record = parse_record("2019 Ana,Luis,Marta first:Ana viewer:Ana dealt:8 | Ana +2")
    full = decision.exact_outcomes

    def partial(*args):
        masses = full(*args)
        top = max(masses, key=lambda k: masses[k][0])
        return {top: masses[top]}

    monkeypatch.setattr(decision, "exact_outcomes", partial)
    g = decision_graph(record, Play(PRIEST, 1), "random", limit=100, samples=50)
    outcomes = list(g.successors("play"))
    assert len(outcomes) > 1 and not any(g.edges["play", o]["exact"] for o in outcomes)
    assert sum(g.edges["play", o]["p"] for o in outcomes) == 1


def test_the_mixture_is_explained_as_two_models_weighed_by_the_plays():
    """It said "weighed by the read from their plays (card counter or random) model"."""
    from solver.words.i18n import t

    record = parse_record("2019 Ana,Luis,Marta first:Ana viewer:Ana dealt:8 | Ana +1 1>Luis=5 miss | "
                          "Luis 1>Ana=2 miss | Marta 4 | Ana +2")
    keys = [c.key for c in how_computed(infer(record, "mixture"), 1, PRINCE).constraints]
    assert "why.model_mixture" in keys and "why.model" not in keys
    for lang in ("en", "es", "fr"):
        assert "{" not in t(lang, "why.model_mixture") and t(lang, "model_mixture") not in t(lang, "why.model_mixture")


def test_the_opponent_types_are_a_starting_guess_until_an_opponent_plays():
    """"Luis has played like a card counter: 50%" was said before Luis had played anything."""
    from solver.words.i18n import t
    from solver.words.verdicts import types_text

    before = parse_record("2019 Ana,Luis first:Ana viewer:Ana up:2,3,6 dealt:1 | Ana +1")
    after = parse_record("2019 Ana,Luis first:Ana viewer:Ana up:2,3,6 dealt:1 | Ana +1 1>Luis=5 miss | Luis 2>Ana | Ana +3")
    for lang in ("en", "es", "fr"):
        said = types_text(infer(before, "mixture").types, before, "mixture", lang)
        assert said.startswith(t(lang, "an_types_unplayed_two", player="Luis", counter="", random="")[:12]), said
        said = types_text(infer(after, "mixture").types, after, "mixture", lang)
        # Luis's Priest is the one play the guess rests on: the sentence says so (its singular form).
        one_play = t(lang, "an_types_two", player="Luis", counter="", random="", n=1)
        assert said.startswith(one_play[:12]) and said.endswith(one_play[-50:]), said


def test_a_handmaid_in_a_sampled_decision_graph_is_certainly_protected():
    """The decision view said "Protected ≈ 100%": a play that chooses no one and draws nothing
    has one outcome, certainly, whatever the deal."""
    record = parse_record("2019 Ana,Luis first:Ana viewer:Ana up:1,1,2 dealt:4 | Ana +5")
    g = decision_graph(record, Play(Card.HANDMAID), "random")
    assert g.graph["exact"] is False  # the replies under it are sampled
    first = [d for a, _, d in g.edges(data=True) if a == "play"]
    assert first == [{"p": Fraction(1), "exact": True}]
