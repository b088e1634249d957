"""The Python client of the server docs plays a whole game against ``threeup3down serve``."""

from __future__ import annotations

import importlib.util
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.extras import require

require("uvicorn", "server")
require("websockets", "server")

from tests.server_support import ServerProcess  # noqa: E402
from threeup3down.formats.records import _RESULT  # noqa: E402

EXAMPLE = Path(__file__).parent.parent / "examples" / "server_client.py"


def told(result: str) -> str:
    """How the game that ended with ``result`` is told to seat 0, the example's seat
    (two players, no places: the result is the winner's seat, or a stalemate)."""
    if result.startswith("stalemate"):
        return "The turn limit is reached: the game ends in a stalemate."
    return "Game over. You win." if result == "0" else f"Game over. Player {result} wins."


def test_the_client_plays_a_game_to_its_result(tmp_path: Path) -> None:
    """examples/server_client.py creates a table, joins it and plays until the game ends."""
    spec = importlib.util.spec_from_file_location("server_client", EXAMPLE)
    assert spec is not None and spec.loader is not None
    client = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(client)
    with ServerProcess(f"sqlite:///{tmp_path / 'tables.db'}") as server:
        result, sentence = client.play(server.url, 3)
    assert result != "*" and _RESULT.fullmatch(result)
    assert sentence == told(result)


NODE = shutil.which("node")
JS_EXAMPLE = Path(__file__).parent.parent / "examples" / "server_client.mjs"


@pytest.mark.skipif(NODE is None, reason="needs Node.js (apt-get install nodejs)")
def test_the_javascript_client_plays_a_game_to_its_result(tmp_path: Path) -> None:
    """examples/server_client.mjs, run by Node.js, creates a table, joins it and plays until
    the game ends (Node.js 20 needs --experimental-websocket for its WebSocket)."""
    assert NODE is not None
    version = subprocess.run([NODE, "--version"], capture_output=True, text=True, check=True).stdout
    flags = ["--experimental-websocket"] if int(version.lstrip("v").split(".")[0]) < 22 else []
    probe = [NODE, *flags, "-e", "process.exit(typeof WebSocket === 'function' ? 0 : 1)"]
    if subprocess.run(probe, capture_output=True, check=False).returncode != 0:
        pytest.skip(f"Node.js {version.strip()} has no WebSocket: the example needs Node.js 22, or 20 with a flag")
    with ServerProcess(f"sqlite:///{tmp_path / 'tables.db'}") as server:
        run = subprocess.run(
            [NODE, *flags, str(JS_EXAMPLE), server.url], capture_output=True, text=True, timeout=120, check=False
        )
    assert run.returncode == 0, run.stderr
    printed = re.fullmatch(r"(.+) \(result: (.+)\)\n", run.stdout)
    assert printed is not None, run.stdout
    assert printed[2] != "*" and _RESULT.fullmatch(printed[2])
    assert printed[1] == told(printed[2])
