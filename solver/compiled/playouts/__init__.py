"""The estimate's play-outs compiled (numba): `solver.advice.playouts` line by line on the compiled
round (`solver.compiled.kernels`), the next-decision statistics and the leaf table kept in compiled
structures between calls. One call plays a whole batch of (deal, play) pairs. Its Python driver is
`solver.compiled.playouts.runner`.

Its rooms: `keys` (an information state's key, hashed from what the viewer observes), `finishing` (the
round played on to its end), `decisions` (the next-decision statistics), `batch` (a batch of (deal, play)
pairs played out: `run_items`, `put_leaf`) and `assembly` (the deals' state rows: `assemble_deals`).
"""

from solver.compiled.playouts.assembly import assemble_deals
from solver.compiled.playouts.batch import DONE, NEED_LEAF, put_leaf, run_items

__all__ = ["DONE", "NEED_LEAF", "assemble_deals", "put_leaf", "run_items"]
