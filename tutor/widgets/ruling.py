"""A situation played on the board, move after move, with each move's ruling first.

Shared by the FAQ and the ruling checker: the learner's moves are kept (as plain data) in the
session, replayed from the start with the engine; each move shows the ruling in one sentence
(`solver.teaching.ruling`), then every event in the order it happened. A refused move is
explained by its rule, in the chosen language. After a Chancellor the next form asks what to
keep and what to put back, so a Chancellor trap plays to its end.
"""

from __future__ import annotations

import streamlit as st

from solver import Card, ChancellorChoice, IllegalActionError, Play, apply, legal_actions
from solver.teaching.ruling import narrate, refusal, ruling
from solver.words.i18n import colon, t
from solver.words.sentences import action_text
from tutor.text.events import say
from tutor.text.plays import attempt_text, legal_summary
from tutor.widgets.board import play_picker, show_board


def encode(action) -> tuple:
    if isinstance(action, ChancellorChoice):
        return ("keep", int(action.keep), tuple(int(c) for c in action.bottom))
    return ("play", int(action.card), action.target, None if action.guess is None else int(action.guess))


def decode(data):
    if data[0] == "keep":
        return ChancellorChoice(Card(data[1]), tuple(Card(c) for c in data[2]))
    return Play(Card(data[1]), data[2], None if data[3] is None else Card(data[3]))


def show_ruling(events, edition, language: str, names) -> None:
    """The ruling in one sentence, then what happened, in order."""
    line = ruling(events, edition)
    if line is not None:
        st.success(f"**{t(language, 'ruling')}** — {say(line, edition, language, names)}")
    st.markdown(f"**{t(language, 'rc_demonstration')}**")
    st.markdown("\n".join(f"{i}. {say(x, edition, language, names)}"
                          for i, x in enumerate(narrate(events, edition), start=1)) or "-")


def show_refusal(error, action, edition, language: str, names) -> None:
    st.error(t(language, "rc_refused", play=attempt_text(action, edition, language, names),
               reason=say(refusal(error), edition, language, names)))


def clear(key: str) -> None:
    st.session_state[f"{key}-moves"] = []


def play_session(start, names, language: str, key: str) -> None:
    """Board, the moves played so far (each with its ruling), the form for the next move."""
    moves = st.session_state.setdefault(f"{key}-moves", [])
    edition = start.edition
    state, history = start, []
    for data in moves:
        action = decode(data)
        state, events = apply(state, action)
        history.append((action, events))
    for action, events in history:
        st.markdown(f"**{t(language, 'your_play')}{colon(language)}** {action_text(action, edition, language, names)}")
        show_ruling(events, edition, language, names)
    show_board(state, names, language)
    if not state.is_over:
        action = play_picker(state, names, language, key=f"{key}-{len(moves)}")
        if action is not None:
            try:
                apply(state, action)
            except IllegalActionError as err:
                show_refusal(err, action, edition, language, names)
                st.caption(t(language, "legal_choices",
                             plays=legal_summary(legal_actions(state), edition, language, names)))
            else:
                st.session_state[f"{key}-moves"] = [*moves, encode(action)]
                st.rerun()
    if moves:
        st.button(t(language, "reset"), key=f"{key}-reset", on_click=clear, args=(key,))
