"""Rich display in Jupyter: a `Round` or a `Game`, a `Record`, a `Posterior` and an `Advice` show
themselves as HTML (and a record's turns as Markdown) in the words of the app (`solver.words`).

`import solver` imports this module, which registers its renderers with `solver.rules.rich` (the
classes of the lower layers call that registry from their `_repr_html_`; they never import this
module). Every name and sentence is escaped (`html.escape`): a player may be called `<b>Ana&`.

    import solver
    solver.display_language("es")         # every later display in Spanish ("en" by default)
    solver.show(game, viewer="Ana")       # the table as Ana sees it: the other hands face down
    solver.show(posterior, lang="fr")     # one display in French
    solver.to_html(advice)                # the HTML text itself

The display language is the one piece of state here: a module-level setting, English until
`display_language` changes it.
"""

from __future__ import annotations

import re
from html import escape
from typing import Optional

from solver.inference.posterior import Posterior
from solver.records.record import Record, RecordError
from solver.records.replay import public_discards
from solver.rules.rich import register
from solver.rules.state import Game, Round
from solver.words.figures import figure, frac, pct, win_text
from solver.words.i18n import LANGUAGES, colon, semicolon, t
from solver.words.sentences import card_label, error_text, history_lines
from solver.words.verdicts import (estimate_sentence, explanation_text, figure_text, guard_sentences, method_text,
                                   play_label, standing_text, verdict_line)

_SETTINGS = {"lang": "en"}


def display_language(lang: Optional[str] = None) -> str:
    """The language of every display ("en", "es" or "fr"; English by default). With `lang`, set
    it first."""
    if lang is not None:
        _SETTINGS["lang"] = checked_language(lang)
    return _SETTINGS["lang"]


def checked_language(lang: Optional[str]) -> str:
    """`lang`, or the display language when None; ValueError for a language with no catalog."""
    if lang is None:
        return _SETTINGS["lang"]
    if lang not in LANGUAGES:
        raise ValueError(f"no words for the language {str(lang)[:20]!r}: choose one of {', '.join(LANGUAGES)}")
    return lang


class Shown:
    """An object with display options (`show`): Jupyter shows it as `to_html` says."""

    def __init__(self, obj, lang: Optional[str] = None, viewer=None, names=None):
        self.obj, self.lang, self.viewer, self.names = obj, checked_language(lang), viewer, names
        to_html(obj, self.lang, viewer=viewer, names=names)  # a wrong option is said now, not in the notebook's log

    def _repr_html_(self) -> str:
        return to_html(self.obj, self.lang, viewer=self.viewer, names=self.names)

    def _repr_markdown_(self) -> Optional[str]:
        return record_markdown(self.obj, self.lang) if isinstance(self.obj, Record) else None


def show(obj, lang: Optional[str] = None, *, viewer=None, names=None) -> Shown:
    """`obj` (a Round, a Game, a Record, a Posterior or an Advice) to display in a notebook cell,
    in `lang` (default: `display_language()`). A Round or a Game may be seen by one `viewer` (a
    seat, or a name of the game): the other hands face down. A Round has no names: `names`
    gives them (default "Player 1", "Player 2", ...)."""
    return Shown(obj, lang, viewer, names)


def to_html(obj, lang: Optional[str] = None, *, viewer=None, names=None) -> str:
    """The HTML that `show(obj, ...)` displays."""
    from solver.advice.result import Advice  # not at import: `import solver` stays light

    lang = checked_language(lang)
    if isinstance(obj, (Round, Game)):
        return table_html(obj, lang, viewer=viewer, names=names)
    if viewer is not None or names is not None:
        raise ValueError("viewer= and names= apply to a Round or a Game; a record, a posterior and an advice "
                         "have their own")
    if isinstance(obj, Record):
        return record_html(obj, lang)
    if isinstance(obj, Posterior):
        return posterior_html(obj, lang)
    if isinstance(obj, Advice):
        return advice_html(obj, lang)
    raise TypeError(f"no display for a {type(obj).__name__}: a Round, a Game, a Record, a Posterior or an Advice")


# ---------------------------------------------------------------------------------------------
# Pieces of HTML
# ---------------------------------------------------------------------------------------------

