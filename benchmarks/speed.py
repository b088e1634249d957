"""Speed of every public hot path: CPU time and instructions per operation.

For 2, 4 and 6 players and for four players with every play-changing option
on, collects every decision of a few random games and measures, over those
positions:

``decision``
    one :func:`~threeup3down.legal_moves` plus one :func:`~threeup3down.apply`
    (the move a random player chose there);
``legal_moves`` and ``apply``
    each half of a decision alone;
``Observation.legal_moves``
    the mover's moves listed from the mover's observation (made beforehand),
    with its ratio to ``legal_moves``;
``repeated hash``
    ``hash(state)`` of a state hashed before;
``notation parse`` / ``notation format``
    :meth:`GameState.from_notation` / :meth:`GameState.notation`;
``from_json`` / ``to_json``
    a state's JSON document read (validated) and written;
``svg``
    :func:`~threeup3down.views.svg.state_svg` of the whole table;
``python-chess ...``
    a peer for the formats, when ``chess`` (python-chess) is installed (a
    benchmark-only import, not a dependency of the library): its FEN parsed
    (``chess.Board(fen)``) and written (``board.fen()``) and its board drawn
    (``chess.svg.board``), over positions of random chess games, measured in
    the same rounds so the comparison holds on a busy machine.

CPU time (:func:`time.process_time`) is taken in interleaved rounds, every
operation once per round, so the machine's other work weighs on all alike;
the median round is printed in µs per operation. When ``valgrind`` is on the
``PATH``, each operation is also run under ``valgrind --tool=cachegrind`` in
a small driver (this file with ``--driver``), once with the operation repeated
and once without (the baseline: start-up, loading the positions, one warm-up
pass), and the difference divided by the operations done is printed as
instructions per operation: noise-free, unlike the times.

Run ``python benchmarks/speed.py`` (about ten minutes with valgrind),
``--quick`` for a few seconds without instruction counts (CI),
``--no-instructions`` to skip valgrind, and ``--operations "notation
parse,svg"`` or ``--tables "4 players"`` to measure only some rows or
tables. Pin it to one core
(``taskset -c 0``) for steadier times.
"""

from __future__ import annotations

import argparse
import datetime
import importlib
import json
import os
import pickle
import platform
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

import attrs

from threeup3down import (
    ClearTwoDraw,
    EarlyDraw,
    GameState,
    Move,
    Rules,
    apply,
    from_json,
    legal_moves,
    new_game,
    to_json,
)
from threeup3down.views.observation import Observation, observe
from threeup3down.formats.serialization import STATE
from threeup3down.views.svg import state_svg

__all__ = ["ALL_OPTIONS", "OPERATIONS", "Sample", "instructions", "main", "sample", "times"]

ALL_OPTIONS = Rules(
    players=4,
    clear_two_draw=ClearTwoDraw.EACH,
    early_draw=EarlyDraw.ONE,
    clear_ends_turn=True,
    places=True,
    draw_instead=True,
    reverse_on_one=True,
    reverse_each_one=True,
    pile_swap=True,
    chosen_faces=True,
    same_colour_swap=True,
)
"""Four players with every option that changes what may be played."""

TABLES: dict[str, Rules] = {
    "2 players": Rules(players=2),
    "4 players": Rules(players=4),
    "6 players": Rules(players=6),
    "4p all options": ALL_OPTIONS,
}


@attrs.frozen
class Sample:
    """The positions one table is measured on, with what each operation reads."""

    rules: Rules
    states: tuple[GameState, ...]
    """Every decision of the sample's games."""
    moves: tuple[Move, ...]
    """The move chosen in each state."""
    observations: tuple[Observation, ...]
    """The mover's observation of each state."""
    few: tuple[GameState, ...]
    """About 24 states, evenly spread, for the slower formats."""
    texts: tuple[str, ...]
    """Each of :attr:`few` in position notation."""
    documents: tuple[str, ...]
    """Each of :attr:`few` as a JSON document."""
    pictures: tuple[GameState, ...]
    """About 8 states, evenly spread, for the picture."""
    fens: tuple[str, ...] = ()
    """About 24 chess positions in FEN, for the peer (none without python-chess)."""


def _chess() -> ModuleType | None:
    """python-chess, the peer for the formats, if it is installed."""
    try:
        chess = importlib.import_module("chess")
        importlib.import_module("chess.svg")
    except ImportError:
        return None
    return chess


CHESS = _chess()


