"""Lessons in prerequisite order, with progress, the related situations and an engine quiz."""

from __future__ import annotations

import streamlit as st

from solver.words.i18n import colon, t
from tutor.widgets.board import css
from tutor.widgets.session import edition_key, lang

language = lang()
st.title(t(language, "nav_lessons"))

# The heading first: what the page needs next is imported after it (on a fresh server that takes
# a moment, and the page shows its heading meanwhile).
from solver import card_name, get_edition  # noqa: E402
from solver.analysis.setup import DEFAULT_NAMES  # noqa: E402
from solver.teaching.quiz import make_question  # noqa: E402
from tutor.text.curriculum import load_lessons, next_lesson  # noqa: E402
from solver.words.sentences import card_label, card_list, card_word, naming_for  # noqa: E402
from tutor.text.events import say  # noqa: E402
from tutor.text.markup import card_block_html, card_strip_html  # noqa: E402
from tutor.widgets.formatters import (CardNameOnly, EditionTitle, LessonTitle, ScenarioTitle, SeatName,  # noqa: E402
                                      SeatOrNobody)


lessons = load_lessons()
by_id = {lesson.id: lesson for lesson in lessons}
if "done" not in st.session_state:  # progress lives in the URL (?done=setup,turn), so a reload keeps it
    st.session_state["done"] = sorted(x for x in st.query_params.get("done", "").split(",") if x in by_id)
done = set(st.session_state["done"])
if done:
    st.query_params["done"] = ",".join(sorted(done))


wanted = st.query_params.get("lesson")
if "lesson" not in st.session_state or (wanted in by_id and wanted != st.session_state.get("lesson_url")):
    st.session_state["lesson"] = wanted if wanted in by_id else (next_lesson(done) or lessons[0].id)


def finish(lid: str) -> None:
    finished = set(st.session_state.get("done", [])) | {lid}
    st.session_state["done"] = sorted(finished)
    st.query_params["done"] = ",".join(sorted(finished))
    nxt = next_lesson(finished)
    if nxt:
        st.session_state["lesson"] = nxt
    st.session_state.pop("quiz_seed", None)


st.progress(len(done) / len(lessons), text=t(language, "progress", n=len(done), total=len(lessons)))
lid = st.selectbox(t(language, "lesson_pick"), [lesson.id for lesson in lessons], key="lesson",
                   format_func=LessonTitle(language))
st.query_params["lesson"] = st.session_state["lesson_url"] = lid
lesson = by_id[lid]
edition = get_edition(edition_key())
css()
st.header(lesson.title(language))
if lesson.requires:
    st.caption(t(language, "requires", names=", ".join(by_id[r].title(language) for r in lesson.requires)))
st.write(lesson.body(language))
if lid == "cards":  # the overview: every card with its value, copies and effect, in the chosen edition
    for c in edition.cards:
        st.markdown(card_block_html(c, edition, language), unsafe_allow_html=True)
else:  # the cards, in view beside every lesson's rule and quiz (value, name, copies)
    st.caption(t(language, "lesson_cards", edition=EditionTitle(language)(edition.key)))
    st.markdown(card_strip_html(edition, language), unsafe_allow_html=True)
st.page_link("views/reference.py", label=t(language, "lesson_cards_link"), icon=":material/style:")

if lesson.scenarios:
    st.subheader(t(language, "try_scenarios"))
    for sid in lesson.scenarios:
        st.page_link("views/faq.py", label=ScenarioTitle(language)(sid), icon=":material/help:",
                     query_params={"scenario": sid})

