"""Analyzer: enter what you have seen of a round (guided form, notation or a shared link) and get
the exact odds of every hidden card, the best Guard guess and the advisor's ranked plays.

The record's canonical notation is the page's single source of truth: the form appends turns
to it, the text box edits it, and the URL (`?record=…&model=…`) carries it, so a link restores
the page. Everything shown is computed by `solver/`.
"""

from __future__ import annotations

import streamlit as st

from solver.words.i18n import colon, t
from tutor.widgets.url import set_param
from tutor.widgets.session import done, edition_key, lang

language = lang()
st.title(t(language, "nav_analyzer"))
top = st.container()  # the advisor's verdict: above everything else, on every screen
st.caption(t(language, "an_intro"))

# The heading first: what the page needs next is imported after it (on a fresh server that takes
# a moment, and the page shows its heading meanwhile).
from solver import EDITIONS, LoveLetterError, Record, get_edition  # noqa: E402
from solver.analysis.entry import STOP, add_turn, chosen_from_turn, fill, forced, next_player  # noqa: E402
from solver.records.notation import format_record  # noqa: E402
from solver.words.sentences import error_text, history_lines  # noqa: E402
from tutor.answers import MODELS, is_viewer_turn, record_of  # noqa: E402
from tutor.text.markup import guide_link  # noqa: E402
from tutor.text.plays import link_name_problem, name_problem  # noqa: E402
from tutor.widgets.analysis import prefetch_advice, show_advice, show_how, show_odds, show_verdict  # noqa: E402
from solver.rules.editions import SHOWDOWN_TIE_RULES  # noqa: E402
from tutor.widgets.formatters import CardLabel, EditionTitle, EntryLabel, ModelName, TieRule  # noqa: E402
from solver.analysis.setup import cards_left, names_for  # noqa: E402


OPTIONS = ("showdown_tie", "spy_eliminated_players_block", "two_player_face_up", "void_target_allowed")
FIELD_TITLES = {"drew": "entry_drew", "card": "entry_card", "target": "target", "guess": "guess",
                "result": "entry_result", "baron": "entry_baron", "saw": "entry_saw", "got": "entry_got",
                "discarded": "entry_discarded", "new": "entry_new", "revealed": "entry_revealed",
                "cd1": "entry_cd1", "cd2": "entry_cd2", "keep": "entry_keep", "bottom": "entry_bottom"}


# --- state: the record text, from the URL on first load -------------------------------------

def _set_text(text: str | None) -> None:
    st.session_state["an_text"] = text
    st.session_state["an_input"] = text or ""
    st.session_state.pop("an_error", None)
    st.session_state.pop("an_link_error", None)


def _explained(text: str) -> Record:
    """A typed or linked record, when it parses and some deal explains it (`InconsistentRecordError`
    otherwise): a record no deal explains was loaded and told as fact ("Hit: you held the King" when you
    held the Priest), its refusal far below. Too large to check here: loaded (the odds say so)."""
    from solver.analysis.entry import FIELD_BUDGET
    from solver.inference import InconsistentRecordError, infer

    record = record_of(text)
    try:
        infer(record, "uniform", FIELD_BUDGET)
    except LoveLetterError as err:
        if isinstance(err, InconsistentRecordError):
            raise
    return record


if "an_text" not in st.session_state:
    _set_text(None)
    wanted = st.query_params.get("record")
    if wanted:
        st.session_state["an_input"] = wanted
        try:
            _set_text(format_record(_explained(wanted)))
        except LoveLetterError as err:  # said at the top of the page (`link_error`), the form below
            st.session_state["an_link_error"] = link_name_problem(wanted, language) or error_text(err, language)
if "an_model" not in st.session_state:
    wanted = st.query_params.get("model", MODELS[0])
    st.session_state["an_model"] = wanted if wanted in MODELS else MODELS[0]
    if wanted not in MODELS:  # said, not silently replaced (untrusted: letters, digits and dashes only, cut short)
        st.session_state["an_model_notice"] = "".join(c for c in wanted if c.isascii() and (c.isalnum() or c in "-_"))[:40]


