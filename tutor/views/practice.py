"""Practice: play complete games against bots, ask for a hint, review each round.

The game is a `solver.advice.practice.Practice` value kept in the session; every button applies a
solver function to it. The hint and the review use the analyzer's own code path on the
person's record. At your turn the page's link is a saved game: it resumes the round.
"""

from __future__ import annotations

import streamlit as st

from solver.words.i18n import colon, number, t
from tutor.widgets.url import set_param
from tutor.widgets.board import seat_html, show_board, tap_picker
from tutor.widgets.session import done, edition_key, lang, on_phone, scroll_top

language = lang()
st.title(t(language, "nav_practice"))
intro = st.empty()  # what the page is for: said while no game is on (a game's board comes first then)

# The heading first: what the page needs next is imported after it (on a fresh server that takes
# a moment, and the page shows its heading meanwhile).
from urllib.parse import urlencode  # noqa: E402
import pandas as pd  # noqa: E402
from solver import EDITIONS, LoveLetterError, get_edition, legal_actions  # noqa: E402
from solver.rules.events import RoundEnded  # noqa: E402
from solver.records.notation import format_record  # noqa: E402
from solver.advice.practice import (BOTS, MAX_ROUND, MAX_SEED, MAX_TARGET, bot_step, bots_to_play,  # noqa: E402
                                    hint_model, next_round, play, resume, review, save, start)
from solver.words.sentences import action_text, error_text, history_lines  # noqa: E402
from tutor.answers import advice, bot_play  # noqa: E402
from tutor.text.events import event_lines  # noqa: E402
from tutor.text.markup import guide_link  # noqa: E402
from tutor.text.rows import costliest_sentence, review_rows  # noqa: E402
from tutor.widgets.analysis import prefetch_advice, show_advice, show_odds, show_verdict  # noqa: E402
from tutor.widgets.formatters import EditionTitle, KeyLabel, ModelName, PlayLabel  # noqa: E402


NAMES = ("You", "Ana", "Luis", "Marta", "Noor", "Omar")


def _names(n: int, seat: int) -> tuple:
    bots = [x for x in NAMES[1:]][: n - 1]
    names = bots[:seat] + [t(language, "pr_you")] + bots[seat:]
    return tuple(names)


def _fail(err: LoveLetterError) -> None:
    st.session_state["pr_error"] = error_text(err, language)


def setup_keys(s) -> tuple[str, str, str]:
    """Widget keys of the player count, seat and target: they depend on the edition and count
    (a fresh widget when its options change)."""
    ed = s.get("pr_edition", "2019")
    n = s.get(f"pr_players_{ed}", get_edition(ed).min_players)
    return f"pr_players_{ed}", f"pr_seat_{ed}_{n}", f"pr_target_{ed}_{n}"


#: New games are numbered from 1 to this (a number short enough to read out and type again).
MAX_GAME_NUMBER = 999_999


def new_game_cb() -> None:
    """A new game: a new deal every time (a fresh game number), unless a number was typed to
    replay that game; the field is then emptied, so the next new game is a new deal again."""
    import secrets

    s = st.session_state
    s.pop("pr_error", None)
    k_players, k_seat, k_target = setup_keys(s)
    typed = s.get("pr_seed")
    seed = int(typed) if typed is not None else 1 + secrets.randbelow(MAX_GAME_NUMBER)
    s["pr_seed"] = None
    try:
        n, seat = s[k_players], s[k_seat]
        s["pr"] = start(s["pr_edition"], _names(n, seat), seat, s["pr_bots"], seed=seed,
                        first_player=seed % n, target=int(s[k_target]), seconds=float(s["pr_seconds"]),
                        then_bots=False)  # the bots play on the page, one visible turn at a time
        s["pr_hint"] = False
        s["pr_to_top"] = True  # (its button is under the game, or at the foot of a first visit's forms)
    except LoveLetterError as err:
        _fail(err)


def resume_cb(text: str, tokens: str, round_no: int, bots: str, seed: int, target) -> None:
    s = st.session_state
    s.pop("pr_error", None)
    try:
        s["pr"] = resume(text, tokens, round_no, bots, seed, target, float(s.get("pr_seconds", 0.5)))
        s["pr_hint"] = False
        s["pr_to_top"] = True  # (the resume form is at the foot of the page)
    except LoveLetterError as err:
        _fail(err)


