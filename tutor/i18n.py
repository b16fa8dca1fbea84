"""`t(lang, key, **fmt)`: UI strings from TOML catalogs (tutor/i18n/*.toml), English fallback."""

from __future__ import annotations

import re
import tomllib
from functools import lru_cache
from pathlib import Path

LANGUAGES = ("en", "es", "fr")
LANGUAGE_NAMES = {"en": "English", "es": "Español", "fr": "Français"}
_DIR = Path(__file__).resolve().parent / "i18n"


@lru_cache(maxsize=None)
def catalog(lang: str) -> dict:
    with open(_DIR / f"{lang}.toml", "rb") as fh:
        data = tomllib.load(fh)
    if lang == "fr":
        data = {k: french_spacing(v) if isinstance(v, str) else v for k, v in data.items()}
    return data


_FRENCH_SPACE = re.compile(r" ([:;?!»%])|« ")


def french_spacing(text: str) -> str:
    """French typography for text written with plain spaces: a no-break space before ':' and
    inside « », a narrow no-break space before ';', '?', '!' and '%', so that a narrow screen
    never starts a line with the sign (the catalogs and lessons are written with plain spaces)."""
    def sub(m: re.Match) -> str:
        sign = m.group(1)
        if sign is None:
            return "«\u00a0"
        return ("\u00a0" if sign in ":»" else "\u202f") + sign

    return _FRENCH_SPACE.sub(sub, text)


def t(lang: str, key: str, **fmt) -> str:
    """The catalog text of `key`, formatted (the singular form for a count `n` of one)."""
    key = plural_key(lang, key, fmt.get("n"))
    text = catalog(lang if lang in LANGUAGES else "en").get(key)
    if text is None:
        text = catalog("en").get(key, key)
    if not fmt:
        return text
    text = text.format(**fmt)
    return _elide(text) if lang == "fr" else text


def plural_key(lang: str, key: str, n) -> str:
    """`key_one` where the count `n` is singular in the language (1; in French 0 or 1) and the
    catalog has that form ("1 card left", not "1 cards left"); `key` otherwise."""
    if isinstance(n, int) and not isinstance(n, bool) and (n == 1 or (n == 0 and lang == "fr")):
        one = f"{key}_one"
        if one in catalog(lang if lang in LANGUAGES else "en") or one in catalog("en"):
            return one
    return key


#: French elision before a name or card that starts with a vowel: "de Ana" -> "d'Ana",
#: "que Émile" -> "qu'Émile" (the catalog writes "de {player}"; the name is known only here).
_ELISION = re.compile(r"\b([Dd]|[Qq]u)e ([AEIOUYÀÂÄÉÈÊËÎÏÔÖÛÙÜ])")


def _elide(text: str) -> str:
    return _ELISION.sub(r"\1'\2", text)


def colon(lang: str) -> str:
    """The colon of "label: value" in the language (French puts a no-break space before it)."""
    return "\u00a0:" if lang == "fr" else ":"


def semicolon(lang: str) -> str:
    """The semicolon between list items in the language (French puts a narrow no-break space
    before it)."""
    return "\u202f;" if lang == "fr" else ";"


def number(lang: str, n: int) -> str:
    """A whole number as the language writes it: "2,000" in English, "2 000" in French (a narrow
    no-break space), "2000" and "20 000" in Spanish (groups only from five digits on)."""
    digits = f"{n:,}"
    if lang == "fr":
        return digits.replace(",", "\u202f")
    if lang == "es":
        return digits.replace(",", "\u00a0") if abs(n) >= 10_000 else str(n)
    return digits


def either(lang: str, items) -> str:
    """Alternatives as a list: "Luis or Marta", "Luis, Marta or Sofía" ("o"/"u" in Spanish,
    "ou" in French)."""
    items = list(items)
    if len(items) < 2:
        return "".join(items)
    word = {"es": "o", "fr": "ou"}.get(lang, "or")
    if lang == "es" and re.match(r"(?i)h?[oó]", items[-1]):
        word = "u"  # "Luis u Óscar"
    return f"{', '.join(items[:-1])} {word} {items[-1]}"


def language_name(lang: str) -> str:
    return LANGUAGE_NAMES.get(lang, lang)


def locale_language(locale: str | None) -> str:
    """The catalog language for a browser locale such as "es-ES" (English if unsupported)."""
    if not locale:
        return "en"
    code = locale.replace("_", "-").split("-")[0].lower()
    return code if code in LANGUAGES else "en"
