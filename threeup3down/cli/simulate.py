"""``threeup3down simulate``: the command line of :func:`~threeup3down.simulation.simulate`.

``--backend`` picks where the games run (:func:`~threeup3down.simulation.executors.backend`):
``process`` (worker processes on this machine, the default), ``dask`` (a Dask
``distributed`` cluster: ``--address`` of its scheduler, or a local cluster
started for the run; extra ``[dask]``) and ``ray`` (a Ray cluster at
``--address``, or a local Ray; extra ``[ray]``). A progress bar is shown
with the ``[progress]`` extra (tqdm) when the output is a terminal.
``--decision-time-limit`` sets how many seconds a bot may take for a move
(default 60, ``none`` for no limit).

Exit statuses: 0 after a run; 1 if it failed (a bot raised or exceeded the
decision time limit, or a worker died); 2 for arguments it cannot run with;
130 after Ctrl-C, as every command. A failure is one line on standard error,
with no summary and no traceback.

>>> import io, contextlib
>>> from threeup3down.cli import main
>>> out = io.StringIO()
>>> with contextlib.redirect_stdout(out):
...     status = main(["simulate", "--games", "4", "--players", "2", "--bots", "lowest,random",
...                    "--workers", "1", "--seed", "1"])
>>> status, "lowest" in out.getvalue()
(0, True)
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
import time
from collections.abc import Iterator
from pathlib import Path

from threeup3down.cli.bot_options import NAMES_HELP, bot_names
from threeup3down.core.errors import BotFailed, SimulationCancelled, SimulationInterrupted, ThreeUpError
from threeup3down.core.rules import Rules
from threeup3down.simulation import DECISION_TIME_LIMIT, Progress, SimulationResult, simulate
from threeup3down.simulation.executors import BACKENDS, backend

__all__ = [
    "DESCRIPTION", "FAILED", "INTERRUPTED", "add_arguments", "default_bots", "format_summary", "run",
    "unwritable_output",
]

FAILED = 1
"""The exit status of a run that failed: a bot raised or ran out of time, or a worker died."""
INTERRUPTED = 130
"""The exit status after Ctrl-C (128 + SIGINT), as shells report it."""

DESCRIPTION = """\
Play many games between bots and print who wins, with 95% confidence intervals,
how long games last, and how often piles are cleared and picked up. The same
--seed gives the same results with any number of workers or any backend.
"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the options of ``simulate`` (other than the table's rules) to ``parser``.

    >>> parser = argparse.ArgumentParser()
    >>> add_arguments(parser)
    >>> parser.parse_args(["--games", "5", "--bots", "random,lowest"]).games
    5
    """
    parser.add_argument("--games", type=_at_least_one, default=1000, help="how many games to play (default 1000)")
    parser.add_argument(
        "--bots", type=bot_names, default=None, metavar="NAMES",
        help=f"comma-separated bot names, one per seat, or one name for every seat; {NAMES_HELP} "
        "(default: heuristic in seat 0, random in every other seat)",
    )
    parser.add_argument("--rotate", action="store_true", help="rotate the seats, each deal played in every rotation")
    parser.add_argument("--workers", type=_at_least_one, default=None, help="how many worker processes play games at once (default: one per core)")
    parser.add_argument(
        "--backend", choices=BACKENDS, default="process",
        help="where the games run: local processes, a Dask cluster or Ray (default process)",
    )
    parser.add_argument(
        "--address", default=None,
        help="the Dask scheduler or Ray cluster to use, with --backend dask or ray (default: start one here)",
    )
    parser.add_argument(
        "--decision-time-limit", type=_time_limit, default=DECISION_TIME_LIMIT, metavar="SECONDS",
        help="how long a bot may take for one move before the run fails, or 'none' "
        f"(default {DECISION_TIME_LIMIT:g})",
    )
    parser.add_argument("--json", metavar="FILE", default=None, help="also write the result as JSON to FILE")
    parser.add_argument("--records", metavar="FILE", default=None, help="write every game as a JSON line to FILE")


def default_bots(players: int) -> list[str]:
    """The bots of a run that names none: the heuristic in seat 0 and random bots
    in every other seat, so they fit any table.

    >>> default_bots(4)
    ['heuristic', 'random', 'random', 'random']
    """
    return ["heuristic"] + ["random"] * (players - 1)


def unwritable_output(args: argparse.Namespace) -> str | None:
    """Why the file that ``--json`` or ``--records`` names cannot be written, or
    ``None`` if both can: checked before any game is played. A file the check
    creates is removed again. An ``--address`` without a cluster backend to
    give it to is refused here too.

    >>> parser = argparse.ArgumentParser()
    >>> add_arguments(parser)
    >>> print(unwritable_output(parser.parse_args(["--json", "no-such-folder/result.json"])))
    --json no-such-folder/result.json: the folder no-such-folder does not exist
    >>> print(unwritable_output(parser.parse_args(["--records", "."])))
    --records .: it is a folder, not a file
    """
    if args.address is not None and args.backend == "process":
        return f"--address {args.address}: a Dask scheduler or Ray cluster needs --backend dask or ray"
    for option, name in (("--json", args.json), ("--records", args.records)):
        if name is None:
            continue
        path = Path(name)
        if path.is_dir():
            return f"{option} {name}: it is a folder, not a file"
        if not path.parent.is_dir():
            return f"{option} {name}: the folder {path.parent} does not exist"
        existed = path.exists()
        try:
            with open(path, "a", encoding="utf-8"):
                pass
        except OSError as error:
            return f"{option} {name}: cannot be written ({error.strerror or error})"
        if not existed:
            path.unlink()
    return None


def run(rules: Rules, args: argparse.Namespace) -> int:
    """Run ``simulate`` with parsed options ``args`` and print the summary.

    Returns 0; 2 after bad arguments (an unknown bot, a wrong number of
    bots, no games); 1 if a bot raised or exceeded the decision time limit,
    or a worker died; 130 if the run was interrupted (Ctrl-C), as for every
    command. The reason goes to standard error in one line, with no summary.

    >>> parser = argparse.ArgumentParser()
    >>> add_arguments(parser)
    >>> _ = parser.add_argument("--seed", type=int, default=1)  # cli.py adds it with the rules
    >>> run(Rules(players=2), parser.parse_args(["--games", "3", "--bots", "random,lowest,heuristic"]))
    2
    """
    try:
        return _run(rules, args)
    except SimulationInterrupted as error:
        print(f"threeup3down simulate: {error}", file=sys.stderr)
        return INTERRUPTED
    except (SimulationCancelled, BotFailed) as error:
        print(f"threeup3down simulate: {error}", file=sys.stderr)
        return FAILED
    except ThreeUpError as error:
        print(f"threeup3down simulate: {error}", file=sys.stderr)
        return 2


def _run(rules: Rules, args: argparse.Namespace) -> int:
    bots: list[str] = default_bots(rules.players) if args.bots is None else args.bots
    if len(bots) == 1:
        bots = bots * rules.players
    start = time.perf_counter()
    with (
        backend(args.backend, address=args.address, workers=args.workers) as executor,
        _progress_bar(args.games) as progress,
    ):
        result = simulate(
            rules, bots, args.games, seed=args.seed, executor=executor,
            workers=args.workers if executor is None else None,
            progress=progress, rotate=args.rotate, records=args.records,
            decision_time_limit=args.decision_time_limit,
        )
    elapsed = time.perf_counter() - start
    print(format_summary(result))
    print(f"{result.games} games in {elapsed:.1f} s ({result.games / elapsed:.1f} games/s)")
    if args.json:
        _write_json(args, result.to_dict(), result.games, elapsed)
    return 0


def _write_json(args: argparse.Namespace, document: dict[str, object], games: int, elapsed: float) -> None:
    """Write ``document``, a run's result, to the file ``--json`` names, with the
    run's timing (``simulate`` and ``arena`` alike)."""
    document["timing"] = {
        "elapsed_s": elapsed, "games_per_s": games / elapsed,
        "backend": args.backend, "workers": args.workers,
    }
    with open(args.json, "w", encoding="utf-8") as file:
        json.dump(document, file, indent=2)
        file.write("\n")


