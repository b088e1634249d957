"""Helpers for the table server's tests: an app in the test's process, a server in its own.

Tests import this module after ``tests.extras.require`` has found the
``[server]`` extra. :func:`app_client` runs the application in the test's
process (Starlette's test client; seeds and bot choices fixed);
:class:`ServerProcess` runs ``threeup3down serve`` as a child process on
loopback, to be killed.
"""

from __future__ import annotations

import contextlib
import json
import random
import re
import select
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, cast
from urllib import error, request

from starlette.testclient import TestClient

from tests.subprocesses import child_environment
from threeup3down.server.app import create_app
from threeup3down.server.limits import Limits
from threeup3down.server.store import Store, open_store
from threeup3down.server.tables import TableHub

__all__ = ["FAST_CLIENTS", "SEED", "ServerProcess", "app_client", "free_port", "hello", "http_json", "play_through"]

SEED = 20261202
"""The seed of every table the in-process app deals (the server's own come from secrets)."""

FAST_CLIENTS = Limits(messages_per_second=10_000.0, messages_burst=10_000)
"""Limits for test clients that answer every frame at once (a person sends far fewer)."""


@contextlib.contextmanager
def app_client(
    store: Store | None = None, *, limits: Limits | None = None, origins: tuple[str, ...] = (),
    cors: tuple[str, ...] = (), seed: int = SEED, expire_after: float | None = None,
    static: Path | None = None,
    now: Callable[[], float] = time.time,
) -> Iterator[TestClient]:
    """A test client of the app over ``store`` (a new one in memory), every table dealt with
    ``seed``, serving the files of ``static`` at ``/`` if given, its clocks counting the
    time ``now`` tells."""
    store = store or open_store("sqlite://")
    limits = limits or FAST_CLIENTS
    hub = TableHub(store, seeds=lambda: seed, rng=random.Random(seed), expire_after=expire_after, now=now)
    try:
        app = create_app(store, limits=limits, origins=origins, cors=cors, hub=hub, static=static)
        with TestClient(app) as client:
            yield client
    finally:
        store.close()


def hello(token: str | None = None, last: int | None = None, **extra: object) -> dict[str, object]:
    """A hello message."""
    message: dict[str, object] = {"type": "hello", "version": 1, **extra}
    if token is not None:
        message["token"] = token
    if last is not None:
        message["last"] = last
    return message


def new_table(client: TestClient, seats: list[str], **body: object) -> tuple[str, list[str | None]]:
    """Create a table; its id and invites."""
    answer = client.post("/api/tables", json={"seats": seats, **body})
    assert answer.status_code == 201, answer.text
    created = answer.json()
    return created["table"], created["invites"]


def join(client: TestClient, table: str, invite: str | None) -> str:
    """Join with ``invite``; the seat's token."""
    answer = client.post(f"/api/tables/{table}/join", json={"invite": invite})
    assert answer.status_code == 200, answer.text
    return cast(str, answer.json()["token"])


def play_through(websocket: Any, rng: random.Random, *, limit: int = 10_000) -> list[dict[str, Any]]:
    """Play a seat to the end of its game, each move drawn with ``rng`` from the
    frame's moves; every frame received, in order."""
    frames: list[dict[str, Any]] = []
    while len(frames) < limit:
        message = websocket.receive_json()
        assert message["type"] == "frame", message
        frames.append(message)
        if message["result"] != "*":
            return frames
        if message["moves"]:
            websocket.send_json({"type": "move", "move": rng.choice(message["moves"])})
    raise AssertionError("the game did not end")


def free_port() -> int:
    """A TCP port free on loopback now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return cast(int, probe.getsockname()[1])


def http_json(method: str, url: str, body: object = None) -> tuple[int, Any]:
    """An HTTP request with a JSON body; the status and the JSON answer."""
    data = None if body is None else json.dumps(body).encode()
    req = request.Request(url, data=data, method=method, headers={"content-type": "application/json"})
    try:
        with request.urlopen(req, timeout=30) as answer:
            return answer.status, json.loads(answer.read())
    except error.HTTPError as refused:
        return refused.code, json.loads(refused.read())


class ServerProcess:
    """``threeup3down serve`` in a child process on 127.0.0.1, over ``database``."""

    def __init__(self, database: str, *extra: str) -> None:
        self.database = database
        self.extra = extra
        self.port = 0
        """The port it listens on: ``serve --port 0`` takes a free one, and says which."""
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        """The server's base URL."""
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        """The base URL of its WebSockets."""
        return f"ws://127.0.0.1:{self.port}"

    def start(self) -> ServerProcess:
        """Start the server on a free port and wait until it says it listens (at most a minute)."""
        self.process = subprocess.Popen(
            [sys.executable, "-m", "threeup3down", "serve", "--port", "0",
             "--database", self.database, *self.extra],
            env=child_environment(), cwd=Path(__file__).resolve().parent.parent,
            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        )
        assert self.process.stdout is not None and self.process.stderr is not None
        ready, _, _ = select.select([self.process.stdout], [], [], 60)
        line = self.process.stdout.readline().decode() if ready else ""
        listening = re.fullmatch(r"listening on http://127\.0\.0\.1:(\d+)\n", line)
        if listening is None:
            self.process.kill()
            raise AssertionError(f"serve did not say it listens within a minute: {line!r} "
                                 f"{self.process.stderr.read().decode()}")
        self.port = int(listening[1])
        return self

    def kill(self) -> None:
        """Kill the server at once (SIGKILL), as a crash would."""
        assert self.process is not None
        self.process.kill()
        self.process.wait()
        self._close_pipes()

    def stop(self) -> None:
        """Stop the server (SIGTERM) and wait for it."""
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=60)
        self._close_pipes()

    def _close_pipes(self) -> None:
        if self.process is not None:
            for pipe in (self.process.stdout, self.process.stderr):
                if pipe is not None:
                    pipe.close()

    def __enter__(self) -> ServerProcess:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()
