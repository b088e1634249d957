"""Speed of the learning adapters next to the engine they wrap, in one run.

What each line measures, under uniformly random play (each choice: one draw
among the legal actions, ``random.Random.randrange`` over the mask's ones, as
the engine's line draws among its legal moves); no line counts the deal:

* ``engine``: decisions per second of ``legal_moves`` and ``apply`` alone;
* ``pettingzoo``: AEC ``step`` calls per second, each with the ``last()``
  before it (the agent's observation tensor and mask);
* ``gymnasium``: the learner's ``step`` calls per second; each also makes the
  bots' moves up to the learner's next turn (``random`` bots), so the ratio is
  of every decision made (learner's and bots') per second;
* ``openspiel``: ``apply_action`` per second with the ``legal_actions`` before
  it and the mover's ``observation_tensor`` after it.

Each adapter's ratio is its decisions per second over the engine's. The
figures are the best of ``--rounds`` interleaved rounds (as :mod:`timeit`
does: a slower round measures the machine's other work), for 2 and 4 players.
With ``--vector``, ``gymnasium.make_vec`` rollouts follow: environment steps
per second (``num_envs`` per vector step) for N = 1, 16, 256 with
``vectorization_mode="sync"``, and N = 1, 16 with ``"async"`` (one process
per environment; ``--async-max`` raises the bound).

Run ``python benchmarks/learning_envs.py [--seconds S] [--rounds R] [--vector]``;
pin it to one core (``taskset -c 0``) for steadier figures.
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import time
from collections.abc import Callable

import numpy as np
import numpy.typing as npt

from threeup3down import Rules, apply, legal_moves, new_game

__all__ = ["engine_decisions", "gymnasium_steps", "openspiel_steps", "pettingzoo_steps", "vector_steps"]

Measure = Callable[[int, float], tuple[int, int, float]]
"""players, seconds → (steps, decisions, seconds spent)."""


def _choose(mask: npt.NDArray[np.int8], rng: random.Random) -> int:
    actions = np.flatnonzero(mask)
    return int(actions[rng.randrange(len(actions))])


def engine_decisions(players: int, seconds: float) -> tuple[int, int, float]:
    """Decisions made and time spent by the engine alone."""
    rules, rng = Rules(players=players), random.Random(0)
    decisions, spent = 0, 0.0
    while spent < seconds:
        state = new_game(rules, seed=rng.randrange(2**32))
        start = time.perf_counter()
        while not state.is_over:
            moves = legal_moves(state)
            state = apply(state, moves[rng.randrange(len(moves))])
            decisions += 1
        spent += time.perf_counter() - start
    return decisions, decisions, spent


def pettingzoo_steps(players: int, seconds: float) -> tuple[int, int, float]:
    """Steps (with their ``last()``) taken and time spent in the PettingZoo environment."""
    from threeup3down.adapters.pettingzoo import raw_env

    environment, rng = raw_env(players=players), random.Random(0)
    steps, spent, seed = 0, 0.0, 0
    while spent < seconds:
        environment.reset(seed=seed)
        seed += 1
        start = time.perf_counter()
        for _ in environment.agent_iter():
            observation, _, terminated, truncated, _ = environment.last()
            environment.step(None if terminated or truncated else _choose(observation["action_mask"], rng))
            steps += 1
        spent += time.perf_counter() - start
    return steps, steps, spent


def gymnasium_steps(players: int, seconds: float) -> tuple[int, int, float]:
    """Learner steps, decisions (learner's and bots') and time spent in the Gymnasium environment."""
    from threeup3down.adapters.gymnasium import SingleSeatEnv

    environment, rng = SingleSeatEnv(players=players), random.Random(0)
    steps, decisions, spent, seed = 0, 0, 0.0, 0
    while spent < seconds:
        _, info = environment.reset(seed=seed)
        seed += 1
        start = time.perf_counter()
        done = False
        while not done:
            _, _, terminated, truncated, info = environment.step(_choose(info["action_mask"], rng))
            steps += 1
            done = terminated or truncated
        spent += time.perf_counter() - start
        decisions += environment.moves_made
    return steps, decisions, spent


def openspiel_steps(players: int, seconds: float) -> tuple[int, int, float]:
    """Decisions taken and time spent in the OpenSpiel game (the deal not counted)."""
    from threeup3down.adapters.openspiel import ThreeUpGame

    game, rng = ThreeUpGame({"players": players}), random.Random(0)
    steps, spent = 0, 0.0
    while spent < seconds:
        state = game.new_initial_state()
        while state.is_chance_node():
            actions, probabilities = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(actions, probabilities)[0])
        start = time.perf_counter()
        while not state.is_terminal():
            actions = state.legal_actions()
            state.apply_action(actions[rng.randrange(len(actions))])
            if not state.is_terminal():
                state.observation_tensor(state.current_player())
            steps += 1
        spent += time.perf_counter() - start
    return steps, steps, spent


def vector_steps(num_envs: int, mode: str, seconds: float) -> tuple[int, float]:
    """Environment steps and time spent in ``gymnasium.make_vec`` rollouts (the first reset not counted)."""
    import gymnasium

    import threeup3down.adapters.gymnasium  # noqa: F401  (registers the environment)

    environments = gymnasium.make_vec(
        "threeup3down/SingleSeat-v0", num_envs=num_envs, vectorization_mode=mode, players=4
    )
    rng = random.Random(0)
    _, info = environments.reset(seed=0)
    steps, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        masks = info["action_mask"]
        actions = np.array([_choose(mask, rng) if mask.any() else 0 for mask in masks])
        _, _, _, _, info = environments.step(actions)
        steps += num_envs
    spent = time.perf_counter() - start
    environments.close()
    return steps, spent


ADAPTERS: dict[str, tuple[str | None, Measure]] = {
    "engine": (None, engine_decisions),
    "pettingzoo": ("pettingzoo", pettingzoo_steps),
    "gymnasium": ("gymnasium", gymnasium_steps),
    "openspiel": ("pyspiel", openspiel_steps),
}


def main() -> None:
    """Measure the engine and every installed adapter, round by round, and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="seconds per round and line")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--vector", action="store_true", help="also measure make_vec rollouts")
    parser.add_argument("--async-max", type=int, default=16, help="the largest async vector to run")
    arguments = parser.parse_args()
    installed = {}
    for name, (module, measure) in ADAPTERS.items():
        if module is not None and importlib.util.find_spec(module) is None:
            print(f"{name:<11} not installed (pip install -e '.[{name}]')")
            continue
        installed[name] = measure
    for players in (2, 4):
        best: dict[str, tuple[float, float]] = {}
        for _ in range(arguments.rounds):
            for name, measure in installed.items():
                steps, decisions, spent = measure(players, arguments.seconds)
                rate = (steps / spent, decisions / spent)
                if rate[1] > best.get(name, (0.0, 0.0))[1]:
                    best[name] = rate
        engine = best["engine"][1]
        for name, (steps_rate, decisions_rate) in best.items():
            print(
                f"{name:<11} {players} players: {steps_rate:8.0f} steps/s, {1e6 / steps_rate:6.1f} µs/step, "
                f"{decisions_rate:8.0f} decisions/s, {decisions_rate / engine:5.2f} × the engine"
            )
    if arguments.vector and "gymnasium" in installed:
        for mode, sizes in (("sync", (1, 16, 256)), ("async", (1, 16, 256))):
            for num_envs in sizes:
                if mode == "async" and num_envs > arguments.async_max:
                    continue
                steps, spent = vector_steps(num_envs, mode, arguments.seconds * arguments.rounds)
                print(f"make_vec {mode:<5} N={num_envs:<3} 4 players: {steps / spent:8.0f} steps/s")


if __name__ == "__main__":
    main()