def _chess_positions(seed: int) -> tuple[str, ...]:
    """About 24 positions, evenly spread, of random chess games, in FEN."""
    if CHESS is None:
        return ()
    rng = random.Random(seed)
    fens: list[str] = []
    for _ in range(4):
        board = CHESS.Board()
        while not board.is_game_over() and board.ply() < 120:
            moves = list(board.legal_moves)
            board.push(moves[rng.randrange(len(moves))])
            fens.append(board.fen())
    return tuple(fens[:: max(1, len(fens) // 24)])


def sample(rules: Rules, games: int, seed: int = 0) -> Sample:
    """Every decision of ``games`` random games under ``rules``."""
    rng = random.Random(seed)
    states: list[GameState] = []
    moves: list[Move] = []
    for _ in range(games):
        state = new_game(rules, seed=rng.randrange(2**32))
        while not state.is_over:
            options = legal_moves(state)
            move = options[rng.randrange(len(options))]
            states.append(state)
            moves.append(move)
            state = apply(state, move)
    few = tuple(states[:: max(1, len(states) // 24)])
    return Sample(
        rules=rules,
        states=tuple(states),
        moves=tuple(moves),
        observations=tuple(observe(s, s.current_player) for s in states),
        few=few,
        texts=tuple(s.notation() for s in few),
        documents=tuple(to_json(s) for s in few),
        pictures=few[::3],
        fens=_chess_positions(seed),
    )


def _decisions(s: Sample) -> int:
    for state, move in zip(s.states, s.moves):
        legal_moves(state)
        apply(state, move)
    return len(s.states)


def _legal_moves(s: Sample) -> int:
    for state in s.states:
        legal_moves(state)
    return len(s.states)


def _apply(s: Sample) -> int:
    for state, move in zip(s.states, s.moves):
        apply(state, move)
    return len(s.states)


def _observation_moves(s: Sample) -> int:
    for observation in s.observations:
        observation.legal_moves()
    return len(s.observations)


def _hash(s: Sample) -> int:
    for state in s.states:
        hash(state)
    return len(s.states)


def _parse(s: Sample) -> int:
    for text in s.texts:
        GameState.from_notation(text, s.rules)
    return len(s.texts)


def _format(s: Sample) -> int:
    for state in s.few:
        state.notation()
    return len(s.few)


def _from_json(s: Sample) -> int:
    for document in s.documents:
        from_json(document, STATE)
    return len(s.documents)


def _to_json(s: Sample) -> int:
    for state in s.few:
        to_json(state)
    return len(s.few)


def _svg(s: Sample) -> int:
    for state in s.pictures:
        state_svg(state)
    return len(s.pictures)


def _fen_parse(s: Sample) -> int:
    assert CHESS is not None
    for fen in s.fens:
        CHESS.Board(fen)
    return len(s.fens)


def _fen_format(s: Sample) -> int:
    assert CHESS is not None
    boards = _chess_boards(s)
    for board in boards:
        board.fen()
    return len(boards)


def _chess_svg(s: Sample) -> int:
    assert CHESS is not None
    boards = _chess_boards(s)[::3]
    for board in boards:
        CHESS.svg.board(board)
    return len(boards)


_BOARDS: dict[tuple[str, ...], list[Any]] = {}


def _chess_boards(s: Sample) -> list[Any]:
    """The sample's chess positions as boards, made once."""
    assert CHESS is not None
    if s.fens not in _BOARDS:
        _BOARDS[s.fens] = [CHESS.Board(fen) for fen in s.fens]
    return _BOARDS[s.fens]


OPERATIONS: dict[str, Callable[[Sample], int]] = {
    "decision": _decisions,
    "legal_moves": _legal_moves,
    "apply": _apply,
    "Observation.legal_moves": _observation_moves,
    "repeated hash": _hash,
    "notation parse": _parse,
    "notation format": _format,
    "from_json": _from_json,
    "to_json": _to_json,
    "svg": _svg,
}
"""Each operation: runs it once over a sample and returns how many it did."""

if CHESS is not None:
    OPERATIONS["python-chess FEN parse"] = _fen_parse
    OPERATIONS["python-chess FEN format"] = _fen_format
    OPERATIONS["python-chess board SVG"] = _chess_svg


def times(s: Sample, rounds: int, names: Sequence[str] = tuple(OPERATIONS)) -> dict[str, float]:
    """Median CPU time per operation, in µs, over interleaved rounds."""
    for run in OPERATIONS.values():  # warm-up: first-call caches, the states' hashes
        run(s)
    spent: dict[str, list[float]] = {name: [] for name in names}
    for _ in range(rounds):
        for name in names:
            run = OPERATIONS[name]
            start = time.process_time()
            done = run(s)
            spent[name].append((time.process_time() - start) / done)
    return {name: 1e6 * statistics.median(values) for name, values in spent.items()}


_TOTAL = re.compile(r"I\s*refs:\s*([\d,]+)")


def _valgrind(path: Path, operation: str, repeats: int) -> int:
    """Instructions of one driver run under cachegrind."""
    with tempfile.TemporaryDirectory() as scratch:
        result = subprocess.run(
            [
                "valgrind",
                "--tool=cachegrind",
                "--cache-sim=no",
                f"--cachegrind-out-file={scratch}/out",
                sys.executable,
                __file__,
                "--driver",
                str(path),
                operation,
                str(repeats),
            ],
            capture_output=True,
            text=True,
            check=True,
            env={**os.environ, "PYTHONHASHSEED": "0"},  # runs comparable with the baseline
        )
    found = _TOTAL.search(result.stderr)
    if found is None:
        raise RuntimeError(f"no instruction count in valgrind's output:\n{result.stderr}")
    return int(found.group(1).replace(",", ""))


def instructions(
    s: Sample, repeats: int = 2, names: Sequence[str] = tuple(OPERATIONS)
) -> dict[str, float]:
    """Instructions per operation, each from a cachegrind run less the baseline run."""
    with tempfile.TemporaryDirectory() as scratch:
        path = Path(scratch) / "sample.pickle"
        path.write_bytes(pickle.dumps(s))
        baseline = _valgrind(path, "decision", 0)
        found = {}
        for name in names:
            measured = _valgrind(path, name, repeats)
            found[name] = (measured - baseline) / (repeats * OPERATIONS[name](s))
        return found


def _driver(path: str, operation: str, repeats: int) -> None:
    """Load a sample, run every operation once to warm up, then ``operation``
    ``repeats`` more times."""
    s = pickle.loads(Path(path).read_bytes())
    for run in OPERATIONS.values():
        run(s)
    for _ in range(repeats):
        OPERATIONS[operation](s)


def _row(name: str, columns: Sequence[str]) -> str:
    return f"{name:<24}" + "".join(f"{column:>16}" for column in columns)


def _print_table(title: str, figures: dict[str, dict[str, float]], unit: str) -> None:
    print(f"\n{title}")
    print(_row("", list(figures)))
    for name in next(iter(figures.values())):
        row = [f"{table[name]:,.{2 if unit == 'µs' else 0}f}" for table in figures.values()]
        print(_row(f"{name} ({unit})", row))
        if name == "Observation.legal_moves" and "legal_moves" in figures[next(iter(figures))]:
            ratios = [f"{t[name] / t['legal_moves']:.2f}x" for t in figures.values()]
            print(_row("  / legal_moves", ratios))


def main(argv: Sequence[str] | None = None) -> None:
    """Measure every operation on every table and print the figures."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a few seconds, no valgrind")
    parser.add_argument("--no-instructions", action="store_true", help="skip valgrind")
    parser.add_argument("--games", type=int, default=None, help="games per table")
    parser.add_argument("--rounds", type=int, default=None, help="interleaved timing rounds")
    parser.add_argument(
        "--operations", default=None, help="measure only these rows (names separated by commas)"
    )
    parser.add_argument(
        "--tables", default=None, help=f"only these tables (of: {', '.join(TABLES)}; commas between)"
    )
    parser.add_argument(
        "--json", metavar="FILE", default=None,
        help="also write the figures to FILE as JSON (docs/_data/speed.json is the docs' copy)",
    )
    parser.add_argument("--driver", nargs=3, help=argparse.SUPPRESS)
    arguments = parser.parse_args(argv)
    if arguments.driver:
        path, operation, repeats = arguments.driver
        _driver(path, operation, int(repeats))
        return
    names = arguments.operations.split(",") if arguments.operations else list(OPERATIONS)
    unknown = [name for name in names if name not in OPERATIONS]
    if unknown:
        parser.error(f"unknown operations {unknown}: choose from {', '.join(OPERATIONS)}")
    tables = {
        name: TABLES[name]
        for name in (arguments.tables.split(",") if arguments.tables else TABLES)
        if name in TABLES or parser.error(f"unknown table {name!r}: choose from {', '.join(TABLES)}")
    }
    games = arguments.games or (1 if arguments.quick else 4)
    rounds = arguments.rounds or (3 if arguments.quick else 9)
    counting = not (arguments.quick or arguments.no_instructions) and shutil.which("valgrind")
    print(
        f"{datetime.date.today()}, {platform.python_implementation()} "
        f"{platform.python_version()}, {platform.machine()}, {platform.processor() or '?'}; "
        f"{games} games per table, {rounds} rounds"
    )
    samples = {name: sample(rules, games) for name, rules in tables.items()}
    print(_row("decisions measured", [str(len(s.states)) for s in samples.values()]))
    cpu = {name: times(s, rounds, names) for name, s in samples.items()}
    _print_table("CPU time per operation, median of interleaved rounds", cpu, "µs")
    counted: dict[str, dict[str, float]] = {}
    if counting:
        small = {name: sample(rules, 1, seed=1) for name, rules in tables.items()}
        counted = {name: instructions(s, names=names) for name, s in small.items()}
        _print_table("Instructions per operation (cachegrind, less a baseline run; one game per table)", counted, "instr")
    elif not arguments.quick and not arguments.no_instructions:
        print("\nvalgrind is not on the PATH: no instruction counts (apt-get install valgrind)")
    if arguments.json:
        Path(arguments.json).write_text(json.dumps(_results(games, rounds, cpu, counted), indent=1) + "\n")


def _results(
    games: int, rounds: int, cpu: dict[str, dict[str, float]], counted: dict[str, dict[str, float]]
) -> dict[str, object]:
    """The figures of a run as a JSON object: what was measured, on what, and how."""
    return {
        "command": "python benchmarks/speed.py --json docs/_data/speed.json",
        "date": str(datetime.date.today()),
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "machine": platform.machine(),
        "peer": f"python-chess {CHESS.__version__}" if CHESS is not None else None,
        "games": games,
        "rounds": rounds,
        "cpu_us": cpu,
        "instructions": counted,
    }


if __name__ == "__main__":
    main()
