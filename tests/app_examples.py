"""What the app's in-process tests (tests/tutor) and its real-browser tests (tests/browser) share:
the worked example frame by frame, and the records some pages are opened on. No Streamlit here."""

from __future__ import annotations

from tutor.text.example import example_steps

STEPS = example_steps()
DECISIONS = [s for s in STEPS if s.decision]
#: Each frame of the worked example: a decision's question then its outcome, else the outcome alone.
FRAMES = [(kind, i) for i, s in enumerate(STEPS) for kind in (("question", "outcome") if s.decision else ("outcome",))]


def frame_of(step) -> int:
    """The frame (from 1) that asks the decision of `step`."""
    return FRAMES.index(("question", STEPS.index(step))) + 1


#: Ana holds the Princess and a Guard, Luis and Marta unseen: an estimate (3 players).
PRINCESS = "2019 Ana,Luis,Marta first:Ana viewer:Ana dealt:9 | Ana +1"
#: A 4-player round: the inference weighs several turns, so its fractions are long.
LONG = ("2019 Ana,Luis,Marta,Sofia first:Ana viewer:Ana dealt:3 | Ana +1 1>Luis=5 miss | Luis 1>Marta=3 miss | "
        "Marta 1>Sofia=7 miss | Sofia 2>Ana | Ana +4 4 | Luis 1>Marta=2 miss | Marta 3>Luis tie | Sofia 4 | Ana +5")
