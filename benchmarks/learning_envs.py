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

With ``--floor``, each framework's own cost per step follows, measured by
the same loop over a game that does nothing (the same tensor and mask sizes
and, for OpenSpiel, one observer piece a field; four legal actions; 150 steps
a game): the framework's calls and the line's choice of an action, which no
adapter can go below, and so the most of the engine's decisions per second
an adapter can reach (the engine's time for a step's decisions over that and
the floor together).

Run ``python benchmarks/learning_envs.py [--seconds S] [--rounds R] [--vector] [--floor]``;
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

__all__ = [
    "engine_decisions", "floor_steps", "gymnasium_steps", "openspiel_steps", "pettingzoo_steps", "vector_steps",
]

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


_FLOOR_LENGTH = 150
"""The steps of a game that does nothing."""


def floor_steps(name: str, players: int, seconds: float) -> float:
    """Steps per second of framework ``name``'s own calls, in the loop of its line,
    over a game that does nothing: the observation and mask are fixed arrays of the
    real sizes, the legal actions a fixed few."""
    from threeup3down.adapters.encoder import encoder

    shape, actions = encoder(Rules(players=players)).shape, encoder(Rules(players=players)).codec.num_actions
    tensor, mask = np.zeros(shape, np.float32), np.zeros(actions, np.int8)
    legal = [5, 9, 40, 77]
    mask[legal] = 1
    make = {"pettingzoo": _pettingzoo_floor, "gymnasium": _gymnasium_floor, "openspiel": _openspiel_floor}[name]
    return make(players, tensor, mask, legal, seconds)


def _pettingzoo_floor(
    players: int, tensor: npt.NDArray[np.float32], mask: npt.NDArray[np.int8], legal: list[int], seconds: float
) -> float:
    import gymnasium
    from pettingzoo import AECEnv

    class Idle(AECEnv):  # type: ignore[misc]  # pettingzoo is untyped
        metadata = {"name": "idle"}

        def __init__(self) -> None:
            super().__init__()
            self.possible_agents = [f"player_{seat}" for seat in range(players)]
            space = gymnasium.spaces.Dict({
                "observation": gymnasium.spaces.Box(0.0, 1.0, tensor.shape, dtype=np.float32),
                "action_mask": gymnasium.spaces.Box(0, 1, mask.shape, dtype=np.int8),
            })
            self.observation_spaces = dict.fromkeys(self.possible_agents, space)
            self.action_spaces = dict.fromkeys(self.possible_agents, gymnasium.spaces.Discrete(mask.size))

        def observe(self, agent: str) -> dict[str, npt.NDArray[np.generic]]:
            return {"observation": tensor, "action_mask": mask}

        def reset(self, seed: int | None = None, options: object = None) -> None:
            self.agents = self.possible_agents[:]
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
            self.terminations = dict.fromkeys(self.agents, False)
            self.truncations = dict.fromkeys(self.agents, False)
            self.infos: dict[str, dict[str, object]] = {agent: {} for agent in self.agents}
            self.agent_selection, self.moves = self.agents[0], 0

        def step(self, action: int | None) -> None:  # as ThreeUpEnv.step, with no game
            agent = self.agent_selection
            if self.terminations[agent] or self.truncations[agent]:
                self._was_dead_step(action)
                return
            self._cumulative_rewards[agent] = 0.0
            self.moves += 1
            self._clear_rewards()
            if self.moves == _FLOOR_LENGTH:
                self.terminations = dict.fromkeys(self.agents, True)
            self._accumulate_rewards()
            self.agent_selection = self.possible_agents[self.moves % players]
            self._deads_step_first()

    environment, rng = Idle(), random.Random(0)
    steps, spent = 0, 0.0
    while spent < seconds:
        environment.reset()
        start = time.perf_counter()
        for _ in environment.agent_iter():
            observation, _, terminated, truncated, _ = environment.last()
            environment.step(None if terminated or truncated else _choose(observation["action_mask"], rng))
            steps += 1
        spent += time.perf_counter() - start
    return steps / spent