def resume_form_cb() -> None:
    s = st.session_state
    resume_cb(s["pr_resume_text"], s["pr_resume_tokens"], int(s["pr_resume_round"]), s["pr_bots"],
              int(s["pr_seed"]), None)


def app_origin() -> str:
    """"http://host:port[/base]" of the app as the browser reached it, so that the saved link works
    when pasted anywhere; "" (a link relative to the app) where the browser's address is unknown."""
    from urllib.parse import urlsplit

    try:
        parts = urlsplit(st.context.url or "")
    except Exception:  # no browser session (e.g. a test run of the script)
        return ""
    if parts.scheme not in ("http", "https") or not parts.netloc:
        return ""
    path = parts.path.rstrip("/")
    if path.endswith("/practice"):  # this page's own address: keep the app's base path only
        path = path[: -len("/practice")]
    return f"{parts.scheme}://{parts.netloc}{path}"


def play_cb(key: str) -> None:
    s = st.session_state
    practice = s["pr"]
    actions = legal_actions(practice.game)
    if s.get(key) is None:
        return  # nothing chosen yet (the button is disabled until a play is chosen)
    try:
        s["pr"] = play(practice, actions[s[key]], then_bots=False)
        s["pr_hint"] = False
    except LoveLetterError as err:
        _fail(err)


def next_round_cb() -> None:
    st.session_state["pr"] = next_round(st.session_state["pr"], then_bots=False)
    st.session_state["pr_hint"] = False
    st.session_state["pr_to_top"] = True  # (its button is under the review)


def hint_cb() -> None:
    st.session_state["pr_hint"] = True
    st.session_state["pr_hint_to_view"] = True  # its verdict brought into view once drawn (below a phone's screen)


#: A practice link's numbers: (its parameter, the catalog key that says what is wrong, the smallest and
#: largest value `resume` accepts).
LINK_NUMBERS = (("seed", "pr_link_seed", 0, MAX_SEED), ("round", "pr_link_round", 1, MAX_ROUND),
                ("target", "pr_link_target", 1, MAX_TARGET))


def link_number_problem(params):
    """What is wrong with a practice link's numbers (`seed=-1`, `target=99999`, `round=999999`), in a
    sentence naming the number and its range, or None. (Untrusted text: ASCII digits only, at most 20.)"""
    for name, key, low, high in LINK_NUMBERS:
        raw = params.get(name)
        if raw is None or raw == "":
            continue
        ok = raw.isascii() and raw.isdigit() and len(raw) <= 20 and low <= int(raw) <= high
        if not ok:
            return t(language, key, value=raw[:20], low=number(language, low), high=number(language, high))
    return None


def resume_link(params) -> None:
    """A link with a saved game: resumed once, on first load; what is wrong with it said once, with
    what to do once (it read "…start a new game or paste the saved record. Start a new game below, or
    paste the saved record.")."""
    s = st.session_state
    problem = link_number_problem(params)
    if problem is not None:
        s["pr_error"] = t(language, "pr_bad_link_because", reason=problem)
        return
    try:
        # Untrusted: the numbers go to `resume` as text, which accepts ASCII digits in range only.
        s["pr"] = resume(params.get("record"), params.get("tokens", ""), params.get("round", "1"),
                         params.get("bots", "card-counter") if params.get("bots") in BOTS else "card-counter",
                         params.get("seed", "0"), params.get("target") or None, float(s.get("pr_seconds", 0.5)))
        s["pr_hint"] = False
        s.pop("pr_error", None)
    except LoveLetterError as err:
        if err.rule == "practice-link":  # damaged: one sentence says it and what to do
            s["pr_error"] = t(language, "pr_bad_link")
        else:  # the record's own reason ("turn 3: …"), then what to do
            reason = error_text(err, language).rstrip()
            reason += "" if reason.endswith((".", "!", "?")) else "."
            s["pr_error"] = t(language, "pr_bad_link_because", reason=reason)
    except ValueError:
        s["pr_error"] = t(language, "pr_bad_link")


