"""The replay example: it prints the stored sample game, which matches its generator and text form."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path
from typing import cast

from tests.subprocesses import child_environment
from threeup3down.formats.record_text import parse_record
from threeup3down.formats.records import GameRecord, replay
from threeup3down.formats.serialization import RECORD

EXAMPLES = Path(__file__).parent.parent / "examples"
DATA = EXAMPLES / "data"


def test_replay_example_prints_the_game_move_by_move() -> None:
    """The example prints the opening moves as checked by hand, and the recorded winner at the end."""
    run = subprocess.run(
        [sys.executable, str(EXAMPLES / "replay_record.py")], capture_output=True, text=True, check=True,
        env=child_environment(),
    )
    lines = run.stdout.splitlines()
    # The deal of seed 35: Ann holds 2r,2b,4g,6b,C+1r,C+1b and Bob 1g,1b,3g,7r,9b,10g; the
    # draw pile's top cards are Cg, 7g, 3g, 7g, 3b, 6g. Both put their highest three face up
    # (S3); Ann opens (S5); each plays the lowest legal card (P2) and draws back to three (T4);
    # Ann's Cg clears the pile (C1).
    assert lines[:9] == [
        "3UP 3DOWN, 2024-05-01: Ann, Bob",
        "rules: players=2; seed 35; 99 moves",
        "   1. setup     Ann    up:6b,C+1r,C+1b",
        "   2. setup     Bob    up:7r,9b,10g",
        "   3. turn 1    Ann    2r               pile 2r; draws 1",
        "   4. turn 2    Bob    3g               pile 2r,3g; draws 1",
        "   5. turn 3    Ann    4g               pile 2r,3g,4g; draws 1",
        "   6. turn 4    Bob    7g               pile 2r,3g,4g,7g; draws 1",
        "   7. turn 5    Ann    Cg               pile cleared; draws 1",
    ]
    # Ann's last 3DOWN card, 6b, beats Bob's 4r and leaves her without cards (F3, W1).
    assert lines[-2:] == [
        "  99. turn 85   Ann    v0               pile 4r,6b; out of cards",
        "Ann wins after 85 turns.",
    ]


def test_stored_sample_matches_its_generator_and_text() -> None:
    """The stored JSON record is what the generator script makes, and equals the stored text record."""
    spec = importlib.util.spec_from_file_location("make_sample_game", DATA / "make_sample_game.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    generated = cast(GameRecord, module.sample_record())
    stored = RECORD.from_json((DATA / "sample_game.json").read_text(encoding="utf-8"))
    assert stored == generated
    assert parse_record((DATA / "sample_game.txt").read_text(encoding="utf-8")) == stored
    assert replay(stored)[-1].winner == 0 and stored.result == "0"
