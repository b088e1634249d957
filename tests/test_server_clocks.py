"""Clocks at the table server: the fallback bot's move on a timeout, the bank, the forfeit,
a restart, and the settings refused."""

from __future__ import annotations

import concurrent.futures
import random
from typing import Any

import pytest

from tests.extras import require

require("starlette", "server")
require("httpx2", "test")

from starlette.testclient import TestClient  # noqa: E402

from tests.server_support import SEED, app_client, hello, join, new_table  # noqa: E402
from tests.test_server_play import check, check_frame  # noqa: E402
from threeup3down import Rules, apply, legal_moves, new_game, parse_move, replay  # noqa: E402
from threeup3down.bots import LowestCardBot  # noqa: E402
from threeup3down.bots.protocol import decide  # noqa: E402
from threeup3down.formats.serialization import RECORD  # noqa: E402
from threeup3down.server.store import open_store  # noqa: E402

START = 1_000_000.0
"""The time the tests' own clock starts at (seconds since the epoch)."""


class Now:
    """A clock the test sets: the hub's ``now``."""

    def __init__(self) -> None:
        self.time = START

    def __call__(self) -> float:
        return self.time


def until(websocket: Any, wanted: Any) -> list[dict[str, Any]]:
    """Every message received until one for which ``wanted`` is true (that one last),
    each checked against the protocol schema."""
    messages: list[dict[str, Any]] = []
    while not messages or not wanted(messages[-1]):
        message = websocket.receive_json()
        if message["type"] == "frame":
            check_frame(message)
        else:
            check(message, message["type"])
        messages.append(message)
    return messages


def frame(number: int) -> Any:
    return lambda message: message["type"] == "frame" and message["n"] == number


def stored_moves(client: TestClient, table: str) -> tuple[str, ...]:
    stored = client.app.state.hub.store.load_table(table)  # type: ignore[attr-defined]
    assert stored is not None
    return tuple(stored.moves)


def lowest_after(*moves: str) -> str:
    """The lowest-card bot's move after ``moves`` in the tests' deal of two players."""
    state = new_game(Rules(players=2), seed=SEED)
    for move in moves:
        state = apply(state, parse_move(move))
    return str(decide(LowestCardBot(), state, random.Random(0)))


CLOCK = {"per_move": 10, "bank": 30, "on_timeout": "lowest"}


def test_a_seat_out_of_time_gets_its_fallback_bot_s_move(store_url: str) -> None:
    """A person who does not move within the time per move and the bank has the clock's
    fallback bot move for them; the bank is then spent (SQLite and PostgreSQL)."""
    clock = {"per_move": 0.05, "bank": 0.05, "on_timeout": "lowest"}
    with app_client(open_store(store_url)) as client:
        table, invites = new_table(client, ["human", "lowest"], clock=clock)
        token = join(client, table, invites[0])
        with client.websocket_connect(f"/api/tables/{table}/play") as websocket:
            websocket.send_json(hello(token))
            welcome = websocket.receive_json()
            check(welcome, "welcome")
            assert welcome["clock"] == {"per_move": 0.05, "bank": 0.05, "on_timeout": "lowest"}
            frames = [message for message in until(websocket, frame(1)) if message["type"] == "frame"]
        assert frames[0]["clock"]["running"] == 0
        assert frames[-1]["events"][0]["player"] == 0
        assert frames[-1]["clock"] == {"seats": [{"move": 0.05, "bank": 0.0}, None], "running": None}
        assert stored_moves(client, table)[0] == lowest_after()


def test_the_bank_pays_for_the_time_past_each_move_and_a_late_move_is_refused() -> None:
    """25 s on a move of 10 s per move takes 15 s from the bank; past the per-move time
    and the whole bank, a seat's own move is refused and its fallback moves for it."""
    now = Now()
    with app_client(now=now) as client:
        table, invites = new_table(client, ["human", "human"], clock=CLOCK)
        zero = join(client, table, invites[0])
        join(client, table, invites[1])
        hub = client.app.state.hub  # type: ignore[attr-defined]
        with client.websocket_connect(f"/api/tables/{table}/play") as websocket:
            websocket.send_json(hello(zero))
            websocket.receive_json()
            first = until(websocket, frame(0))[-1]
            assert first["clock"] == {
                "seats": [{"move": 10.0, "bank": 30.0}, {"move": 10.0, "bank": 30.0}], "running": 0,
            }
            now.time = START + 25
            websocket.send_json({"type": "move", "move": first["moves"][0]})
            second = until(websocket, frame(1))[-1]
            assert second["clock"] == {
                "seats": [{"move": 10.0, "bank": 15.0}, {"move": 10.0, "bank": 30.0}], "running": 1,
            }
            now.time = START + 25 + 39
            assert client.portal.call(hub.time_out) == []  # type: ignore[union-attr]
            now.time = START + 25 + 40
            assert client.portal.call(hub.time_out) == [table]  # type: ignore[union-attr]
            third = until(websocket, frame(2))[-1]
            assert third["clock"]["seats"] == [{"move": 10.0, "bank": 15.0}, {"move": 10.0, "bank": 0.0}]
            now.time += 10 + 15 + 1
            websocket.send_json({"type": "move", "move": third["moves"][0]})
            refused = until(websocket, lambda message: message["type"] == "error")[-1]
            assert refused["code"] == "out-of-time"
        assert stored_moves(client, table)[1] == lowest_after(stored_moves(client, table)[0])
        assert len(stored_moves(client, table)) == 2


