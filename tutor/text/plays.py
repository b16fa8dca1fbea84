"""Plays in words where the app says more than `solver.words.sentences.action_text`: a play as
the learner chose it, legal or not, and the legal plays grouped by card. Pure functions.
"""

from __future__ import annotations

from solver import Card, Play
from solver.rules.cards import TARGETED
from solver.words.i18n import either, semicolon, t
from solver.words.sentences import action_text, card_label


def attempt_text(action, edition, lang: str, names) -> str:
    """A play as the learner chose it, legal or not (the ruling checker's "Not allowed: …").
    Unlike `action_text`, which words plays the engine made, a card sent with no player chosen
    says "choosing nobody" (not "with no effect (nobody can be chosen)", which contradicted the
    refusal when a player could be chosen), and a card named with no player is still shown."""
    if not isinstance(action, Play) or action.target is not None:
        return action_text(action, edition, lang, names)
    card = card_label(Card(action.card), edition, lang)
    chooses = Card(action.card) in TARGETED
    if action.guess is not None:
        guess = card_label(Card(action.guess), edition, lang)
        return t(lang, "play_nobody_naming" if chooses else "play_card_naming", card=card, guess=guess)
    return t(lang, "play_nobody", card=card) if chooses else card



def legal_summary(legal, edition, language: str, names) -> str:
    """The legal actions grouped by card: "Guard (1) on Luis or Marta (naming any card but
    the Guard); Priest (2) on Luis or Marta" instead of one entry per target and guess."""
    parts, seen = [], []
    for a in legal:
        if not isinstance(a, Play):
            return f"{semicolon(language)} ".join(action_text(x, edition, language, names) for x in legal)
        if a.card not in seen:
            seen.append(a.card)
    for card in seen:
        plays = [a for a in legal if a.card == card]
        targets = sorted({a.target for a in plays if a.target is not None})
        text = card_label(Card(card), edition, language)
        if targets:
            text = t(language, "play_on", card=text, target=either(language, (names[x] for x in targets)))
        if any(a.guess is not None for a in plays):
            text += " " + t(language, "legal_any_guess")
        parts.append(text)
    return f"{semicolon(language)} ".join(parts)


#: The header's fields (`solver.records.notation`): a segment holding one of them is the header's.
HEADER_FIELDS = ("first:", "viewer:", "up:", "dealt:", "opt:")


def link_name_problem(text: str, lang: str):
    """A record from a link whose header was cut by a "|" typed in a name ("2019 Ana,Lu|is first:Ana
    …": "|" separates the turns): the same words as when that name is typed in the form
    (`name_problem`), or None when the link's trouble is another."""
    segments = text.split("|")
    for k in range(1, len(segments)):
        words = segments[k].split()
        if any(w.startswith(HEADER_FIELDS) for w in words) and not any(
                w.startswith(HEADER_FIELDS) for w in segments[0].split()):
            head = segments[0].split()
            names = head[1] if len(head) > 1 else ""
            joined = "|".join([names] + [seg.split()[0] if seg.split() else "" for seg in segments[1:k + 1]])
            return name_problem(joined, lang)
    return None


def name_problem(names_text: str, lang: str):
    """What is wrong with the names typed in the analyzer's form ("Ana, A|B"), in words naming the
    character ("“|” cannot be in a name: …"), or None. The notation's own rule decides
    (`solver.records.record.check_name`); this only finds the character to name."""
    from solver import LoveLetterError
    from solver.records.record import check_name

    for raw in names_text.split(","):
        name = raw.strip()
        if not name:
            continue
        try:
            check_name(name)
        except LoveLetterError:
            for i, ch in enumerate(name):
                probe = ch if i == 0 else "a" + ch  # a name starts with a letter or a digit
                try:
                    check_name(probe)
                except LoveLetterError:
                    what = t(lang, "name_space") if ch.isspace() else t(lang, "name_char", char=ch)
                    key = "name_bad_start" if i == 0 else "name_bad_char"
                    return t(lang, key, char=what, name=name)
            return t(lang, "name_too_long", name=name[:24])
    return None


def narrowed(legal, card=None, target=None, keep=None) -> dict:
    """The learner's choices among the engine's legal actions, one detail at a time: the cards that
    may be played (or kept, after a Chancellor), then for the card chosen the players it may choose
    (-1: nobody), then the guesses (-1: none). {"cards": [...], "targets": [...], "guesses": [...],
    "orders": [...], "action": the index in `legal` once the details fix it, or None}. Pure: what is
    legal is the engine's list, never decided here."""
    from solver.rules.actions import ChancellorChoice

    out = {"cards": [], "targets": [], "guesses": [], "orders": [], "action": None}
    if legal and isinstance(legal[0], ChancellorChoice):
        out["cards"] = list(dict.fromkeys(int(a.keep) for a in legal))
        if keep is None:
            return out
        rows = [i for i, a in enumerate(legal) if int(a.keep) == keep]
        out["orders"] = rows
        if len(rows) == 1:
            out["action"] = rows[0]
        return out
    out["cards"] = list(dict.fromkeys(int(a.card) for a in legal))
    if card is None:
        return out
    rows = [i for i, a in enumerate(legal) if int(a.card) == card]
    out["targets"] = list(dict.fromkeys(-1 if legal[i].target is None else legal[i].target for i in rows))
    if len(out["targets"]) > 1:
        if target is None:
            return out
        rows = [i for i in rows if (-1 if legal[i].target is None else legal[i].target) == target]
    out["guesses"] = list(dict.fromkeys(-1 if legal[i].guess is None else int(legal[i].guess) for i in rows))
    if len(out["guesses"]) > 1:
        return out
    out["action"] = rows[0] if len(rows) == 1 else None
    return out


def narrowed_guess(legal, card: int, target, guess: int):
    """The index in `legal` of the play of `card` on `target` (-1: nobody) naming `guess`, or None."""
    for i, a in enumerate(legal):
        if int(a.card) == card and (-1 if a.target is None else a.target) == target and \
                (-1 if a.guess is None else int(a.guess)) == guess:
            return i
    return None
