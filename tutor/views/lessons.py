"""Lessons in prerequisite order, with progress, the related situations and an engine quiz."""

from __future__ import annotations

import streamlit as st

from solver.words.i18n import colon, t
from tutor.widgets.url import page_params, set_param
from tutor.widgets.board import css
from tutor.widgets.session import edition_key, lang, scroll_to

language = lang()
st.title(t(language, "nav_lessons"))

# The heading first: what the page needs next is imported after it (on a fresh server that takes
# a moment, and the page shows its heading meanwhile).
from solver import card_name, get_edition  # noqa: E402
from solver.analysis.setup import DEFAULT_NAMES  # noqa: E402
from solver.teaching.quiz import make_question  # noqa: E402
from tutor.text.curriculum import lesson_after, load_lessons, next_lesson  # noqa: E402
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
    set_param("done", ",".join(sorted(done)))


wanted = st.query_params.get("lesson")
if "lesson" not in st.session_state or (wanted in by_id and wanted != st.session_state.get("lesson_url")):
    st.session_state["lesson"] = wanted if wanted in by_id else (next_lesson(done) or lessons[0].id)
    if wanted and wanted not in by_id:  # a link to a lesson there is no such: said, not silently replaced
        st.info(t(language, "lesson_unknown"))


def finish(lid: str) -> None:
    finished = set(st.session_state.get("done", [])) | {lid}
    st.session_state["done"] = sorted(finished)
    set_param("done", ",".join(sorted(finished)))
    # The lesson after the one read (from a link to the Prince lesson, "next" led back to "Setting up",
    # the first lesson not done).
    nxt = lesson_after(lid, finished)
    if nxt:
        st.session_state["lesson"] = nxt
        st.session_state["lesson_to_top"] = True  # the next lesson read from its title, not mid-page
    st.session_state.pop("quiz_seed", None)


#: A question answered right, or shown after a second wrong answer: closed (another one is offered).
DONE = ("correct", "revealed")
MULTI_SEATS = ("targets-protected", "targets-out", "prince-targets")


def open_quiz(lid: str) -> None:
    st.session_state[f"quiz-open-{lid}"] = True


def new_question(seed: int) -> None:
    st.session_state["quiz_seed"] = seed + 1


def response_of(kind: str, value):
    """The learner's answer from the answer widget's value (None: nothing, or "Nobody" with names)."""
    if kind in ("legal-cards", "countess"):
        from solver import Card

        # Nothing chosen is no answer (a hand always has a card it may play): Check then uses no try.
        return [Card(v) for v in value] if value else None
    if kind in MULTI_SEATS:
        value = list(value or [])
        if not value or (-1 in value and len(value) > 1):
            return None
        return [x for x in value if x >= 0]
    if kind == "showdown":
        return list(value) if value else None
    return value


def check(lid: str, kind: str, seed: int, edition: str) -> None:
    """Grade the answer (a callback: the verdict is kept for the reruns that follow). A first wrong
    answer is told why it is wrong; a second one is shown the right answer."""
    key = f"quiz-{lid}-{seed}"
    state = dict(st.session_state.get(f"{key}-state") or {"tries": 0, "verdict": None})
    q = make_question(kind, get_edition(edition), seed)
    value = st.session_state.get(key)
    response = response_of(kind, value)
    state["note"] = None
    if response is None:
        state["note"] = "nobody_alone" if kind in MULTI_SEATS and value else "pick"
    elif q.grade(response):
        state["verdict"] = "correct"
    else:
        state["tries"] += 1
        state["verdict"] = "retry" if state["tries"] == 1 else "revealed"
        state["hint"] = q.why_wrong(response)
    state["scroll"] = True  # the verdict is brought into view once (on a phone it opened below the fold)
    st.session_state[f"{key}-state"] = state


def several(text: str) -> None:
    """That several answers may be right, said where the question is (it was behind a "?" beside the
    answers: a learner who chose one right card was told "not quite")."""
    st.markdown(f"**{text}**")


