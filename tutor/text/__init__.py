"""The app's words and figures, pure (no Streamlit import; `tests/test_architecture.py` checks it):
the solver's answers turned into table rows, sentences and figures, the card table's HTML, the FAQ
search, and the lessons, scenarios and worked example as data. Testable without a running app.
The catalogs, `t()` and the sentences the notebook says too are `solver.words`."""
