"""``threeup3down serve`` as its own process: a crash loses nothing, and the attacks of issue 31 fail."""

from __future__ import annotations

import contextlib
import http.client
import json
import random
import re
import select
import socket
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from collections.abc import Iterator
from typing import Any

import pytest

from tests.extras import require

require("uvicorn", "server")
sync_client = require("websockets.sync.client", "server")

from tests.server_support import ServerProcess, http_json  # noqa: E402
from tests.subprocesses import child_environment  # noqa: E402
from threeup3down import GameRecord, Rules, new_game, observe, parse_move, replay  # noqa: E402
from threeup3down.formats.serialization import OBSERVATION, RECORD  # noqa: E402
from threeup3down.server.store import open_store  # noqa: E402


@contextlib.contextmanager
def connect(
    server: ServerProcess, table: str, token: str | None, last: int | None = None, **extra: object
) -> Iterator[Any]:
    """A WebSocket of ``table``, past its welcome (``extra``: more fields of the hello)."""
    with sync_client.connect(f"{server.ws_url}/api/tables/{table}/play", open_timeout=30) as websocket:
        message: dict[str, object] = {"type": "hello", "version": 1, **extra}
        if token is not None:
            message["token"] = token
        if last is not None:
            message["last"] = last
        websocket.send(json.dumps(message))
        assert json.loads(websocket.recv(timeout=30))["type"] == "welcome"
        yield websocket


def frames_until_my_move(websocket: Any) -> list[dict[str, Any]]:
    """Frames until one lists moves for this seat (or ends the game)."""
    frames = []
    while True:
        frame = json.loads(websocket.recv(timeout=60))
        frames.append(frame)
        if frame["moves"] or frame["result"] != "*":
            return frames


def stored_seed(database: Path, table: str) -> int:
    with sqlite3.connect(database) as db:
        (seed,) = db.execute("SELECT seed FROM tables WHERE id = ?", (table,)).fetchone()
    return int(seed)


def test_after_kill_9_and_a_restart_every_table_resumes_where_it_was(store_url: str) -> None:
    """A game killed mid-play (SIGKILL) is, after a restart, the same game: the same frames,
    the same state, and it plays on to its end (SQLite and PostgreSQL)."""
    rng = random.Random(7)
    server = ServerProcess(store_url).start()
    try:
        _, created = http_json("POST", f"{server.url}/api/tables", {"seats": ["human", "lowest", "heuristic"]})
        table = created["table"]
        _, joined = http_json("POST", f"{server.url}/api/tables/{table}/join", {"invite": created["invites"][0]})
        before: list[dict[str, Any]] = []
        with connect(server, table, joined["token"]) as websocket:
            for _ in range(8):
                before += frames_until_my_move(websocket)
                websocket.send(json.dumps({"type": "move", "move": rng.choice(before[-1]["moves"])}))
            before += frames_until_my_move(websocket)  # the answers to the last move
            server.kill()
    finally:
        server.kill()
    store = open_store(store_url)
    stored = store.load_table(table)
    store.close()
    assert stored is not None
    moves_then, seed = list(stored.moves), stored.seed
    assert len(moves_then) == before[-1]["n"]  # every move shown was committed first
    state_then = replay(GameRecord(rules=Rules(players=3), seed=seed, moves=tuple(map(parse_move, moves_then))))[-1]

    with ServerProcess(store_url) as restarted:
        with connect(restarted, table, joined["token"]) as again:
            replayed = [json.loads(again.recv(timeout=60)) for _ in range(len(before))]
        assert replayed == before
        assert replayed[-1]["view"] == OBSERVATION.to_dict(observe(state_then, 0))
        with connect(restarted, table, joined["token"], last=before[-1]["n"]) as resumed:
            frame = before[-1]
            while frame["result"] == "*":
                if frame["moves"]:
                    resumed.send(json.dumps({"type": "move", "move": rng.choice(frame["moves"])}))
                frame = json.loads(resumed.recv(timeout=60))
        status, record = http_json("GET", f"{restarted.url}/api/tables/{table}/record")
    assert status == 200
    game = RECORD.from_dict(record)
    assert game.moves[: len(moves_then)] == tuple(map(parse_move, moves_then))
    assert replay(game)[len(moves_then)] == state_then


