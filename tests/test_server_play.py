"""The table server in play: the lobby, frames to seats and spectators, reconnection, bots."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

from tests.extras import require

require("starlette", "server")
require("httpx2", "test")
jsonschema = require("jsonschema", "test")

from starlette.websockets import WebSocketDisconnect  # noqa: E402

from tests.server_support import SEED, app_client, hello, join, new_table, play_through  # noqa: E402
from threeup3down import GameRecord, Rules, new_game, parse_move, replay  # noqa: E402
from threeup3down.formats.records import game_result  # noqa: E402
from threeup3down.formats.serialization import RECORD, json_schema  # noqa: E402
from threeup3down.server.frames import frames_after  # noqa: E402
from threeup3down.server.protocol import protocol_schema  # noqa: E402
from threeup3down.server.store import open_store  # noqa: E402

SCHEMA = protocol_schema()
DOCUMENTS = jsonschema.Draft202012Validator(json_schema())
_VALIDATORS: dict[str, Any] = {}


def check(message: object, definition: str) -> None:
    """``message`` is valid by the protocol schema's ``definition``."""
    validator = _VALIDATORS.get(definition)
    if validator is None:
        schema = {**SCHEMA, "oneOf": [{"$ref": f"#/$defs/{definition}"}]}
        validator = _VALIDATORS[definition] = jsonschema.Draft202012Validator(schema)
    validator.validate(message)


def check_frame(frame: dict[str, Any]) -> None:
    """A frame, and the observation document it carries for a seat, are valid by their schemas."""
    check(frame, "frame")
    if "player" in frame["view"]:
        DOCUMENTS.validate(frame["view"])


def test_a_table_is_created_with_an_invite_for_each_human_seat() -> None:
    """POST /api/tables: an invite per human seat, none for a bot's; GET tells who sits where."""
    with app_client() as client:
        answer = client.post("/api/tables", json={"seats": ["human", "lowest", "human"]})
        assert answer.status_code == 201
        check(answer.json(), "table-created")
        table, invites = answer.json()["table"], answer.json()["invites"]
        assert [invite is None for invite in invites] == [False, True, False]
        summary = client.get(f"/api/tables/{table}").json()
        check(summary, "table")
        assert summary == {
            "table": table, "players": ["human", "lowest", "human"],
            "joined": [False, True, False], "moves": 0, "result": "*", "clock": None,
        }


def test_an_invite_gives_its_seat_s_token_once() -> None:
    """Joining takes the invite's seat; the invite then is spent, and a wrong one gets nothing."""
    with app_client() as client:
        table, invites = new_table(client, ["human", "human"])
        answer = client.post(f"/api/tables/{table}/join", json={"invite": invites[1]})
        check(answer.json(), "joined")
        assert answer.json()["seat"] == 1
        again = client.post(f"/api/tables/{table}/join", json={"invite": invites[1]})
        assert again.status_code == 409 and again.json()["error"]["code"] == "seat-taken"
        wrong = client.post(f"/api/tables/{table}/join", json={"invite": "not-an-invite"})
        assert wrong.status_code == 403 and wrong.json()["error"]["code"] == "bad-invite"
        check(wrong.json(), "http-error")
        assert client.get(f"/api/tables/{table}").json()["joined"] == [False, True]


def test_a_seat_plays_a_whole_game_against_bots_and_its_record_replays(store_url: str) -> None:
    """Frames 0, 1, 2, ... follow every move; the last gives the result, and the record,
    published then, replays the game to it (SQLite and PostgreSQL)."""
    with app_client(open_store(store_url)) as client:
        table, invites = new_table(client, ["human", "lowest", "heuristic"])
        token = join(client, table, invites[0])
        with client.websocket_connect(f"/api/tables/{table}/play") as websocket:
            websocket.send_json(hello(token))
            welcome = websocket.receive_json()
            check(welcome, "welcome")
            assert welcome["seat"] == 0 and welcome["players"] == ["human", "lowest", "heuristic"]
            frames = play_through(websocket, random.Random(1))
        assert [frame["n"] for frame in frames] == list(range(len(frames)))
        for frame in frames:
            check_frame(frame)
        answer = client.get(f"/api/tables/{table}/record")
        record = RECORD.from_dict(answer.json())
        assert record.seed == SEED and len(record.moves) == frames[-1]["n"]
        assert game_result(replay(record)[-1]) == frames[-1]["result"] == record.result
        assert client.get(f"/api/tables/{table}").json()["result"] == record.result


