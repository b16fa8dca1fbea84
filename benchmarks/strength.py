"""The advisor as a player, against the SO-ISMCTS reference bot and the card-counting bot.

Rows (seeded rounds, seats alternating who starts, 95% Wilson intervals):
* 2 players (classic and 2019): seat 0 is the advisor (opponent model `card-counter`, a deal
  budget per decision), the opponent is ISMCTS or the card-counting bot. At *equal thinking
  time*: ISMCTS gets the number of iterations that takes, on this machine, the advisor's
  median time per decision (calibrated on the first rounds, then fixed, so the rows are
  reproducible from the printed figures). The same seeds are also played with the counting
  bot and ISMCTS in seat 0, for comparison.
* 4 players (2019): seat 0's share of rounds won as the advisor against three card-counting
  bots, and as a card-counting bot (the baseline share).

With `--bounds`: instead, what seeing the opponent's card is worth (an upper bound for an honest
player of the same kind), 2 players, against ISMCTS at the given iterations: the counting
heuristic given the opponent's card as its memory, and ISMCTS whose deals all give the
opponent its true card.

`--iterations C,N` fixes ISMCTS's iterations (classic, 2019) instead of calibrating them on this
machine, so that a run reproduces an earlier one exactly whatever the machine's load (the
advisor's decisions are fixed by its work budgets and seeds).

With `--pomcp`: POMCP (`benchmarks/pomcp.py`: a tree of the viewer's histories, the opponents
played by the model, deals from the model's exact posterior) in seat 0, with the given iterations
and model, against the card-counting bot, or against ISMCTS at the given iterations.

With `--posterior`: ISMCTS whose deals come from the exact `card-counter` posterior against the
reference ISMCTS (uniform posterior), the same iterations.

With `--panel` (issues 26 and 35): the app's own advice (`advise(record)` with its defaults: the
mixture of opponent types, DEFAULT_WORK, DEFAULT_DEALS; CPU seconds a decision) and, on the same
seeded deals, the card-counting bot, each in seat 0 against one panel member — ISMCTS at the
given iterations (`ISMCTS-1500`, `ISMCTS-15000`), the card-counting bot, a random player, a mixed
player (each decision the card counter's or a random one, half and half), the searching type
(`searcher`, `solver.policies.searcher`) — in 2 or `--players N` player rounds (seats rotating
who starts). Fresh seeds each run (printed; `--seed S` repeats a run); one JSON line a deal in
`--out FILE` (appended), so a long run can be stopped and summarised at any time:
`--summary FILE...` prints per row both win rates with 95% intervals, the paired difference with
its 95% interval, the discordant rounds, the two-sided sign test's p, and the advice's CPU
seconds a decision (median / p90 / worst), and the share of its estimated decisions that were
decided (no play left "not yet told apart"). `--model M` plays the advice under opponent model M
instead of the mixture, `--work N` and `--deals N` with other budgets (a row named
member/settings), `--baseline none` skips the card counter's replay,
and `--compare A B` pairs the advice of two runs on the deals both played (repeat a run's seeds
with `--seed`) — how a variant of the advice is measured against the app's own. Run it with the project's environment
(`.venv/bin/python`): the line `the core's path` says whether the compiled core is in use.

Usage: python benchmarks/strength.py --panel [rounds-per-row] [--editions classic,2019] [--players N]
       [--opponents ISMCTS-1500,ISMCTS-15000,card-counter,random,mixed,searcher] [--seed S] [--out FILE]
       python benchmarks/strength.py --summary FILE...
       python benchmarks/strength.py [rounds-per-row] [deals-per-decision] [--iterations C,N]
       python benchmarks/strength.py --posterior [rounds-per-row] [classic-iterations] [2019-iterations]
       python benchmarks/strength.py --pomcp [rounds-per-row] [iterations] [model] [edition] [ismcts-iterations]
       python benchmarks/strength.py --bounds [rounds-per-row] [classic-iterations] [2019-iterations]
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

# The project root in place of this folder, whose coverage.py would shadow the coverage package numba imports.
sys.path[0] = str(Path(__file__).resolve().parent.parent)

from benchmarks.positions import taker  # noqa: E402
from solver import LoveLetterError, apply, deal_round, legal_actions  # noqa: E402
from solver.advice.advisor import advise, wilson  # noqa: E402
from solver.advice.ismcts import ismcts_action  # noqa: E402
from solver.policies.heuristics import card_counter_policy  # noqa: E402
from solver.records.record import record_from_events  # noqa: E402


class Player:
    def __init__(self, kind: str, deals: int = 300, iterations: int = 500, model: str = "mixture"):
        self.kind, self.deals, self.iterations, self.model = kind, deals, iterations, model
        self.times: list = []

    def act(self, r, events, seat: int, seed: int, rng):
        """The move, timed; the card counter's heuristic's when the search refuses the position."""
        if self.kind == "card-counter":
            return card_counter_policy(r, rng)
        if self.kind == "random":
            return rng.choice(legal_actions(r))
        if self.kind == "mixed":  # each decision the card counter's or a random one, half and half
            return card_counter_policy(r, rng) if rng.random() < 0.5 else rng.choice(legal_actions(r))
        record = record_from_events(r.edition, len(r.hands), events, seat)
        t0 = time.perf_counter()
        try:
            action = self.decide(record, seed)
        except LoveLetterError:
            action = card_counter_policy(r, rng)
        self.times.append(time.perf_counter() - t0)
        return action

    def decide(self, record, seed: int):
        if self.kind == "advisor":
            return advise(record, self.model, deals=self.deals, seed=seed).actions[0].action
        return ismcts_action(record, iterations=self.iterations, seed=seed)


class SeesCard(Player):
    """A player who sees the opponents' cards (not the deck): `kind` "card-counter" (the seen
    cards as its memory) or "ismcts" (every deal gives the opponents their true cards)."""

    def act(self, r, events, seat: int, seed: int, rng):
        if self.kind == "card-counter":
            known = tuple(sorted((seat, o, h[0]) for o, h in enumerate(r.hands) if o != seat and h and not r.out[o]))
            return card_counter_policy(r._replace(known=known), rng)
        try:
            return self._ismcts(r, events, seat, seed)
        except LoveLetterError:
            return card_counter_policy(r, rng)

    def _ismcts(self, r, events, seat: int, seed: int):
        from solver.advice.worlds import deal_sampler

        record = record_from_events(r.edition, len(r.hands), events, seat)
        base = deal_sampler(record, "uniform")

        def draw(g):
            d = base(g)
            hands, deck, aside = [list(h) for h in d.hands], list(d.deck), d.set_aside
            for o, hand in enumerate(r.hands):
                if o == seat or not hand or d.out[o] or hands[o][0] == hand[0]:
                    continue
                want, have = hand[0], hands[o][0]
                if want in deck:
                    deck[deck.index(want)] = have
                elif aside == want:
                    aside = have
                else:
                    continue
                hands[o][0] = want
            return d._replace(hands=tuple(tuple(h) for h in hands), deck=tuple(deck), set_aside=aside)

        return ismcts_action(record, iterations=self.iterations, seed=seed, sampler=draw)


class SeededISMCTS(Player):
    """ISMCTS whose determinizations are drawn from the exact posterior under `model` (the
    reference bot draws them from the uniform one)."""

    def __init__(self, model: str, iterations: int):
        super().__init__("ismcts", iterations=iterations)
        self.model = model

    def decide(self, record, seed: int):
        from solver.advice.worlds import deal_sampler

        return ismcts_action(record, iterations=self.iterations, seed=seed, sampler=deal_sampler(record, self.model))


class POMCP(Player):
    """POMCP under an opponent model (`benchmarks/pomcp.py`)."""

    def __init__(self, model: str, iterations: int):
        super().__init__("pomcp", iterations=iterations)
        self.model = model

    def decide(self, record, seed: int):
        from benchmarks.pomcp import pomcp_action

        return pomcp_action(record, self.model, self.iterations, seed)


def pomcp_rows(argv: list) -> None:
    rounds = int(argv[0]) if argv else 400
    its = int(argv[1]) if len(argv) > 1 else 1500
    model = argv[2] if len(argv) > 2 else "card-counter"
    editions = [argv[3]] if len(argv) > 3 else ["classic", "2019"]
    opponent = int(argv[4]) if len(argv) > 4 else None
    header("seat 0 vs opponent")
    for edition in editions:
        if opponent:
            row(f"POMCP({its}, {model}) vs ISMCTS({opponent})", edition, 2, rounds,
                [POMCP(model, its), Player("ismcts", iterations=opponent)])
        else:
            row(f"POMCP({its}, {model}) vs card-counter", edition, 2, rounds,
                [POMCP(model, its), Player("card-counter")])


def posterior_rows(rounds: int, iterations: dict, model: str = "card-counter") -> None:
    header("seat 0 vs opponent")
    for edition in ("classic", "2019"):
        its = iterations[edition]
        row(f"ISMCTS({its}), {model} deals, vs ISMCTS", edition, 2, rounds,
            [SeededISMCTS(model, its), Player("ismcts", iterations=its)])


def bounds(rounds: int, iterations: dict) -> None:
    header("seat 0 (sees the opponent card) vs opponent")
    for edition in ("classic", "2019"):
        its = iterations[edition]
        row(f"card-counter seeing the card vs ISMCTS({its})", edition, 2, rounds,
            [SeesCard("card-counter"), Player("ismcts", iterations=its)])
        row("counter seeing the card vs card-counter", edition, 2, rounds,
            [SeesCard("card-counter"), Player("card-counter")])
        row(f"ISMCTS({its}) seeing the card vs ISMCTS({its})", edition, 2, rounds,
            [SeesCard("ismcts", iterations=its), Player("ismcts", iterations=its)])


def play_round(edition: str, n: int, seed: int, players: list) -> tuple:
    rng = random.Random(seed)
    r, ev = deal_round(edition, n, seed % n, seed)
    events = list(ev)
    while r.phase != "over":
        seat = r.current
        action = players[seat].act(r, events, seat, seed * 31 + len(events), rng)
        r, ev = apply(r, action)
        events.extend(ev)
    return r.winners


def header(first: str) -> None:
    """The column titles of the rows `row` prints, the first column's named `first`."""
    print(f"{first:<44}{'edition':<9}{'n':>3}{'rounds':>7}{'wins':>8}{'95% interval':>15}{'s/decision':>10}")


