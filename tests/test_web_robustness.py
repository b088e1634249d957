"""The example web server under bad requests and load, all sent to 127.0.0.1 only.

Each test is bounded in the connections it opens and the seconds it waits.
"""

from __future__ import annotations

import json
import socket
import threading
import time
from collections.abc import Iterator
from typing import Any
from urllib.parse import urlsplit

import pytest

from tests.web_support import call, running_server


@pytest.fixture(scope="module")
def base() -> Iterator[str]:
    """The server with a two-second read timeout and at most eight connections at once."""
    with running_server("--timeout", "2", "--max-connections", "8") as url:
        yield url


def connect(base: str) -> socket.socket:
    """A raw connection to the server."""
    address = urlsplit(base)
    assert address.hostname == "127.0.0.1" and address.port is not None
    return socket.create_connection((address.hostname, address.port), timeout=10)


def raw(base: str, request: bytes) -> tuple[int, dict[str, Any]]:
    """Send ``request`` as it is; the status and JSON body of the answer."""
    with connect(base) as connection:
        connection.sendall(request)
        answer = b""
        while chunk := connection.recv(65536):
            answer += chunk
    head, _, body = answer.partition(b"\r\n\r\n")
    return int(head.split()[1]), json.loads(body)


def post(path: str, body: bytes, length: str | None = None) -> bytes:
    """A POST request whose Content-Length is ``length`` (default: the body's true length)."""
    size = str(len(body)) if length is None else length
    return (
        f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        f"Content-Length: {size}\r\n\r\n"
    ).encode() + body


def test_a_deeply_nested_body_is_answered_400(base: str) -> None:
    """JSON nested deeper than the parser's recursion limit is refused as not JSON, with an answer."""
    status, body = raw(base, post("/api/games", b"[" * 30000 + b"]" * 30000))
    assert status == 400 and body["error"] == "the request body is not JSON"


@pytest.mark.parametrize("length", ["abc", "-5", "1e3", "١٢"])
def test_a_content_length_that_is_no_number_is_answered_400(base: str, length: str) -> None:
    """A Content-Length that is not a plain count of bytes is refused with a message naming it."""
    status, body = raw(base, post("/api/games", b"{}", length))
    assert status == 400 and "Content-Length" in body["error"]


def test_an_oversized_body_is_answered_413(base: str) -> None:
    """A body over 64 KiB is refused before it is read."""
    status, body = raw(base, post("/api/games", b"", str(10**9)))
    assert status == 413 and "too large" in body["error"]


@pytest.mark.parametrize("limit", [None, 10**9])
def test_a_game_needs_a_turn_limit(base: str, limit: int | None) -> None:
    """Bots play every other seat, so no limit (or an enormous one) is refused: games must end (O10)."""
    status, body = call(base, "POST", "/api/games", {"rules": {"players": 3, "turn_limit": limit}})
    assert status == 400 and "turn limit" in body["error"] and "turn_limit" in body["error"]
    status, body = call(base, "POST", "/api/games", {"rules": {"players": 3, "turn_limit": 10000}})
    assert status == 201


def is_open(connection: socket.socket) -> bool:
    """Whether the server still holds ``connection`` open (it has sent nothing and not closed it)."""
    connection.setblocking(False)
    try:
        return connection.recv(1, socket.MSG_PEEK) != b""
    except BlockingIOError:
        return True
    finally:
        connection.settimeout(10)


def answered_when_free(base: str, request: bytes) -> tuple[int, dict[str, Any]]:
    """The answer to ``request`` once a slot is free.

    A slot is released just after the server closes its connection, so a request
    sent at that moment may still be told 503 to retry, as its Retry-After says:
    it is sent again, for at most ten seconds.
    """
    deadline = time.monotonic() + 10
    status, body = raw(base, request)
    while status == 503 and time.monotonic() < deadline:
        time.sleep(0.05)
        status, body = raw(base, request)
    return status, body


def test_half_sent_requests_are_timed_out_and_capped(base: str) -> None:
    """Eight half-sent requests fill the slots; a ninth is answered 503 at once, while the
    eight are still held; each of the eight is closed once its two-second timeout has
    passed, and then the slots are free and the server answers normally again.

    "At once" is checked by order rather than by a stopwatch (which a busy machine
    can slow past any bound): when the 503 arrives, none of the eight has been let
    go, so the ninth did not wait for a slot.
    """
    started = time.monotonic()
    stalled = [connect(base) for _ in range(8)]
    try:
        for connection in stalled:
            connection.sendall(b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Le")
        status, body = raw(base, b"GET /api/games/x HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        assert status == 503 and "busy" in body["error"]
        assert all(is_open(connection) for connection in stalled)
        for connection in stalled:  # the server gives up on each, and closes it
            while connection.recv(65536):
                pass
        assert time.monotonic() - started >= 2  # not before the timeout
    finally:
        for connection in stalled:
            connection.close()
    request = b"GET /api/games/nosuchgame HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
    assert answered_when_free(base, request)[0] == 404


def test_fifty_concurrent_clients_are_all_answered() -> None:
    """Fifty clients sending four requests each at once all get answers: none is reset."""
    with running_server() as url:
        status, view = call(url, "POST", "/api/games", {"rules": {"players": 2}, "seed": 1})
        assert status == 201
        statuses: list[int] = []
        lock = threading.Lock()

        def client() -> None:
            for _ in range(4):
                answer = call(url, "GET", f"/api/games/{view['game']}")[0]
                with lock:
                    statuses.append(answer)

        threads = [threading.Thread(target=client) for _ in range(50)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=60)
    assert statuses == [200] * 200


@pytest.mark.parametrize(
    "path", ["/static/../server.py", "/static/..%2fserver.py", "/../../etc/passwd", "//etc/passwd"]
)
def test_paths_outside_the_three_files_are_not_found(base: str, path: str) -> None:
    """Only the page, its script and its style sheet are served, by name: traversal finds nothing."""
    status, body = raw(base, f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
    assert status == 404 and body["error"].startswith("no page")
