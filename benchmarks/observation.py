"""Cost of listing moves from an observation against listing them from the state.

A bot that sees only its own seat lists its moves with
:meth:`~threeup3down.views.observation.Observation.legal_moves`; this prints what
that costs next to :func:`~threeup3down.legal_moves` on the full state, over
the same positions: every decision of random games for 2, 4 and 6 players
(the mover's observation made once per position, before timing).

The two are timed in interleaved rounds (state, observation, state, ...) so
that the machine's other work weighs on both alike, in CPU time
(:func:`time.process_time`); the best round of each is printed as µs per
call, with the median round and the ratio of the best rounds.

Run ``python benchmarks/observation.py [--games G] [--rounds N]``; pin it to
one core (``taskset -c 0``) for steadier figures.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from threeup3down import GameState, Rules, apply, legal_moves, new_game
from threeup3down.views.observation import Observation, observe

__all__ = ["positions", "time_rounds"]


def positions(rules: Rules, games: int, seed: int = 0) -> list[tuple[GameState, Observation]]:
    """Every decision of ``games`` random games, with the mover's observation."""
    rng = random.Random(seed)
    found = []
    for _ in range(games):
        state = new_game(rules, seed=rng.randrange(2**32))
        while not state.is_over:
            found.append((state, observe(state, state.current_player)))
            moves = legal_moves(state)
            state = apply(state, moves[rng.randrange(len(moves))])
    return found


def time_rounds(
    calls: dict[str, Callable[[], object]], rounds: int
) -> dict[str, list[float]]:
    """CPU seconds of each call per round, the calls interleaved within each round."""
    times: dict[str, list[float]] = {name: [] for name in calls}
    for _ in range(rounds):
        for name, call in calls.items():
            start = time.process_time()
            call()
            times[name].append(time.process_time() - start)
    return times


def main() -> None:
    """Print µs per call of both listings for 2, 4 and 6 players."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="random games per table size")
    parser.add_argument("--rounds", type=int, default=7, help="interleaved rounds")
    args = parser.parse_args()
    print(f"{'players':>7} {'positions':>9} {'state µs':>9} {'observation µs':>15} {'ratio':>6}")
    for players in (2, 4, 6):
        found = positions(Rules(players=players), args.games)
        states = [state for state, _ in found]
        views = [view for _, view in found]

        def from_states() -> None:
            for state in states:
                legal_moves(state)

        def from_views() -> None:
            for view in views:
                view.legal_moves()

        times = time_rounds({"state": from_states, "observation": from_views}, args.rounds)
        per_call = {name: [t / len(found) * 1e6 for t in ts] for name, ts in times.items()}
        best = {name: min(ts) for name, ts in per_call.items()}
        median = {name: statistics.median(ts) for name, ts in per_call.items()}
        print(
            f"{players:>7} {len(found):>9} "
            f"{best['state']:>5.2f} ({median['state']:.2f}) "
            f"{best['observation']:>9.2f} ({median['observation']:.2f}) "
            f"{best['observation'] / best['state']:>5.2f}x"
        )
    print("best round (median round) in CPU µs per call; ratio of the best rounds")


if __name__ == "__main__":
    main()
