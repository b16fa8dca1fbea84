"""Lessons in prerequisite order, with progress, the related situations and an engine quiz."""

from __future__ import annotations

import streamlit as st

from solver import card_name, get_edition
from solver.teaching.quiz import make_question
from tutor.components import edition_key, lang
from tutor.curriculum import load_lessons, next_lesson
from tutor.formatters import CardNameOnly, LessonTitle, ScenarioTitle, SeatName
from tutor.i18n import t
from tutor.render import naming_for

language = lang()
lessons = load_lessons()
by_id = {lesson.id: lesson for lesson in lessons}
done = set(st.session_state.get("done", []))


if "lesson" not in st.session_state:
    wanted = st.query_params.get("lesson")
    st.session_state["lesson"] = wanted if wanted in by_id else (next_lesson(done) or lessons[0].id)


def finish(lid: str) -> None:
    finished = set(st.session_state.get("done", [])) | {lid}
    st.session_state["done"] = sorted(finished)
    nxt = next_lesson(finished)
    if nxt:
        st.session_state["lesson"] = nxt
    st.session_state.pop("quiz_seed", None)


st.title(t(language, "nav_lessons"))
st.progress(len(done) / len(lessons), text=t(language, "progress", done=len(done), total=len(lessons)))
lid = st.selectbox(t(language, "lesson_pick"), [lesson.id for lesson in lessons], key="lesson",
                   format_func=LessonTitle(language))
st.query_params["lesson"] = lid
lesson = by_id[lid]
st.header(lesson.title(language))
if lesson.requires:
    st.caption(t(language, "requires", names=", ".join(by_id[r].title(language) for r in lesson.requires)))
st.write(lesson.body(language))

if lesson.scenarios:
    st.subheader(t(language, "try_scenarios"))
    for sid in lesson.scenarios:
        st.page_link("views/faq.py", label=ScenarioTitle(language)(sid), icon=":material/help:",
                     query_params={"scenario": sid})

# Quiz: a question generated from an engine position, graded by the engine.
if lesson.quiz:
    st.subheader(t(language, "quiz"))
    seed = st.session_state.setdefault("quiz_seed", 0)
    kind = lesson.quiz[seed % len(lesson.quiz)]
    edition = get_edition(edition_key())
    q = make_question(kind, edition, seed)
    e = get_edition(q.edition)
    naming = naming_for(language)
    if kind == "legal-cards":
        player = f"P{q.params['player'] + 1}"
        cards = " + ".join(f"{card_name(c, naming)} ({e.value(c)})" for c in q.params["hand"])
        st.write(t(language, "quiz_legal_cards", player=player, cards=cards))
        answer = st.multiselect(t(language, "your_answer"), [int(c) for c in q.choices], key=f"quiz-{lid}-{seed}",
                                format_func=CardNameOnly(language))
        response = [type(q.choices[0])(v) for v in answer]
        shown = ", ".join(card_name(c, naming) for c in sorted(q.answer))
    elif kind == "showdown":
        hands = ", ".join(f"P{s + 1}: {card_name(c, naming)} ({e.value(c)})" for s, c in q.params["hands"].items())
        totals = ", ".join(f"P{s + 1}: {v}" for s, v in q.params["totals"].items())
        st.write(t(language, "quiz_showdown", hands=hands, totals=totals))
        answer = st.multiselect(t(language, "your_answer"), list(q.choices), key=f"quiz-{lid}-{seed}",
                                format_func=SeatName(tuple(f"P{i + 1}" for i in range(6)), language))
        response = answer
        shown = ", ".join(f"P{s + 1}" for s in sorted(q.answer)) or "—"
    else:
        st.write(t(language, f"quiz_{kind.replace('-', '_')}", edition=e.title, players=q.params["players"]))
        response = st.radio(t(language, "your_answer"), list(q.choices), key=f"quiz-{lid}-{seed}", horizontal=True)
        shown = str(q.answer)
    cols = st.columns(2)
    if cols[0].button(t(language, "check"), key=f"check-{lid}-{seed}"):
        if q.grade(response):
            st.success(t(language, "correct"))
        else:
            st.error(t(language, "wrong", answer=shown))
    if cols[1].button(t(language, "new_question"), key=f"new-{lid}-{seed}"):
        st.session_state["quiz_seed"] = seed + 1
        st.rerun()

st.button(t(language, "mark_done"), key=f"done-{lid}", on_click=finish, args=(lid,), type="primary")
if len(done) == len(lessons):
    st.success(t(language, "all_done"))
