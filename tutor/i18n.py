"""`t(lang, key, **fmt)` and the catalog helpers, as the app has always imported them: the catalogs
and their loader live in `solver.words.i18n` (solver/words/{en,es,fr}.toml), where the library's
notebook display reads the same words."""

from solver.words.i18n import (LANGUAGE_NAMES, LANGUAGES, Articled, ArticledList, catalog, colon, either, elide,
                               fill, french_spacing, language_name, locale_language, number, plural_key, semicolon,
                               spaced, t)

__all__ = ["LANGUAGE_NAMES", "LANGUAGES", "Articled", "ArticledList", "catalog", "colon", "either", "elide", "fill",
           "french_spacing", "language_name", "locale_language", "number", "plural_key", "semicolon", "spaced", "t"]
