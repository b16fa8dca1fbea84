"""The words a person reads, in English, Spanish and French: the catalogs (`i18n`: `t(lang, key)`
over solver/words/{en,es,fr}.toml) and the pure functions that turn the solver's results into
sentences and figures (`sentences`: cards, plays, a record's turns, refusals; `figures`:
percentages, chances, the advisor's verdict). One source for the app (`tutor/`) and the notebook
display (`solver.display`). Part of the top layer: it reads every layer below, none reads it.
"""

from solver.words.i18n import LANGUAGES, t

__all__ = ["LANGUAGES", "t"]
