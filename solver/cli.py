"""Command line: `python -m solver analyze RECORD-or-FILE [--json] [--model uniform|random|card-counter] [--budget N]`

Bad input exits with status 2 and the parser's message (which names the turn, the field and
the rule), never a traceback. A file is refused before it is read when it is larger than the
longest record could be, and when it is not UTF-8 text (a byte-order mark is accepted).
"""

from __future__ import annotations

import argparse
import json
import os
import stat
import sys
from fractions import Fraction

from solver.rules.errors import LoveLetterError
from solver.inference.posterior import guard_table, infer, unseen_counts
from solver.policies.models import MODELS, PLAYING_MODELS
from solver.rules.names import card_name
from solver.records.notation import format_record, parse_record
from solver.records.json_form import from_json
from solver.records.record import MAX_JSON_CHARS, RecordError, excerpt
from solver.rules.editions import EDITIONS

#: The largest record file read: the longest JSON record, at up to 4 bytes a character.
MAX_FILE_BYTES = 4 * MAX_JSON_CHARS


def _looks_like_record(arg: str) -> bool:
    words = arg.strip().split(None, 1)
    return arg.lstrip().startswith("{") or (bool(words) and words[0].lower() in EDITIONS)


def _open_without_waiting(path: str):
    """The file opened for reading in binary. A named pipe nobody writes to would block `open`
    until a writer came: it is opened without waiting (then reads as usual), so with no writer
    it reads as empty; a pipe being written (`/dev/stdin` in `echo ... | python -m solver ...`)
    reads as before."""
    nonblock = getattr(os, "O_NONBLOCK", 0)  # Windows has none: a plain open there
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_BINARY", 0) | nonblock)
    if nonblock:
        import fcntl

        fcntl.fcntl(fd, fcntl.F_SETFL, fcntl.fcntl(fd, fcntl.F_GETFL) & ~nonblock)
    return os.fdopen(fd, "rb")


def read_record_file(path: str) -> str:
    """The text of a record file: refused (RecordError) when missing, a directory, larger than
    `MAX_FILE_BYTES` (checked before reading; at most that many bytes are ever read), or not
    UTF-8 text. A UTF-8 byte-order mark is dropped."""
    shown = excerpt(path, 60)
    try:
        with _open_without_waiting(path) as f:
            info = os.fstat(f.fileno())
            if stat.S_ISDIR(info.st_mode):
                raise IsADirectoryError
            if info.st_size > MAX_FILE_BYTES:
                raise RecordError(f"{shown}: the file is larger than a round's record can be "
                                  f"({MAX_FILE_BYTES:,} bytes at most)", rule="file-too-large")
            data = f.read(MAX_FILE_BYTES + 1)  # a pipe or a growing file: never more than the limit
    except FileNotFoundError:
        raise RecordError(f"file not found: {shown} (give a record in notation or JSON, or a file holding one)",
                          rule="file-not-found") from None
    except IsADirectoryError:
        raise RecordError(f"{shown} is a directory, not a record file", rule="file-not-found") from None
    except OSError as exc:
        raise RecordError(f"cannot read {shown}: {exc.strerror}", rule="file-not-found") from None
    except RecordError:  # the size refusal above (a ValueError too)
        raise
    except ValueError:  # a path no file can have (a NUL character in it)
        raise RecordError(f"file not found: {shown} (a file name has no NUL character)",
                          rule="file-not-found") from None
    if not data and stat.S_ISFIFO(info.st_mode):
        raise RecordError(f"{shown} is a pipe nobody wrote a record to", rule="file-not-found")
    if len(data) > MAX_FILE_BYTES:
        raise RecordError(f"{shown}: the file is larger than a round's record can be "
                          f"({MAX_FILE_BYTES:,} bytes at most)", rule="file-too-large")
    if b"\0" in data:
        raise RecordError(f"{shown} is a binary file, not a record", rule="file-encoding")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise RecordError(f"{shown} is not UTF-8 text (byte {exc.start})", rule="file-encoding") from None


def load_record(arg: str):
    """A record from text notation, a JSON string, or a file holding either. An existing path
    is a file; an argument that starts like a record (an edition, or `{`) or holds spaces or
    separators is a record; anything else is a missing file."""
    if len(arg) < 4096 and os.path.lexists(arg):
        text = read_record_file(arg)
    elif _looks_like_record(arg) or not arg.strip() or any(ch in arg for ch in " |;,\n"):
        text = arg
    else:
        text = read_record_file(arg)
    stripped = text.strip()
    if stripped.startswith("{"):
        return from_json(stripped)
    return parse_record(stripped)


#: The most work the command line may be asked for, so that it fits well within the safety cap
#: `ADVISE_SECONDS` (and a gigabyte of memory): the exact search of the analyzer's longer answer
#: (`solver.advice.advisor.DEEP_WORK`, 5,000,000 transitions: seconds to a minute on one core),
#: an estimate over 20,000 deals for each contender (8 x that many play-outs at most: well under
#: a minute). A test checks MAX_TRANSITIONS against DEEP_WORK.
MAX_TRANSITIONS = 5_000_000
MAX_DEALS = 20_000
#: advise's wall-clock safety cap on the command line; if it stops the work anyway, the output says so.
ADVISE_SECONDS = 180.0
#: The longest number a work option is read from (a budget of a trillion is far beyond any limit).
_DIGITS = 12


