"""Card reference of the chosen edition, computed from the edition data."""

from __future__ import annotations

import streamlit as st

from solver import get_edition
from solver.names import card_name

edition = get_edition(st.session_state.get("edition", "2019"))
st.title("Love Letter — cards")
st.caption(f"Edition: {edition.title} · {edition.deck_size} cards · {edition.min_players}–{edition.max_players} players")
st.table(
    [
        {"Value": edition.value(c), "Card": card_name(c, "en"), "Copies": edition.count(c)}
        for c in edition.cards
    ]
)
