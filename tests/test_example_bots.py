"""The example bots of examples/bots/, in Python, C and JavaScript, each play a small tournament."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.extras import require
from tests.subprocesses import ROOT
from threeup3down.cli import main

require("openskill", "arena")

BOTS = ROOT / "examples" / "bots"


def c_bot(folder: Path) -> str:
    """The C example compiled with cc, or the test skipped saying there is no compiler."""
    compiler = shutil.which("cc")
    if compiler is None:
        pytest.skip("needs a C compiler: no cc on PATH")
    program = folder / "random_move"
    subprocess.run([compiler, "-O2", "-Wall", "-Werror", "-o", str(program), str(BOTS / "random_move.c")], check=True)
    return str(program)


def js_bot() -> str:
    """The JavaScript example's command, or the test skipped saying there is no node."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("needs Node.js: no node on PATH")
    return f"{node} {BOTS / 'most_cards.js'}"


@pytest.mark.parametrize("language", ["python", "c", "javascript"])
def test_an_example_bot_plays_a_tournament(
    language: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], no_bot_left: object
) -> None:
    """Each example bot greets, answers every decision with a legal move and
    exits at bye, at a table of three with two library bots, on two workers."""
    command = {
        "python": lambda: f"{sys.executable} {BOTS / 'first_move.py'}",
        "c": lambda: c_bot(tmp_path),
        "javascript": js_bot,
    }[language]()
    out = tmp_path / "arena.json"
    status = main([
        "arena", "--bot", f"example={command}", "--bot", "random", "--bot", "lowest", "--players", "3",
        "--games", "12", "--seed", "1", "--workers", "2", "--clock", "5+1", "--json", str(out),
    ])
    assert status == 0, capsys.readouterr().err
    rows = {row["bot"]: row for row in json.loads(out.read_text())["leaderboard"]}
    assert rows["example"]["games"] == 12
