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
from solver.teaching.ruling import card_unnamed, narrate, refusal, ruling
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


#: The other players' names at a table of your own (you are the first seat, "Ana (you)": the form and
#: the rulings name every seat alike; your seat was "Your card" in the form, "Player 1 (you)" in the ruling).
TABLE_NAMES = ("Luis", "Marta", "Noor", "Omar", "Sofía")


def table_checker(language: str) -> None:
    """A table of your own (`solver.teaching.table`): what you see at your table, then any action, ruled
    by the engine for each card the player you choose may hold (grouped when they rule alike)."""
    from solver import LoveLetterError
    from solver.rules.editions import get_edition
    from solver.teaching.table import Table, check, outcomes
    from tutor.text.events import say
    from tutor.widgets.formatters import CardLabel, CopyLabel
    from tutor.widgets.session import edition_key
    from solver.words.i18n import either
    from solver.words.sentences import card_label, card_word, error_text

    e = get_edition(edition_key())
    st.caption(t(language, "rc_table_intro"))
    label = CardLabel(e.key, language)
    n = st.number_input(t(language, "rc_players"), min_value=e.min_players, max_value=e.max_players,
                        value=min(3, e.max_players), step=1, key=f"rc-t-{e.key}-n")  # (2: three face-up cards to set)
    # your seat named in the third person, as the rulings speak of every player ("Vous reste en jeu" read
    # as a name): "Ana (you)", in the form's labels too
    names = (t(language, "rc_you_name"),) + TABLE_NAMES[:n - 1]
    cards = [int(c) for c in e.cards]
    c = st.columns(2)
    held = c[0].selectbox(t(language, "rc_your_card"), cards, key=f"rc-t-{e.key}-held", format_func=label,
                          index=cards.index(int(Card.GUARD)))
    drawn = c[1].selectbox(t(language, "rc_your_drawn"), cards, key=f"rc-t-{e.key}-drawn", format_func=label,
                           index=cards.index(int(Card.PRIEST)))
    copies = [int(c) * 10 + k for c in e.cards for k in range(e.count(c))]  # a copy of each card, to pick twice
    copy_label = CopyLabel(e.key, language)

    face_up: tuple = ()
    if e.face_up_count(n):
        up = st.multiselect(t(language, "rc_face_up"), copies, key=f"rc-t-{e.key}-{n}-up", format_func=copy_label,
                            max_selections=e.face_up_count(n), placeholder=t(language, "an_choose"),
                            select_all=False)  # (its "Select all" / "Select 2 matches" are English only)
        face_up = tuple(Card(x // 10) for x in up)
    discards, out, protected = [], [], []
    for i, name in enumerate(names):
        with st.container(border=True):
            pile = st.multiselect(t(language, "rc_your_discards") if i == 0 else t(language, "rc_discards_of", player=name),
                                  copies, key=f"rc-t-{e.key}-{n}-d{i}", format_func=copy_label,
                                  placeholder=t(language, "rc_no_discard"), select_all=False)
            row = st.columns(2)
            gone = i != 0 and row[0].checkbox(t(language, "rc_out", player=name), key=f"rc-t-{e.key}-{n}-o{i}")
            safe = i != 0 and not gone and row[1].checkbox(t(language, "rc_protected", player=name),
                                                           key=f"rc-t-{e.key}-{n}-p{i}")
        cards_played = [Card(x // 10) for x in pile]
        if safe and Card.HANDMAID in cards_played:  # the Handmaid that protects was played last
            cards_played.remove(Card.HANDMAID)
            cards_played.append(Card.HANDMAID)
        discards.append(tuple(cards_played))
        out.append(bool(gone))
        protected.append(bool(safe))
    table = Table(e, names, 0, (Card(held), Card(drawn)), tuple(discards), tuple(out), tuple(protected), face_up)
    try:
        start = check(table)
    except LoveLetterError as err:
        st.error(error_text(err, language))
        return
    st.caption(t(language, "rc_deck", n=table.deck_size()))
    key = f"rc-t-{e.key}-{n}-{abs(hash(table)) % 10**8}"
    action = play_picker(start, names, language, key=key)
    if action is None:
        return
    try:
        found = outcomes(table, action)
    except IllegalActionError as err:
        show_refusal(err, action, e, language, names)
        st.caption(t(language, "legal_choices", plays=legal_summary(legal_actions(start), e, language, names)))
        return
    st.markdown(f"**{t(language, 'your_play')}{colon(language)}** {action_text(action, e, language, names)}")
    if found and found[0][0] is None:  # nobody else chosen: one outcome, whatever the hidden cards
        show_ruling(found[0][2], e, language, names)
        return
    groups: dict = {}  # the same ruling for several cards: said once
    for card, _, events in found:
        line = card_unnamed(ruling(events, e), card)  # (a Prince's ruling, once for every card but the Princess)
        said = say(line, e, language, names) if line is not None else ""
        groups.setdefault(said, []).append(card)
    if len(groups) == 1:  # one ruling whatever the card (a Priest): not a list of every card it may see
        (said, held_cards), = groups.items()
        cards = ", ".join(str(card_word(c, language)) for c in held_cards)
        st.markdown(t(language, "rc_whatever", player=names[action.target], cards=cards, ruling=said))
        return
    for said, held_cards in groups.items():
        st.markdown("- " + t(language, "rc_if_holds", player=names[action.target], ruling=said,
                             cards=either(language, [t(language, "card_the", card=card_label(c, e, language))
                                                     for c in held_cards])))
