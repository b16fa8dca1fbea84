"""What the analyzer and practice show in their tables, as rows and figures: the odds of every
hidden card, the set-aside card, the best Guard guess, the advisor's ranking, practice's review.
Pure functions of the solver's answers (`tutor.answers`), testable without a running app. The
sentences and figures the notebook display says too live in `solver.words`.
"""

from __future__ import annotations

import math

from solver.records.knowledge import opponent_knows_kept_card
from solver.words.figures import APPROX, figure, frac, marked, pct, points, win_text
from solver.words.i18n import semicolon, t
from solver.words.sentences import action_text, card_label, error_text
from solver.words.verdicts import (best_plays, explanation_text, guard_sentences, play_label, plays_text,
                                   standing_text)
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
            t(lang, "an_standing"): standing_text(adv, a, lang),
            t(lang, "an_p_best"): pct(a.p_best, lang) if not adv.method == "exact" else "",
            t(lang, "an_kind"): t(lang, "an_exact" if a.exact else "an_estimate"),
        })
    return rows


def _cost(item) -> float:
    """What the decision cost in winning chance, as the hint's answer prices it (`Reviewed.cost`:
    0 for the best and for a play proved within 3 points of it)."""
    if isinstance(item.advice, Exception) or item.chosen is None or not item.cost:
        return 0.0
    return float(item.cost)


def cost_text(item, lang: str) -> str:
    """The cost cell, read from the chosen play's standing in the hint's answer: "0" (the best, or an
    exact tie), "≈ 0 (within 3 points)" (proved close), "≈ 11.5 pts" (worse), "≈ 4.2 pts, uncertain"
    (not yet told apart); without "≈" when both figures are exact (a certain outcome)."""
    chosen, best = item.chosen, item.advice.actions[0]
    exact = chosen.exact and best.exact
    approx = "" if exact else APPROX
    gap = -float(chosen.diff)
    if chosen.standing == "best" or (exact and gap <= 0):
        return "0"
    if chosen.standing == "close":
        # (two decimals, cut, not rounded: a gap of 2.998 points read "3.0 pts (within 3 points)")
        return t(lang, "pr_cost_close_exact", cost=points(math.floor(gap * 10_000) / 10_000, lang, 2)) if exact \
            else t(lang, "pr_cost_close")
    shown = approx + points(max(gap, 0.0), lang)
    return t(lang, "pr_cost_uncertain", cost=shown) if chosen.standing == "undecided" else shown


def review_rows(items, lang: str) -> list[dict]:
    """Practice's review (`solver.advice.practice.review`) as rows: your play (a Guard guess that
    could not hit says so), your hand, the best play and the plays proved close to it (each with its
    figure), the cost read from the hint's own answer (`cost_text`) and both chances of winning
    ("≈" marks an estimate, a certain outcome is exact); the costliest decision says so."""
    from solver.analysis.entry import final_state

    worst = costliest_index(items)
    rows = []
    for i, item in enumerate(items, start=1):
        record = item.decision.record
        e, names = record.edition, record.seats
        def say(action, e=e, names=names, you=record.viewer) -> str:
            return action_text(action, e, lang, names, you=you)

        yours = say(item.decision.action)
        if item.chosen is not None and item.chosen.sure_miss:
            yours = t(lang, "pr_sure_miss", play=yours, player=names[item.decision.action.target])
        row = {"#": i, t(lang, "pr_your_play"): yours}
        if isinstance(item.advice, Exception):  # too large for the exact inference: said, not guessed
            rows.append({**row, t(lang, "pr_best_play"): error_text(item.advice, lang)})
            continue
        adv = item.advice
        shown = cost_text(item, lang) if item.chosen is not None else "—"
        if worst == i - 1:
            shown = t(lang, "pr_cost_worst", cost=shown)
        hand = [c for c in final_state(record).viewer_hand if c is not None]
        best = adv.actions[0]
        chances = (marked(item.chosen.win, item.chosen.exact, lang) if item.chosen else "—") + \
            f" → {marked(best.win, best.exact, lang)}"
        rows.append({
            **row,
            t(lang, "hand"): ", ".join(card_label(c, e, lang) for c in hand),
            t(lang, "pr_best_play"): best_cell(adv, lang),
            t(lang, "pr_cost"): shown,
            t(lang, "pr_chances"): chances,
        })
    return rows


#: The most plays the review's "best play" cell names (the best and those proved as good); the others
#: are counted ("and 16 other plays as good").
REVIEW_NAMED = 3


def best_cell(adv, lang: str) -> str:
    """The review's "advisor's best" cell, as the hint said it: the best play (and the plays proved
    close to it, each with its figure), hedged as the verdict hedges it ("probably X": its figure is
    the chances' column's) while a play is not yet told apart from the best."""
    _, plays = best_plays(adv)
    if adv.decided or len(adv.actions) == 1:
        plays = [a for a in plays if a.same_as is None]  # (a Guard's sure misses at one target: one play)
        named, more = plays[:REVIEW_NAMED], len(plays) - REVIEW_NAMED
        text = plays_text(adv, named, lang, figures=len(plays) > 1)
        if more > 0:  # a cell named 19 plays: the first few, then how many more are as good
            text += f"{semicolon(lang)} " + t(lang, "pr_best_more", n=more)
        return text
    return t(lang, "pr_best_probably", play=play_label(adv, adv.actions[0], lang))


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
    e, names = record.edition, record.seats
    # The chance to win first (what the cost measures: a headline on another figure read as contradicting
    # the table), then the figure that tells the plays apart most: being out before your next turn,
    # knocking an opponent out now.
    out_gap = float(chosen.out_before_next_turn) - float(best.out_before_next_turn)
    ko_gap = float(best.knock_out_now) - float(chosen.knock_out_now)
    figure = t(lang, "pr_figure_win", yours=marked(chosen.win, chosen.exact, lang),
               best=marked(best.win, best.exact, lang))
    why = None
    if max(out_gap, ko_gap) >= 0.05 and out_gap >= ko_gap:
        why = t(lang, "pr_figure_out", yours=marked(chosen.out_before_next_turn, chosen.out_exact, lang),
                best=marked(best.out_before_next_turn, best.out_exact, lang))
        seer = opponent_knows_kept_card(record, item.decision.action)
        if seer is not None:
            why = t(lang, "pr_figure_seen", figure=why, player=names[seer])
    elif ko_gap >= 0.05:
        why = t(lang, "pr_figure_ko", yours=marked(chosen.knock_out_now, chosen.knock_out_exact, lang),
                best=marked(best.knock_out_now, best.knock_out_exact, lang))
    if why is not None:
        figure += f"{semicolon(lang)} {why}"
    sentence = t(lang, "pr_costliest", n=i + 1,
                 play=action_text(item.decision.action, e, lang, names, you=record.viewer),
                 best=play_label(adv, best, lang), figure=figure)
    if chosen.standing == "undecided":  # not yet told apart: the cost is an estimate that may not hold
        sentence += " " + t(lang, "pr_costliest_uncertain")
    return sentence


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