def _gymnasium_floor(
    players: int, tensor: npt.NDArray[np.float32], mask: npt.NDArray[np.int8], legal: list[int], seconds: float
) -> float:
    import gymnasium

    class Idle(gymnasium.Env[npt.NDArray[np.float32], int]):
        def reset(
            self, *, seed: int | None = None, options: object = None
        ) -> tuple[npt.NDArray[np.float32], dict[str, object]]:
            super().reset(seed=seed)
            self.moves = 0
            return tensor, {"action_mask": mask}

        def step(self, action: int) -> tuple[npt.NDArray[np.float32], float, bool, bool, dict[str, object]]:
            self.moves += 1
            done = self.moves == _FLOOR_LENGTH
            return tensor, 1.0 if done else 0.0, done, False, {"action_mask": mask}

    environment, rng = Idle(), random.Random(0)
    steps, spent = 0, 0.0
    while spent < seconds:
        _, info = environment.reset(seed=0)
        start = time.perf_counter()
        done = False
        while not done:
            _, _, terminated, truncated, info = environment.step(_choose(info["action_mask"], rng))  # type: ignore[arg-type]
            steps += 1
            done = terminated or truncated
        spent += time.perf_counter() - start
    return steps / spent


def _openspiel_floor(
    players: int, tensor: npt.NDArray[np.float32], mask: npt.NDArray[np.int8], legal: list[int], seconds: float
) -> float:
    import pyspiel

    from threeup3down.adapters.encoding import observation_fields

    name = f"python_threeup3down_idle_{players}"
    kind = pyspiel.GameType(
        short_name=name, long_name=name, dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM, reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=players, min_num_players=players,
        provides_information_state_string=False, provides_information_state_tensor=False,
        provides_observation_string=True, provides_observation_tensor=True,
        provides_factored_observation_string=False, parameter_specification={},
    )
    info = pyspiel.GameInfo(
        num_distinct_actions=mask.size, max_chance_outcomes=0, num_players=players,
        min_utility=-1.0, max_utility=1.0, utility_sum=0.0, max_game_length=_FLOOR_LENGTH,
    )
    fields = observation_fields(Rules(players=players))

    class Observer:
        """One piece a field, as ThreeUpObserver has."""

        def __init__(self) -> None:
            self.tensor, self.dict, start = tensor.copy(), {}, 0
            for field, length in fields:
                self.dict[field] = self.tensor[start : start + length]
                start += length

        def set_from(self, state: object, player: int) -> None:
            pass

        def string_from(self, state: object, player: int) -> str:
            return ""

    class Game(pyspiel.Game):  # type: ignore[misc]  # pyspiel is untyped
        def __init__(self, params: object = None) -> None:
            super().__init__(kind, info, {})

        def new_initial_state(self) -> State:
            return State(self)

        def make_py_observer(self, iig_obs_type: object = None, params: object = None) -> Observer:
            return Observer()

    class State(pyspiel.State):  # type: ignore[misc]  # pyspiel is untyped
        def __init__(self, game: Game) -> None:
            super().__init__(game)
            self.moves = 0

        def current_player(self) -> int:
            return int(pyspiel.PlayerId.TERMINAL) if self.moves == _FLOOR_LENGTH else self.moves % players

        def _legal_actions(self, player: int) -> list[int]:
            return legal

        def _apply_action(self, action: int) -> None:
            self.moves += 1

        def is_terminal(self) -> bool:
            return self.moves == _FLOOR_LENGTH

        def returns(self) -> list[float]:
            return [0.0] * players

        def __str__(self) -> str:
            return str(self.moves)

    if name not in pyspiel.registered_names():
        pyspiel.register_game(kind, Game)
    game, rng = pyspiel.load_game(name), random.Random(0)
    steps, spent = 0, 0.0
    while spent < seconds:
        state = game.new_initial_state()
        start = time.perf_counter()
        while not state.is_terminal():
            actions = state.legal_actions()
            state.apply_action(actions[rng.randrange(len(actions))])
            if not state.is_terminal():
                state.observation_tensor(state.current_player())
            steps += 1
        spent += time.perf_counter() - start
    return steps / spent


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
    parser.add_argument("--floor", action="store_true", help="also measure each framework over a game that does nothing")
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
        if arguments.floor:
            for name in [name for name in best if name != "engine"]:
                floor = max(floor_steps(name, players, arguments.seconds) for _ in range(arguments.rounds))
                per_step = best[name][1] / best[name][0]  # decisions a step: the bots' too in Gymnasium
                engine_us = 1e6 * per_step / engine
                print(
                    f"{name + ' floor':<17} {players} players: {1e6 / floor:6.1f} µs/step of the framework "
                    f"alone, so at most {engine_us / (engine_us + 1e6 / floor):4.2f} × the engine"
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
