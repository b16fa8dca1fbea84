"""The worked example round (Ana, Luis, Marta), step by step, with a question at each decision."""

from __future__ import annotations

import streamlit as st

from solver import IllegalActionError, apply
from tutor.components import lang, play_picker, show_board
from tutor.example import NAMES, example_steps
from tutor.i18n import t
from tutor.render import action_text, event_lines

language = lang()
steps = example_steps()
# Frames: a decision step is shown twice — the question (state before), then the outcome.
frames = []
for i, step in enumerate(steps):
    if step.decision:
        frames.append(("question", i))
    frames.append(("outcome", i))
last = len(frames) - 1

if "ex_frame" not in st.session_state:
    raw = st.query_params.get("step", "1")
    # Untrusted: only ASCII digits (a Unicode digit passes isdigit() but not int()).
    ok = raw.isascii() and raw.isdigit() and len(raw) <= 6
    st.session_state["ex_frame"] = min(max(int(raw) - 1, 0), last) if ok else 0


def go(delta: int) -> None:
    st.session_state["ex_frame"] = min(max(st.session_state["ex_frame"] + delta, 0), last)


def restart() -> None:
    st.session_state["ex_frame"] = 0


frame = st.session_state["ex_frame"]
st.query_params["step"] = str(frame + 1)
st.title(t(language, "nav_example"))
cols = st.columns([1, 1, 1, 3])
cols[0].button(t(language, "back"), key="ex-back", on_click=go, args=(-1,), disabled=frame == 0)
cols[1].button(t(language, "next"), key="ex-next", on_click=go, args=(1,), disabled=frame == last)
cols[2].button(t(language, "restart"), key="ex-restart", on_click=restart)
cols[3].progress((frame + 1) / len(frames), text=t(language, "step", n=frame + 1, total=len(frames)))

kind, index = frames[frame]
step = steps[index]
if kind == "question":
    player, expected, before = step.decision
    st.subheader(t(language, "what_would_you_play", player=NAMES[player]))
    show_board(before.round, NAMES, language, tokens=before.tokens)
    action = play_picker(before.round, NAMES, language, key=f"ex-{index}")
    if action is not None:
        try:
            apply(before, action)
        except IllegalActionError as err:
            st.error(t(language, "refused", reason=str(err)))
        else:
            e = before.edition
            if action == expected:
                st.success(t(language, "example_same", player=NAMES[player]))
            else:
                st.info(t(language, "example_other", player=NAMES[player],
                          action=action_text(expected, e, language, NAMES)))
else:
    st.info(t(language, step.key))
    if frame == last:
        st.success(t(language, "example_end"))
    show_board(step.game.round, NAMES, language, tokens=step.game.tokens)
    lines = event_lines(step.events, step.game.edition, language, NAMES)
    if lines:
        st.caption(t(language, "event_log"))
        st.markdown("\n".join(f"- {line}" for line in lines))
