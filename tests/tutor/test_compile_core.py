"""A server on a fresh machine compiles the solver's kernels in a process of its own, once, and only
while they are not compiled (`tutor.warmup.compile_core`)."""

from __future__ import annotations


def test_the_server_starts_one_compilation_and_only_when_needed(tmp_path, monkeypatch):
    import importlib

    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path))
    monkeypatch.setenv("LOVELETTER_CORE", "when-ready")
    monkeypatch.delenv("TUTOR_NO_COMPILE", raising=False)
    from solver.compiled import choice

    choice.marker.cache_clear()
    try:
        warmup = importlib.import_module("tutor.warmup")
        proc = warmup.compile_core()
        assert proc is not None and proc.args[-1] == "solver.compiled"
        proc.kill()
        proc.wait(timeout=30)
        choice.mark_ready()
        assert warmup.compile_core() is None  # compiled: nothing to start
    finally:
        choice.marker.cache_clear()
