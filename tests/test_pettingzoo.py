"""The PettingZoo environment passes PettingZoo's own conformance tests (threeup3down.adapters.pettingzoo)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.extras import require

require("pettingzoo", "pettingzoo")

from pettingzoo.test import api_test, render_test, seed_test  # noqa: E402

from threeup3down import legal_moves  # noqa: E402
from threeup3down.adapters.encoding import place_reward  # noqa: E402
from threeup3down.adapters.pettingzoo import env, raw_env  # noqa: E402

#: PettingZoo's api_test advises against dict observations except for the games
#: it lists by name: its own card and board games, whose observations are
#: {"observation", "action_mask"} dicts like ours. Only those two advisories are silenced.
DICT_OBSERVATIONS = pytest.mark.filterwarnings(
    "ignore:Observation space for each agent probably should be",
    "ignore:Observation is not a NumPy array",
)

TABLES: dict[str, dict[str, Any]] = {
    "2 players": {"players": 2},
    "4 players": {"players": 4},
    "6 players": {"players": 6},
    "4 players, places, draw instead, reverse": {
        "players": 4, "places": True, "draw_instead": True, "reverse_on_one": True,
    },
    "3 players, same-colour swap, chosen faces, pile swap": {
        "players": 3, "same_colour_swap": True, "chosen_faces": True, "pile_swap": True,
    },
    "6 players, places, short turn limit": {"players": 6, "places": True, "turn_limit": 40},
    "3 players, padded to six seats": {"players": 3, "padded": True},
}


def seeded(environment: Any, seed: int) -> Any:
    """``environment`` with its deals and the actions sampled from its spaces all drawn from ``seed``.

    A reset without a seed goes on from the deals of ``seed``, and PettingZoo's
    tests sample actions from the agents' spaces, so every game they play is
    the same each run (unseeded spaces would draw from fresh entropy).
    """
    environment.reset(seed=seed)
    for number, agent in enumerate(environment.possible_agents):
        environment.action_space(agent).seed(seed + number)
        environment.observation_space(agent).seed(seed + number)
    return environment


@DICT_OBSERVATIONS
@pytest.mark.parametrize("options", TABLES.values(), ids=TABLES.keys())
def test_pettingzoo_api_test(options: dict[str, Any]) -> None:
    """pettingzoo.test.api_test passes."""
    api_test(seeded(env(**options), 3), num_cycles=60)


@pytest.mark.parametrize("options", TABLES.values(), ids=TABLES.keys())
def test_pettingzoo_seed_test(options: dict[str, Any]) -> None:
    """pettingzoo.test.seed_test passes: a seed replays the game, observations and infos included."""
    seed_test(lambda: env(**options), num_cycles=30)


@pytest.mark.parametrize("options", [TABLES["2 players"], TABLES["6 players, places, short turn limit"]])
def test_pettingzoo_render_test(options: dict[str, Any]) -> None:
    """pettingzoo.test.render_test passes for the text modes."""
    render_test(lambda render_mode=None: seeded(env(render_mode=render_mode, **options), 6))


def _play_out(environment: Any, seed: int) -> dict[str, float]:
    """Play random legal actions, drawn from ``seed``, to the end; the total reward of each agent."""
    seeded(environment, seed)
    totals: dict[str, float] = {}
    for agent in environment.agent_iter():
        observation, reward, terminated, truncated, _ = environment.last()
        totals[agent] = totals.get(agent, 0.0) + reward
        action = None if terminated or truncated else (
            environment.action_space(agent).sample(observation["action_mask"])
        )
        environment.step(action)
    return totals


@pytest.mark.spec("W1")
def test_two_player_rewards_are_zero_sum() -> None:
    """Without places, the winner gets +1 and the loser -1 (W1: the first out wins)."""
    environment = raw_env(players=2)
    totals = _play_out(environment, seed=5)
    state = environment.state_now
    assert not state.is_stalemate, "this seed's random game must end before the turn limit (O10)"
    assert state.winner is not None
    assert totals == {f"player_{state.winner}": 1.0, f"player_{1 - state.winner}": -1.0}


@pytest.mark.spec("O1")
def test_with_places_each_seat_is_rewarded_by_its_place() -> None:
    """With places (O1), seats that go out leave the game, each rewarded by its place."""
    environment = raw_env(players=4, places=True)
    totals = _play_out(environment, seed=11)
    state = environment.state_now
    assert not state.is_stalemate, "this seed's random game must end before the turn limit (O10)"
    assert len(state.places) == 4 and not environment.agents
    for place, seat in enumerate(state.places):
        assert totals[f"player_{seat}"] == pytest.approx(place_reward(place, 4))


@pytest.mark.spec("O10")
def test_the_turn_limit_truncates_the_agents_still_playing() -> None:
    """A game stopped by the turn limit truncates every agent; a stalemate shares the rewards."""
    environment = seeded(raw_env(players=3, turn_limit=4), 2)
    truncated_agents = []
    for agent in environment.agent_iter():
        observation, reward, terminated, truncated, _ = environment.last()
        if terminated or truncated:
            assert truncated and not terminated and reward == 0.0
            truncated_agents.append(agent)
            environment.step(None)
            continue
        environment.step(environment.action_space(agent).sample(observation["action_mask"]))
    assert environment.state_now.is_stalemate
    assert sorted(truncated_agents) == ["player_0", "player_1", "player_2"]


def test_the_mask_matches_the_legal_moves_of_the_agent_to_act() -> None:
    """The agent to act has one 1 per legal move; the others have none."""
    environment = raw_env(players=3)
    environment.reset(seed=4)
    for agent in environment.possible_agents:
        mask = environment.observe(agent)["action_mask"]
        expected = len(legal_moves(environment.state_now)) if agent == environment.agent_selection else 0
        assert mask.dtype.name == "int8" and int(mask.sum()) == expected


def test_padded_observations_have_one_shape_for_every_table() -> None:
    """With padded=True every table of 2 to 6 players has the same observation space, so one network serves all."""
    environments = [raw_env(players=players, padded=True) for players in range(2, 7)]
    spaces = {environment.observation_spaces["player_0"]["observation"].shape for environment in environments}
    assert spaces == {(794,)}
    environment = raw_env(players=3, padded=True)
    environment.reset(seed=2)
    observation, *_ = environment.last()
    assert observation["observation"].shape == (794,)
