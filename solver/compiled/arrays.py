"""The compiled core's arrays and the Python objects they stand for: an `Edition` as the kernels'
constants (`edition_array`), a `Round` as a state row and back (`to_array`, `to_round`: the offsets are
the kernels' named ones, `kernels.N_`, `kernels.HAND`, ...), an opponent type as its policy code
(`model_code`)."""

from __future__ import annotations

from functools import lru_cache

from solver.compiled.choice import compiled_kernels
from solver.rules.cards import Card
from solver.rules.editions import ALL_TIED_WIN, DISCARD_TOTAL_THEN_ALL, Edition
from solver.rules.errors import InvalidOptionError
from solver.rules.state import CHANCELLOR, OVER, PLAY, Round

_CARDS = tuple(Card)
_PHASES = {PLAY: 0, CHANCELLOR: 1, OVER: 2}
_PHASE_NAMES = (PLAY, CHANCELLOR, OVER)
_REASONS = {None: 0, "last-standing": 1, "showdown": 2}
_REASON_NAMES = (None, "last-standing", "showdown")


def model_code(model) -> int:
    """The kernels' code of an opponent type the compiled core plays (`kernels.RANDOM`,
    `kernels.CARD_COUNTER`): by its one name, "random" or "card-counter"."""
    k = compiled_kernels()
    codes = {"random": k.RANDOM, "card-counter": k.CARD_COUNTER}
    name = getattr(model, "name", model)
    if name not in codes:
        raise InvalidOptionError(f"the compiled core does not play the opponent model {str(name)[:40]!r}; "
                                 f"models: {', '.join(codes)}", rule="unknown-model")
    return codes[name]


@lru_cache(maxsize=64)
def edition_array(edition: Edition):
    """The edition's constants as the kernels read them (`kernels.E_*`)."""
    import numpy as np

    k = compiled_kernels()
    ed = np.zeros(k.E_SIZE, dtype=np.int64)
    for c in Card:
        ed[k.E_VALUE + c] = edition.value_of[c]
        ed[k.E_COMP + c] = edition.composition.get(c, 0)
    for i, c in enumerate(edition.guessable):
        ed[k.E_GUESS + i] = int(c)
    ed[k.E_NGUESS] = len(edition.guessable)
    ed[k.E_SPY] = int(edition.has_spy)
    ed[k.E_TIE] = 0 if edition.showdown_tie == ALL_TIED_WIN else 1 if edition.showdown_tie == DISCARD_TOTAL_THEN_ALL else 2
    ed[k.E_VOID] = int(edition.void_target_allowed)
    ed[k.E_SPYBLOCK] = int(edition.spy_eliminated_players_block)
    ed[k.E_FACEUP2] = int(edition.two_player_face_up)
    deck = edition.full_deck()
    ed[k.E_DECKN] = len(deck)
    for i, c in enumerate(deck):
        ed[k.E_DECK + i] = int(c)
    ed.setflags(write=False)
    return ed


def to_array(r: Round):
    """The compiled state of a `Round` (any phase; the memory included)."""
    import numpy as np

    k = compiled_kernels()
    st = np.full(k.SIZE, -1, dtype=np.int8)
    n = len(r.hands)
    p = r.current
    phase = _PHASES[r.phase]
    st[k.N_] = n
    st[k.CUR] = p
    st[k.PHASE] = phase
    st[k.TURN] = r.turn
    st[k.ALIVE] = n - sum(r.out)
    for i, h in enumerate(r.hands):
        st[k.HAND + i] = int(h[0]) if h else -1
        st[k.OUT + i] = int(r.out[i])
        st[k.PROT + i] = int(r.protected[i])
        st[k.DLEN + i] = len(r.discards[i])
        for j, c in enumerate(r.discards[i]):
            st[k.DISC + i * k.MAXD + j] = int(c)
    for i in range(n, k.MAXP):
        st[k.OUT + i] = 0
        st[k.PROT + i] = 0
        st[k.DLEN + i] = 0
    st[k.NCH] = 0
    if phase == 0:
        st[k.DRAWN] = int(r.hands[p][1])
    elif phase == 1:
        rest = r.hands[p][1:]
        st[k.NCH] = len(rest)
        for j, c in enumerate(rest):
            st[k.CH + j] = int(c)
    st[k.DECKN] = len(r.deck)
    for j, c in enumerate(reversed(r.deck)):
        st[k.DECK + j] = int(c)
    st[k.SETASIDE] = -1 if r.set_aside is None else int(r.set_aside)
    st[k.NUP] = len(r.face_up)
    for j, c in enumerate(r.face_up):
        st[k.UP + j] = int(c)
    for o, h, c in r.known:
        st[k.KNOWN + o * k.MAXP + h] = int(c)
    st[k.REASON] = _REASONS[r.end_reason] if phase == 2 else 0
    st[k.SPYB] = -1 if r.spy_bonus is None else r.spy_bonus
    st[k.WIN] = sum(1 << w for w in r.winners)
    return st


def to_round(st, edition: Edition) -> Round:
    """The `Round` of a compiled state (equal to the public engine's after the same plays)."""
    k = compiled_kernels()
    C = _CARDS
    n = int(st[k.N_])
    p = int(st[k.CUR])
    phase = int(st[k.PHASE])
    hands = [() if st[k.HAND + i] < 0 else (C[st[k.HAND + i]],) for i in range(n)]
    if phase == 0:
        hands[p] = (C[st[k.HAND + p]], C[st[k.DRAWN]])
    elif phase == 1:
        hands[p] = (C[st[k.HAND + p]],) + tuple(C[st[k.CH + j]] for j in range(st[k.NCH]))
    discards = tuple(tuple(C[st[k.DISC + i * k.MAXD + j]] for j in range(st[k.DLEN + i])) for i in range(n))
    deck = tuple(C[st[k.DECK + j]] for j in range(st[k.DECKN] - 1, -1, -1))
    known = tuple(sorted((o, h, C[st[k.KNOWN + o * k.MAXP + h]]) for o in range(n) for h in range(n)
                         if st[k.KNOWN + o * k.MAXP + h] >= 0))
    winners = tuple(i for i in range(n) if int(st[k.WIN]) & (1 << i)) if phase == 2 else ()
    return Round(
        edition, tuple(hands), discards, tuple(bool(st[k.OUT + i]) for i in range(n)),
        tuple(bool(st[k.PROT + i]) for i in range(n)), deck,
        None if st[k.SETASIDE] < 0 else C[st[k.SETASIDE]], tuple(C[st[k.UP + j]] for j in range(st[k.NUP])), p,
        _PHASE_NAMES[phase], int(st[k.TURN]), winners, None if phase != 2 or st[k.SPYB] < 0 else int(st[k.SPYB]),
        _REASON_NAMES[int(st[k.REASON])] if phase == 2 else None, known,
    )
