"""How much the search's choice gains per decision over the heuristic's, by budget and test.

Decisions are taken from games the heuristic plays at every seat (a few with
a choice from each game). At each, every legal move is played out with the
heuristic on ``--deals`` deals drawn with :func:`~threeup3down.sample_state`
(the same deals for every move), and the bot's win recorded. The deals are
then split in two at random, many times: the search's rule chooses from a
sample of ``k`` deals of one half, and the other half, independent of the
choice, scores it. The figure printed is the mean, over decisions, of the
win chance of the move chosen less that of the heuristic's move, in
percentage points (with its standard error over decisions), for each budget
``k`` and each ``confidence`` (standard errors by which another move must
lead the heuristic's; 0 plays the highest total). It also counts the other
moves whose lead or lag over the heuristic's move, on all the deals, is
beyond two standard errors.

The gains are measured in the search's own model of the game (deals drawn
uniformly among those consistent with the observation, every seat played by
the heuristic), which is what the search can know. The documented run and
its command are in the docs (:doc:`/howto/opponents`).
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time

from threeup3down import Observation, Rules, apply, legal_moves, new_game, observe, sample_state
from threeup3down.bots import playout
from threeup3down.bots.heuristic import HeuristicBot
from threeup3down.core.phase import Phase
from threeup3down.core.state import GameState

__all__ = ["Decision", "decisions", "gain", "outcomes"]

_POLICY = HeuristicBot()
Decision = tuple[int, list[list[int]]]
"""A decision: the index of the heuristic's move, and by deal, by move, 1 for a win."""


def _play_out(state: GameState, rng: random.Random) -> GameState:
    """``state`` played to the end by the heuristic at every seat."""
    while not state.is_over:
        moves = legal_moves(state)
        move = moves[0] if len(moves) == 1 else _POLICY.choose(observe(state, state.current_player), rng)
        state = apply(state, move)
    return state


def decisions(players: int, count: int, seed: int) -> list[Observation]:
    """``count`` observations of a seat to move with a choice, in heuristic games.

    >>> len(decisions(2, 3, seed=1))
    3
    """
    rng = random.Random(seed)
    found: list[Observation] = []
    game = 0
    while len(found) < count:
        views = []
        rules = Rules(players=players)
        for state, _, _ in playout(new_game(rules, seed=seed * 100_000 + game), [_POLICY] * players):
            view = observe(state, state.current_player)
            if state.phase is Phase.PLAY and len(view.legal_moves()) > 1:
                views.append(view)
        found.extend(rng.sample(views, min(6, len(views))))
        game += 1
    return found[:count]


def outcomes(view: Observation, deals: int, rng: random.Random) -> Decision:
    """The heuristic's move at ``view`` and, by deal, by legal move, whether the seat won.

    >>> preferred, rows = outcomes(decisions(2, 1, seed=1)[0], 2, random.Random(0))
    >>> len(rows), set(value for row in rows for value in row) <= {0, 1}
    (2, True)
    """
    moves = view.legal_moves()
    preferred = moves.index(_POLICY.choose(view, rng))
    rows = []
    for _ in range(deals):
        state = sample_state(view, rng)
        rows.append([int(_play_out(apply(state, move), rng).winner == view.player) for move in moves])
    return preferred, rows


def _choice(preferred: int, rows: list[list[int]], confidence: float) -> int:
    """The search's rule: another move only for a mean lead beyond ``confidence`` errors."""
    best, best_lead = preferred, 0.0
    for index in range(len(rows[0])):
        if index == preferred:
            continue
        leads = [row[index] - row[preferred] for row in rows]
        lead = statistics.fmean(leads)
        error = statistics.pstdev(leads) / math.sqrt(len(leads))
        if lead > best_lead and lead > confidence * error:
            best, best_lead = index, lead
    return best


def gain(data: list[Decision], budget: int, confidence: float, rng: random.Random, splits: int = 10) -> tuple[float, float, float]:
    """Mean gain per decision over the heuristic's move (points), its standard error,
    and how often the rule leaves the heuristic's move.

    >>> gain([(0, [[1, 0], [1, 0], [0, 0], [1, 1]])], 1, 0.0, random.Random(0))[0] <= 0
    True
    """
    per_decision, left, tried = [], 0, 0
    for preferred, rows in data:
        half = len(rows) // 2
        gains = []
        for _ in range(splits):
            order = rng.sample(range(len(rows)), len(rows))
            chosen_from = [rows[index] for index in rng.sample(order[:half], min(budget, half))]
            scored = [rows[index] for index in order[half:]]
            choice = _choice(preferred, chosen_from, confidence)
            gains.append(sum(row[choice] - row[preferred] for row in scored) / len(scored))
            left += choice != preferred
            tried += 1
        per_decision.append(statistics.fmean(gains))
    error = statistics.stdev(per_decision) / math.sqrt(len(per_decision)) if len(per_decision) > 1 else 0.0
    return 100 * statistics.fmean(per_decision), 100 * error, left / tried


def main() -> None:
    """Collect the decisions, then print the gains of each budget and test."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--positions", type=int, default=150, help="decisions to examine")
    parser.add_argument("--deals", type=int, default=200, help="deals sampled at each position (half to choose, half to score)")
    parser.add_argument("--budgets", default="8,16,32,64", help="deals the rule chooses from, comma-separated")
    parser.add_argument("--confidence", default="0,1,2,3", help="standard errors, comma-separated")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    start = time.perf_counter()
    rng = random.Random(args.seed)
    data = [outcomes(view, args.deals, rng) for view in decisions(args.players, args.positions, args.seed)]
    better = worse = others = 0
    for preferred, rows in data:
        for index in range(len(rows[0])):
            if index != preferred:
                leads = [row[index] - row[preferred] for row in rows]
                error = 2 * statistics.pstdev(leads) / math.sqrt(len(leads))
                others += 1
                better += statistics.fmean(leads) > error > 0
                worse += statistics.fmean(leads) < -error < 0
    print(f"{args.players} players, {len(data)} decisions, {args.deals} deals each, seed {args.seed}")
    print(f"other moves: {others}; beyond 2 standard errors better than the heuristic's {better}, worse {worse}")
    print(f"{'deals':>5} {'confidence':>10}  gain per decision (points)  leaves the heuristic's move")
    for budget in (int(text) for text in args.budgets.split(",")):
        for confidence in (float(text) for text in args.confidence.split(",")):
            mean, error, left = gain(data, budget, confidence, random.Random(args.seed))
            print(f"{budget:>5} {confidence:>10g}  {mean:+.2f} ± {error:.2f}{'':14} {left:.1%}")
    print(f"{time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
