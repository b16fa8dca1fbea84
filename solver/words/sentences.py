"""Sentences about the solver's objects in a language (pure functions, no app): a card's label
("Guard (1)", with its article where a catalog asks), a play ("Guard (1) on Luis, naming Prince (5)"),
a record's turns as the app's history tells them, a refusal by its rule. The app (`tutor/`) and
the notebook display (`solver.display`) both say these.
"""

from __future__ import annotations

import re
from string import Formatter

from solver.analysis.narration import history
from solver.rules.actions import ChancellorChoice, Play
from solver.rules.cards import TARGETS_OTHERS, Card
from solver.rules.names import card_name
from solver.words.i18n import Articled, ArticledList, catalog, t


def naming_for(lang: str) -> str:
    return lang if lang in ("en", "es", "fr") else "en"


#: The cards whose name is feminine in the app's Spanish and French decks (for their articles).
FEMININE = {
    "es": frozenset({Card.SPY, Card.GUARD, Card.HANDMAID, Card.COUNTESS, Card.PRINCESS}),
    "fr": frozenset({Card.SPY, Card.HANDMAID, Card.COUNTESS, Card.PRINCESS}),
}


def card_label(card: Card, edition, lang: str) -> Articled:
    """"Guard (1)" in the chosen language (a catalog may ask for it with its article)."""
    return _articled(f"{card_name(card, naming_for(lang))} ({edition.value(card)})", card, lang)


def card_word(card: Card, lang: str) -> Articled:
    """The card's name alone ("Countess"), as a sentence may ask for it: "The Countess is not in
    your hand"."""
    return _articled(card_name(card, naming_for(lang)), card, lang)


def _articled(text: str, card: Card, lang: str) -> Articled:
    return Articled(text, card in FEMININE.get(lang, ()), naming_for(lang))


def card_list(cards, edition, lang: str):
    """Cards for a sentence: one card's `card_label`, several as an `ArticledList` ("{cards:a}" →
    "a King (7) and a Prince (5)"), none as a dash."""
    cards = [Card(c) for c in cards]
    if len(cards) == 1:
        return card_label(cards[0], edition, lang)
    return ArticledList([card_label(c, edition, lang) for c in cards], lang) if cards else "—"


def action_text(action, edition, lang: str, names, you=None, by=None) -> str:
    """A play in words: "Guard (1) on Luis, naming Prince (5)". With `you` (the viewer's seat),
    a play on the viewer says "on yourself" when the viewer makes it (`by`, the viewer unless
    said otherwise) and "on you" when another player does; another player's (`by`) play on
    themselves says "on their own hand"."""
    if isinstance(action, ChancellorChoice):
        # The cards go under the deck one after the other: the last one named ends at the bottom.
        under = [card_label(c, edition, lang) for c in action.bottom] or ["—"]
        return t(lang, "keep_under_two" if len(under) == 2 else "keep_under", keep=card_label(action.keep, edition, lang),
                 first=under[0], second=under[-1])
    if not isinstance(action, Play):
        return str(action)
    card = card_label(Card(action.card), edition, lang)
    if action.target is None:
        # A card that chooses another player, played when nobody can be chosen: say why it has no target.
        return t(lang, "play_no_effect", card=card) if Card(action.card) in TARGETS_OTHERS else card
    if you is not None and action.target == you:
        target = t(lang, "play_yourself" if (you if by is None else by) == you else "hist_you_object")
    elif by is not None and action.target == by:  # another player's Prince on their own hand
        target = t(lang, "play_own_hand")
    else:
        target = names[action.target]
    if action.guess is None:
        return t(lang, "play_on", card=card, target=target)
    return t(lang, "play_naming", card=card, target=target, guess=card_label(Card(action.guess), edition, lang))


def sentence_text(sentence, record, lang: str, you: bool = False) -> str:
    """One sentence of `solver.analysis.narration` in the chosen language. With `you`, the viewer
    is addressed in the second person when they are the sentence's subject."""
    e = record.edition
    params = {}
    for name, value in sentence.params.items():
        if name in ("player", "target"):
            if you and value == record.viewer:  # "on you"; "on yourself" when you play it
                mine = name == "target" and sentence.params.get("player") == record.viewer
                params[name] = t(lang, "play_yourself" if mine else "hist_you_object")
            elif name == "target" and value == sentence.params.get("player"):  # "on their own hand"
                params[name] = t(lang, "play_own_hand")
            else:
                params[name] = record.seats[value]
        elif name == "cards":
            params[name] = card_list(value, e, lang)
        else:
            params[name] = card_label(value, e, lang)
    key = sentence.key
    if you and sentence.subject and sentence.params.get(sentence.subject) == record.viewer:
        key += ".you"
    return t(lang, key, **params)


def history_lines(record, lang: str, you: bool = False) -> list[str]:
    """The record's turns as sentences (`solver.analysis.narration`), one line per turn."""
    return [" ".join(sentence_text(x, record, lang, you) for x in turn) for turn in history(record)]


def error_text(err, lang: str) -> str:
    """A refusal from solver/ in the chosen language: where (the deal, turn n) and what, by the
    error's rule key (`err.<rule>` or the engine's `rule.<rule>`), with its card translated.
    Never the solver's English message nor the echoed input."""
    where = getattr(err, "where", "") or ""
    turn = re.match(r"turn (\d+)", where)
    params = dict(getattr(err, "params", {}) or {})
    for field in ("card", "guess"):
        if params.get(field) is not None:
            try:
                card = Card(params[field])
            except (ValueError, TypeError):  # not a card (e.g. a guess given as 42): not echoed
                del params[field]
                continue
            params[field] = card_word(card, lang)  # "{card:The}": "The Countess is not in your hand"
    fact = params.get("fact")
    if fact is not None:  # the fact no deal allows: "what the Priest showed (a Countess)"
        key = f"fact.{fact}"
        if key in catalog("en"):
            params["fact"] = t(lang, key, card=params.get("card", ""))
        else:
            del params["fact"]
    for key in (f"err.{err.rule}", f"rule.{err.rule}", f"err.{err.rule}-some"):
        needed = {f for _, f, _, _ in Formatter().parse(t("en", key)) if f}
        if (key in catalog(lang) or key in catalog("en")) and needed <= set(params):
            body = t(lang, key, **params)
            break
    else:
        body = t(lang, "err_generic")
    if turn:
        return t(lang, "err_at_turn", n=turn.group(1), what=body)
    if where.startswith("header"):
        return t(lang, "err_at_header", what=body)
    return body[:1].upper() + body[1:]
