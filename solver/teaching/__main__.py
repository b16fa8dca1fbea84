"""`python -m solver.teaching histories [FILE] [ID ...]`: find, with the engine, the round that reaches
each scenario's board (`solver.teaching.history.find_history`) where the scenario has none yet, and
write it into the file (a `[scenario.history]` table before the scenario's claims). The tests
replay every stored history; this tool only writes the data."""

from __future__ import annotations

import re
import sys
import time
import tomllib
from pathlib import Path

from solver.rules.actions import ChancellorChoice
from solver.rules.editions import get_edition
from solver.teaching.history import History, find_history, replay
from solver.teaching.scenario import Scenario, parse_action, board_goal, play_out

DEFAULT = Path(__file__).resolve().parents[2] / "lessons" / "scenarios.toml"


def action_spec(action, players) -> str:
    """An action as the scenario files write it: {card = "Guard", target = "Luis", guess = "Spy"}."""
    if isinstance(action, ChancellorChoice):
        bottom = ", ".join(f'"{c.title}"' for c in action.bottom)
        return f'{{keep = "{action.keep.title}", bottom = [{bottom}]}}'
    parts = [f'card = "{action.card.title}"']
    if action.target is not None:
        parts.append(f'target = "{players[action.target]}"')
    if action.guess is not None:
        parts.append(f'guess = "{action.guess.title}"')
    return "{" + ", ".join(parts) + "}"


def history_toml(history: History, players) -> str:
    lines = ["[scenario.history]", f'first = "{players[history.first]}"',
             'order = "' + " ".join(c.title for c in history.order) + '"']
    if history.plays:
        lines.append("plays = [")
        lines.extend(f"  {action_spec(a, players)}," for a in history.plays)
        lines.append("]")
    else:
        lines.append("plays = []")
    return "\n".join(lines) + "\n"


def find_for(data: dict, seed: int = 0):
    """The history of one scenario's data (None when the search finds none): its last state shows
    the stated board and every claim of the scenario holds from it."""
    edition = get_edition(data.get("edition", "2019"), **data.get("options", {}))
    players = tuple(data["players"])
    goal = board_goal(players, edition, data)
    plays = [parse_action(players, edition, p) for p in data.get("play", [])]

    def accept(history: History) -> bool:
        states, _ = replay(edition, len(players), history)
        sc = Scenario(data["id"], players, states[-1], plays, dict(data.get("expect", {})), {}, data, history)
        return not play_out(sc).failures

    return find_history(edition, goal, accept=accept, seed=seed)


def main(argv) -> int:
    args = [a for a in argv if a != "histories"]
    path = Path(args[0]) if args and args[0].endswith(".toml") else DEFAULT
    wanted = [a for a in args if not a.endswith(".toml")]
    text = path.read_text(encoding="utf-8")
    for data in tomllib.loads(text)["scenario"]:
        if "history" in data or (wanted and data["id"] not in wanted):
            continue
        t0 = time.time()
        history = find_for(data)
        if history is None:
            print(f"{data['id']}: no history found", file=sys.stderr)
            continue
        block = history_toml(history, tuple(data["players"]))
        start = text.index(f'id = "{data["id"]}"')
        nxt = re.compile(r"^\[scenario\.(expect|text\.en)\]", re.M).search(text, start)
        text = text[:nxt.start()] + block + text[nxt.start():]
        path.write_text(text, encoding="utf-8")
        print(f"{data['id']}: {len(history.plays)} plays ({time.time() - t0:.1f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
