"""`python -m solver.compiled`: compile the kernels (or load them from the disk cache) and say how
long it took; `make run` and `make test` call it once before the server or the test workers start."""

from solver.compiled import path_in_use, warm

if __name__ == "__main__":
    seconds = warm()
    print(f"solver.compiled: {path_in_use()} path ready ({seconds:.1f} s)")
