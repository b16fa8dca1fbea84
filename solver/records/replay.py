"""Walk a round record turn by turn with the public rules: who is to play, who can be chosen,
how many cards are left, what the viewer holds.

`walk(record)` yields, for each turn, the public state *at the moment of the play* (the
player's own Handmaid protection has ended; the draw has happened) and the turn with its
implied knock-outs filled in. It raises `RecordError` naming the turn, the field and the rule
for anything the rules forbid. The inference walks the same way, so the checks and the
probabilities can never disagree about the rules.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from typing import Iterator, Optional

from solver.rules.cards import Card
from solver.rules.outcomes import HIT, KNOCKS_OUT, RESULTS, TIE, prince_knocks_out
from solver.records.record import Record, RecordError, Turn, check_shape

SPY, GUARD, PRIEST, BARON, HANDMAID, PRINCE, CHANCELLOR, KING, COUNTESS, PRINCESS = tuple(Card)
_TARGETS_OTHERS = (GUARD, PRIEST, BARON, KING)
_TARGETED = (GUARD, PRIEST, BARON, PRINCE, KING)


@dataclass(frozen=True)
class Public:
    """What everyone knows at the moment a card is played."""

    out: tuple[bool, ...]
    protected: tuple[bool, ...]
    #: Cards in the draw pile before this turn's draw (so the player drew from `deck_size`).
    deck_size: int
    set_aside_present: bool

    def open_targets(self, seat: int) -> tuple[int, ...]:
        return tuple(i for i in range(len(self.out)) if i != seat and not self.out[i] and not self.protected[i])


def initial_deck_size(record: Record) -> int:
    e = record.edition
    return e.deck_size - 1 - e.face_up_count(record.n_players) - record.n_players


def _name(card: Optional[Card]) -> str:
    return "?" if card is None else card.title


@dataclass(frozen=True)
class Final:
    """The public state after the last recorded turn."""

    public: Public
    #: Whose turn it is now (None once the round is over).
    to_play: Optional[int]
    round_over: bool
    #: The viewer is in the middle of their turn (drew, not yet played).
    unfinished: bool
    #: The viewer's hand as far as the record tells (None for an unnamed card).
    viewer_hand: tuple


@dataclass
class _Table:
    """The public state as the walk goes (mutable, private to one walk)."""

    out: list
    protected: list
    deck: int
    set_aside: bool
    seen: Counter
    #: The viewer's hand: known cards, None for a card the record does not name.
    hand: list
    expected: int
    ended_at: Optional[int] = None
    #: Cards out of the deck while the viewer is choosing what to keep (Chancellor), else 0.
    choosing: int = 0

    def public(self, deck: Optional[int] = None) -> Public:
        return Public(tuple(self.out), tuple(self.protected), self.deck if deck is None else deck, self.set_aside)

    def check_counts(self, record: Record, where: str) -> None:
        e = record.edition
        visible = self.seen + Counter(c for c in self.hand if c is not None)
        for card, k in visible.items():
            if k > e.count(card):
                raise RecordError(f"{k} {card.title} cards seen, but the {e.title} edition has {e.count(card)}",
                                  where=where, rule="card-count", card=card)


def walk(record: Record, final: Optional[list] = None, hands: Optional[list] = None,
         ) -> Iterator[tuple[int, Turn, Public]]:
    """Yield (turn number, turn, public state at the play). If `final` is a list, the state
    after the last turn is appended to it; if `hands` is a list, the viewer's hand at each
    turn's play (after that turn's draw; None for a card the record leaves out) is appended.

    The map: `_check_header`, then for each turn `_start_turn` (order, draw), `_check_choice`
    (target and guess), `_check_own_play` (the viewer's hand), `_outcomes` (who is knocked out,
    implied details filled in) and `_apply_effects` (the public state after the play)."""
    _check_header(record)
    n = record.n_players
    table = _Table(out=[False] * n, protected=[False] * n, deck=initial_deck_size(record), set_aside=True,
                   seen=Counter(record.face_up), hand=[record.dealt] if record.viewer is not None else [],
                   expected=record.first)
    table.check_counts(record, "header")
    last = len(record.turns)
    for k, t in enumerate(record.turns, start=1):
        where = f"turn {k}"
        before = _start_turn(record, table, t, where)
        if hands is not None:
            hands.append(tuple(table.hand))
        p = t.player
        me = p == record.viewer
        if t.card is None:
            if k != last:
                raise RecordError("only the last turn may be unfinished (no card played)", where=where,
                                  rule="syntax")
            if not me:
                raise RecordError("an unfinished turn is the viewer's: they drew and are to play", where=where,
                                  rule="unfinished-turn")
            extra = [f for f in _PLAY_FIELDS if getattr(t, f) not in (None, ())]
            if extra:
                raise RecordError("an unfinished turn holds only the card drawn (+card); write what happened "
                                  f"once a card is played (found: {', '.join(extra)})", where=where,
                                  rule="unfinished-turn")
            table.check_counts(record, where)
            yield k, t, before
            if final is not None:
                final.append(Final(table.public(), p, False, True, tuple(table.hand)))
            return
        card = t.card
        if card not in record.edition.cards:
            raise RecordError(f"the {card.title} is not in the {record.edition.title} edition", where=where,
                              rule="card")
        t = _check_choice(record, t, before, where)
        if me:
            _check_own_play(table, card, where)
        table.seen[card] += 1
        t, outs = _outcomes(record, t, me, where)
        _apply_effects(record, table, t, outs, k == last, where)
        table.check_counts(record, where)
        yield k, t if not outs and t.out == () else replace(t, out=tuple(outs)), before
        alive = [i for i in range(n) if not table.out[i]]
        if len(alive) == 1 or table.deck == 0:
            table.ended_at = k
            continue
        q = (p + 1) % n
        while table.out[q]:
            q = (q + 1) % n
        table.expected = q
    if final is not None:
        over = table.ended_at is not None
        if table.choosing:
            final.append(Final(table.public(table.deck - table.choosing), record.viewer, False, True,
                               tuple(table.hand)))
        else:
            final.append(Final(table.public(), None if over else table.expected, over, False, tuple(table.hand)))


#: The fields of a turn that only a played card can have.
_PLAY_FIELDS = ("target", "guess", "result", "out", "discarded", "saw", "got", "new", "chancellor_drew", "keep",
                "bottom")


def check_viewer_hand(record: Record) -> tuple:
    """The viewer's hand after the record, every card named; RecordError (rule
    `viewer-hand-unknown`) when the record leaves one of the viewer's own cards out (no dealt:,
    a draw without +card, a Prince's new: or a King's got: missing). Advice needs the cards."""
    final: list = []
    for _ in walk(record, final):
        pass
    if record.viewer is None:
        raise RecordError("advice is for the viewer: name them (viewer:)", where="header", rule="viewer-hand-unknown")
    hand = final[0].viewer_hand
    if None in hand:
        raise RecordError("the record does not name all of your own cards (the card you were dealt with dealt:, "
                          "each card you drew with +card, what a Prince or a King gave you with new: or got:)",
                          rule="viewer-hand-unknown")
    return hand


def check_revealed_cards(record: Record) -> None:
    """RecordError at the first turn that leaves out a card everyone saw: the card a Prince's
    target discarded (rule `discard-unrecorded`) or the hand a knock-out revealed (rule
    `revealed-unrecorded`). The inference weakens with such a gap; the advisor needs the cards,
    and this says so by walking the record, before any inference runs."""
    for k, t, _ in walk(record):
        if t.card is PRINCE and t.target is not None and t.discarded is None:
            name = record.seats[t.target]
            raise RecordError(f"the advisor needs every card that was shown: write which card {name} discarded "
                              f"to the Prince (disc:)", where=f"turn {k}", rule="discard-unrecorded", target=name)
        for seat, card in t.out:
            if card is None:
                name = record.seats[seat]
                raise RecordError(f"the advisor needs every card that was shown: write which card {name} showed "
                                  f"when knocked out (out:{name}/card)", where=f"turn {k}", rule="revealed-unrecorded",
                                  target=name)


def _check_header(record: Record) -> None:
    check_shape(record)  # a record built in code: every index and card in range, before any is used
    e = record.edition
    n = record.n_players
    if not e.min_players <= n <= e.max_players:
        raise RecordError(f"the {e.title} edition is for {e.min_players}–{e.max_players} players; "
                          f"this record has {n}", where="header", rule="player-count")
    want_up = e.face_up_count(n)
    if len(record.face_up) not in (0, want_up) or (record.face_up and not want_up):
        raise RecordError(f"with {n} players the {e.title} edition sets aside {want_up} face-up card(s); "
                          f"got {len(record.face_up)}", where="header up:", rule="face-up-count")
    if record.dealt is not None and record.viewer is None:
        raise RecordError("dealt: is the viewer's own card; name the viewer (viewer:)", where="header",
                          rule="private-without-viewer")


def _start_turn(record: Record, table: _Table, t: Turn, where: str) -> Public:
    """Check whose turn it is, end their Handmaid protection, draw; the public state at the play."""
    if table.ended_at is not None:
        raise RecordError(f"the round ended after turn {table.ended_at}", where=where, rule="round-over")
    p = t.player
    if table.out[p]:
        raise RecordError(f"{record.seats[p]} is out of the round and takes no more turns", where=where,
                          rule="turn-order")
    if p != table.expected:
        raise RecordError(f"it is {record.seats[table.expected]}'s turn, not {record.seats[p]}'s (clockwise, "
                          "skipping players out of the round)", where=where, rule="turn-order")
    table.protected[p] = False  # a Handmaid's protection ends when its owner's turn starts
    me = p == record.viewer
    if t.drew is not None and not me:
        raise RecordError("only the viewer's own draws are known (+card)", where=where, rule="private-draw",
                          player=record.seats[p])
    if table.deck <= 0:  # cannot happen: the round would have ended
        raise RecordError("the deck is empty", where=where, rule="round-over")
    before = table.public()
    table.deck -= 1
    if me:
        table.hand = table.hand + [t.drew]
    return before


def _check_choice(record: Record, t: Turn, before: Public, where: str) -> Turn:
    """The chosen player and the Guard's named card; a forced Prince target is filled in."""
    e = record.edition
    card, p = t.card, t.player
    targets = before.open_targets(p)
    if t.target is not None:
        if card not in _TARGETED:
            raise RecordError(f"the {card.title} does not choose a player", where=where, rule="no-target-card", card=card)
        if t.target == p and card is not PRINCE:
            raise RecordError(f"the {card.title} must choose another player, not yourself", where=where,
                              rule="target-self", card=card)
        if before.out[t.target]:
            raise RecordError(f"{record.seats[t.target]} is out of the round and cannot be chosen",
                              where=where, rule="target-out", target=record.seats[t.target])
        if before.protected[t.target] and t.target != p:
            raise RecordError(f"{record.seats[t.target]} is protected by a Handmaid and cannot be chosen",
                              where=where, rule="target-protected", target=record.seats[t.target])
    elif card is PRINCE and not targets:
        t = replace(t, target=p)  # all others protected: the Prince must choose yourself
    elif card in (PRINCE, KING) and targets and not e.void_target_allowed:
        # A Prince or a King moves hidden cards (a discard and a draw, a trade): without its
        # target the deck count and the hands would be wrong. A King's only possible target is
        # filled in; otherwise the record must say whom it chose.
        if card is KING and len(targets) == 1:
            t = replace(t, target=targets[0])
        else:
            raise RecordError(f"write whom the {card.title} chose: its effect moves hidden cards, so the "
                              "record needs its target", where=where, rule="target-unrecorded", card=card)
    if t.guess is not None:
        if card is not GUARD:
            raise RecordError(f"only the Guard names a card; the {card.title} does not", where=where,
                              rule="guess-not-guard", card=card)
        if t.guess is GUARD:
            raise RecordError("the Guard cannot name the Guard", where=where, rule="guard-names-guard")
        if t.guess not in e.cards:
            raise RecordError(f"the {t.guess.title} is not in the {e.title} edition", where=where,
                              rule="guess-not-in-edition", guess=t.guess)
    no_effect = card in _TARGETS_OTHERS and not targets
    if no_effect and t.target is None and t.guess is not None:  # the engine's own rule for this play
        raise RecordError("nobody can be chosen, so the Guard is played with no effect and names no card",
                          where=where, rule="guess-without-target", card=card)
    if no_effect and (t.target is not None or t.guess is not None or t.result or t.saw or t.got):
        raise RecordError(f"every other player is out or protected: the {card.title} has no effect",
                          where=where, rule="all-protected")
    return t


