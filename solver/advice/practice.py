"""Practice games: a person against bots, to the token target, as immutable data.

`start` deals a game and lets the bots play until it is the person's turn; `play` applies the
person's action and again lets the bots play; `next_round` starts the next round. Every step
returns a new `Practice`. The person's record of the round in progress (`human_record`) is
what the hint, the review and a saved game use — the same record format the analyzer reads.

Bots: `random` (uniformly random legal play), `card-counter` (the card counter's heuristic of
`solver.policies.heuristics`), `ismcts` (a tree search over the bot's information sets) and `advisor` (the
advisor's best play from the bot's own record, opponents assumed to be the mixture of card counters and
random players; where the exact inference refuses a position as too large, the card counter's heuristic
plays that turn). A round resumed from a saved record is dealt again: the hidden
cards are drawn from the exact posterior of the person's record, so nothing the person could
not know is kept; in that round advisor bots play the card counter's heuristic (their own private
knowledge before the save is not in the person's record).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Optional

from solver.advice.advisor import OPPONENT_MODELS, advise, sample_worlds
from solver.rules.errors import LoveLetterError
from solver.rules.editions import get_edition
from solver.rules.game import apply, new_game
from solver.records.record import Record, record_from_events
from solver.rules.state import GAME_OVER, IN_ROUND, ROUND_OVER, Game

BOTS = ("random", "card-counter", "ismcts", "advisor")


#: Work budget of an ISMCTS bot per decision.
ISMCTS_ITERATIONS = 1000


def bot_deals(seconds: float) -> int:
    """An advisor bot's deal budget for the page's "thinking time" (about 1,000 deals a second
    of one core here; work, so the same game replays the same way on any machine)."""
    return max(100, min(4000, int(seconds * 1000)))


class PracticeError(LoveLetterError):
    rule = "practice"


def hint_model(bots: str) -> str:
    """The opponent model the hint, the review and a resumed deal assume for the bots at the
    table: the one place this choice is made. The random and card counter bots are exactly those
    models; the searching bots (ISMCTS, the advisor) are neither, so their opponents' type is read
    from their plays (the mixture; a page says so)."""
    return {"random": "random", "card-counter": "card-counter"}.get(bots, "mixture")


@dataclass(frozen=True)
class Decision:
    """One of the person's decisions: their record just before it, and what they chose."""

    record: Record
    action: object


@dataclass(frozen=True)
class Practice:
    game: Game
    human: int
    bots: str
    #: Thinking time of an advisor bot per decision (seconds).
    seconds: float
    #: Engine events of the round in progress (after `base`, for a resumed round).
    events: tuple
    #: The person's decisions in the round in progress.
    decisions: tuple = ()
    #: A resumed round: the person's record up to the resume point.
    base: Optional[Record] = None
    #: Decisions of finished rounds: ((round number, decisions), ...).
    history: tuple = ()

    @property
    def over(self) -> bool:
        return self.game.phase == GAME_OVER

    @property
    def round_over(self) -> bool:
        return self.game.phase in (ROUND_OVER, GAME_OVER)

    @property
    def my_turn(self) -> bool:
        return self.game.phase == IN_ROUND and self.game.round.current == self.human

    def record_of(self, seat: int) -> Record:
        g = self.game
        base = self.base if seat == self.human else None
        return record_from_events(g.edition, g.names, self.events, seat, base=base)

    def human_record(self) -> Record:
        return self.record_of(self.human)


def start(edition: str, names, human: int, bots: str, seed: int = 0, first_player: int = 0,
          target: Optional[int] = None, seconds: float = 0.5, then_bots: bool = True) -> Practice:
    """A new game; `target` overrides the edition's favor tokens to win (a shorter game)."""
    if bots not in BOTS:
        raise PracticeError(f"unknown bots {bots!r}; choose one of {', '.join(BOTS)}")
    names = tuple(names)
    if not 0 <= human < len(names):
        raise PracticeError(f"there is no seat {human}")
    options = {}
    if target is not None:
        e = get_edition(edition)
        options["token_targets"] = {n: target for n in range(e.min_players, e.max_players + 1)}
    game, events = new_game(edition, names, first_player, seed, **options)
    p = Practice(game, human, bots, seconds, tuple(events))
    return _bots_play(p) if then_bots else p


def play(p: Practice, action, then_bots: bool = True) -> Practice:
    """The person's action (IllegalActionError if the rules forbid it), then the bots' (unless
    `then_bots` is false: see `bot_step`)."""
    if not p.my_turn:
        raise PracticeError("it is not your turn")
    record = p.human_record()
    game, events = apply(p.game, action)
    p = replace(p, game=game, events=p.events + tuple(events), decisions=p.decisions + (Decision(record, action),))
    return _bots_play(p) if then_bots else p


