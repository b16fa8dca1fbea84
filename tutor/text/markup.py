"""The card table's HTML and CSS: cards, card backs, tags, the card strip of a lesson, the home
page's buttons. Pure strings (testable without a running app).

HTML here is built only from the engine's own data and the catalogs — never from user text —
and every string is escaped anyway.
"""

from __future__ import annotations

import re
from html import escape

from solver import Card, card_name
from solver.words.i18n import t
from solver.words.sentences import naming_for

#: Accent colour per card (value badge and border).
COLOURS = {
    Card.SPY: "#4b5563", Card.GUARD: "#1d4ed8", Card.PRIEST: "#0f766e", Card.BARON: "#7c3aed",
    Card.HANDMAID: "#db2777", Card.PRINCE: "#ca8a04", Card.CHANCELLOR: "#0369a1", Card.KING: "#b45309",
    Card.COUNTESS: "#be123c", Card.PRINCESS: "#9d174d",
}

#: Your hand at a practice table (`tutor.widgets.board.hand_picker`): each card is a button — the card's
#: picture with the button laid over it, transparent (its name is the button's: "Guard (1)"); the card
#: chosen lifted and ringed, a card you may not play dimmed.
HAND_CSS = """
[data-testid='stLayoutWrapper']:has(> div[class*='st-key-llhand-']){flex:0 0 auto!important;width:auto!important}
div[class*='st-key-llhand-']{position:relative;width:fit-content!important;flex:0 0 auto;gap:0}
div[class*='st-key-llhand-'] [data-testid='stElementContainer']:has(button){position:absolute;inset:0;z-index:2;
  width:100%!important;height:100%}
div[class*='st-key-llhand-'] [data-testid='stButton'],div[class*='st-key-llhand-'] [data-testid='stButton'] > div{height:100%;width:100%}
div[class*='st-key-llhand-'] button{width:100%;height:100%;min-height:100%;background:transparent!important;
  border:none!important;color:transparent!important;box-shadow:none!important;border-radius:.6rem;padding:0}
div[class*='st-key-llhand-'] button p{color:transparent!important}
@media (hover:hover){div[class*='st-key-llhand-'] button:enabled:hover{background:rgba(155,29,58,.08)!important}}
div[class*='st-key-llhand-'] button:focus-visible{outline:3px solid #9b1d3a!important}
div[class*='st-key-llhand-'] button:disabled{cursor:not-allowed}
div[class*='st-key-llhand-'][class*='-on'] .ll-card{outline:4px solid #166534;outline-offset:2px;transform:translateY(-.3rem)}
div[class*='st-key-llhand-'][class*='-off'] .ll-card{opacity:.45}
"""

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
[data-testid='stMain'] [data-testid='stPageLink-NavLink'] p{text-decoration:underline;text-underline-offset:.2em;color:#9b1d3a}
@media (max-width:640px){[data-testid='stTable'] th,[data-testid='stTable'] td{padding-left:.3rem!important;padding-right:.3rem!important;font-size:.8rem;overflow-wrap:anywhere}}
@media (max-width:640px){[data-testid='stGraphVizChart']{overflow-x:auto}[data-testid='stGraphVizChart'] svg{max-width:none!important}}
@media (max-width:640px){.ll-card{width:6rem;min-height:7.6rem}.ll-card .n{font-size:.8rem}.ll-card .e{font-size:.68rem}.ll-back.big{width:4.4rem;min-height:5.8rem}}
.ll-seats{display:flex;flex-wrap:wrap;gap:.5rem 1rem;align-items:flex-start;margin:.2rem 0}
.ll-seats .ll-back.big{width:2.4rem;min-height:3.1rem}
.ll-back.mini{display:inline-block;width:1.2rem;min-height:1.6rem;border-width:2px;border-radius:.25rem;vertical-align:middle}
.ll-group{display:inline-flex;flex-wrap:wrap;align-items:center;gap:.25rem}
.ll-seats{flex-direction:column;gap:.35rem}.ll-cap.ll-inline{margin:0 .1rem 0 .3rem}
""" + HAND_CSS + """</style>
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


def back_html(big: bool = False, mini: bool = False) -> str:
    """A card face down (`mini`: a chip's size, inline in a line of tags)."""
    return f'<div class="ll-back{" big" if big else ""}{" mini" if mini else ""}"></div>'


def chip_html(card: Card, edition, lang: str) -> str:
    """A card as a chip (value, name), inline in a line of tags (a phone's board)."""
    return (f'<span class="ll-chip" style="--c:{COLOURS[card]}"><span class="v">{edition.value(card)}</span>'
            f'{escape(card_name(card, naming_for(lang)))}</span>')


def row_html(parts) -> str:
    return '<div class="ll-row">' + "".join(parts) + "</div>"


def caption_html(text: str) -> str:
    """A small grey heading inside a board's HTML (like st.caption)."""
    return f'<div class="ll-cap">{escape(text)}</div>'


def tag_html(text: str, kind: str = "") -> str:
    return f'<span class="ll-tag {kind}">{escape(text)}</span>'


#: Where the app explains the record notation (the reference page's section).
GUIDE = "reference#notation"


def guide_link(text: str, lang: str) -> str:
    """An error's "(see the notation guide)" as a Markdown link to the guide (the reference page's
    notation section); the words are the catalog's (`notation_guide`) in each language."""
    words = t(lang, "notation_guide")
    return text.replace(words, f"[{words}]({GUIDE})", 1) if words in text else text


#: A font whose every glyph is blank and zero wide (800 bytes, built with fontTools; printable
#: ASCII mapped to one empty glyph). Streamlit draws its own icons (the expander's arrow, the
#: sidebar's button) as words of the Material Symbols font, and a first visit on a slow line read
#: those words ("keyboard_arrow_right") once the font's 3 s of invisible text had passed: with this
#: font after it, an icon is blank until its font arrives, never a word (issue 36, point 12).
BLANK_FONT = (
    "AAEAAAAKAIAAAwAgT1MvMkEXP8IAAAEoAAAAYGNtYXAAXwG+AAABkAAAAPJnbHlmAAAAAAAAAowAAAABaGVhZC2IKbAAAACsAAAA"
    "NmhoZWEDIf86AAAA5AAAACRobXR4AAAAAAAAAYgAAAAGbG9jYQAAAAAAAAKEAAAABm1heHAAAwACAAABCAAAACBuYW1l/ZpcvgAA"
    "ApAAAABjcG9zdG1nc80AAAL0AAAALAABAAAAAQAA604jaV8PPPUAAwPoAAAAAOc49GgAAAAA5zj0aAAAAAAAAAAAAAAAAwACAAAA"
    "AAAAAAEAAAMg/zgAAAAAAAAAAAAAAAEAAAAAAAAAAAAAAAAAAAABAAEAAAACAAAAAAAAAAAAAgAAAAAAAAAAAAAAAAAAAAAAAwAA"
    "AZAABQAEAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAABAAAAAAAAAAAAAAAAPz8/PwAAACAAfgAAAAAAAAAAAAAA"
    "AAAAAAAAAAAAAAAAAAAgAAAAAAAAAAAAAAAAAAIAAAADAAAAFAADAAEAAAAUAAQA3gAAAAQABAABAAAAfv//AAAAIP//AAAAAQAE"
    "AAAAAQABAAEAAQABAAEAAQABAAEAAQABAAEAAQABAAEAAQABAAEAAQABAAEAAQABAAEAAQABAAEAAQABAAEAAQABAAEAAQABAAEA"
    "AQABAAEAAQABAAEAAQABAAEAAQABAAEAAQABAAEAAQABAAEAAQABAAEAAQABAAEAAQABAAEAAQABAAEAAQABAAEAAQABAAEAAQAB"
    "AAEAAQABAAEAAQABAAEAAQABAAEAAQABAAEAAQABAAEAAQABAAEAAQABAAAAAAAAAAAAAAAAAAAAAAAEADYAAQAAAAAAAQAIAAAA"
    "AQAAAAAAAgAHAAgAAwABBAkAAQAQAA8AAwABBAkAAgAOAB9MTCBCbGFua1JlZ3VsYXIATABMACAAQgBsAGEAbgBrAFIAZQBnAHUA"
    "bABhAHIAAAIAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAgAAAQIFYmxhbms="
)
ICON_CSS = (
    "<style>@font-face{font-family:'LL Blank';src:url(data:font/ttf;base64," + BLANK_FONT + ") format('truetype')}"
    "[data-testid='stIconMaterial']{font-family:'Material Symbols Rounded','LL Blank'!important}</style>"
)
