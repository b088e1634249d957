"""How strong the bots are: win rates with 95% Wilson intervals, in the duplicate format.

Every pairing is played with :func:`threeup3down.simulation.simulate` on every
core, seats rotated and each deal played in every rotation (for two players:
each deal twice, the seats swapped), which cancels the luck of the deal and of
the seat. It prints, for 2 and 4 players:

* the heuristic against :class:`~threeup3down.bots.LowestCardBot`;
* ISMCTS at ``--budget`` iterations against the heuristic (two players), and
  as one of four seats against three heuristics (its share against 1/4);
* the curve of ISMCTS's win rate against the heuristic by budget (``--curve``).

The time ISMCTS takes per move is measured on a sample of decisions in this
process and printed with its budget.

Run ``python benchmarks/strength.py`` for the full tables; ``--scale`` and
``--search-scale`` multiply the game counts of the heuristic's and of
ISMCTS's pairings (the documented run and its command are in the docs).
"""

from __future__ import annotations

import argparse
import datetime
import random
import time

from threeup3down import Rules, new_game, observe
from threeup3down.bots import make_bot, playout
from threeup3down.ismcts import ISMCTSBot
from threeup3down.simulation import SimulationResult, simulate

__all__ = ["ms_per_move", "pairing"]


def pairing(players: int, bot: str, others: str, games: int, seed: int, workers: int | None) -> SimulationResult:
    """``bot`` at one seat against ``others`` at every other seat, seats rotated."""
    bots = [bot] + [others] * (players - 1)
    games -= games % players  # every deal in every rotation
    return simulate(Rules(players=players), bots, games, seed=seed, rotate=True, workers=workers)


def ms_per_move(iterations: int, players: int = 2, decisions: int = 40) -> float:
    """Milliseconds ISMCTS takes per decision at ``iterations``, over a sample of play."""
    bot = ISMCTSBot(iterations=iterations)
    rng = random.Random(0)
    views = []
    for seed in range(4):
        for state, _, _ in playout(new_game(Rules(players=players), seed=seed), [make_bot("heuristic")] * players):
            view = observe(state, state.current_player)
            if len(view.legal_moves()) > 1 and state.phase.value == "play":
                views.append(view)
    sample = rng.sample(views, min(decisions, len(views)))
    start = time.perf_counter()
    for view in sample:
        bot.choose(view, rng)
    return (time.perf_counter() - start) / len(sample) * 1000


def _row(title: str, result: SimulationResult, bot: str, target: float) -> str:
    rate = result.win_rate(bot)
    verdict = "above" if rate.low > target else "NOT above"
    return (f"{title:<44} {result.games:>6} {rate.count:>6}  {rate}  "
            f"lower bound {verdict} {target:.0%}; {result.stalemates} stalemates")


def main() -> None:
    """Play the pairings and print the tables."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scale", type=float, default=1.0, help="multiply the heuristic's game counts (default 1)")
    parser.add_argument("--search-scale", type=float, default=1.0, help="multiply ISMCTS's game counts (default 1)")
    parser.add_argument("--budget", type=int, default=ISMCTSBot.DEFAULT_ITERATIONS, help="ISMCTS iterations")
    parser.add_argument("--curve", default="10,25,50,100", help="budgets of the curve, comma-separated ('' for none)")
    parser.add_argument("--workers", type=int, default=None, help="worker processes (default: every core)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument(
        "--only", default="heuristic,search,curve",
        help="which parts to play: heuristic (vs lowest), search (ISMCTS vs heuristic), curve",
    )
    args = parser.parse_args()

    def games(count: int, scale: float) -> int:
        return max(4, int(count * scale))

    ismcts = f"ismcts:{args.budget}"
    print(f"strength, {datetime.date.today()}, seed {args.seed}, duplicate format (seats rotated)")
    print(f"ISMCTS budget {args.budget} iterations = {ms_per_move(args.budget):.0f} ms per move (2 players)")
    print(f"{'pairing':<44} {'games':>6} {'wins':>6}  win rate [95% Wilson]")
    start = time.perf_counter()
    parts = set(args.only.split(","))
    for players in (2, 4) if "heuristic" in parts else ():
        target = 1 / players
        result = pairing(players, "heuristic", "lowest", games(2000, args.scale), args.seed, args.workers)
        print(_row(f"{players}p heuristic vs lowest", result, "heuristic", target), flush=True)
    main_result = None
    if "search" in parts:
        result = main_result = pairing(2, ismcts, "heuristic", games(400, args.search_scale), args.seed, args.workers)
        print(_row(f"2p {ismcts} vs heuristic", result, ismcts, 0.5), flush=True)
        print(f"   mean game length {result.mean_length:.0f} turns", flush=True)
        result = pairing(4, ismcts, "heuristic", games(400, args.search_scale), args.seed, args.workers)
        print(_row(f"4p {ismcts} vs 3 heuristics", result, ismcts, 0.25), flush=True)
    if args.curve and "curve" in parts:
        print("\ncurve: 2p ISMCTS vs heuristic by budget")
        print(f"{'iterations':>10} {'ms/move':>8} {'games':>6}  win rate [95% Wilson]")
        for budget in (int(text) for text in args.curve.split(",")):
            name = f"ismcts:{budget}"
            if budget == args.budget and main_result is not None:  # the pairing above
                result = main_result
            else:
                result = pairing(2, name, "heuristic", games(200, args.search_scale), args.seed, args.workers)
            print(f"{budget:>10} {ms_per_move(budget, decisions=20):>8.0f} {result.games:>6}  "
                  f"{result.win_rate(name)}", flush=True)
    print(f"\n{time.perf_counter() - start:.0f} s in all")


if __name__ == "__main__":
    main()
