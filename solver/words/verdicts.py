"""What the solver concludes, in words: the best Guard guess on each opponent, the advisor's
verdict ("Best play: …", "Equally good within the estimate: …", "Your only legal play: …"), each
play's one-sentence why, and how the answer was computed. Pure functions over a `Posterior` or an
`Advice`: the app (`tutor/`) and the notebook display (`solver.display`) say the same.
"""

from __future__ import annotations

from solver.inference.posterior import guard_table
from solver.rules.actions import Play
from solver.rules.cards import Card
from solver.words.figures import figure, marked, pct
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
    ("" when it is the same play)."""
    best: dict = {}
    for a in adv.actions:
        for name, win in (a.by_type or {}).items():
            if name not in best or win > best[name][1]:
                best[name] = (a, win)
    if len(best) < 2 or len({b[0].action for b in best.values()}) == 1:
        return ""
    exact = adv.method == "exact"
    counter, rand = best["card-counter"], best["random"]
    return t(lang, "an_types_differ", counter_play=play_label(adv, counter[0], lang),
             counter_win=marked(counter[1], exact, lang), random_play=play_label(adv, rand[0], lang),
             random_win=marked(rand[1], exact, lang))


def best_plays(adv) -> tuple[bool, tuple]:
    """The plays that rank first, and whether the answer is resolved — as the advisor says
    (`Advice.resolved`, `Advice.best_group()`: exact ties, or the plays whose paired difference
    to the best is not resolved by the estimate)."""
    if not adv.actions:
        return True, ()
    return adv.resolved, adv.best_group()


def play_label(adv, ranked, lang: str) -> str:
    """A ranked play in words; the first of a Guard's guesses that cannot hit at one target
    stands for all of them ("Guard (1) on Luis, naming the Baron (3), Prince (5) or Princess (8):
    none can hit" — `RankedAction.same_as`: one play in effect, the same figures)."""
    record = adv.record
    e = record.edition
    text = action_text(ranked.action, e, lang, record.seats, you=record.viewer)
    also = [a.action for a in adv.actions if a.same_as == ranked.action]
    if ranked.same_as is not None or not also:
        return text
    play = ranked.action
    guesses = [card_label(Card(x.guess), e, lang) for x in sorted([play, *also], key=lambda x: int(x.guess))]
    return t(lang, "an_sure_misses", play=action_text(Play(play.card, play.target), e, lang, record.seats,
                                                         you=record.viewer), guesses=either(lang, guesses))


def plays_text(adv, plays, lang: str) -> str:
    """Ranked plays in one phrase: a Guard's guesses at one target as one play ("Guard (1) on Ana,
    naming the Priest (2), the Baron (3) or the King (7)"; every card it may name: "Guard (1) on
    Ana, whatever it names"), the others after it, separated by ";" (a play may hold a comma)."""
    record = adv.record
    e = record.edition
    plays = [a for a in plays if a.same_as is None]  # a Guard's sure misses: said once, by the first
    groups: dict = {}
    for i, a in enumerate(plays):
        act = a.action
        key = (act.card, act.target) if isinstance(act, Play) and act.guess is not None else i
        groups.setdefault(key, []).append(a)
    out = []
    for key, group in groups.items():
        if len(group) == 1:
            out.append(play_label(adv, group[0], lang))
            continue
        card, target = key  # (a plain play is keyed by its index: alone in its group)
        named = sorted({Card(x.action.guess) for x in group} | {Card(y.action.guess) for x in group
                                                                 for y in adv.actions if y.same_as == x.action})
        play = action_text(Play(card, target), e, lang, record.seats, you=record.viewer)
        if set(named) >= set(e.guessable):
            out.append(t(lang, "an_guard_any", play=play))
        else:
            out.append(t(lang, "an_guard_naming", play=play, guesses=either(
                lang, [t(lang, "card_the", card=card_label(c, e, lang)) for c in named])))
    return f"{semicolon(lang)} ".join(out)


def best_text(adv, lang: str) -> str:
    """"Best play: X" when resolved; otherwise "Equally good within the estimate: X, Y"."""
    resolved, plays = best_plays(adv)
    names = plays_text(adv, plays, lang)
    if len(adv.actions) == 1:  # "Best play" of one (the Countess you must play) read as advice
        return t(lang, "an_only_play", play=names)
    if resolved and len([a for a in plays if a.same_as is None]) == 1:
        return t(lang, "an_best", play=names)
    return t(lang, "an_equal_exact" if adv.method == "exact" else "an_equal_estimate", plays=names)


def verdict_line(adv, lang: str) -> str:
    """The advisor's answer in one line, for the top of a phone's screen: the best play (or the
    plays equally good), then its chance to win and why ("… — Knocks an opponent out now: 25%.
    Chance to win the round: 63%.")."""
    _, plays = best_plays(adv)
    if not plays:
        return best_text(adv, lang)
    return f"{best_text(adv, lang)} — {explanation_text(plays[0], lang, adv.record)}"


def estimate_samples(adv) -> int:
    """The most deals any play of an estimate was evaluated on."""
    return max((a.samples for a in adv.actions), default=0)


def two_players(adv) -> bool:
    """Whether the estimate's sentences may say when a 2-player round's answer becomes exact."""
    return adv.record.n_players == 2


def estimate_sentence(adv, lang: str) -> str:
    """An estimate in one plain sentence: how many deals, and why it is not exact."""
    key = "an_method_estimate_short" if two_players(adv) else "an_method_estimate_short_many"
    return t(lang, key, samples=number(lang, estimate_samples(adv)))


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
