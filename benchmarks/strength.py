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
process and printed with its budget; every search pairing also prints the
seconds a game took (wall time times workers, over the games), which holds
the heuristic's moves and the engine's too.

Run ``python benchmarks/strength.py`` for the full tables; ``--scale`` and
``--search-scale`` multiply the game counts of the heuristic's and of
ISMCTS's pairings, and ``--games4`` sets the four-player search games alone
(``--only search4 --games4 2000``; the documented runs and their commands
are in the docs).
"""

from __future__ import annotations

import argparse
import datetime
import os
import random
import time
from collections.abc import Callable

from threeup3down import Rules, new_game, observe
from threeup3down.bots import make_bot, play_game, playout
from threeup3down.bots.ismcts import ISMCTSBot
from threeup3down.simulation import SimulationResult, simulate

__all__ = ["ms_per_move", "pairing", "seconds_per_game"]


def pairing(players: int, bot: str, others: str, games: int, seed: int, workers: int | None) -> SimulationResult:
    """``bot`` at one seat against ``others`` at every other seat, seats rotated."""
    bots = [bot] + [others] * (players - 1)
    games -= games % players  # every deal in every rotation
    return simulate(Rules(players=players), bots, games, seed=seed, rotate=True, workers=workers)


def ms_per_move(iterations: int, players: int = 2, decisions: int = 40) -> float:
    """Milliseconds ISMCTS takes per decision at ``iterations``, over a sample of
    the decisions with more than one legal move in heuristic play."""
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


def seconds_per_game(iterations: int, games: int = 2) -> tuple[float, float]:
    """Seconds (wall, CPU of this process) a two-player game of ISMCTS at
    ``iterations`` against the heuristic takes, seats swapped, on average."""
    bots = [ISMCTSBot(iterations=iterations), make_bot("heuristic")]
    wall, cpu = time.perf_counter(), time.process_time()
    for game in range(games):
        seats = bots if game % 2 == 0 else bots[::-1]
        play_game(new_game(Rules(players=2), seed=game), seats, random.Random(game))
    return (time.perf_counter() - wall) / games, (time.process_time() - cpu) / games


def _row(title: str, result: SimulationResult, bot: str, target: float) -> str:
    rate = result.win_rate(bot)
    verdict = "above" if rate.low > target else "NOT above"
    return (f"{title:<44} {result.games:>6} {rate.count:>6}  {rate}  "
            f"lower bound {verdict} {target:.0%}; {result.stalemates} stalemates")


def _timed(play: Callable[[], SimulationResult], workers: int | None) -> tuple[SimulationResult, str]:
    """The result of ``play()`` and the seconds per game it took on every worker."""
    start = time.perf_counter()
    result = play()
    elapsed = time.perf_counter() - start
    cores = workers or os.cpu_count() or 1
    return result, (f"   {elapsed:.0f} s on {cores} workers: {elapsed * cores / result.games:.1f} s a game, "
                    f"{result.mean_length:.0f} turns")


def main() -> None:
    """Play the pairings and print the tables."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scale", type=float, default=1.0, help="multiply the heuristic's game counts (default 1)")
    parser.add_argument("--search-scale", type=float, default=1.0, help="multiply ISMCTS's game counts (default 1)")
    parser.add_argument(
        "--games4", type=int, default=None,
        help="four-player games of ISMCTS against three heuristics (default: 400 times --search-scale)",
    )
    parser.add_argument("--budget", type=int, default=ISMCTSBot.DEFAULT_ITERATIONS, help="the search bots' iterations per move")
    parser.add_argument("--curve", default="1,2,4,8", help="budgets of the curve, comma-separated ('' for none)")
    parser.add_argument("--workers", type=int, default=None, help="worker processes (default: every core)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument(
        "--only", default="heuristic,search,curve",
        help="which parts to play: heuristic (vs lowest), search (ISMCTS vs heuristic at 2 and 4 "
             "players; search2 or search4 for one of them), curve",
    )
    args = parser.parse_args()

    def games(count: int, scale: float) -> int:
        return max(4, int(count * scale))

    ismcts = f"ismcts:{args.budget}"
    print(f"strength, {datetime.date.today()}, seed {args.seed}, duplicate format (seats rotated)")
    print(f"ISMCTS budget {args.budget} iterations = {ms_per_move(args.budget):.0f} ms per move (2 players)")
    if {"search", "search2", "search4"} & set(args.only.split(",")):
        wall, cpu = seconds_per_game(args.budget)
        print(f"a 2-player game of {ismcts} against the heuristic: {wall:.1f} s ({cpu:.1f} s of CPU)")
    print(f"{'pairing':<44} {'games':>6} {'wins':>6}  win rate [95% Wilson]")
    start = time.perf_counter()
    parts = set(args.only.split(","))
    for players in (2, 4) if "heuristic" in parts else ():
        target = 1 / players
        result = pairing(players, "heuristic", "lowest", games(2000, args.scale), args.seed, args.workers)
        print(_row(f"{players}p heuristic vs lowest", result, "heuristic", target), flush=True)
    main_result = None
    for players in (2, 4):
        if not {"search", f"search{players}"} & parts:
            continue
        count = games(400, args.search_scale)
        if players == 4 and args.games4 is not None:
            count = games(args.games4, 1.0)
        result, timing = _timed(
            lambda: pairing(players, ismcts, "heuristic", count, args.seed, args.workers), args.workers
        )
        if players == 2:
            main_result = result
            print(_row(f"2p {ismcts} vs heuristic", result, ismcts, 0.5), flush=True)
        else:
            print(_row(f"4p {ismcts} vs 3 heuristics", result, ismcts, 0.25), flush=True)
        print(timing, flush=True)
    if args.curve and "curve" in parts:
        print("\ncurve: 2p ISMCTS vs heuristic by budget")
        print(f"{'iterations':>10} {'ms/move':>8} {'games':>6}  win rate [95% Wilson]")
        for budget in (int(text) for text in args.curve.split(",")):
            name = f"ismcts:{budget}"
            if budget == args.budget and main_result is not None:  # the pairing above
                result = main_result
            else:
                count = games(200, args.search_scale)
                result = pairing(2, name, "heuristic", count, args.seed, args.workers)
            print(f"{budget:>10} {ms_per_move(budget, decisions=20):>8.0f} {result.games:>6}  "
                  f"{result.win_rate(name)}", flush=True)
    print(f"\n{time.perf_counter() - start:.0f} s in all")


if __name__ == "__main__":
    main()
