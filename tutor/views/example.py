"""The worked example round (Ana, Luis, Marta), step by step, with a question at each decision."""

from __future__ import annotations

import streamlit as st

from solver.words.i18n import catalog, t
from tutor.widgets.url import page_params, set_param
from tutor.widgets.board import play_picker, show_board
from tutor.widgets.session import lang

language = lang()
st.title(t(language, "nav_example"))

# The heading first: what the page needs next is imported after it (on a fresh server that takes
# a moment, and the page shows its heading meanwhile).
from fractions import Fraction  # noqa: E402
from solver import IllegalActionError, apply  # noqa: E402
from solver.rules.events import seen_by  # noqa: E402
from solver.teaching.ruling import narrate, refusal, ruling  # noqa: E402
from solver.words.figures import pct  # noqa: E402
from solver.words.sentences import action_text, card_label, card_word  # noqa: E402
from tutor.text.events import say  # noqa: E402
from tutor.text.example import (NAMES, example_steps, guard_working, judge, says_nothing_hidden,  # noqa: E402
                                turn_play)


steps = example_steps()


def working_line(step, action) -> str | None:
    """A Guard guess's chance worked out in one line from the decider's seat: "Unseen from Marta's
    seat: 2 cards (Prince, Princess). Ana holds one of them: Prince 1 of 2 = 50%"."""
    work = guard_working(step, action.target, action.guess)
    if work is None:
        return None
    e = step.decision[2].edition
    unseen = ", ".join(str(card_word(c, language)) + (f" ×{k}" if k > 1 else "") for c, k in sorted(work.unseen.items()))
    return t(language, "example_working", player=NAMES[step.decision[0]], n=work.total, unseen=unseen,
             target=NAMES[action.target], card=card_label(action.guess, e, language), k=work.copies,
             p=pct(Fraction(work.copies, work.total), language))

# Frames: a decision step is shown twice — the question (state before), then the outcome.
frames = []
for i, step in enumerate(steps):
    if step.decision:
        frames.append(("question", i))
    frames.append(("outcome", i))
last = len(frames) - 1
#: Where "skip the turns the text skips" goes: the last of them (Marta draws the last card).
skip_to = frames.index(("outcome", next(i for i, s in enumerate(steps) if s.key == "example_skip")))

if "ex_frame" not in st.session_state:
    raw = st.query_params.get("step", "1")
    # Untrusted: only ASCII digits (a Unicode digit passes isdigit() but not int()).
    ok = raw.isascii() and raw.isdigit() and len(raw) <= 6
    st.session_state["ex_frame"] = min(max(int(raw) - 1, 0), last) if ok else 0


def go_to(target: int) -> None:
    """Show frame `target` — the frame the button was drawn for plus or minus one, so that a
    second tap before the page is redrawn lands on the same frame (it skipped the question).
    The buttons' keys name their frame: a tap that arrives after the server has drawn the next
    frame but before the browser shows it still carries the old button's target (with one key,
    the server would call the newest button's callback and move twice)."""
    st.session_state["ex_frame"] = min(max(target, 0), last)


frame = st.session_state["ex_frame"]
set_param("step", str(frame + 1))
kind, index = frames[frame]
step = steps[index]


def nav() -> None:
    """Back and Next (and skip, restart) in one row that stays a row on a phone (columns would stack),
    in one place at every step: right under the step's progress bar, above what the step says (each
    step is one tap, with no scroll). Under the step's words, Next moved between y = 298 and y = 453
    from step to step on a phone, and repeated taps missed it."""
    with st.container(horizontal=True, vertical_alignment="center"):
        st.button(t(language, "back"), key=f"ex-back-{frame}", on_click=go_to, args=(frame - 1,), disabled=frame == 0)
        st.button(t(language, "next"), key=f"ex-next-{frame}", on_click=go_to, args=(frame + 1,),
                  disabled=frame == last, type="primary")
        if step.key == "example_protection" or step.skipped and frame < skip_to:
            st.button(t(language, "example_skip_all"), key=f"ex-skip-{frame}", on_click=go_to, args=(skip_to,))
        st.button(t(language, "restart"), key=f"ex-restart-{frame}", on_click=go_to, args=(0,))


