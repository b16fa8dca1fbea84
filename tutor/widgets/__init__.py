"""Streamlit pieces shared by the pages (`tutor/views/`): the pickers kept in the URL, the
session's language and edition, the card table board, the analysis blocks, a situation played
move by move with its rulings, and the widgets' picklable `format_func`s. A widget never imports a
page (`tests/test_architecture.py` checks it); its words come from `tutor.text` and `solver.words`."""