def _check_own_play(table: _Table, card: Card, where: str) -> None:
    """The viewer plays a card they hold, and the Countess when she must be played."""
    hand = table.hand
    if None not in hand:
        if card not in hand:
            raise RecordError(f"you cannot play the {card.title}: your hand is "
                              f"{' and '.join(c.title for c in hand)}", where=where, rule="card-not-in-hand", card=card)
        if card is not COUNTESS and COUNTESS in hand and (KING in hand or PRINCE in hand):
            other = hand[1] if hand[0] is COUNTESS else hand[0]
            raise RecordError(f"you must play the Countess: you also hold the {other.title}", where=where,
                              rule="countess-forced", card=other)
    hand = list(hand)
    hand.remove(card if card in hand else None)
    table.hand = hand


def _outcomes(record: Record, t: Turn, me: bool, where: str) -> tuple[Turn, list]:
    """Who the play knocks out, checked against the card; details the outcome implies are filled in."""
    card, p = t.card, t.player
    outs = list(t.out)
    result = t.result
    if result is not None and result not in RESULTS.get(card, ()):
        owner = next(c for c, words in RESULTS.items() if result in words)
        raise RecordError(f"'{result}' is an outcome of the {owner.title}, not the {card.title}",
                          where=where, rule="result")
    _check_private(record, t, card, me, where)
    if card is GUARD and result == HIT:
        if t.target is None or t.guess is None:
            raise RecordError("a Guard hit needs its target and guess", where=where, rule="guard-hit")
        implied = (t.target, t.guess)
        if outs and outs != [implied] and outs != [(t.target, None)]:
            raise RecordError("a Guard hit knocks out its target, who discards the named card", where=where,
                              rule="guard-hit")
        outs = [implied]
    elif card is GUARD and outs:
        raise RecordError("a Guard knocks out only on a hit (write 'hit')", where=where, rule="guard-hit")
    if card is BARON:
        if result == TIE and outs:
            raise RecordError("a Baron tie knocks nobody out", where=where, rule="baron")
        if len(outs) > 1:
            raise RecordError("a Baron knocks out at most one player", where=where, rule="baron")
        if outs and outs[0][0] not in (p, t.target) and t.target is not None:
            raise RecordError("a Baron knocks out its player or its target", where=where, rule="baron")
        if outs and t.target is None:
            if outs[0][0] == p:
                raise RecordError("name the Baron's target when its player lost", where=where, rule="baron")
            t = replace(t, target=outs[0][0])
    if card is PRINCESS:
        revealed = [c for s, c in outs if s == p]
        if any(s != p for s, _ in outs):
            raise RecordError("playing the Princess knocks out only her player", where=where, rule="princess")
        outs = [(p, revealed[0] if revealed else None)]
    if card is PRINCE:
        if t.discarded is not None and t.target is None:
            raise RecordError("name the Prince's target to record what they discarded", where=where,
                              rule="prince")
        if t.discarded is not None and prince_knocks_out(t.discarded):
            if any(s != t.target for s, _ in outs):
                raise RecordError("only the Prince's target can be knocked out (by discarding the Princess)",
                                  where=where, rule="prince")
            outs = []
        elif outs:
            if len(outs) == 1 and outs[0][0] == t.target and t.discarded is None:
                if outs[0][1] not in (None, PRINCESS):
                    raise RecordError(f"a Prince knocks out only a player who discards the Princess, not the "
                                      f"{outs[0][1].title}", where=where, rule="prince")
                t = replace(t, discarded=PRINCESS)  # out by a Prince: the discard was the Princess
                outs = []
            else:
                raise RecordError("a Prince knocks out its target only when they discard the Princess",
                                  where=where, rule="prince")
    if card not in KNOCKS_OUT and outs:
        raise RecordError(f"the {card.title} knocks nobody out", where=where, rule="out")
    return t, outs