def row(label: str, edition: str, n: int, rounds: int, players: list) -> float:
    wins = sum(1 for s in range(rounds) if 0 in play_round(edition, n, 10_000 + s, players))
    low, high = wilson(wins, rounds)
    times = players[0].times
    per = f"{statistics.median(times):.3f}" if times else "-"
    print(f"{label:<44}{edition:<9}{n:>3}{rounds:>7}{wins / rounds:>8.3f}{f'{low:.3f}–{high:.3f}':>15}{per:>10}",
          flush=True)
    return wins / rounds


def calibrate(edition: str, deals: int, rounds: int = 6) -> tuple[float, int]:
    """The advisor's median seconds per decision, and the ISMCTS iterations that take as long."""
    adv = Player("advisor", deals=deals)
    for s in range(rounds):
        play_round(edition, 2, 50_000 + s, [adv, Player("card-counter")])
    probe = Player("ismcts", iterations=400)
    for s in range(rounds):
        play_round(edition, 2, 50_000 + s, [probe, Player("card-counter")])
    per_iteration = statistics.median(probe.times) / 400
    advisor_time = statistics.median(adv.times)
    return advisor_time, max(50, int(advisor_time / per_iteration))


def wins_of(edition: str, n: int, rounds: int, players: list) -> list[int]:
    """1 or 0 per seeded round: seat 0 among the winners."""
    return [int(0 in play_round(edition, n, 10_000 + s, players)) for s in range(rounds)]


