"""Quiz questions generated from engine positions, graded by the engine.

Each question carries the data a shell needs to phrase it (`kind`, `params`), the choices, the
`answer` the engine computed (a frozenset when several may be right, or a number), and the
`reasons`: the engine's own rulings behind the answer (`solver.teaching.ruling.Line`s: a refused
card's rule, a Baron's result, the showdown), shown to a learner who answered wrong.

Each lesson asks about its own rule: `card-value` / `card-count` (the cards), `legal-cards` (a
turn), `countess` (a hand with the Countess), `targets-protected` / `targets-out` (whom a card
may choose), `prince-targets`, `baron`, `chancellor-draw`, `showdown`, `spy-bonus`, `deck-size`
(setting up, three players or more), `unseen-2p` / `deck-size-2p` (two players: the face-up
cards), `tokens` (winning the game), `edition-value` (the editions' values).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from solver.rules.actions import Play
from solver.rules.cards import Card
from solver.rules.editions import get_edition
from solver.rules.errors import IllegalActionError, LoveLetterError
from solver.rules.events import RoundEnded
from solver.rules.game import apply, deal_round, legal_actions
from solver.teaching.ruling import Line, narrate, refusal, ruling

KINDS = ("legal-cards", "countess", "targets-protected", "targets-out", "prince-targets", "baron",
         "chancellor-draw", "showdown", "spy-bonus", "deck-size", "deck-size-2p", "tokens", "card-value",
         "card-count", "unseen-2p", "edition-value")
#: Kinds about cards only the 2019 deck has: asked in the 2019 edition whatever the chosen one.
NEEDS_2019 = frozenset({"chancellor-draw", "spy-bonus"})


@dataclass(frozen=True)
class Question:
    kind: str
    edition: str
    params: dict
    choices: tuple
    answer: object
    position: object = field(default=None, compare=False)
    reasons: tuple = field(default=(), compare=False)

    def grade(self, response) -> bool:
        if isinstance(self.answer, frozenset):
            return frozenset(response) == self.answer
        return response == self.answer

    def why_wrong(self, response) -> tuple:
        """Why `response` (a wrong answer) is wrong, from the engine, without giving the right
        answer away: the rule a card or a player the learner chose breaks, the one they left out,
        what their number is instead ("0 is the value of the Spy"), or the rule to apply again
        (`Line`s, like `reasons`). The learner may then try again."""
        return tuple(_why_wrong(self, response))


def make_question(kind: str, edition="2019", seed: int = 0) -> Question:
    e = get_edition(edition)
    if kind in NEEDS_2019 and not e.has_spy:
        e = get_edition("2019")
    rng = random.Random(f"quiz/{kind}/{e.key}/{seed}")
    if kind in ("legal-cards", "countess"):
        return _legal_cards(e, rng, kind)
    if kind == "showdown":
        return _showdown(e, rng)
    if kind == "spy-bonus":
        return _spy_bonus(e, rng)
    if kind in ("targets-protected", "targets-out", "prince-targets"):
        return _targets(e, rng, kind)
    if kind == "baron":
        return _baron(e, rng)
    if kind == "chancellor-draw":
        return _chancellor(e, rng)
    if kind in ("card-value", "card-count"):
        return _card_fact(e, rng, kind)
    if kind == "unseen-2p":
        return _unseen_2p(e, rng)
    if kind == "edition-value":
        return _edition_value(rng)
    # Setting up asks about three players or more: two players have their own lesson (and question).
    n = 2 if kind == "deck-size-2p" else rng.randint(max(3, e.min_players), e.max_players)
    if kind in ("deck-size", "deck-size-2p"):
        _, events = deal_round(e, n, 0, rng.random())
        size = events[0].deck_size
        choices = tuple(sorted({size, size - 1, size + 1, size + 2, e.deck_size - 1}))
        up = e.face_up_count(n)
        why = Line("quiz.why_deck_size", {"total": e.deck_size, "players": n, "up": up, "size": size})
        return Question(kind, e.key, {"players": n}, choices, size, reasons=(why,))
    if kind == "tokens":
        why = Line("quiz.why_tokens", {"players": n, "tokens": e.token_target(n)})
        return Question(kind, e.key, {"players": n}, tuple(range(2, 9)), e.token_target(n), reasons=(why,))
    raise LoveLetterError(f"unknown quiz kind {str(kind)[:40]!r}; kinds: {', '.join(KINDS)}", rule="quiz-kind")


def _positions(e, rng, tries: int = 80):
    """Play turns of seeded random rounds; yield every state where a card is to be played."""
    for _ in range(tries):
        n = rng.randint(e.min_players, min(e.max_players, 4))
        r, _ = deal_round(e, n, rng.randrange(n), rng.random())
        while r.phase == "play":
            yield r
            r, _ = apply(r, rng.choice(legal_actions(r)))
            while r.phase == "chancellor":
                r, _ = apply(r, rng.choice(legal_actions(r)))


def _why_refused(r, card) -> Line | None:
    """The engine's refusal of every play of `card` here (None if some play is legal)."""
    if any(isinstance(a, Play) and a.card == card for a in legal_actions(r)):
        return None
    others = [i for i in range(len(r.hands)) if i != r.current and not r.out[i]]
    try:
        apply(r, Play(card, others[0] if others else None))
    except IllegalActionError as err:
        return refusal(err)
    return None  # pragma: no cover - a play with no legal form is refused


