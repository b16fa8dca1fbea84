"""Every FAQ answer and learners' trap as a situation played out on the board by the engine:
the ruling first, in one sentence; then the board, to try any move; then the engine's
demonstration, every event in order."""

from __future__ import annotations

import streamlit as st

from solver.words.i18n import colon, t
from tutor.widgets.url import set_param
from tutor.widgets.board import show_board
from tutor.widgets.session import lang

language = lang()
st.title(t(language, "nav_faq"))

# The heading first: what the page needs next is imported after it (on a fresh server that takes
# a moment, and the page shows its heading meanwhile).
from solver.teaching.scenario import play_out  # noqa: E402
from solver.words.sentences import action_text  # noqa: E402
from tutor.text.scenarios import history_markdown, scenarios  # noqa: E402
from tutor.text.faq_search import fold, search  # noqa: E402
from tutor.widgets.formatters import ScenarioTitle  # noqa: E402
from tutor.widgets.ruling import play_session, show_ruling  # noqa: E402


all_scenarios = scenarios()
ids = list(all_scenarios)
MAX_QUERY = 100

# Opened from a lesson's "try it on the table": the way back to it, first (the lesson was left behind).
back_to = st.query_params.get("from_lesson")
if back_to:
    from tutor.text.curriculum import load_lessons
    from tutor.widgets.formatters import LessonTitle
    from tutor.widgets.url import page_params

    if back_to in {lesson.id for lesson in load_lessons()}:
        st.page_link("views/lessons.py", label=t(language, "faq_back_to_lesson", lesson=LessonTitle(language)(back_to)),
                     icon=":material/arrow_back:", query_params=page_params(lesson=back_to))


def _matches(query: str) -> list[str]:
    """The situations the search box's words find (all of them for no words)."""
    return search(query) if query.strip() else ids


def _searched() -> None:
    """New words: the best match opens (not the situation chosen before)."""
    found = _matches(st.session_state.get("faq_q", ""))
    st.session_state["faq"] = found[0] if found else ids[0]


# A link (a lesson's "try it on the board") opens its scenario even after another was chosen;
# a link from the home page's search box brings its words (?q=set+aside).
wanted = st.query_params.get("scenario")
if "faq_q" not in st.session_state or st.query_params.get("q", "") != st.session_state.get("faq_q_url", ""):
    st.session_state["faq_q"] = st.session_state["faq_q_url"] = st.query_params.get("q", "")[:MAX_QUERY]
    if st.session_state["faq_q"] and wanted not in all_scenarios:
        _searched()
if "faq" not in st.session_state or (wanted in all_scenarios and wanted != st.session_state.get("faq_url")):
    st.session_state["faq"] = wanted if wanted in all_scenarios else ids[0]
    if wanted and wanted not in all_scenarios:  # a link to a situation there is no such: said
        st.info(t(language, "faq_unknown"))
# (no max_chars: its "62/100" counter stood over the typed words on a phone; the query is cut here)
query = st.text_input(t(language, "faq_search"), key="faq_q", on_change=_searched,
                      placeholder=t(language, "faq_search_hint"))[:MAX_QUERY]
found = _matches(query)
if query.strip():
    set_param("q", query)
    st.session_state["faq_q_url"] = query
    if not fold(query):  # only signs ("((([[[*+?"): no word to look for, every situation listed
        st.info(t(language, "faq_no_words"))
    elif found:
        st.caption(t(language, "faq_matches", n=len(found)))
    else:
        st.info(t(language, "faq_no_match"))
        found = ids
else:
    st.session_state["faq_q_url"] = ""
    st.query_params.pop("q", None)
if st.session_state.get("faq") not in found:
    st.session_state["faq"] = found[0]
sid = st.selectbox(t(language, "scenario_pick"), found, key="faq", format_func=ScenarioTitle(language))
set_param("scenario", sid)
st.session_state["faq_url"] = sid
sc = all_scenarios[sid]
text = sc.text.get(language, sc.text["en"])
st.markdown(f"**{t(language, 'question')}** — {text['question']}")
st.info(f"**{t(language, 'ruling')}** — {text['ruling']}")
edition = sc.start.edition

demo, board = st.tabs([t(language, "faq_demo_tab"), t(language, "faq_try_tab")])
with demo:
    outcome = play_out(sc)
    # The board is a real round's: how it came about, from the deal (solver.teaching.history).
    plays = len(sc.history.plays)
    if plays:
        with st.expander(t(language, "faq_history", n=plays)):
            st.caption(t(language, "faq_history_help"))
            st.markdown(history_markdown(sc, language))
    else:
        st.caption(t(language, "faq_history_none"))
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
