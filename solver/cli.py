"""Command line: `python -m solver analyze RECORD-or-FILE [--json] [--model counting|random]`.

Bad input exits with status 2 and the parser's message (which names the turn, the field and
the rule), never a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from fractions import Fraction
from pathlib import Path

from solver.rules.errors import LoveLetterError
from solver.inference.beliefs import guard_table, infer, unseen_counts
from solver.policies.models import MODELS
from solver.rules.names import card_name
from solver.records.notation import format_record, parse_record
from solver.records.json_form import from_json


def load_record(arg: str):
    """A record from text notation, a JSON string, or a file holding either."""
    text = arg
    path = Path(arg)
    try:
        if len(arg) < 4096 and path.is_file():
            text = path.read_text(encoding="utf-8")
    except OSError:
        pass
    stripped = text.strip()
    if stripped.startswith("{"):
        return from_json(stripped)
    return parse_record(stripped)


def _pct(p: Fraction) -> str:
    return f"{float(p) * 100:5.1f}%"


def _frac(p: Fraction) -> str:
    return str(p.numerator) if p.denominator == 1 else f"{p.numerator}/{p.denominator}"


def analysis_dict(post) -> dict:
    record = post.record
    e = record.edition
    seats = record.seats

    def dist(d):
        if "cards" in d:
            return {"cards": [dist(x) for x in d["cards"]]}
        return {card_name(c): {"p": _frac(p), "percent": round(float(p) * 100, 2)} for c, p in d.items()}

    return {
        "record": format_record(record),
        "model": post.model,
        "exact": True,
        "hands": {seats[s]: dist(d) for s, d in post.hands.items()},
        "set_aside": dist(post.set_aside) if post.set_aside else None,
        "deck_expected": {card_name(c): _frac(v) for c, v in post.deck_expected.items()},
        "deck_bottom": [dist(d) for d in post.bottom],
        "guard": [
            {"player": seats[row.seat], "best": [card_name(c) for c in row.best], "p_hit": _frac(row.p_hit),
             "probabilities": {card_name(c): _frac(p) for c, p in row.probabilities.items()}}
            for row in guard_table(post)
        ],
        "unseen": {card_name(c): k for c, k in unseen_counts(record).items()},
        "values": {card_name(c): e.value(c) for c in e.cards},
    }


def render_text(post) -> str:
    record = post.record
    e = record.edition
    seats = record.seats
    lines = [f"Record: {format_record(record)}",
             f"Model: {post.model} — {MODELS[post.model].description}. All figures are exact.", ""]

    def table(title, d):
        lines.append(title)
        for c, p in sorted(d.items(), key=lambda kv: (-kv[1], kv[0])):
            lines.append(f"  {e.value(c):>2} {card_name(c):<11} {_frac(p):>14}  {_pct(p)}")

    for s, d in post.hands.items():
        if s == record.viewer:
            continue
        if "cards" in d:
            continue
        table(f"{seats[s]} holds:", d)
    if post.set_aside:
        table("Set-aside card:", post.set_aside)
    lines.append("Guard (for each player you can choose now):")
    rows = guard_table(post)
    if not rows:
        lines.append("  nobody can be chosen now")
    for row in rows:
        best = ", ".join(card_name(c) for c in row.best)
        lines.append(f"  {seats[row.seat]}: name {best} — hits with {_frac(row.p_hit)} ({_pct(row.p_hit).strip()})")
    unseen = unseen_counts(record)
    lines.append("Unseen cards: " + ", ".join(f"{card_name(c)} ×{k}" for c, k in unseen.items()))
    lines.append("Expected in the deck: " + ", ".join(f"{card_name(c)} {_frac(v)}" for c, v in post.deck_expected.items()))
    return "\n".join(lines)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m solver", description="Love Letter solver")
    sub = parser.add_subparsers(dest="command", required=True)
    analyze = sub.add_parser("analyze", help="exact odds of the hidden cards for a round record")
    analyze.add_argument("record", help="a record in text notation or JSON, or a file holding one")
    analyze.add_argument("--json", action="store_true", help="machine-readable output")
    analyze.add_argument("--model", default="uniform", choices=sorted(MODELS),
                         help="opponent model (default: counting)")
    adv = sub.add_parser("advise", help="rank the viewer's legal plays by exact chance of winning the round")
    adv.add_argument("record", help="a record in which the viewer has drawn and is to play")
    adv.add_argument("--json", action="store_true", help="machine-readable output")
    adv.add_argument("--model", default="random", choices=["random", "card-counter"],
                     help="opponents: random legal play, or card counters (default: random)")
    adv.add_argument("--budget", type=int, default=200_000, help="search nodes allowed for the exact answer")
    args = parser.parse_args(argv)
    if args.command == "advise":
        return _advise(args)
    try:
        record = load_record(args.record)
        post = infer(record, args.model)
    except LoveLetterError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(analysis_dict(post), ensure_ascii=False, indent=2))
    else:
        print(render_text(post))
    return 0


EXPLANATIONS = {
    "advice.knock_out": "knocks an opponent out now with {knock_out_now}; wins the round with {win}",
    "advice.risk": "you are out before your next turn with {out_risk}; wins the round with {win}",
    "advice.plain": "wins the round with {win}",
}


def _learn_json(learn):
    if not learn:
        return None
    if "sees" in learn:
        return {"sees": {card_name(c): _frac(p) for c, p in learn["sees"].items()}}
    return {"baron": {k: _frac(p) for k, p in learn["baron"].items()}}


def _advise(args) -> int:
    from solver.advice.advisor import advise
    from solver.rules.names import card_name as _name

    try:
        record = load_record(args.record)
        advice = advise(record, args.model, budget=args.budget)
    except LoveLetterError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    seats = record.seats

    def show(action) -> str:
        from solver.rules.actions import ChancellorChoice

        if isinstance(action, ChancellorChoice):
            return f"keep {_name(action.keep)}, under the deck: {', '.join(_name(c) for c in action.bottom)}"
        text = _name(action.card)
        if action.target is not None:
            text += f" on {seats[action.target]}"
        if action.guess is not None:
            text += f" naming {_name(action.guess)}"
        return text

    rows = []
    for ranked in advice.actions:
        key, params = ranked.explanation()
        rows.append({
            "action": show(ranked.action), "win": _frac(ranked.win), "tokens": _frac(ranked.tokens),
            "knock_out_now": _frac(ranked.knock_out_now), "out_before_next_turn": _frac(ranked.out_before_next_turn),
            "exact": ranked.exact, "interval": ranked.interval, "samples": ranked.samples,
            "learn": _learn_json(ranked.learn), "explanation": {"key": key, "params": {k: _frac(v) for k, v in params.items()}},
        })
    if args.json:
        print(json.dumps({"record": format_record(record), "model": advice.model, "method": advice.method,
                          "worlds": advice.worlds, "actions": rows}, ensure_ascii=False, indent=2))
        return 0
    print(f"Record: {format_record(record)}")
    who = {"random": "uniformly random legal play", "card-counter": "card counters, 10% random"}[advice.model]
    if advice.method == "exact":
        print(f"Opponents: {advice.model} ({who}). Method: exact — every figure is exact, over {advice.worlds} "
              "possible deals.")
    else:
        print(f"Opponents: {advice.model} ({who}). Method: ESTIMATE — {advice.worlds} sampled deals, 95% intervals; "
              "after this play you continue with the counting heuristic.")
    for i, (ranked, row) in enumerate(zip(advice.actions, rows), start=1):
        key, params = ranked.explanation()
        why = EXPLANATIONS[key].format(**{k: f"{_frac(v)} ({_pct(v).strip()})" for k, v in params.items()})
        ci = "" if ranked.exact else f" [{ranked.interval[0] * 100:.1f}–{ranked.interval[1] * 100:.1f}%]"
        print(f"{i:>3}. {row['action']:<34} win {row['win']:>12} {_pct(ranked.win)}{ci}  — {why}")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