def _target_reasons(r, card) -> tuple:
    out = []
    for seat in range(len(r.hands)):
        guess = next(iter(r.edition.guessable)) if card is Card.GUARD else None
        try:
            apply(r, Play(card, seat, guess))
        except IllegalActionError as err:
            out.append(refusal(err))
    return tuple(out)


def _targets(e, rng, kind) -> Question:
    card_wanted = (Card.PRINCE,) if kind == "prince-targets" else (Card.GUARD, Card.PRIEST, Card.BARON, Card.KING)
    fallback = None
    for r in _positions(e, rng):
        hand = r.hands[r.current]
        cards = [c for c in hand if c in card_wanted and any(isinstance(a, Play) and a.card == c
                                                                for a in legal_actions(r))]
        if not cards:
            continue
        others = [i for i in range(len(r.hands)) if i != r.current]
        blocked = (any(r.protected[i] for i in others) if kind != "targets-out" else any(r.out[i] for i in others))
        card = cards[0]
        targets = frozenset(a.target for a in legal_actions(r) if isinstance(a, Play) and a.card == card
                            and a.target is not None)
        q = Question(kind, e.key, {"player": r.current, "card": card, "out": tuple(r.out),
                                   "protected": tuple(r.protected)},
                     tuple(range(len(r.hands))), targets, r, _target_reasons(r, card))
        if blocked:
            return q
        fallback = fallback or q
    return fallback


def _baron(e, rng) -> Question:
    for r in _positions(e, rng):
        if Card.BARON not in r.hands[r.current]:
            continue
        plays = [a for a in legal_actions(r) if isinstance(a, Play) and a.card == Card.BARON and a.target is not None]
        if not plays:
            continue
        action = plays[0]
        _, events = apply(r, action)
        line = ruling(events, e)
        loser = next((ev.params["loser"] for ev in [line] if ev.key == "ruling.baron_out"), -1)
        hand = r.hands[r.current]
        kept = hand[1] if hand[0] == Card.BARON else hand[0]
        params = {"player": r.current, "target": action.target, "kept": kept, "theirs": r.hands[action.target][0]}
        return Question("baron", e.key, params, (r.current, action.target, -1), loser, r, (line,))
    raise RuntimeError("no Baron position found")  # pragma: no cover


def _chancellor(e, rng) -> Question:
    size = rng.choice((0, 1, 2, 2, 4))
    for r in _positions(e, rng, tries=300):
        if Card.CHANCELLOR in r.hands[r.current] and len(r.deck) == size:
            _, events = apply(r, Play(Card.CHANCELLOR))
            drawn = min(2, len(r.deck))
            return Question("chancellor-draw", e.key, {"player": r.current, "deck": len(r.deck)}, (0, 1, 2), drawn,
                            r, (ruling(events, e),))
    raise RuntimeError("no Chancellor position found")  # pragma: no cover