# Quiz: a question on this lesson's rule, generated from an engine position, graded by the engine.
if lesson.quiz:
    st.subheader(t(language, "quiz"))
    seed = st.session_state.setdefault("quiz_seed", 0)
    kind = lesson.quiz[seed % len(lesson.quiz)]
    q = make_question(kind, get_edition(edition_key()), seed)
    e = get_edition(q.edition)
    naming = naming_for(language)
    seats = DEFAULT_NAMES  # people, as in the worked example, not "P1"
    nobody = t(language, "quiz_nobody")
    label = lambda c: card_label(c, e, language)  # noqa: E731  (a sentence may ask for its article)
    listed = lambda flags: ", ".join(seats[i] for i, f in enumerate(flags) if f) or nobody  # noqa: E731
    key = f"quiz-{lid}-{seed}"
    # Several answers: pills (every choice visible, nothing pre-selected, no untranslated
    # "Choose options" / "Select all" of a multiselect).
    many = dict(key=key, default=[], selection_mode="multi", help=t(language, "quiz_pick_many"))
    one = dict(key=key, index=None)
    p = q.params
    if kind in ("legal-cards", "countess"):
        first, second = (label(c) for c in p["hand"])
        st.write(t(language, f"quiz_{kind.replace('-', '_')}", player=seats[p["player"]], first=first, second=second))
        answer = st.pills(t(language, "your_answer"), [int(c) for c in q.choices],
                                format_func=CardNameOnly(language), **many)
        response = [type(q.choices[0])(v) for v in answer]
        shown = ", ".join(card_name(c, naming) for c in sorted(q.answer))
    elif kind in ("targets-protected", "targets-out", "prince-targets"):
        st.write(t(language, "quiz_targets", player=seats[p["player"]], card=label(p["card"]), out=listed(p["out"]),
                   protected=listed(p["protected"])))
        # "Nobody" is an answer of its own (an empty choice was easy to miss), never with a name.
        picked = st.pills(t(language, "your_answer"), [*q.choices, -1], format_func=SeatOrNobody(seats, language),
                          **{**many, "help": t(language, "quiz_pick_many_nobody")})
        response = None if -1 in picked and len(picked) > 1 else [x for x in picked if x >= 0]
        if not picked:
            response = None
        shown = ", ".join(seats[s_] for s_ in sorted(q.answer)) or nobody
    elif kind == "showdown":
        hands = ", ".join(f"{seats[s_]}{colon(language)} {label(c)}" for s_, c in p["hands"].items())
        totals = ", ".join(f"{seats[s_]}{colon(language)} {v}" for s_, v in p["totals"].items())
        st.write(t(language, "quiz_showdown", hands=hands, totals=totals))
        response = st.pills(t(language, "your_answer"), list(q.choices), format_func=SeatName(seats, language),
                                  **many)
        shown = ", ".join(seats[s_] for s_ in sorted(q.answer)) or nobody
    elif kind in ("baron", "spy-bonus"):
        if kind == "baron":
            st.write(t(language, "quiz_baron", player=seats[p["player"]], target=seats[p["target"]],
                       kept=label(p["kept"]), theirs=label(p["theirs"])))
        else:
            st.write(t(language, "quiz_spy_bonus", winners=", ".join(seats[w] for w in p["winners"]) or nobody,
                       spies=", ".join(seats[s_] for s_ in p["spies"]), out=listed(p["out"])))
        response = st.radio(t(language, "your_answer"), list(q.choices), horizontal=True,
                            format_func=SeatOrNobody(seats, language), **one)
        shown = nobody if q.answer < 0 else seats[q.answer]
    else:
        if kind == "chancellor-draw":
            st.write(t(language, "quiz_chancellor", player=seats[p["player"]], n=p["deck"]))
        elif kind in ("card-value", "edition-value", "card-count"):  # the card named without its value
            st.write(t(language, "quiz_card_count" if kind == "card-count" else "quiz_card_value",
                       edition=EditionTitle(language)(e.key), card=card_word(p["card"], language)))
        elif kind == "unseen-2p":
            st.write(t(language, "quiz_unseen_2p", edition=EditionTitle(language)(e.key), player=seats[p["player"]],
                       up=card_list(p["face_up"], e, language), hand=card_list(p["hand"], e, language),
                       card=card_word(p["card"], language)))
        else:
            st.write(t(language, f"quiz_{kind.replace('-', '_')}", edition=EditionTitle(language)(e.key),
                       players=p["players"]))
        response = st.radio(t(language, "your_answer"), list(q.choices), horizontal=True, **one)
        shown = str(q.answer)
    cols = st.columns(2)
    if cols[0].button(t(language, "check"), key=f"check-{lid}-{seed}", type="primary"):
        if response is None and kind in ("targets-protected", "targets-out", "prince-targets") and len(picked) > 1:
            st.warning(t(language, "quiz_nobody_alone"))
        elif response is None:
            st.warning(t(language, "quiz_pick"))
        elif q.grade(response):
            st.success(t(language, "correct"))
        else:
            st.error(t(language, "wrong", answer=shown))
            st.markdown(f"**{t(language, 'quiz_why')}**\n" + "\n".join(
                f"- {say(line, e, language, seats)}" for line in q.reasons))
    if cols[1].button(t(language, "new_question"), key=f"new-{lid}-{seed}"):
        st.session_state["quiz_seed"] = seed + 1
        st.rerun()

st.button(t(language, "mark_done"), key=f"done-{lid}", on_click=finish, args=(lid,), type="primary")
if len(done) == len(lessons):
    st.success(t(language, "all_done"))