def test_frames_are_the_seat_s_views_of_the_game_only() -> None:
    """Every frame a seat is sent is the one frames_after makes from the stored game for it."""
    with app_client() as client:
        table, invites = new_table(client, ["human", "random"])
        token = join(client, table, invites[0])
        with client.websocket_connect(f"/api/tables/{table}/play") as websocket:
            websocket.send_json(hello(token, svg=True))
            websocket.receive_json()
            frames = play_through(websocket, random.Random(2))
        record = RECORD.from_dict(client.get(f"/api/tables/{table}/record").json())
        deal = new_game(record.rules, seed=record.seed)
        assert frames == list(frames_after(deal, record.moves, 0, None, svg=True))


def test_a_refused_move_gets_its_rule_and_changes_nothing() -> None:
    """An illegal move is answered with an error naming the rule (S3 here); the table is unchanged."""
    with app_client() as client:
        table, invites = new_table(client, ["human", "human"])
        token = join(client, table, invites[0])
        with client.websocket_connect(f"/api/tables/{table}/play") as websocket:
            websocket.send_json(hello(token))
            websocket.receive_json()
            first = websocket.receive_json()
            websocket.send_json({"type": "move", "move": "pick"})
            error = websocket.receive_json()
            check(error, "error")
            assert error["code"] == "illegal-move" and error["rule"] == "S3"
            assert client.get(f"/api/tables/{table}").json()["moves"] == 0
            websocket.send_json({"type": "move", "move": first["moves"][0]})
            assert websocket.receive_json()["n"] == 1


def test_a_spectator_is_shown_the_public_view_and_makes_no_move() -> None:
    """Without a token a client watches: no hand, no legal moves, and its moves are refused."""
    with app_client() as client:
        table, _ = new_table(client, ["lowest", "lowest"])
        with client.websocket_connect(f"/api/tables/{table}/play") as websocket:
            websocket.send_json(hello(svg=True))
            assert websocket.receive_json()["seat"] is None
            frames: list[dict[str, Any]] = []
            while not frames or frames[-1]["result"] == "*":
                frames.append(websocket.receive_json())
            websocket.send_json({"type": "move", "move": "pick"})
            assert websocket.receive_json()["code"] == "spectator"
        for frame in frames:
            check_frame(frame)
            assert "hand" not in frame["view"] and "player" not in frame["view"]
            assert frame["moves"] == [] and "a spectator sees" in frame["svg"]
        record = RECORD.from_dict(client.get(f"/api/tables/{table}/record").json())
        deal = new_game(record.rules, seed=record.seed)
        assert frames == list(frames_after(deal, record.moves, None, None, svg=True))


def test_a_client_that_reconnects_gets_exactly_the_frames_it_missed(store_url: str) -> None:
    """With the last number it saw, a client is sent every later frame once, in order
    (SQLite and PostgreSQL)."""
    with app_client(open_store(store_url)) as client:
        table, invites = new_table(client, ["human", "lowest"])
        token = join(client, table, invites[0])
        rng = random.Random(3)
        with client.websocket_connect(f"/api/tables/{table}/play") as watcher:
            watcher.send_json(hello())
            watcher.receive_json()
            seen = [watcher.receive_json()]
        with client.websocket_connect(f"/api/tables/{table}/play") as websocket:
            websocket.send_json(hello(token))
            websocket.receive_json()
            for _ in range(6):  # six moves of seat 0, and the bot's answers
                frame = websocket.receive_json()
                while not frame["moves"]:
                    frame = websocket.receive_json()
                websocket.send_json({"type": "move", "move": rng.choice(frame["moves"])})
            frame = websocket.receive_json()
            while not frame["moves"]:  # the bot answers on a thread of its own: wait for seat 0's turn
                frame = websocket.receive_json()
            made = client.get(f"/api/tables/{table}").json()["moves"]
        with client.websocket_connect(f"/api/tables/{table}/play") as watcher:
            watcher.send_json(hello(last=seen[-1]["n"]))
            watcher.receive_json()
            missed = [watcher.receive_json() for _ in range(made)]
            watcher.send_json({"type": "shout"})  # its answer comes after any frame still queued
            assert watcher.receive_json()["code"] == "unknown-type"
        with client.websocket_connect(f"/api/tables/{table}/play") as fresh:
            fresh.send_json(hello())
            fresh.receive_json()
            every = [fresh.receive_json() for _ in range(made + 1)]
        assert seen + missed == every
        assert [frame["n"] for frame in every] == list(range(made + 1))


