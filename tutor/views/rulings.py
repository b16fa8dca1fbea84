"""Ruling checker: set up a situation (an FAQ situation, a table of your own, or a deal consistent with
the analyzer's position), choose any action, and see what the engine rules — the result, every event, the
rule that applied, or for a refused action the rule it breaks and why."""

from __future__ import annotations

import streamlit as st

from solver.words.i18n import t
from tutor.widgets.url import page_params, set_param
from tutor.widgets.session import done, lang

language = lang()
st.title(t(language, "nav_rulings"))
st.caption(t(language, "rc_intro"))

# The heading first: what the page needs next is imported after it (on a fresh server that takes
# a moment, and the page shows its heading meanwhile).
import random  # noqa: E402
from solver import LoveLetterError, legal_actions  # noqa: E402
from solver.advice.advisor import sample_worlds  # noqa: E402
from solver.teaching.ruling import refusal  # noqa: E402
from tutor.answers import MODELS, is_viewer_turn, record_of  # noqa: E402
from tutor.text.events import say  # noqa: E402
from tutor.text.plays import legal_summary  # noqa: E402
from tutor.text.scenarios import scenarios  # noqa: E402
from tutor.widgets.formatters import KeyLabel, ScenarioTitle  # noqa: E402
from tutor.widgets.ruling import play_session, table_checker  # noqa: E402


SOURCES = ("faq", "table", "analyzer")
if "rc_source" not in st.session_state:
    wanted = st.query_params.get("source", "faq")
    st.session_state["rc_source"] = wanted if wanted in SOURCES else "faq"
source = st.radio(t(language, "rc_source"), SOURCES, key="rc_source", horizontal=True,
                  format_func=KeyLabel(language, "rc_source_"))
set_param("source", source)

start = names = None
if source == "table":
    table_checker(language)
    done()
if source == "faq":
    all_scenarios = scenarios()
    ids = list(all_scenarios)
    wanted = st.query_params.get("scenario")
    if "rc_scenario" not in st.session_state or (wanted in all_scenarios
                                                 and wanted != st.session_state.get("rc_scenario_url")):
        st.session_state["rc_scenario"] = wanted if wanted in all_scenarios else ids[0]
        if wanted and wanted not in all_scenarios:  # a link to a situation there is no such: said, as the FAQ says it
            st.info(t(language, "rc_unknown"))
    sid = st.selectbox(t(language, "scenario_pick"), ids, key="rc_scenario", format_func=ScenarioTitle(language))
    set_param("scenario", sid)
    st.session_state["rc_scenario_url"] = sid
    sc = all_scenarios[sid]
    st.markdown(f"**{t(language, 'question')}** — {sc.text.get(language, sc.text['en'])['question']}")
    start, names, key = sc.start, sc.players, f"rc-{sid}"
else:
    text = st.session_state.get("an_text")
    if not text or not is_viewer_turn(text):
        st.info(t(language, "rc_need_analyzer"))
        st.page_link("views/analyzer.py", label=t(language, "nav_analyzer"), query_params=page_params())
        done()
    record = record_of(text)
    seed = st.number_input(t(language, "rc_seed"), min_value=0, value=0, step=1, key="rc_seed")
    model = st.session_state.get("an_model", MODELS[0])
    try:
        (start,) = sample_worlds(record, model, 1, random.Random(int(seed)))
    except LoveLetterError as err:
        st.error(say(refusal(err), record.edition, language, record.seats))
        done()
    st.caption(t(language, "rc_sampled"))  # in words: the position's notation is the analyzer's business
    names, key = record.seats, f"rc-an-{seed}"

legal = legal_actions(start)
st.markdown(t(language, "legal_choices", plays=legal_summary(legal, start.edition, language, names)))
play_session(start, names, language, key=key)
