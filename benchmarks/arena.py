"""Costs of the arena: a bot over standard input and output per decision, and a tournament against simulate.

It prints three figures, each the best of ``--rounds`` rounds:

* **the overhead of a process bot per decision**: the same decisions (every
  decision of ``--games`` two-player games between the bot and the
  lowest-card bot) asked of :class:`~threeup3down.arena.ProcessBot` running
  the C example bot ``examples/bots/random_move.c`` (compiled with ``cc``,
  its own work a few string searches, so the figure is the arena's) and of
  the same play in this process; the difference per decision is what the
  protocol costs (the observation document, JSON both ways, the pipe, the
  wait for the bot's process). ``--bot python`` asks
  ``examples/bots/first_move.py`` instead, whose own JSON parsing counts too.
  Target: at most 100 µs on this machine. The CPU time of both processes
  per decision is printed too: on a busy machine the wall time also holds
  the wait for a core, at each of the two hand-overs a decision makes.
* **the floor under it**: the same decide lines, made before the timing,
  written to a C program that answers each with a fixed move line and read
  back as :class:`~threeup3down.arena.ProcessBot` reads (``select``, then
  ``read``): the round trip of the pipe and the two processes' hand-overs,
  which no work on the arena's side can remove.
* **a tournament's games per second against simulate's**:
  :func:`~threeup3down.arena.tournament` and
  :func:`~threeup3down.simulation.simulate` (``rotate=True``) playing the
  same ``--games`` two-player games of the heuristic against the random bot
  in this process (``workers=1``), interleaved round by round so that other
  work on the machine weighs on both alike. Target: at least 90%.

Run ``python benchmarks/arena.py [--games N] [--rounds R] [--bot c|python]``
(``c`` needs a C compiler, ``cc``; without one the Python bot is used and
the floor is not measured). The load average is printed before and after:
on a machine shared with other work, the figures measure that work too.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import select
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from threeup3down import GameState, Move, Observation, Rules, new_game, observe, to_dict
from threeup3down.arena import ProcessBot, tournament
from threeup3down.arena.protocol import DEFAULT_CLOCK, DecideWriter
from threeup3down.bots import LowestCardBot, chooser
from threeup3down.core.engine import apply
from threeup3down.simulation import simulate

__all__ = ["decision_overhead", "pipe_floor", "tournament_share"]

BOTS = Path(__file__).resolve().parent.parent / "examples" / "bots"
TABLE = Rules(players=2)
ECHO = r"""
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
int main(void) {
    char *line = NULL;
    size_t capacity = 0;
    while (getline(&line, &capacity, stdin) != -1) {
        fputs("{\"type\":\"move\",\"move\":\"pick\"}\n", stdout);
        fflush(stdout);
    }
    free(line);
    return 0;
}
"""
"""The floor's C program: a fixed answer to every line."""


class FirstMoveBot:
    """The Python example bot's play, in this process."""

    def choose(self, observation: Observation, rng: random.Random) -> Move:
        return observation.legal_moves()[0]


class SeedMoveBot:
    """The C example bot's play, in this process: the legal move at the decision's seed modulo their number."""

    def choose(self, observation: Observation, rng: random.Random) -> Move:
        moves = observation.legal_moves()
        return moves[rng.getrandbits(63) % len(moves)]


def compiled(source: Path, folder: Path) -> str | None:
    """The program ``source`` (C) compiled with ``cc -O2`` into ``folder``; ``None`` without ``cc``."""
    compiler = shutil.which("cc")
    if compiler is None:
        return None
    program = folder / source.stem
    subprocess.run([compiler, "-O2", "-o", str(program), str(source)], check=True)
    return str(program)


