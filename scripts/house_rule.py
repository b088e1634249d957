"""Data for the docs' house-rule example: does the same-colour swap (O7) change games?

Plays four-player games between heuristic bots with the same-colour swap (O7)
off and on, the same seeds for both, and prints the game-length histograms and
the counts the docs page plots, as JSON; with ``--out`` it writes them to a
file instead. The docs build only reads the stored ``docs/_data/house_rule.json``,
so it stays fast.

Run from the repository root: ``python scripts/house_rule.py [--games N]``;
``--out docs/_data/house_rule.json`` replaces the stored data (1,000 games per
setting).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from threeup3down import Rules
from threeup3down.simulation import simulate

__all__ = ["main"]

def main() -> None:
    """Simulate both settings and print the data, or write it to ``--out``."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--out", type=Path, default=None, help="write the JSON to this file (default: print it)")
    args = parser.parse_args()
    settings: dict[str, object] = {}
    for swap in (False, True):
        rules = Rules(players=4, same_colour_swap=swap)
        result = simulate(rules, ["heuristic"] * 4, args.games, seed=args.seed)
        settings["O7 on" if swap else "O7 off"] = {
            "lengths": result.length_histogram,
            "mean": result.mean_length,
            "median": result.median_length,
            "p95": result.p95_length,
            "seat_wins": result.seat_wins,
            "stalemates": result.stalemates,
            "clears_per_game": result.clears / result.games,
            "pick_ups_per_game": result.pick_ups / result.games,
        }
    data = {"games": args.games, "seed": args.seed, "bots": "heuristic x4", "settings": settings}
    text = json.dumps(data, indent=1) + "\n"
    if args.out is None:
        sys.stdout.write(text)
    else:
        args.out.write_text(text, encoding="utf-8")
        print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
