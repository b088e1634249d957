"""Write the sample game record that examples/replay_record.py replays.

Two players, the base game, dealt from seed 35. Both play the same plain
strategy: in setup put the three highest cards face up; in play make the
first legal move, which is the early draw when one is offered (C2) and
otherwise the lowest play (or the pick-up when there is none, T3).

Run from the repository root to rewrite both forms of the record::

    python examples/data/make_sample_game.py
"""

from __future__ import annotations

import datetime
from pathlib import Path

from threeup3down import GameState, Move, Phase, Rules, legal_moves
from threeup3down.formats.record_text import format_record
from threeup3down.formats.records import GameRecord, record_game
from threeup3down.formats.serialization import RECORD

HERE = Path(__file__).parent


def plain_strategy(state: GameState) -> Move:
    """The highest three cards face up in setup; then the first legal move."""
    moves = legal_moves(state)
    return moves[-1] if state.phase is Phase.SETUP else moves[0]


def sample_record() -> GameRecord:
    """The sample game: Ann and Bob, seed 35, played by :func:`plain_strategy`."""
    return record_game(
        Rules(players=2),
        35,
        plain_strategy,
        names=("Ann", "Bob"),
        date=datetime.date(2024, 5, 1),
    )


def main() -> None:
    """Write sample_game.json and sample_game.txt beside this script."""
    record = sample_record()
    (HERE / "sample_game.json").write_text(RECORD.to_json(record, indent=2) + "\n", encoding="utf-8")
    (HERE / "sample_game.txt").write_text(format_record(record) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
