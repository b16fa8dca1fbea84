"""What the analyzer and practice show in their tables, as rows and figures: the odds of every
hidden card, the set-aside card, the best Guard guess, the advisor's ranking, practice's review.
Pure functions of the solver's answers (`tutor.answers`), testable without a running app. The
sentences and figures the notebook display says too live in `solver.words`.
"""

from __future__ import annotations

from solver.words.figures import APPROX, figure, frac, marked, pct, points, win_text
from solver.words.i18n import semicolon, t
from solver.words.sentences import action_text, card_label, error_text
from solver.words.verdicts import best_plays, explanation_text, guard_sentences, play_label, plays_text
from tutor.answers import posterior, record_of

#: Most digits of a numerator or denominator shown as an exact fraction ("3/19", "41/112"); a
#: longer one is a figure nobody reads ("11508142139980255/28305490178642781"): the percentage says it.
SMALL_DIGITS = 4


def small_fraction(p):
    """`p` as "n/d" when both are short enough to read (`SMALL_DIGITS`), else None."""
    from fractions import Fraction

    p = Fraction(p)
    if len(str(abs(p.numerator))) > SMALL_DIGITS or len(str(p.denominator)) > SMALL_DIGITS:
        return None
    return frac(p)



def hand_rows(text: str, model: str, lang: str) -> tuple[list[dict], dict]:
    """Rows (card, then one column per opponent: "fraction (percent)") and the percent series
    for the chart ({opponent: {card label: percent}})."""
    record = record_of(text)
    post = posterior(text, model)
    e = record.edition
    seats = [s for s, d in post.hands.items() if s != record.viewer and "cards" not in d]
    rows, chart = [], {record.seats[s]: {} for s in seats}
    for c in e.cards:
        label = card_label(c, e, lang)
        row = {t(lang, "card"): label}
        for s in seats:
            p = post.hands[s].get(c, 0)
            row[record.seats[s]] = figure(p, lang)
            chart[record.seats[s]][label] = round(float(p) * 100, 2)
        rows.append(row)
    return rows, chart


def guard_lines(text: str, model: str, lang: str) -> list[str]:
    """The best Guard guess on each opponent (`solver.words.verdicts.guard_sentences`)."""
    return guard_sentences(posterior(text, model), lang)


def set_aside_rows(text: str, model: str, lang: str) -> list[dict]:
    record = record_of(text)
    e = record.edition
    return [{t(lang, "card"): card_label(c, e, lang), t(lang, "an_probability"): figure(p, lang)}
            for c, p in posterior(text, model).set_aside.items()]


def learn_text(action, edition, lang: str) -> str:
    if not action.learn:
        return ""
    if "sees" in action.learn:
        return ", ".join(f"{card_label(c, edition, lang)} {pct(p, lang)}" for c, p in action.learn["sees"].items())
    b = action.learn["baron"]
    return " · ".join(f"{t(lang, 'an_baron_' + k)} {pct(b[k], lang)}" for k in ("win", "tie", "lose") if k in b)


def advice_rows(adv, lang: str) -> list[dict]:
    """The ranking as table rows: the play, P(win), why, then the other figures."""
    record = adv.record
    e = record.edition
    rows = []
    shown = [a for a in adv.actions if a.same_as is None]  # a Guard's sure misses at one target: one row
    for i, a in enumerate(shown, start=1):
        rows.append({
            "#": i,
            t(lang, "an_play"): play_label(adv, a, lang),
            t(lang, "an_win"): win_text(a, lang),
            t(lang, "an_why"): explanation_text(a, lang, record),
            t(lang, "an_tokens"): ("" if a.exact else APPROX) + (f"{float(a.tokens):.2f}" if lang == "en"
                                                                 else f"{float(a.tokens):.2f}".replace(".", ",")),
            t(lang, "an_ko_now"): marked(a.knock_out_now, a.knock_out_exact, lang),
            t(lang, "an_out_risk"): marked(a.out_before_next_turn, a.out_exact, lang),
            t(lang, "an_learn"): learn_text(a, e, lang),
            t(lang, "an_vs_best"): diff_text(a, lang),
            t(lang, "an_p_best"): pct(a.p_best, lang) if not adv.method == "exact" else "",
            t(lang, "an_kind"): t(lang, "an_exact" if a.exact else "an_estimate"),
        })
    return rows