def _follow(text: str) -> None:
    """The frame's edition (the sidebar, the link's `edition=`) follows the position entered: a
    classic round read "2019 edition (21 cards)" and `edition=2019&record=classic…`. Callbacks only
    (they run before the sidebar's picker is drawn)."""
    st.session_state["edition"] = record_of(text).edition.key


def load_text() -> None:
    text = st.session_state.get("an_input", "").strip()
    try:
        _set_text(format_record(_explained(text)))
        _follow(text)
    except LoveLetterError as err:
        st.session_state["an_error"] = error_text(err, language)


def start_round() -> None:
    s = st.session_state
    names = tuple(n.strip() for n in s["an_names"].split(",") if n.strip())
    if len(names) != s["an_players"]:
        s["an_error"] = t(language, "an_names_count", n=s["an_players"])
        return
    try:
        e = get_edition(s["an_edition"])
        # The settings where the rules texts disagree (docs/engine.md), as chosen in the form.
        options = {name: s[f"an_opt_{e.key}_{name}"] for name in OPTIONS if f"an_opt_{e.key}_{name}" in s}
        e = e.with_options(**{k: v for k, v in options.items() if getattr(e, k) != v})
        viewer = names.index(s["an_viewer"]) if s["an_viewer"] in names else None
        up = tuple(s[f"an_up{i}"] for i in range(e.face_up_count(len(names))))
        record = Record(e, names, names.index(s["an_first"]) if s["an_first"] in names else 0, viewer, up,
                        s.get("an_dealt") if viewer is not None else None)
        _set_text(format_record(record_of(format_record(record))))  # parsed back: every rule checked
        _follow(st.session_state["an_text"])
    except LoveLetterError as err:
        s["an_error"] = error_text(err, language)


def turn_choices(record, k: int, render: bool = False) -> tuple[dict, object]:
    """The details chosen so far for turn k and the field still to ask. With `render`, every
    field asked so far is a widget (so it keeps its value and can be changed) and a field with
    a single allowed value is filled in and shown as text; otherwise values come from the
    widgets' state (in a callback)."""
    def choose(f, chosen):
        value = forced(f)
        if not render:
            return value if value is not None else st.session_state.get(field_key(k, chosen, f.name))
        fmt = EntryLabel(record.edition.key, language, record.seats, f.name)
        title = t(language, FIELD_TITLES[f.name])
        if value is not None:
            st.caption(f"{title}{colon(language)} {fmt(value)}")
            return value
        box = st.columns([3, 1], vertical_alignment="bottom") if f.can_stop else [st.container()]
        # One click per detail (pills) when the choices fit on a line or two; a list otherwise.
        if len(f.options) <= 12:
            value = box[0].pills(title, list(f.options), key=field_key(k, chosen, f.name), format_func=fmt,
                                 on_change=field_cb)
        else:
            value = box[0].selectbox(title, list(f.options), index=None, key=field_key(k, chosen, f.name),
                                     format_func=fmt, placeholder=t(language, "an_choose"), on_change=field_cb)
        for _card, rule, params in f.refused:  # why a card you hold is not offered (the Countess rule)
            box[0].caption(error_text(LoveLetterError("", rule=rule, **dict(params)), language))
        if f.can_stop and value is None:  # the viewer is to decide here: the position the advisor answers
            box[1].button(t(language, "an_advise_me"), key=f"an-advise-{k}-{f.name}", on_click=advise_cb,
                          type="primary")
        return value

    return fill(record, choose)


def field_key(k: int, chosen: dict, name: str) -> str:
    return f"an-{k}-" + "-".join(str(v) for v in chosen.values()) + f"-{name}"


def _add(record, chosen) -> None:
    try:
        _set_text(format_record(add_turn(record, chosen)))
    except LoveLetterError as err:
        st.session_state["an_error"] = error_text(err, language)


def field_cb() -> None:
    """A detail was chosen: once the turn is complete it is added (no extra click)."""
    record = record_of(st.session_state["an_text"])
    chosen, pending = turn_choices(record, len(record.turns))
    if pending is None:
        _add(record, chosen)


