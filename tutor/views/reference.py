"""Rules reference: the card table of the chosen edition and language; editions side by side."""

from __future__ import annotations

import streamlit as st

from solver import EDITIONS, Card, card_name, get_edition
from solver.rules.editions import ALL_TIED_WIN, DISCARD_TOTAL_THEN_ALL
from solver.rules.names import NAMINGS
from tutor.components import edition_key, lang
from tutor.i18n import t
from tutor.render import naming_for

language = lang()
edition = get_edition(edition_key())
st.title(t(language, "nav_reference"))
st.subheader(t(language, "reference_cards", edition=edition.title))
st.dataframe(
    [
        {t(language, "col_value"): edition.value(c), t(language, "col_card"): card_name(c, naming_for(language)),
         t(language, "col_copies"): edition.count(c), t(language, "col_effect"): t(language, f"effect_{c.name}")}
        for c in edition.cards
    ],
    hide_index=True, width="stretch",
)

st.subheader(t(language, "reference_editions"))
tie = {ALL_TIED_WIN: "tie_all", DISCARD_TOTAL_THEN_ALL: "tie_discards"}
rows = []
for key, e in EDITIONS.items():
    rows.append({
        t(language, "edition"): e.title,
        t(language, "deck_cards"): e.deck_size,
        t(language, "players"): f"{e.min_players}–{e.max_players}",
        t(language, "tokens_to_win"): " / ".join(f"{n}p {k}" for n, k in sorted(e.token_targets.items())),
        t(language, "tie_rule"): t(language, tie.get(e.showdown_tie, "tie_discards_none")),
        t(language, "has_spy"): t(language, "yes" if e.has_spy else "no"),
        "King / Countess / Princess": " / ".join(str(e.value(c)) for c in (Card.KING, Card.COUNTESS, Card.PRINCESS)),
    })
st.dataframe(rows, hide_index=True, width="stretch")

st.subheader(t(language, "reference_names"))
st.dataframe(
    [{"": int(c), **{n.title: (n.names.get(c) or "—") for n in NAMINGS.values()}} for c in Card],
    hide_index=True, width="stretch",
)
