"""The analysis blocks shared by the analyzer page and practice hints (one code path): the odds
of every hidden card, how a figure is computed, and the advisor's ranking with its decision view."""

from __future__ import annotations

import time
from concurrent.futures import wait

import pandas as pd
import streamlit as st

from solver import LoveLetterError
from solver.words.figures import pct
from solver.words.i18n import colon, number, t
from solver.words.sentences import card_label, error_text
from solver.words.verdicts import (estimate_sentence, figure_text, method_text, play_label, type_bests_text,
                                   types_text, verdict_line)
from tutor import workers
from tutor.answers import DeeperBusy, deeper_known, deeper_offered, posterior, record_of
from tutor.text.decision import decision_caption, decision_dot, decision_outline
from tutor.text.markup import unbroken
from tutor.text.rows import advice_rows, guard_lines, hand_rows, set_aside_rows, small_fraction
from tutor.widgets.board import css
from tutor.widgets.formatters import CardLabel, KeyLabel, PlayLabel, SeatName
from tutor.widgets.session import on_phone, scroll_to


#: Seconds between two updates of the "Working out…" line while a worker computes.
TICK = 0.25


def waited(kind: str, text: str, model: str, language: str, saying: str, budget=None):
    """The answer of a job of the server's worker pool (`tutor.workers`; shared with every session
    asking the same), with a line saying how long it has been working meanwhile (`saying`: its
    catalog key, "{s}" the seconds) instead of a blank area. Each update lets a rerun in."""
    future = workers.submit(kind, text, model, budget)
    if not future.done():
        line, start, said = st.empty(), time.monotonic(), None
        while not future.done():
            text_now = t(language, saying, s=int(time.monotonic() - start))
            if text_now != said:  # sent when it changes (each browser redraws what it is sent)
                line.caption(text_now)
                said = text_now
            wait([future], timeout=TICK)
        line.empty()
    try:
        return future.result()
    except workers.BrokenProcessPool:  # a worker died (memory): the pool is recreated, asked once more
        return workers.result(kind, text, model, budget)


class _Plain:
    """A container that is just the page (`folded` off a phone)."""

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


def folded(label: str):
    """On a phone, a block folded behind its label (one tap opens it); elsewhere, in the page."""
    return st.expander(label) if on_phone() else _Plain()


#: The anchor of the figures below a phone's verdict (the odds' heading).
FIGURES = "figures"


#: The anchor just above the verdict (`show_verdict`'s `into_view`).
VERDICT = "verdict"


def show_verdict(text: str, model: str, language: str, into_view: bool = False, deeper: bool = False,
                 link: bool = True, block: str = "start"):
    """The advisor's answer in one line at the top of the screen — the best play, its chance and why
    (`solver.words.verdicts.verdict_line`) — and a link down to the figures it comes from. Its slot
    (or None): the ranking below says there the answer it shows, when it is another (the longer
    exact search's, `show_advice`), so the page never says two things.
    On a phone the verdict came 3.3 screens down, after the history, the odds and two tables.
    `into_view`: the page is scrolled to the verdict once it is drawn (the person just asked for it,
    further down the page: the analyzer's "Advise me"; `block` "end": just into view, the practice hint
    under your hand); `deeper`: the longer exact search's answer when
    the server has it (the analyzer, whose ranking shows it too: `show_advice`'s `offer_exact`); `link`: the
    link down to the figures (practice's hint folds them right under the verdict: a link into a folded
    box went nowhere)."""
    if into_view:  # the anchor, below a phone's header (Streamlit's covers the top 60 px) when scrolled to
        st.html(f'<div id="{VERDICT}" style="scroll-margin-top: 4.5rem"></div>')
        if block != "end":  # at once, so that the line saying how long it has been working is in view
            scroll_to(VERDICT)  # (after "Advise me" the greyed form stood still for 3 s, then the page jumped)
    core_notice(language)
    try:
        adv = waited("advice", text, model, language, "an_working")
    except LoveLetterError as err:
        st.error(error_text(err, language))
        return None
    if deeper:
        adv = deeper_known(text, model) or adv
    slot = st.empty()
    with slot.container():
        verdict_box(adv, verdict_line(adv, language))
    if link:
        st.markdown(f"[{t(language, 'an_to_figures')}](#{FIGURES})")
    if into_view and block == "end":
        st.html(f'<div id="{VERDICT}-end"></div>')  # (below the verdict: "end" brings its bottom into view)
        scroll_to(f"{VERDICT}-end", block=block)
    return slot