if "pr" not in st.session_state and "pr_link_read" not in st.session_state:
    st.session_state["pr_link_read"] = True  # (once: a new game started later is not replaced by the link)
    params = st.query_params
    if params.get("record"):
        resume_link(params)
    elif any(params.get(name) for name, *_ in LINK_NUMBERS) or params.get("tokens"):
        # numbers without their saved game: said, not ignored (a link cut short, typed by hand)
        problem = link_number_problem(params)
        seed = params.get("seed")
        if problem is not None:
            st.session_state["pr_error"] = t(language, "pr_link_no_game_because", reason=problem)
        elif seed and seed.isdigit() and 1 <= int(seed) <= MAX_GAME_NUMBER:
            st.session_state["pr_seed"] = int(seed)  # "New game" deals that game again
            st.session_state["pr_notice"] = t(language, "pr_link_game_only", n=number(language, int(seed)))
        else:
            st.session_state["pr_error"] = t(language, "pr_link_no_game")

practice = st.session_state.get("pr")
# What went wrong (a damaged link, a refused setup) first, above the forms that fix it: it stood under the
# new-game form, a screen down on a phone.
if st.session_state.get("pr_error"):
    st.error(guide_link(st.session_state["pr_error"], language))
elif st.session_state.get("pr_notice") and practice is None:
    st.info(st.session_state["pr_notice"])

def setup_forms() -> None:
    """The new-game and resume forms: above the game while none is on; below it once one is (on a
    phone your hand and "Your turn" stood 1.5 screens down, under them)."""
    with st.expander(t(language, "pr_setup"), expanded=practice is None):
        new_game_form()
    with st.expander(t(language, "pr_resume")):
        resume_form()


def new_game_form() -> None:
    if "pr_edition" not in st.session_state:
        st.session_state["pr_edition"] = edition_key()
    cols = st.columns(3)
    ed = cols[0].selectbox(t(language, "edition"), list(EDITIONS), key="pr_edition",
                           format_func=EditionTitle(language))
    edition = get_edition(ed)
    k_players, _, _ = setup_keys(st.session_state)
    players = cols[1].selectbox(t(language, "players"), list(range(edition.min_players, edition.max_players + 1)),
                                key=k_players)
    _, k_seat, k_target = setup_keys(st.session_state)
    cols[2].selectbox(t(language, "pr_seat"), list(range(players)), key=k_seat,
                      format_func=PlayLabel(tuple(str(i + 1) for i in range(players))))
    cols = st.columns(4)
    # card counters by default: a random bot plays its Princess and ends the round at the first decision
    cols[0].radio(t(language, "pr_bots"), BOTS, key="pr_bots", format_func=KeyLabel(language, "pr_bots_"),
                  help=t(language, "pr_bots_help"), index=BOTS.index("card-counter"))
    # Empty: every new game is a new deal. A number typed here replays that game.
    cols[1].number_input(t(language, "pr_seed"), min_value=0, value=None, step=1, key="pr_seed",
                         placeholder=t(language, "pr_seed_new"), help=t(language, "pr_seed_help"))
    cols[2].number_input(t(language, "tokens_to_win"), min_value=1, max_value=9, value=edition.token_target(players),
                         step=1, key=k_target)
    cols[3].number_input(t(language, "pr_seconds"), min_value=0.1, max_value=5.0, value=0.5, step=0.1,
                         key="pr_seconds")
    st.button(t(language, "pr_new"), key="pr-new", on_click=new_game_cb, type="primary")


def resume_form() -> None:
    st.text_area(t(language, "an_notation"), key="pr_resume_text", height=80)
    cols = st.columns(2)
    cols[0].text_input(t(language, "pr_tokens"), key="pr_resume_tokens", placeholder="0,1")
    cols[1].number_input(t(language, "pr_round"), min_value=1, value=1, step=1, key="pr_resume_round")
    st.caption(t(language, "pr_resume_help"))
    st.button(t(language, "pr_resume_go"), key="pr-resume", on_click=resume_form_cb)

if practice is None:
    intro.caption(t(language, "pr_intro"))
    setup_forms()
    done()

# --- the game ----------------------------------------------------------------------------------

def seat_names(practice) -> tuple:
    """The table's names as this page says them: the learner's seat in the page's language (the game
    keeps the word of the language it was started in: "You" stood on a Spanish page)."""
    return tuple(t(language, "pr_you") if i == practice.human else name for i, name in enumerate(practice.game.names))


