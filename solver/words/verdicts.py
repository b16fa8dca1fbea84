"""What the solver concludes, in words: the best Guard guess on each opponent, the advisor's
verdict ("Best play: …", "Probably best: …; not yet told apart from it: …", "Your only legal play: …"), each
play's one-sentence why, and how the answer was computed. Pure functions over a `Posterior` or an
`Advice`: the app (`tutor/`) and the notebook display (`solver.display`) say the same.
"""

from __future__ import annotations

from solver.advice.result import CLOSE_POINTS
from solver.inference.posterior import guard_table
from solver.rules.actions import Play
from solver.rules.cards import Card
from solver.words.figures import APPROX, figure, marked, pct, points
from solver.words.i18n import either, number, semicolon, t
from solver.words.sentences import action_text, card_label


def explanation_text(action, lang: str, record=None) -> str:
    """The one-sentence why of a ranked play; a sampled figure carries "≈" (an estimate's win and
    risk of being out; its knock-out chance only when the posterior was not exact). With the
    `record` it was ranked for, a play that knocks you out whatever the hidden cards says so
    ("Playing the Princess knocks you out of the round") instead of "nobody is knocked out at once"."""
    key, params = action.explanation()
    if record is not None:
        cause = _own_knockouts(record).get(action.action)
        if cause is not None:
            key = f"advice.self_out.{cause}"
    baron = (action.learn or {}).get("baron")
    if baron is not None and not key.startswith("advice.self_out"):
        # A Baron's comparison can knock you out too: "knocks an opponent out now 56%" said nothing
        # of the 36% that you are out at once.
        key = "advice.baron"
    return t(lang, key, win=marked(params["win"], action.exact, lang),
             knock_out_now=marked(params["knock_out_now"], action.knock_out_exact, lang),
             out_risk=marked(params["out_risk"], action.out_exact, lang),
             self_out=marked((baron or {}).get("lose", 0), action.knock_out_exact, lang))


def _own_knockouts(record) -> dict:
    """`solver.advice.decision.self_knockouts` ({} when no deal of the record can be drawn)."""
    from solver.advice.decision import self_knockouts
    from solver.rules.errors import LoveLetterError

    try:
        return self_knockouts(record)
    except LoveLetterError:
        return {}


def types_text(types: dict, record, model: str, lang: str, exact: bool = True, choice: bool = True) -> str:
    """One sentence next to the figures on the opponents they assume: for a mixture, what the
    record suggests ("Luis has played like a card counter: 83% …"); for a single model, which
    one (with `choice`, the other one click away in the page's model choice; without, the bots
    at a practice table, who are that model)."""
    if len(types) <= 1:
        return t(lang, "an_assumes" if choice else "an_assumes_table", model=t(lang, "model_" + model.replace("-", "_")))
    opponents = [s for s in range(record.n_players) if s != record.viewer]
    figures = {name: marked(p, exact, lang) for name, p in types.items()}
    # Before any opponent's play the weights are the starting guess, not something they showed;
    # after, how many plays they rest on (three plays say little, whatever the percentages).
    plays = sum(1 for turn in record.turns if turn.player in opponents and turn.card is not None)
    if len(opponents) == 1:
        return t(lang, "an_types_two" if plays else "an_types_unplayed_two", player=record.seats[opponents[0]],
                 counter=figures["card-counter"], random=figures["random"], n=plays)
    return t(lang, "an_types_many" if plays else "an_types_unplayed_many", counter=figures["card-counter"],
             random=figures["random"], n=plays)


def type_bests_text(adv, lang: str) -> str:
    """When the best play is not the same against each opponent type, both, with their chances
    ("" when it is the same play). A Guard's sure misses at one target count as their first row."""
    best: dict = {}
    for a in adv.actions:
        if a.same_as is not None:
            continue
        for name, win in (a.by_type or {}).items():
            if name not in best or win > best[name][1]:
                best[name] = (a, win)
    if len(best) < 2 or len({b[0].action for b in best.values()}) == 1:
        return ""
    if adv.method != "exact":  # an estimate's per-type means are noisy: said only of a clear gap
        top = adv.actions[0]
        if all(win - (top.by_type or {}).get(name, win) < CLOSE_POINTS for name, (_, win) in best.items()):
            return ""
    exact = adv.method == "exact"
    counter, rand = best["card-counter"], best["random"]
    return t(lang, "an_types_differ", counter_play=play_label(adv, counter[0], lang),
             counter_win=marked(counter[1], exact, lang), random_play=play_label(adv, rand[0], lang),
             random_win=marked(rand[1], exact, lang))


def best_plays(adv) -> tuple[bool, tuple]:
    """The best play and the plays proved close to it (`Advice.best_group()`: "equally good"), and
    whether a single best play is named (`Advice.resolved`: every other play is worse)."""
    if not adv.actions:
        return True, ()
    return adv.resolved, adv.best_group()