def test_the_seed_is_the_server_s_and_is_shown_only_when_the_game_is_over(tmp_path: Path) -> None:
    """Issue 31: a client cannot choose the seed; no answer names it while the game is in play;
    the record that does is published once the game has ended."""
    database = tmp_path / "tables.db"
    with ServerProcess(f"sqlite:///{database}") as server:
        status, refused = http_json("POST", f"{server.url}/api/tables", {"seats": ["human", "lowest"], "seed": 1})
        assert status == 400 and "seed" in refused["error"]["message"]
        _, created = http_json("POST", f"{server.url}/api/tables", {"seats": ["human", "lowest"]})
        table = created["table"]
        _, joined = http_json("POST", f"{server.url}/api/tables/{table}/join", {"invite": created["invites"][0]})
        seed = str(stored_seed(database, table))
        texts = [json.dumps(created), json.dumps(joined)]
        rng = random.Random(8)
        frame: dict[str, Any] = {"result": "*", "moves": []}
        with connect(server, table, joined["token"], svg=True, locale="vi") as websocket:
            while frame["result"] == "*":
                text = websocket.recv(timeout=60)
                texts.append(text)
                frame = json.loads(text)
                if frame["moves"] and frame["result"] == "*":
                    texts.append(json.dumps(http_json("GET", f"{server.url}/api/tables/{table}")))
                    texts.append(json.dumps(http_json("GET", f"{server.url}/api/tables/{table}/record")))
                    websocket.send(json.dumps({"type": "move", "move": rng.choice(frame["moves"])}))
        assert all(seed not in text for text in texts)
        status, record = http_json("GET", f"{server.url}/api/tables/{table}/record")
    assert status == 200 and str(record["seed"]) == seed


def test_slow_clients_cannot_hold_the_server(tmp_path: Path) -> None:
    """Issue 31: connections trickling a request are cut at the request deadline with a JSON
    408, a client address holds at most its cap of connections, and others are served."""
    with ServerProcess(
        f"sqlite:///{tmp_path / 'tables.db'}", "--request-time", "1", "--max-connections", "8"
    ) as server:
        slow = []
        for _ in range(8):
            connection = socket.create_connection(("127.0.0.1", server.port), timeout=60)
            connection.sendall(b"GET /api/tables/x HTTP/1.1\r\nHost: a\r\n")  # and never the rest
            slow.append(connection)
        extra = socket.create_connection(("127.0.0.1", server.port), timeout=60)
        answer = read_all(extra)
        assert answer.startswith(b"HTTP/1.1 429 ") and b'"rate-limited"' in answer
        for connection in slow:
            answer = read_all(connection)
            assert answer.startswith(b"HTTP/1.1 408 ") and b'"timeout"' in answer
        status, body = http_json("POST", f"{server.url}/api/tables", {"seats": ["human", "human"]})
        assert status == 201 and "table" in body


def read_all(connection: socket.socket) -> bytes:
    """Everything the server sends until it closes the connection."""
    data = b""
    while chunk := connection.recv(65536):
        data += chunk
    connection.close()
    return data


@pytest.mark.parametrize(
    "request_bytes",
    [
        b"GARBAGE\r\n\r\n",
        b"GET /api/tables/x HTTP/1.1\r\n\r\n",  # no Host header
        b"GET /" + b"a" * 20000 + b" HTTP/1.1\r\nHost: a\r\n\r\n",
        b"GET / HTTP/1.1\r\nHost: a\r\nX-Big: " + b"b" * 20000 + b"\r\n\r\n",
        b"POST /api/tables HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\nContent-Length: 7\r\n\r\n{\"a\":1}",
        b"POST /api/tables HTTP/1.1\r\nHost: a\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
        b"PUT /api/tables HTTP/1.1\r\nHost: a\r\nContent-Length: 2\r\n\r\n{}",
        b"DELETE /api/tables/x HTTP/1.1\r\nHost: a\r\n\r\n",
        b"POST /api/tables HTTP/1.1\r\nHost: a\r\nContent-Length: 0\r\n\r\n",
        b"POST /api/tables HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
    ],
    ids=["request-line", "no-host", "long-uri", "long-header", "two-lengths", "length-and-chunked",
         "put", "delete", "empty-body", "empty-chunked-body"],
)
def test_every_bad_request_gets_a_json_error_with_its_status(tmp_path: Path, request_bytes: bytes) -> None:
    """Issue 31: malformed requests get a status line and a JSON error, never HTML or nothing;
    ambiguous framing is refused."""
    with ServerProcess(f"sqlite:///{tmp_path / 'tables.db'}") as server:
        connection = socket.create_connection(("127.0.0.1", server.port), timeout=60)
        connection.sendall(request_bytes)
        connection.shutdown(socket.SHUT_WR)
        answer = read_all(connection)
    head, _, body = answer.partition(b"\r\n\r\n")
    status = int(head.split(b" ")[1])
    assert 400 <= status < 500
    assert b"content-type: application/json" in head.lower()
    assert "error" in json.loads(body)


def test_a_head_request_is_answered_without_a_body(tmp_path: Path) -> None:
    """HEAD of a lobby resource gets its status and JSON headers (HTTP sends no body)."""
    with ServerProcess(f"sqlite:///{tmp_path / 'tables.db'}") as server:
        connection = socket.create_connection(("127.0.0.1", server.port), timeout=60)
        connection.sendall(b"HEAD /api/tables/x HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n")
        answer = read_all(connection)
    assert answer.startswith(b"HTTP/1.1 404 ") and b"application/json" in answer
    assert answer.endswith(b"\r\n\r\n")


