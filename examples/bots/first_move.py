"""A bot for the threeup3down arena in Python, standard library only: it plays its first legal move.

It speaks the bot protocol (threeup3down.arena.protocol): a hello line, then one
answer for each decide message, until bye or the end of its input. Run it in a
tournament with::

    threeup3down arena --bot "first=python3 examples/bots/first_move.py" --bot random --players 2 --games 20
"""

import json
import sys


def main() -> None:
    print(json.dumps({"type": "hello", "protocol": 1, "bot": "first-move"}), flush=True)
    for line in sys.stdin:
        message = json.loads(line)
        if message["type"] == "bye":
            break
        if message["type"] == "decide":
            move = message["legal_moves"][0]
            print(json.dumps({"type": "move", "move": move}), flush=True)


if __name__ == "__main__":
    main()
