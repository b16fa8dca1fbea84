"""The jobs a worker runs: a pure solver call named by its kind ("posterior", "advice", "deeper",
"bot") on a record's text, the model's name and a budget (the same answer wherever it runs: in a
worker process or inline), and the warm-up each new worker runs first."""

from __future__ import annotations

from solver import parse_record

#: The jobs a worker runs, by name.
KINDS = ("posterior", "advice", "deeper", "bot")


def compute(kind: str, text: str, model: str, budget):
    """The solver call `kind` on the record `text` (pure: the same answer wherever it runs). Between
    two computations the compiled path is taken up once its kernels are ready (`solver.compiled.refresh`:
    until then the reference engine answers, with the same figures)."""
    from solver.advice import advisor
    from solver.compiled import refresh

    refresh()

    record = parse_record(text)
    if kind == "posterior":
        from solver import infer

        return infer(record, model)
    if kind == "advice":
        from solver.records.replay import check_viewer_hand

        check_viewer_hand(record)  # your own cards missing: say so (viewer-hand-unknown), not a refused play
        return advisor.advise(record, model)  # work budgets: the same answer on any machine (`budget` unused)
    if kind == "deeper":
        try:
            return advisor.advise_deeper(record, model)
        except advisor.OutOfTimeError:
            raise  # the clock, not the position: not remembered
        except advisor.TooLargeError:
            return None  # even the longer budget does not fit: the estimate stands (remembered)
    if kind == "bot":  # a practice bot's search: `model` names the bot, `budget` is (work, seed)
        from solver.advice.practice import searching_action

        work, seed = budget
        return searching_action(model, record, work, seed)
    raise ValueError(f"unknown job {kind!r}; the jobs are {', '.join(KINDS)}")


def warm() -> None:
    """Run in each new worker: the solver imported before the first job."""
    import solver.advice.advisor  # noqa: F401