def advise_cb() -> None:
    """Stop the turn where the viewer is to decide (after the draw, or a Chancellor's draw)."""
    record = record_of(st.session_state["an_text"])
    chosen, pending = turn_choices(record, len(record.turns))
    if pending is not None and pending.can_stop:
        _add(record, {**chosen, pending.name: STOP})
        # the answer is at the top of the page: brought into view (on a phone the verdict sat 634 px
        # above the screen, and the best play 3,140 px below it)
        st.session_state["an_to_verdict"] = True


def continue_cb() -> None:
    """After the advice: reopen the stopped turn with its details kept, to enter the play made."""
    record = record_of(st.session_state["an_text"])
    k = len(record.turns) - 1
    chosen = {name: v for name, v in chosen_from_turn(record.turns[-1]).items() if v != STOP}
    _set_text(format_record(record.prefix(k)))
    so_far: dict = {}
    for name, value in chosen.items():
        st.session_state[field_key(k, so_far, name)] = value
        so_far[name] = value


def undo_cb() -> None:
    record = record_of(st.session_state["an_text"])
    _set_text(format_record(record.prefix(len(record.turns) - 1)))


# --- page --------------------------------------------------------------------------------------

text = st.session_state["an_text"]
verdict_slot = None
if st.session_state.get("an_link_error"):  # a broken link: what is wrong and how to go on, first
    with top:
        st.error(t(language, "an_link_broken", reason=st.session_state["an_link_error"]))
if "an_model_notice" in st.session_state and st.session_state["an_model"] == MODELS[0]:
    with top:  # (until another model is chosen)
        st.info(t(language, "an_link_model", value=st.session_state["an_model_notice"],
                  model=ModelName(language)(MODELS[0])))
# The advisor's answer comes first, in one line, on every screen (the figures below; on a phone one
# tap away): on desktop it sat 2,400 px down, below the history and the odds.
if text is not None and is_viewer_turn(text):
    prefetch_advice(text, st.session_state["an_model"])
    with top:
        verdict_slot = show_verdict(text, st.session_state["an_model"], language,
                                    into_view=st.session_state.pop("an_to_verdict", False), deeper=True)
tab_form, tab_text = st.tabs([t(language, "an_tab_form"), t(language, "an_tab_text")])

with tab_text:
    st.text_area(t(language, "an_notation"), key="an_input", height=90,
                 placeholder="2019 Ana,Luis,Marta first:Ana viewer:Ana dealt:8 | Ana +1 1>Luis=5 miss")
    st.button(t(language, "an_load"), key="an-load", on_click=load_text)
    st.caption(t(language, "an_notation_help"))