def sign_test(better: int, worse: int) -> float:
    """Two-sided exact sign test's p over the discordant rounds."""
    from math import comb

    k, m = min(better, worse), better + worse
    if m == 0:
        return 1.0
    tail = sum(comb(m, i) for i in range(k + 1)) / 2 ** m
    return min(1.0, 2 * tail)


PANEL_OPPONENTS = ("ISMCTS-1500", "ISMCTS-15000", "card-counter", "random", "mixed", "searcher")


def panel_opponent(name: str) -> Player:
    """A panel member by its name: `ISMCTS-<iterations>`, `card-counter`, `random`, `mixed`, or
    `searcher` (the opponent type that looks ahead, `solver.policies.searcher`, played as a bot)."""
    if name.startswith("ISMCTS-"):
        return Player("ismcts", iterations=int(name.split("-", 1)[1]))
    if name == "searcher":
        return Searcher()
    if name in ("card-counter", "random", "mixed"):
        return Player(name)
    raise SystemExit(f"unknown panel member {name!r}; members: {', '.join(PANEL_OPPONENTS)}")


class AppAdvice(Player):
    """The app's own advice: `advise(record)` with its defaults (the mixture, DEFAULT_WORK,
    DEFAULT_DEALS), timed in CPU seconds (the answer-time targets are CPU time); `model` another
    opponent model, for a variant measured on the same deals."""

    def __init__(self, model: str = "mixture", work: int = None, deals: int = None):
        super().__init__("app")
        self.verdicts: list = []  # per estimated decision: decided (no play left not yet told apart)
        self.model = model
        self.settings = {} if work is None else {"budget": work}
        if deals is not None:
            self.settings["deals"] = deals

    def act(self, r, events, seat: int, seed: int, rng):
        if len(legal_actions(r)) == 1:  # the app answers a forced play at once too
            return legal_actions(r)[0]
        record = record_from_events(r.edition, len(r.hands), events, seat)
        t0 = time.process_time()
        try:
            adv = advise(record, self.model, seed=seed, **self.settings)
            action = adv.actions[0].action
            if adv.method == "estimate":  # an estimated decision: decided when no play is not yet told apart
                self.verdicts.append(bool(adv.decided))
        except LoveLetterError:
            action = card_counter_policy(r, rng)
        self.times.append(time.process_time() - t0)
        return action


