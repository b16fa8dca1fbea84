"""The card table board and the play picker, shared by the pages (lessons, the worked example,
the FAQ, the ruling checker, practice)."""

from __future__ import annotations

import streamlit as st

from solver import Card, Round
from solver.words.i18n import colon, t
from tutor.text.markup import CARD_CSS, back_html, caption_html, card_html, chip_html, row_html, tag_html


def css() -> None:
    st.markdown(CARD_CSS, unsafe_allow_html=True)


def seat_tags(r: Round, names, language: str, seat: int, tokens=None) -> list:
    """A seat's tags: its name, out, protected, to play, its favor tokens."""
    tags = [tag_html(names[seat])]
    if r.out[seat]:
        tags.append(tag_html(t(language, "out_marker"), "out"))
    if r.protected[seat]:
        tags.append(tag_html(t(language, "protected_marker"), "prot"))
    if not r.is_over and seat == r.current and not r.out[seat]:
        tags.append(tag_html(t(language, "to_play"), "turn"))
    if tokens is not None:
        tags.append(tag_html(f"♥ {tokens[seat]}"))
    return tags


def seat_html(r: Round, names, language: str, seat: int, *, tokens=None, face_up: bool = True,
              hand: bool = True) -> str:
    """One seat as ONE element, whatever it holds: its tags, its hand (face up or down; none with
    `hand` False) and its discards. (A board redrawn in place during a run — the practice page's bots'
    turns — would otherwise keep the cards of an earlier drawing where this one has fewer elements:
    streamlit#12069, st.empty keeps them.)"""
    e = r.edition
    html = ['<div class="ll-tags">' + "".join(seat_tags(r, names, language, seat, tokens)) + "</div>"]
    if hand and r.hands[seat]:
        html.append(row_html(card_html(c, e, language) if face_up else back_html(big=True) for c in r.hands[seat]))
    if r.discards[seat]:
        html.append(caption_html(t(language, "discards")))
        html.append(row_html(card_html(c, e, language, small=True) for c in r.discards[seat]))
    return "\n\n".join(html)


def show_board(r: Round, names, language: str, *, tokens=None, show_hands: bool = True, visible=None,
               reveal_set_aside: bool = False, last: int | None = None, skip: int | None = None,
               compact: bool = False) -> None:
    """Every player with hand, discards, markers and tokens; deck, set-aside and face-up cards.
    `visible`: the seats whose hands are shown face up (default: all when `show_hands`);
    `reveal_set_aside`: the set-aside card turned face up (the end of a round); `last`: the seat drawn
    last, next to what follows the board (practice: your hand right above your turn's controls; on a
    phone the seats stack and your hand was three opponents up from them); `skip`: a seat not drawn
    (practice: yours, drawn with your turn, your cards the buttons); `compact`: the other seats side by
    side in one row, their hands as small card backs (a phone: stacked, three opponents took a screen)."""
    css()
    e = r.edition
    top = [tag_html(f"{t(language, 'deck')}{colon(language)} {t(language, 'cards_left', n=len(r.deck))}")]
    if compact:  # one line of chips: the deck, the set-aside card, the face-up cards
        if r.set_aside is not None:
            top.append(tag_html(t(language, "set_aside")) +
                       (chip_html(r.set_aside, e, language) if reveal_set_aside else back_html(mini=True)))
        if r.face_up:
            top.append(tag_html(t(language, "face_up")) + "".join(chip_html(c, e, language) for c in r.face_up))
        st.markdown(row_html(f'<span class="ll-group">{x}</span>' for x in top), unsafe_allow_html=True)
    else:
        if r.set_aside is not None:
            top.append(tag_html(t(language, "set_aside")))
            top.append(card_html(r.set_aside, e, language, small=True) if reveal_set_aside else back_html())
        st.markdown(row_html(top), unsafe_allow_html=True)
        if r.face_up:
            st.markdown(tag_html(t(language, "face_up")) + row_html(card_html(c, e, language, small=True)
                                                                     for c in r.face_up), unsafe_allow_html=True)
    seats = [i for i in range(len(names)) if i not in (last, skip)] + ([last] if last not in (None, skip) else [])

    def face_up(seat) -> bool:
        return show_hands and (visible is None or seat in visible)

    if compact:  # each seat one line: its tags, its hand (face down: a mini card back), its discards as chips
        lines = []
        for seat in seats:
            parts = seat_tags(r, names, language, seat, tokens)
            hand = r.hands[seat]
            parts += [chip_html(c, e, language) if face_up(seat) else back_html(mini=True) for c in hand]
            if r.discards[seat]:
                parts.append(f'<span class="ll-cap ll-inline">{t(language, "discards")}{colon(language)}</span>')
                parts += [chip_html(c, e, language) for c in r.discards[seat]]
            lines.append('<div class="ll-group ll-seat">' + "".join(parts) + "</div>")
        st.markdown('<div class="ll-seats">' + "".join(lines) + "</div>", unsafe_allow_html=True)
        return
    cols = st.columns(len(names))
    for seat, col in zip(seats, cols):
        with col:
            st.markdown(seat_html(r, names, language, seat, tokens=tokens, face_up=face_up(seat)),
                        unsafe_allow_html=True)


def _reset_choices(key: str) -> None:
    """A new card: its target and guess start empty again (a Guard's guess never sticks to a Countess)."""
    st.session_state[f"{key}-target"] = -1
    st.session_state[f"{key}-guess"] = -1


