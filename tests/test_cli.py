"""`python -m solver analyze`: readable table, JSON, clear errors with no traceback."""

import json
from fractions import Fraction
import os
import subprocess
import sys

import pytest
from pathlib import Path

from .helpers import run_cli as run

ROOT = Path(__file__).resolve().parent.parent
RECORD = "classic A,B first:A viewer:A up:1,1,3 dealt:1 | A +2"


def run_process(*args):
    """`python -m solver ARGS` in a process of its own: its exit code, stdout and stderr."""
    return subprocess.run([sys.executable, "-m", "solver", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=60)


def test_analyze_prints_exact_fractions_and_percent():
    out = run_process("analyze", RECORD)
    assert out.returncode == 0, out.stderr
    assert "2/11" in out.stdout and "18.2%" in out.stdout
    assert "Guard (for each player you can choose now)" in out.stdout


def test_analyze_json_and_model(tmp_path):
    out = run("analyze", RECORD, "--json", "--model", "random")
    data = json.loads(out.stdout)
    assert data["model"] == "random" and data["exact"] is True
    assert data["hands"]["B"]["Princess"]["p"] == "1/11"
    f = tmp_path / "record.txt"
    f.write_text(RECORD)
    assert json.loads(run("analyze", str(f), "--json").stdout)["record"] == RECORD


def test_bad_input_exits_nonzero_with_the_message_and_no_traceback():
    out = run_process("analyze", "2019 Ana,Luis | Ana 1>Bob")
    assert out.returncode == 2
    assert "unknown player 'Bob'" in out.stderr and "Traceback" not in out.stderr
    out = run("analyze", "2019 Ana,Luis,Marta first:Ana viewer:Ana dealt:2 | Ana +1 2>Luis saw:7 | "
                         "Luis 1>Marta=3 miss | Marta 1>Luis=5 hit")
    assert out.returncode == 2 and "no deal is consistent" in out.stderr and "Traceback" not in out.stderr


ADVISE = ("classic P1,P2 first:P1 viewer:P1 up:1,2,8 dealt:5 | P1 +1 1>P2=7 miss | P2 1>P1=4 miss | "
          "P1 +3 5>P1 disc:3 new:6 | P2 2>P1 | P1 +1 1>P2=3 miss | P2 7 | P1 +4")


def test_advise_ranks_the_legal_plays_with_exact_figures():
    out = run("advise", ADVISE, "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["method"] == "exact" and data["model"] == "mixture"
    assert set(data["types"]) == {"card-counter", "random"}
    assert sum(Fraction(p) for p in data["types"].values()) == 1
    assert [a["action"] for a in data["actions"]] == ["Handmaid", "King on P2"]
    assert all(set(a["by_type"]) == set(data["types"]) for a in data["actions"])
    assert all(a["exact"] for a in data["actions"])
    assert data["actions"][0]["explanation"]["key"].startswith("advice.")
    text = run("advise", ADVISE)
    assert text.returncode == 0 and "every figure is exact" in text.stdout
    assert "What the record suggests: P2 has played like a card counter:" in text.stdout
    single = json.loads(run("advise", ADVISE, "--json", "--model", "random").stdout)
    assert single["model"] == "random" and single["types"] == {"random": "1"}


def test_advise_refuses_when_it_is_not_the_viewers_turn():
    out = run("advise", "classic P1,P2 first:P1 viewer:P1 up:1,2,8 dealt:5 | P1 +1 1>P2=7 miss")
    assert out.returncode == 2 and "viewer's turn" in out.stderr and "Traceback" not in out.stderr


# --- issue 13: hostile files and arguments give exit 2 and a message -------------------------

def _refused(out, *words):
    assert out.returncode == 2, (out.returncode, out.stdout, out.stderr)
    assert "Traceback" not in out.stderr and len(out.stderr) < 1000
    for w in words:
        assert w in out.stderr, out.stderr


def test_a_missing_path_or_a_directory_is_file_not_found(tmp_path):
    _refused(run("analyze", str(tmp_path / "nope.json")), "file not found")
    _refused(run("analyze", "records/missing.txt"), "file not found")
    _refused(run("analyze", str(tmp_path)), "directory")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are a POSIX feature")
def test_a_named_pipe_nobody_writes_to_is_refused_instead_of_waiting(tmp_path):
    """Before, `open` blocked until a writer came (the subprocess's timeout would fail this test)."""
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    _refused(run("analyze", str(fifo)), "a pipe nobody wrote a record to")
    piped = subprocess.run([sys.executable, "-m", "solver", "analyze", "/dev/stdin"], cwd=ROOT, input=RECORD,
                           capture_output=True, text=True, timeout=60)
    assert piped.returncode == 0 and RECORD in piped.stdout  # a pipe being written reads as before


def test_a_path_with_a_nul_character_is_file_not_found():
    """A NUL cannot come from a shell, but main() and load_record take any string (before: ValueError)."""
    from solver.cli import load_record, main
    from solver.records.record import RecordError

    with pytest.raises(RecordError) as info:
        load_record("record\0.json")
    assert info.value.rule == "file-not-found"
    assert main(["analyze", "record\0.json"]) == 2


def test_binary_and_non_utf8_files_are_refused(tmp_path):
    f = tmp_path / "latin1.txt"
    f.write_bytes("2019 José,B first:José".encode("latin-1"))
    _refused(run("analyze", str(f)), "not UTF-8")
    g = tmp_path / "bin.dat"
    g.write_bytes(bytes(range(256)) * 4)
    _refused(run("analyze", str(g)), "binary")


def test_a_utf8_file_with_a_byte_order_mark_is_read(tmp_path):
    f = tmp_path / "bom.txt"
    f.write_bytes(b"\xef\xbb\xbf" + RECORD.encode())
    out = run("analyze", str(f), "--json")
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["record"] == RECORD
    g = tmp_path / "bom.json"
    from solver.records.json_form import to_json
    from solver.records.notation import parse_record

    g.write_bytes(b"\xef\xbb\xbf" + to_json(parse_record(RECORD)).encode())
    assert json.loads(run("analyze", str(g), "--json").stdout)["record"] == RECORD


def test_a_huge_file_is_refused_without_being_read(tmp_path):
    from solver.cli import MAX_FILE_BYTES, read_record_file
    from solver.records.record import RecordError

    f = tmp_path / "huge.txt"
    with open(f, "wb") as out:  # a sparse 96 MB file: reading it would take 96 MB of memory
        out.truncate(96 * 1024 * 1024)
    import tracemalloc

    tracemalloc.start()
    with pytest.raises(RecordError) as info:
        read_record_file(str(f))
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert info.value.rule == "file-too-large" and peak < 4 * MAX_FILE_BYTES
    _refused(run("analyze", str(f)), "larger than")


@pytest.mark.parametrize("budget", ["-5", "0", "x", "1e9", "9" * 40])
def test_a_bad_budget_is_refused(budget):
    _refused(run("advise", ADVISE, "--budget", budget), "--budget")


def test_advise_says_when_the_viewers_own_cards_are_missing():
    out = run("advise", "2019 A,B,C first:A viewer:A | A +1")
    _refused(out, "does not name all of your own cards")
    out = run("advise", "2019 A,B,C first:B viewer:A dealt:7 | B 5>A | C 4 | A +1")
    _refused(out, "does not name all of your own cards")


def test_hostile_notation_on_the_command_line_is_refused_fast():
    out = run("analyze", "2019 A,B" + " " * 64000 + "x")
    _refused(out, "at most")


def test_analyze_has_a_work_budget():
    big = ("2019 P1,P2,P3,P4,P5,P6 first:P1 | P1 6 | P2 4 | P3 1 | P4 1>P6=2 miss | P5 0 | P6 5>P4 | P1 6 | P2 1 "
           "| P3 3 | P4 1>P5=9")
    _refused(run("analyze", big, "--budget", "10000"), "budget")
    assert run("analyze", RECORD, "--budget", "100000").returncode == 0
    _refused(run("analyze", RECORD, "--budget", "-5"), "--budget")


#: Classic, 6 cards in the deck: the exact search against random opponents needs about 17,000
#: transitions (more than the command line's old default of 8,000, within the app's 20,000).
WITHIN_DEFAULT = "classic P1,P2 first:P1 viewer:P1 up:2,1,2 dealt:5 | P1 +4 5>P2 disc:4 | P2 1>P1=6 miss | P1 +7"


def test_advise_has_the_apps_budgets_so_the_same_answer():
    from solver.advice.advisor import DEFAULT_WORK, advise
    from solver.records.notation import parse_record

    out = run("advise", WITHIN_DEFAULT, "--json", "--model", "random")
    assert out.returncode == 0, out.stderr
    app = advise(parse_record(WITHIN_DEFAULT), "random")
    assert app.method == "exact" and json.loads(out.stdout)["method"] == "exact"
    assert f"default {DEFAULT_WORK:,}" in run_process("advise", "--help").stdout  # (help wraps at the terminal's width)


@pytest.mark.parametrize("option, value, limit", [("--budget", "5000001", "5,000,000"),
                                                  ("--budget", "9" * 30, "5,000,000"),
                                                  ("--deals", "20001", "20,000"),
                                                  ("--deals", "100000000000000", "20,000")])
def test_advise_refuses_more_work_than_its_limit_at_once(option, value, limit):
    _refused(run("advise", WITHIN_DEFAULT, option, value), f"at most {limit}")


def test_the_command_lines_exact_limit_is_the_analyzers_longer_search():
    from solver.advice.advisor import DEEP_WORK
    from solver.cli import MAX_TRANSITIONS

    assert MAX_TRANSITIONS == DEEP_WORK


def test_an_answer_the_safety_cap_cut_short_says_so():
    from solver.advice.advisor import advise
    from solver.advice.estimate import advise_estimate
    from solver.records.notation import parse_record

    record = parse_record(WITHIN_DEFAULT)
    # The exact search stopped by the clock (not its budget) becomes an estimate marked as such ...
    assert advise(record, "random", budget=1_000_000, deals=200, seconds=0.0).cut_short
    # ... and so does an estimate stopped before its deals; the work budget alone marks nothing.
    assert advise_estimate(record, "random", deals=2_000, seconds=0.0).cut_short
    assert not advise(record, "random", budget=10, deals=200).cut_short
    out = run("advise", WITHIN_DEFAULT, "--json")
    assert json.loads(out.stdout)["cut_short"] is False and "safety cap" not in out.stdout


def test_analyze_help_names_the_models_by_their_names():
    text = " ".join(run_process("analyze", "--help").stdout.split())
    assert "counting" not in text.replace("card-counter", "") and "uniform (every consistent deal" in text


def test_output_cut_short_by_its_reader_is_no_traceback():
    proc = subprocess.Popen([sys.executable, "-m", "solver", "analyze", RECORD], cwd=ROOT, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)
    proc.stdout.close()  # like `| head -0`: the reader is gone before the first line
    err = proc.stderr.read().decode()
    proc.wait(timeout=60)
    assert "Traceback" not in err and "BrokenPipeError" not in err


def test_advise_names_a_guards_sure_misses_as_one_play():
    text = "classic Ana,Luis first:Ana viewer:Ana up:2,3,4 dealt:2 | Ana +1 2>Luis saw:6 | Luis 1>Ana=5 miss | Ana +1"
    rows = json.loads(run("advise", text, "--deals", "300", "--json").stdout)["actions"]
    assert [r["same_as"] for r in rows[:2]] == [None, None]  # the King (a hit), then the first miss
    assert {r["same_as"] for r in rows[2:]} == {rows[1]["action"]} and len(rows) == 7
    assert len({r["win"] for r in rows[1:]}) == 1  # the same figures
    said = run("advise", text, "--deals", "300").stdout
    assert "naming any card Luis cannot hold (none can hit)" in said  # one row, by no card
    assert "naming the Priest" not in said and " 3. " not in said  # two rows: the King, then the misses


def test_every_model_the_analyzer_offers_reads_a_record_and_refuses_advice_it_cannot_give():
    """Each --model choice of `analyze` answers (the three-type mixture says how the opponent
    played in words); `advise` with the inference-only searcher is refused with a message, not
    a traceback."""
    for model in ("uniform", "random", "card-counter", "mixture", "searcher", "three-types"):
        out = run("analyze", ADVISE, "--model", model)
        assert out.returncode == 0 and "Traceback" not in out.stderr, (model, out.stderr)
    out = run("analyze", ADVISE, "--model", "three-types")
    assert "like a player who looks one play ahead" in out.stdout
    data = json.loads(run("analyze", ADVISE, "--model", "three-types", "--json").stdout)
    assert sum(Fraction(p) for p in data["types"].values()) == 1 and "searcher" in data["types"]
    out = run("advise", ADVISE, "--model", "searcher")
    assert out.returncode == 2 and "searcher" in out.stderr and "Traceback" not in out.stderr


def test_the_three_type_mixture_is_named_as_itself_and_the_cli_says_the_apps_sentences():
    """Issue 43, point 7: `infer(record, "three-types").model` answered "mixture" (and the CLI printed
    "Model: mixture"); the CLI's "why" came from a second English catalog of its own."""
    from solver import infer, parse_record
    from solver.words.i18n import t

    text = "2019 Ana,Luis,Marta first:Ana viewer:Ana dealt:8 | Ana +1 1>Luis=5 hit | Marta 4 | Ana +5 8"
    assert infer(parse_record(text), "three-types").model == "three-types"
    assert "Model: three-types — " in run("analyze", text, "--model", "three-types").stdout
    said = run("advise", "classic P1,P2 first:P1 viewer:P1 up:1,2,8 dealt:5 | P1 +1 1>P2=7 miss | P2 1>P1=4 miss | "
               "P1 +3 5>P1 disc:3 new:6 | P2 2>P1 | P1 +1 1>P2=3 miss | P2 7 | P1 +4").stdout
    assert t("en", "advice.plain", win="1 (100.0%)") in said  # the catalog's sentence, the CLI's figures
