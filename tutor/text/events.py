"""Events and rulings in sentences: the public event log, what only some players saw, the rules
the engine applied, a ruling's line (`solver.teaching.ruling.Line`) in the chosen language.
Pure functions (testable without a running app).
"""

from __future__ import annotations

from solver import Card, Play
from solver.rules.cards import TARGETS_OTHERS
from solver.words.i18n import colon, fill, plural_key, t
from solver.words.sentences import action_text, card_label, card_list


def event_lines(events, edition, lang: str, names, you=None) -> list[str]:
    """Public events in words for the event log (private details stay with their viewers). With
    `you` (a seat), that player is addressed in the second person where a verb follows the name
    ("You gain the Spy bonus", not "You gains")."""
    from solver.rules.events import (BaronResult, CardPlayed, GuardGuessed, KnockedOut, NoEffect, PrinceDiscarded,
                               Protected, RoundEnded)

    def yours(seat) -> str:  # the catalog's second-person variant for the viewer
        return ".you" if you is not None and seat == you else ""

    out = []
    said = None  # a card whose play line already says it has no effect
    hit = None  # the Guard's target whose hit line already says they are out
    for ev in events:
        if isinstance(ev, CardPlayed):
            play = Play(ev.card, ev.target, ev.guess)
            out.append(f"{names[ev.player]}{colon(lang)} {action_text(play, edition, lang, names, you=you, by=ev.player)}")
            said = ev.card if ev.target is None and Card(ev.card) in TARGETS_OTHERS else None
        elif isinstance(ev, NoEffect):
            if ev.card != said:
                out.append(f"{card_label(ev.card, edition, lang)} — {t(lang, 'no_effect')}")
        elif isinstance(ev, GuardGuessed):  # a sentence, not a ✔/✘ sign a beginner must decode
            out.append(t(lang, ("hist.hit" if ev.hit else "hist.miss") + yours(ev.target), target=names[ev.target],
                         guess=card_label(ev.guess, edition, lang)))
            hit = ev.target if ev.hit else None
        elif isinstance(ev, BaronResult) and ev.loser is None:
            out.append(t(lang, "hist.tie"))
        elif isinstance(ev, Protected):
            out.append(f"{names[ev.player]}{colon(lang)} {t(lang, 'protected_marker')}")
        elif isinstance(ev, PrinceDiscarded):
            out.append(t(lang, "hist.discarded" + yours(ev.target), player=names[ev.target],
                         card=card_label(ev.card, edition, lang)))
        elif isinstance(ev, KnockedOut) and ev.player == hit and ev.cause == "guard":
            continue  # "Hit: Luis held the Princess (9) and is out of the round" said it
        elif isinstance(ev, KnockedOut):  # "Luis is out of the round and shows the Guard (1)."
            if len(ev.cards) == 1:
                out.append(t(lang, "hist.out_card" + yours(ev.player), player=names[ev.player],
                             card=card_label(ev.cards[0], edition, lang)))
            else:
                shown = ", ".join(card_label(c, edition, lang) for c in ev.cards)
                line = t(lang, "hist.out" + yours(ev.player), player=names[ev.player])
                out.append(f"{line[:-1]} ({shown})." if shown else line)
        elif isinstance(ev, RoundEnded):  # sentences, like the lines above them
            if you is not None and ev.winners == (you,):
                out.append(_sentence(t(lang, "you_win_round")))
            else:
                out.append(_sentence(t(lang, "winners", names=", ".join(t(lang, "you_subject") if w == you else names[w]
                                                                        for w in ev.winners) or "—")))
            if ev.spy_bonus is not None and ev.spy_bonus == you:
                out.append(_sentence(t(lang, "spy_bonus_you")))
            elif ev.spy_bonus is not None:
                out.append(_sentence(t(lang, "spy_bonus", name=names[ev.spy_bonus])))
    return out


def _sentence(text: str) -> str:
    """A catalog line ended as a sentence (a full stop in en, es and fr)."""
    return text if text.endswith((".", "!", "?", "…")) else text + "."