def _legal_cards(e, rng, kind: str = "legal-cards") -> Question:
    """A position from a seeded random game. `legal-cards` (the turn lesson): never a hand with the
    Countess, whose rule comes in a later lesson; a hand with the Princess preferred (she may be
    played, and knocks her player out). `countess`: a hand with the Countess and another card."""
    best = fallback = None
    forcing = rng.random() < 0.7
    for attempt in range(300 if kind == "countess" else 60):
        n = rng.randint(e.min_players, min(e.max_players, 4))
        r, _ = deal_round(e, n, rng.randrange(n), rng.random())
        for _ in range(rng.randrange(0, 6)):
            if r.phase != "play":
                break
            r2, _ = apply(r, rng.choice(legal_actions(r)))
            if r2.phase != "play":
                break
            r = r2
        hand = r.hands[r.current]
        legal = frozenset(a.card for a in legal_actions(r) if isinstance(a, Play))
        if kind == "legal-cards" and Card.COUNTESS in hand:
            fallback = (r, hand, legal)
            continue  # the Countess rule has its own, later lesson
        interesting = hand[0] != hand[1] and Card.PRINCESS in hand
        if kind == "countess":  # mostly a forcing hand (Countess with the King or a Prince)
            interesting = Card.COUNTESS in hand and hand[0] != hand[1] and (
                not forcing or Card.KING in hand or Card.PRINCE in hand)
        if best is None or (interesting and hand[0] != hand[1]):
            best = (r, hand, legal)
        if interesting:
            break
    r, hand, legal = best or fallback  # (only Countess hands in every try: never seen in practice)
    reasons = (Line("quiz.why_legal", {"cards": tuple(sorted(legal))}),
               *(x for x in (_why_refused(r, c) for c in sorted(set(hand))) if x is not None))
    # Why a surprising card is allowed: learners expect the Princess to be unplayable and the
    # Countess to be forced by any card.
    if Card.COUNTESS in legal and len(legal) > 1:
        reasons += (Line("quiz.why_countess_free", {}),)
    if Card.PRINCESS in legal:
        reasons += (Line("quiz.why_princess_legal", {}),)
    return Question(kind, e.key, {"player": r.current, "hand": tuple(hand)},
                    tuple(sorted(set(hand))), legal, r, reasons)


def _showdown(e, rng) -> Question:
    for attempt in range(200):
        n = rng.randint(e.min_players, min(e.max_players, 4))
        r, _ = deal_round(e, n, rng.randrange(n), rng.random())
        while r.phase != "over":
            r, events = apply(r, rng.choice(legal_actions(r)))
        if r.end_reason == "showdown" and len(r.in_round()) >= 2:
            hands = {i: r.hands[i][0] for i in r.in_round()}
            totals = {i: r.discard_total(i) for i in r.in_round()}
            why = tuple(x for x in narrate((e_ for e_ in events if isinstance(e_, RoundEnded)), e)
                        if x.key.startswith("ev.end."))
            return Question("showdown", e.key, {"hands": hands, "totals": totals},
                            tuple(r.in_round()), frozenset(r.winners), r, why)
    raise RuntimeError("no showdown found")  # pragma: no cover - random play reaches one quickly


def _spy_bonus(e, rng) -> Question:
    """A finished round where somebody played or discarded a Spy: who gains the Spy bonus?"""
    for attempt in range(400):
        n = rng.randint(e.min_players, min(e.max_players, 4))
        r, _ = deal_round(e, n, rng.randrange(n), rng.random())
        while r.phase != "over":
            r, events = apply(r, rng.choice(legal_actions(r)))
        spies = tuple(i for i in range(n) if Card.SPY in r.discards[i])
        if not spies or (r.spy_bonus is None and attempt % 3):
            continue
        bonus = -1 if r.spy_bonus is None else r.spy_bonus
        why = (Line("ev.spy_bonus", {"player": bonus}),) if bonus >= 0 else (Line("quiz.why_no_spy", {}),)
        return Question("spy-bonus", e.key, {"spies": spies, "out": tuple(r.out), "winners": tuple(r.winners)},
                        (*range(n), -1), bonus, r, why)
    raise RuntimeError("no Spy round found")  # pragma: no cover


def _card_fact(e, rng, kind: str) -> Question:
    """The value of a card (`card-value`) or its number of copies (`card-count`) in the edition."""
    card = rng.choice(list(e.cards))
    if kind == "card-value":
        answer = e.value(card)
        choices = tuple(sorted({e.value(c) for c in e.cards}))
        why = Line("quiz.why_card_value", {"card": card, "value": answer})
    else:
        answer = e.count(card)
        choices = tuple(range(1, max(e.count(c) for c in e.cards) + 1))
        why = Line("quiz.why_card_count", {"card": card, "n": answer, "total": e.deck_size})
    return Question(kind, e.key, {"card": card}, choices, answer, reasons=(why,))


