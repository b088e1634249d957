"""Speed of the learning adapters: environment steps per second.

For each adapter whose extra is installed, plays masked uniformly random
actions for about ``--seconds`` and prints steps per second and microseconds
per step: a PettingZoo ``step`` (with ``last()``: the observation tensor and
mask), a Gymnasium ``step`` (the learner's move plus the bots' moves up to its
next turn, with the tensor and mask), and an OpenSpiel ``apply_action`` with
``legal_actions`` (no observation), each for 2 and 4 players.

Run ``python benchmarks/learning_envs.py [--seconds S]``; pin it to one core
(``taskset -c 0``) for steadier figures.
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import time
from collections.abc import Callable

__all__ = ["gymnasium_steps", "openspiel_steps", "pettingzoo_steps"]


def pettingzoo_steps(players: int, seconds: float) -> tuple[int, float]:
    """Steps taken and time spent in the PettingZoo environment."""
    from threeup3down.adapters.pettingzoo import raw_env

    environment = raw_env(players=players)
    steps, start, seed = 0, time.perf_counter(), 0
    while time.perf_counter() - start < seconds:
        environment.reset(seed=seed)
        seed += 1
        for agent in environment.agent_iter():
            observation, _, terminated, truncated, _ = environment.last()
            action = None if terminated or truncated else (
                environment.action_space(agent).sample(observation["action_mask"])
            )
            environment.step(action)
            steps += 1
    return steps, time.perf_counter() - start


def gymnasium_steps(players: int, seconds: float) -> tuple[int, float]:
    """Learner steps taken and time spent in the Gymnasium environment."""
    from threeup3down.adapters.gymnasium import SingleSeatEnv

    environment = SingleSeatEnv(players=players)
    steps, start, seed = 0, time.perf_counter(), 0
    while time.perf_counter() - start < seconds:
        _, info = environment.reset(seed=seed)
        seed += 1
        while True:
            action = environment.action_space.sample(info["action_mask"])
            _, _, terminated, truncated, info = environment.step(action)
            steps += 1
            if terminated or truncated:
                break
    return steps, time.perf_counter() - start


def openspiel_steps(players: int, seconds: float) -> tuple[int, float]:
    """Decisions taken and time spent in the OpenSpiel game (the deal not counted)."""
    from threeup3down.adapters.openspiel import ThreeUpGame

    game = ThreeUpGame({"players": players})
    rng = random.Random(0)
    steps, spent = 0, 0.0
    while spent < seconds:
        state = game.new_initial_state()
        while state.is_chance_node():
            actions, probabilities = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(actions, probabilities)[0])
        start = time.perf_counter()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
        spent += time.perf_counter() - start
    return steps, spent


ADAPTERS: dict[str, tuple[str, Callable[[int, float], tuple[int, float]]]] = {
    "pettingzoo": ("pettingzoo", pettingzoo_steps),
    "gymnasium": ("gymnasium", gymnasium_steps),
    "openspiel": ("pyspiel", openspiel_steps),
}


def main() -> None:
    """Measure every installed adapter and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    arguments = parser.parse_args()
    for name, (module, measure) in ADAPTERS.items():
        if importlib.util.find_spec(module) is None:
            print(f"{name:<11} not installed (pip install -e '.[{name}]')")
            continue
        for players in (2, 4):
            steps, spent = measure(players, arguments.seconds)
            print(
                f"{name:<11} {players} players: {steps / spent:8.0f} steps/s, "
                f"{1e6 * spent / steps:7.0f} µs/step"
            )


if __name__ == "__main__":
    main()