def private_lines(events, edition, lang: str, names, you=None) -> list[str]:
    """What only some players see (a Priest's look, a Baron's cards, a trade, a draw): the
    ruling checker shows the whole truth of a hypothetical position; practice shows what
    `you` (a seat) learned, in the second person."""
    from solver.rules.events import BaronCompared, CardDrawn, ChancellorDrew, ChancellorReturned, HandsTraded, PriestSaw

    label = lambda c: card_label(c, edition, lang)  # noqa: E731
    out = []
    for ev in events:
        if you is not None and getattr(ev, "player", None) == you:
            if isinstance(ev, PriestSaw):
                out.append(t(lang, "you_priest", target=names[ev.target], card=label(ev.card)))
                continue
            if isinstance(ev, (CardDrawn, ChancellorDrew)):
                cards = (ev.card,) if isinstance(ev, CardDrawn) else ev.cards
                out.append(t(lang, "you_drew", card=card_list(cards, edition, lang)))
                continue
            if isinstance(ev, BaronCompared):
                out.append(t(lang, "you_baron", target=names[ev.target], a=label(ev.player_card),
                             b=label(ev.target_card)))
                continue
            if isinstance(ev, HandsTraded):
                out.append(t(lang, "you_king", target=names[ev.target], gave=label(ev.gave), got=label(ev.received)))
                continue
            if isinstance(ev, ChancellorReturned):
                out.append(t(lang, "you_returned", kept=label(ev.kept), cards=card_list(ev.bottom, edition, lang)))
                continue
        if you is not None and getattr(ev, "target", None) == you:
            if isinstance(ev, BaronCompared):
                out.append(t(lang, "you_baron_target", player=names[ev.player], a=label(ev.player_card),
                             b=label(ev.target_card)))
                continue
            if isinstance(ev, HandsTraded):
                out.append(t(lang, "you_king_target", player=names[ev.player], gave=label(ev.gave),
                             got=label(ev.received)))
                continue
        if isinstance(ev, PriestSaw):
            out.append(t(lang, "rc_priest", player=names[ev.player], target=names[ev.target], card=label(ev.card)))
        elif isinstance(ev, BaronCompared):
            out.append(t(lang, "rc_baron", player=names[ev.player], target=names[ev.target],
                         a=label(ev.player_card), b=label(ev.target_card)))
        elif isinstance(ev, HandsTraded):
            out.append(t(lang, "rc_king", player=names[ev.player], target=names[ev.target], gave=label(ev.gave),
                         got=label(ev.received)))
        elif isinstance(ev, CardDrawn):
            out.append(t(lang, "rc_drew", player=names[ev.player], card=label(ev.card)))
        elif isinstance(ev, ChancellorDrew):
            out.append(t(lang, "rc_drew", player=names[ev.player], card=card_list(ev.cards, edition, lang)))
        elif isinstance(ev, ChancellorReturned):
            out.append(t(lang, "rc_returned", player=names[ev.player], kept=label(ev.kept),
                         cards=card_list(ev.bottom, edition, lang)))
    return out


def rule_notes(events, lang: str) -> list[str]:
    """The specific rules the engine applied, from its typed events (no-effect reasons,
    knock-out causes, how the round ended)."""
    from solver.rules.events import KnockedOut, NoEffect, RoundEnded

    out = []
    for ev in events:
        if isinstance(ev, NoEffect):
            out.append(t(lang, f"rc_noeffect_{ev.reason}"))
        elif isinstance(ev, KnockedOut):
            out.append(t(lang, f"rc_out_{ev.cause}"))
        elif isinstance(ev, RoundEnded):
            out.append(t(lang, f"rc_end_{ev.reason}"))
    return out


class _Blank(dict):
    def __missing__(self, key):
        return "—"


def say(line, edition, lang: str, names) -> str:
    """A `solver.teaching.ruling.Line` (catalog key + parameters) as a translated sentence:
    seats become names, cards their names in the chosen language, lists joined; the first
    letter is a capital. Missing parameters show as a dash rather than failing."""
    from solver.teaching.ruling import SEAT_PARAMS

    params = _Blank()
    for key, value in line.params.items():
        if key in SEAT_PARAMS and isinstance(value, int) and not isinstance(value, Card):
            params[key] = names[value] if 0 <= value < len(names) else str(value)
        elif key == "winners":
            who = [names[w] for w in value]
            params[key] = who[0] if len(who) == 1 else f"{', '.join(who[:-1])} {t(lang, 'and')} {who[-1]}"
        elif key == "scores":  # (seat, number) pairs
            params[key] = ", ".join(f"{names[s]} {n}" for s, n in value)
        elif isinstance(value, Card):
            params[key] = card_label(value, edition, lang)
        elif isinstance(value, tuple):  # cards: a catalog may ask for their articles
            params[key] = card_list(value, edition, lang)
        else:
            params[key] = value
    text = fill(t(lang, plural_key(lang, line.key, line.params.get("n"))), params, lang)
    return text[:1].upper() + text[1:]