def next_round(p: Practice, then_bots: bool = True) -> Practice:
    if p.game.phase != ROUND_OVER:
        raise PracticeError("the round is not over")
    from solver.rules.actions import NextRound

    game, events = apply(p.game, NextRound())
    history = p.history + ((p.game.round_no, p.decisions),)
    p = replace(p, game=game, events=tuple(events), decisions=(), base=None, history=history)
    return _bots_play(p) if then_bots else p


def _bots_play(p: Practice) -> Practice:
    while bots_to_play(p):
        p = bot_step(p)
    return p


def bots_to_play(p: Practice) -> bool:
    """A bot is to play (the round goes on and it is not the person's turn)."""
    return p.game.phase == IN_ROUND and p.game.round.current != p.human


def searching_action(bots: str, record: Record, budget: int, seed: int):
    """A searching bot's play at `record` (the bot's own view): "ismcts" with `budget` iterations,
    "advisor" with `budget` deals, seeded by `seed`: pure, the same play wherever it is computed (a
    server may compute it in another process). The project's error when the position is too large
    for the exact inference (the bot then plays the heuristic: `bot_action`)."""
    if bots == "ismcts":
        from solver.advice.ismcts import ismcts_action

        return ismcts_action(record, iterations=budget, seed=seed)
    if bots == "advisor":
        return advise(record, deals=budget, seed=seed).actions[0].action
    raise PracticeError(f"no searching bot {bots!r}; the searching bots are ismcts, advisor")


def bot_step(p: Practice, think=searching_action) -> Practice:
    """One bot's turn, the same seeded choice `play` makes: a page can show each bot's turn as
    it happens by calling `play(..., then_bots=False)` and then this until `bots_to_play` is false.
    `think`: how a searching bot's play is computed (`searching_action`, or a call with the same
    arguments and answer that computes it elsewhere)."""
    if not bots_to_play(p):
        raise PracticeError("no bot is to play")
    rng = random.Random(f"{p.game.seed}/bots/{p.game.round_no}/{len(p.events)}")
    game, events = apply(p.game, bot_action(p, rng, think))
    return replace(p, game=game, events=p.events + tuple(events))


def bot_action(p: Practice, rng, think=searching_action):
    from solver.policies.heuristics import card_counter_policy, random_policy

    r = p.game.round
    if p.bots == "random":
        return random_policy(r, rng)
    if p.bots in ("ismcts", "advisor") and p.base is None:
        # The advisor's thinking time chosen on the page becomes a work budget (deals), so the
        # bot's play never depends on the machine's load.
        budget = ISMCTS_ITERATIONS if p.bots == "ismcts" else bot_deals(p.seconds)
        try:
            return think(p.bots, p.record_of(r.current), budget, rng.randrange(2**31))
        except LoveLetterError:  # a position too large for the exact inference: the heuristic plays
            pass
    return card_counter_policy(r, rng)


# ---------------------------------------------------------------------------------------------
# Save and resume
# ---------------------------------------------------------------------------------------------

def save(p: Practice) -> dict:
    """What a link or a note needs to resume: the person's record of the round in progress
    (at their turn), the tokens, the round number and the settings."""
    if not p.my_turn:
        raise PracticeError("a game is saved at your turn")
    from solver.records.notation import format_record

    g = p.game
    return {"record": format_record(p.human_record()), "tokens": ",".join(map(str, g.tokens)),
            "round": str(g.round_no), "bots": p.bots, "seed": str(g.seed),
            "target": str(g.edition.token_target(len(g.names)))}


#: Practice links: the latest round a game is resumed at, the largest token target, the largest seed.
MAX_ROUND = 200
MAX_TARGET = 20
MAX_SEED = 2 ** 63 - 1


def _link_number(value, what: str, low: int, high: int) -> int:
    """A whole number from a link (ASCII digits only: a Unicode digit passes isdigit() but not
    int()), in low..high; PracticeError (rule `practice-link`) otherwise."""
    if isinstance(value, int) and not isinstance(value, bool):
        number = value
    else:
        text = str(value).strip()
        if not (text.isascii() and text.isdigit() and len(text) <= 20):
            raise PracticeError(f"{what} must be a whole number; got {text[:20]!r}", rule="practice-link")
        number = int(text)
    if not low <= number <= high:
        raise PracticeError(f"{what} must be from {low} to {high}; got {number}", rule="practice-link")
    return number


