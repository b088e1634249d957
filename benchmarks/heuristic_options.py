"""How the heuristic fares against lowest-card-first with every option that changes play.

The same duplicate format as ``benchmarks/strength.py`` (seats rotated, each
deal played in every rotation, on every core with
:func:`threeup3down.simulation.simulate`), under one table with draw instead
(O2), reverse (O3), pile swap (O5), chosen faces (O6), same-colour swap (O7),
a draw before each owed play of a Clear +2 (C3), early draws of one card (C2),
a regular Clear ending the turn during owed plays (C5) and places (O1). It
prints win rates with 95% Wilson intervals for 2 and 4 players.

Run ``python benchmarks/heuristic_options.py`` (``--games`` per table size).
"""

from __future__ import annotations

import argparse
import datetime
import time

from threeup3down import Rules
from threeup3down.core.rules import ClearTwoDraw, EarlyDraw
from threeup3down.simulation import simulate

__all__ = ["every_option"]


def every_option(players: int) -> Rules:
    """A table of ``players`` with every option that changes play switched on."""
    return Rules(
        players=players,
        draw_instead=True,
        reverse_on_one=True,
        pile_swap=True,
        chosen_faces=True,
        same_colour_swap=True,
        clear_two_draw=ClearTwoDraw.EACH,
        early_draw=EarlyDraw.ONE,
        clear_ends_turn=True,
        places=True,
    )


def main() -> None:
    """Play the pairings and print the rates."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games per table size (default 2000)")
    parser.add_argument("--workers", type=int, default=None, help="worker processes (default: every core)")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    print(f"heuristic vs lowest, every option, {datetime.date.today()}, seed {args.seed}, duplicate format")
    start = time.perf_counter()
    for players in (2, 4):
        bots = ["heuristic"] + ["lowest"] * (players - 1)
        games = args.games - args.games % players
        result = simulate(every_option(players), bots, games, seed=args.seed, rotate=True, workers=args.workers)
        rate = result.win_rate("heuristic")
        print(f"{players}p heuristic vs lowest  {result.games:>6} games  {rate.count:>5} wins  {rate}  "
              f"(even share {1 / players:.0%}); {result.stalemates} stalemates", flush=True)
    print(f"{time.perf_counter() - start:.0f} s in all")


if __name__ == "__main__":
    main()
