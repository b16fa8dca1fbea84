"""The home page: the things people come for, as large buttons in the chosen language — learn
the rules, settle a ruling (with the FAQ's search), advice at the table, practice — so that a
phone user never has to find the sidebar's icon. Nothing here computes: it only leads."""

from __future__ import annotations

import streamlit as st

from solver.words.i18n import LANGUAGES, t
from tutor.text.markup import HOME_CSS
from tutor.widgets.formatters import language_title
from tutor.widgets.session import edition_key, lang

language = lang()

# An old link to a lesson ("/?lesson=prince", "/?done=setup") still opens it: the lessons page
# lived at the root URL before this page.
if st.query_params.get("lesson") or st.query_params.get("done"):
    st.switch_page("views/lessons.py", query_params=dict(st.query_params.to_dict()))


def _language_cb() -> None:
    chosen = st.session_state.get("home_lang")
    if chosen in LANGUAGES:
        st.session_state["lang"] = chosen  # the sidebar's picker (and the URL) follow


st.title(t(language, "home_title"))
st.markdown(t(language, "home_intro"))
# The language, where a phone user sees it (the sidebar is folded away on a phone).
st.session_state["home_lang"] = language
st.segmented_control(t(language, "language"), list(LANGUAGES), key="home_lang", format_func=language_title,
                     on_change=_language_cb, label_visibility="collapsed")

st.markdown(HOME_CSS, unsafe_allow_html=True)
# No icons: a Material icon is a word of its font ("play_circle", "query_stats") until the font
# arrives, and a first visit on a slow line read those words (issue 36, point 12).
JOURNEYS = (
    ("learn", "views/lessons.py"),
    ("ruling", "views/faq.py"),
    ("table", "views/analyzer.py"),
    ("practice", "views/practice.py"),
)
# Two rows of two (one column on a phone, in this order).
tiles = [col for _ in range(2) for col in st.columns(2)]
for col, (name, path) in zip(tiles, JOURNEYS):
    with col.container(border=True, key=f"home-{name}", height="stretch"):
        st.page_link(path, label=t(language, f"home_{name}"), width="stretch")
        st.caption(t(language, f"home_{name}_help"))
        if name == "ruling":
            # The user's own words ("set aside", "Condesa"): the FAQ opens on what matches.
            with st.form("home-search", border=False, clear_on_submit=True):
                query = st.text_input(t(language, "faq_search"), key="home_q", max_chars=100,
                                      placeholder=t(language, "faq_search_hint"))
                if st.form_submit_button(t(language, "home_search")) and query.strip():
                    # (switch_page with query parameters replaces them all: the language goes along)
                    st.switch_page("views/faq.py", query_params={"q": query.strip(), "lang": language,
                                                                 "edition": edition_key()})

st.subheader(t(language, "home_more"))
with st.container(horizontal=True, key="home-more"):
    st.page_link("views/example.py", label=t(language, "nav_example"))
    st.page_link("views/rulings.py", label=t(language, "nav_rulings"))
    st.page_link("views/reference.py", label=t(language, "nav_reference"))
