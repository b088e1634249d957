"""Bad input to the table server: an error frame or a close code, and the table untouched."""

from __future__ import annotations

import contextlib
from pathlib import Path
from collections.abc import Iterator
from typing import Any

import pytest

from tests.extras import require

require("starlette", "server")
require("httpx2", "test")

from starlette.testclient import TestClient  # noqa: E402
from starlette.websockets import WebSocketDisconnect  # noqa: E402

from tests.server_support import app_client, hello, join, new_table  # noqa: E402
from threeup3down.server.limits import Limits  # noqa: E402
from threeup3down.server.protocol import MAX_MESSAGE_SIZE  # noqa: E402


@pytest.fixture
def seated() -> Iterator[tuple[TestClient, str, str, str]]:
    """A client of a table of two people: the table, seat 0's token and seat 1's."""
    with app_client() as client:
        table, invites = new_table(client, ["human", "human"])
        yield client, table, join(client, table, invites[0]), join(client, table, invites[1])


@contextlib.contextmanager
def opened(client: TestClient, table: str, token: str | None) -> Iterator[Any]:
    """A WebSocket past its welcome and frame 0."""
    with client.websocket_connect(f"/api/tables/{table}/play") as session:
        session.send_json(hello(token))
        assert session.receive_json()["type"] == "welcome"
        assert session.receive_json()["n"] == 0
        yield session


def moves_made(client: TestClient, table: str) -> int:
    return int(client.get(f"/api/tables/{table}").json()["moves"])


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("{not json", "bad-json"),
        ("[1, 2]", "bad-message"),
        ('{"type": "move", "move": "7r", "move": "8r"}', "bad-message"),
        ('{"type": "move", "move": NaN}', "bad-message"),
        ('{"type": "dance"}', "unknown-type"),
        ('{"type": "move"}', "bad-message"),
        ('{"type": "move", "move": 7}', "bad-message"),
        ('{"type": "move", "move": "7r", "card": "8g"}', "bad-message"),
        ('{"type": "move", "move": "seven"}', "bad-move"),
        ('{"type": "hello", "version": 1}', "bad-message"),
    ],
)
def test_a_bad_message_gets_an_error_frame_and_changes_nothing(
    seated: tuple[TestClient, str, str, str], text: str, code: str
) -> None:
    """Malformed JSON, unknown types and fields, and moves that are not notation are refused."""
    client, table, token, _ = seated
    with opened(client, table, token) as session:
        session.send_text(text)
        error = session.receive_json()
        assert error["type"] == "error" and error["code"] == code
        assert moves_made(client, table) == 0
        session.send_json({"type": "move", "move": "pick"})  # the connection still serves
        assert session.receive_json()["rule"] == "S3"


def test_an_oversized_message_closes_the_connection_with_1009(
    seated: tuple[TestClient, str, str, str],
) -> None:
    """A message over the size limit is answered once and the connection closed (1009)."""
    client, table, token, _ = seated
    with opened(client, table, token) as session:
        session.send_text('{"type": "move", "move": "' + "7" * MAX_MESSAGE_SIZE + '"}')
        assert session.receive_json()["code"] == "too-large"
        with pytest.raises(WebSocketDisconnect) as closed:
            session.receive_json()
        assert closed.value.code == 1009
        assert moves_made(client, table) == 0


def test_a_token_moves_only_for_its_own_seat(seated: tuple[TestClient, str, str, str]) -> None:
    """Seat 1's token cannot move while seat 0 is to move, nor name seat 0 as its seat."""
    client, table, _, other = seated
    with opened(client, table, other) as session:
        session.send_json({"type": "move", "move": "up:1g,2g,3g"})
        assert session.receive_json()["code"] == "not-your-turn"
        session.send_json({"type": "move", "move": "up:1g,2g,3g", "seat": 0})
        assert session.receive_json()["code"] == "not-your-seat"
        assert moves_made(client, table) == 0


@pytest.mark.parametrize("token", ["wrong", ""])
def test_a_wrong_token_is_closed_with_4401(seated: tuple[TestClient, str, str, str], token: str) -> None:
    """A token that holds no seat at this table gets an error and close code 4401."""
    client, table, _, _ = seated
    with client.websocket_connect(f"/api/tables/{table}/play") as websocket:
        websocket.send_json(hello(token))
        assert websocket.receive_json()["code"] == "bad-token"
        with pytest.raises(WebSocketDisconnect) as closed:
            websocket.receive_json()
    assert closed.value.code == 4401


