"""Random complete rounds per second, per edition and player count: the public path (the reference
engine) and the compiled path (the Python fast path of earlier versions is gone: the round is
written twice, issue 43).

* public: a seeded deal (`deal_round`), then uniformly random legal play through the public API
  (`legal_actions` + `apply`, every event and the memory `Round.known` produced) until the round
  ends;
* compiled: a `SplitMix64.shuffle` deal, then uniformly random legal play
  (`solver.compiled.random_rounds`) played by the compiled core (numba), the whole loop compiled;
  the first call's compilation or cache load is left out ("rollout" in `--against` and
  `--interleaved`: the same, in blocks of 64 or `--rounds`);
* counting (with `--counting`): the advisor's play-out, everyone playing the card-counting
  heuristic from a dealt round, through the public API (`card_counter_policy` + `apply`) and through
  the seam (`solver.compiled.fast_playout`, one call a round).

Rates are rounds per second of this process's CPU time (`time.process_time`), so that other
processes on a shared machine slow it less; one core.

Usage:
    python benchmarks/engine.py [seconds-per-row] [--counting]
    python benchmarks/engine.py --against DIR [--blocks 5] [--seconds 0.5]
        DIR holds an older checkout (e.g. `git worktree add /tmp/old 5b4eae0`, or
        `git archive 5b4eae0 solver | tar -x -C DIR`). For each row, the old public path, the new
        public path and the rollout path run in turn in fresh processes, `--blocks` times; the
        table gives the medians and the factors against the old public path.
    python benchmarks/engine.py --interleaved DIR [--blocks 31] [--rounds 300]
        The same comparison in one process, steadier on a shared machine: DIR's `solver` is
        copied as a package `solver_old` (its imports renamed) and, for each row, blocks of
        `--rounds` rounds of the old public path, the new public path and the rollout path
        alternate `--blocks` times; the factor is the median of the paired per-block ratios,
        with the lower and upper quartiles of those ratios.
    Any of these with `--rows 2019:6,classic:2` measures only those rows.
"""

from __future__ import annotations

import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# The project root in place of this folder, whose coverage.py would shadow the coverage package numba imports.
sys.path[0] = str(ROOT)

ROWS = [("classic", n) for n in (2, 3, 4)] + [("classic-2019", n) for n in (2, 3, 4)] + [
    ("2019", n) for n in (2, 3, 4, 5, 6)
]

#: Run in a fresh process with the tree to measure first on sys.path: `root key n seconds path`.
CHILD = r'''
import random, sys, time
sys.path.insert(0, sys.argv[1])
key, n, seconds, path = sys.argv[2], int(sys.argv[3]), float(sys.argv[4]), sys.argv[5]
from solver import apply, deal_round, get_edition, legal_actions
edition = get_edition(key)
rng = random.Random(1)
choice = rng.choice
if path == "public":
    def block(start):
        for k in range(start, start + 64):
            r, ev = deal_round(edition, n, k % n, k)
            while r.phase != "over":
                r, ev = apply(r, choice(legal_actions(r)))
else:
    from solver.compiled import random_rounds
    def block(start):
        random_rounds(edition, n, 64, start)
block(10**6)  # warm the memos, as a long-running process has them
rounds = 0
start = time.process_time()
while time.process_time() - start < seconds:
    block(rounds)
    rounds += 64
print(rounds / (time.process_time() - start))
'''


def measure(key: str, n: int, seconds: float) -> tuple[float, float, float]:
    """Public path: rounds/s, actions per round, events per round."""
    from solver import apply, deal_round, get_edition, legal_actions

    edition = get_edition(key)
    rng = random.Random(1)
    choice = rng.choice
    rounds = turns = events = 0
    start = time.process_time()
    deadline = start + seconds
    while True:
        r, ev = deal_round(edition, n, rounds % n, rounds)
        events += len(ev)
        while r.phase != "over":
            r, ev = apply(r, choice(legal_actions(r)))
            turns += 1
            events += len(ev)
        rounds += 1
        if rounds % 64 == 0 and time.process_time() > deadline:
            break
    elapsed = time.process_time() - start
    return rounds / elapsed, turns / rounds, events / rounds