def play_picker(r: Round, names, language: str, key: str):
    """Let the learner choose an action; returns it when the Play button is pressed.
    A play turn offers every card, target and guess (the engine decides what is legal and says
    why not); changing the card resets the target and the guess. After a Chancellor, the
    choices are which card to keep and the order of the others under the deck."""
    from solver import Card, Play, legal_actions
    from solver.rules.state import CHANCELLOR
    from solver.words.sentences import action_text
    from tutor.widgets.formatters import CardLabel, PlayLabel, SeatName

    e = r.edition
    if r.phase == CHANCELLOR:
        legal = legal_actions(r)
        labels = tuple(action_text(a, e, language, names) for a in legal)
        i = st.selectbox(t(language, "entry_keep_order"), list(range(len(legal))), key=f"{key}-keep", index=None,
                         format_func=PlayLabel(labels), placeholder=t(language, "an_choose"))
        if st.button(t(language, "play"), key=f"{key}-go", type="primary", disabled=i is None):
            return legal[i]
        return None
    hand = sorted(set(r.hands[r.current]))
    cols = st.columns(3)
    card = cols[0].selectbox(t(language, "card"), [int(c) for c in hand], key=f"{key}-card",
                             format_func=CardLabel(e.key, language), on_change=_reset_choices, args=(key,))
    target = cols[1].selectbox(t(language, "target"), [-1, *range(len(names))], key=f"{key}-target",
                               format_func=SeatName(tuple(names), language))
    guess = cols[2].selectbox(t(language, "guess"), [-1, *[int(c) for c in e.cards]], key=f"{key}-guess",
                              format_func=CardLabel(e.key, language))
    if not st.button(t(language, "play"), key=f"{key}-go", type="primary"):
        return None
    return Play(Card(card), None if target < 0 else target, None if guess < 0 else Card(guess))


def _tapped(key: str, card: int, slot: int) -> None:
    """A card of the hand tapped: chosen (tapped again: chosen no more)."""
    if st.session_state.get(key) == card and st.session_state.get(f"{key}-slot") == slot:
        st.session_state[key] = None
    else:
        st.session_state[key] = card
    st.session_state[f"{key}-slot"] = slot


def hand_picker(r: Round, hand, playable, language: str, key: str, label: str, heading: str | None = None):
    """Your hand at the table, its cards the buttons: tap the card you play (or keep, after a
    Chancellor). Each card is drawn as itself with a button laid over it, named as the card ("Guard
    (1)"); a card you may not play is dimmed and its button disabled. `heading`: a bold line the label
    follows on the same line ("**Your turn** — tap the card you play"). The card chosen (an int), or None."""
    from solver.words.sentences import card_label

    e = r.edition
    chosen = st.session_state.get(key)
    if chosen is not None and chosen not in playable:
        chosen = st.session_state[key] = None
    slot = st.session_state.get(f"{key}-slot")
    if heading:
        st.markdown(f"**{heading}** — {label}")
    else:
        st.caption(label)
    with st.container(horizontal=True, gap="small"):
        for i, c in enumerate(hand):
            c = int(c)
            state = "on" if chosen == c and slot in (i, None) else ("free" if c in playable else "off")
            with st.container(key=f"llhand-{key}-{i}-{state}"):
                st.markdown(card_html(Card(c), e, language), unsafe_allow_html=True)
                st.button(card_label(Card(c), e, language), key=f"{key}-tap-{i}", on_click=_tapped,
                          args=(key, c, i), disabled=c not in playable)
    return chosen


def tap_picker(r: Round, legal, names, language: str, key: str, you: int, heading: str | None = None):
    """Choose a play at a table: tap the card in your hand (its cards are the buttons), then the
    player, then the guess — only the legal ones (`tutor.text.plays.narrowed`: the engine's list);
    after a Chancellor, the card to keep, then the order of the others under the deck. The index in
    `legal` once the choice is whole, else None. A phone's finger size: cards and pills, not a drop-down
    of sentences."""
    from solver.words.sentences import action_text
    from tutor.text.plays import narrowed, narrowed_guess
    from tutor.widgets.formatters import CardLabel, PlayLabel, TargetName

    e = r.edition
    cards = CardLabel(e.key, language)
    step = narrowed(legal)
    hand = r.hands[you]
    if r.phase == "chancellor":
        keep = hand_picker(r, hand, step["cards"], language, f"{key}-keep", t(language, "pr_pick_keep"), heading)
        step = narrowed(legal, keep=keep)
        if keep is None or step["action"] is not None:
            return step["action"]
        labels = tuple(action_text(a, e, language, names, you=you) for a in legal)
        return st.pills(t(language, "pr_pick_order"), step["orders"], key=f"{key}-order-{keep}",
                        format_func=PlayLabel(labels))
    card = hand_picker(r, hand, step["cards"], language, f"{key}-card", t(language, "pr_pick_card"), heading)
    if card is None:
        return None
    step = narrowed(legal, card=card)
    target = step["targets"][0] if step["targets"] else None
    if len(step["targets"]) > 1:
        target = st.pills(t(language, "pr_pick_target"), step["targets"], key=f"{key}-target-{card}",
                          format_func=TargetName(tuple(names), you, language))
        if target is None:
            return None
        step = narrowed(legal, card=card, target=target)
    if len(step["guesses"]) > 1:
        guess = st.pills(t(language, "pr_pick_guess"), step["guesses"], key=f"{key}-guess-{card}-{target}",
                         format_func=cards)
        return None if guess is None else narrowed_guess(legal, card, target, guess)
    return step["action"]