def _unseen_2p(e, rng) -> Question:
    """A 2-player deal: with the three face-up cards and your two cards in view, how many copies of
    a card can still be in the other hand, the deck or the set-aside card? (A face-up card is out
    of the round: it is counted, never drawn.)"""
    for _ in range(40):
        r, _ = deal_round(e, 2, rng.randrange(2), rng.random())
        me = r.current
        counted = [c for c in r.face_up if e.count(c) > 1]
        if counted:
            break
    card = rng.choice(counted or list(r.face_up))
    up, mine = r.face_up.count(card), r.hands[me].count(card)
    left = e.count(card) - up - mine
    why = Line("quiz.why_unseen_2p", {"total": e.count(card), "card": card, "up": up, "mine": mine, "n": left,
                                      "player": me})
    return Question("unseen-2p", e.key, {"player": me, "hand": tuple(r.hands[me]), "face_up": tuple(r.face_up),
                                         "card": card},
                    tuple(range(0, e.count(card) + 1)), left, r, (why,))


def _edition_value(rng) -> Question:
    """The value of the King, the Countess or the Princess in one of the editions (they differ:
    the 2019 deck adds the Chancellor, 6, below them)."""
    from solver.rules.editions import EDITIONS

    e = get_edition(rng.choice(sorted(EDITIONS)))
    card = rng.choice((Card.KING, Card.COUNTESS, Card.PRINCESS))
    why = Line("quiz.why_edition_value", {"king": Card.KING, "countess": Card.COUNTESS, "princess": Card.PRINCESS})
    return Question("edition-value", e.key, {"card": card}, (6, 7, 8, 9), e.value(card), reasons=(why,))


def _why_wrong(q: Question, response):
    """The lines of `Question.why_wrong`."""
    from solver.rules.editions import ALL_TIED_WIN

    e = get_edition(q.edition)
    p = q.params
    r = q.position
    if q.kind in ("legal-cards", "countess"):
        for card in sorted(frozenset(response) - q.answer):
            line = _why_refused(r, card)
            if line is not None:
                yield line
        if q.answer - frozenset(response):  # (not which: with two cards that would be the answer)
            yield Line("quiz.hint_missing_card", {})
    elif q.kind in ("targets-protected", "targets-out", "prince-targets"):
        card = p["card"]
        for seat in sorted(frozenset(response) - q.answer):
            guess = next(iter(e.guessable)) if card is Card.GUARD else None
            try:
                apply(r, Play(card, seat, guess))
            except IllegalActionError as err:
                yield refusal(err)
        if q.answer - frozenset(response):
            yield Line("quiz.hint_missing_target", {"card": card})
    elif q.kind == "baron":
        yield Line("quiz.hint_baron", {"player": p["player"], "kept": p["kept"], "target": p["target"],
                                       "theirs": p["theirs"]})
    elif q.kind == "chancellor-draw":
        yield Line("quiz.hint_chancellor", {"n": p["deck"]})
    elif q.kind == "showdown":
        yield Line("quiz.hint_showdown_all" if e.showdown_tie == ALL_TIED_WIN else "quiz.hint_showdown_totals", {})
    elif q.kind == "spy-bonus":
        yield Line("quiz.hint_spy", {})
    elif q.kind in ("deck-size", "deck-size-2p"):
        yield Line("quiz.hint_deck_size", {"total": e.deck_size, "players": p["players"]})
    elif q.kind == "tokens":
        others = [n for n in range(e.min_players, e.max_players + 1) if e.token_target(n) == response]
        if others:
            yield Line("quiz.hint_tokens_other", {"tokens": response, "others": others[0]})
        yield Line("quiz.hint_tokens", {})
    elif q.kind in ("card-value", "edition-value"):
        edition = e if q.kind == "card-value" else get_edition(q.edition)
        same = [c for c in edition.cards if edition.value(c) == response]
        if same:
            yield Line("quiz.hint_value_of", {"value": response, "card": same[0]})
        else:
            yield Line("quiz.hint_no_value", {"value": response})
    elif q.kind == "card-count":
        same = [c for c in e.cards if e.count(c) == response and c != p["card"]]
        if same:
            yield Line("quiz.hint_count_of", {"n": response, "card": same[0]})
        else:
            yield Line("quiz.hint_no_count", {"n": response})
    elif q.kind == "unseen-2p":
        yield Line("quiz.hint_unseen_2p", {"card": p["card"], "total": e.count(p["card"])})
