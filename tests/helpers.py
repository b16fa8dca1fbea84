"""Small builders shared by the tests: positions named by the cards that matter, answers built by hand, the
command line run in the test's process."""

from __future__ import annotations

import contextlib
import io
import random
import subprocess
from fractions import Fraction

from solver import Card, apply, deal_round, legal_actions, position

SPY, GUARD, PRIEST, BARON, HANDMAID, PRINCE, CHANCELLOR, KING, COUNTESS, PRINCESS = tuple(Card)


def pos(edition, hands, **kw):
    """A valid position; unnamed cards fill the face-up row, set-aside slot and deck bottom."""
    kw.setdefault("fill", True)
    return position(edition, hands, **kw)


def run(state, *actions):
    """Apply actions in order; return the final state and all events."""
    events = []
    for a in actions:
        state, ev = apply(state, a)
        events.extend(ev)
    return state, events


def of_type(events, cls):
    return [e for e in events if isinstance(e, cls)]


def late(edition, hands, **kw):
    """A late-round position with exactly `deck` left (see `solver.rules.positions.late_position`)."""
    from solver.rules.positions import late_position

    return late_position(edition, hands, **kw)


def full_round(key, n, seed):
    """A round of `n` players in edition `key` dealt with `seed` (first player `seed % n`) and
    played to its end with random legal choices (`random.Random(seed)`): the final state and
    all events."""
    rng = random.Random(seed)
    r, ev = deal_round(key, n, seed % n, seed)
    events = list(ev)
    while r.phase != "over":
        r, ev = apply(r, rng.choice(legal_actions(r)))
        events.extend(ev)
    return r, events


def random_practice_round(seed=11, choices=5):
    """A practice round (classic, "You" against a random "Bot", dealt with `seed`) played to its
    end with random legal choices (`random.Random(choices)`)."""
    from solver.advice.practice import play, start

    p = start("classic", ["You", "Bot"], 0, "random", seed=seed)
    rng = random.Random(choices)
    while not p.round_over:
        p = play(p, rng.choice(legal_actions(p.game)))
    return p


def second_practice_decision():
    """A game at the person's second decision, where the page's first listed play (what the
    Play button submits untouched) lets the bot take a turn."""
    from solver.advice.practice import play, resume, save, start

    for seed in range(50):
        p = start("classic", ["You", "Bot"], 0, "card-counter", seed=seed)
        if p.my_turn:
            p = play(p, random.Random(seed).choice(legal_actions(p.game)))
            if not p.my_turn:
                continue
            saved = save(p)  # the page resumes the link, dealing the hidden cards anew
            q = resume(saved["record"], saved["tokens"], int(saved["round"]), saved["bots"], int(saved["seed"]))
            if not play(q, legal_actions(q.game)[0]).round_over:
                return p
    raise AssertionError("no seeded game reaches a second decision")


# --- answers built by hand (the words of a verdict, a review, a ranking) ---------------------------

def ranked_by_hand(action, win, interval=None, diff=None):
    """A ranked play built by hand; `diff`: the 95% interval of its difference to the best (by
    default the point of its difference, as in an exact answer)."""
    from solver.advice.advisor import RankedAction

    return RankedAction(action, Fraction(win), Fraction(win), Fraction(0), Fraction(0), exact=interval is None,
                        interval=interval, samples=0 if interval is None else 400, diff_interval=diff)


def answer_by_hand(record, model, method, ranked, worlds, nodes, **kw):
    """An answer built by hand: each play's difference to the first, and its standing read from
    that difference's interval as the advisor reads it."""
    from dataclasses import replace

    from solver.advice.advisor import Advice as Answer
    from solver.advice.result import with_standings

    top = ranked[0].win
    ranked = [replace(a, diff=float(a.win - top), diff_interval=(0.0, 0.0) if i == 0 else
                      a.diff_interval or (float(a.win - top),) * 2) for i, a in enumerate(ranked)]
    return Answer(record, model, method, with_standings(ranked), worlds, nodes, **kw)


# --- the command line --------------------------------------------------------------------------

def run_cli(*args):
    """`python -m solver ARGS` as `solver/__main__.py` runs it, in this process (`solver.cli.main`: a process
    of its own pays a second or two of start-up, the compiled kernels loaded again, at every call; the
    process itself is checked in tests/test_cli.py, `run_process`): its exit code, stdout and stderr. An
    exception `main` lets out fails the test here, as the traceback it would print there."""
    from solver.cli import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(list(args))
        except SystemExit as stop:  # argparse: a refused option (its message on stderr, exit 2)
            code = stop.code if isinstance(stop.code, int) else int(stop.code is not None)
    return subprocess.CompletedProcess(["python", "-m", "solver", *args], code, out.getvalue(), err.getvalue())
