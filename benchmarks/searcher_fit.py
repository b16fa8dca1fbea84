"""What kind of player a bot is, read from its plays (issue 35, point 2).

Plays seeded rounds of a bot (the reference SO-ISMCTS at the given iterations, or the card
counter, the random player, the searcher) in every seat but one, which the card-counting bot
plays (2 players by default, `--players N`; seats rotating), and reads every decision of the
bot that had a choice:
* the mean log-likelihood of the bot's plays, given what it saw, under the card counter, the
  random player and the searcher at each temperature constant K (`--k`) and share of random
  play (`--epsilon`): the pair with the highest is the searcher's fit;
* the opponent types' weights the record gives the bot at the round's end under the
  three-type mixture (`three-types`: card counter, random, searcher, a third each), seen from
  the card counter's seat, exactly as the inference weighs them (with 3 or more players the
  opponents share one type); their mean over the rounds whose exact inference answers.

Usage: python benchmarks/searcher_fit.py [rounds] [bot: ISMCTS-1500 | card-counter | random | searcher]
       [--players N] [--editions classic,2019] [--k 2,4,8,16,32,64] [--epsilon 0,1/10,1/5,1/3,1/2] [--seed S]
"""

from __future__ import annotations

import math
import os
import random
import sys
from collections import defaultdict
from fractions import Fraction
from pathlib import Path

sys.path[0] = str(Path(__file__).resolve().parent.parent)

from solver import LoveLetterError, apply, deal_round, legal_actions  # noqa: E402
from solver.advice.ismcts import ismcts_action  # noqa: E402
from solver.inference import type_weights  # noqa: E402
from solver.inference.factors import InferenceTooLargeError  # noqa: E402
from solver.policies.heuristics import card_counter_policy  # noqa: E402
from solver.policies.models import MODELS  # noqa: E402
from solver.policies.searcher import searcher_weights  # noqa: E402
from solver.records.record import record_from_events  # noqa: E402
from solver.rules.rng import SplitMix64  # noqa: E402


def option(argv, flag, default):
    if flag in argv:
        i = argv.index(flag)
        value = argv[i + 1]
        del argv[i:i + 2]
        return value
    return default


def bot_action(kind: str, r, events, seat: int, seed: int, rng):
    if kind.startswith("ISMCTS-"):
        record = record_from_events(r.edition, len(r.hands), events, seat)
        try:
            return ismcts_action(record, iterations=int(kind.split("-")[1]), seed=seed)
        except LoveLetterError:
            return card_counter_policy(r, rng)
    if kind == "card-counter":
        return MODELS["card-counter"].choose(r, SplitMix64(seed))
    if kind == "random":
        return rng.choice(legal_actions(r))
    if kind == "searcher":
        return MODELS["searcher"].choose(r, SplitMix64(seed))
    raise SystemExit(f"unknown bot {kind!r}")


def prob(weights, action) -> Fraction:
    acts, den = weights
    return Fraction(dict(acts).get(action, 0), den)


def main() -> None:
    argv = sys.argv[1:]
    editions = option(argv, "--editions", "classic,2019").split(",")
    ks = [int(x) for x in option(argv, "--k", "2,4,8,16,32,64").split(",")]
    epsilons = [Fraction(x) for x in option(argv, "--epsilon", "0,1/10,1/5,1/3,1/2").split(",")]
    base = int(option(argv, "--seed", str(int.from_bytes(os.urandom(4), "big") * 1000)))
    players = int(option(argv, "--players", "2"))
    rounds = int(argv[0]) if argv else 40
    kind = argv[1] if len(argv) > 1 else "ISMCTS-1500"
    print(f"# {kind}, {rounds} rounds an edition, seeds {base}.. (--seed {base} repeats)", flush=True)
    for edition in editions:
        loglik = defaultdict(float)
        decisions, weights, read = 0, defaultdict(Fraction), 0
        for i in range(rounds):
            seed = base + i
            viewer = (i + 1) % players  # the card counter's seat; the bot plays every other seat
            rng = random.Random(seed)
            r, ev = deal_round(edition, players, seed % players, seed)
            events = list(ev)
            while r.phase != "over":
                seat = r.current
                if seat != viewer:
                    action = bot_action(kind, r, events, seat, seed * 31 + len(events), rng)
                    if len(legal_actions(r)) > 1:
                        decisions += 1
                        loglik["card-counter"] += math.log(prob(MODELS["card-counter"].weights(r), action))
                        loglik["random"] += math.log(prob(MODELS["random"].weights(r), action))
                        for k in ks:
                            for eps in epsilons:
                                loglik[f"searcher K={k} e={eps}"] += math.log(prob(searcher_weights(r, k, eps), action))
                else:
                    action = card_counter_policy(r, rng)
                r, ev = apply(r, action)
                events.extend(ev)
            record = record_from_events(r.edition, players, events, viewer)
            try:
                for name, w in type_weights(record, "three-types").items():
                    weights[name] += w
                read += 1
            except (LoveLetterError, InferenceTooLargeError) as exc:
                print(f"# round {seed}: {exc}", flush=True)
        print(f"{edition}: {decisions} decisions with a choice; mean log-likelihood a decision:", flush=True)
        for name, total in sorted(loglik.items(), key=lambda kv: -kv[1]):
            print(f"  {name:<26}{total / max(decisions, 1):>9.3f}", flush=True)
        print(f"{edition}, {players} players: mean type weights at the round's end over {read} rounds "
              "(three-types, a third each before):", flush=True)
        for name, w in weights.items():
            print(f"  {name:<18}{float(w) / max(read, 1):>9.3f}", flush=True)


if __name__ == "__main__":
    main()
