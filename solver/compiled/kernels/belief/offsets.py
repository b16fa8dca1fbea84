"""The belief's arrays and workspaces: their sizes and the offsets of their parts."""

from __future__ import annotations

from solver.compiled.kernels.round_array import (EXPLORE_P, EXPLORE_Q, MAXACTS, MAXDECK, MAXP)

NC = 10
EPS = EXPLORE_P / EXPLORE_Q
#: The workspaces a play-out's belief works in (nothing allocated on its way): `iw` int64[IW_SIZE] and `fw`
#: float64[FW_SIZE], in parts at these offsets.
I_POOL, I_UNK, I_SEEN, I_DSEAT, I_DHOW, I_GOT, I_HAND, I_HAS, I_OPTS, I_INOPT = 0, 10, 20, 30, 34, 38, 42, 45, 55, 65
IW_SIZE = 80
F_MASS, F_DIST, F_VALS = 0, 2, 2 + MAXP * NC
FW_SIZE = F_VALS + MAXACTS
#: `bi`'s layout: the tail's length at 0, the tail from 1, then each seat's source, then the Chancellor's.
SRC = 1 + MAXDECK
CHSRC = SRC + MAXP
BI_SIZE = CHSRC + 2
