"""Two server processes sharing one PostgreSQL: a move made through one reaches the other's
clients, and a seat out of time gets one move made for it."""

from __future__ import annotations

import json
import random
from typing import Any

from tests.extras import require

require("uvicorn", "server")
require("psycopg", "postgres")
require("websockets", "server")

from tests.server_support import ServerProcess, http_json  # noqa: E402
from tests.test_server_process import connect  # noqa: E402
from threeup3down import Rules, apply, new_game, parse_move  # noqa: E402
from threeup3down.bots import LowestCardBot  # noqa: E402
from threeup3down.bots.protocol import decide  # noqa: E402
from threeup3down.server.store import open_store  # noqa: E402


def next_frame(websocket: Any) -> dict[str, Any]:
    message: dict[str, Any] = json.loads(websocket.recv(timeout=60))
    assert message["type"] == "frame", message
    return message


def test_a_move_through_one_process_reaches_a_client_of_the_other(postgres_url: str) -> None:
    """Seat 0 plays through process A, seat 1 through process B: each sees every move,
    the other's included, numbered alike, until the game ends."""
    from tests.postgres_support import fresh_database

    database = fresh_database(postgres_url)
    with ServerProcess(database) as first, ServerProcess(database) as second:
        _, created = http_json("POST", f"{first.url}/api/tables", {"seats": ["human", "human"]})
        table = created["table"]
        _, zero = http_json("POST", f"{first.url}/api/tables/{table}/join", {"invite": created["invites"][0]})
        _, one = http_json("POST", f"{second.url}/api/tables/{table}/join", {"invite": created["invites"][1]})
        rng = random.Random(9)
        with connect(first, table, zero["token"]) as a, connect(second, table, one["token"]) as b:
            frames = {0: [next_frame(a)], 1: [next_frame(b)]}
            sockets = {0: a, 1: b}
            while frames[0][-1]["result"] == "*" and len(frames[0]) < 80:
                mover = 0 if frames[0][-1]["moves"] else 1
                sockets[mover].send(json.dumps(
                    {"type": "move", "move": rng.choice(frames[mover][-1]["moves"])}
                ))
                for seat in (0, 1):
                    frames[seat].append(next_frame(sockets[seat]))
    numbers = [frame["n"] for frame in frames[0]]
    assert numbers == list(range(len(numbers))) == [frame["n"] for frame in frames[1]]
    assert len(numbers) > 10
    for mine, theirs in zip(frames[0], frames[1]):
        assert mine["view"]["discard_pile"] == theirs["view"]["discard_pile"]
        assert mine["view"]["current_player"] == theirs["view"]["current_player"]


def test_two_processes_make_one_move_for_a_seat_out_of_time(postgres_url: str) -> None:
    """Both processes watch the clock of a seat out of time; the fallback bot's move is
    made once, and both show the same frames: every move the lowest bot's, as neither
    person moves."""
    from tests.postgres_support import fresh_database

    database = fresh_database(postgres_url)
    clock = {"per_move": 0.2, "on_timeout": "lowest"}
    with ServerProcess(database) as first, ServerProcess(database) as second:
        _, created = http_json("POST", f"{first.url}/api/tables", {"seats": ["human", "human"], "clock": clock})
        table = created["table"]
        http_json("POST", f"{first.url}/api/tables/{table}/join", {"invite": created["invites"][0]})
        with connect(first, table, None) as a, connect(second, table, None) as b:
            http_json("POST", f"{second.url}/api/tables/{table}/join", {"invite": created["invites"][1]})
            seen = {"a": frames_up_to(a, 6), "b": frames_up_to(b, 6)}
    store = open_store(database)
    stored = store.load_table(table)
    store.close()
    assert stored is not None
    state = new_game(Rules(players=2), seed=stored.seed)
    for move in stored.moves[:6]:
        assert move == str(decide(LowestCardBot(), state, random.Random(0)))
        state = apply(state, parse_move(move))
    for frames in seen.values():
        assert [frame["n"] for frame in frames] == list(range(7))
    assert [frame["view"] for frame in seen["a"]] == [frame["view"] for frame in seen["b"]]


def frames_up_to(websocket: Any, last: int) -> list[dict[str, Any]]:
    """The frames 0 to ``last`` a client is sent (other messages left out)."""
    frames: list[dict[str, Any]] = []
    while not frames or frames[-1]["n"] < last:
        message: dict[str, Any] = json.loads(websocket.recv(timeout=60))
        if message["type"] == "frame":
            frames.append(message)
    return frames
