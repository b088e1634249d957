"""The example web server (examples/web/server.py) as tests start it, and the player they play.

:func:`running_server` starts the server with its one documented command,
on port 0 (a free port on 127.0.0.1), importing this checkout's package
(:func:`tests.subprocesses.child_environment`), and stops it afterwards.
:func:`choose` is a fixed, simple plan for seat 0 (highest cards face up,
lowest play first, Clears last), so a seed gives the same game every run.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from tests.subprocesses import child_environment
from threeup3down import (
    ChooseUp,
    DeclineSwap,
    Draw,
    DrawInstead,
    FlipDown,
    PickUp,
    Play,
    Swap,
    parse_move,
)

__all__ = ["SEED", "Answer", "call", "choose", "running_server"]

SERVER = Path(__file__).resolve().parent.parent / "examples" / "web" / "server.py"

SEED = 29
"""A three-player deal in which :func:`choose` at seat 0 makes a setup choice,
plays from hand and from 3UP, picks up the pile three times, turns 3DOWN
cards over, and wins: 24 decisions in all."""

Answer = tuple[int, dict[str, Any]]
"""An HTTP status and the JSON object answered."""


@contextmanager
def running_server(*options: str) -> Iterator[str]:
    """``python examples/web/server.py --port 0 [options]``; yields its base URL (http://127.0.0.1:PORT)."""
    with subprocess.Popen(
        [sys.executable, str(SERVER), "--port", "0", "--quiet", *options],
        stdout=subprocess.PIPE,
        text=True,
        env=child_environment(),
    ) as process:
        try:
            assert process.stdout is not None
            line = process.stdout.readline()
            found = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
            assert found, f"the server printed {line!r}"
            yield f"http://127.0.0.1:{found[1]}"
        finally:
            process.terminate()
            process.wait(timeout=10)


def call(base: str, method: str, path: str, body: object = None) -> Answer:
    """Send a JSON request; the status and JSON object of the answer (errors included)."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, method=method)
    request.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def choose(moves: list[str]) -> str:
    """Seat 0's plan: draw when offered, highest cards as 3UP, the lowest widest play
    (Clears last), keep on a swap offer, turn over 3DOWN card 0, pick up last."""

    def preference(text: str) -> tuple[int, int, int]:
        move = parse_move(text)
        match move:
            case Draw():
                return (0, 0, 0)
            case ChooseUp():
                return (1, -sum(card.rank for card in move.cards), 0)
            case Play():
                rank = move.cards[0].rank
                return (2, rank + (100 if rank.is_clear else 0), -len(move.cards))
            case FlipDown() | DeclineSwap():
                return (3, 0, 0)
            case Swap():
                return (4, 0, 0)
            case DrawInstead():
                return (5, 0, 0)
            case PickUp():
                return (6, 0, 0)
        raise AssertionError(text)

    return min(moves, key=preference)