def draw_board(practice) -> None:
    """The round's heading and the table; at your turn your seat is drawn with your turn (your cards the
    buttons), each other seat one line: your hand and "Your turn" on a phone's first screen, the hint's
    verdict on a desktop's."""
    game = practice.game
    heading = t(language, "pr_round_of", round=game.round_no, n=game.edition.token_target(len(game.names)))
    if on_phone():  # a line, not a heading of two lines over the table
        st.markdown(f"**{heading}**")
    else:
        st.subheader(heading)
    show_board(game.round, seat_names(practice), language, tokens=game.tokens,
               visible=None if practice.round_over else {practice.human},
               last=practice.human, skip=practice.human if practice.my_turn else None, compact=True)


# A new game or round starts at the page's top: its button was at the foot of the page (the setup form, the
# review), and on a phone the new round's hand and "Your turn" stood above the screen.
if st.session_state.pop("pr_to_top", False):
    scroll_top()
board = st.empty()
with board.container():
    draw_board(practice)
# Right under the board, one slot: while the bots play, what each of them does (it replaces the
# panel of your last turn, which stayed greyed under a spinner); then your turn, with the hint.
turn_slot = st.empty()
# The round's log and the saved game below it: empty while the bots play (the log's last drawing
# ended on "Your turn to play").
log_slot = st.empty()
told: list = []
if bots_to_play(practice):
    # Each bot's turn is shown as it happens, on the board and in words (an advisor bot thinks
    # up to its time per decision).
    with turn_slot.container(), st.status(t(language, "pr_bots_playing"), expanded=True) as status:
        told_before = len(history_lines(practice.human_record(), language, you=True))
        while bots_to_play(practice):
            status.update(label=t(language, "pr_bot_thinking", player=practice.game.names[practice.game.round.current]))
            practice = bot_step(practice, think=bot_play)  # a searching bot thinks in the worker pool
            st.session_state["pr"] = practice
            lines = history_lines(practice.human_record(), language, you=True)
            # What this turn added: the bot's play (a bot's draw is hidden), and when your turn
            # comes next, your draw.
            if len(lines) > told_before:
                st.markdown("\n".join(f"- {x}" for x in lines[told_before:]))
                told += lines[told_before:]
            told_before = len(lines)
            with board.container():
                draw_board(practice)
        status.update(label=t(language, "pr_bots_done"), state="complete", expanded=False)

game = practice.game
edition = game.edition
names = seat_names(practice)
over = practice.round_over

model = hint_model(practice.bots)
if practice.my_turn:
    saved = save(practice)
    text = saved["record"]  # the person's record, in notation
    for name, value in saved.items():
        set_param(name, value)
    acts = legal_actions(game)
    labels = tuple(action_text(a, edition, language, names, you=practice.human) for a in acts)
    with turn_slot.container():
        if told:  # what the bots just did, kept above your turn (folded)
            with st.expander(t(language, "pr_bots_done")):
                st.markdown("\n".join(f"- {x}" for x in told))
        with st.container(border=True):  # right under the board (at 390 px too)
            action_key = f"pr_action_{game.round_no}_{len(practice.events)}"  # a fresh choice at every turn
            # Tap the card in your hand (its cards are the buttons), then the player, then the guess: only
            # the legal ones are offered, and no play is made for you (an accidental tap must not play a
            # card: Play confirms).
            chosen = tap_picker(game.round, acts, names, language, action_key, practice.human,
                                heading=t(language, "pr_your_turn"))  # "**Your turn** — tap the card you play"
            # your seat's tags and discards (your tokens, your protection), under your hand
            st.markdown(seat_html(game.round, names, language, practice.human, tokens=game.tokens, hand=False),
                        unsafe_allow_html=True)
            st.session_state[f"{action_key}-chosen"] = chosen
            if chosen is not None:
                st.markdown(t(language, "pr_you_will_play", play=labels[chosen]))
            with st.container(horizontal=True):  # side by side on a phone too (columns stack there)
                st.button(t(language, "play"), key="pr-play", on_click=play_cb, args=(f"{action_key}-chosen",),
                          type="primary", disabled=chosen is None)
                st.button(t(language, "pr_hint"), key="pr-hint", on_click=hint_cb)
        if st.session_state.get("pr_hint"):
            # Right under the button that asked for it (below the log, it was off a phone's screen); no
            # heading that would repeat the button's "Hint" right under it.
            if model != practice.bots:  # the bots at the table have no model of their own: say which is assumed
                st.caption(t(language, "pr_hint_assumes", model=ModelName(language)(model),
                             bots=KeyLabel(language, "pr_bots_")(practice.bots).split(" (")[0]))
            prefetch_advice(text, model, seconds=float(practice.seconds) * 4)  # runs while the odds are drawn
            # the answer first, in one line, on every screen (it came 3.3 screens down on a phone,
            # below the odds tables on desktop)
            slot = show_verdict(text, model, language, link=False,  # (the why is folded right under it)
                                into_view=st.session_state.pop("pr_hint_to_view", False), block="end")
            # the why folded under the verdict: a hint is a nudge (the whole analysis under the button read
            # as a wall of tables), the odds, the ranking and the decision view one tap away
            with st.expander(t(language, "pr_hint_details")):
                show_odds(text, model, language, key="pr", model_choice=False)  # the bots are the model
                show_advice(text, model, language, key="pr", seconds=float(practice.seconds) * 4, model_choice=False,
                            verdict=slot, types_said=True)

