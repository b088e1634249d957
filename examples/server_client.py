"""A client of ``threeup3down serve``: create a table, take a seat, play it to the end.

Run the server (``threeup3down serve``), then ``python examples/server_client.py [URL]``.
It plays seat 0 against a bot, picking a random legal move from each frame, and prints
how the game ended as the server tells it: "Game over. Player 1 wins. (result: 1)".
"""

from __future__ import annotations

import json
import random
import sys
from urllib.request import Request, urlopen

from websockets.sync.client import connect


def post(url: str, body: dict[str, object]) -> dict[str, object]:
    request = Request(url, json.dumps(body).encode(), {"content-type": "application/json"})
    with urlopen(request) as answer:
        result: dict[str, object] = json.loads(answer.read())
        return result


def play(server: str = "http://127.0.0.1:8000", seed: int = 1) -> tuple[str, str]:
    """Play one game as seat 0 against the heuristic bot; return its result and
    the server's sentence telling it ("Game over. Player 1 wins.")."""
    table = post(f"{server}/api/tables", {"seats": ["human", "heuristic"]})
    invites = table["invites"]
    assert isinstance(invites, list)
    seat = post(f"{server}/api/tables/{table['table']}/join", {"invite": invites[0]})
    rng = random.Random(seed)
    with connect(server.replace("http", "ws", 1) + f"/api/tables/{table['table']}/play") as ws:
        ws.send(json.dumps({"type": "hello", "version": 1, "token": seat["token"], "locale": "en"}))
        while True:
            message = json.loads(ws.recv())
            if message["type"] == "frame" and message["result"] != "*":
                return str(message["result"]), str(message["told"][-1])
            if message["type"] == "frame" and message["moves"]:
                ws.send(json.dumps({"type": "move", "move": rng.choice(message["moves"])}))


if __name__ == "__main__":
    result, told = play(sys.argv[1] if len(sys.argv) > 1 else "http://127.0.0.1:8000")
    print(f"{told} (result: {result})")
