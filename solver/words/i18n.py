"""`t(lang, key, **fmt)`: the words shown to a person, from the TOML catalogs next to this module
(solver/words/{en,es,fr}.toml: the same keys and placeholders in all three), English fallback.
The app (`tutor/`) and the library's rich display (`solver.display`) read the same catalogs."""

from __future__ import annotations

import re
import string
import tomllib
from functools import lru_cache
from pathlib import Path

LANGUAGES = ("en", "es", "fr")
LANGUAGE_NAMES = {"en": "English", "es": "Español", "fr": "Français"}
_DIR = Path(__file__).resolve().parent


@lru_cache(maxsize=None)
def catalog(lang: str) -> dict:
    path = _DIR / f"{lang}.toml"
    _LOADED[lang] = path.stat().st_mtime_ns
    with open(path, "rb") as fh:
        return spaced(lang, tomllib.load(fh))


#: When each catalog was read (its file's mtime): a key missing from a catalog edited since is read again
#: (a running server showed a new key raw, "an_share_link", until it was restarted).
_LOADED: dict = {}


def _reread_if_edited() -> bool:
    """Forget the catalogs if one of them changed on disk since it was read; whether it did."""
    edited = any((_DIR / f"{lang}.toml").stat().st_mtime_ns != stamp for lang, stamp in list(_LOADED.items()))
    if edited:
        catalog.cache_clear()
        _LOADED.clear()
    return edited


def spaced(lang: str, texts: dict) -> dict:
    """The texts with the language's typography (`french_spacing` in French; the others as they
    are): what the catalog, the lessons and the scenarios apply when they are loaded."""
    if lang != "fr":
        return texts
    return {k: french_spacing(v) if isinstance(v, str) else v for k, v in texts.items()}


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
    """The catalog text of `key`, formatted (the singular form for a count `n` of one). A card
    placeholder may ask for its article: `{card:le}` (see `Articled`)."""
    key = plural_key(lang, key, fmt.get("n"))
    text = catalog(lang if lang in LANGUAGES else "en").get(key)
    if text is None:
        text = catalog("en").get(key)
    if text is None and _reread_if_edited():  # (a key added while the catalogs were in memory)
        text = catalog(lang if lang in LANGUAGES else "en").get(key) or catalog("en").get(key)
    if text is None:
        text = key
    if not fmt:
        return text
    return fill(text, fmt, lang)


#: The article forms a catalog may ask of a card: French "le" (le, la, l'), "un" (un, une), "de"
#: (du, de la, de l'), "à" (au, à la, à l'); Spanish "el" (el, la), "un" (un, una), "del" (del,
#: de la), "al" (al, a la); English "the" and "a" (a, an). Capitalised ("Le", "El", "The"), the
#: article starts a sentence.
_ARTICLES = {
    "en": {"the": ("the ", "the ", None), "a": ("a ", "a ", "an ")},
    "fr": {"le": ("le ", "la ", "l'"), "un": ("un ", "une ", None), "de": ("du ", "de la ", "de l'"),
           "à": ("au ", "à la ", "à l'")},
    "es": {"el": ("el ", "la ", None), "un": ("un ", "una ", None), "del": ("del ", "de la ", None),
           "al": ("al ", "a la ", None)},
}
#: Where the elided form is used: French before a vowel or a mute h, English "an" before a vowel.
_VOWEL_START = {"fr": r"[AEIOUYÀÂÄÉÈÊËÎÏÔÖÛÙÜH]", "en": r"[AEIOU]", "es": r"(?!)"}
_SPECS = frozenset(spec for forms in _ARTICLES.values() for spec in forms)


class Articled(str):
    """A card's label ("Garde (1)") that knows its grammatical gender, so that a catalog
    template can ask for it with an article: "{card:le}" → "le Garde (1)", "la Comtesse (8)",
    "l'Espionne (0)"; "{card:de}" → "du Garde (1)"; Spanish "{card:el}" → "la Guardia (1)". With
    no format spec it is the plain label; any other value given to such a placeholder (a list
    of cards, a dash) is written as it is."""

    feminine: bool = False
    lang: str = "en"

    def __new__(cls, text: str, feminine: bool = False, lang: str = "en"):
        obj = super().__new__(cls, text)
        obj.feminine, obj.lang = feminine, lang
        return obj

    def __format__(self, spec: str) -> str:
        forms = _ARTICLES.get(self.lang, {}).get(spec.lower())
        if forms is None:
            return str(self) if spec.lower() in _SPECS else str.__format__(str(self), spec)
        masculine, feminine, elided = forms
        if elided and re.match(_VOWEL_START.get(self.lang, r"(?!)"), self):
            article = elided
        else:
            article = feminine if self.feminine else masculine
        if spec[0].isupper():  # at the start of a sentence: "Le Garde", "L'Espionne"
            article = article[0].upper() + article[1:]
        return article + self


class ArticledList(str):
    """Several cards' labels, plainly "King (7), Prince (5)"; with an article spec each card
    takes its own and the last is joined by "and": "{cards:a}" → "a King (7) and a Prince (5)",
    "{cards:le}" → "le Roi (7) et le Prince (5)"."""

    items: tuple = ()
    lang: str = "en"

    def __new__(cls, items, lang: str = "en"):
        obj = super().__new__(cls, ", ".join(items))
        obj.items, obj.lang = tuple(items), lang
        return obj

    def __format__(self, spec: str) -> str:
        if spec.lower() not in _SPECS:
            return str.__format__(str(self), spec)
        if len(self.items) < 2:
            return format(self.items[0], spec) if self.items else str(self)
        parts = [format(x, spec if i == 0 else spec.lower()) for i, x in enumerate(self.items)]
        return f"{', '.join(parts[:-1])} {t(self.lang, 'and')} {parts[-1]}"


class _Formatter(string.Formatter):
    def format_field(self, value, spec: str) -> str:
        if spec.lower() in _SPECS and not isinstance(value, (Articled, ArticledList)):
            return str(value)  # not a single card: no article to add
        return super().format_field(value, spec)


_FORMATTER = _Formatter()


def fill(text: str, params, lang: str = "en") -> str:
    """`text.format_map(params)` where a card placeholder may ask for its article (`Articled`),
    French elided once the names and cards are in ("le tour d'Ana"); `params` may be a dict that
    answers a missing key itself."""
    text = _FORMATTER.vformat(text, (), params)
    return elide(text) if lang == "fr" else text


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


def elide(text: str) -> str:
    """French elision of "de"/"que" before a vowel, once the names and cards are in the text."""
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