def _whole(text: str, what: str, most: int | None = None) -> int:
    """A positive whole number of `what`, at most `most`; argparse's refusal naming the limit."""
    digits = text.strip()
    if digits.isascii() and digits.isdigit() and len(digits) > _DIGITS:  # too long to be a budget
        value = 10 ** _DIGITS
    else:
        try:
            value = int(text) if len(text) <= _DIGITS else -1
        except ValueError:
            value = -1
    if value <= 0:
        raise argparse.ArgumentTypeError(f"a positive whole number of {what}; got {excerpt(text, 20)!r}")
    most = 10 ** _DIGITS - 1 if most is None else most
    if value > most:
        shown = f"{value:,}" if value < 10 ** _DIGITS else f"{excerpt(digits, 20)!r}"
        raise argparse.ArgumentTypeError(f"at most {most:,} {what} (the command line's limit); got {shown}")
    return value


def _budget(text: str) -> int:
    """--budget of analyze: a positive whole number of inference steps."""
    return _whole(text, "inference steps")


def _transitions(text: str) -> int:
    """--budget of advise: transitions of the exact search, at most `MAX_TRANSITIONS`."""
    return _whole(text, "transitions", MAX_TRANSITIONS)


def _deals(text: str) -> int:
    """--deals of advise: deals for the contenders of an estimate, at most `MAX_DEALS`."""
    return _whole(text, "deals", MAX_DEALS)


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
        "types": {name: _frac(p) for name, p in post.types.items()},
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
             f"Model: {post.model} — {MODELS[post.model].description}. All figures are exact."]
    if len(post.types) > 1:
        lines.append(f"What the record suggests: {_types_text(post.types, seats, record.viewer)}.")
    lines.append("")

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
    from solver.advice.advisor import DEFAULT_DEALS, DEFAULT_WORK  # the app's budgets: the same answers

    parser = argparse.ArgumentParser(prog="python -m solver", description="Love Letter solver")
    sub = parser.add_subparsers(dest="command", required=True)
    analyze = sub.add_parser("analyze", help="exact odds of the hidden cards for a round record")
    analyze.add_argument("record", help="a record in text notation or JSON, or a file holding one")
    analyze.add_argument("--json", action="store_true", help="machine-readable output")
    analyze.add_argument("--model", default="uniform", choices=sorted(MODELS),
                         help="how deals are weighed: uniform (every consistent deal equally likely; the default), "
                              "random (opponents played at random), card-counter, mixture (each opponent a card "
                              "counter or a random player, weighed by their recorded plays), searcher (opponents "
                              "look one play ahead), or three-types (card counter, random or searcher, weighed by "
                              "their plays)")
    analyze.add_argument("--budget", type=_budget, default=None,
                         help="work allowed for the exact inference (steps; default: no limit)")
    adv = sub.add_parser("advise", help="rank the viewer's legal plays by exact chance of winning the round")
    adv.add_argument("record", help="a record in which the viewer has drawn and is to play")
    adv.add_argument("--json", action="store_true", help="machine-readable output")
    adv.add_argument("--model", default=PLAYING_MODELS[0], choices=PLAYING_MODELS,
                     help="opponents: mixture (a card counter or a random player, read from their recorded plays; "
                          "the default), card-counter, or random legal play")
    adv.add_argument("--budget", type=_transitions, default=DEFAULT_WORK,
                     help=f"transitions the exact search may apply before the answer is an estimate "
                          f"(default {DEFAULT_WORK:,}, the app's; at most {MAX_TRANSITIONS:,})")
    adv.add_argument("--deals", type=_deals, default=DEFAULT_DEALS,
                     help=f"deals for the contenders of an estimate (default {DEFAULT_DEALS:,}; at most {MAX_DEALS:,})")
    adv.add_argument("--seed", type=int, default=0, help="seed of the estimate's sampling")
    args = parser.parse_args(argv)
    if args.command == "advise":
        return _advise(args)
    try:
        record = load_record(args.record)
        post = infer(record, args.model, budget=args.budget)
    except LoveLetterError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(analysis_dict(post), ensure_ascii=False, indent=2))
    else:
        print(render_text(post))
    return 0


#: How the command line names the opponent types: (one player, several).
TYPE_WORDS = {"card-counter": ("a card counter", "card counters"), "random": ("a random player", "random players"),
              "searcher": ("a player who looks one play ahead", "players who look one play ahead")}


def _types_text(types: dict, seats, viewer) -> str:
    """"P2 has played like a card counter: 83% (like a random player: 17%)" (the opponents, with
    more than one)."""
    others = [s for i, s in enumerate(seats) if i != viewer]
    one = len(others) == 1
    parts = [f"like {TYPE_WORDS[name][0 if one else 1]}: {_pct(p).strip()}" for name, p in types.items()]
    who = f"{others[0]} has" if one else "the opponents have"
    return f"{who} played {parts[0]} ({', '.join(parts[1:])})"


