"""threeup3down as a PettingZoo AEC environment (extra ``[pettingzoo]``).

Each seat is an agent, ``player_0`` to ``player_{n-1}``; the agent to act
is the seat to decide (during setup, the seat choosing its 3UP cards). An
agent observes a dict: ``observation``, the tensor of
:func:`~threeup3down.adapters.encoding.observation_tensor`, and ``action_mask``
(``numpy.int8``, all zeros unless it is to act); its actions are the numbers
of :class:`~threeup3down.adapters.encoding.ActionCodec`.

Rewards come by finishing place (:func:`~threeup3down.adapters.encoding.rewards`):
+1 for the winner down to -1 for the last, zero-sum, so +1/-1 with two
players. With places (O1) a seat that goes out is rewarded, terminated and,
after its last ``step(None)``, removed while the others play on. A game that
reaches the turn limit (O10) truncates every agent still in it; the seats
not yet placed share the places still open.

>>> environment = env(players=3, places=True, turn_limit=200)
>>> environment.reset(seed=42)
>>> for agent in environment.agent_iter():
...     observation, reward, terminated, truncated, info = environment.last()
...     if terminated or truncated:
...         action = None
...     else:
...         action = environment.action_space(agent).sample(observation["action_mask"])
...     environment.step(action)
>>> environment.agents
[]

It passes PettingZoo's own ``api_test``, ``seed_test`` and ``render_test``
(their ``api_test`` advises a plain ``Box`` observation space for games not
on its list of dict-observation games, as PettingZoo's own card games are).
"""

from __future__ import annotations

import random
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from pettingzoo import AECEnv

from threeup3down.core.deal import new_game
from threeup3down.adapters.encoder import encoder
from threeup3down.adapters.encoding import rewards
from threeup3down.core.engine import apply
from threeup3down.core.errors import ThreeUpError
from threeup3down.core.moves import Move
from threeup3down.views.observation import observe
from threeup3down.core.rules import Rules
from threeup3down.core.state import GameState
from threeup3down.views.text import render_view

__all__ = ["ThreeUpEnv", "env", "raw_env"]

Observation = dict[str, npt.NDArray[Any]]
"""An agent's observation: ``observation`` and ``action_mask`` arrays."""


