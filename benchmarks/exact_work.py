"""What the exact search costs at the edge of its reach (issue 40, point 2): the saved 2-player
positions with 7 cards in the deck (`benchmarks/exact_positions_7.tsv`), each answered exactly with a
large budget under the given models; per answer the work (transitions, as the budget counts them), the
search's counters (information states valued, distinct transitions computed, states interned), the CPU
seconds and the seconds per unit of work. The last lines give the work's quartiles per model and how
many answers would fit a budget of 1 s of CPU at the measured rate.

Usage: python benchmarks/exact_work.py [positions] [models, e.g. card-counter,mixture]
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

# The project root in place of this folder, whose coverage.py would shadow the coverage package numba imports.
sys.path[0] = str(Path(__file__).resolve().parent.parent)

from solver.advice.exact import advise_exact  # noqa: E402
from solver.compiled import backend, warm  # noqa: E402
from solver.records.notation import parse_record  # noqa: E402

NAMES = ("WORK NODES APPLIED PAIRS ERR BUDGET N_STATES N_OBS N_TRANS N_OUTS N_TLIN N_FOL N_FREST N_VALS N_MENT "
         "N_MKEYS STAMP0 STAMP1 DEPTH N_MHASH N_FOLLOW N_ENTRIES N_EXPAND").split()


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    models = sys.argv[2].split(",") if len(sys.argv) > 2 else ["card-counter", "mixture"]
    warm()
    counters: dict = {}
    if backend() == "compiled":  # the compiled search's own counters, read as it lets go of its tables
        from solver.compiled.exact import answer as compiled_exact
        from solver.compiled.exact.packing import CTR

        release = compiled_exact.CompiledSolver.release

        def read(self):
            counters.update({n: int(self.ctx[CTR][i]) for i, n in enumerate(NAMES)})
            release(self)
        compiled_exact.CompiledSolver.release = read
    lines = (Path(__file__).parent / "exact_positions_7.tsv").read_text().splitlines()[:count]
    print(f"{'#':>3} {'model':<13}{'work':>12}{'nodes':>10}{'transitions':>12}{'states':>10}{'CPU s':>8}{'µs/work':>9}")
    works: dict = {m: [] for m in models}
    rates: list = []
    for i, line in enumerate(lines):
        record = parse_record(line.split("\t")[2])
        for model in models:
            stats: dict = {}
            counters.clear()
            t0 = time.process_time()
            advise_exact(record, model, 100_000_000, stats=stats)
            dt = time.process_time() - t0
            work = stats["work"]
            works[model].append(work)
            rates.append(dt / work)
            print(f"{i:>3} {model:<13}{work:>12,}{stats['nodes']:>10,}{counters.get('N_TRANS', 0):>12,}"
                  f"{counters.get('N_STATES', 0):>10,}{dt:>8.2f}{1e6 * dt / work:>9.2f}", flush=True)
    rate = statistics.median(rates)
    for model, ws in works.items():
        q = statistics.quantiles(ws, n=4)
        fit = sum(1 for w in ws if w * rate <= 1.0)
        print(f"# {model}: work quartiles {q[0]:,.0f} / {q[1]:,.0f} / {q[2]:,.0f}, worst {max(ws):,}; "
              f"{fit}/{len(ws)} within 1 s CPU at the median {1e6 * rate:.2f} µs a unit of work")


if __name__ == "__main__":
    main()