with log_slot.container():
    with st.expander(t(language, "event_log"), expanded=True):
        # The round as you know it, in sentences (a resumed round includes the turns before the save).
        if practice.base is not None and any(turn.card is not None for turn in practice.base.turns):
            # (a link saved at the first turn, before anyone played, is a new deal, not a resumed round)
            st.caption(t(language, "pr_resumed_note"))
        lines = history_lines(practice.human_record(), language, you=True)
        st.markdown("\n".join(f"{i}. {x}" for i, x in enumerate(lines, start=1)) or "-")
        ended = [ev for ev in practice.events if isinstance(ev, RoundEnded)]
        if ended:
            st.markdown("\n".join(f"- {x}" for x in event_lines(ended, edition, language, names, you=practice.human)))
    if practice.my_turn:
        with st.expander(t(language, "pr_save")):
            st.markdown(t(language, "pr_save_help"))
            # With the language: opened in a new page, the game resumes in the language it was played in.
            st.code(f"{app_origin()}/practice?{urlencode({**saved, 'lang': language})}", language=None)
            st.code(text, language=None)
            st.caption(t(language, "pr_tokens") + colon(language) + " " + saved["tokens"])

if over:
    st.subheader(t(language, "pr_review"))
    shared = lambda record, m, sec: advice(format_record(record), m, sec)  # noqa: E731 (the hint's cache)
    with st.spinner(t(language, "pr_reviewing")):
        reviewed = review(practice.decisions, model, float(practice.seconds) * 4, shared)
        rows = review_rows(reviewed, language)
        if on_phone():  # six columns overflowed 390 px: the hand goes into the play's cell
            mine, hand = t(language, "pr_your_play"), t(language, "hand")
            rows = [{k: (f"{v} ({hand}{colon(language)} {r[hand]})" if k == mine and hand in r else v)
                     for k, v in r.items() if k != hand} for r in rows]
    if rows:
        # The costliest decision first, in one sentence: what the better play avoided.
        worst = costliest_sentence(reviewed, language)
        if worst:
            st.warning(worst)
        # wraps: no column cut at 1280 or 390 px (five columns: a label may wrap before its value)
        # numbered in a column headed as the costliest sentence refers to the rows ("#2", "la n.º 2")
        st.table(pd.DataFrame([{t(language, "pr_decision_col"): r["#"], **{k: v for k, v in r.items() if k != "#"}}
                               for r in rows]), hide_index=True)
        st.caption(t(language, "pr_cost_help"))
    else:
        st.caption(t(language, "pr_no_decisions"))
    if practice.over:
        st.success(t(language, "pr_game_won", names=", ".join(names[w] for w in game.winners)))
        st.button(t(language, "pr_new"), key="pr-new-2", on_click=new_game_cb, type="primary")
    else:
        st.button(t(language, "pr_next_round"), key="pr-next", on_click=next_round_cb, type="primary")

# The game's number (to replay its deal), then the forms for a new game or a saved one: below the game
# once one is on.
st.caption(t(language, "pr_game_number", n=game.seed))
setup_forms()