_STYLE = ("<style>.loveletter table{border-collapse:collapse;margin:.3em 0}"
          ".loveletter th,.loveletter td{border:1px solid #ccc;padding:.2em .5em;text-align:left;"
          "vertical-align:top}.loveletter caption{text-align:left;font-weight:bold}"
          ".loveletter .note{color:#666;font-size:.9em}</style>")


def box(parts) -> str:
    """The display's parts in one block (its own small style: plain tables, readable anywhere)."""
    return f'<div class="loveletter">{_STYLE}' + "".join(parts) + "</div>"


def para(text: str, kind: str = "") -> str:
    return f'<p class="{kind}">{escape(text)}</p>' if kind else f"<p>{escape(text)}</p>"


def labelled(label: str, value: str, lang: str) -> str:
    """"Deck: 9 cards left" with the label in bold (escaped)."""
    return f"<b>{escape(label)}{escape(colon(lang))}</b> {escape(value)}"


def html_table(head, rows, caption: str = "") -> str:
    """A table of escaped texts; a cell may be (text, hover) for a `title` attribute, and the
    first cell of each row is its header."""
    def cell(tag: str, value) -> str:
        text, hover = value if isinstance(value, tuple) else (value, None)
        title = f' title="{escape(hover)}"' if hover else ""
        return f"<{tag}{title}>{escape(text)}</{tag}>"

    out = ["<table>"]
    if caption:
        out.append(f"<caption>{escape(caption)}</caption>")
    out.append("<thead><tr>" + "".join(cell("th", h) for h in head) + "</tr></thead><tbody>")
    for row in rows:
        out.append("<tr>" + cell("th", row[0]) + "".join(cell("td", v) for v in row[1:]) + "</tr>")
    out.append("</tbody></table>")
    return "".join(out)


def cards_text(cards, edition, lang: str, hidden: str) -> str:
    """Cards in words; None (a card the viewer cannot see, or the record does not name) as `hidden`."""
    if not cards:
        return t(lang, "none")
    return ", ".join(hidden if c is None else card_label(c, edition, lang) for c in cards)


# ---------------------------------------------------------------------------------------------
# A position: Round, Game, or a record's table as its viewer sees it
# ---------------------------------------------------------------------------------------------

def board_parts(lang: str, edition, names, hands, discards, out, protected, to_play, deck: int, set_aside: bool,
                face_up, heading: str = "", notes=()) -> list[str]:
    """The table: one row per player (hand, discards, out / protected / to play), then the deck,
    the set-aside card and the face-up cards. `hands[seat]` holds Cards, None for a card face
    down; `to_play` is a seat or None."""
    face_down = t(lang, "view.face_down")
    rows = []
    for seat, name in enumerate(names):
        marks = [t(lang, "out_marker")] if out[seat] else []
        if protected[seat]:
            marks.append(t(lang, "protected_marker"))
        if seat == to_play:
            marks.append(t(lang, "to_play"))
        rows.append((name, cards_text(hands[seat], edition, lang, face_down),
                     cards_text(discards[seat], edition, lang, t(lang, "view.unrecorded")), ", ".join(marks)))
    parts = [f"<p><b>{escape(heading)}</b></p>"] if heading else []
    parts.append(html_table((t(lang, "an_player"), t(lang, "hand"), t(lang, "discards"), ""), rows))
    table = [labelled(t(lang, "deck"), t(lang, "cards_left", n=deck), lang)]
    if set_aside:
        table.append(labelled(t(lang, "set_aside"), face_down, lang))
    if face_up:
        table.append(labelled(t(lang, "face_up"), cards_text(face_up, edition, lang, face_down), lang))
    parts.append("<p>" + " · ".join(table) + "</p>")
    parts.extend(para(x) for x in notes)
    return parts


def seat_of(value, names) -> int:
    """A seat number, or a player's name (any case), as a seat."""
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < len(names):
        return value
    for i, name in enumerate(names):
        if isinstance(value, str) and name.casefold() == value.strip().casefold():
            return i
    raise ValueError(f"no player {str(value)[:30]!r} at this table: {', '.join(names)}")


