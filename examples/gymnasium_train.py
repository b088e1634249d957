"""Train a small policy on ``threeup3down/SingleSeat-v0`` and show it beats RandomBot.

numpy only. The policy is a softmax over the legal actions (from
``info["action_mask"]``) of a learned linear score of each action's features:
its kind, the rank and number of cards it plays, where from, and for a 3UP
choice how high the chosen cards are. It learns a fixed plan, in the spirit of
"shed the lowest cards first, keep the Clears", with a few dozen weights. It is
trained by REINFORCE (the episode's final reward, less a running baseline)
against ``RandomBot`` for a bounded time, then evaluated greedily on fresh
deals next to an untrained (uniformly random) policy; each result is a win
rate with a 95 % confidence interval.

Needs the ``[gymnasium]`` extra. Run::

    python examples/gymnasium_train.py --seconds 120 --games 300
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from win_rate import format_win_rate

from threeup3down import ChooseUp, Move, Play, Rank, Source
from threeup3down.adapters.encoding import ActionCodec
from threeup3down.adapters.gymnasium import ENVIRONMENT_ID, SingleSeatEnv

Mask = npt.NDArray[np.int8]
KINDS = ("pick", "draw", "v0", "v1", "v2", "take", "keep", "swap", "up", "play")


def action_features(move: Move) -> list[float]:
    """The features of the action ``move`` stands for."""
    text = str(move)
    kind = "play" if isinstance(move, Play) else "up" if isinstance(move, ChooseUp) else text.split(":")[0]
    features = [float(kind == name) for name in KINDS]
    ranks = [0.0] * len(Rank)
    count = from_up = height = clears = 0.0
    if isinstance(move, Play):
        ranks[move.cards[0].rank - 1] = 1.0
        count = len(move.cards) / 4
        from_up = float(move.source is Source.UP)
    if isinstance(move, ChooseUp):
        height = sum(card.rank for card in move.cards) / (3 * len(Rank))
        clears = sum(card.rank.is_clear for card in move.cards) / 3
    return features + ranks + [count, from_up, height, clears]


def feature_matrix(codec: ActionCodec) -> npt.NDArray[np.float64]:
    """One row of features per action."""
    return np.array([action_features(codec.representative(a)) for a in range(codec.num_actions)])


class LinearPolicy:
    """A softmax over the legal actions of a linear score of their features."""

    def __init__(self, features: npt.NDArray[np.float64]) -> None:
        self.features = features
        self.weights = np.zeros(features.shape[1])

    def probabilities(self, mask: Mask) -> npt.NDArray[np.float64]:
        """The policy's distribution over the legal actions."""
        legal = np.flatnonzero(mask)
        scores = self.features[legal] @ self.weights
        odds = np.exp(scores - scores.max())
        probabilities = np.zeros(len(mask))
        probabilities[legal] = odds / odds.sum()
        return probabilities

    def greedy(self, mask: Mask) -> int:
        """The best-scored legal action."""
        legal = np.flatnonzero(mask)
        return int(legal[np.argmax(self.features[legal] @ self.weights)])

    def update(self, steps: list[tuple[Mask, int]], advantage: float, rate: float) -> None:
        """One REINFORCE step: raise the log-probability of the actions taken by ``advantage``."""
        for mask, action in steps:
            expected = self.probabilities(mask) @ self.features
            self.weights += rate * advantage * (self.features[action] - expected)


def train(environment: gymnasium.Env[Any, Any], seconds: float, seed: int, rate: float) -> tuple[LinearPolicy, int]:
    """Train against the environment's bots for ``seconds``; the policy and the episodes played."""
    rng = np.random.default_rng(seed)
    unwrapped = environment.unwrapped
    assert isinstance(unwrapped, SingleSeatEnv)
    policy = LinearPolicy(feature_matrix(unwrapped.codec))
    baseline = 0.0
    episodes = 0
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        _, info = environment.reset(seed=int(rng.integers(2**31)))
        steps = []
        while True:
            mask = info["action_mask"]
            action = int(rng.choice(len(mask), p=policy.probabilities(mask)))
            steps.append((mask, action))
            _, reward, terminated, truncated, info = environment.step(action)
            if terminated or truncated:
                break
        episodes += 1
        final = float(reward)
        policy.update(steps, final - baseline, rate)
        baseline += 0.05 * (final - baseline)
    return policy, episodes


def evaluate(environment: gymnasium.Env[Any, Any], policy: LinearPolicy | None, games: int, seed: int) -> int:
    """Games won in ``games`` fresh deals, playing greedily (or uniformly at random without a policy)."""
    rng = np.random.default_rng(seed)
    wins = 0
    for game in range(games):
        _, info = environment.reset(seed=seed + game)
        while True:
            mask = info["action_mask"]
            action = int(rng.choice(np.flatnonzero(mask))) if policy is None else policy.greedy(mask)
            _, reward, terminated, truncated, info = environment.step(action)
            if terminated or truncated:
                break
        wins += float(reward) > 0
    return wins


def main() -> None:
    """Train, evaluate and print the win rates against RandomBot."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=120.0)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--rate", type=float, default=0.05)
    parser.add_argument("--seed", type=int, default=1)
    arguments = parser.parse_args()
    environment = gymnasium.make(ENVIRONMENT_ID, players=2, opponents="random", turn_limit=400)
    policy, episodes = train(environment, arguments.seconds, arguments.seed, arguments.rate)
    evaluation_seed = 10**6 + arguments.seed
    untrained = evaluate(environment, None, arguments.games, evaluation_seed)
    trained = evaluate(environment, policy, arguments.games, evaluation_seed)
    print(f"trained for {arguments.seconds:.0f} s ({episodes} episodes) against RandomBot, 2 players")
    print(f"untrained (uniform) policy wins {format_win_rate(untrained, arguments.games)}")
    print(f"trained policy wins             {format_win_rate(trained, arguments.games)}")


if __name__ == "__main__":
    main()