#: A gap in the chance of winning (percentage points, as a fraction) that counts as a cost even
#: inside an estimate's margin: "≈ 0 (within the margin)" stood beside "≈ 63.4% → ≈ 80.5%".
COST_POINTS = 0.03


def _cost(item) -> float:
    """What the decision cost in winning chance, as the review counts it (0 when it is none)."""
    if isinstance(item.advice, Exception) or item.chosen is None or not item.cost:
        return 0.0
    adv = item.advice
    if adv.method == "exact":
        return float(item.cost)
    _, plays = best_plays(adv)
    within = any(a.action == item.chosen.action for a in plays)
    return float(item.cost) if float(item.cost) >= COST_POINTS or not within else 0.0


def review_rows(items, lang: str) -> list[dict]:
    """Practice's review (`solver.advice.practice.review`) as rows: your play, your hand, the best
    in one phrase (a Guard's equal guesses at one target as one play), the cost in percentage
    points and both chances of winning ("≈" marks an estimate). A gap of 3 points or more is a
    cost even inside the estimate's margin; the costliest decision says so."""
    from solver.analysis.entry import final_state

    worst = costliest_index(items)
    rows = []
    for i, item in enumerate(items, start=1):
        record = item.decision.record
        e, names = record.edition, record.seats
        def say(action, e=e, names=names, you=record.viewer) -> str:
            return action_text(action, e, lang, names, you=you)

        row = {"#": i, t(lang, "pr_your_play"): say(item.decision.action)}
        if isinstance(item.advice, Exception):  # too large for the exact inference: said, not guessed
            rows.append({**row, t(lang, "pr_best_play"): error_text(item.advice, lang)})
            continue
        adv = item.advice
        exact = adv.method == "exact"
        _, plays = best_plays(adv)
        approx = "" if exact else APPROX
        cost = _cost(item)
        if cost:
            shown = approx + points(cost, lang)
        elif item.chosen is not None and item.cost and not exact and item.chosen.win != adv.actions[0].win:
            # a gap under 3 points the estimate cannot resolve: not a cost, and said so
            shown = t(lang, "pr_cost_within")
        else:
            shown = "0"
        if worst == i - 1:
            shown = t(lang, "pr_cost_worst", cost=shown)
        hand = [c for c in final_state(record).viewer_hand if c is not None]
        yours = approx + pct(item.chosen.win, lang) if item.chosen else "—"
        rows.append({
            **row,
            t(lang, "hand"): ", ".join(card_label(c, e, lang) for c in hand),
            t(lang, "pr_best_play"): plays_text(adv, plays, lang),
            t(lang, "pr_cost"): shown,
            t(lang, "pr_chances"): f"{yours} → {approx}{pct(adv.actions[0].win, lang)}",
        })
    return rows


def costliest_index(items):
    """The index of the round's costliest decision (None when no decision cost anything)."""
    costs = [_cost(item) for item in items]
    if not costs or max(costs) <= 0:
        return None
    return costs.index(max(costs))