class ThreeUpEnv(AECEnv):  # type: ignore[misc]  # pettingzoo is untyped
    """The AEC environment; :func:`env` and :func:`raw_env` make one.

    Keyword arguments other than ``render_mode`` and ``padded`` are the fields
    of :class:`~threeup3down.Rules` (``players``, ``places``, ``turn_limit``, …);
    ``padded`` lays the observation out for six seats whatever the table
    (:func:`~threeup3down.adapters.encoding.observation_fields`).

    >>> environment = raw_env(players=2)
    >>> environment.reset(seed=1)
    >>> environment.agent_selection, int(environment.action_space("player_0").n)
    ('player_0', 553)
    >>> observation, reward, terminated, truncated, info = environment.last()
    >>> from threeup3down import legal_moves
    >>> int(observation["action_mask"].sum()) == len(legal_moves(environment.state_now))
    True
    >>> reward, terminated
    (0.0, False)
    >>> environment.step(int(observation["action_mask"].argmax()))
    >>> environment.agent_selection
    'player_1'
    """

    metadata: dict[str, Any] = {
        "render_modes": ["human", "ansi"],
        "name": "threeup3down_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self, render_mode: str | None = None, *, padded: bool = False, **rules_options: Any
    ) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ThreeUpError(
                f"render_mode {render_mode!r} is not one of {self.metadata['render_modes']}"
            )
        self.render_mode = render_mode
        self.rules = Rules(**rules_options)
        """The rules every game of this environment is played by."""
        self.encoder = encoder(self.rules, padded=padded)
        self.rules = self.encoder.rules  # one Rules object for states and encoder alike
        """The observations' tensors and masks (made once per rules)."""
        self.codec = self.encoder.codec
        """The numbering of the actions."""
        self.possible_agents = [f"player_{seat}" for seat in range(self.rules.players)]
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        deck_size = len(self.rules.deck_cards())
        observation_space = gymnasium.spaces.Dict(
            {
                "observation": gymnasium.spaces.Box(
                    0.0, float(deck_size), self.encoder.shape, dtype=np.float32
                ),
                "action_mask": gymnasium.spaces.Box(
                    0, 1, (self.codec.num_actions,), dtype=np.int8
                ),
            }
        )
        self.observation_spaces = {
            agent: observation_space for agent in self.possible_agents
        }
        self.action_spaces = {
            agent: gymnasium.spaces.Discrete(self.codec.num_actions)
            for agent in self.possible_agents
        }
        self._seeds = random.Random()
        self.state_now: GameState = new_game(self.rules, seed=0)
        """The game as it stands."""
        self._moves: tuple[GameState, dict[int, Move]] = (self.state_now, {})
        """The legal moves by action of the last state whose mover was observed."""

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """The same space object every call, as PettingZoo requires.

        >>> environment = raw_env(players=2)
        >>> environment.observation_space("player_1") is environment.observation_space("player_1")
        True
        """
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """The same ``Discrete(num_actions)`` object every call.

        >>> raw_env(players=2).action_space("player_0")
        Discrete(553)
        """
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new game, from ``seed`` when given (the same seed, the same game).

        >>> environment = raw_env(players=2)
        >>> environment.reset(seed=7)
        >>> environment.agents
        ['player_0', 'player_1']
        """
        if seed is not None:
            self._seeds.seed(seed)
        self.state_now = new_game(self.rules, rng=random.Random(self._seeds.getrandbits(64)))
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._rewarded: set[int] = set()
        self.agent_selection = self.possible_agents[self.state_now.current_player]

    def observe(self, agent: str) -> Observation:
        """What ``agent``'s seat sees, and its legal-action mask.

        >>> environment = raw_env(players=2)
        >>> environment.reset(seed=7)
        >>> sorted(environment.observe("player_1")), int(environment.observe("player_1")["action_mask"].sum())
        (['action_mask', 'observation'], 0)
        """
        state = self.state_now
        encoded = self.encoder.encode(state, self._seats[agent])
        if encoded.moves:
            self._moves = (state, encoded.moves)
        return {"observation": encoded.tensor, "action_mask": encoded.mask}

    def step(self, action: int | None) -> None:
        """Make the move numbered ``action`` for the agent to act; ``None`` for
        an agent that is done (which removes it).

        >>> environment = raw_env(players=2)
        >>> environment.reset(seed=7)
        >>> environment.step(0)
        Traceback (most recent call last):
        ...
        threeup3down.core.errors.ThreeUpError: action 0 (pick) is not legal now; legal actions: ...
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ThreeUpError(f"{agent} is still playing: None is only for an agent that is done")
        self._cumulative_rewards[agent] = 0.0
        self.state_now = apply(self.state_now, self._move(action))
        self._clear_rewards()
        self._settle()
        self._accumulate_rewards()
        self.agent_selection = self.possible_agents[self.state_now.current_player]
        self._deads_step_first()
        if self.render_mode == "human":
            self.render()

    def _move(self, action: int) -> Move:
        """The move numbered ``action`` now: from the moves listed for the mask
        when the agent observed this state, else from :meth:`ActionCodec.decode`
        (which also says why an action is not legal)."""
        seen, moves = self._moves
        if seen is self.state_now and isinstance(action, (int, np.integer)):
            move = moves.get(int(action))
            if move is not None:
                return move
        return self.codec.decode(action, self.state_now)

    def _settle(self) -> None:
        """Reward, and mark done, the seats that went out (O1) or the whole table
        once the game is over (W1, O10)."""
        state = self.state_now
        if not state.is_over and len(state.finished) == len(self._rewarded):
            return  # nobody new to reward
        final = rewards(state)
        done = range(state.rules.players) if state.is_over else state.finished
        for seat in done:
            agent = self.possible_agents[seat]
            if seat in self._rewarded or agent not in self.agents:
                continue
            self._rewarded.add(seat)
            self.rewards[agent] = final[seat]
            if state.is_stalemate and seat not in state.finished:
                self.truncations[agent] = True
            else:
                self.terminations[agent] = True

    def render(self) -> str | None:
        """The table as the seat to act sees it, as text: printed in ``human``
        mode, returned in ``ansi`` mode.

        >>> environment = raw_env(players=2, render_mode="ansi")
        >>> environment.reset(seed=7)
        >>> print(environment.render().splitlines()[0])
        --- Setup: choose your 3UP cards ---
        """
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode")
            return None
        text = render_view(observe(self.state_now, self.state_now.current_player))
        if self.state_now.is_over:
            text += f"\nGame over: places {', '.join(map(str, self.state_now.places)) or 'none'}"
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def close(self) -> None:
        """Nothing to release (text rendering only).

        >>> raw_env(players=2).close()
        """


def raw_env(render_mode: str | None = None, **rules_options: Any) -> ThreeUpEnv:
    """The environment without PettingZoo's checking wrappers.

    >>> raw_env(players=4, places=True).possible_agents
    ['player_0', 'player_1', 'player_2', 'player_3']
    """
    return ThreeUpEnv(render_mode=render_mode, **rules_options)


def env(render_mode: str | None = None, **rules_options: Any) -> AECEnv:
    """The environment in PettingZoo's order-enforcing wrapper, as its own games
    come; keyword arguments are :class:`~threeup3down.Rules` fields. An illegal
    action raises :class:`~threeup3down.ThreeUpError`.

    >>> environment = env(players=2)
    >>> environment.reset(seed=3)
    >>> environment.agent_selection
    'player_0'
    """
    from pettingzoo.utils import wrappers

    environment = raw_env(render_mode=render_mode, **rules_options)
    return wrappers.OrderEnforcingWrapper(environment)
