"""A bot program that breaks the bot protocol in the way its argument names, for the tests of the policies.

Run as ``python tests/protocol_bots.py BEHAVIOUR``. Until it misbehaves it
plays its first legal move.

- ``crash``: exits with status 3 at its first decision;
- ``crash-late-at-seat-0``: exits with status 3 at its first decision: after
  2 s at seat 0, at once at any other seat;
- ``crash-once FILE``: exits with status 3 at its first decision if ``FILE``
  does not exist, creating it; plays every decision when it does;
- ``hang``: never answers its first decision;
- ``garbage``: answers every decision with text that is not JSON;
- ``illegal``: answers every decision with a move that is not legal;
- ``illegal-unheard``: answers its first decision with a move that is not
  legal, and never answers the refusal;
- ``illegal-once``: answers its first decision with an illegal move, then
  writes each refusal it gets to standard error as JSON, and plays legally;
- ``flood``: answers its first decision with a line of 100,000 bytes;
- ``old``: greets speaking protocol version 0;
- ``silent``: never greets;
- ``spawns``: starts a child process that sleeps, then hangs at its first decision;
- ``slow``: takes 0.3 s for every answer.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path


def send(message: object) -> None:
    print(json.dumps(message), flush=True)


def main(behaviour: str) -> None:
    if behaviour == "silent":
        time.sleep(3600)
    send({"type": "hello", "protocol": 0 if behaviour == "old" else 1, "bot": behaviour})
    decisions = 0
    for line in sys.stdin:
        message = json.loads(line)
        if message["type"] == "bye":
            return
        if message["type"] == "refused":
            print(json.dumps(message), file=sys.stderr, flush=True)
        else:
            decisions += 1
            last_moves = message["legal_moves"]
        if behaviour == "illegal-once" and message["type"] == "refused":
            send({"type": "move", "move": last_moves[0]})
            continue
        if behaviour == "crash":
            sys.exit(3)
        if behaviour == "crash-late-at-seat-0":
            if message["observation"]["player"] == 0:
                time.sleep(2)
            sys.exit(3)
        if behaviour == "crash-once" and not Path(sys.argv[2]).exists():
            Path(sys.argv[2]).touch()
            sys.exit(3)
        if behaviour == "hang":
            time.sleep(3600)
        if behaviour == "spawns":
            subprocess.Popen([sys.executable, "-c", "import time; time.sleep(3600)"])
            time.sleep(3600)
        if behaviour == "garbage":
            print("my move is the best", flush=True)
            continue
        if behaviour == "illegal-unheard" and message["type"] == "refused":
            time.sleep(3600)
        if behaviour in ("illegal", "illegal-unheard") or (behaviour == "illegal-once" and decisions == 1):
            send({"type": "move", "move": "pick" if "pick" not in last_moves else "up:1r,1r,1r"})
            continue
        if behaviour == "flood":
            print("x" * 100_000, flush=True)
            continue
        if behaviour == "slow":
            time.sleep(0.3)
        send({"type": "move", "move": last_moves[0]})


if __name__ == "__main__":
    main(sys.argv[1])
