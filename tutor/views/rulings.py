"""Ruling checker: set up a situation (an FAQ situation, or a deal consistent with the analyzer's
position), choose any action, and see what the engine rules — the result, every event, the
rule that applied, or for a refused action the rule it breaks and why."""

from __future__ import annotations

import random

import streamlit as st

from solver import IllegalActionError, LoveLetterError, apply, legal_actions
from solver.advice.advisor import OPPONENT_MODELS, sample_worlds
from solver.rules.state import CHANCELLOR
from tutor.analysis import is_viewer_turn, record_of
from tutor.components import lang, play_picker, show_board
from tutor.formatters import KeyLabel, PlayLabel, ScenarioTitle, scenarios
from tutor.i18n import catalog, t
from tutor.render import action_text, card_label, event_lines, private_lines, rule_notes

language = lang()
st.title(t(language, "nav_rulings"))
st.caption(t(language, "rc_intro"))

SOURCES = ("faq", "analyzer")
if "rc_source" not in st.session_state:
    wanted = st.query_params.get("source", "faq")
    st.session_state["rc_source"] = wanted if wanted in SOURCES else "faq"
source = st.radio(t(language, "rc_source"), SOURCES, key="rc_source", horizontal=True,
                  format_func=KeyLabel(language, "rc_source_"))
st.query_params["source"] = source

start = names = None
if source == "faq":
    all_scenarios = scenarios()
    ids = list(all_scenarios)
    if "rc_scenario" not in st.session_state:
        wanted = st.query_params.get("scenario")
        st.session_state["rc_scenario"] = wanted if wanted in all_scenarios else ids[0]
    sid = st.selectbox(t(language, "scenario_pick"), ids, key="rc_scenario", format_func=ScenarioTitle(language))
    st.query_params["scenario"] = sid
    sc = all_scenarios[sid]
    st.markdown(f"**{t(language, 'question')}** — {sc.text.get(language, sc.text['en'])['question']}")
    start, names, key = sc.start, sc.players, f"rc-{sid}"
else:
    text = st.session_state.get("an_text")
    if not text or not is_viewer_turn(text):
        st.info(t(language, "rc_need_analyzer"))
        st.page_link("views/analyzer.py", label=t(language, "nav_analyzer"), icon=":material/query_stats:")
        st.stop()
    record = record_of(text)
    seed = st.number_input(t(language, "rc_seed"), min_value=0, value=0, step=1, key="rc_seed")
    model = st.session_state.get("an_model", "card-counter")
    try:
        (start,) = sample_worlds(record, OPPONENT_MODELS[model], 1, random.Random(int(seed)))
    except LoveLetterError as err:
        st.error(str(err))
        st.stop()
    st.caption(t(language, "rc_sampled", record=text))
    names, key = record.seats, f"rc-an-{seed}"

show_board(start, names, language)
legal = legal_actions(start)
st.markdown(t(language, "legal_choices", plays="; ".join(action_text(a, start.edition, language, names)
                                                          for a in legal)))

if start.phase == CHANCELLOR:
    labels = tuple(action_text(a, start.edition, language, names) for a in legal)
    with st.form(key=f"{key}-chancellor"):
        i = st.selectbox(t(language, "entry_keep"), list(range(len(labels))), format_func=PlayLabel(labels))
        action = legal[i] if st.form_submit_button(t(language, "play")) else None
else:
    action = play_picker(start, names, language, key=key)

if action is not None:
    edition = start.edition
    st.subheader(t(language, "engine_result"))
    try:
        after, events = apply(start, action)
    except IllegalActionError as err:
        reason = t(language, f"rule.{err.rule}") if f"rule.{err.rule}" in catalog("en") else str(err)
        st.error(t(language, "rc_refused", play=action_text(action, edition, language, names), reason=reason))
        st.markdown(t(language, "rc_rule_key", rule=err.rule))
        st.caption(t(language, "rc_engine_says", reason=str(err)))
    else:
        st.success(t(language, "rc_legal", play=action_text(action, edition, language, names)))
        card = getattr(action, "card", None)
        if card is not None:
            st.markdown(f"**{card_label(card, edition, language)}** — {t(language, 'effect_' + card.name)}")
        for note in rule_notes(events, language):
            st.markdown(f"- {t(language, 'rc_rule')}: {note}")
        st.markdown(f"**{t(language, 'event_log')}**")
        lines = event_lines(events, edition, language, names) + private_lines(events, edition, language, names)
        st.markdown("\n".join(f"- {line}" for line in lines) or "-")
        show_board(after, names, language)
