"""Pickers whose value lives in the URL, so a link opens the same view.

Streamlit's `bind="query-params"` writes the *formatted* label into the URL when a
`format_func` is used ("classic (16 cards)"); we want the stable key ("classic") there, so
the value is read from and written to `st.query_params` here. A URL value is untrusted input:
only a listed option is accepted, anything else falls back to the default.
"""

from __future__ import annotations

from typing import Callable, Sequence

import streamlit as st


def url_selectbox(
    label: str, options: Sequence[str], *, key: str, default: str, format_func: Callable[[str], str] = str,
    override: str | None = None, widget: str | None = None,
) -> str:
    """A selectbox kept in the URL under `key`; on a session's first run `override` (when listed)
    wins over the URL's value (a shared position's own edition over a stale `edition=`). `widget`: the
    widget's own key, when its options' words change (the language): the browser kept a widget's
    option labels in the old language after a switch ("Edición 2019" on an English page)."""
    if key not in st.session_state:
        wanted = override if override in options else st.query_params.get(key, default)
        st.session_state[key] = wanted if wanted in options else default
    if widget is None:
        value = st.selectbox(label, list(options), key=key, format_func=format_func)
    else:  # a widget of its own per `widget` (its options' words): the value kept under `key`
        st.session_state[widget] = st.session_state[key]
        value = st.selectbox(label, list(options), key=widget, format_func=format_func,
                             on_change=lambda: st.session_state.update({key: st.session_state[widget]}))
        st.session_state[key] = value
    if st.query_params.get(key) != value:
        st.query_params[key] = value
    return value


def url_value(options: Sequence[str], *, key: str, default: str, override: str | None = None) -> str:
    """The value `url_selectbox(key=…)` will show, set up in the session before the widget is
    drawn (the frame draws its pickers after the page, so that the page's heading comes first)."""
    if key not in st.session_state:
        wanted = override if override in options else st.query_params.get(key, default)
        st.session_state[key] = wanted if wanted in options else default
    return st.session_state[key]


def link_edition(params, default):
    """The edition of the record a link carries (`?record=classic Ana,Luis …`), so that a shared
    classic position does not open under "2019 edition" — whatever its `edition=` says (the record
    decides); `default` without a readable record."""
    text = params.get("record")
    if not text:
        return default
    from solver import LoveLetterError
    from solver.records.notation import parse_record

    try:
        key = parse_record(text).edition.key
    except (LoveLetterError, ValueError):
        return default
    from solver import EDITIONS

    return key if key in EDITIONS else default


def set_param(key: str, value: str) -> None:
    """The URL's `key` set to `value` only when it differs: each write adds an entry to the browser's
    history, and a page that wrote its parameters at every run took the first Back (an FAQ opened
    from a lesson needed three Backs to go back to the lesson)."""
    if st.query_params.get(key) != value:
        st.query_params[key] = value


def page_params(**params) -> dict:
    """A page link's query parameters with the frame's own (language, edition): the page opened
    writes nothing more into the URL, so one Back returns."""
    return {"lang": st.session_state.get("lang", "en"), "edition": st.session_state.get("edition", "2019"), **params}
