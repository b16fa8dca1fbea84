"""Router and frame of the tutor app: page config, language and edition pickers, navigation."""

from __future__ import annotations

import sys
from pathlib import Path

import streamlit as st

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # `streamlit run tutor/app.py` from a checkout
    sys.path.insert(0, str(ROOT))

from solver import EDITIONS  # noqa: E402
from solver.words.i18n import LANGUAGES, locale_language, t  # noqa: E402
from tutor.text.markup import ICON_CSS  # noqa: E402
from tutor.widgets.formatters import EditionTitle, language_title  # noqa: E402
from tutor.widgets.url import link_edition, url_selectbox  # noqa: E402
from tutor import warmup  # noqa: E402

st.set_page_config(page_title="Love Letter tutor", page_icon="💌", layout="wide")
st.html(ICON_CSS)  # Streamlit's own icons are blank until their font arrives, never words

with st.sidebar:
    default_lang = locale_language(getattr(st.context, "locale", None))
    lang = url_selectbox("Language · Idioma · Langue", LANGUAGES, key="lang", default=default_lang,
                         format_func=language_title)
    # A shared position (an analyzer or practice link) opens in its own edition.
    url_selectbox(t(lang, "edition"), list(EDITIONS), key="edition", default="2019",
                  override=None if "edition" in st.session_state else link_edition(st.query_params, None),
                  format_func=EditionTitle(lang))

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
st.navigation(pages).run()