def test_the_deal_comes_from_the_stored_seed(tmp_path: Path) -> None:
    """The game a seat is shown is new_game(rules, seed) of the seed the server stored."""
    database = tmp_path / "tables.db"
    with ServerProcess(f"sqlite:///{database}") as server:
        _, created = http_json("POST", f"{server.url}/api/tables", {"seats": ["human", "human"]})
        table = created["table"]
        _, joined = http_json("POST", f"{server.url}/api/tables/{table}/join", {"invite": created["invites"][1]})
        with connect(server, table, joined["token"]) as websocket:
            frame = json.loads(websocket.recv(timeout=60))
    deal = new_game(Rules(players=2), seed=stored_seed(database, table))
    assert frame["view"]["hand"] == [str(card) for card in observe(deal, 1).hand]


def test_a_client_trickling_a_request_byte_by_byte_is_cut_at_the_deadline(tmp_path: Path) -> None:
    """A client that keeps sending, one byte at a time, never finishes a request: it is
    answered 408 in JSON at the request deadline however steadily the bytes come."""
    request = b"GET /api/tables/x HTTP/1.1\r\nHost: a\r\nX-Pad: " + b"a" * 4000 + b"\r\n\r\n"
    with ServerProcess(f"sqlite:///{tmp_path / 'tables.db'}", "--request-time", "1") as server:
        connection = socket.create_connection(("127.0.0.1", server.port), timeout=60)
        sent = 0
        with contextlib.suppress(OSError):  # the server closes the connection at the deadline
            while sent < len(request) and not answered(connection):
                connection.sendall(request[sent:sent + 1])
                sent += 1
                time.sleep(0.01)  # the trickle's pace, not a measurement
        answer = read_all(connection)
    assert sent < len(request)
    assert answer.startswith(b"HTTP/1.1 408 ") and b'"timeout"' in answer


def answered(connection: socket.socket) -> bool:
    """Whether the server has sent something (or closed) on ``connection``, without waiting."""
    connection.setblocking(False)
    try:
        connection.recv(1, socket.MSG_PEEK)  # a byte of the answer, or b"" once closed
    except BlockingIOError:
        return False
    else:
        return True
    finally:
        connection.settimeout(60)


def post_from(address: str, server: ServerProcess, path: str, body: object) -> tuple[int, Any]:
    """POST ``body`` as JSON from the loopback address ``address`` (127.0.0.2, ...)."""
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60, source_address=(address, 0))
    try:
        connection.request("POST", path, json.dumps(body), {"content-type": "application/json"})
        answer = connection.getresponse()
        return answer.status, json.loads(answer.read())
    finally:
        connection.close()


def test_a_creation_flood_from_one_address_removes_no_table_of_another(tmp_path: Path) -> None:
    """An address creating tables as fast as it can is refused past its burst (429, JSON);
    a table another address created stays, plays, and that address may still create."""
    with ServerProcess(f"sqlite:///{tmp_path / 'tables.db'}") as server:
        status, created = post_from("127.0.0.2", server, "/api/tables", {"seats": ["human", "lowest"]})
        assert status == 201
        table = created["table"]
        statuses = [
            post_from("127.0.0.3", server, "/api/tables", {"seats": ["human", "human"]})[0] for _ in range(40)
        ]
        status, joined = post_from("127.0.0.2", server, f"/api/tables/{table}/join", {"invite": created["invites"][0]})
        assert status == 200
        with connect(server, table, joined["token"]) as websocket:
            frame = json.loads(websocket.recv(timeout=60))
        again = post_from("127.0.0.2", server, "/api/tables", {"seats": ["human", "human"]})[0]
    assert statuses.count(201) == 10 and statuses.count(429) == 30  # the default burst of 10
    assert frame["n"] == 0 and frame["moves"]
    assert again == 201


def _serve(*arguments: str) -> subprocess.Popen[str]:
    """``threeup3down serve`` with ``arguments``, its output read as text."""
    return subprocess.Popen(
        [sys.executable, "-m", "threeup3down", "serve", "--database", "sqlite://", *arguments],
        env=child_environment(), cwd=Path(__file__).resolve().parent.parent,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )


def _first_line(process: subprocess.Popen[str], timeout: float = 60) -> str:
    """The first line ``process`` prints on stdout, read within ``timeout`` seconds."""
    assert process.stdout is not None
    ready, _, _ = select.select([process.stdout], [], [], timeout)
    assert ready, "serve printed nothing"
    return process.stdout.readline()


def test_serve_says_where_it_listens_with_the_port_it_found() -> None:
    """With --port 0, serve prints one line naming the port it took, and answers there."""
    process = _serve("--port", "0")
    try:
        line = _first_line(process)
        match = re.fullmatch(r"listening on http://127\.0\.0\.1:(\d+)\n", line)
        assert match is not None, line
        status, _ = http_json("GET", f"http://127.0.0.1:{match[1]}/api/tables/none")
        assert status == 404
    finally:
        process.terminate()
        process.communicate(timeout=60)


def test_serve_on_a_port_in_use_refuses_in_one_line_with_status_2() -> None:
    """A port something already listens on is named in one line on stderr; the exit status is 2."""
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        process = _serve("--port", str(port))
        out, err = process.communicate(timeout=60)
    assert process.returncode == 2
    assert err == f"threeup3down serve: port {port} on 127.0.0.1 is in use: stop what listens there, or give another --port\n"
    assert out == ""