def verdict_box(adv, text: str) -> None:
    """The verdict's box, the same on every screen for the same answer: green when it is decided (a
    single best play, or a best play and plays proved within 3 points of it), blue when a play is
    not yet told apart from the best, or when there is only one legal play (not advice)."""
    if len(adv.actions) > 1 and adv.decided:
        st.success(text)
    else:
        st.info(text)


def core_notice(language: str) -> None:
    """One line while the solver's kernels are being compiled on a fresh server: the answers come from
    the reference engine meanwhile (the same figures, more slowly)."""
    from solver.compiled import compiling_now, warming

    if warming():
        elapsed = compiling_now()
        st.caption(t(language, "an_core_warming", s=number(language, int(elapsed or 0))))


def prefetch_advice(text: str, model: str, seconds: float = 2.5) -> None:
    """Start the advice in the worker pool now (it runs while the odds are drawn)."""
    workers.submit("advice", text, model)  # (`seconds` unused: the advice's budgets are work)


def show_odds(text: str, model: str, language: str, key: str, model_choice: bool = True) -> None:
    """The hidden cards' odds; `model_choice`: the page offers another opponent model (the
    analyzer), else the model is the table's bots (practice)."""
    record = record_of(text)
    e = record.edition
    try:
        post = waited("posterior", text, model, language, "an_working_odds")
    except LoveLetterError as err:  # e.g. too large for the exact inference: said, not approximated
        st.error(error_text(err, language))
        return
    if record.viewer is not None:
        mine = post.hands.get(record.viewer)
        if mine and "cards" in mine:
            held = [next(iter(d)) for d in mine["cards"] if len(d) == 1]
            st.markdown(f"**{t(language, 'hand')}{colon(language)}** " + ", ".join(card_label(c, e, language) for c in held))
    st.subheader(t(language, "an_hands"), anchor=FIGURES)
    st.caption(types_text(post.types, record, model, language, choice=model_choice))
    for line in guard_lines(text, model, language):
        st.markdown(f"- {line}")
    rows, chart = hand_rows(text, model, language)
    if chart:
        with folded(t(language, "an_odds_table")):
            st.dataframe(pd.DataFrame(rows), hide_index=True, key=f"{key}-hands-table")
            st.bar_chart(pd.DataFrame(chart), y_label="%", stack=False, horizontal=True, sort=False)
    if post.set_aside:
        with folded(t(language, "set_aside")):
            if not on_phone():
                st.subheader(t(language, "set_aside"))
            st.dataframe(pd.DataFrame(set_aside_rows(text, model, language)), hide_index=True)


def show_how(text: str, model: str, language: str, key: str) -> None:
    """The "how is this computed?" panel for a chosen player and card."""
    record = record_of(text)
    e = record.edition
    try:
        post = posterior(text, model)
    except LoveLetterError:
        return  # the odds block already said why
    with st.expander(t(language, "an_how")):
        from solver.analysis.explain import how_computed

        seats = [s for s, d in post.hands.items() if s != record.viewer and "cards" not in d]
        if seats:
            c = st.columns(2)
            seat = c[0].selectbox(t(language, "an_player"), seats, key=f"{key}-how-seat",
                                  format_func=SeatName(record.seats, language))
            cards = list(e.cards)
            likely = post.hands[seat]  # opens on the seat's most likely card, not on a 0 %
            card = c[1].selectbox(t(language, "card"), cards, key=f"{key}-how-card",
                                  index=cards.index(max(cards, key=lambda x: likely.get(x, 0))),
                                  format_func=CardLabel(e.key, language))
            how = how_computed(post, seat, card)
            holds = t(language, "an_holds", player=record.seats[seat], card=card_label(card, e, language))
            st.markdown(t(language, "an_how_value", what=holds, p=f"**{pct(how.probability, language)}**"))
            small = small_fraction(how.probability)  # never "11508142139980255/28305490178642781"
            if small is not None and 0 < how.probability < 1:
                st.caption(t(language, "an_how_exact", p=small))
            if how.formula is not None:
                st.markdown(t(language, "an_how_formula"))
                st.latex(how.formula.latex(holds))
                st.caption(t(language, "an_unseen") + colon(language) + " " + ", ".join(
                    f"{card_label(c, e, language)} × {k}" for c, k in how.formula.counts.items()))
            elif how.probability == 0:
                st.markdown(t(language, "an_how_ruled_out"))
            elif how.probability == 1:
                st.markdown(t(language, "an_how_forced"))
            else:
                st.markdown(t(language, "an_how_constraints"))
            for con in how.constraints:
                params = dict(con.params)
                for name in ("player", "other"):
                    if name in params and params[name] is not None:
                        params[name] = record.seats[params[name]]
                if params.get("card") is not None:
                    params["card"] = card_label(params["card"], e, language)
                if "model" in params:
                    params["model"] = t(language, "model_" + params["model"].replace("-", "_"))
                said = t(language, con.key, **params)
                if con.turn:
                    st.markdown(f"- {t(language, 'an_turn', n=con.turn)}{colon(language)} {said}")
                else:  # what the viewer has not seen: a sentence of its own, not "deal: 11 cards are…"
                    st.markdown(f"- {said[:1].upper()}{said[1:]}.")


