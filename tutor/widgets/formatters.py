"""Picklable `format_func`s for widgets.

The app enforces picklable session state, and under test Streamlit keeps each widget's
format_func there; a lambda or a class defined in a page script cannot be pickled, so every
formatter lives in this importable module.
"""

from __future__ import annotations

from solver import Card, card_name, get_edition
from solver.words.i18n import LANGUAGE_NAMES, t
from solver.words.sentences import card_label, naming_for
from tutor.text.scenarios import scenarios


def language_title(lang: str) -> str:
    """A language code -> its name in that language ("Français")."""
    return LANGUAGE_NAMES.get(lang, lang)


class CardLabel:
    """card value (int) -> "Guard (1)"; a negative value -> a dash."""

    def __init__(self, edition_key: str, language: str):
        self.edition_key, self.language = edition_key, language

    def __call__(self, value: int) -> str:
        if value < 0:
            return t(self.language, "none")
        return card_label(Card(value), get_edition(self.edition_key), self.language)


class CardNameOnly:
    def __init__(self, language: str):
        self.language = language

    def __call__(self, value: int) -> str:
        return card_name(Card(value), naming_for(self.language))


class SeatName:
    def __init__(self, names: tuple, language: str):
        self.names, self.language = tuple(names), language

    def __call__(self, seat: int) -> str:
        return t(self.language, "none") if seat < 0 else self.names[seat]


class EditionTitle:
    """An edition key -> its title in the chosen language ("Classique (16 cartes)")."""

    def __init__(self, language: str):
        self.language = language

    def __call__(self, key: str) -> str:
        return t(self.language, f"edition.{key}")


class SeatOrNobody:
    """A seat -> its name; -1 -> "nobody" (a quiz answer)."""

    def __init__(self, names: tuple, language: str):
        self.names, self.language = tuple(names), language

    def __call__(self, seat: int) -> str:
        if seat >= 0:
            return self.names[seat]
        nobody = t(self.language, "quiz_nobody")
        return nobody[:1].upper() + nobody[1:]  # an answer of its own, like the names beside it


class LessonTitle:
    def __init__(self, language: str):
        self.language = language

    def __call__(self, lid: str) -> str:
        from tutor.text.curriculum import load_lessons

        for lesson in load_lessons():
            if lesson.id == lid:
                return lesson.title(self.language)
        return lid


class ScenarioTitle:
    def __init__(self, language: str):
        self.language = language

    def __call__(self, sid: str) -> str:
        sc = scenarios().get(sid)
        if sc is None:
            return sid
        return sc.text.get(self.language, sc.text["en"])["title"]


class EntryLabel:
    """A value offered by the guided entry (solver.analysis.entry) for one field, in words."""

    def __init__(self, edition_key: str, language: str, names: tuple, field: str):
        self.edition_key, self.language, self.names, self.field = edition_key, language, tuple(names), field

    def __call__(self, value) -> str:
        from solver.analysis.entry import STOP

        lang = self.language
        edition = get_edition(self.edition_key)
        if value == STOP:
            return t(lang, "entry_stop_keep" if self.field == "keep" else "entry_stop")
        if self.field in ("target", "baron") and isinstance(value, int) and not isinstance(value, Card):
            return self.names[value] + (f" — {t(lang, 'out_marker')}" if self.field == "baron" else "")
        if self.field == "baron":
            return t(lang, "entry_tie")
        if self.field == "result":
            return t(lang, f"entry_{value}")
        if self.field == "bottom":
            return " → ".join(card_label(Card(c), edition, lang) for c in value) + f" ({t(lang, 'entry_bottom_last')})"
        return card_label(Card(value), edition, lang)


class ModelName:
    def __init__(self, language: str):
        self.language = language

    def __call__(self, model: str) -> str:
        return t(self.language, "model_" + model.replace("-", "_"))


class PlayLabel:
    """An index into an advice ranking -> the play in words."""

    def __init__(self, labels: tuple):
        self.labels = tuple(labels)

    def __call__(self, i: int) -> str:
        return self.labels[i]


class KeyLabel:
    """A stable option key -> its catalog text (`prefix` + key)."""

    def __init__(self, language: str, prefix: str):
        self.language, self.prefix = language, prefix

    def __call__(self, key: str) -> str:
        return t(self.language, self.prefix + key.replace("-", "_"))


class TieRule:
    """A showdown tie rule key -> its description."""

    KEYS = {"all_tied_win": "tie_all", "discard_total_then_all": "tie_discards",
            "discard_total_then_none": "tie_discards_none"}

    def __init__(self, language: str):
        self.language = language

    def __call__(self, rule: str) -> str:
        return t(self.language, self.KEYS.get(rule, rule))


class CopyLabel:
    """A copy of a card (value * 10 + copy number) -> "Guard (1)", "a second Guard (1)" ("una segunda
    Doncella (4)", "une deuxième Servante (4)"): a card picked as many times as the edition has it, in
    words ("Guard (1) (copy 2)" read as notation)."""

    def __init__(self, edition_key: str, language: str):
        self.edition_key, self.language = edition_key, language

    def __call__(self, value: int) -> str:
        card, k = divmod(value, 10)
        label = card_label(Card(card), get_edition(self.edition_key), self.language)
        if k == 0:
            return str(label)
        nth = f"rc_nth_{k + 1}" + ("_f" if getattr(label, "feminine", False) else "")
        return t(self.language, "rc_copy", nth=t(self.language, nth), card=str(label))


class TargetName:
    """A seat, or -1 for nobody (a play with no effect), the learner's seat as "you"."""

    def __init__(self, names: tuple, you: int, language: str):
        self.names, self.you, self.language = tuple(names), you, language

    def __call__(self, seat: int) -> str:
        if seat < 0:
            return t(self.language, "pr_pick_nobody")
        return t(self.language, "pr_you") if seat == self.you else self.names[seat]
