"""`python -m solver analyze`: readable table, JSON, clear errors with no traceback."""

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RECORD = "classic A,B first:A viewer:A up:1,1,3 dealt:1 | A +2"


def run(*args):
    return subprocess.run([sys.executable, "-m", "solver", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=60)


def test_analyze_prints_exact_fractions_and_percent():
    out = run("analyze", RECORD)
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
    out = run("analyze", "2019 Ana,Luis | Ana 1>Bob")
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
    assert data["method"] == "exact" and data["model"] == "random"
    assert [a["action"] for a in data["actions"]] == ["Handmaid", "King on P2"]
    assert all(a["exact"] for a in data["actions"])
    assert data["actions"][0]["explanation"]["key"].startswith("advice.")
    text = run("advise", ADVISE)
    assert text.returncode == 0 and "every figure is exact" in text.stdout


def test_advise_refuses_when_it_is_not_the_viewers_turn():
    out = run("advise", "classic P1,P2 first:P1 viewer:P1 up:1,2,8 dealt:5 | P1 +1 1>P2=7 miss")
    assert out.returncode == 2 and "viewer's turn" in out.stderr and "Traceback" not in out.stderr