def show_advice(text: str, model: str, language: str, key: str, seconds: float = 2.5,
                offer_exact: bool = False, model_choice: bool = True, verdict=None, types_said: bool = False) -> None:
    """The advisor's ranking (exact or labelled estimate) and the decision view of a chosen play.
    With `offer_exact`, an estimate the longer exact search may replace offers it; `model_choice`
    as for `show_odds`; `verdict`: the slot of the verdict the page shows at its top (`show_verdict`),
    told the longer search's answer when that replaces the estimate; without it, the verdict's box
    above the ranking; `types_said`: the odds right above already said which opponents are assumed
    (`show_odds`), so the ranking does not say it again."""
    css()  # the phone-width rules of the ranking table and the decision graph (the analyzer has no board)
    heading = st.empty()
    heading.subheader(t(language, "an_advice"))
    try:
        adv = waited("advice", text, model, language, "an_working")
    except LoveLetterError as err:
        st.error(error_text(err, language))
        return
    if len(adv.actions) == 1:  # a forced play is not advice: "Your play", not "Your best play"
        heading.subheader(t(language, "an_advice_one"))
    deep, offer = False, None
    if offer_exact and deeper_offered(text, model, seconds):
        # The longer exact search: offered under the estimate's sentence, answered once asked for
        # (remembered for this position and model in the session).
        asked = st.session_state.setdefault("deeper-asked", set())
        known = deeper_known(text, model)  # the best answer the server has: computed for anyone before
        if known is not None:
            adv, deep = known, True
        elif (text, model) in asked:
            shown = deeper(text, model, language, asked)
            adv, deep = shown or adv, shown is not None
        else:
            offer = lambda: offer_deeper(text, model, language, asked)  # noqa: E731
    if deep and verdict is not None:  # the top verdict says what the ranking below says
        with verdict.container():
            verdict_box(adv, verdict_line(adv, language))
    show_ranking(adv, language, key, offer, model_choice, verdict is None, types_said)
    rows = [a for a in adv.actions if a.same_as is None]  # a Guard's sure misses at one target: one row
    plays = tuple(a.action for a in rows)
    labels = tuple(play_label(adv, a, language) for a in rows)
    decision_view(text, model, language, f"{key}-deep" if deep else key, plays, labels)


def offer_deeper(text: str, model: str, language: str, asked: set) -> None:
    """The longer exact search offered, with what it should cost for a position like this one where that
    was measured (`solver.advice.advisor.deeper_time`): how many it answered, in about how many seconds,
    and how long one that does not fit takes before the estimate stands."""
    from solver.advice.advisor import DEEP_WORK, deeper_time

    said = [t(language, "an_deeper_offer", n=number(language, DEEP_WORK))]
    cost = deeper_time(record_of(text), model)
    if cost is not None:
        said.append(t(language, "an_deeper_time", cards=cost.cards, fits=cost.fits, positions=cost.positions,
                      s=number(language, max(1, round(cost.typical)))))
        if cost.lost:
            said.append(t(language, "an_deeper_time_lost", s=number(language, max(1, round(cost.lost)))))
    st.caption(" ".join(said))
    st.button(t(language, "an_deeper"), key="an-deeper",
              on_click=asked.add, args=((text, model),))  # the rerun it starts gives the answer