def _positions(games: int, bot: FirstMoveBot | SeedMoveBot) -> list[GameState]:
    """Every position of ``games`` games where ``bot`` (seat 0) decides, against the lowest-card bot."""
    positions = []
    lowest = chooser(LowestCardBot())
    play = chooser(bot)
    for seed in range(games):
        state = new_game(TABLE, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            if state.current_player == 0:
                positions.append(state)
                move = play(state, rng)
            else:
                move = lowest(state, random.Random(0))
            state = apply(state, move)
    return positions


def decision_overhead(
    positions: list[GameState], command: list[str], here: FirstMoveBot | SeedMoveBot, rounds: int
) -> tuple[float, float, float, float]:
    """The best seconds per decision in this process and over the protocol; and
    the CPU seconds per decision over the protocol of this process and of the
    bot's (its start included)."""
    bot = ProcessBot(command)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    bot.choose(observe(positions[0], 0), random.Random(0))  # start the process outside the timing
    best_here = best_pipe = float("inf")
    parent_cpu = 0.0
    try:
        for _ in range(rounds):
            rng = random.Random(0)
            start = time.perf_counter()
            for state in positions:
                here.choose(observe(state, 0), rng)
            best_here = min(best_here, (time.perf_counter() - start) / len(positions))
            rng = random.Random(0)
            start, cpu = time.perf_counter(), time.process_time()
            for state in positions:
                bot.choose(observe(state, 0), rng)
            best_pipe = min(best_pipe, (time.perf_counter() - start) / len(positions))
            parent_cpu += time.process_time() - cpu
    finally:
        bot.close()
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    bot_cpu = after.ru_utime + after.ru_stime - children.ru_utime - children.ru_stime
    decisions = len(positions) * rounds
    return best_here, best_pipe, parent_cpu / decisions, bot_cpu / decisions


def pipe_floor(positions: list[GameState], echo: str, rounds: int) -> float:
    """The best seconds per round trip of the positions' decide lines to the program ``echo``."""
    writer = DecideWriter()
    lines = []
    for state in positions:
        view = observe(state, 0)
        lines.append(writer.line(DEFAULT_CLOCK.start(), [str(move) for move in view.legal_moves()],
                                 to_dict(view), view.rules, 1))
    process = subprocess.Popen([echo], stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0)
    assert process.stdin is not None and process.stdout is not None
    into, out = process.stdin.fileno(), process.stdout.fileno()
    best = float("inf")
    try:
        for _ in range(rounds):
            start = time.perf_counter()
            for line in lines:
                os.write(into, line)
                answer = b""
                while not answer.endswith(b"\n"):
                    select.select([out], [], [], 10.0)
                    answer += os.read(out, 65_537)
            best = min(best, (time.perf_counter() - start) / len(lines))
    finally:
        process.stdin.close()
        process.wait()
        process.stdout.close()
    return best


def tournament_share(games: int, rounds: int) -> tuple[float, float]:
    """The best games per second of a tournament and of simulate, playing the same games."""
    bots = ["heuristic", "random"]
    best_arena = best_simulate = 0.0
    for _ in range(rounds):
        start = time.perf_counter()
        tournament(TABLE, bots, games, seed=1, workers=1)
        best_arena = max(best_arena, games / (time.perf_counter() - start))
        start = time.perf_counter()
        simulate(TABLE, bots, games, seed=1, workers=1, rotate=True)
        best_simulate = max(best_simulate, games / (time.perf_counter() - start))
    return best_arena, best_simulate


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games of each measurement (default 200)")
    parser.add_argument("--rounds", type=int, default=3, help="rounds; the best is kept (default 3)")
    parser.add_argument("--bot", choices=("c", "python"), default="c",
                        help="the process bot: the C example (default) or the Python one")
    args = parser.parse_args()
    print(f"load average before: {os.getloadavg()[0]:.2f}")
    with tempfile.TemporaryDirectory() as folder:
        program = compiled(BOTS / "random_move.c", Path(folder)) if args.bot == "c" else None
        echo = None
        if program is not None:
            source = Path(folder) / "echo.c"
            source.write_text(ECHO)
            echo = compiled(source, Path(folder))
        here: FirstMoveBot | SeedMoveBot
        if program is None:
            command, here, what = [sys.executable, str(BOTS / "first_move.py")], FirstMoveBot(), "first_move.py"
        else:
            command, here, what = [program], SeedMoveBot(), "random_move.c"
        positions = _positions(args.games, here)
        in_process, pipe, parent_cpu, bot_cpu = decision_overhead(positions, command, here, args.rounds)
        print(f"decisions of {what}: {len(positions)} of {args.games} two-player games")
        print(f"  in this process      {in_process * 1e6:8.1f} us a decision")
        print(f"  over the protocol    {pipe * 1e6:8.1f} us a decision")
        print(f"  overhead             {(pipe - in_process) * 1e6:8.1f} us a decision (target: at most 100)")
        print(f"  CPU over the protocol: {parent_cpu * 1e6:.1f} us here and {bot_cpu * 1e6:.1f} us in the bot a decision")
        if echo is not None:
            floor = pipe_floor(positions, echo, args.rounds)
            print(f"  floor: the pipe's round trip of the same lines to a C echo {floor * 1e6:.1f} us")
    games = args.games - args.games % 2
    arena, simulated = tournament_share(games, args.rounds)
    print(f"heuristic against random, {games} games in this process:")
    print(f"  tournament           {arena:8.1f} games/s")
    print(f"  simulate             {simulated:8.1f} games/s")
    print(f"  tournament/simulate  {arena / simulated:8.1%} (target: at least 90%)")
    print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