def test_a_forfeit_ends_the_table_with_the_seat_last_and_its_record_replays(store_url: str) -> None:
    """With "forfeit", a seat out of time ends the table: every client is told, the table's
    result is "forfeit SEAT", no move is taken after it, and the record replays the moves
    made until then (SQLite and PostgreSQL)."""
    now = Now()
    with app_client(open_store(store_url), now=now) as client:
        table, invites = new_table(client, ["human", "human"], clock={"per_move": 5, "on_timeout": "forfeit"})
        zero = join(client, table, invites[0])
        one = join(client, table, invites[1])
        hub = client.app.state.hub  # type: ignore[attr-defined]
        with client.websocket_connect(f"/api/tables/{table}/play") as websocket:
            websocket.send_json(hello(zero))
            websocket.receive_json()
            first = until(websocket, frame(0))[-1]
            now.time = START + 4
            websocket.send_json({"type": "move", "move": first["moves"][0]})
            until(websocket, frame(1))
            now.time = START + 4 + 5
            assert client.portal.call(hub.time_out) == [table]  # type: ignore[union-attr]
            told = until(websocket, lambda message: message["type"] == "forfeit")
            assert told[-1] == {"type": "forfeit", "seat": 1, "n": 1, "result": "forfeit 1"}
            assert told[0] == {"type": "clock", "n": 1, "running": None,
                               "seats": [{"move": 5.0, "bank": 0.0}, {"move": 5.0, "bank": 0.0}]}
        with client.websocket_connect(f"/api/tables/{table}/play") as again:
            again.send_json(hello(one))
            again.receive_json()
            assert until(again, lambda message: message["type"] == "forfeit")[-1]["seat"] == 1
            again.send_json({"type": "move", "move": str(legal_moves(replay_moves(client, table))[0])})
            assert again.receive_json()["code"] == "game-over"
        summary = client.get(f"/api/tables/{table}").json()
        check(summary, "table")
        assert summary["result"] == "forfeit 1" and summary["moves"] == 1
        record = RECORD.from_dict(client.get(f"/api/tables/{table}/record").json())
        assert record.result == "forfeit 1" and len(replay(record)) == 2
        assert hub.store.table_ids(unfinished=True) == []


def replay_moves(client: TestClient, table: str) -> Any:
    """The state after the table's stored moves."""
    state = new_game(Rules(players=2), seed=SEED)
    for move in stored_moves(client, table):
        state = apply(state, parse_move(move))
    return state


def test_a_restart_keeps_each_seat_s_clock_and_two_servers_time_out_once(store_url: str) -> None:
    """A server started again on the store counts from the stored times, not afresh; two
    servers on one store that both see the seat out of time make one move for it
    (SQLite and PostgreSQL)."""
    now = Now()
    with app_client(open_store(store_url), now=now) as client:
        table, invites = new_table(client, ["human", "human"], clock=CLOCK)
        zero = join(client, table, invites[0])
        join(client, table, invites[1])
        with client.websocket_connect(f"/api/tables/{table}/play") as websocket:
            websocket.send_json(hello(zero))
            websocket.receive_json()
            first = until(websocket, frame(0))[-1]
            now.time = START + 25
            websocket.send_json({"type": "move", "move": first["moves"][0]})
            until(websocket, frame(1))
    now.time = START + 30
    with app_client(open_store(store_url), now=now) as one, app_client(open_store(store_url), now=now) as two:
        with one.websocket_connect(f"/api/tables/{table}/play") as watcher:
            watcher.send_json(hello())
            watcher.receive_json()
            second = until(watcher, frame(1))[-1]
        assert second["clock"] == {
            "seats": [{"move": 10.0, "bank": 15.0}, {"move": 5.0, "bank": 30.0}], "running": 1,
        }
        with one.websocket_connect(f"/api/tables/{table}/play") as back:  # it saw every frame
            back.send_json(hello(last=1))
            back.receive_json()
            assert until(back, lambda message: True) == [{"type": "clock", "n": 1, **second["clock"]}]
        hubs = [one.app.state.hub, two.app.state.hub]  # type: ignore[attr-defined]
        portals = [one.portal, two.portal]
        for portal, hub in zip(portals, hubs):
            portal.call(hub.get, table)  # type: ignore[union-attr]
        now.time = START + 25 + 39
        assert [portal.call(hub.time_out) for portal, hub in zip(portals, hubs)] == [[], []]  # type: ignore[union-attr]
        now.time = START + 25 + 40
        with concurrent.futures.ThreadPoolExecutor(2) as both:
            done = list(both.map(lambda pair: pair[0].call(pair[1].time_out), zip(portals, hubs)))
        assert [table] in done and all(acted in ([], [table]) for acted in done)  # one may hear of the other's move first
        moves = stored_moves(one, table)
        assert len(moves) == 2 and moves[1] == lowest_after(moves[0])