def test_a_bot_out_of_time_is_replaced_for_its_move() -> None:
    """A bot that thinks past the table's limit gets a legal move made for it, and play goes on."""
    with app_client() as client:
        table, invites = new_table(client, ["human", "ismcts:20000"], bot_time_limit=0.001)
        token = join(client, table, invites[0])
        with client.websocket_connect(f"/api/tables/{table}/play") as websocket:
            websocket.send_json(hello(token))
            websocket.receive_json()
            frame = websocket.receive_json()
            websocket.send_json({"type": "move", "move": frame["moves"][0]})
            assert websocket.receive_json()["n"] == 1
            after_bot = websocket.receive_json()
        assert after_bot["n"] == 2 and after_bot["events"][0]["player"] == 1
        assert client.get(f"/api/tables/{table}").json()["moves"] == 2


def test_rules_are_taken_with_every_option() -> None:
    """The rules object holds any field of a rules document; players defaults to the seat count."""
    with app_client() as client:
        table, _ = new_table(client, ["lowest", "lowest", "lowest"], rules={"reverse_on_one": True, "turn_limit": 40})
        with client.websocket_connect(f"/api/tables/{table}/play") as websocket:
            websocket.send_json(hello())
            websocket.receive_json()
            view = websocket.receive_json()["view"]
        assert view["rules"]["players"] == 3 and view["rules"]["reverse_on_one"] is True
        assert view["rules"]["turn_limit"] == 40


@pytest.mark.parametrize("seats", [["human"], ["human", "genius"], []])
def test_a_table_the_server_cannot_seat_is_refused(seats: list[str]) -> None:
    """Too few seats, or an unknown bot, are refused with a JSON error naming the problem."""
    with app_client() as client:
        answer = client.post("/api/tables", json={"seats": seats})
        assert answer.status_code in (400, 422)
        check(answer.json(), "http-error")


def test_a_websocket_for_no_table_is_closed_with_4404() -> None:
    """An unknown table gets an error and close code 4404."""
    with app_client() as client:
        with client.websocket_connect("/api/tables/nothing/play") as websocket:
            websocket.send_json(hello())
            assert websocket.receive_json()["code"] == "no-such-table"
            with pytest.raises(WebSocketDisconnect) as closed:
                websocket.receive_json()
        assert closed.value.code == 4404


def test_the_record_of_a_game_in_play_is_not_published() -> None:
    """Until the game ends, its record (and so its seed) is refused with 409."""
    with app_client() as client:
        table, _ = new_table(client, ["human", "human"])
        answer = client.get(f"/api/tables/{table}/record")
        assert answer.status_code == 409 and answer.json()["error"]["code"] == "in-play"


def test_moves_are_stored_in_move_notation_as_a_record_holds_them() -> None:
    """The move log reads back as the moves the engine applied."""
    with app_client() as client:
        table, invites = new_table(client, ["human", "lowest"])
        token = join(client, table, invites[0])
        with client.websocket_connect(f"/api/tables/{table}/play") as websocket:
            websocket.send_json(hello(token))
            websocket.receive_json()
            play_through(websocket, random.Random(4))
        stored = client.app.state.hub.store.load_table(table)  # type: ignore[attr-defined]
    record = GameRecord(rules=Rules(players=2), seed=SEED, moves=tuple(map(parse_move, stored.moves)))
    assert game_result(replay(record)[-1]) == stored.result


def test_an_abandoned_table_expires_and_a_finished_one_stays(store_url: str) -> None:
    """A table in play unchanged for longer than the expiry time is deleted, its clients
    told (4404); a finished table stays readable as a game record."""
    with app_client(open_store(store_url), expire_after=3600.0) as client:
        finished, _ = new_table(client, ["lowest", "lowest"])
        abandoned, invites = new_table(client, ["human", "human"])
        token = join(client, abandoned, invites[0])
        with client.websocket_connect(f"/api/tables/{finished}/play") as watcher:
            watcher.send_json(hello())
            watcher.receive_json()
            while watcher.receive_json()["result"] == "*":
                pass
        hub = client.app.state.hub  # type: ignore[attr-defined]
        with client.websocket_connect(f"/api/tables/{abandoned}/play") as websocket:
            websocket.send_json(hello(token))
            websocket.receive_json()
            websocket.receive_json()
            assert client.portal.call(hub.expire) == []  # type: ignore[union-attr]
            later = time.time() + 7200
            assert client.portal.call(hub.expire, later) == [abandoned]  # type: ignore[union-attr]
            assert websocket.receive_json()["code"] == "no-such-table"
            with pytest.raises(WebSocketDisconnect) as closed:
                websocket.receive_json()
        assert closed.value.code == 4404
        assert client.get(f"/api/tables/{abandoned}").status_code == 404
        assert client.get(f"/api/tables/{finished}/record").status_code == 200
