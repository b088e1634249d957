"""Speed of :func:`threeup3down.simulation.simulate`: games per second on 1 and 2 workers.

For random and heuristic bots at a table of four, it plays the same games
with one worker (in this process) and with two worker processes, the two
interleaved round by round so that other work on the machine weighs on both
alike, and prints for each the best round's

* wall time and games/s, the speed-up of two workers over one and the
  scaling efficiency (speed-up / workers);
* CPU time of the workers and games per CPU second (games/s per core), and
  the CPU time the parent spent merging tallies and calling back;
* how long a million games would take on two workers at that speed.

Then it splits one decision (a *step*) of those games into the engine's part
(:func:`~threeup3down.legal_moves` and :func:`~threeup3down.apply`) and the
rest (the bot, its observation, the counting and the loop).

Run ``python benchmarks/simulate.py [--games N] [--rounds R]``. The load
average is printed before and after: on a machine shared with other work,
the two-worker figures measure that work too.

``--instructions`` prints instead, with ``valgrind`` on the ``PATH``, the
instructions a random four-player game costs as a worker of ``simulate``
plays it (``simulate(..., workers=1)``: the deal, the random bots' choices,
``apply`` and the tally), counted by ``valgrind --tool=cachegrind``: noise-free, unlike
the times. *From a fresh process* is ``--games`` games (default 200, seed 0)
less a run that only imports; *after a warm-up* plays ``--warm`` games
(default 300, seed 1) first in both runs, as a worker of a long run has
filled the engine's memos of moves by then.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import resource
import subprocess
import sys
import tempfile
import time

import attrs

from threeup3down import GameState, Move, Rules, apply, legal_moves, new_game
from threeup3down.bots import chooser, make_bot
from threeup3down.simulation import game_seed, simulate

__all__ = ["Run", "game_instructions", "run", "step_split"]

PLAYERS = 4


@attrs.frozen
class Run:
    """One measured run of ``simulate``."""

    games: int
    """How many games were played."""
    wall: float
    """Elapsed seconds."""
    worker_cpu: float
    """CPU seconds spent playing games, in every worker."""
    parent_cpu: float
    """CPU seconds the calling process spent beside that (with worker processes)."""

    @property
    def games_per_second(self) -> float:
        """Games per second of wall time."""
        return self.games / self.wall

    @property
    def games_per_cpu_second(self) -> float:
        """Games per CPU second of a worker: games/s on one core."""
        return self.games / self.worker_cpu


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run(bot: str, games: int, workers: int, seed: int = 1) -> Run:
    """Time ``games`` games between ``bot`` at every seat on ``workers`` workers."""
    rules = Rules(players=PLAYERS)
    children, own, start = _children_cpu(), time.process_time(), time.perf_counter()
    simulate(rules, [bot] * PLAYERS, games, seed=seed, workers=workers)
    wall = time.perf_counter() - start
    own, children = time.process_time() - own, _children_cpu() - children
    if workers == 1:
        return Run(games, wall, own, 0.0)
    return Run(games, wall, children, own)  # the pool's processes have ended: counted


def _steps(bot: str, games: int, seed: int) -> list[tuple[GameState, Move]]:
    """Every decision of the games ``simulate`` plays for ``seed``, and the move made."""
    steps: list[tuple[GameState, Move]] = []
    for game in range(games):
        state = new_game(Rules(players=PLAYERS), seed=game_seed(seed, game))
        choose = chooser(make_bot(bot))
        rng = random.Random(game_seed(seed, game, "bots"))
        while not state.is_over:
            move = choose(state, rng)
            steps.append((state, move))
            state = apply(state, move)
    return steps


def step_split(bot: str, games: int, rounds: int = 3) -> tuple[float, float, float]:
    """Microseconds of CPU per step: all told, in ``legal_moves``, in ``apply``.

    All told is :func:`~threeup3down.simulation.simulate` playing ``games``
    games in this process (``workers=1``, as each worker plays its batches);
    the engine's share is timed over the same positions, the three interleaved
    round by round, the best round of each counting.
    """
    steps = _steps(bot, games, seed=2)

    def play() -> None:
        simulate(Rules(players=PLAYERS), [bot] * PLAYERS, games, seed=2, workers=1)

    def listing() -> None:
        for state, _ in steps:
            legal_moves(state)

    def applying() -> None:
        for state, move in steps:
            apply(state, move)

    best = [float("inf")] * 3
    for _ in range(rounds):
        for index, work in enumerate((play, listing, applying)):
            start = time.process_time()
            work()
            best[index] = min(best[index], time.process_time() - start)
    total, listed, applied = (seconds * 1e6 / len(steps) for seconds in best)
    return total, listed, applied


def _random_games(seed: int, games: int) -> None:
    """Play ``games`` random four-player games of ``seed`` as a worker of ``simulate`` does."""
    if games:
        simulate(Rules(players=PLAYERS), ["random"] * PLAYERS, games, seed=seed, workers=1)


_TOTAL = re.compile(r"I\s*refs:\s*([\d,]+)")


def _cachegrind(warm: int, games: int) -> int:
    """Instructions of a process that plays ``warm`` games of seed 1, then ``games`` of seed 0."""
    with tempfile.TemporaryDirectory() as scratch:
        result = subprocess.run(
            ["valgrind", "--tool=cachegrind", "--cache-sim=no", f"--cachegrind-out-file={scratch}/out",
             sys.executable, __file__, "--driver", str(warm), str(games)],
            capture_output=True, text=True, check=True, env={**os.environ, "PYTHONHASHSEED": "0"},
        )
    found = _TOTAL.search(result.stderr)
    if found is None:
        raise RuntimeError(f"no instruction count in valgrind's output:\n{result.stderr}")
    return int(found.group(1).replace(",", ""))


def game_instructions(games: int, warm: int = 0) -> float:
    """Instructions per random four-player game: ``games`` games played after
    ``warm`` others, less a run that plays only those (or only imports)."""
    return (_cachegrind(warm, games) - _cachegrind(warm, 0)) / games


def main() -> None:
    """Print the tables."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=None,
                        help="games per run (default 2000; 200 with --instructions)")
    parser.add_argument("--rounds", type=int, default=3, help="interleaved rounds; the best counts (default 3)")
    parser.add_argument("--bots", default="random,heuristic", help="bots to measure (default random,heuristic)")
    parser.add_argument("--instructions", action="store_true",
                        help="instructions per random game under valgrind instead of times")
    parser.add_argument("--warm", type=int, default=300,
                        help="games played first for the warm figure of --instructions (default 300)")
    parser.add_argument("--driver", nargs=2, type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.driver:
        warm, games = args.driver
        _random_games(1, warm)
        _random_games(0, games)
        return
    if args.instructions:
        games = args.games or 200
        print(f"instructions per random {PLAYERS}-player game, as simulate's workers play them "
              f"({games} games, cachegrind)")
        print(f"  from a fresh process:          {game_instructions(games):>12,.0f}")
        print(f"  after a warm-up of {args.warm:>5} games: {game_instructions(games, args.warm):>12,.0f}")
        return
    args.games = args.games or 2000
    print(f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.2f} at the start; "
          f"{args.games} games of {PLAYERS} players per run, best of {args.rounds} interleaved rounds")
    print(f"{'bots':<10} {'workers':>7} {'wall s':>7} {'games/s':>8} {'cpu s':>7} {'games/cpu s':>11} "
          f"{'parent cpu s':>12} {'speed-up':>8} {'1M games':>9}")
    for bot in args.bots.split(","):
        best: dict[int, Run] = {}
        for _ in range(args.rounds):
            for workers in (1, 2):
                result = run(bot, args.games, workers)
                if workers not in best or result.wall < best[workers].wall:
                    best[workers] = result
        for workers, result in sorted(best.items()):
            speed_up = result.games_per_second / best[1].games_per_second
            million = 1_000_000 / result.games_per_second / 60
            print(f"{bot:<10} {workers:>7} {result.wall:>7.2f} {result.games_per_second:>8.1f} "
                  f"{result.worker_cpu:>7.2f} {result.games_per_cpu_second:>11.1f} "
                  f"{result.parent_cpu:>12.2f} {speed_up:>7.2f}x {million:>6.1f} min", flush=True)
    print(f"\n{'bots':<10} {'steps: us/step':>15} {'legal_moves':>12} {'apply':>7} {'engine':>7} {'rest':>7}")
    for bot in args.bots.split(","):
        total, listing, applying = step_split(bot, min(args.games, 200), args.rounds)
        engine = listing + applying
        print(f"{bot:<10} {total:>15.2f} {listing:>12.2f} {applying:>7.2f} "
              f"{engine / total:>7.0%} {1 - engine / total:>7.0%}", flush=True)
    print(f"load average {os.getloadavg()[0]:.2f} at the end")


if __name__ == "__main__":
    main()