def measure_compiled(key: str, n: int, seconds: float) -> float:
    """Compiled path: rounds/s (blocks of 20,000 rounds in one compiled call each)."""
    from solver import get_edition
    from solver.compiled import path_in_use, random_rounds

    if path_in_use() != "compiled":
        return float("nan")
    edition = get_edition(key)
    random_rounds(edition, n, 10, 1)  # compiled or loaded from the cache first
    rounds = 0
    seed = 1
    start = time.process_time()
    while True:
        _, seed = random_rounds(edition, n, 20_000, seed)
        rounds += 20_000
        if time.process_time() - start > seconds:
            break
    return rounds / (time.process_time() - start)


def measure_card_counter_compiled(key: str, n: int, seconds: float) -> float:
    """Compiled path, everyone counting as `measure_card_counter` (seat 0 counting, the others 90%)."""
    import numpy as np

    from solver import get_edition
    from solver.compiled import path_in_use, edition_array
    from solver.compiled.raw import kernels

    if path_in_use() != "compiled":
        return float("nan")
    ed = edition_array(get_edition(key))
    k = kernels()
    k.card_counter_rounds(ed, n, 10, np.uint64(1))
    rounds = 0
    seed = np.uint64(1)
    start = time.process_time()
    while True:
        _, seed = k.card_counter_rounds(ed, n, 20_000, np.uint64(seed))
        rounds += 20_000
        if time.process_time() - start > seconds:
            break
    return rounds / (time.process_time() - start)


def measure_card_counter(key: str, n: int, seconds: float) -> tuple[float, float]:
    """Everyone plays the card counter's heuristic (90% / 10% random for opponents) from a dealt
    round: (public rounds/s, fast rounds/s)."""
    from solver import apply, deal_round, get_edition
    from solver.policies.heuristics import card_counter_policy, random_policy
    from solver.compiled import fast_playout
    from solver.policies.models import MODELS, CardCounterModel
    from solver.rules.rng import SplitMix64

    edition = get_edition(key)
    deals = [deal_round(edition, n, k % n, k)[0] for k in range(200)]

    def public(r, rng):
        while r.phase != "over":
            policy = card_counter_policy if r.current == 0 or not CardCounterModel.explores(rng) else random_policy
            r, _ = apply(r, policy(r, rng))

    rates = []
    for play in (public, lambda r, rng: fast_playout(r, 0, MODELS["card-counter"], rng, finish=True)):
        rng = SplitMix64(1)
        rounds = 0
        start = time.process_time()
        while time.process_time() - start < seconds:
            for r in deals:
                play(r, rng)
            rounds += len(deals)
        rates.append(rounds / (time.process_time() - start))
    return rates[0], rates[1]


def child(root: str, key: str, n: int, seconds: float, path: str) -> float:
    out = subprocess.run([sys.executable, "-c", CHILD, root, key, str(n), str(seconds), path],
                         capture_output=True, text=True, cwd="/tmp", check=True)
    return float(out.stdout)


def against(old: str, blocks: int, seconds: float) -> None:
    print(f"old public path: {old}; new: {ROOT}; medians of {blocks} alternating blocks of {seconds} s CPU")
    print(f"{'edition':<14}{'players':>8}{'old public':>12}{'new public':>12}{'×':>6}{'rollout':>10}{'×':>7}")
    for key, n in ROWS:
        rates: dict = {"old": [], "new": [], "fast": []}
        for _ in range(blocks):
            rates["old"].append(child(old, key, n, seconds, "public"))
            rates["new"].append(child(str(ROOT), key, n, seconds, "public"))
            rates["fast"].append(child(str(ROOT), key, n, seconds, "rollout"))
        o, p, f = (statistics.median(rates[k]) for k in ("old", "new", "fast"))
        print(f"{key:<14}{n:>8}{o:>12,.0f}{p:>12,.0f}{p / o:>6.2f}{f:>10,.0f}{f / o:>7.1f}", flush=True)


