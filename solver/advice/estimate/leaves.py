"""The estimate's leaves: the exact value of the viewer's information state at its next decision, where
that decision is small enough (`leaf_values`)."""

from __future__ import annotations

from solver.advice.estimate.settings import INFERENCE_STEPS, LEAF_MAX_DECK, LEAF_WORK, MAX_LEAVES
from solver.advice.playouts import LeafTable


def leaf_values(record, model, budget: int) -> LeafTable:
    """The leaves of an estimate (`solver.advice.playouts.LeafTable`): the exact (win, tokens) of the viewer's
    information state at their next decision, or None when its exact search does not fit (then the
    estimate's next-decision statistics and later turns value that deal). The state is the record
    extended by what the viewer observed (the events since the decision, told as the viewer saw
    them); its value is the exact answer's best play's (`solver.advice.exact.exact_value`), so the
    play-outs' mean is an unbiased estimate of the play's value with best play from there. Remembered
    per information state; the searches share `budget` transitions, each at most `LEAF_WORK` per
    opponent type."""
    from solver.advice.exact import exact_value
    from solver.advice.worlds import TooLargeError
    from solver.records.record import record_from_events
    from solver.rules.errors import LoveLetterError

    def compute(events, deck: int):
        stats: dict = {}
        nxt = None
        value = None
        try:
            nxt = record_from_events(record.edition, record.seats, events, record.viewer, base=record)
            win, tokens = exact_value(nxt, model, min(table.left, LEAF_WORK * len(model.types)), stats)
            value = (float(win), float(tokens))
        except (TooLargeError, LoveLetterError):
            pass
        return value, stats.get("work", 0) + inference_work(nxt, model)

    table = LeafTable(compute, budget, LEAF_MAX_DECK, MAX_LEAVES)
    return table


def inference_work(record, model) -> int:
    """What weighing a leaf's deals cost, in transitions: the inference's steps over `INFERENCE_STEPS`."""
    from solver.advice.worlds import belief_of

    if record is None:
        return 0
    steps = 0
    for t in model.types:
        try:
            steps += belief_of(record, t)[0].work
        except Exception:  # refused: what it cost is not known; count one leaf's worth
            return LEAF_WORK
    return steps // INFERENCE_STEPS