class Searcher(Player):
    """The searching opponent type (`solver.policies.searcher`) as a bot: it draws its play from
    the type's own distribution over its view."""

    def __init__(self):
        super().__init__("searcher")

    def act(self, r, events, seat: int, seed: int, rng):
        from solver.policies.models import MODELS
        from solver.rules.rng import SplitMix64

        return MODELS["searcher"].choose(r, SplitMix64(seed))


def panel(argv: list) -> None:
    """Paired rounds: on each deal the app's advice in seat 0, and then the card-counting bot in
    seat 0, against the same opponents (seats rotating who starts). One JSON line a deal in
    `--out` (appended), so a long run can be summarised at any time (`--summary FILE`)."""
    import json
    import os

    option = taker(argv)
    editions = option("--editions", "classic,2019").split(",")
    members = option("--opponents", "ISMCTS-1500,card-counter,random,mixed,searcher").split(",")
    players = int(option("--players", "2"))
    base = int(option("--seed", str(int.from_bytes(os.urandom(4), "big") * 1000)))
    out = option("--out", "")
    model = option("--model", "mixture")
    work = option("--work", None)
    deals = option("--deals", None)
    variant = ",".join(x for x in (model != "mixture" and model, work and f"work={work}",
                                   deals and f"deals={deals}") if x)
    with_counter = option("--baseline", "card-counter") != "none"
    rounds = int(argv[0]) if argv else 1000
    sink = open(out, "a") if out else None
    try:  # the compiled core ready before the first answer is timed
        from solver.compiled import path_in_use, warm

        warm()
    except ImportError:
        def path_in_use():
            return "reference"
    print(f"# seeds {base}..{base + rounds - 1} (--seed {base} repeats this run); {players} players; "
          f"the core's path: {path_in_use()}", flush=True)
    print(PANEL_HEADER, flush=True)
    for edition in editions:
        for member in members:
            app, baseline = AppAdvice(model, work and int(work), deals and int(deals)), Player("card-counter")
            opponents = [panel_opponent(member) for _ in range(players - 1)]
            a, c = [], []
            for i in range(rounds):
                s = base + i
                before = len(app.times)
                before_v = len(app.verdicts)
                a.append(int(0 in play_round(edition, players, s, [app] + opponents)))
                if with_counter:
                    c.append(int(0 in play_round(edition, players, s, [baseline] + opponents)))
                if sink:
                    line = {"edition": edition, "players": players, "opponent": member, "seed": s,
                            "app": a[-1], "counter": c[-1] if with_counter else None,
                            "cpu": [round(x, 4) for x in app.times[before:]],
                            "decided": [int(x) for x in app.verdicts[before_v:]]}
                    if variant:
                        line["model"] = variant
                    sink.write(json.dumps(line) + "\n")
                    sink.flush()
            if with_counter:
                print_row(label(member, variant), edition, players, a, c, app.times)
            else:
                print(f"{label(member, variant):<13} {edition:<8}{players:>2}{rounds:>6}{sum(a) / rounds:>7.3f}"
                      " (no card-counter replay: compare runs with --compare)", flush=True)
            if app.verdicts:
                print(f"{'':<14}estimated decisions decided: {sum(app.verdicts)} of {len(app.verdicts)} "
                      f"({sum(app.verdicts) / len(app.verdicts):.2f})", flush=True)


