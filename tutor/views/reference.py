"""Rules reference: every card of the chosen edition with its whole effect, the prose rules people
look up (setup and two players, the empty deck, ties, the Spy, winning), the editions side by
side and the card names in each language."""

from __future__ import annotations

import streamlit as st

from solver.words.i18n import t
from tutor.widgets.board import css
from tutor.widgets.session import edition_key, lang

language = lang()
st.title(t(language, "nav_reference"))

# The heading first: what the page needs next is imported after it (on a fresh server that takes
# a moment, and the page shows its heading meanwhile).
import pandas as pd  # noqa: E402
from solver import EDITIONS, Card, card_name, get_edition  # noqa: E402
from solver.rules.editions import ALL_TIED_WIN, DISCARD_TOTAL_THEN_ALL  # noqa: E402
from solver.rules.names import NAMINGS  # noqa: E402
from tutor.widgets.formatters import EditionTitle  # noqa: E402
from solver.words.sentences import naming_for  # noqa: E402
from tutor.text.markup import card_block_html  # noqa: E402


edition = get_edition(edition_key())
title = EditionTitle(language)
st.subheader(t(language, "reference_cards", edition=title(edition.key)))
css()
# One block per card (not a table): the whole effect wraps on a phone and is never cut.
for c in edition.cards:
    st.markdown(card_block_html(c, edition, language, full=True), unsafe_allow_html=True)

st.subheader(t(language, "reference_rules"))
for topic in ("setup2p", "empty", "ties", "spy", "win"):
    with st.expander(t(language, f"ref_{topic}_title"), expanded=True):
        st.write(t(language, f"ref_{topic}_body"))

st.subheader(t(language, "ref_notation_title"), anchor="notation")  # the errors' "notation guide" links here
st.markdown(t(language, "ref_notation_body"))
st.markdown(t(language, "an_notation_help"))

st.subheader(t(language, "reference_editions"))
tie = {ALL_TIED_WIN: "tie_all", DISCARD_TOTAL_THEN_ALL: "tie_discards"}
# One column per edition, one row per rule (a table that wraps): at 1280 px the former row per
# edition hid the tie rule, the Spy and the card values behind a sideways scroll, and "2p 6 / 3p 5"
# read like notation. The token targets are a row per player count.
kings = (Card.KING, Card.COUNTESS, Card.PRINCESS)
counts = sorted({n for e in EDITIONS.values() for n in e.token_targets})
rows = {
    t(language, "deck_cards"): [str(e.deck_size) for e in EDITIONS.values()],
    t(language, "players"): [f"{e.min_players}–{e.max_players}" for e in EDITIONS.values()],
    **{t(language, "ref_tokens_n", n=n): [str(e.token_targets[n]) if n in e.token_targets else "—"
                                          for e in EDITIONS.values()] for n in counts},
    t(language, "tie_rule"): [t(language, tie.get(e.showdown_tie, "tie_discards_none")) for e in EDITIONS.values()],
    t(language, "has_spy"): [t(language, "yes" if e.has_spy else "no") for e in EDITIONS.values()],
    " / ".join(card_name(c, naming_for(language)) for c in kings):
        [" / ".join(str(e.value(c)) for c in kings) for e in EDITIONS.values()],
}
st.table(pd.DataFrame.from_dict(rows, orient="index", columns=[title(key) for key in EDITIONS]))

st.subheader(t(language, "reference_names"))


def named(naming, card: Card) -> str:
    """The card's name in a naming; a deck that values it otherwise than the row (Carta de Amor is
    a classic deck: its Noble is a 6, not the 2019 King's 7) says its own value."""
    name = naming.names.get(card)
    if not name:
        return "—"
    value = get_edition(naming.editions[0]).value(card) if len(naming.editions) == 1 else int(card)
    return name if value == int(card) else f"{name} ({value})"


# A table that wraps: at 390 px the scrolling grid hid the last naming. Rows are the 2019 values.
st.table(pd.DataFrame([{n.title: named(n, c) for n in NAMINGS.values()} for c in Card],
                      index=[int(c) for c in Card]))