st.progress((frame + 1) / len(frames), text=t(language, "step", n=frame + 1, total=len(frames)))
nav()  # the same place at every step (above anything whose height changes from step to step)
if frame == 0:
    st.caption(t(language, "example_about"))

# The learner sits in the seat of the player who decides next (or who just played), the
# other hands face down; a switch reveals them all.
seat = next(s.decision[0] for s in steps[index:] if s.decision) if not step.decision else step.decision[0]
reveal = bool(st.session_state.get("ex_reveal", False))  # (its switch is drawn under the buttons)
visible = None if reveal else {seat}


def seat_line() -> None:
    st.toggle(t(language, "example_reveal"), key="ex_reveal")
    if not reveal and frame != last:  # (at the end the showdown shows every hand)
        st.caption(t(language, "example_seat", player=NAMES[seat]))


if kind == "question":
    player, expected, before = step.decision
    st.subheader(t(language, "what_would_you_play", player=NAMES[player]))
    seat_line()
    show_board(before.round, NAMES, language, tokens=before.tokens, visible=visible)
    action = play_picker(before.round, NAMES, language, key=f"ex-{index}")
    if action is not None:
        e = before.edition
        try:
            _, events = apply(before, action)
        except IllegalActionError as err:
            st.error(t(language, "refused", reason=say(refusal(err), e, language, NAMES)))
        else:
            verdict, mine, theirs = judge(step, action)
            words = dict(player=NAMES[player], action=action_text(expected, e, language, NAMES))
            if verdict == "same":
                st.success(t(language, "example_same", **words))
            elif verdict in ("better", "as_good", "worse"):
                show = st.info if verdict == "worse" else st.success
                show(t(language, f"example_{verdict}", mine=pct(mine, language), theirs=pct(theirs, language), **words))
                # Each figure worked out for the learner, one line each (the learner's, then the example's).
                lines = dict.fromkeys(working_line(step, a) for a in (action, expected))
                for line in filter(None, lines):
                    st.caption(line)
            else:
                st.info(t(language, "example_other", **words))
            # What the learner's own play does, only when it tells nothing the seat cannot know
            # (a Guard's hit or miss named the other hand: "Marta does not hold the Princess").
            line = ruling(events, e) if says_nothing_hidden(action) else None
            if line is not None and verdict != "same":
                st.caption(t(language, "example_yours", ruling=say(line, e, language, NAMES)))
            elif verdict != "same":
                st.caption(t(language, "example_yours_hidden", player=NAMES[player]))
else:
    # From the seat, only what the seat knows (the set-aside card, the other hands stay unnamed);
    # revealed, the whole story.
    seat_key = f"{step.key}_seat"
    key = seat_key if not reveal and seat_key in catalog("en") else step.key
    st.info(t(language, key, turn=step.turn, player=NAMES[step.player] if step.player is not None else "",
              play=turn_play(step, language)))
    if frame == last:
        st.success(t(language, "example_end"))
        with st.container(horizontal=True):  # where to go next, one tap (the sentence named them only)
            st.page_link("views/faq.py", label=t(language, "nav_faq"), query_params=page_params())
            st.page_link("views/practice.py", label=t(language, "nav_practice"), query_params=page_params())
        st.caption(t(language, "example_set_aside",
                     card=card_label(step.game.round.set_aside, step.game.edition, language)))
        st.caption(t(language, "example_text_note"))
    seat_line()
    # What happened, in order, as sentences: what this seat saw (everything once revealed).
    shown = [ev for ev in step.events if reveal or seen_by(ev, seat)]
    lines = [say(x, step.game.edition, language, NAMES) for x in narrate(shown, step.game.edition)]
    if lines:
        st.caption(t(language, "event_log"))
        st.markdown("\n".join(f"{i}. {line}" for i, line in enumerate(lines, start=1)))
    show_board(step.game.round, NAMES, language, tokens=step.game.tokens,
               visible=None if frame == last else visible, reveal_set_aside=frame == last)
