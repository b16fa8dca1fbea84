"""Pure helpers that turn solver data into display strings (testable without a running app).
A card's label and a play in words live in `solver.words.sentences` (the notebook display says
them too) and are imported here under their old names.

HTML here is built only from the engine's own data and the catalogs — never from user text —
and every string is escaped anyway. Functions passed to widgets as `format_func` live here, in
an importable module, because the app enforces picklable session state.
"""

from __future__ import annotations

import re
from html import escape

from solver import EDITIONS, Card, Play, card_name
from solver.rules.cards import TARGETED, TARGETS_OTHERS
from solver.words.sentences import FEMININE, action_text, card_label, card_list, card_word, naming_for  # noqa: F401
from tutor.i18n import LANGUAGE_NAMES, colon, fill, plural_key, t

#: Accent colour per card (value badge and border).
COLOURS = {
    Card.SPY: "#4b5563", Card.GUARD: "#1d4ed8", Card.PRIEST: "#0f766e", Card.BARON: "#7c3aed",
    Card.HANDMAID: "#db2777", Card.PRINCE: "#ca8a04", Card.CHANCELLOR: "#0369a1", Card.KING: "#b45309",
    Card.COUNTESS: "#be123c", Card.PRINCESS: "#9d174d",
}

CARD_CSS = """
<style>
.ll-row{display:flex;flex-wrap:wrap;gap:.4rem;align-items:flex-start;margin:.2rem 0}
.ll-card{width:7.2rem;min-height:9.6rem;border-radius:.6rem;border:3px solid var(--c);background:#fffdf8;
  padding:.35rem .45rem;box-shadow:0 1px 3px rgba(0,0,0,.2);font-size:.78rem;line-height:1.15;color:#2b1d16}
.ll-card .v{display:inline-block;min-width:1.6rem;text-align:center;border-radius:50%;background:var(--c);
  color:#fff;font-weight:700;font-size:1.05rem;padding:.1rem .3rem}
.ll-card .n{font-weight:700;font-size:.95rem;margin:.25rem 0}
.ll-card.small{width:4.6rem;min-height:4.6rem;font-size:.62rem;padding:.2rem}
.ll-card.small .n{font-size:.64rem;overflow-wrap:normal;word-break:keep-all}.ll-card.small .e{display:none}
.ll-back{width:3.6rem;min-height:4.6rem;border-radius:.6rem;border:3px solid #7f1d1d;
  background:repeating-linear-gradient(45deg,#9b1d3a,#9b1d3a 6px,#b8324f 6px,#b8324f 12px)}
.ll-back.big{width:7.2rem;min-height:9.6rem}
.ll-tag{display:inline-block;border-radius:.4rem;padding:.05rem .4rem;margin-right:.3rem;font-size:.75rem;
  background:#f1e6da;color:#2b1d16}
.ll-tag.out{background:#7f1d1d;color:#fff}.ll-tag.prot{background:#db2777;color:#fff}
.ll-tag.turn{background:#166534;color:#fff}
.ll-cap{font-size:.875rem;color:rgba(49,51,63,.6);margin:.6rem 0 .2rem}
.ll-card .n,.ll-card .e{word-break:normal!important;overflow-wrap:normal!important;hyphens:auto}
.ll-block{border-left:6px solid var(--c);padding:.2rem .6rem;margin:.35rem 0}
.ll-dim{opacity:.7}
.ll-strip{display:flex;flex-wrap:wrap;gap:.3rem .35rem;margin:.2rem 0 .4rem}
.ll-chip{display:inline-flex;align-items:center;gap:.25rem;border:2px solid var(--c);border-radius:1rem;
  padding:.05rem .5rem .05rem .1rem;font-size:.82rem;background:#fffdf8;white-space:nowrap}
.ll-chip .v{display:inline-block;min-width:1.3rem;text-align:center;border-radius:50%;background:var(--c);color:#fff;
  font-weight:700;font-size:.8rem;padding:.05rem .2rem}
@media (max-width:640px){[data-testid='stTable'] th,[data-testid='stTable'] td{padding-left:.3rem!important;padding-right:.3rem!important;font-size:.85rem}}
@media (max-width:640px){[data-testid='stGraphVizChart']{overflow-x:auto}[data-testid='stGraphVizChart'] svg{max-width:none!important}}
@media (max-width:640px){.ll-card{width:6rem;min-height:7.6rem}.ll-card .n{font-size:.8rem}.ll-card .e{font-size:.68rem}.ll-back.big{width:5.6rem;min-height:7.6rem}}
</style>
"""