def interleaved(old: str, blocks: int, count: int) -> None:
    import importlib
    import re
    import shutil
    import tempfile

    from solver import apply, deal_round, get_edition, legal_actions
    from solver.compiled import random_rounds

    tmp = Path(tempfile.mkdtemp(prefix="engine_ab_"))
    shutil.copytree(Path(old) / "solver", tmp / "solver_old",
                    ignore=shutil.ignore_patterns("__pycache__"))
    for f in (tmp / "solver_old").rglob("*.py"):
        text = f.read_text()
        f.write_text(re.sub(r"\b(from|import) solver\b", r"\1 solver_old", text))
    sys.path.insert(0, str(tmp))
    old_mod = importlib.import_module("solver_old")

    def public(m, key, n):
        e = m.get_edition(key)
        rng = random.Random(1)
        choice = rng.choice
        deal, step, legal = m.deal_round, m.apply, m.legal_actions

        def block(start):
            for k in range(start, start + count):
                r, ev = deal(e, n, k % n, k)
                while r.phase != "over":
                    r, ev = step(r, choice(legal(r)))
        return block

    def rollout(key, n):
        e = get_edition(key)

        def block(start):
            random_rounds(e, n, count, start)
        return block

    new_mod = sys.modules["solver"]
    assert new_mod.apply is apply and new_mod.deal_round is deal_round and new_mod.legal_actions is legal_actions
    print(f"old: {old} (as solver_old); new: {ROOT}; {blocks} interleaved blocks of {count} rounds, "
          "rounds per CPU second (medians); factors: median of paired block ratios [quartiles]")
    print(f"{'edition':<14}{'players':>8}{'old public':>12}{'new public':>12}{'×':>6}{'[q1 q3]':>13}"
          f"{'rollout':>10}{'×':>7}")
    for key, n in ROWS:
        runs = {"old": public(old_mod, key, n), "new": public(new_mod, key, n), "fast": rollout(key, n)}
        for b in runs.values():
            b(10**6)  # warm the memos
        rates: dict = {k: [] for k in runs}
        for i in range(blocks):
            for k, b in runs.items():
                t0 = time.process_time()
                b(i * count)
                rates[k].append(count / (time.process_time() - t0))
        pub = sorted(b / a for a, b in zip(rates["old"], rates["new"]))
        fast = sorted(b / a for a, b in zip(rates["old"], rates["fast"]))
        q = lambda xs, f: xs[min(len(xs) - 1, int(f * len(xs)))]
        o, p, f = (statistics.median(rates[k]) for k in ("old", "new", "fast"))
        print(f"{key:<14}{n:>8}{o:>12,.0f}{p:>12,.0f}{statistics.median(pub):>6.2f}"
              f"{f'[{q(pub, .25):.2f} {q(pub, .75):.2f}]':>13}{f:>10,.0f}{statistics.median(fast):>7.1f}", flush=True)
    shutil.rmtree(tmp, ignore_errors=True)


def main() -> None:
    args = sys.argv[1:]
    def option(name, default, kind):
        return kind(args[args.index(name) + 1]) if name in args else default

    if "--rows" in args:  # e.g. --rows 2019:6,classic:2
        wanted = {(k, int(n)) for k, n in (r.split(":") for r in option("--rows", "", str).split(","))}
        ROWS[:] = [row for row in ROWS if row in wanted]
    if "--interleaved" in args:
        interleaved(option("--interleaved", None, str), option("--blocks", 31, int), option("--rounds", 300, int))
        return
    if "--against" in args:
        against(option("--against", None, str), option("--blocks", 5, int), option("--seconds", 0.5, float))
        return
    counting = "--counting" in args
    args = [a for a in args if a != "--counting"]
    seconds = float(args[0]) if args else 2.0
    head = (f"{'edition':<14}{'players':>8}{'public/s':>11}{'actions/round':>15}{'events/round':>14}"
            f"{'compiled/s':>13}{'×':>7}")
    if counting:
        head += f"{'counting public/s':>19}{'counting fast/s':>17}{'×':>6}{'counting compiled/s':>21}{'×':>7}"
    print(head)
    for key, n in ROWS:
        rate, per_round, events = measure(key, n, seconds)
        comp = measure_compiled(key, n, seconds)
        line = f"{key:<14}{n:>8}{rate:>11,.0f}{per_round:>15.1f}{events:>14.1f}{comp:>13,.0f}{comp / rate:>7.0f}"
        if counting:
            slow, quick = measure_card_counter(key, n, seconds)
            cc = measure_card_counter_compiled(key, n, seconds)
            line += f"{slow:>19,.0f}{quick:>17,.0f}{quick / slow:>6.1f}{cc:>21,.0f}{cc / slow:>7.0f}"
        print(line, flush=True)


if __name__ == "__main__":
    main()
