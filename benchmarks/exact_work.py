"""What the exact search costs at the edge of its reach (issue 40, point 2; issue 48): saved 2-player positions
(by default the 40 with 7 cards in the deck, `benchmarks/exact_positions_7.tsv`: 20 classic, then 20 2019),
each answered exactly with a large budget under the given models; per answer the work (transitions, as the
budget counts them; for a mixture the search of both types together, and apart `by type`, the work of the
figures had the viewer known the type), the search's counters (information states valued, distinct
transitions computed, rounds interned), the actions its bounds passed over (`cut`), the CPU seconds and the
seconds per unit of work. The last lines give, per model and edition, the work's and the CPU seconds' median
and worst, and how many answers took at most 1 s of CPU.

Usage: python benchmarks/exact_work.py [positions] [models, e.g. card-counter,mixture] [--positions FILE]
       [--cards 6]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

# The project root in place of this folder, whose coverage.py would shadow the coverage package numba imports.
sys.path[0] = str(Path(__file__).resolve().parent.parent)

from solver.advice.exact import advise_exact  # noqa: E402
from solver.compiled import path_in_use, warm  # noqa: E402
from solver.records.notation import parse_record  # noqa: E402

NAMES = ("WORK NODES APPLIED PAIRS ERR BUDGET N_STATES N_OBS N_TRANS N_OUTS N_TLIN N_FOL N_FREST N_VALS N_MENT "
         "N_MKEYS STAMP0 STAMP1 DEPTH N_MHASH N_FOLLOW N_ENTRIES N_EXPAND CUT").split()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("count", nargs="?", type=int, default=40)
    parser.add_argument("models", nargs="?", default="card-counter,mixture")
    parser.add_argument("--positions", default=str(Path(__file__).parent / "exact_positions_7.tsv"))
    parser.add_argument("--cards", type=int, default=None, help="only the positions with this many cards")
    args = parser.parse_args()
    models = args.models.split(",")
    warm()
    counters: dict = {}
    if path_in_use() == "compiled":  # the compiled search's own counters, read as it lets go of its tables
        from solver.compiled.exact import answer as compiled_exact
        from solver.compiled.exact.packing import CTR

        release = compiled_exact.CompiledSolver.release

        def read(self):
            counters.update({n: int(self.ctx[CTR][i]) for i, n in enumerate(NAMES)})
            release(self)
        compiled_exact.CompiledSolver.release = read
    rows = [line.split("\t") for line in Path(args.positions).read_text().splitlines()]
    if args.cards is not None:
        rows = [r for r in rows if int(r[1]) == args.cards]
    rows = rows[:args.count]
    print(f"{'#':>3} {'edition':<8}{'model':<13}{'work':>12}{'by type':>10}{'nodes':>10}{'transitions':>12}"
          f"{'rounds':>9}{'cut':>9}{'CPU s':>8}{'µs/work':>9}")
    found: dict = {}
    for i, (edition, _, text) in enumerate(rows):
        record = parse_record(text)
        for model in models:
            stats: dict = {}
            counters.clear()
            t0 = time.process_time()
            advise_exact(record, model, 100_000_000, stats=stats)
            dt = time.process_time() - t0
            work = stats["work"]
            found.setdefault((model, edition), []).append((work, dt))
            print(f"{i:>3} {edition:<8}{model:<13}{work:>12,}{stats.get('type_work', 0):>10,}{stats['nodes']:>10,}"
                  f"{counters.get('N_TRANS', 0):>12,}{counters.get('N_STATES', 0):>9,}{stats.get('cut', 0):>9,}"
                  f"{dt:>8.2f}{1e6 * dt / max(work, 1):>9.2f}", flush=True)
    for (model, edition), rs in sorted(found.items()):
        works = [w for w, _ in rs]
        cpu = [c for _, c in rs]
        print(f"# {model} {edition}: {len(rs)} positions; work median {statistics.median(works):,.0f}, worst "
              f"{max(works):,}; CPU s median {statistics.median(cpu):.2f}, worst {max(cpu):.2f}; "
              f"{sum(c <= 1.0 for c in cpu)}/{len(rs)} within 1 s, {sum(c <= 0.5 for c in cpu)}/{len(rs)} within 0.5 s")


if __name__ == "__main__":
    main()
