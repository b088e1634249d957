"""Speed of the readers against the size of their input: linear, up to a bound.

For every reader of untrusted text it prints, for inputs of 1 KB to 4 MB,
the time to read them and the time per kilobyte; a flat last column is a
linear reader. The inputs are the shapes that once made a reader slower
than linear, and an ordinary long input:

* ``from_json``: one object with many keys and a repeated key at its end
  (the duplicate-key check), and a state document padded with spaces;
* ``parse_position``: runs of spaces between the fields;
* ``parse_record``: many tag lines, and a record with many moves;
* ``legal_moves`` under O7: a hand of *n* identical cards (colours matter,
  so plays are listed by how many copies they take).

Inputs larger than :data:`~threeup3down.core.limits.MAX_INPUT_SIZE` are read with
a raised ``max_size``; each reader stops at its first error, which is timed
as well (the figures measure reading, not the error).

Run ``python benchmarks/readers.py [--largest BYTES] [--rounds N]``.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

from threeup3down import GameState, Rules, ThreeUpError, legal_moves, new_game, parse_cards
from threeup3down.core.state import parse_position
from threeup3down.formats.record_text import parse_record
from threeup3down.formats.serialization import from_json, to_json

__all__ = ["INPUTS", "measure"]

_UNBOUNDED = 1 << 40


def _json_keys(size: int) -> str:
    keys = ",".join(f'"k{n}": 1' for n in range(max(1, size // 10)))
    return "{" + keys + ', "k0": 2}'


def _json_state(size: int) -> str:
    text = to_json(new_game(Rules(players=2), seed=1))
    return text[:-1] + " " * max(0, size - len(text)) + "}"


def _position_spaces(size: int) -> str:
    return "play" + " " * size + "0 x"


def _record_tags(size: int) -> str:
    return '[Format "threeup3down/record"]\n' + "".join(
        f'[Tag{n} "x"]\n' for n in range(max(1, size // 12))
    )


def _record_moves(size: int) -> str:
    head = '[Format "threeup3down/record"]\n[Version "1"]\n[Rules "players=2"]\n[Seed "1"]\n\n'
    return head + " ".join(["7r", "8g,8b", "v0", "pick"] * max(1, size // 12))


def _read_json(text: str) -> object:
    return from_json(text, max_size=_UNBOUNDED)


def _read_position(text: str) -> object:
    return parse_position(text, Rules(players=2), max_size=_UNBOUNDED)


def _read_record(text: str) -> object:
    return parse_record(text, max_size=_UNBOUNDED)


INPUTS: dict[str, tuple[Callable[[int], str], Callable[[str], object]]] = {
    "from_json, many keys": (_json_keys, _read_json),
    "from_json, padded state": (_json_state, _read_json),
    "parse_position, spaces": (_position_spaces, _read_position),
    "parse_record, tag lines": (_record_tags, _read_record),
    "parse_record, moves": (_record_moves, _read_record),
}
"""Each input shape: how to make text of a given size, and the reader that reads it."""


def measure(make: Callable[[int], str], read: Callable[[str], object], size: int, rounds: int) -> float:
    """The best of ``rounds`` times (seconds) that ``read`` takes on ``make(size)``."""
    text = make(size)
    best = float("inf")
    for _ in range(rounds):
        start = time.perf_counter()
        try:
            read(text)
        except ThreeUpError:
            pass
        best = min(best, time.perf_counter() - start)
    return best


def _identical_copies(copies: int) -> GameState:
    """O7 on: seat 0 holds ``copies`` green 5s over an empty pile."""
    cards = parse_cards(",".join(["5g"] * copies + ["6r"] * 9 + ["7b"] * 9))
    rules = Rules(players=2, same_colour_swap=True, turn_limit=None, custom_cards=cards)
    hand = ",".join(["5g"] * copies)
    return GameState.from_notation(f"play 0 {hand}|-|-/6r,6r,6r|-|- - - *", rules)


def main() -> None:
    """Print the table of sizes and times."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--largest", type=int, default=4 << 20, help="the largest input, in bytes")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    sizes = []
    size = 1 << 10
    while size <= args.largest:
        sizes.append(size)
        size *= 4
    print(f"{'reader and input':<28} {'size':>9} {'seconds':>9} {'µs per KB':>10}")
    for name, (make, read) in INPUTS.items():
        for size in sizes:
            seconds = measure(make, read, size, args.rounds)
            print(f"{name:<28} {size:>9} {seconds:>9.4f} {seconds * 1e6 / (size / 1024):>10.1f}")
    print(f"\n{'legal_moves, O7, n copies':<28} {'n':>9} {'seconds':>9}")
    for copies in (6, 12, 24, 48):
        state = _identical_copies(copies)
        start = time.perf_counter()
        legal_moves(state)
        print(f"{'':<28} {copies:>9} {time.perf_counter() - start:>9.5f}")


if __name__ == "__main__":
    main()