def label(member: str, variant: str) -> str:
    """A panel row's name: the member, and the advice's settings that are not the app's defaults."""
    return f"{member}/{variant}" if variant else member


def read_runs(paths: list) -> dict:
    """The deals of panel runs (`--out` files, gzipped or not), keyed by (row, edition, players,
    seed); a deal played twice (a run repeated with --seed) counts once: its last line."""
    import gzip
    import json

    deals: dict = {}
    for path in paths:
        for line in (gzip.open(path, "rt") if path.endswith(".gz") else open(path)):
            x = json.loads(line)
            deals[(label(x["opponent"], x.get("model", "")), x["edition"], x["players"], x["seed"])] = x
    return deals


def compare(paths: list) -> None:
    """`--compare A B`: the advice of run A against the advice of run B on the deals both played
    (same member, edition, players and seed): both win rates, the paired difference, the sign test."""
    if len(paths) != 2:
        raise SystemExit("--compare takes two run files")
    first, second = (read_runs([p]) for p in paths)
    by_deal = {(row.split("/")[0], edition, players, seed): (row, y)
               for (row, edition, players, seed), y in second.items()}
    rows: dict = {}
    for (row, edition, players, seed), x in first.items():
        if (row.split("/")[0], edition, players, seed) not in by_deal:
            continue
        row_b, y = by_deal[(row.split("/")[0], edition, players, seed)]
        r = rows.setdefault((row, row_b, edition, players), ([], [], [], []))
        r[0].append(x["app"])
        r[1].append(y["app"])
        r[2].extend(x["cpu"])
        r[3].extend(y["cpu"])
    if not rows:
        raise SystemExit("the two runs share no deal")
    for (row, row_b, edition, players), (a, b, ta, tb) in sorted(rows.items()):
        print(f"# A = {row}, B = {row_b}: columns 'advice' = A, 'counter' = B; A's CPU; "
              f"B's CPU median {statistics.median(tb or [0.0]):.2f} s")
        print(PANEL_HEADER)
        print_row(row, edition, players, a, b, ta)


def summary(paths: list) -> None:
    """The panel's rows from the JSON lines of one or more runs (`--out` files, gzipped or not;
    benchmarks/panel/ keeps the runs of 2026-12-05)."""
    deals = read_runs(paths)
    rows: dict = {}
    for (member, edition, players, _), x in deals.items():
        if x["counter"] is None:  # a variant run without the card-counter replay: see --compare
            continue
        key = (member, edition, players)
        rows.setdefault(key, ([], [], [], []))
        rows[key][0].append(x["app"])
        rows[key][1].append(x["counter"])
        rows[key][2].extend(x["cpu"])
        rows[key][3].extend(x.get("decided", []))
    print(PANEL_HEADER)
    for (member, edition, players), (a, c, times, decided) in sorted(rows.items(),
                                                                    key=lambda kv: (kv[0][2], kv[0][1], kv[0][0])):
        print_row(member, edition, players, a, c, times)
        if decided:
            print(f"{'':<14}estimated decisions decided: {sum(decided)} of {len(decided)} "
                  f"({sum(decided) / len(decided):.2f})", flush=True)