def _at_least_one(text: str) -> int:
    """A whole number of at least 1, for ``argparse``'s ``type=``.

    >>> _at_least_one("8")
    8
    >>> _at_least_one("0")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: must be a whole number of at least 1, not '0'
    """
    try:
        number = int(text)
    except ValueError:
        number = 0
    if number < 1:
        raise argparse.ArgumentTypeError(f"must be a whole number of at least 1, not {text!r}")
    return number


def _time_limit(text: str) -> float | None:
    """The value of ``--decision-time-limit``: seconds, or ``none`` for no limit.

    >>> _time_limit("0.5"), _time_limit("none")
    (0.5, None)
    """
    if text.strip().lower() == "none":
        return None
    try:
        seconds = float(text)
    except ValueError:
        seconds = -1.0
    if not 0 < seconds < float("inf"):
        raise argparse.ArgumentTypeError(f"expected a positive number of seconds or 'none', not {text!r}")
    return seconds


def format_summary(result: SimulationResult) -> str:
    """A readable table of ``result``: win rates by bot and by seat, lengths and counts.

    >>> from threeup3down.simulation import simulate
    >>> result = simulate(Rules(players=2), ["lowest", "random"], 10, seed=1, workers=1)
    >>> print(format_summary(result).splitlines()[0])
    10 games, 2 players, seed 1
    """
    lines = [f"{result.games} games, {result.rules.players} players, seed {result.seed}"
             + (", seats rotated" if result.rotate else ""), ""]
    lines.append(f"{'bot':<16} {'seat-games':>10} {'wins':>8}  win rate [95% CI]")
    for name in sorted(result.bot_seats):
        rate = result.win_rate(name)
        lines.append(f"{name:<16} {rate.trials:>10} {rate.count:>8}  {rate}")
    lines.append("")
    lines.append(f"{'seat':<16} {'games':>10} {'wins':>8}  win rate [95% CI]")
    for seat in range(result.rules.players):
        rate = result.seat_win_rate(seat)
        lines.append(f"{seat:<16} {rate.trials:>10} {rate.count:>8}  {rate}")
    lines.append("")
    lines.append(
        f"length in turns: mean {result.mean_length:.1f}, median {result.median_length}, "
        f"p95 {result.p95_length}, max {result.max_length}"
    )
    per_game = result.games
    lines.append(
        f"per game: clears {result.clears / per_game:.2f}, pick-ups {result.pick_ups / per_game:.2f}, "
        f"failed flips {result.failed_flips / per_game:.2f}, draws {result.draws / per_game:.2f}; "
        f"stalemates (O10) {result.stalemates}"
    )
    return "\n".join(lines)


@contextlib.contextmanager
def _progress_bar(games: int) -> Iterator[Progress | None]:
    if not sys.stderr.isatty():
        yield None
        return
    try:
        import tqdm
    except ImportError:
        yield None
        return
    with tqdm.tqdm(total=games, unit="game", file=sys.stderr) as bar:
        def advance(done: int, total: int) -> None:
            bar.update(done - bar.n)

        yield advance
