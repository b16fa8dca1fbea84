"""Every FAQ answer and learners' trap as a situation played out on the board by the engine:
the ruling first, in one sentence; then the board, to try any move; then the engine's
demonstration, every event in order."""

from __future__ import annotations

import streamlit as st

from solver.teaching.scenario import play_out
from tutor.components import lang, show_board
from tutor.formatters import ScenarioTitle, scenarios
from tutor.i18n import colon, t
from tutor.render import action_text
from tutor.ruling_view import play_session, show_ruling

language = lang()
all_scenarios = scenarios()
ids = list(all_scenarios)

# A link (a lesson's "try it on the board") opens its scenario even after another was chosen.
wanted = st.query_params.get("scenario")
if "faq" not in st.session_state or (wanted in all_scenarios and wanted != st.session_state.get("faq_url")):
    st.session_state["faq"] = wanted if wanted in all_scenarios else ids[0]
st.title(t(language, "nav_faq"))
sid = st.selectbox(t(language, "scenario_pick"), ids, key="faq", format_func=ScenarioTitle(language))
st.query_params["scenario"] = st.session_state["faq_url"] = sid
sc = all_scenarios[sid]
text = sc.text.get(language, sc.text["en"])
st.markdown(f"**{t(language, 'question')}** — {text['question']}")
st.info(f"**{t(language, 'ruling')}** — {text['ruling']}")
edition = sc.start.edition

demo, board = st.tabs([t(language, "faq_demo_tab"), t(language, "faq_try_tab")])
with demo:
    outcome = play_out(sc)
    st.caption(t(language, "faq_before"))
    show_board(sc.start, sc.players, language)
    for i, (action, events) in enumerate(zip(sc.plays, outcome.events), start=1):
        who = sc.players[outcome.states[i - 1].current]
        st.markdown(f"**{who}{colon(language)} {action_text(action, edition, language, sc.players)}**")
        show_ruling(events, edition, language, sc.players)
    st.caption(t(language, "faq_after"))
    show_board(outcome.final, sc.players, language)
    for failure in outcome.failures:  # never expected: the tests check every claim
        st.error(failure)
with board:
    st.caption(t(language, "faq_try_help"))
    play_session(sc.start, sc.players, language, key=f"faq-{sid}")
