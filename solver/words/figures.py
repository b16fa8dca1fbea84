"""Figures as a person reads them, in a language: a probability as a percentage ("31.4%",
"31,4 %"), with its exact fraction when it is small enough to read ("33.3% (1/3)"), a difference
in percentage points, a ranked play's chance of winning (exact, or "≈" an estimate with its 95%
interval). Pure functions: the app (`tutor/`) and the notebook display (`solver.display`).
"""

from __future__ import annotations

from fractions import Fraction

from solver.words.i18n import t


#: Largest denominator shown as a fraction next to a percentage (a fraction a person can read).
SMALL_DENOMINATOR = 100


def pct(p, lang: str = "en") -> str:
    """A probability as a percentage in the language's style: 31.4% · 31,4 %. A chance that is not 0
    is never shown as 0%, nor one that is not 1 as 100%: its first digits that differ are shown
    (0.04%, 99.97%)."""
    x = float(p) * 100
    text = f"{x:.1f}".removesuffix(".0")
    if 0 < x < 0.05:
        text = f"{x:.1g}" if x >= 1e-4 else "<\u00a00.0001"
    elif 99.95 < x < 100:
        if 100 - x >= 1e-4:
            gap = float(f"{100 - x:.1g}")
            text = f"{100 - gap:.{max(1, -int(f'{gap:e}'.split('e')[1]))}f}"
        else:
            text = ">\u00a099.9999"
    return f"{text}%" if lang == "en" else f"{text.replace('.', ',')}\u202f%"


def frac(p) -> str:
    return f"{p.numerator}/{p.denominator}" if p.denominator != 1 else str(p.numerator)


def figure(p, lang: str = "en") -> str:
    """Percentage first; the exact fraction after it only when it is small enough to read
    ("33.3% (1/3)"), never "31925635/49405422" (that one is in "how is this computed?")."""
    if isinstance(p, Fraction) and 0 < p < 1 and p.denominator <= SMALL_DENOMINATOR:
        return f"{pct(p, lang)} ({frac(p)})"
    return pct(p, lang)


def points(p, lang: str = "en", digits: int = 1) -> str:
    """A difference of probabilities in percentage points: "3.2 pts" (`digits` after the point)."""
    text = f"{float(p) * 100:.{digits}f}"
    return t(lang, "an_points", n=text if lang == "en" else text.replace(".", ","))


#: What marks an estimate, joined to its number by a no-break space ("≈" never ends a line alone).
APPROX = "≈\u00a0"


def marked(p, exact: bool, lang: str = "en") -> str:
    """A percentage, with "≈" when it is an estimate."""
    return pct(p, lang) if exact else APPROX + pct(p, lang)


def win_text(action, lang: str = "en") -> str:
    """P(win) of a ranked play: exact as a percentage (with a small fraction), an estimate as
    "≈ 47.1% (44–50.2%)", its 95% interval."""
    if action.exact:
        return figure(action.win, lang)
    low, high = action.interval
    return f"{APPROX}{pct(action.win, lang)} ({pct(low, lang)}–{pct(high, lang)})"