def play_label(adv, ranked, lang: str) -> str:
    """A ranked play in words. A Guard guess that cannot hit is said as what it is, never by the
    card it names (which may be one the viewer holds): "Guard (1) on Luis, naming any card Luis
    cannot hold: none can hit" — one row for all of them at that target (`RankedAction.same_as`)."""
    record = adv.record
    play = ranked.action
    if ranked.sure_miss:
        return t(lang, "an_sure_miss_row", play=action_text(Play(play.card, play.target), record.edition, lang,
                                                               record.seats, you=record.viewer),
                 player=record.seats[play.target])
    return action_text(play, record.edition, lang, record.seats, you=record.viewer)


def with_figure(ranked, text: str, lang: str) -> str:
    """A play's words with its own chance of winning: "Priest (2) on Luis: ≈ 70.3%"."""
    return t(lang, "an_with_win", play=text, win=marked(ranked.win, ranked.exact, lang))


def plays_text(adv, plays, lang: str, figures: bool = False) -> str:
    """Ranked plays in one phrase, in their order: a Guard's guesses at one target that come one after
    the other as one play ("Guard (1) on Ana, naming the Priest (2), the Baron (3) or the King (7)";
    every card it may name: "Guard (1) on Ana, whatever it names"), separated by ";" (a play may hold
    a comma). With `figures`, each play (each guess) with its own chance of winning, never a group's
    borrowed one: "Guard (1) on Ana, naming the Priest (2): ≈ 61%, the Baron (3): ≈ 60%"."""
    record = adv.record
    e = record.edition
    plays = [a for a in plays if a.same_as is None]  # a Guard's sure misses: said once, by the first
    groups: list = []  # [(key, [plays])]: consecutive guesses at one target share a group
    for i, a in enumerate(plays):
        act = a.action
        key = (act.card, act.target) if isinstance(act, Play) and act.guess is not None and not a.sure_miss else i
        if groups and groups[-1][0] == key:
            groups[-1][1].append(a)
        else:
            groups.append((key, [a]))
    out = []
    for key, group in groups:
        if len(group) == 1:
            label = play_label(adv, group[0], lang)
            out.append(with_figure(group[0], label, lang) if figures else label)
            continue
        card, target = key  # (a plain play is keyed by its index: alone in its group)
        play = action_text(Play(card, target), e, lang, record.seats, you=record.viewer)
        if not figures:
            group = sorted(group, key=lambda x: int(x.action.guess))
        named = [t(lang, "card_the", card=card_label(Card(x.action.guess), e, lang)) for x in group]
        if figures:
            out.append(t(lang, "an_guard_naming", play=play, guesses=either(
                lang, [with_figure(x, name, lang) for x, name in zip(group, named)])))
        elif {Card(x.action.guess) for x in group} >= set(e.guessable):
            out.append(t(lang, "an_guard_any", play=play))
        else:
            out.append(t(lang, "an_guard_naming", play=play, guesses=either(lang, named)))
    return f"{semicolon(lang)} ".join(out)


def _counted(key: str, plays: list) -> str:
    """A catalog key for one play or several ("an_also_close_one" / "an_also_close")."""
    return key + "_one" if sum(1 for a in plays if a.same_as is None) == 1 else key


def best_text(adv, lang: str) -> str:
    """The verdict, the play with the highest value first, each other play named with its own
    figure: "Best play: X"; "Best play: X: 63%; equally good (within 3 points): Y: 62%" (an exact
    tie: "equally good (exactly the same chance)"); when a play is not yet told apart from the best,
    "Probably best: X: ≈ 63%; not yet told apart from it (more work could change the order): Y: ≈ 58%"
    (`solver.advice.result`: best, close, worse, undecided)."""
    if not adv.actions:
        return ""
    top = adv.actions[0]
    if len(adv.actions) == 1:  # "Best play" of one (the Countess you must play) read as advice
        return t(lang, "an_only_play", play=play_label(adv, top, lang))
    close = [a for a in adv.actions[1:] if a.standing == "close"]
    tied = [a for a in close if a.exact and top.exact and a.win == top.win]
    close = [a for a in close if a not in tied]
    undecided = list(adv.undecided())
    if not close and not undecided and not tied:
        return t(lang, "an_best", play=play_label(adv, top, lang))
    best = with_figure(top, play_label(adv, top, lang), lang)
    parts = [t(lang, "an_best" if not undecided else "an_probably_best", play=best)]
    for key, group in (("an_also_tied", tied), ("an_also_close", close), ("an_also_undecided", undecided)):
        if group:
            named, more = _named(group)
            plays = plays_text(adv, named, lang, figures=True)
            if more:  # (13 plays named filled a phone's first screen; the table below has them all)
                plays += f"{semicolon(lang)} " + t(lang, "an_and_more_one" if more == 1 else "an_and_more", n=more)
            parts.append(t(lang, _counted(key, group), plays=plays))
    return f"{semicolon(lang)} ".join(parts)


