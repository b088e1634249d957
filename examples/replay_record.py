"""Replay a stored game record and print it move by move.

A record holds only the rules, the seed of the deal and the moves:
:func:`~threeup3down.formats.records.replay` rebuilds every state of the game from
them, and checks that the moves end in the recorded result.

Usage::

    python examples/replay_record.py [RECORD.json]

Without an argument it replays ``examples/data/sample_game.json``.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from threeup3down import GameState, Move, Phase, format_cards
from threeup3down.formats.record_text import format_rules
from threeup3down.formats.records import GameRecord, replay
from threeup3down.formats.serialization import from_json

SAMPLE = Path(__file__).parent / "data" / "sample_game.json"


def seat_name(record: GameRecord, seat: int) -> str:
    """The player's name, or "seat N" when the record names nobody."""
    return record.names[seat] if record.names else f"seat {seat}"


def describe(record: GameRecord, before: GameState, move: Move, after: GameState) -> str:
    """One line: who did what, and what became of the discard and draw piles."""
    player = before.current_player
    when = "setup" if before.phase is Phase.SETUP else f"turn {before.turn + 1}"
    notes = []
    if len(after.out_of_game) > len(before.out_of_game):
        notes.append("pile cleared")
    elif after.discard_pile:
        notes.append(f"pile {format_cards(after.discard_pile)}")
    drawn = len(before.draw_pile) - len(after.draw_pile)
    if drawn:
        notes.append(f"draws {drawn}")
    if player in after.finished and player not in before.finished:
        notes.append("out of cards")
    return f"{when:<9} {seat_name(record, player):<6} {str(move):<16} {'; '.join(notes)}".rstrip()


def result_line(record: GameRecord, final: GameState) -> str:
    """How the game ended."""
    if not final.is_over:
        return "The record stops before the end of the game."
    if final.is_stalemate:
        return f"Stalemate after {final.turn} turns (O10)."
    winner = f"{seat_name(record, final.places[0])} wins after {final.turn} turns"
    if record.rules.places:  # O1: every place is settled
        return f"{winner}; places: {', '.join(seat_name(record, seat) for seat in final.places)}."
    return f"{winner}."


def main(argv: list[str] | None = None) -> int:
    """Replay the record named on the command line (or the sample) and print it."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("record", nargs="?", type=Path, default=SAMPLE, help="a threeup3down/record JSON file")
    arguments = parser.parse_args(argv)
    record = from_json(arguments.record.read_text(encoding="utf-8"), GameRecord)
    states = replay(record)
    print(f"3UP 3DOWN, {record.date or 'undated'}: {', '.join(record.names) or 'unnamed players'}")
    print(f"rules: {format_rules(record.rules)}; seed {record.seed}; {len(record.moves)} moves")
    for number, (move, before, after) in enumerate(zip(record.moves, states, states[1:]), start=1):
        print(f"{number:>4}. {describe(record, before, move, after)}")
    print(result_line(record, states[-1]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