def table_html(position, lang: str, viewer=None, names=None) -> str:
    """A Round or a Game: every hand face up, or only `viewer`'s (a seat or a name)."""
    game = position if isinstance(position, Game) else None
    r = game.round if game else position
    if game and names is not None:
        raise ValueError("a game names its players itself")
    names = tuple(game.names if game else names or (t(lang, "view.seat", n=i + 1) for i in range(r.n_players)))
    if len(names) != r.n_players:
        raise ValueError(f"give one name per seat: {r.n_players} seats, {len(names)} names")
    seen = None if viewer is None else seat_of(viewer, names)
    hands = [h if seen is None or seat == seen or r.is_over else (None,) * len(h) for seat, h in enumerate(r.hands)]
    heading = [t(lang, "view.round", n=game.round_no)] if game else []
    notes = []
    if r.is_over:
        heading.append(t(lang, "winners", names=", ".join(names[w] for w in r.winners) or t(lang, "none")))
        if r.spy_bonus is not None:
            notes.append(t(lang, "spy_bonus", name=names[r.spy_bonus]))
    else:
        heading.append(t(lang, "an_turn_of", n=r.turn, player=names[r.current]))
    if seen is not None:
        heading.append(t(lang, "view.seen_by", player=names[seen]))
    if game:
        notes.append(f"{t(lang, 'tokens')}{colon(lang)} " + ", ".join(f"{n} {k}" for n, k in zip(names, game.tokens)))
        if game.is_over:
            notes.append(t(lang, "pr_game_won", names=", ".join(names[w] for w in game.winners)))
    return box(board_parts(lang, r.edition, names, hands, r.discards, r.out, r.protected,
                           None if r.is_over else r.current, len(r.deck), r.set_aside is not None, r.face_up,
                           " · ".join(heading), notes))


# ---------------------------------------------------------------------------------------------
# A record: its table as the viewer sees it, and its turns in words
# ---------------------------------------------------------------------------------------------

def record_board(record: Record, lang: str) -> list[str]:
    """The table after the record, as its viewer sees it (everyone's hidden card face down)."""
    piles, final = public_discards(record)
    pub = final.public
    viewer = record.viewer
    hands = [() if pub.out[s] else final.viewer_hand if s == viewer else (None,) for s in range(record.n_players)]
    # A Handmaid's protection ends as its owner's turn starts: not "protected" beside "to play".
    protected = [p and s != final.to_play for s, p in enumerate(pub.protected)]
    heading = []
    if final.to_play is not None:
        n = len(record.turns) + (0 if final.unfinished else 1)
        heading.append(t(lang, "an_turn_of", n=n, player=record.seats[final.to_play]))
    heading.append(t(lang, "view.public") if viewer is None else t(lang, "view.seen_by", player=record.seats[viewer]))
    return board_parts(lang, record.edition, record.seats, hands, piles, pub.out, protected, final.to_play,
                       pub.deck_size, pub.set_aside_present, record.face_up, " · ".join(heading))


def record_html(record: Record, lang: str) -> str:
    """The table as the viewer sees it, then the turns numbered, in the app's history sentences
    (a record the rules refuse: the refusal in words instead of the table)."""
    try:
        parts = record_board(record, lang)
    except RecordError as err:
        parts = [para(error_text(err, lang))]
    lines = history_lines(record, lang)
    if lines:
        turns = "".join(f"<li>{escape(x)}</li>" for x in lines)
        parts.append(f"<p><b>{escape(t(lang, 'an_history'))}</b></p><ol>{turns}</ol>")
    return box(parts)


_MARKDOWN_SIGNS = re.compile(r"([\\`*_\[\]#|~$])")


def markdown_text(text: str) -> str:
    """Text shown as written in Markdown: its signs escaped by a backslash, HTML's `<`, `>` and `&`
    as entities (a backslash before an entity would show the entity)."""
    return escape(_MARKDOWN_SIGNS.sub(r"\\\1", text), quote=False)


def record_markdown(record: Record, lang: str) -> str:
    """The turns as a numbered Markdown list (the app's history sentences)."""
    lines = history_lines(record, lang)
    head = f"**{markdown_text(t(lang, 'an_history'))}**"
    return "\n".join([head, ""] + [f"{i}. {markdown_text(x)}" for i, x in enumerate(lines, start=1)])


# ---------------------------------------------------------------------------------------------
# A posterior and an advice
# ---------------------------------------------------------------------------------------------

def hidden_seats(post: Posterior) -> list[int]:
    """The players whose one hidden card the posterior gives (the viewer's own hand is known)."""
    return [s for s, d in post.hands.items() if s != post.record.viewer and "cards" not in d]