#: The most plays of one group (equally good, or not yet told apart) a verdict names, in their order of
#: value, each with its figure; the others are counted ("and 9 more in the table below").
VERDICT_NAMED = 4


def _named(group: list) -> tuple[list, int]:
    """The plays of a verdict's group it names (the first `VERDICT_NAMED`, a Guard's sure misses at one
    target counted once) and how many it leaves to the table."""
    plays = [a for a in group if a.same_as is None]
    return plays[:VERDICT_NAMED], max(0, len(plays) - VERDICT_NAMED)


def verdict_line(adv, lang: str) -> str:
    """The advisor's answer in one line, for the top of the screen: the verdict (`best_text`), and
    for a single best play (or the only one) its chance to win and why ("… — Knocks an opponent out
    now: 25%. Chance to win the round: 63%."); a verdict naming several plays gives each its own
    figure instead."""
    if not adv.actions:
        return best_text(adv, lang)
    if len(adv.actions) > 1 and not adv.resolved:
        return best_text(adv, lang) + "."
    return f"{best_text(adv, lang)} — {explanation_text(adv.actions[0], lang, adv.record)}"


def standing_text(adv, ranked, lang: str) -> str:
    """Where a play stands against the best, in words (the ranking's column): the best is "probably
    best" while a play is not yet told apart from it."""
    standing = ranked.standing
    if standing not in ("best", "close", "worse", "undecided"):
        raise ValueError(f"a ranked play without its standing: {ranked.action!r}")
    if standing == "best" and not adv.decided:
        standing = "probably_best"
    if standing == "worse":  # by how much: "2.3 pts below the best" beside "within 3 points" is no contradiction
        exact = ranked.exact and adv.actions[0].exact
        return t(lang, "an_standing_worse", points=("" if exact else APPROX) + points(-ranked.diff, lang))
    return t(lang, "an_standing_" + standing)


def estimate_samples(adv) -> int:
    """The most deals any play of an estimate was evaluated on."""
    return max((a.samples for a in adv.actions), default=0)


def two_players(adv) -> bool:
    """Whether the estimate's sentences may say when a 2-player round's answer becomes exact."""
    return adv.record.n_players == 2


def estimate_sentence(adv, lang: str) -> str:
    """An estimate in one plain sentence: how many deals, and why it is not exact (in a 2-player round,
    from how many cards in the deck the answer is exact: `solver.advice.advisor`'s reach)."""
    from solver.advice.advisor import DEEPER_MAX_DECK_2P, EXACT_MAX_DECK

    key = "an_method_estimate_short" if two_players(adv) else "an_method_estimate_short_many"
    return t(lang, key, samples=number(lang, estimate_samples(adv)), cards=EXACT_MAX_DECK, deeper=DEEPER_MAX_DECK_2P)


def figure_text(adv, lang: str) -> str:
    """What the figures of an answer are, in one sentence: exact (the chance with best play from here)
    or estimated (the chance when the viewer follows the app's advice at its later turns, as the estimate
    plays them: a floor of the exact one)."""
    return t(lang, "an_figure_exact" if adv.method == "exact" else "an_figure_estimate")


def method_text(adv, lang: str) -> str:
    model = t(lang, "model_" + adv.model.replace("-", "_"))
    if adv.method == "exact":
        return t(lang, "an_method_exact", worlds=number(lang, adv.worlds), model=model, n=adv.worlds)
    key = "an_method_estimate" if two_players(adv) else "an_method_estimate_many"
    text = t(lang, key, samples=number(lang, estimate_samples(adv)), model=model)
    if adv.posterior != "exact":
        text += " " + t(lang, "an_posterior_approx")
    return text


def guard_sentences(post, lang: str) -> list[str]:
    """The best Guard guess on each opponent of a `Posterior` — none when the viewer's hand is
    known and holds no Guard (a "best Guard guess" beside a hand of Priest and Prince reads as
    advice to play a card you do not have)."""
    record = post.record
    e = record.edition
    if record.viewer is not None:
        hand = [c for c in post.final.viewer_hand if c is not None]
        if hand and Card.GUARD not in hand:
            return []
    lines = []
    for row in guard_table(post):
        if not row.best or not row.p_hit:  # e.g. they can only hold a Guard, which no Guard names
            lines.append(t(lang, "an_guard_none", player=record.seats[row.seat]))
            continue
        best = " / ".join(card_label(c, e, lang) for c in row.best)
        lines.append(t(lang, "an_guard_best", player=record.seats[row.seat], cards=best,
                       p=figure(row.p_hit, lang)))
    return lines