def test_a_token_of_another_table_holds_no_seat_here() -> None:
    """A token acts only at its own table."""
    with app_client() as client:
        first, invites = new_table(client, ["human", "human"])
        token = join(client, first, invites[0])
        second, _ = new_table(client, ["human", "human"])
        with client.websocket_connect(f"/api/tables/{second}/play") as websocket:
            websocket.send_json(hello(token))
            assert websocket.receive_json()["code"] == "bad-token"


@pytest.mark.parametrize(
    "first", ['{"type": "move", "move": "pick"}', '{"type": "hello", "version": 2}', "hello"]
)
def test_a_connection_that_does_not_say_hello_first_is_closed_with_4400(
    seated: tuple[TestClient, str, str, str], first: str
) -> None:
    """The first message must be a hello of this protocol version."""
    client, table, _, _ = seated
    with client.websocket_connect(f"/api/tables/{table}/play") as websocket:
        websocket.send_text(first)
        assert websocket.receive_json()["type"] == "error"
        with pytest.raises(WebSocketDisconnect) as closed:
            websocket.receive_json()
    assert closed.value.code == 4400


@pytest.mark.parametrize(
    ("first", "message"),
    [
        ('{"type": "hello"}', "hello version is missing: it must be 1, the protocol version this server speaks"),
        ('{"type": "hello", "version": null}',
         "hello version must be 1, the protocol version this server speaks, not null"),
        ('{"type": "hello", "version": "1"}',
         'hello version must be 1, the protocol version this server speaks, not "1"'),
    ],
)
def test_a_hello_without_its_version_is_told_the_field_is_missing(
    seated: tuple[TestClient, str, str, str], first: str, message: str
) -> None:
    """A field left out is named as missing; a wrong one is shown as JSON writes it."""
    client, table, _, _ = seated
    with client.websocket_connect(f"/api/tables/{table}/play") as websocket:
        websocket.send_text(first)
        assert websocket.receive_json() == {"type": "error", "code": "bad-version", "message": message}


def test_a_hello_past_the_last_frame_is_refused(seated: tuple[TestClient, str, str, str]) -> None:
    """A client cannot claim to have seen a frame that was never sent."""
    client, table, token, _ = seated
    with client.websocket_connect(f"/api/tables/{table}/play") as websocket:
        websocket.send_json(hello(token, last=5))
        assert websocket.receive_json()["code"] == "bad-message"
        with pytest.raises(WebSocketDisconnect) as closed:
            websocket.receive_json()
    assert closed.value.code == 4400


def test_a_flood_beyond_the_rate_limit_is_closed_with_4429() -> None:
    """Messages past the connection's burst close it; the table is unchanged."""
    with app_client(limits=Limits(messages_per_second=0.001, messages_burst=5)) as client:
        table, invites = new_table(client, ["human", "human"])
        with opened(client, table, join(client, table, invites[0])) as session:
            for _ in range(5):
                session.send_json({"type": "move", "move": "pick"})
                assert session.receive_json()["code"] == "illegal-move"
            session.send_json({"type": "move", "move": "pick"})
            assert session.receive_json()["code"] == "rate-limited"
            with pytest.raises(WebSocketDisconnect) as closed:
                session.receive_json()
            assert closed.value.code == 4429
            assert moves_made(client, table) == 0


def test_a_websocket_from_a_foreign_origin_is_refused() -> None:
    """A page of another origin cannot open a table's WebSocket; an allowed one can."""
    with app_client(origins=("https://cards.example",)) as client:
        table, _ = new_table(client, ["human", "human"])
        url = f"/api/tables/{table}/play"
        with pytest.raises(WebSocketDisconnect) as refused:
            with client.websocket_connect(url, headers={"origin": "https://evil.example"}):
                pass
        assert refused.value.code == 4403
        for origin in ("https://cards.example", "http://testserver"):
            with client.websocket_connect(url, headers={"origin": origin}) as websocket:
                websocket.send_json(hello())
                assert websocket.receive_json()["type"] == "welcome"


def test_cors_is_allowed_to_the_configured_origins_only() -> None:
    """The lobby answers a CORS preflight from a configured origin, and no other."""
    with app_client(cors=("https://cards.example",)) as client:
        preflight = {"access-control-request-method": "POST"}
        allowed = client.options("/api/tables", headers={"origin": "https://cards.example", **preflight})
        assert allowed.headers["access-control-allow-origin"] == "https://cards.example"
        other = client.options("/api/tables", headers={"origin": "https://evil.example", **preflight})
        assert "access-control-allow-origin" not in other.headers