def knocked_out(t: Turn) -> set:
    """The seats a turn of the walk (`walk`'s turns, the outcome's details filled in) knocks out: those
    its `out:` names, and a Prince's target who discarded the Princess."""
    gone = {s for s, _ in t.out}
    if t.card is PRINCE and t.target is not None and t.discarded is not None and prince_knocks_out(t.discarded):
        gone.add(t.target)
    return gone


def _apply_effects(record: Record, table: _Table, t: Turn, outs: list, is_last: bool, where: str) -> None:
    """The public state (and the viewer's hand) after the play's effects."""
    card, p, viewer = t.card, t.player, record.viewer
    me = p == viewer
    if card is HANDMAID:
        table.protected[p] = True
    if card is PRINCE and t.target is not None:
        target = t.target
        gone = t.discarded is not None and prince_knocks_out(t.discarded)
        if t.discarded is not None:
            table.seen[t.discarded] += 1
        if gone:
            table.out[target] = True
            table.protected[target] = False
        elif table.deck > 0:
            table.deck -= 1
        else:
            table.set_aside = False
        if target == viewer:
            table.hand = [] if gone else [t.new]
    if card is CHANCELLOR and me and table.deck > 0:
        _chancellor(table, t, is_last, where)
    if card is KING and t.target is not None and viewer in (p, t.target):
        table.hand = [t.got]
    for s, c in outs:
        if table.out[s]:
            raise RecordError(f"{record.seats[s]} is already out of the round", where=where, rule="out")
        table.out[s] = True
        table.protected[s] = False
        if c is not None:
            table.seen[c] += 1
        if s == viewer:
            table.hand = []


