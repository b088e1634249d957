"""``threeup3down arena``: the command line of :func:`~threeup3down.arena.tournament`.

Each ``--bot`` is an entrant: ``NAME=COMMAND`` a program that speaks the bot
protocol (:mod:`threeup3down.arena.protocol`), the command split as a shell
would split it; or a library bot's name (``heuristic``, ``ismcts:8``) or an
import path (``package.module:Class[:budget]``). Every combination of
``--players`` entrants plays deals in the duplicate format. The leaderboard
(OpenSkill ratings, extra ``[arena]``), win rates with 95% Wilson intervals,
each bot's faults and head-to-head results are printed; ``--json`` writes
them too. A bot that faults (:data:`~threeup3down.arena.protocol.POLICIES`)
forfeits the game, or with ``--on-fault stop`` ends the run
(:data:`~threeup3down.arena.tournament.ON_FAULT`).

Exit statuses are those of ``simulate``: 0 after a run, 1 if it failed (a bot
faulted with ``--on-fault stop``, or a bot in this process took longer than
``--decision-time-limit``), 2 for arguments it cannot run with (a
``NAME=COMMAND`` bot that cannot be started or sends no valid hello included:
each is started, greeted and ended once before the first game), 130 after Ctrl-C.

>>> import io, contextlib
>>> from threeup3down.cli import main
>>> out = io.StringIO()
>>> with contextlib.redirect_stdout(out):
...     status = main(["arena", "--bot", "random", "--bot", "heuristic", "--players", "2",
...                    "--games", "8", "--workers", "1", "--seed", "1"])
>>> status, out.getvalue().splitlines()[0]
(0, '8 games, 2 players, 1 table, seed 1, clock 60+1')
"""

from __future__ import annotations

import argparse
import shlex
import sys
import time

from threeup3down.arena import DEFAULT_CLOCK, FALLBACK, ON_FAULT, Clock, ProcessBot, TournamentResult, tournament
from threeup3down.bots import make_bot
from threeup3down.cli.simulate import FAILED, INTERRUPTED, _progress_bar, _time_limit, _write_json
from threeup3down.core.errors import BotError, BotFailed, SimulationCancelled, SimulationInterrupted, ThreeUpError
from threeup3down.core.rules import Rules
from threeup3down.simulation import DECISION_TIME_LIMIT
from threeup3down.simulation.executors import BACKENDS, backend

__all__ = ["DESCRIPTION", "add_arguments", "entrant", "format_leaderboard", "run"]

DESCRIPTION = """\
Play a rated tournament: every table of --players of the bots plays deals in
the duplicate format (each deal in every rotation of the seats), and the bots
are rated with OpenSkill over their finishing places. A bot is NAME=COMMAND
(a program that speaks the bot protocol over standard input and output), a
library bot's name, or an import path package.module:Class. The same --seed
gives the same leaderboard with any number of workers or any backend.
"""


def entrant(text: str) -> tuple[str, str | ProcessBot]:
    """The name and bot of a ``--bot`` value, for ``argparse``'s ``type=``.

    >>> entrant("mine=python3 bot.py --fast")
    ('mine', ProcessBot(['python3', 'bot.py', '--fast'], clock=Clock.parse('60+1')))
    >>> entrant("ismcts:8")
    ('ismcts:8', 'ismcts:8')
    """
    name, equals, command = text.partition("=")
    name = name.strip()
    if not equals:
        try:
            make_bot(name)
        except BotError as error:
            raise argparse.ArgumentTypeError(str(error)) from None
        return name, name
    try:
        words = shlex.split(command)
    except ValueError as error:
        raise argparse.ArgumentTypeError(f"{text!r}: {error}") from None
    if not name or not words:
        raise argparse.ArgumentTypeError(f"a bot is NAME=COMMAND or a bot name, not {text!r}")
    return name, ProcessBot(words)


