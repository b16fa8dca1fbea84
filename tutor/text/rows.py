"""What the analyzer and practice show in their tables, as rows and figures: the odds of every
hidden card, the set-aside card, the best Guard guess, the advisor's ranking, practice's review.
Pure functions of the solver's answers (`tutor.answers`), testable without a running app. The
sentences and figures the notebook display says too live in `solver.words`.
"""

from __future__ import annotations

from solver.words.figures import APPROX, figure, frac, marked, pct, points, win_text
from solver.words.i18n import semicolon, t
from solver.words.sentences import action_text, card_label, error_text
from solver.words.verdicts import best_plays, explanation_text, guard_sentences, play_label
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


def review_rows(items, lang: str) -> list[dict]:
    """Practice's review (`solver.advice.practice.review`) as rows: your play, your hand, the best
    (or the plays equally good within the estimate), the cost in percentage points and both
    chances of winning ("≈" marks an estimate)."""
    from solver.analysis.entry import final_state

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
        within = item.chosen is not None and any(a.action == item.chosen.action for a in plays)
        cost = "0" if within or not item.cost else approx + points(item.cost, lang)
        if within and not exact and item.chosen.win != adv.actions[0].win:
            # "0" beside "≈ 68.5% → ≈ 71.2%" read as a contradiction: the gap is within the margin.
            cost = t(lang, "pr_cost_within")
        hand = [c for c in final_state(record).viewer_hand if c is not None]
        yours = approx + pct(item.chosen.win, lang) if item.chosen else "—"
        rows.append({
            **row,
            t(lang, "hand"): ", ".join(card_label(c, e, lang) for c in hand),
            t(lang, "pr_best_play"): f"{semicolon(lang)} ".join(play_label(adv, a, lang) for a in plays
                                                                if a.same_as is None),
            t(lang, "pr_cost"): cost,
            t(lang, "pr_chances"): f"{yours} → {approx}{pct(adv.actions[0].win, lang)}",
        })
    return rows


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