def _chancellor(table: _Table, t: Turn, is_last: bool, where: str) -> None:
    """The viewer's Chancellor: draw up to two, keep one, return the rest (or choosing now)."""
    deck = table.deck
    k_draw = min(2, deck)
    if (t.chancellor_drew or t.bottom) and len(t.chancellor_drew) != k_draw:
        raise RecordError(f"the Chancellor draws {k_draw} card(s) with {deck} left in the deck",
                          where=where, rule="chancellor")
    if t.bottom and len(t.bottom) != k_draw:
        raise RecordError(f"the Chancellor returns {k_draw} card(s) under the deck", where=where,
                          rule="chancellor")
    pool = table.hand + (list(t.chancellor_drew) if t.chancellor_drew else [None] * k_draw)
    if t.keep is not None and t.bottom and None not in pool:
        if sorted(pool) != sorted([t.keep, *t.bottom]):
            raise RecordError("keep one of your cards and put all the others under the deck: you hold "
                              + ", ".join(_name(c) for c in pool), where=where, rule="chancellor")
    if t.keep is None and not t.bottom and t.chancellor_drew and is_last:
        table.hand = pool  # choosing now: the record ends mid-turn
        table.choosing = k_draw  # cards out of the deck until the viewer returns them
    else:
        table.hand = [t.keep]