def odds_cell(p, lang: str) -> tuple[str, str]:
    """A probability as the app writes it (a percentage, with its fraction when small enough to
    read), its exact fraction on hover."""
    return figure(p, lang), frac(p)


def posterior_html(post: Posterior, lang: str) -> str:
    """Each hidden card as a table of percentages (one column per player, and the set-aside card),
    exact fractions on hover; the viewer's hand; the best Guard guess; how the odds are weighed."""
    record = post.record
    e = record.edition
    parts = []
    if record.viewer is not None:
        hand = cards_text(post.final.viewer_hand, e, lang, t(lang, "view.unrecorded"))
        seen = escape(t(lang, "view.seen_by", player=record.seats[record.viewer]))
        parts.append(f"<p><b>{seen}</b> · {labelled(t(lang, 'hand'), hand, lang)}</p>")
    seats = hidden_seats(post)
    head = [t(lang, "card")] + [record.seats[s] for s in seats]
    columns = [post.hands[s] for s in seats]
    if post.set_aside:
        head.append(t(lang, "set_aside"))
        columns.append(post.set_aside)
    rows = [[card_label(c, e, lang)] + [odds_cell(col.get(c, 0), lang) for col in columns] for c in e.cards]
    if columns:
        parts.append(html_table(head, rows, t(lang, "an_hands")))
    guesses = guard_sentences(post, lang)
    if guesses:
        parts.append("<ul>" + "".join(f"<li>{escape(x)}</li>" for x in guesses) + "</ul>")
    parts.append(para(odds_note(post, lang), "note"))
    return box(parts)


def model_name(name: str, lang: str) -> str:
    return t(lang, "model_" + name.replace("-", "_"))


def odds_note(post: Posterior, lang: str) -> str:
    """How the posterior weighs the deals: all alike, by one opponent model, or by a mixture of
    types with each type's probability given the record."""
    if post.model == "uniform":
        return t(lang, "view.odds_uniform")
    if len(post.types) > 1:
        types = f"{semicolon(lang)} ".join(f"{model_name(k, lang)}{colon(lang)} {pct(w, lang)}"
                                         for k, w in sorted(post.types.items(), key=lambda kw: -kw[1]))
        return t(lang, "view.odds_mixture", types=types)
    return t(lang, "view.odds_model", model=model_name(post.model, lang))


def advice_html(adv: Advice, lang: str) -> str:
    """The verdict as the app says it, how it was computed, and the ranking: each play with its
    chance of winning the round (exact, its fraction on hover; or ≈ an estimate with its 95%
    interval) and why."""
    heading = t(lang, "an_advice_one" if len(adv.actions) == 1 else "an_advice")
    parts = [f"<p><b>{escape(heading)}</b></p>", para(verdict_line(adv, lang))]
    if adv.cut_short:
        parts.append(para(t(lang, "an_cut_short"), "note"))
    parts.append(para(method_text(adv, lang) if adv.method == "exact" else estimate_sentence(adv, lang), "note"))
    parts.append(para(figure_text(adv, lang), "note"))  # what the figures are: exact, or the estimate's floor
    rows = []
    shown = [a for a in adv.actions if a.same_as is None]  # a Guard's sure misses at one target: one row
    for i, a in enumerate(shown, start=1):
        win = (win_text(a, lang), frac(a.win) if a.exact else None)
        rows.append((str(i), play_label(adv, a, lang), win, standing_text(adv, a, lang),
                     t(lang, "an_exact" if a.exact else "an_estimate"), explanation_text(a, lang)))
    parts.append(html_table(("#", t(lang, "an_play"), t(lang, "an_win"), t(lang, "an_standing"), t(lang, "an_kind"),
                             t(lang, "an_why")), rows))
    if adv.method != "exact":
        parts.append(f"<details><summary>{escape(t(lang, 'an_method_how'))}</summary>"
                     f"{para(method_text(adv, lang), 'note')}</details>")
    return box(parts)


def _current(render):
    """A renderer in the display language of the moment (what `_repr_html_` shows)."""
    return lambda obj: render(obj, display_language())


register("round", "html", _current(table_html))
register("game", "html", _current(table_html))
register("record", "html", _current(record_html))
register("record", "markdown", _current(record_markdown))
register("posterior", "html", _current(posterior_html))
register("advice", "html", _current(advice_html))

__all__ = ["Shown", "display_language", "show", "to_html"]
