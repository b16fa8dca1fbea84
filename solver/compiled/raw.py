"""The raw kernels' own face, for the conformance tests and the benchmarks only: `kernels()` is the
compiled kernels module (`solver.compiled.kernels`; imports numba on first use). The solver's own code
asks the seam (`solver.compiled`) for what it needs; `tests/test_architecture.py` checks that nothing
else imports this face."""

from __future__ import annotations

from solver.compiled.choice import compiled_kernels as kernels

__all__ = ["kernels"]
