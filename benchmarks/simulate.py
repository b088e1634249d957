"""Speed of :func:`threeup3down.simulation.simulate`: games per second on 1 and 2 workers.

For random and heuristic bots at a table of four, it plays the same games
with one worker process and with two, and prints games/s, the speed-up, the
scaling efficiency (speed-up / workers) and how long a million games would
take at the two-worker speed.

Run ``python benchmarks/simulate.py [--games N]``; the machine should be
otherwise idle, or the two-worker figure measures the other work too.
"""

from __future__ import annotations

import argparse
import time

from threeup3down import Rules
from threeup3down.simulation import simulate

__all__ = ["games_per_second"]


def games_per_second(bot: str, games: int, workers: int, players: int = 4) -> float:
    """Games per second of ``games`` games between ``bot`` at every seat, on ``workers``."""
    start = time.perf_counter()
    simulate(Rules(players=players), [bot] * players, games, seed=1, workers=workers, batch_size=25)
    return games / (time.perf_counter() - start)


def main() -> None:
    """Print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400, help="games per measurement (default 400)")
    args = parser.parse_args()
    print(f"{'bots':<10} {'1 worker':>9} {'2 workers':>10} {'speed-up':>9} {'efficiency':>11} {'1M games':>9}")
    for bot in ("random", "heuristic"):
        one = games_per_second(bot, args.games, 1)
        two = games_per_second(bot, args.games, 2)
        million = 1_000_000 / two / 60
        print(f"{bot:<10} {one:>9.1f} {two:>10.1f} {two / one:>8.2f}x {two / one / 2:>10.0%} "
              f"{million:>7.0f} min", flush=True)


if __name__ == "__main__":
    main()