@pytest.mark.parametrize(
    ("clock", "words"),
    [
        ("fast", "clock must be an object"),
        ({"bank": 5, "on_timeout": "lowest"}, "per_move is missing"),
        ({"per_move": 0, "on_timeout": "lowest"}, "per_move must be a number of seconds, above 0"),
        ({"per_move": -1, "on_timeout": "lowest"}, "per_move must be"),
        ({"per_move": True, "on_timeout": "lowest"}, "per_move must be"),
        ({"per_move": "10", "on_timeout": "lowest"}, "per_move must be"),
        ({"per_move": 86401, "on_timeout": "lowest"}, "at most 86400"),
        ({"per_move": 10, "bank": -1, "on_timeout": "lowest"}, "bank must be a number of seconds, from 0"),
        ({"per_move": 10}, 'clock on_timeout is missing: it must be "forfeit" or the name of a bot'),
        ({"per_move": 10, "on_timeout": None}, 'clock on_timeout must be "forfeit" or the name of a bot, not null'),
        ({"on_timeout": "lowest"}, "clock per_move is missing: it must be a number of seconds, above 0 and at most 86400"),
        ({"per_move": 10, "on_timeout": "genius"}, "'genius' is neither"),
        ({"per_move": 10, "on_timeout": "forfeit", "increment": 2}, "unknown field 'increment'"),
    ],
)
def test_a_clock_the_server_cannot_keep_is_refused(clock: object, words: str) -> None:
    """Every field of a clock is checked: a bad one gets a 400 ``bad-clock`` naming it."""
    with app_client() as client:
        answer = client.post("/api/tables", json={"seats": ["human", "lowest"], "clock": clock})
        check(answer.json(), "http-error")
        assert answer.status_code == 400 and answer.json()["error"]["code"] == "bad-clock"
        assert words in answer.json()["error"]["message"]


def test_a_clock_at_a_table_of_bots_only_is_refused() -> None:
    """A clock times people's seats: a table with none is refused."""
    with app_client() as client:
        answer = client.post("/api/tables", json={"seats": ["lowest", "lowest"], "clock": CLOCK})
        assert answer.status_code == 400 and answer.json()["error"]["code"] == "bad-clock"


def test_an_untimed_table_tells_no_clock() -> None:
    """Without a clock, frames carry none, and the table's summary and welcome say null."""
    with app_client() as client:
        table, invites = new_table(client, ["human", "human"])
        token = join(client, table, invites[0])
        with client.websocket_connect(f"/api/tables/{table}/play") as websocket:
            websocket.send_json(hello(token))
            assert websocket.receive_json()["clock"] is None
            assert "clock" not in websocket.receive_json()
        assert client.get(f"/api/tables/{table}").json()["clock"] is None


def test_a_join_through_another_server_starts_the_clock_here(postgres_url: str) -> None:
    """Two servers on one PostgreSQL: the last seat joined through the second starts the
    clock in the first too (the join is announced), whose clients are told it runs."""
    from tests.postgres_support import fresh_database

    require("psycopg", "postgres")
    database = fresh_database(postgres_url)
    now = Now()
    with app_client(open_store(database), now=now) as one, app_client(open_store(database), now=now) as two:
        table, invites = new_table(one, ["human", "human"], clock=CLOCK)
        join(one, table, invites[0])
        with one.websocket_connect(f"/api/tables/{table}/play") as watcher:
            watcher.send_json(hello())
            watcher.receive_json()
            assert until(watcher, frame(0))[-1]["clock"]["running"] is None
            join(two, table, invites[1])
            told = until(watcher, lambda message: message["type"] == "clock")[-1]
        assert told == {"type": "clock", "n": 0, "running": 0,
                        "seats": [{"move": 10.0, "bank": 30.0}, {"move": 10.0, "bank": 30.0}]}
        hub = one.app.state.hub  # type: ignore[attr-defined]
        table_here = one.portal.call(hub.get, table)  # type: ignore[union-attr]
        assert table_here.deadline() == START + 10 + 30
