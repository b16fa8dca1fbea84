"""The advice's verdicts and figures against the exact answer (issue 47, point 4).

Fresh 2-player positions at 6–8 cards (seeded rounds of card counters, 10% random; seeds from
500,000 by default, used by no other benchmark), both editions, the three models. The truth is the
longer exact search (`advise_deeper`); positions it cannot answer are counted and passed over. The
answer is the app's default (`advise(record, model)`). Printed per row (edition, cards) and in all,
over the estimated answers:

* **decided** — no play is "not yet told apart" from the best;
* **first best** — the first play is an exact best play (within 1e-9);
* **wrong single** — a single best play is named (every other play worse) that is not exactly best,
  and the largest such regret in points;
* **close true** — the plays called "close" (equally good, within 3 points) that are within 3 points
  of the exact best;
* **shortfall** — the first play's exact value minus its estimated figure, in points: median and 90th
  percentile of its absolute value (and the median of the signed value);
* **CPU** — seconds of the answer: median and worst.

`--dump FILE` writes one JSON line per answer; `--leaves N` answers with another leaf budget, `--deals N` with another deal budget (variants);
`--truth FILE` keeps the exact values of the positions (read, and appended when computed): a rerun of the
same positions measures only the answers.

Usage: python benchmarks/accuracy.py [positions-per-row] [--lefts 6,7,8] [--editions classic,2019]
       [--models mixture,card-counter,random] [--start N] [--dump FILE] [--leaves N] [--deals N] [--truth FILE]
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from pathlib import Path

sys.path[0] = str(Path(__file__).resolve().parent.parent)

from solver.advice.advisor import advise, advise_deeper  # noqa: E402
from solver.advice.worlds import TooLargeError  # noqa: E402
from solver.rules.errors import LoveLetterError  # noqa: E402
from benchmarks.positions import grid, positions, taker  # noqa: E402


def format_action(action) -> str:
    return repr(action)


def quantile(xs, q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))] if xs else float("nan")


def judge(adv, truth: dict) -> dict:
    """What the answer says, checked against the exact values `truth` (action -> win)."""
    best_value = max(truth.values())
    first = adv.actions[0]
    regret = best_value - truth[first.action]
    close = [a for a in adv.actions[1:] if a.standing == "close"]
    return {
        "decided": adv.decided,
        "first_best": regret <= 1e-9,
        "single": adv.resolved,
        "regret": 100 * regret,
        "close": len(close),
        "close_true": sum(1 for a in close if best_value - truth[a.action] <= 0.03 + 1e-9),
        "shortfall": 100 * (truth[first.action] - float(first.win)),
    }


def main() -> None:
    argv = sys.argv[1:]

    opt = taker(argv)

    lefts, models, editions, start = grid(opt, "6,7,8", 500000)
    dump = opt("--dump", None)
    leaves = opt("--leaves", None)
    deals = opt("--deals", None)
    truth_file = opt("--truth", None)
    truths: dict = {}
    if truth_file and Path(truth_file).exists():
        for text in open(truth_file):
            x = json.loads(text)
            truths[tuple(x["key"])] = x["values"]
    truth_sink = open(truth_file, "a") if truth_file else None
    if leaves is not None:  # a variant: the estimate's leaf budget (transitions) instead of the default's
        from solver.advice import advisor

        plain = advisor.estimate_answer
        advisor.estimate_answer = lambda *a, **k: plain(*a, leaves=int(leaves), **k)
    count = int(argv[0]) if argv else 4
    try:
        from solver.compiled import warm

        warm()
    except ImportError:
        pass
    sink = open(dump, "a") if dump else None
    rows: dict = {}
    skipped = 0
    exact_answers = 0
    for edition in editions:
        for left in lefts:
            for seed, record in positions(edition, left, count, start):
                for model in models:
                    t0 = time.process_time()
                    try:
                        adv = advise(record, model, **({"deals": int(deals)} if deals else {}))
                    except LoveLetterError:
                        continue
                    cpu = time.process_time() - t0
                    if adv.method == "exact":
                        exact_answers += 1
                        continue
                    key = [edition, left, model, seed]
                    if tuple(key) in truths:
                        values = truths[tuple(key)]
                    else:
                        try:
                            deep = advise_deeper(record, model)
                            values = {format_action(a.action): float(a.win) for a in deep.actions}
                        except TooLargeError:
                            values = None
                        if truth_sink:
                            truth_sink.write(json.dumps({"key": key, "values": values}) + "\n")
                            truth_sink.flush()
                    if values is None:
                        skipped += 1
                        continue
                    truth = {a.action: values[format_action(a.action)] for a in adv.actions}
                    j = judge(adv, truth)
                    j.update(edition=edition, left=left, model=model, seed=seed, cpu=cpu)
                    rows.setdefault((edition, left), []).append(j)
                    if sink:
                        sink.write(json.dumps(j) + "\n")
                        sink.flush()
                    print(f"{edition} {left} {model} {seed}: decided {j['decided']}, first best {j['first_best']}, "
                          f"shortfall {j['shortfall']:+.1f}, cpu {cpu:.2f}", flush=True)
    print(f"\n{exact_answers} answers were exact by default; {skipped} estimates without an exact answer to check")
    summarise(rows)


def summarise(rows: dict) -> None:
    print("| edition | cards | answers | decided | first best | wrong single (worst, points) | close true |"
          " shortfall: median abs / p90 abs / median | CPU median / worst |")
    print("|---|---|---|---|---|---|---|---|---|")
    everything = []
    for key in sorted(rows):
        everything += rows[key]
        line(key[0], str(key[1]), rows[key])
    line("all", "", everything)


def line(edition: str, left: str, js: list) -> None:
    if not js:
        return
    n = len(js)
    wrong = [j for j in js if j["single"] and not j["first_best"]]
    closes = sum(j["close"] for j in js)
    short = [j["shortfall"] for j in js]
    cpu = sorted(j["cpu"] for j in js)
    print(f"| {edition} | {left} | {n} | {sum(j['decided'] for j in js) / n:.2f} | "
          f"{sum(j['first_best'] for j in js) / n:.2f} | {len(wrong)} ({max((j['regret'] for j in wrong), default=0):.1f}) | "
          f"{sum(j['close_true'] for j in js)}/{closes} | {statistics.median(abs(x) for x in short):.1f} / "
          f"{quantile([abs(x) for x in short], 0.9):.1f} / {statistics.median(short):+.1f} | "
          f"{statistics.median(cpu):.2f} / {cpu[-1]:.2f} |", flush=True)


if __name__ == "__main__":
    if len(sys.argv) > 2 and sys.argv[1] == "--summary":
        rows: dict = {}
        for path in sys.argv[2:]:
            for text in open(path):
                j = json.loads(text)
                rows.setdefault((j["edition"], j["left"]), []).append(j)
        summarise(rows)
    else:
        main()
