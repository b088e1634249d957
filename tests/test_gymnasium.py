"""The single-seat Gymnasium environment passes Gymnasium's own checker (threeup3down.adapters.gymnasium)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.extras import require

gymnasium = require("gymnasium", "gymnasium")

from gymnasium.utils.env_checker import check_env  # noqa: E402
from gymnasium.utils.passive_env_checker import env_render_passive_checker  # noqa: E402

from threeup3down import ThreeUpError, legal_moves  # noqa: E402
from threeup3down.adapters.encoding import place_reward  # noqa: E402
from threeup3down.adapters.gymnasium import ENVIRONMENT_ID, OPPONENTS, SingleSeatEnv  # noqa: E402
from threeup3down.bots import BOT_NAMES  # noqa: E402

TABLES: dict[str, dict[str, Any]] = {
    "2 players against random": {"players": 2},
    "4 players against lowest, places": {"players": 4, "opponents": "lowest", "places": True},
    "3 players, seat 2, mixed bots, swap": {
        "players": 3, "seat": 2, "opponents": ("lowest", "random"), "same_colour_swap": True,
    },
    "5 players, padded to six seats": {"players": 5, "padded": True},
}


@pytest.mark.parametrize("options", TABLES.values(), ids=TABLES.keys())
def test_gymnasium_check_env(options: dict[str, Any]) -> None:
    """gymnasium.utils.env_checker.check_env passes on the registered environment, render modes included.

    The environment and its action space are seeded first, so the resets without
    a seed and the actions check_env samples are the same each run. check_env's
    own render check resets new environments without a seed: it is made here
    instead, the same way, with a seeded reset.
    """
    environment = gymnasium.make(ENVIRONMENT_ID, **options).unwrapped
    environment.reset(seed=8)
    environment.action_space.seed(8)
    check_env(environment, skip_render_check=True)
    assert environment.spec is not None
    for render_mode in environment.metadata["render_modes"]:
        rendered = environment.spec.make(render_mode=render_mode)
        rendered.reset(seed=8)
        env_render_passive_checker(rendered)
        rendered.close()


def _episode(environment: SingleSeatEnv, seed: int) -> tuple[float, bool, bool, int]:
    """A random masked episode: final reward, terminated, truncated, steps."""
    _, info = environment.reset(seed=seed)
    environment.action_space.seed(seed)
    steps = 0
    while True:
        action = environment.action_space.sample(info["action_mask"])
        _, reward, terminated, truncated, info = environment.step(action)
        steps += 1
        if terminated or truncated:
            return float(reward), terminated, truncated, steps
        assert reward == 0.0


def test_masked_episodes_end_with_the_learners_place_reward() -> None:
    """Every episode ends with +1 or -1 for two players, and the mask always matches the legal moves."""
    environment = SingleSeatEnv(players=2)
    for seed in range(4):
        _, info = environment.reset(seed=seed)
        assert environment.state.current_player == environment.seat
        assert int(info["action_mask"].sum()) == len(legal_moves(environment.state))
        reward, terminated, truncated, _ = _episode(environment, seed)
        state = environment.state
        assert terminated and not truncated
        assert reward == (1.0 if state.winner == 0 else -1.0)


def test_every_bot_of_make_bot_is_an_opponent() -> None:
    """The opponents are the bots make_bot names, and each plays a whole episode
    (the search bots at a budget of one deal), the learner rewarded +1 or -1."""
    assert OPPONENTS == BOT_NAMES
    for name in OPPONENTS:
        opponent = f"{name}:1" if name in ("ismcts", "cheating") else name
        environment = SingleSeatEnv(players=2, opponents=opponent)
        reward, terminated, truncated, _ = _episode(environment, seed=3)
        assert terminated and not truncated
        assert reward == (1.0 if environment.state.winner == 0 else -1.0)


@pytest.mark.spec("O1")
def test_with_places_the_episode_ends_when_the_learner_goes_out() -> None:
    """With places (O1) the learner's episode ends as it goes out, rewarded by its place."""
    environment = SingleSeatEnv(players=4, opponents="lowest", places=True)
    for seed in range(6):
        reward, terminated, _, _ = _episode(environment, seed)
        state = environment.state
        if 0 in state.finished:
            assert terminated
            assert reward == pytest.approx(place_reward(state.finished.index(0), 4))


