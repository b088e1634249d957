"""Costs of the arena: a bot over standard input and output per decision, and a tournament against simulate.

It prints two figures, each the best of ``--rounds`` rounds:

* **the overhead of a process bot per decision**: the same decisions (every
  decision of ``--games`` two-player games between the first-move bot and
  the lowest-card bot) asked of :class:`~threeup3down.arena.ProcessBot`
  running ``examples/bots/first_move.py`` and of the same bot in this
  process; the difference per decision is what the protocol costs (the
  observation document, JSON both ways, the pipe, the child's parsing).
  Target: at most 100 µs on this machine. The CPU time of both processes
  per decision is printed too: on a busy machine the wall time also holds
  the wait for a core, at each of the two hand-overs a decision makes.
* **a tournament's games per second against simulate's**:
  :func:`~threeup3down.arena.tournament` and
  :func:`~threeup3down.simulation.simulate` (``rotate=True``) playing the
  same ``--games`` two-player games of the heuristic against the random bot
  in this process (``workers=1``), interleaved round by round so that other
  work on the machine weighs on both alike. Target: at least 90%.

Run ``python benchmarks/arena.py [--games N] [--rounds R]``. The load average
is printed before and after: on a machine shared with other work, the
figures measure that work too.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import sys
import time
from pathlib import Path

from threeup3down import GameState, Move, Observation, Rules, new_game, observe
from threeup3down.arena import ProcessBot, tournament
from threeup3down.bots import LowestCardBot, chooser
from threeup3down.core.engine import apply
from threeup3down.simulation import simulate

__all__ = ["decision_overhead", "tournament_share"]

FIRST_MOVE = Path(__file__).resolve().parent.parent / "examples" / "bots" / "first_move.py"
TABLE = Rules(players=2)


class FirstMoveBot:
    """The example bot's play, in this process."""

    def choose(self, observation: Observation, rng: random.Random) -> Move:
        return observation.legal_moves()[0]


def _positions(games: int) -> list[GameState]:
    """Every position of ``games`` games where the first-move bot (seat 0) decides."""
    positions = []
    lowest = chooser(LowestCardBot())
    for seed in range(games):
        state = new_game(TABLE, seed=seed)
        while not state.is_over:
            if state.current_player == 0:
                positions.append(state)
                move = observe(state, 0).legal_moves()[0]
            else:
                move = lowest(state, random.Random(0))
            state = apply(state, move)
    return positions


def decision_overhead(games: int, rounds: int) -> tuple[int, float, float, float, float]:
    """The decisions; the best seconds per decision in this process and over
    the protocol; and the CPU seconds per decision over the protocol of this
    process and of the bot's (its start included)."""
    positions = _positions(games)
    bot = ProcessBot([sys.executable, str(FIRST_MOVE)])
    here = FirstMoveBot()
    rng = random.Random(0)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    bot.choose(observe(positions[0], 0), rng)  # start the process outside the timing
    best_here = best_pipe = float("inf")
    parent_cpu = 0.0
    try:
        for _ in range(rounds):
            start = time.perf_counter()
            for state in positions:
                here.choose(observe(state, 0), rng)
            best_here = min(best_here, (time.perf_counter() - start) / len(positions))
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
    return len(positions), best_here, best_pipe, parent_cpu / decisions, bot_cpu / decisions


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
    args = parser.parse_args()
    print(f"load average before: {os.getloadavg()[0]:.2f}")
    decisions, here, pipe, parent_cpu, bot_cpu = decision_overhead(args.games, args.rounds)
    print(f"decisions: {decisions} of {args.games} two-player games")
    print(f"  in this process      {here * 1e6:8.1f} us a decision")
    print(f"  over the protocol    {pipe * 1e6:8.1f} us a decision")
    print(f"  overhead             {(pipe - here) * 1e6:8.1f} us a decision (target: at most 100)")
    print(f"  CPU over the protocol: {parent_cpu * 1e6:.1f} us here and {bot_cpu * 1e6:.1f} us in the bot a decision")
    games = args.games - args.games % 2
    arena, simulated = tournament_share(games, args.rounds)
    print(f"heuristic against random, {games} games in this process:")
    print(f"  tournament           {arena:8.1f} games/s")
    print(f"  simulate             {simulated:8.1f} games/s")
    print(f"  tournament/simulate  {arena / simulated:8.1%} (target: at least 90%)")
    print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
