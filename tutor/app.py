"""Router and frame of the tutor app: page config, language and edition pickers, navigation."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import streamlit as st

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # `streamlit run tutor/app.py` from a checkout
    sys.path.insert(0, str(ROOT))
# The server never compiles the solver's kernels on demand (minutes on a fresh machine): it answers on
# the reference engine until they are compiled in the background (`tutor.warmup.compile_core`).
os.environ.setdefault("LOVELETTER_CORE", "when-ready")

from solver import EDITIONS  # noqa: E402
from solver.words.i18n import LANGUAGES, locale_language, t  # noqa: E402
from tutor.text.markup import ICON_CSS  # noqa: E402
from tutor.widgets.formatters import EditionTitle, language_title  # noqa: E402
from tutor.widgets.session import PageDone, scroll_top  # noqa: E402
from tutor.widgets.url import link_edition, url_selectbox, url_value  # noqa: E402
from tutor import warmup  # noqa: E402

st.set_page_config(page_title="Love Letter tutor", page_icon="💌", layout="wide")

default_lang = locale_language(getattr(st.context, "locale", None))
lang = url_value(LANGUAGES, key="lang", default=default_lang)
url_value(list(EDITIONS), key="edition", default="2019",
          override=None if "edition" in st.session_state else link_edition(st.query_params, None))


def pickers() -> None:
    """The sidebar's pickers, and the icons' fallback font (after the page: its heading comes first,
    and an element drawn before it whose code the browser has not loaded yet — a selectbox, HTML —
    held the heading back)."""
    st.html(ICON_CSS)  # Streamlit's own icons are blank until their font arrives, never words
    with st.sidebar:
        url_selectbox("Language · Idioma · Langue", LANGUAGES, key="lang", default=default_lang,
                      format_func=language_title)
        url_selectbox(t(lang, "edition"), list(EDITIONS), key="edition", default="2019",
                      format_func=EditionTitle(lang), widget=f"edition-{lang}")


pages = [
    # The home page is served at the root URL; it forwards an old lesson link ("/?lesson=prince").
    st.Page("views/home.py", title=t(lang, "nav_home"), default=True),
    st.Page("views/lessons.py", title=t(lang, "nav_lessons"), url_path="lessons"),
    st.Page("views/example.py", title=t(lang, "nav_example"), url_path="example"),
    st.Page("views/faq.py", title=t(lang, "nav_faq"), url_path="faq"),
    st.Page("views/practice.py", title=t(lang, "nav_practice"), url_path="practice"),
    st.Page("views/analyzer.py", title=t(lang, "nav_analyzer"), url_path="analyzer"),
    st.Page("views/rulings.py", title=t(lang, "nav_rulings"), url_path="rulings"),
    st.Page("views/reference.py", title=t(lang, "nav_reference"), url_path="reference"),
]
# The other pages' imports and content, made ready in the background after this page's heading.
warmup.start()
page = st.navigation(pages)
# A page opened from another one starts at its top (Streamlit kept the other page's scroll); not on a
# rerun of the same page, nor on a first visit (at its top already).
shown_before = st.session_state.get("page_shown")
st.session_state["page_shown"] = page.url_path
if shown_before is not None and shown_before != page.url_path:
    scroll_top()
try:
    page.run()
except PageDone:  # (the page ended early: the frame still draws its pickers)
    pass
pickers()