#: The home page's journeys: each link a large button (a finger's size on a phone), its text white.
_TILES = ", ".join(f".st-key-home-{k} [data-testid='stPageLink-NavLink']" for k in ("learn", "ruling", "table", "practice"))
HOME_CSS = f"""
<style>
{_TILES}{{background:#9b1d3a;border-radius:.6rem;padding:.85rem 1rem;min-height:3.4rem}}
{_TILES.replace("NavLink']", "NavLink'] *")}{{color:#fff!important;font-size:1.2rem!important;font-weight:700}}
{_TILES.replace("NavLink']", "NavLink']:hover")}{{background:#7f1d1d}}
{_TILES.replace("NavLink']", "NavLink'] span")}{{white-space:normal!important;overflow:visible!important;text-overflow:clip!important;line-height:1.3}}
</style>
"""


def edition_title(key: str) -> str:
    edition = EDITIONS.get(key)
    return edition.title if edition else key


def language_title(lang: str) -> str:
    return LANGUAGE_NAMES.get(lang, lang)


_LABEL_VALUE = re.compile(r" \((\d)\)")


def unbroken(text) -> str:
    """`text` with each card label kept on one line ("Roi\u00a0(7)", never "Roi" above "(7)"):
    for the narrow cells of a table that wraps; display only."""
    return _LABEL_VALUE.sub("\u00a0(\\1)", text) if isinstance(text, str) else text


def card_html(card: Card, edition, lang: str, small: bool = False) -> str:
    name = escape(card_name(card, naming_for(lang)))
    effect = escape(t(lang, f"effect_{card.name}"))
    cls = "ll-card small" if small else "ll-card"
    return (f'<div class="{cls}" lang="{naming_for(lang)}" style="--c:{COLOURS[card]}"><span class="v">{edition.value(card)}</span>'
            f'<div class="n">{name}</div><div class="e">{effect}</div></div>')


def card_block_html(card: Card, edition, lang: str, full: bool = False) -> str:
    """One card as a block that wraps at any width: value · name — copies in the deck, then its
    effect (the whole effect with `full`, as the rules reference gives it; the short one otherwise)."""
    effect = t(lang, f"{'full_effect' if full else 'effect'}_{card.name}")
    return (f'<div class="ll-block" style="--c:{COLOURS[card]}">'
            f'<b>{edition.value(card)} · {escape(card_name(card, naming_for(lang)))}</b> '
            f'<span class="ll-dim">— {escape(t(lang, "ref_copies", n=edition.count(card)))}</span><br>'
            f'{escape(effect, quote=False)}</div>')


def card_strip_html(edition, lang: str) -> str:
    """Every card of the edition as a small chip (value, name, copies), in one wrapping line: the
    reminder at the top of each lesson."""
    chips = (f'<span class="ll-chip" style="--c:{COLOURS[c]}"><span class="v">{edition.value(c)}</span>'
             f'{escape(card_name(c, naming_for(lang)))} <span class="ll-dim">×{edition.count(c)}</span></span>'
             for c in edition.cards)
    return '<div class="ll-strip">' + "".join(chips) + "</div>"


def back_html(big: bool = False) -> str:
    return f'<div class="ll-back{" big" if big else ""}"></div>'


def row_html(parts) -> str:
    return '<div class="ll-row">' + "".join(parts) + "</div>"


def caption_html(text: str) -> str:
    """A small grey heading inside a board's HTML (like st.caption)."""
    return f'<div class="ll-cap">{escape(text)}</div>'


def tag_html(text: str, kind: str = "") -> str:
    return f'<span class="ll-tag {kind}">{escape(text)}</span>'


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
