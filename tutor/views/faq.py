"""Every FAQ answer and learners' trap as a situation played out on the board by the engine."""

from __future__ import annotations

import streamlit as st

from solver import IllegalActionError, apply
from solver.teaching.scenario import play_out
from tutor.components import lang, play_picker, show_board
from tutor.formatters import ScenarioTitle, scenarios
from tutor.i18n import t
from tutor.render import action_text, event_lines

language = lang()
all_scenarios = scenarios()
ids = list(all_scenarios)


if "faq" not in st.session_state:
    wanted = st.query_params.get("scenario")
    st.session_state["faq"] = wanted if wanted in all_scenarios else ids[0]
st.title(t(language, "nav_faq"))
sid = st.selectbox(t(language, "scenario_pick"), ids, key="faq", format_func=ScenarioTitle(language))
st.query_params["scenario"] = sid
sc = all_scenarios[sid]
text = sc.text.get(language, sc.text["en"])
st.markdown(f"**{t(language, 'question')}** — {text['question']}")
start = sc.start
show_board(start, sc.players, language)
edition = start.edition

action = play_picker(start, sc.players, language, key=f"faq-{sid}")
if action is not None:
    try:
        after, events = apply(start, action)
    except IllegalActionError as err:
        st.error(t(language, "refused", reason=str(err)))
    else:
        st.success(t(language, "your_play") + ": " + action_text(action, edition, language, sc.players))
        lines = event_lines(events, edition, language, sc.players)
        if lines:
            st.markdown("\n".join(f"- {line}" for line in lines))

if st.button(t(language, "play_demo"), key=f"faq-demo-{sid}"):
    outcome = play_out(sc)
    st.subheader(t(language, "engine_result"))
    for action, events in zip(sc.plays, outcome.events):
        st.markdown(f"**{action_text(action, edition, language, sc.players)}**")
        st.markdown("\n".join(f"- {line}" for line in event_lines(events, edition, language, sc.players)) or "-")
    show_board(outcome.final, sc.players, language)
    st.markdown(f"**{t(language, 'ruling')}** — {text['ruling']}")
    for failure in outcome.failures:  # never expected: the tests check every claim
        st.error(failure)
