"""The JSON-only client example: a whole game passes through observations, events and moves as text."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, cast

from tests.subprocesses import child_environment

EXAMPLE = Path(__file__).parent.parent / "examples" / "client_loop.py"


def _host_game() -> Callable[[int], tuple[str, list[Any]]]:
    spec = importlib.util.spec_from_file_location("client_loop", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return cast("Callable[[int], tuple[str, list[Any]]]", module.host_game)


def test_every_client_hears_the_end_of_the_game() -> None:
    """Games hosted for JSON-only clients end, and every client is told the result."""
    host_game = _host_game()
    for seed in range(3):
        result, clients = host_game(seed)
        assert "wins" in result or "stalemate" in result
        for client in clients:
            assert client.log[-1].startswith(("Game over.", "The turn limit is reached"))


def test_the_example_runs_as_a_script() -> None:
    """`python examples/client_loop.py 3` prints seat 0's last events and the result."""
    run = subprocess.run(
        [sys.executable, str(EXAMPLE), "3"], capture_output=True, text=True, check=True,
        env=child_environment(),
    )
    assert run.stdout.splitlines()[-1] == "player 0 wins after 214 turns"