def ask(lid: str, kind: str, seed: int) -> None:
    """The question, its answer widget, Check and Another question, and the verdict so far."""
    q = make_question(kind, get_edition(edition_key()), seed)
    e = get_edition(q.edition)
    naming = naming_for(language)
    seats = DEFAULT_NAMES  # people, as in the worked example, not "P1"
    nobody = t(language, "quiz_nobody")
    label = lambda c: card_label(c, e, language)  # noqa: E731  (a sentence may ask for its article)
    listed = lambda flags: ", ".join(seats[i] for i, f in enumerate(flags) if f) or nobody  # noqa: E731
    key = f"quiz-{lid}-{seed}"
    state = st.session_state.get(f"{key}-state") or {"tries": 0, "verdict": None}
    closed = state.get("verdict") in DONE
    # Several answers: pills (every choice visible, nothing pre-selected, no untranslated
    # "Choose options" / "Select all" of a multiselect).
    many = dict(key=key, default=[], selection_mode="multi", disabled=closed)
    one = dict(key=key, index=None, disabled=closed)
    p = q.params
    if kind in ("legal-cards", "countess"):
        first, second = (label(c) for c in p["hand"])
        st.write(t(language, f"quiz_{kind.replace('-', '_')}", player=seats[p["player"]], first=first, second=second))
        several(t(language, "quiz_pick_many"))
        st.pills(t(language, "your_answer"), [int(c) for c in q.choices], format_func=CardNameOnly(language), **many)
        shown = ", ".join(card_name(c, naming) for c in sorted(q.answer))
    elif kind in MULTI_SEATS:
        st.write(t(language, "quiz_targets", player=seats[p["player"]], card=label(p["card"]), out=listed(p["out"]),
                   protected=listed(p["protected"])))
        # "Nobody" is an answer of its own (an empty choice was easy to miss), never with a name.
        several(t(language, "quiz_pick_many_nobody"))
        st.pills(t(language, "your_answer"), [*q.choices, -1], format_func=SeatOrNobody(seats, language), **many)
        shown = ", ".join(seats[s_] for s_ in sorted(q.answer)) or nobody
    elif kind == "showdown":
        hands = ", ".join(f"{seats[s_]}{colon(language)} {label(c)}" for s_, c in p["hands"].items())
        totals = ", ".join(f"{seats[s_]}{colon(language)} {v}" for s_, v in p["totals"].items())
        st.write(t(language, "quiz_showdown", hands=hands, totals=totals))
        several(t(language, "quiz_pick_many"))
        st.pills(t(language, "your_answer"), list(q.choices), format_func=SeatName(seats, language), **many)
        shown = ", ".join(seats[s_] for s_ in sorted(q.answer)) or nobody
    elif kind in ("baron", "spy-bonus"):
        if kind == "baron":
            st.write(t(language, "quiz_baron", player=seats[p["player"]], target=seats[p["target"]],
                       kept=label(p["kept"]), theirs=label(p["theirs"])))
        else:
            st.write(t(language, "quiz_spy_bonus", winners=", ".join(seats[w] for w in p["winners"]) or nobody,
                       spies=", ".join(seats[s_] for s_ in p["spies"]), out=listed(p["out"])))
        st.radio(t(language, "your_answer"), list(q.choices), horizontal=True,
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
        st.radio(t(language, "your_answer"), list(q.choices), horizontal=True, **one)
        shown = str(q.answer)
    with st.container(horizontal=True):
        st.button(t(language, "check"), key=f"check-{lid}-{seed}", type="primary", disabled=closed,
                  on_click=check, args=(lid, kind, seed, edition_key()))
        st.button(t(language, "new_question"), key=f"new-{lid}-{seed}", on_click=new_question, args=(seed,),
                  type="primary" if closed else "secondary")
    verdict, note = state.get("verdict"), state.get("note")
    if note == "nobody_alone":
        st.warning(t(language, "quiz_nobody_alone"))
    elif note == "pick":
        st.warning(t(language, "quiz_pick"))
    elif verdict == "correct":  # right: and why (a correct answer taught nothing more than "Correct")
        st.success(t(language, "correct" if state["tries"] == 0 else "correct_second"))
        if q.reasons:
            st.markdown(f"**{t(language, 'quiz_why')}**\n" + "\n".join(
                f"- {say(line, e, language, seats)}" for line in q.reasons))
    elif verdict == "retry":  # why this answer is wrong, not what is right: a second try
        hints = [say(line, e, language, seats) for line in state.get("hint", ())] or [t(language, "quiz_look_again")]
        st.error(t(language, "wrong_try_again"))
        st.markdown("\n".join(f"- {x}" for x in hints))
    elif verdict == "revealed":
        st.error(t(language, "wrong", answer=shown))
        st.markdown(f"**{t(language, 'quiz_why')}**\n" + "\n".join(
            f"- {say(line, e, language, seats)}" for line in q.reasons))
        st.caption(t(language, "quiz_revealed_next"))
    if state.get("scroll"):  # just checked: the verdict (above this mark) into view, once
        st.session_state[f"{key}-state"] = {**state, "scroll": False}
        st.html(f'<span id="quiz-verdict-{lid}"></span>')
        scroll_to(f"quiz-verdict-{lid}", block="end")


st.progress(len(done) / len(lessons), text=t(language, "progress", n=len(done), total=len(lessons)))
# A widget of its own per language, the lesson kept under "lesson": after a switch to Español the picker
# still read "The Prince" above "El Príncipe" (the browser keeps a widget's option words).
picker = f"lesson-pick-{language}"
st.session_state[picker] = st.session_state["lesson"]
lid = st.selectbox(t(language, "lesson_pick"), [lesson.id for lesson in lessons], key=picker,
                   format_func=LessonTitle(language),
                   on_change=lambda: st.session_state.update(lesson=st.session_state[picker]))
st.session_state["lesson"] = lid
set_param("lesson", lid)
st.session_state["lesson_url"] = lid
lesson = by_id[lid]
edition = get_edition(edition_key())
css()
st.header(lesson.title(language), anchor="lesson")
if st.session_state.pop("lesson_to_top", False):
    # "Next lesson" kept the page's scroll: the new title landed 310 px above a phone's screen and the
    # learner faced its quiz first. Its title is brought into view (a script in a zero-height frame).
    scroll_to("lesson")
if lesson.requires:
    st.caption(t(language, "requires", names=", ".join(by_id[r].title(language) for r in lesson.requires)))
st.write(lesson.body(language))
#: Quiz kinds the card display answers (a value, a number of copies): while such a question is
#: open, the cards above it are folded (a question must not be answered by the line above it).
RECALL = frozenset({"card-value", "card-count", "edition-value"})
seed = st.session_state.setdefault("quiz_seed", 0)
kind = lesson.quiz[seed % len(lesson.quiz)] if lesson.quiz else None
quiz_key = f"quiz-{lid}-{seed}"
state = st.session_state.get(f"{quiz_key}-state") or {}
recall = kind in RECALL
testing = recall and st.session_state.get(f"quiz-open-{lid}") and state.get("verdict") not in DONE


def cards_display() -> None:
    if lid == "cards":  # the overview: every card with its value, copies and effect, in the chosen edition
        for c in edition.cards:
            st.markdown(card_block_html(c, edition, language), unsafe_allow_html=True)
    else:  # the cards, in view beside every lesson's rule and quiz (value, name, copies)
        st.caption(t(language, "lesson_cards", edition=EditionTitle(language)(edition.key)))
        st.markdown(card_strip_html(edition, language), unsafe_allow_html=True)


if testing:
    with st.expander(t(language, "lesson_cards_folded")):
        cards_display()
else:
    cards_display()
st.page_link("views/reference.py", label=t(language, "lesson_cards_link"), query_params=page_params())

if lesson.scenarios:
    st.subheader(t(language, "try_scenarios"))
    for sid in lesson.scenarios:
        st.page_link("views/faq.py", label=ScenarioTitle(language)(sid),
                     query_params=page_params(scenario=sid, from_lesson=lid))

# Quiz: a question on this lesson's rule, generated from an engine position, graded by the engine.
# A wrong answer says why it is wrong (never what is right) and may be tried again; a second wrong
# answer shows the right one and closes the question.
if lesson.quiz:
    st.subheader(t(language, "quiz"))
    if recall and not st.session_state.get(f"quiz-open-{lid}"):
        # Questions on what the cards above show: asked once they are folded away.
        st.button(t(language, "quiz_start"), key=f"quiz-start-{lid}", on_click=open_quiz, args=(lid,),
                  type="primary")
    else:
        ask(lid, kind, seed)

last_lesson = next_lesson(done | {lid}) is None and len(done | {lid}) == len(lessons)
st.button(t(language, "mark_done_last" if last_lesson else "mark_done"), key=f"done-{lid}", on_click=finish,
          args=(lid,), type="primary")
if len(done) == len(lessons):
    st.success(t(language, "all_done"))
    with st.container(horizontal=True):
        st.page_link("views/practice.py", label=t(language, "nav_practice"), query_params=page_params())
        st.page_link("views/example.py", label=t(language, "nav_example"), query_params=page_params())