def deeper(text: str, model: str, language: str, asked: set):
    """The longer exact search's answer, or None (said) when even it does not fit; when the
    clock stopped it, the offer comes back (a rerun does not search again unasked)."""
    from solver.advice.advisor import DEEP_WORK, OutOfTimeError

    try:
        adv = waited("deeper", text, model, language, "an_working_deeper")
    except OutOfTimeError:  # the machine was too busy this time: the estimate stands
        asked.discard((text, model))
        st.info(t(language, "an_deeper_too_slow"))
        return None
    except DeeperBusy:  # another one is running on this server: offered again
        asked.discard((text, model))
        st.info(t(language, "an_deeper_busy"))
        return None
    except LoveLetterError as err:
        st.info(error_text(err, language))
        return None
    if adv is None:  # the estimate stands
        st.info(t(language, "an_deeper_too_large", n=number(language, DEEP_WORK)))
    return adv


@st.fragment
def decision_view(text: str, model: str, language: str, key: str, plays: tuple, labels: tuple) -> None:
    """One play one turn deep (`plays` in the ranking's order, `labels` their names); choosing
    another play reruns this panel only."""
    st.subheader(t(language, "an_decision"))
    i = st.selectbox(t(language, "an_decision_play"), list(range(len(labels))), key=f"{key}-decision",
                     format_func=PlayLabel(labels))
    # A phone opens the list (the diagram is about 2,000 px tall there and cuts its labels).
    shapes = ["diagram", "list"]
    shape = st.radio(t(language, "an_decision_as"), shapes, key=f"{key}-decision-as", horizontal=True,
                     index=shapes.index("list" if on_phone() else "diagram"),
                     format_func=KeyLabel(language, "an_decision_"))
    try:
        caption = decision_caption(text, model, plays[i], language)  # the graph, computed once for both forms
    except LoveLetterError as err:  # a refusal is said in the user's language, never a traceback
        st.info(error_text(err, language))
        return
    st.caption(caption)
    if shape == "list":  # the same figures and sentences, at any width (a phone's; a screen reader)
        st.markdown(decision_outline(text, model, plays[i], language))
    else:
        st.graphviz_chart(decision_dot(text, model, plays[i], language))


def show_ranking(adv, language: str, key: str, offer=None, model_choice: bool = True, verdict: bool = True,
                 types_said: bool = False) -> None:
    """The advisor's ranking: how it was computed, the best play (named only when resolved:
    `solver.words.verdicts.best_plays`) and the table (`tutor.text.rows.advice_rows`). The one place
    the ranking is drawn, for the analyzer and practice hints."""
    if adv.cut_short:  # the safety cap, not the work budget, stopped it: say the figures depend on the machine
        st.warning(t(language, "an_cut_short"))
    if adv.method == "exact":
        st.caption(method_text(adv, language))
    else:  # one plain sentence; the method in full for who asks
        st.caption(estimate_sentence(adv, language))
        with st.expander(t(language, "an_method_how")):
            st.caption(method_text(adv, language))
        if offer is not None:  # the longer exact search, offered where the estimate is explained
            offer()
    # Which opponents the figures assume, next to them (the figures depend on it); once on a page (the
    # same sentence stood twice in a row under the odds and here).
    if not types_said:
        st.caption(types_text(adv.types, adv.record, adv.model, language, exact=adv.posterior == "exact",
                              choice=model_choice))
    if verdict:
        verdict_box(adv, verdict_line(adv, language))
    st.caption(figure_text(adv, language))  # what the figures are: exact, or the estimate's floor
    differ = type_bests_text(adv, language)
    if differ:
        st.info(differ)
    rows = advice_rows(adv, language)
    main = ("#", t(language, "an_play"), t(language, "an_win"), t(language, "an_standing"), t(language, "an_why"))
    # The key columns as a table that wraps (readable at 390 px, nothing cut at 1280 px) ...
    play = t(language, "an_play")
    with folded(t(language, "an_ranking")):
        st.table(pd.DataFrame([{k: unbroken(r[k]) if k == play else r[k] for k in main} for r in rows])
                 .set_index("#"))
    # ... and every figure in a scrollable grid whose play column stays in view.
    with st.expander(t(language, "an_all_figures")):
        st.dataframe(pd.DataFrame([{k: v for k, v in r.items() if k != t(language, "an_why")} for r in rows]),
                     hide_index=True, key=f"{key}-advice-table",
                     column_config={"#": st.column_config.NumberColumn(width=40, pinned=True),
                                    play: st.column_config.TextColumn(pinned=True)})