with tab_form:
    with st.expander(t(language, "an_new_round"), expanded=text is None):
        keys = list(EDITIONS)
        if "an_edition" not in st.session_state:
            st.session_state["an_edition"] = edition_key()
        c = st.columns(3)
        ed_key = c[0].selectbox(t(language, "edition"), keys, key="an_edition",
                                format_func=EditionTitle(language))
        e = get_edition(ed_key)
        n = c[1].selectbox(t(language, "players"), list(range(e.min_players, e.max_players + 1)), key="an_players")
        if st.session_state.get("an_names_for") != n:  # the names follow the player count
            st.session_state["an_names"] = ",".join(names_for(n, st.session_state.get("an_names", "").split(",")))
            st.session_state["an_names_for"] = n
        names_text = c[2].text_input(t(language, "an_names"), key="an_names")
        # A name the notation cannot hold ("A|B", "P1=3") is refused here, as it is typed, naming the
        # character: it read "There is no such player at this table", and only after Start.
        bad_names = name_problem(names_text, language)
        if bad_names:
            c[2].error(bad_names)
        names = [x.strip() for x in names_text.split(",") if x.strip()] or list(names_for(n))
        c = st.columns(3)
        viewer = c[0].selectbox(t(language, "an_viewer"), names + ["—"], key="an_viewer")
        c[1].selectbox(t(language, "an_first"), names, key="an_first")
        # Only a deal the edition allows is offered: each card needs a copy left.
        taken = []
        if viewer != "—":
            dealt = c[2].selectbox(t(language, "an_dealt"), list(cards_left(e, ())), key="an_dealt", index=None,
                                   format_func=CardLabel(ed_key, language), placeholder=t(language, "an_choose"))
            taken.append(dealt)
        missing = viewer != "—" and taken[0] is None
        if e.face_up_count(n):
            c = st.columns(e.face_up_count(n))
            for i, col in enumerate(c):
                options = list(cards_left(e, taken))
                if st.session_state.get(f"an_up{i}") not in options:
                    st.session_state.pop(f"an_up{i}", None)
                up = col.selectbox(t(language, "face_up") + f" {i + 1}", options, key=f"an_up{i}", index=None,
                                   format_func=CardLabel(ed_key, language), placeholder=t(language, "an_choose"))
                taken.append(up)
                missing = missing or up is None
        with st.popover(t(language, "an_settings")):
            st.caption(t(language, "an_settings_help"))
            st.selectbox(t(language, "tie_rule"), list(SHOWDOWN_TIE_RULES), key=f"an_opt_{ed_key}_showdown_tie",
                         index=list(SHOWDOWN_TIE_RULES).index(e.showdown_tie), format_func=TieRule(language))
            if e.has_spy:
                st.checkbox(t(language, "opt_spy_block"), value=e.spy_eliminated_players_block,
                            key=f"an_opt_{ed_key}_spy_eliminated_players_block")
            st.checkbox(t(language, "opt_face_up"), value=e.two_player_face_up,
                        key=f"an_opt_{ed_key}_two_player_face_up")
            st.checkbox(t(language, "opt_void"), value=e.void_target_allowed,
                        key=f"an_opt_{ed_key}_void_target_allowed")
        st.button(t(language, "an_start"), key="an-start", on_click=start_round, type="primary",
                  disabled=missing or bad_names is not None)
        if missing:  # (the face-up cards only where the round has them: 2 players)
            st.caption(t(language, "an_setup_missing" if e.face_up_count(n) else "an_setup_missing_hand"))

    if text is not None:
        record = record_of(text)
        entering: dict = {}
        if record.turns:
            st.markdown(f"**{t(language, 'an_history')}**")
            st.markdown("\n".join(f"{i}. {line}" for i, line in enumerate(history_lines(record, language, you=True), start=1)))
            st.button(t(language, "an_undo"), key="an-undo", on_click=undo_cb)
        k = len(record.turns)
        to_play = next_player(record)
        if to_play is not None:
            st.markdown(f"**{t(language, 'an_turn_of', n=k + 1, player=record.seats[to_play])}**")
            entering, _ = turn_choices(record, k, render=True)  # a complete turn is added as its last detail is chosen
        elif is_viewer_turn(text):
            st.info(t(language, "an_your_decision"))
            st.button(t(language, "an_continue"), key="an-continue", on_click=continue_cb)
        else:
            st.info(t(language, "an_no_more_turns"))

if st.session_state.get("an_error"):
    st.error(guide_link(st.session_state["an_error"], language))

if text is None:
    done()

# --- output ------------------------------------------------------------------------------------

set_param("record", text)
record = record_of(text)
st.divider()
with st.expander(t(language, "an_notation_view")):
    st.code(text, language=None, wrap_lines=True)
    st.caption(t(language, "an_share"))
# The link to share, with its copy button (the only way was to copy the address bar, said in the folded box)
if st.context.url:
    from urllib.parse import urlencode

    st.caption(t(language, "an_share_link"))
    st.code(st.context.url + "?" + urlencode({"record": text, "model": st.session_state["an_model"],
                                              "lang": language, "edition": record.edition.key}),
            language=None, wrap_lines=True)
model = st.radio(t(language, "an_model"), list(MODELS), key="an_model", horizontal=True,
                 format_func=ModelName(language))
set_param("model", model)
if is_viewer_turn(text):  # the advice starts in the worker pool while the odds are drawn
    prefetch_advice(text, model)
if entering:  # the odds are the record's: the turn being entered is not in it yet
    st.caption(t(language, "an_odds_before_entry", advise=t(language, "an_advise_me")))
show_odds(text, model, language, key="an")
show_how(text, model, language, key="an")
if is_viewer_turn(text):
    show_advice(text, model, language, key="an", offer_exact=True, verdict=verdict_slot, types_said=True)
elif record.viewer is not None:
    st.info(t(language, "an_not_your_turn"))
