"""``benchmarks/server.py``: its percentile, its check of lost frames, and a run on a tiny budget."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from types import ModuleType

from tests.extras import require
from tests.subprocesses import ROOT, child_environment

require("uvicorn", "server")
require("websockets", "server")

SCRIPT = ROOT / "benchmarks" / "server.py"


def _benchmark() -> ModuleType:
    spec = importlib.util.spec_from_file_location("table_server_benchmark", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


bench = _benchmark()


def test_percentile_is_the_nearest_rank() -> None:
    """The p-th percentile is the smallest value with at least p of the values at or below it."""
    hundred = [float(value) for value in range(100, 0, -1)]
    assert bench.percentile(hundred, 0.5) == 50.0
    assert bench.percentile(hundred, 0.99) == 99.0
    assert bench.percentile([10.0, 20.0, 30.0, 40.0], 0.5) == 20.0
    assert bench.percentile([10.0, 20.0, 30.0, 40.0], 0.99) == 40.0


def test_contiguous_frames_up_to_the_stored_moves_lose_none() -> None:
    """Frames 0 to n, each once and in order, with n moves stored: nothing lost."""
    check = bench.FrameCheck()
    for number in range(6):
        check.see(number)
    check.end(stored=5)
    assert check.lost == 0


def test_a_skipped_frame_a_repeated_one_and_unseen_moves_are_lost() -> None:
    """A gap in the numbers, a number again, and moves stored past the last frame all count."""
    check = bench.FrameCheck()
    for number in (0, 1, 3, 3):
        check.see(number)
    assert (check.missed, check.repeated) == (1, 1)
    check.end(stored=6)
    assert (check.missed, check.lost) == (4, 5)


def test_a_tiny_run_plays_and_loses_no_frame() -> None:
    """Two tables for half a second, as CI runs it: every figure printed, no frame lost."""
    run = subprocess.run(
        [sys.executable, str(SCRIPT), "--tables", "2", "--seconds", "0.5", "--idle", "5"],
        capture_output=True, text=True, env=child_environment(), timeout=120, check=False,
    )
    assert run.returncode == 0, run.stderr
    assert "KB a table" in run.stdout
    assert "moves:" in run.stdout
    assert "frames lost: 0 (target: none)" in run.stdout
