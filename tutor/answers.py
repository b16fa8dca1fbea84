"""The solver's answers the pages show, cached per (record text, model): a rerun of the page
(every widget change) must not redo an exact search. No Streamlit here, no words: the pages and
`tutor.text` turn these answers into sentences and figures. No rule is decided here.
"""

from __future__ import annotations

import threading
from functools import lru_cache

from solver import infer, parse_record
from solver.advice.advisor import OPPONENT_MODELS, advise

#: The opponent models the app offers (advisor names; the inference uses the matching model).
MODELS = tuple(OPPONENT_MODELS)


@lru_cache(maxsize=64)
def record_of(text: str):
    return parse_record(text)


@lru_cache(maxsize=64)
def posterior(text: str, model: str):
    return infer(record_of(text), model)


@lru_cache(maxsize=32)
def advice(text: str, model: str, seconds: float = 2.5):
    from solver.records.replay import check_viewer_hand

    record = record_of(text)
    check_viewer_hand(record)  # your own cards missing: say so (viewer-hand-unknown), not a refused play
    return advise(record, model)  # work budgets: the same answer on any machine (`seconds` is unused)


def deeper_offered(text: str, model: str, seconds: float = 2.5) -> bool:
    """The default answer is an estimate that the longer exact search may replace."""
    from solver.advice.advisor import can_go_deeper

    return can_go_deeper(record_of(text), advice(text, model, seconds))


class DeeperBusy(Exception):
    """Another longer exact search is running on this server (`DEEP_SLOTS`): not started."""


#: Longer exact searches running at once on this server: each may take a minute of one core and,
#: in a game of 3 or more, a gigabyte of memory, so a person opening many tabs (or many people)
#: cannot stack them up; the others are told to try again, never queued.
DEEP_SLOTS = threading.BoundedSemaphore(1)


@lru_cache(maxsize=8)
def deeper_advice(text: str, model: str):
    """The exact answer with the longer work budget (`solver.advice.advisor.DEEP_WORK`); None
    when even that does not fit. Cached, the refusal too: asked once per position.
    `DeeperBusy` (not cached) when another one is running (`DEEP_SLOTS`)."""
    from solver.advice.advisor import OutOfTimeError, TooLargeError, advise_deeper

    if not DEEP_SLOTS.acquire(blocking=False):
        raise DeeperBusy()
    try:
        return advise_deeper(record_of(text), model)
    except OutOfTimeError:
        raise  # the clock, not the position: not remembered
    except TooLargeError:
        return None
    finally:
        DEEP_SLOTS.release()


def is_viewer_turn(text: str) -> bool:
    """The record ends with the viewer to decide (a replay of the record; no inference)."""
    from solver.analysis.entry import final_state

    record = record_of(text)
    final = final_state(record)
    return record.viewer is not None and final.unfinished and final.to_play == record.viewer
