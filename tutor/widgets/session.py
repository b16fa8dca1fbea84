"""What this browser session chose and is: the language and edition of the frame's pickers
(`tutor.app`, kept in the URL by `tutor.widgets.url`), and whether the browser is a phone."""

from __future__ import annotations

import streamlit as st


def lang() -> str:
    return st.session_state.get("lang", "en")


def edition_key() -> str:
    return st.session_state.get("edition", "2019")


def on_phone() -> bool:
    """The browser says it is a phone (its user agent: "Mobi" in it, as MDN advises): pages open
    the narrow forms of what they show. False where no browser is known (a test run)."""
    try:
        agent = st.context.headers.get("User-Agent", "") or ""
    except Exception:  # no browser session
        return False
    return "Mobi" in agent


class PageDone(Exception):
    """A page has nothing more to show (`done`). The frame (`tutor.app`) catches it and goes on:
    it draws the sidebar's pickers after the page, which `st.stop()` would prevent."""


def done():
    """End the page here (in place of `st.stop()`, which would also stop the frame after it)."""
    raise PageDone


def scroll_to(anchor: str, block: str = "start") -> None:
    """Bring the page's element of id `anchor` (a heading's `anchor=`) to the top of the window (`block`
    "end": just into view at its bottom, when it is below): a script in a zero-height frame of the same
    origin (Streamlit keeps the scroll across reruns)."""
    import json

    import streamlit.components.v1 as components

    components.html(
        "<script>const go = () => { const e = window.parent.document.getElementById(" + json.dumps(anchor) + ");"
        " if (e) { e.scrollIntoView({block: " + json.dumps("nearest" if block == "end" else "start") + "}); }"
        " else { setTimeout(go, 50); } }; go();</script>",
        height=0)


#: The page's scrolling containers (Streamlit scrolls inside its own, not the window).
_SCROLLERS = ('[data-testid="stMain"]', '[data-testid="stAppViewContainer"]', '[data-testid="stApp"]')


def scroll_top() -> None:
    """Bring the page back to its top (its title): for a page opened from another one, which kept the
    other's scroll (a search from the home page's box opened the FAQ half a screen down on a phone, its
    question and ruling under the header). Drawn in the sidebar (folded away on a phone), so nothing in
    the page moves."""
    import json

    with st.sidebar:  # (its element hidden by its own rule: the pickers under it would move down and back up)
        st.html('<style>[data-testid="stElementContainer"]:has(.ll-scroll-top) { display: none; }</style>'
                '<div class="ll-scroll-top"></div>'
                "<script>(() => { const top = () => { for (const s of " + json.dumps(list(_SCROLLERS)) + ") {"
                " const e = document.querySelector(s); if (e) { e.scrollTop = 0; } }"
                " window.scrollTo(0, 0); }; top(); setTimeout(top, 150); })();</script>",
                unsafe_allow_javascript=True)