@pytest.mark.spec("O10")
def test_the_turn_limit_truncates_the_episode() -> None:
    """A game stopped by the turn limit before the learner is placed truncates, with a shared reward."""
    environment = SingleSeatEnv(players=2, turn_limit=3)
    reward, terminated, truncated, _ = _episode(environment, 1)
    assert environment.state.is_stalemate
    assert truncated and not terminated and reward == 0.0


def test_an_illegal_action_ends_the_episode_and_stepping_on_is_refused() -> None:
    """An illegal action gives -1 and ends the episode; a step after the end asks for reset()."""
    environment = SingleSeatEnv(players=2)
    environment.reset(seed=0)
    _, reward, terminated, _, info = environment.step(0)
    assert (reward, terminated, info["illegal_action"]) == (-1.0, True, True)
    with pytest.raises(ThreeUpError, match="call reset"):
        environment.step(0)


def test_bad_options_are_refused() -> None:
    """Unknown bots, a wrong number of them, or a seat off the table raise ThreeUpError."""
    with pytest.raises(ThreeUpError, match="unknown bot 'alphazero'"):
        SingleSeatEnv(players=2, opponents="alphazero")
    with pytest.raises(ThreeUpError, match="2 opponents named for the 1 other seats"):
        SingleSeatEnv(players=2, opponents=("random", "lowest"))
    with pytest.raises(ThreeUpError, match="seat 3 is not at a table of 2 players"):
        SingleSeatEnv(players=2, seat=3)


def test_the_how_to_lists_every_opponent() -> None:
    """The Gymnasium how-to names every bot the environment takes for the other seats."""
    from pathlib import Path

    page = (Path(__file__).resolve().parent.parent / "docs" / "howto" / "gymnasium.rst").read_text(encoding="utf-8")
    listed = page.split("``opponents``", 1)[1].split(">>> from threeup3down.adapters.gymnasium import OPPONENTS", 1)[0]
    assert set(OPPONENTS) == {"random", "lowest", "heuristic", "ismcts", "cheating"}
    assert all(f'``"{name}"``' in listed for name in OPPONENTS)


@pytest.mark.parametrize("mode", ["sync", "async"])
def test_make_vec_runs_every_environment_and_passes_gymnasiums_checks(mode: str) -> None:
    """gymnasium.make_vec, sync and async: every sub-environment is made by gymnasium.make, which wraps
    it in Gymnasium's passive checker, and in sync mode each also passes check_env; observations lie
    in the batched space; the same seeds give the same batches in both modes; finished episodes
    reset by themselves."""
    from gymnasium.utils.env_checker import data_equivalence

    import numpy as np

    options = {"players": 3, "opponents": "lowest", "turn_limit": 30}
    environments = gymnasium.make_vec(ENVIRONMENT_ID, num_envs=3, vectorization_mode=mode, **options)
    reference = gymnasium.make_vec(ENVIRONMENT_ID, num_envs=3, vectorization_mode="sync", **options)
    try:
        assert environments.num_envs == 3
        assert environments.single_action_space == gymnasium.spaces.Discrete(553)
        if mode == "sync":
            for environment in environments.envs:
                check_env(environment.unwrapped, skip_render_check=True)
        observations, info = environments.reset(seed=4)
        expected, expected_info = reference.reset(seed=4)
        assert environments.observation_space.contains(observations)
        assert data_equivalence(observations, expected) and data_equivalence(info, expected_info)
        episodes_ended = 0
        for _ in range(60):
            masks = info["action_mask"]
            actions = np.array([int(np.flatnonzero(mask)[0]) if mask.any() else 0 for mask in masks])
            observations, rewards, terminated, truncated, info = environments.step(actions)
            expected, *_, expected_info = reference.step(actions)
            assert environments.observation_space.contains(observations)
            assert data_equivalence(observations, expected)
            assert data_equivalence(info["action_mask"], expected_info["action_mask"])
            episodes_ended += int((terminated | truncated).sum())
            assert set(rewards[~(terminated | truncated)].tolist()) <= {0.0}
        assert episodes_ended > 0  # a 30-turn limit ends episodes within 60 steps, and they restart
    finally:
        environments.close()
        reference.close()
