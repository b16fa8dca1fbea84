"""The app starts and renders the edition's card table from the engine's data."""

from pathlib import Path

from streamlit.testing.v1 import AppTest

from solver import get_edition

APP = str(Path(__file__).resolve().parent.parent / "tutor" / "app.py")


def test_app_starts_and_shows_the_card_table():
    at = AppTest.from_file(APP, default_timeout=30).run()
    assert not at.exception
    table = at.table[0].value
    assert len(table) == len(get_edition("2019").cards)


def test_edition_from_the_url():
    at = AppTest.from_file(APP, default_timeout=30)
    at.query_params["edition"] = "classic"
    at.run()
    assert not at.exception
    assert len(at.table[0].value) == len(get_edition("classic").cards)


def test_changing_edition_updates_the_url_and_table():
    at = AppTest.from_file(APP, default_timeout=30).run()
    at.sidebar.selectbox(key="edition").select("classic-2019").run()
    assert not at.exception
    assert at.query_params["edition"] == "classic-2019"
    values = list(at.table[0].value["Value"])
    assert values[-1] == 9 and len(values) == 8


def test_unknown_edition_in_the_url_falls_back_to_default():
    at = AppTest.from_file(APP, default_timeout=30)
    at.query_params["edition"] = "<script>"
    at.run()
    assert not at.exception and len(at.table[0].value) == 10