PANEL_HEADER = (f"{'opponent':<14}{'edition':<8}{'n':>2}{'rounds':>6}{'advice (95%)':>22}{'counter (95%)':>22}"
                f"{'difference (95%)':>24}{'+/-':>9}{'sign p':>8}  advice CPU s median/p90/worst")


def print_row(member: str, edition: str, players: int, a: list, c: list, times: list) -> None:
    rounds = len(a)
    d = [x - y for x, y in zip(a, c)]
    mean = sum(d) / rounds
    half = 1.96 * (statistics.pstdev(d) if rounds > 1 else 0.0) / rounds ** 0.5
    better, worse = d.count(1), d.count(-1)
    la, ha = wilson(sum(a), rounds)
    lc, hc = wilson(sum(c), rounds)
    cpu = sorted(times) or [0.0]
    print(f"{member:<13} {edition:<8}{players:>2}{rounds:>6}{sum(a) / rounds:>7.3f} ({la:.3f}–{ha:.3f})"
          f"{sum(c) / rounds:>7.3f} ({lc:.3f}–{hc:.3f}){mean:>+7.3f} ({mean - half:+.3f}–{mean + half:+.3f})"
          f"{f'{better}/{worse}':>9}{sign_test(better, worse):>8.4f}"
          f"  cpu {statistics.median(cpu):.2f}/{cpu[int(0.9 * (len(cpu) - 1))]:.2f}/{cpu[-1]:.2f}", flush=True)


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "--summary":
        summary(sys.argv[2:])
        return
    if len(sys.argv) > 1 and sys.argv[1] == "--compare":
        compare(sys.argv[2:])
        return
    if len(sys.argv) > 1 and sys.argv[1] == "--panel":
        panel(sys.argv[2:])
        return
    if len(sys.argv) > 1 and sys.argv[1] == "--pomcp":
        pomcp_rows(sys.argv[2:])
        return
    if len(sys.argv) > 1 and sys.argv[1] in ("--bounds", "--posterior"):
        args = [int(x) for x in sys.argv[2:]]
        rounds = args[0] if args else 200
        its = {"classic": args[1] if len(args) > 1 else 1435, "2019": args[2] if len(args) > 2 else 3143}
        (bounds if sys.argv[1] == "--bounds" else posterior_rows)(rounds, its)
        return
    argv = sys.argv[1:]
    fixed = None
    if "--iterations" in argv:
        i = argv.index("--iterations")
        fixed = dict(zip(("classic", "2019"), (int(x) for x in argv[i + 1].split(","))))
        del argv[i:i + 2]
    rounds = int(argv[0]) if argv else 100
    deals = int(argv[1]) if len(argv) > 1 else 300
    header("seat 0 vs opponents")
    for edition in ("classic", "2019"):
        if fixed:
            iterations = fixed[edition]
            print(f"# {edition}: ISMCTS {iterations} iterations (fixed)", flush=True)
        else:
            seconds, iterations = calibrate(edition, deals)
            print(f"# {edition}: advisor {deals} deals/decision = {seconds:.3f} s median = ISMCTS {iterations} "
                  "iterations", flush=True)
        row(f"advisor({deals}) vs ISMCTS({iterations})", edition, 2, rounds,
            [Player("advisor", deals), Player("ismcts", iterations=iterations)])
        row(f"advisor({deals}) vs card-counter", edition, 2, rounds,
            [Player("advisor", deals), Player("card-counter")])
        row(f"ISMCTS({iterations}) vs card-counter", edition, 2, rounds,
            [Player("ismcts", iterations=iterations), Player("card-counter")])
        row("card-counter vs card-counter", edition, 2, rounds, [Player("card-counter"), Player("card-counter")])
    rounds4 = max(rounds // 2, 10)
    a = row(f"advisor({deals}) vs 3 card-counters", "2019", 4, rounds4,
            [Player("advisor", deals)] + [Player("card-counter") for _ in range(3)])
    b = row("card-counter vs 3 card-counters", "2019", 4, rounds4, [Player("card-counter") for _ in range(4)])
    print(f"# 4 players: the advisor's round share minus the card counter's: {a - b:+.3f}")


if __name__ == "__main__":
    main()