def resume(record_text: str, tokens: str = "", round_no: int = 1, bots: str = "card-counter", seed: int = 0,
           target: Optional[int] = None, seconds: float = 0.5) -> Practice:
    """A game resumed from the person's record (their turn): the hidden cards are dealt again
    from the exact posterior of that record (under the bots' model; where that inference is too
    large, under the uniform model, then the random one, so that every link the app made resumes).
    The round, tokens, target and seed are checked for range and against each other; the record
    keeps its form (`save(resume(**link))` gives the same link)."""
    from solver.records.notation import parse_record
    from solver.records.replay import check_revealed_cards, walk

    record = parse_record(record_text)
    if record.viewer is None:
        raise PracticeError("the saved record must name you (viewer:)", rule="practice-link")
    if bots not in BOTS:
        raise PracticeError(f"unknown bots {str(bots)[:20]!r}; choose one of {', '.join(BOTS)}", rule="practice-link")
    n = record.n_players
    round_no = _link_number(round_no, "the round", 1, MAX_ROUND)
    seed = _link_number(seed, "the seed", 0, MAX_SEED)
    e = record.edition
    if target is not None:
        target = _link_number(target, "the token target", 1, MAX_TARGET)
        if target != e.token_target(n):  # the record's own edition already says it otherwise: keep its form
            e = e.with_options(token_targets={k: target for k in range(e.min_players, e.max_players + 1)})
            record = replace(record, edition=e)
    goal = e.token_target(n)
    parts = tokens.split(",") if isinstance(tokens, str) and tokens.strip() else ["0"] * n
    if len(parts) != n:
        raise PracticeError(f"tokens must be {n} whole numbers separated by commas, e.g. 1,0", rule="practice-link")
    counts = tuple(_link_number(x, "a token count", 0, MAX_TARGET) for x in parts)
    if max(counts) >= goal:
        raise PracticeError(f"with {max(counts)} tokens the game is already over (target {goal})",
                            rule="practice-link")
    # Each finished round gives at most one token to each player still in it, and the Spy's bonus.
    if sum(counts) > (round_no - 1) * (n + 1):
        raise PracticeError(f"{sum(counts)} tokens cannot have been won in {round_no - 1} finished round(s)",
                            rule="practice-link")
    final: list = []
    for _ in walk(record, final):
        pass
    if not final[0].unfinished or final[0].to_play != record.viewer:
        raise PracticeError("a saved record ends with your draw: it is your turn to play", rule="practice-link")
    check_revealed_cards(record)  # before the inference, which may take seconds
    from solver.inference.factors import InferenceTooLargeError

    world = None
    for model in dict.fromkeys((hint_model(bots), "uniform", "random")):
        try:
            (world,) = sample_worlds(record, model, 1, random.Random(f"{seed}/resume"))
            break
        except InferenceTooLargeError:
            continue
    if world is None:
        raise PracticeError("this record is too large to deal again; start a new game", rule="practice-link")
    game = Game(e, record.seats, counts, seed, round_no, record.first, world, IN_ROUND, ())
    return Practice(game, record.viewer, bots, seconds, (), base=record)


# ---------------------------------------------------------------------------------------------
# Review
# ---------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Reviewed:
    """One decision next to the advisor's ranking for the record at that moment."""

    decision: Decision
    advice: object  # solver.advisor.Advice
    #: The chosen play's entry in the ranking (None only if the advisor did not rank it).
    chosen: object
    #: What the choice gave up in P(win), as the hint's answer prices it (`RankedAction.cost`): 0 for
    #: the best and for a play proved within 3 points of it, the difference to the best otherwise
    #: (uncertain when the play's standing is "undecided").
    cost: object
    #: 1-based place of the chosen play in the ranking.
    rank: Optional[int]


def review(decisions, model: str, seconds: float = 2.0, advise_fn=None) -> list:
    """Each decision with the advisor's ranking and its cost in winning chance. One question, one
    computation: the answer is `advise(record, model)` with its default budgets and seed, the one a
    hint at that decision gave (`advise_fn` (record, model, seconds) -> Advice lets a caller reuse
    the hint's cached answer), and the cost is read from the chosen play's standing in it. A
    position the inference refuses gives its error in place of the advice."""
    advise_fn = advise_fn or (lambda record, m, s: advise(record, m))
    out = []
    for d in decisions:
        try:
            adv = advise_fn(d.record, model, seconds)
        except LoveLetterError as err:
            out.append(Reviewed(d, err, None, None, None))
            continue
        rank = next((i for i, a in enumerate(adv.actions, start=1) if a.action == d.action), None)
        chosen = adv.actions[rank - 1] if rank else None
        cost = chosen.cost if chosen else None
        out.append(Reviewed(d, adv, chosen, cost, rank))
    return out
