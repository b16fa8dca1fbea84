"""The solver's answers the pages show, cached per (record text, model): a rerun of the page
(every widget change) must not redo an exact search; the long ones (the posterior, the advice, the
longer search) run in the server's worker pool (`tutor.workers`), shared by every session. No
Streamlit here, no words: the pages and `tutor.text` turn these answers into sentences and figures. No rule is decided here.
"""

from __future__ import annotations

from concurrent.futures import CancelledError
from functools import lru_cache

from solver import parse_record
from solver.records.notation import format_record
from solver.advice.advisor import OPPONENT_MODELS
from tutor import workers
from tutor.workers import DEEP_SLOTS, DeeperBusy  # noqa: F401 (the pages' names)

#: The opponent models the app offers (advisor names; the inference uses the matching model).
MODELS = tuple(OPPONENT_MODELS)


@lru_cache(maxsize=64)
def record_of(text: str):
    return parse_record(text)


def posterior(text: str, model: str):
    """The exact posterior (`solver.infer`), computed in the server's worker pool (`tutor.workers`:
    shared by every session asking for the same position, remembered)."""
    return workers.result("posterior", text, model)


def advice(text: str, model: str, seconds: float = 2.5):
    """The advisor's ranking (`solver.advice.advisor.advise`; work budgets: the same answer on any
    machine, `seconds` is unused), computed in the worker pool (`tutor.workers`)."""
    return workers.result("advice", text, model)  # one key whatever `seconds`: practice and the analyzer share it


def deeper_offered(text: str, model: str, seconds: float = 2.5) -> bool:
    """The default answer is an estimate that the longer exact search may replace."""
    from solver.advice.advisor import can_go_deeper

    return can_go_deeper(record_of(text), advice(text, model, seconds))


def deeper_advice(text: str, model: str):
    """The exact answer with the longer work budget (`solver.advice.advisor.DEEP_WORK`); None
    when even that does not fit. Remembered, the refusal too: asked once per position (in the
    worker pool, `tutor.workers`). `DeeperBusy` (not remembered) when another one is running
    (`DEEP_SLOTS`)."""
    return workers.result("deeper", text, model)


def deeper_known(text: str, model: str):
    """The longer exact search's answer when this server already computed it (for anyone: a shared link
    then shows the exact answer, not the estimate it replaced), else None. Starts nothing."""
    return workers.known("deeper", text, model)


def bot_play(bots: str, record, budget: int, seed: int):
    """A practice bot's search (`solver.advice.practice.searching_action`, the same arguments and
    play) computed in the worker pool (`tutor.workers`): a bot thinking for one player never slows
    another's page. For `bot_step(p, think=bot_play)`."""
    try:
        return workers.result("bot", format_record(record), bots, (budget, seed))
    except (workers.BrokenProcessPool, CancelledError):  # the pool failed twice: the same play, computed here
        from solver.advice.practice import searching_action

        return searching_action(bots, record, budget, seed)


def is_viewer_turn(text: str) -> bool:
    """The record ends with the viewer to decide (a replay of the record; no inference)."""
    from solver.analysis.entry import final_state

    record = record_of(text)
    final = final_state(record)
    return record.viewer is not None and final.unfinished and final.to_play == record.viewer
