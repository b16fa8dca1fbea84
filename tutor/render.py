"""Pure helpers that turn solver data into display strings (testable without a running app).

Functions passed to widgets as `format_func` live here, in an importable module, because the
app enforces picklable session state and a lambda defined in a page script cannot be pickled.
"""

from __future__ import annotations

from solver import EDITIONS


def edition_title(key: str) -> str:
    edition = EDITIONS.get(key)
    return edition.title if edition else key
