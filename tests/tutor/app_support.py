"""The AppTest helpers the app's page tests share."""

from __future__ import annotations

from pathlib import Path

from streamlit.testing.v1 import AppTest

APP = str(Path(__file__).resolve().parents[2] / "tutor" / "app.py")


def app(timeout: float = 180, **params) -> AppTest:
    """The app run once with these URL query parameters. `timeout` guards against a hang, it is
    not a measurement: with the suite on every core of a busy machine, a page that computes an
    estimate can take over a minute."""
    at = AppTest.from_file(APP, default_timeout=timeout)
    for k, v in params.items():
        at.query_params[k] = v
    return at.run()


def page(path: str, **params) -> AppTest:
    """The app opened with these URL query parameters, then switched to the page `path`."""
    return app(**params).switch_page(path).run()


def example_button(at: AppTest, name: str):
    """The worked example's `name` button (back, next, skip, restart): its key names the frame it
    was drawn for, so that a tap on a page the browser has not redrawn yet moves one frame."""
    found = [b for b in at.button if b.key.startswith(f"ex-{name}-")]
    assert len(found) <= 1, [b.key for b in found]
    return found[0] if found else None


def edition_box(at: AppTest):
    """The sidebar's edition picker (a widget per language: `edition-en`, ...; the edition itself is
    `st.session_state["edition"]`)."""
    return next(s for s in at.sidebar.selectbox if str(s.key).startswith("edition-"))
