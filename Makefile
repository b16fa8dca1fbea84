# Two commands do all set-up on a fresh machine with Python 3.11 and the package registry:
#   make run   -> start the tutor app on http://127.0.0.1:8501
#   make test  -> run the whole test suite
#   make test-quick -> everything but the real-browser tests (tests/browser/): the inner loop
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
# Where `make run` listens (e.g. `make run PORT=8502 ADDRESS=0.0.0.0` for a replica behind a load balancer).
PORT    ?= 8501
ADDRESS ?= 127.0.0.1

.PHONY: run test test-quick bench clean warm

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# Reinstall only when the dependency list changes.
$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[app,notebook,test,e2e]'
	touch $(STAMP)

# The compiled core (numba) is compiled once and kept on disk (minutes on a fresh machine, then a
# load of a second or two). The tests wait for it; the app does not: `make run` serves its pages at
# once and the server compiles in the background (tutor/warmup.py; the log beside numba's cache,
# compile.log); until it is done the advice pages compute on the reference engine (the same
# figures, slower) and say so (LOVELETTER_CORE=when-ready: solver/compiled/choice.py).
warm: $(STAMP)
	$(BIN)/python -m solver.compiled

run: $(STAMP)
	$(BIN)/streamlit run tutor/app.py --server.address $(ADDRESS) --server.port $(PORT)

# Every test, two workers per core (pytest-xdist; at most 8), the 15 slowest listed at the end. The
# browser tests spend most of their time waiting for a page, so a second worker per core overlaps that
# wait with other tests (on 2 cores: 7.9 min with 4 workers, 8.8 with 3, 9.1 with 2; README).
TEST_WORKERS ?= $(shell $(PYTHON) -c "import os; print(min(8, 2 * (os.cpu_count() or 1)))")
test: warm
	$(BIN)/python -m pytest -n $(TEST_WORKERS) --durations=15

# Everything but the real-browser tests (tests/browser/, marked e2e): the inner loop, about 3 min on 2 cores.
test-quick: warm
	$(BIN)/python -m pytest -n auto -m "not e2e" --durations=10

bench: $(STAMP)
	$(BIN)/python benchmarks/engine.py
	$(BIN)/python benchmarks/inference.py
	$(BIN)/python benchmarks/advisor.py
	$(BIN)/python benchmarks/answer_time.py
	$(BIN)/python benchmarks/estimate.py

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis build *.egg-info
