"""Train a small policy on ``threeup3down/SingleSeat-v0`` and show it beats RandomBot.

numpy only. The policy is a softmax over one learned preference per action,
restricted to the legal actions by ``info["action_mask"]``: a learned version
of a fixed plan such as "shed the lowest cards first, keep the Clears". It is
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

from threeup3down.gymnasium import ENVIRONMENT_ID

Mask = npt.NDArray[np.int8]


class PreferencePolicy:
    """A softmax over a learned preference per action, masked to the legal actions."""

    def __init__(self, actions: int) -> None:
        self.preferences = np.zeros(actions)

    def probabilities(self, mask: Mask) -> npt.NDArray[np.float64]:
        """The policy's distribution over the legal actions."""
        logits = np.where(mask == 1, self.preferences, -np.inf)
        odds = np.exp(logits - logits.max())
        return np.asarray(odds / odds.sum(), dtype=np.float64)

    def greedy(self, mask: Mask) -> int:
        """The most preferred legal action."""
        return int(np.argmax(np.where(mask == 1, self.preferences, -np.inf)))

    def update(self, steps: list[tuple[Mask, int]], advantage: float, rate: float) -> None:
        """One REINFORCE step: raise the log-probability of the actions taken by ``advantage``."""
        for mask, action in steps:
            gradient = -self.probabilities(mask)
            gradient[action] += 1.0
            self.preferences += rate * advantage * gradient


def train(environment: gymnasium.Env[Any, Any], seconds: float, seed: int, rate: float) -> tuple[PreferencePolicy, int]:
    """Train against the environment's bots for ``seconds``; the policy and the episodes played."""
    rng = np.random.default_rng(seed)
    policy = PreferencePolicy(int(environment.action_space.n))  # type: ignore[attr-defined]
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


def evaluate(environment: gymnasium.Env[Any, Any], policy: PreferencePolicy | None, games: int, seed: int) -> int:
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