def _clock(text: str) -> Clock:
    try:
        return Clock.parse(text)
    except BotError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the options of ``arena`` (other than the seed and the table's rules) to ``parser``.

    >>> parser = argparse.ArgumentParser()
    >>> add_arguments(parser)
    >>> [name for name, _ in parser.parse_args(["--bot", "random", "--bot", "me=./bot"]).bot]
    ['random', 'me']
    """
    parser.add_argument(
        "--bot", type=entrant, action="append", required=True, metavar="BOT",
        help="an entrant, once for each: NAME=COMMAND, a library bot (random, lowest, heuristic, "
        "ismcts:N, cheating) or an import path package.module:Class[:budget]",
    )
    parser.add_argument(
        "--games", type=int, default=240,
        help="how many games, a multiple of --players times the tables, every --players of the bots (default 240)",
    )
    parser.add_argument(
        "--clock", type=_clock, default=DEFAULT_CLOCK, metavar="BASE+INCREMENT",
        help=f"each NAME=COMMAND bot's clock a game, in seconds (default {DEFAULT_CLOCK})",
    )
    parser.add_argument("--workers", type=int, default=None, help="how many worker processes play games at once (default: one per core)")
    parser.add_argument(
        "--backend", choices=BACKENDS, default="process",
        help="where the games run: local processes, a Dask cluster or Ray (default process)",
    )
    parser.add_argument("--address", default=None, help="the Dask scheduler or Ray cluster to use (default: start one here)")
    parser.add_argument(
        "--decision-time-limit", type=_time_limit, default=DECISION_TIME_LIMIT, metavar="SECONDS",
        help="how long a library or import-path bot may take for one move before the run fails, or 'none' "
        f"(default {DECISION_TIME_LIMIT:g}); a NAME=COMMAND bot is held to its --clock instead",
    )
    parser.add_argument(
        "--on-fault", choices=tuple(ON_FAULT), default="forfeit",
        help="what a bot's fault does: forfeit, it is ranked last in that game (the random bot plays out its "
        "seat) and the tournament goes on; stop, the run ends (default forfeit)",
    )
    parser.add_argument("--json", metavar="FILE", default=None, help="also write the result as JSON to FILE")
    parser.add_argument("--records", metavar="FILE", default=None, help="write every game as a JSON line to FILE")


def run(rules: Rules, args: argparse.Namespace) -> int:
    """Run the tournament of parsed options ``args`` and print the leaderboard; the exit status.

    >>> parser = argparse.ArgumentParser()
    >>> add_arguments(parser)
    >>> _ = parser.add_argument("--seed", type=int, default=1)  # cli.py adds it with the rules
    >>> run(Rules(players=2), parser.parse_args(["--bot", "random", "--bot", "lowest", "--games", "3"]))
    2
    """
    try:
        return _run(rules, args)
    except SimulationInterrupted as error:
        print(f"threeup3down arena: {error}", file=sys.stderr)
        return INTERRUPTED
    except (SimulationCancelled, BotFailed) as error:
        print(f"threeup3down arena: {error}", file=sys.stderr)
        return FAILED
    except ThreeUpError as error:
        print(f"threeup3down arena: {error}", file=sys.stderr)
        return 2


def _run(rules: Rules, args: argparse.Namespace) -> int:
    entrants = dict(args.bot)
    if len(entrants) != len(args.bot):
        names = [name for name, _ in args.bot]
        twice = sorted({name for name in names if names.count(name) > 1})
        raise BotError(f"--bot names {', '.join(twice)} more than once: enter each bot once (a NAME=COMMAND program may enter again under another NAME)")
    start = time.perf_counter()
    with (
        backend(args.backend, address=args.address, workers=args.workers) as executor,
        _progress_bar(args.games) as progress,
    ):
        result = tournament(
            rules, entrants, args.games, seed=args.seed, clock=args.clock, executor=executor,
            workers=args.workers if executor is None else None, progress=progress,
            records=args.records, decision_time_limit=args.decision_time_limit, on_fault=args.on_fault,
        )
    elapsed = time.perf_counter() - start
    if args.json:  # first: a reader of the output that stops early does not lose it
        _write_json(args, result.to_dict(), result.games, elapsed)
    print(format_leaderboard(result))
    print(f"{result.games} games in {elapsed:.1f} s ({result.games / elapsed:.1f} games/s)")
    return 0


_LISTED = 10
"""How many forfeits the printed leaderboard lists."""


def format_leaderboard(result: TournamentResult) -> str:
    """The leaderboard and the head-to-head results of ``result`` as a table.

    >>> from threeup3down.arena import tournament
    >>> result = tournament(Rules(players=2), ["lowest", "random"], 4, seed=1, workers=1)
    >>> print(format_leaderboard(result).splitlines()[2])
    rank bot                  rating     mu  sigma  games   wins faults  win rate [95% CI]
    """
    tables = len(result.tables)
    lines = [
        f"{result.games} games, {result.rules.players} players, {tables} table{'s' * (tables != 1)}, "
        f"seed {result.seed}, clock {result.clock}", "",
        f"{'rank':<4} {'bot':<18} {'rating':>8} {'mu':>6} {'sigma':>6} {'games':>6} {'wins':>6} {'faults':>6}  "
        "win rate [95% CI]",
    ]
    for rank, row in enumerate(result.leaderboard, start=1):
        lines.append(
            f"{rank:<4} {row.bot:<18} {row.conservative:>8.2f} {row.mu:>6.2f} {row.sigma:>6.2f} "
            f"{row.games:>6} {row.wins:>6} {row.faults:>6}  {row.win_rate}"
        )
    lines += ["", "rating: mu - 3 sigma (OpenSkill, Plackett-Luce over finishing places)"]
    if result.faults:
        lines += ["", f"forfeits (the bot last in the game, its seat played out by {FALLBACK}):"]
        lines += [f"  game {fault.game}, seat {fault.seat}, {fault.bot}: {fault.fault}: {fault.message}"
                  for fault in result.faults[:_LISTED]]
        if len(result.faults) > _LISTED:
            lines.append(f"  and {len(result.faults) - _LISTED} more (every one in --json)")
    lines += ["",
              f"{'bot':<18} {'against':<18} {'games':>6} {'ahead':>6} {'behind':>6} {'ties':>5}  "
              "ahead [95% CI]"]
    for pair in result.head_to_head:
        lines.append(
            f"{pair.bot:<18} {pair.other:<18} {pair.games:>6} {pair.ahead:>6} {pair.behind:>6} "
            f"{pair.ties:>5}  {pair.rate}"
        )
    return "\n".join(lines)
