"""Speed of the engine under uniformly random play.

Plays random games (each decision: one ``legal_moves`` and one ``apply``,
choosing uniformly among the legal moves) for 2, 4 and 6 players and prints
games per second, decisions per second, microseconds per decision, the mean
game length and the share of games ending in stalemate (the turn limit, O10).

Each table size is measured in several rounds; the speed printed is the best
round's (as :mod:`timeit` does: a slower round measures the machine's other
work, not the engine) and the median round's µs per decision follows it.

Run ``python benchmarks/random_games.py [--seconds S] [--rounds N] [--options]``;
pin it to one core (``taskset -c 0``) for steadier figures.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from threeup3down import Rules, apply, legal_moves, new_game

__all__ = ["measure"]


def measure(rules: Rules, seconds: float, seed: int = 0) -> dict[str, float]:
    """Play random games under ``rules`` for about ``seconds``; return the figures."""
    rng = random.Random(seed)
    games = decisions = stalemates = 0
    elapsed = 0.0
    while elapsed < seconds:
        state = new_game(rules, seed=rng.randrange(2**32))
        start = time.perf_counter()
        count = 0
        while not state.is_over:
            moves = legal_moves(state)
            state = apply(state, moves[rng.randrange(len(moves))])
            count += 1
        elapsed += time.perf_counter() - start
        games += 1
        decisions += count
        stalemates += state.is_stalemate
    return {
        "games/s": games / elapsed,
        "decisions/s": decisions / elapsed,
        "us/decision": elapsed / decisions * 1e6,
        "decisions/game": decisions / games,
        "stalemate %": 100 * stalemates / games,
        "games": games,
    }


def main() -> None:
    """Print the figures for 2, 4 and 6 players."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="per round")
    parser.add_argument("--rounds", type=int, default=5, help="rounds per table size")
    parser.add_argument(
        "--options", action="store_true", help="with every optional rule that changes play on"
    )
    args = parser.parse_args()
    print(f"{'players':>7} {'games/s':>9} {'decisions/s':>12} {'us/decision':>12} "
          f"{'(median)':>9} {'decisions/game':>15} {'stalemate %':>12} {'games':>6}")
    for players in (2, 4, 6):
        rules = Rules(players=players)
        if args.options:
            rules = Rules(
                players=players, places=True, draw_instead=True, reverse_on_one=True,
                same_colour_swap=True, pile_swap=True, chosen_faces=True,
            )
        rounds = [measure(rules, args.seconds, seed) for seed in range(args.rounds)]
        best = min(rounds, key=lambda figures: figures["us/decision"])
        median = statistics.median(figures["us/decision"] for figures in rounds)
        games = sum(figures["games"] for figures in rounds)
        decisions = sum(figures["games"] * figures["decisions/game"] for figures in rounds)
        stalemates = sum(figures["games"] * figures["stalemate %"] for figures in rounds)
        print(f"{players:>7} {best['games/s']:>9.0f} {best['decisions/s']:>12.0f} "
              f"{best['us/decision']:>12.2f} {median:>9.2f} {decisions / games:>15.1f} "
              f"{stalemates / games:>12.2f} {games:>6.0f}")


if __name__ == "__main__":
    main()
