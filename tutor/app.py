"""Router and frame of the tutor app: page config, edition picker, navigation."""

from __future__ import annotations

import sys
from pathlib import Path

import streamlit as st

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # `streamlit run tutor/app.py` from a checkout
    sys.path.insert(0, str(ROOT))

from solver import EDITIONS  # noqa: E402
from tutor.render import edition_title  # noqa: E402
from tutor.url_state import url_selectbox  # noqa: E402

st.set_page_config(page_title="Love Letter tutor", page_icon="💌", layout="wide")

with st.sidebar:
    url_selectbox("Edition", list(EDITIONS), key="edition", default="2019", format_func=edition_title)

pages = [
    st.Page("views/cards.py", title="Cards", icon="🃏", url_path="cards", default=True),
]
st.navigation(pages).run()