def _learn_json(learn):
    if not learn:
        return None
    if "sees" in learn:
        return {"sees": {card_name(c): _frac(p) for c, p in learn["sees"].items()}}
    return {"baron": {k: _frac(p) for k, p in learn["baron"].items()}}


def _advise(args) -> int:
    from solver.advice.advisor import advise
    from solver.rules.names import card_name as _name
    from solver.words.i18n import t
    from solver.words.verdicts import best_text, figure_text, play_label, standing_text, type_bests_text

    from solver.records.replay import check_viewer_hand

    try:
        record = load_record(args.record)
        check_viewer_hand(record)
        advice = advise(record, args.model, budget=args.budget, deals=args.deals, seed=args.seed,
                        seconds=ADVISE_SECONDS)
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
            "diff_to_best": ranked.diff, "diff_interval": ranked.diff_interval, "p_best": ranked.p_best,
            "standing": ranked.standing, "standing_text": standing_text(advice, ranked, "en"),
            "sure_miss": ranked.sure_miss, "label": play_label(advice, ranked, "en"),
            # a Guard guess that cannot hit: the same play in effect as this earlier one (same figures)
            "same_as": show(ranked.same_as) if ranked.same_as is not None else None,
            "learn": _learn_json(ranked.learn), "explanation": {"key": key, "params": {k: _frac(v) for k, v in params.items()}},
            "knock_out_exact": ranked.knock_out_exact, "out_exact": ranked.out_exact,
            "by_type": {k: _frac(v) for k, v in ranked.by_type.items()} if ranked.by_type else None,
        })
    if args.json:
        print(json.dumps({"record": format_record(record), "model": advice.model, "method": advice.method,
                          "types": {name: _frac(p) for name, p in advice.types.items()},
                          "worlds": advice.worlds, "resolved": advice.resolved, "decided": advice.decided,
                          "verdict": best_text(advice, "en"), "figures": figure_text(advice, "en"),
                          "posterior": advice.posterior,
                          "cut_short": advice.cut_short, "actions": rows}, ensure_ascii=False, indent=2))
        return 0
    print(f"Record: {format_record(record)}")
    if advice.cut_short:
        print(f"Note: the safety cap of {ADVISE_SECONDS:.0f} s stopped the work before its budget (the machine is "
              "slow or busy): these figures depend on it; try again, or ask for less work.")
    who = MODELS[advice.model].description
    if advice.method == "exact":
        print(f"Opponents: {advice.model} ({who}). Method: exact — every figure is exact, over {advice.worlds} "
              "possible deals.")
    else:
        print(f"Opponents: {advice.model} ({who}). Method: ESTIMATE — every play on the same sampled deals (up to "
              f"{advice.worlds} for the contenders), 95% sampling intervals; your next decision on what you will know, "
              "later ones on what you would infer of the opponents' cards." + ("" if advice.posterior == "exact" else
                                                   " Deals from an approximate posterior (memory ignored)."))
    print(figure_text(advice, "en"))  # what each figure is, as the app and the notebook say it
    print(best_text(advice, "en") + ".")  # the verdict, in the words of the app and the notebook
    if len(advice.types) > 1:
        print(f"What the record suggests: {_types_text(advice.types, seats, record.viewer)}.")
        differ = type_bests_text(advice, "en")  # the best play depends on the type: as the app says it
        if differ:
            print(differ)
    shown = [(ranked, row) for ranked, row in zip(advice.actions, rows) if ranked.same_as is None]
    for i, (ranked, row) in enumerate(shown, start=1):  # a Guard's sure misses at one target: one row
        key, params = ranked.explanation()
        # the app's sentence (the catalog's), each exact figure as a fraction and its percentage, an
        # estimated one as "≈" and its percentage (its fraction would read as exact)
        sampled = {"win": not ranked.exact, "knock_out_now": not ranked.knock_out_exact,
                   "out_risk": not ranked.out_exact}
        why = t("en", key, **{k: f"≈ {_pct(v).strip()}" if sampled.get(k) else f"{_frac(v)} ({_pct(v).strip()})"
                              for k, v in params.items()})
        win = row["win"] if ranked.exact else "≈"
        ci = "" if ranked.exact else (f" [{ranked.interval[0] * 100:.1f}–{ranked.interval[1] * 100:.1f}%]"
                                      f" vs best {ranked.diff * 100:+.1f} pts [{ranked.diff_interval[0] * 100:+.1f},"
                                      f" {ranked.diff_interval[1] * 100:+.1f}] P(best) {ranked.p_best:.2f}")
        print(f"{i:>3}. {play_label(advice, ranked, 'en'):<34} win {win:>12} {_pct(ranked.win)}{ci}"
              f" [{standing_text(advice, ranked, 'en')}]  — {why}")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