@pytest.mark.parametrize(
    ("method", "path", "body", "status", "code"),
    [
        ("POST", "/api/tables", b"", 400, "bad-request"),
        ("POST", "/api/tables", b"{", 400, "bad-json"),
        ("POST", "/api/tables", b"[]", 400, "bad-request"),
        ("POST", "/api/tables", b'{"seats": ["human", "human"], "seed": 1}', 400, "bad-request"),
        ("POST", "/api/tables", b'{"seats": ["human", "human"], "rules": {"decks": 9}}', 422, "bad-rules"),
        ("POST", "/api/tables", b'{"seats": "human"}', 400, "bad-request"),
        ("POST", "/api/tables", b'{"seats": ["human", "human"], "bot_time_limit": 0}', 400, "bad-request"),
        ("POST", "/api/tables", b'{"seats": ["human", "human"], "x": ' + b"1" * 70000 + b"}", 413, "too-large"),
        ("PUT", "/api/tables", b"{}", 405, "method-not-allowed"),
        ("DELETE", "/api/tables/abc", b"", 405, "method-not-allowed"),
        ("GET", "/api/tables/abc", b"", 404, "no-such-table"),
        ("GET", "/nowhere", b"", 404, "not-found"),
        ("POST", "/api/tables/abc/join", b'{"invite": "x"}', 404, "no-such-table"),
    ],
)
def test_every_bad_request_gets_a_json_error(
    method: str, path: str, body: bytes, status: int, code: str
) -> None:
    """Each refused request has its status and a JSON error body naming the problem."""
    with app_client() as client:
        answer = client.request(method, path, content=body)
        assert answer.status_code == status
        assert answer.headers["content-type"] == "application/json"
        assert answer.json()["error"]["code"] == code


def test_a_plain_get_of_the_websocket_path_is_told_to_upgrade() -> None:
    """A client that forgot the WebSocket upgrade gets 426 Upgrade Required, not 404."""
    with app_client() as client:
        table, _ = new_table(client, ["human", "lowest"])
        answer = client.get(f"/api/tables/{table}/play")
        assert answer.status_code == 426
        assert answer.headers["upgrade"] == "websocket"
        assert answer.json() == {"error": {
            "code": "upgrade-required",
            "message": f"/api/tables/{table}/play is a WebSocket endpoint: open it as a WebSocket "
            "(ws:// or wss://), not with a plain HTTP request",
        }}


def test_a_chunked_body_is_read_whole() -> None:
    """A body sent in chunks creates the table it describes."""
    with app_client() as client:
        chunks = iter([b'{"seats": ', b'["human", ', b'"lowest"]}'])
        answer = client.post("/api/tables", content=chunks)
        assert answer.status_code == 201


def test_creating_tables_is_limited_per_client_and_evicts_no_table() -> None:
    """A client creating tables fast is refused past its burst; no table is forgotten."""
    with app_client(limits=Limits(tables_per_minute=0.001, tables_burst=3)) as client:
        first, _ = new_table(client, ["human", "human"])
        statuses = [client.post("/api/tables", json={"seats": ["human", "human"]}).status_code
                    for _ in range(200)]
        assert statuses.count(201) == 2 and statuses.count(429) == 198
        assert client.get(f"/api/tables/{first}").status_code == 200


STATIC = Path(__file__).resolve().parent.parent / "examples" / "web" / "static"


@pytest.mark.parametrize(
    ("path", "kind"),
    [("/", "text/html"), ("/app.js", "text/javascript"), ("/style.css", "text/css"), ("/texts.json", "application/json")],
)
def test_a_front_end_s_files_are_served_beside_the_api(path: str, kind: str) -> None:
    """With static, the page and its files are served at /, the API still under /api."""
    with app_client(static=STATIC) as client:
        answer = client.get(path)
        assert answer.status_code == 200 and answer.headers["content-type"].startswith(kind)
        assert client.post("/api/tables", json={"seats": ["human", "human"]}).status_code == 201


@pytest.mark.parametrize(
    ("method", "path", "status"),
    [
        ("GET", "/../server.py", 404),
        ("GET", "/%2e%2e/%2e%2e/pyproject.toml", 404),
        ("GET", "/..%2f..%2fpyproject.toml", 404),
        ("GET", "/nothing.html", 404),
        ("GET", "/api/nowhere", 404),
        ("POST", "/", 405),
        ("DELETE", "/app.js", 405),
    ],
)
def test_no_file_outside_the_front_end_is_served_and_refusals_are_json(method: str, path: str, status: int) -> None:
    """Paths that climb out of the directory, or name no file in it, and methods a file
    does not take, get a JSON error, never a file or HTML."""
    with app_client(static=STATIC) as client:
        answer = client.request(method, path)
    assert answer.status_code == status
    assert answer.headers["content-type"] == "application/json"
    assert answer.json()["error"]["code"] in ("not-found", "method-not-allowed")