def _check_private(record: Record, t: Turn, card: Card, me: bool, where: str) -> None:
    viewer = record.viewer
    involved = viewer is not None and (me or t.target == viewer)
    if t.saw is not None and not ((card is PRIEST and me) or (card is BARON and involved)):
        raise RecordError("saw: is what the viewer learned from their Priest or from a Baron they took part in",
                          where=where, rule="private-not-viewer")
    if t.got is not None and not (card is KING and involved):
        raise RecordError("got: is the card the viewer received in a King trade", where=where,
                          rule="private-not-viewer")
    if t.new is not None and not (card is PRINCE and viewer is not None and t.target == viewer):
        raise RecordError("new: is the card the viewer drew after a Prince made them discard", where=where,
                          rule="private-not-viewer")
    if (t.chancellor_drew or t.bottom or t.keep is not None) and not (card is CHANCELLOR and me):
        raise RecordError("cd:/keep:/bot: are the viewer's own Chancellor draws and returns", where=where,
                          rule="private-not-viewer")


def add_public_cards(piles: list, t: Turn) -> None:
    """Put a turn's face-up cards on the discard piles: the card played, a Prince's forced
    discard, the hands revealed by knock-outs (None where the record does not name one)."""
    if t.card is None:
        return
    piles[t.player].append(t.card)
    if t.discarded is not None and t.target is not None:
        piles[t.target].append(t.discarded)
    for seat, card in t.out:
        piles[seat].append(card)


def public_discards(record: Record) -> tuple[list, Final]:
    """Every seat's discard pile after the record, and the final public state."""
    piles: list = [[] for _ in record.seats]
    final: list = []
    for _, t, _ in walk(record, final):
        add_public_cards(piles, t)
    return piles, final[0]


def check_record(record: Record) -> None:
    """Raise `RecordError` for the first thing the rules forbid."""
    for _ in walk(record):
        pass