def costliest_sentence(items, lang: str):
    """One sentence on the round's costliest decision: what was played, the better play, and the
    figure that differs most between them — "out before your next turn: 100% against 12% (Ana
    saw that card)"; None when no decision cost anything."""
    i = costliest_index(items)
    if i is None:
        return None
    item = items[i]
    adv, chosen = item.advice, item.chosen
    best = adv.actions[0]
    record = item.decision.record
    exact = adv.method == "exact"
    e, names = record.edition, record.seats
    _, plays = best_plays(adv)
    plays = [a for a in plays if a.action != chosen.action] or [best]  # the better play, not yours again
    # The figure that tells the plays apart most: being out before your next turn, knocking an
    # opponent out now, else the chance to win itself.
    out_gap = float(chosen.out_before_next_turn) - float(best.out_before_next_turn)
    ko_gap = float(best.knock_out_now) - float(chosen.knock_out_now)
    if max(out_gap, ko_gap) >= 0.05 and out_gap >= ko_gap:
        figure = t(lang, "pr_figure_out", yours=marked(chosen.out_before_next_turn, chosen.out_exact, lang),
                   best=marked(best.out_before_next_turn, best.out_exact, lang))
    elif ko_gap >= 0.05:
        figure = t(lang, "pr_figure_ko", yours=marked(chosen.knock_out_now, chosen.knock_out_exact, lang),
                   best=marked(best.knock_out_now, best.knock_out_exact, lang))
    else:
        figure = t(lang, "pr_figure_win", yours=marked(chosen.win, exact, lang), best=marked(best.win, exact, lang))
    seer = saw_kept_card(record, item.decision.action)
    if seer is not None and out_gap > 0:
        figure = t(lang, "pr_figure_seen", figure=figure, player=names[seer])
    return t(lang, "pr_costliest", n=i + 1, play=action_text(item.decision.action, e, lang, names, you=record.viewer),
             best=plays_text(adv, plays, lang), figure=figure)


def saw_kept_card(record, action):
    """An opponent (still in) who knows the card the viewer keeps by playing `action`: their Priest
    saw it, they gave it in a King's trade or tied with it in a Baron's comparison, and the viewer
    has held it since; None otherwise."""
    from solver import Card, Play
    from solver.analysis.entry import final_state

    v = record.viewer
    if v is None or not isinstance(action, Play):
        return None
    known = None  # (opponent, card)
    for k, turn in enumerate(record.turns):
        if turn.card is None:
            continue
        before = [c for c in final_state(record.prefix(k)).viewer_hand if c is not None]
        if turn.player != v and turn.target == v:
            if turn.card == Card.PRIEST and len(before) == 1:
                known = (turn.player, before[0])
            elif turn.card == Card.KING and turn.got is not None:
                known = (turn.player, turn.got)  # they gave it to the viewer
            elif turn.card == Card.PRINCE:
                known = None  # the viewer's card was discarded and replaced
            elif turn.card == Card.BARON and turn.result == "tie" and len(before) == 1:
                known = (turn.player, before[0])
        elif turn.player == v:
            if known is not None and turn.card == known[1] and before.count(known[1]) < 2:
                known = None  # the viewer played the card they knew
            if turn.card == Card.KING and turn.target is not None and turn.got is not None:
                known = (turn.target, turn.got) if turn.target != v else known
            if turn.card == Card.BARON and turn.result == "tie" and turn.target is not None:
                kept = [c for c in before if c != Card.BARON] or before
                known = (turn.target, kept[0])
            if turn.card == Card.PRINCE and turn.target == v:
                known = None
    if known is None:
        return None
    final = final_state(record)
    hand = [c for c in final.viewer_hand if c is not None]
    kept = list(hand)
    if action.card in kept:
        kept.remove(action.card)
    seer, card = known
    if kept == [card] and not final.public.out[seer]:
        return seer
    return None


def diff_text(a, lang: str) -> str:
    """The difference to the best play in percentage points, with its 95% interval for an
    estimate: "−3.1 pts (−5.0 to −1.2)"; "" for the best play itself."""
    if a.diff == 0 and a.diff_interval == (0.0, 0.0):
        return ""
    low, high = a.diff_interval
    text = points(a.diff, lang).replace("-", "−")
    if low == high:
        return text
    fmt = (lambda x: f"{x * 100:.1f}") if lang == "en" else (lambda x: f"{x * 100:.1f}".replace(".", ","))
    return t(lang, "an_diff_interval", diff=text, low=fmt(low).replace("-", "−"), high=fmt(high).replace("-", "−"))
