"""threeup3down as a single-agent Gymnasium environment (extra ``[gymnasium]``).

One seat learns; the other seats are played by our bots, chosen by name.
Importing this module registers the environment as
``threeup3down/SingleSeat-v0``:

>>> import gymnasium
>>> import threeup3down.adapters.gymnasium
>>> environment = gymnasium.make("threeup3down/SingleSeat-v0", players=2, opponents="lowest")
>>> observation, info = environment.reset(seed=1)
>>> observation.shape, info["action_mask"].dtype.name
((452,), 'int8')

Observations are :func:`~threeup3down.adapters.encoding.observation_tensor` of the
learning seat; actions are the numbers of
:class:`~threeup3down.adapters.encoding.ActionCodec` (a ``Discrete`` space), and
``info["action_mask"]`` marks the legal ones, ready for
``action_space.sample(mask)``. After the learner's move the bots play until
it is the learner's turn again.

The reward is 0 until the episode ends, then the learner's reward by place
(:func:`~threeup3down.adapters.encoding.rewards`: +1 for first down to -1 for last).
The episode terminates when the game is over or, with places (O1), when the
learner goes out; it is truncated when the turn limit (O10) stops the game
before the learner is placed. An illegal action ends the episode at once
with reward -1 and ``info["illegal_action"]`` set, so that unmasked
exploration is punished rather than crashing.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, SupportsFloat

import gymnasium
import numpy as np
import numpy.typing as npt

from threeup3down.bots import BOT_NAMES, Chooser, chooser, make_bot
from threeup3down.core.deal import new_game
from threeup3down.adapters.encoder import encoder
from threeup3down.adapters.encoding import rewards
from threeup3down.core.engine import apply
from threeup3down.core.errors import ThreeUpError
from threeup3down.core.moves import Move
from threeup3down.views.observation import check_seat, observe
from threeup3down.core.rules import Rules
from threeup3down.core.state import GameState
from threeup3down.views.text import render_view

__all__ = ["ENVIRONMENT_ID", "OPPONENTS", "SingleSeatEnv"]

ENVIRONMENT_ID = "threeup3down/SingleSeat-v0"
"""The id to pass to ``gymnasium.make``."""
OPPONENTS = BOT_NAMES
"""The names of the bots that can take the other seats (those of
:func:`~threeup3down.bots.make_bot`; ``ismcts:N`` sets a search budget of N iterations per move)."""
ILLEGAL_ACTION_REWARD = -1.0
"""The reward of an illegal action, which ends the episode: that of last place."""

Observation = npt.NDArray[np.float32]


class SingleSeatEnv(gymnasium.Env[Observation, np.int64]):
    """One learning seat against bots.

    ``seat`` is the learner's seat; ``opponents`` names the bot for every
    other seat, or one name per other seat in seat order (any of
    :data:`OPPONENTS`); ``padded`` lays the observation out for six seats
    whatever the table (:func:`~threeup3down.adapters.encoding.observation_fields`).
    The other keyword arguments are :class:`~threeup3down.Rules` fields.

    >>> environment = SingleSeatEnv(players=3, seat=1, opponents=("random", "lowest"))
    >>> observation, info = environment.reset(seed=3)
    >>> environment.state.current_player
    1
    >>> action = int(np.flatnonzero(info["action_mask"])[0])
    >>> observation, reward, terminated, truncated, info = environment.step(action)
    >>> reward, terminated, truncated
    (0.0, False, False)
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"], "render_fps": 4}

    def __init__(
        self,
        render_mode: str | None = None,
        seat: int = 0,
        opponents: str | Sequence[str] = "random",
        padded: bool = False,
        **rules_options: Any,
    ) -> None:
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ThreeUpError(
                f"render_mode {render_mode!r} is not one of {self.metadata['render_modes']}"
            )
        self.render_mode = render_mode
        self.rules = Rules(**rules_options)
        """The rules of every game."""
        check_seat(seat, self.rules.players)
        self.seat = seat
        """The learning seat."""
        names = [opponents] * (self.rules.players - 1) if isinstance(opponents, str) else list(opponents)
        if len(names) != self.rules.players - 1:
            raise ThreeUpError(
                f"{len(names)} opponents named for the {self.rules.players - 1} other seats"
            )
        for name in names:
            make_bot(name)  # refuse unknown names now (BotError)
        self._opponent_names = names
        self.encoder = encoder(self.rules, padded=padded)
        self.rules = self.encoder.rules  # one Rules object for states and encoder alike
        """The observations' tensors and masks (made once per rules)."""
        self.codec = self.encoder.codec
        """The numbering of the actions."""
        self.action_space = gymnasium.spaces.Discrete(self.codec.num_actions)
        self.observation_space = gymnasium.spaces.Box(
            0.0, float(len(self.rules.deck_cards())), self.encoder.shape, dtype=np.float32
        )
        self.state: GameState = new_game(self.rules, seed=0)
        """The game as it stands (the learner must not peek: it sees the observation)."""
        self._bots: dict[int, Chooser] = {}
        """Each other seat's bot, as :func:`~threeup3down.bots.chooser` asks it
        (its kind looked up once a game, not once a move)."""
        self._rng = random.Random(0)
        self._done = True
        self._moves: dict[int, Move] = {}
        self.moves_made = 0
        """The moves made since the learner's first decision of the game: its own
        and the bots' after them (a game's length in decisions, for benchmarks)."""

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """Deal a new game (the same ``seed``, the same game and bots) and let
        the bots play up to the learner's first decision.

        >>> environment = SingleSeatEnv(players=2)
        >>> first, _ = environment.reset(seed=5)
        >>> again, _ = environment.reset(seed=5)
        >>> bool((first == again).all())
        True
        """
        super().reset(seed=seed)
        deal_seed = int(self.np_random.integers(2**62))
        others = [number for number in range(self.rules.players) if number != self.seat]
        self._bots = {number: chooser(make_bot(name)) for number, name in zip(others, self._opponent_names)}
        self._rng = random.Random(deal_seed + 1)
        self.state = new_game(self.rules, rng=random.Random(deal_seed))
        self._done = False
        self._let_bots_play()
        self.moves_made = 0
        return self._encode()

    def step(
        self, action: np.int64 | int
    ) -> tuple[Observation, SupportsFloat, bool, bool, dict[str, Any]]:
        """Make the learner's move numbered ``action``, then the bots' moves.

        >>> environment = SingleSeatEnv(players=2)
        >>> _, info = environment.reset(seed=5)
        >>> _, reward, terminated, _, info = environment.step(0)  # pick: not legal in setup
        >>> reward, terminated, info["illegal_action"]
        (-1.0, True, True)
        """
        if self._done:
            raise ThreeUpError("the episode is over: call reset() to deal a new game")
        move = self._moves.get(int(action)) if isinstance(action, (int, np.integer)) else None
        if move is None:
            try:
                move = self.codec.decode(action, self.state)
            except ThreeUpError:
                self._done = True
                observation, info = self._encode()
                info["illegal_action"] = True
                return observation, ILLEGAL_ACTION_REWARD, True, False, info
        self.state = apply(self.state, move)
        self.moves_made += 1
        self._let_bots_play()
        placed = self.seat in self.state.finished
        self._done = self.state.is_over or placed
        truncated = self.state.is_over and self.state.is_stalemate and not placed
        reward = rewards(self.state)[self.seat] if self._done else 0.0
        if self.render_mode == "human":
            self.render()
        observation, info = self._encode()
        return observation, reward, self._done and not truncated, truncated, info

    def _let_bots_play(self) -> None:
        """The other seats move until the learner is to decide or has finished."""
        state = self.state
        while not state.is_over and state.current_player != self.seat and self.seat not in state.finished:
            state = apply(state, self._bots[state.current_player](state, self._rng))
            self.moves_made += 1
        self.state = state

    def _encode(self) -> tuple[Observation, dict[str, Any]]:
        """The learner's observation tensor and its mask (in ``info``), in one
        pass; the moves of the mask are kept for the next step."""
        encoded = self.encoder.encode(self.state, self.seat)
        self._moves = encoded.moves if not self._done else {}
        return encoded.tensor, {"action_mask": encoded.mask}

    def render(self) -> str | None:
        """The table as the learner sees it: returned (``ansi``) or printed (``human``).

        >>> environment = SingleSeatEnv(players=2, render_mode="ansi")
        >>> _ = environment.reset(seed=2)
        >>> environment.render().splitlines()[0]
        '--- Setup: choose your 3UP cards ---'
        """
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode")
            return None
        text = render_view(observe(self.state, self.seat))
        if self.render_mode == "ansi":
            return text
        print(text)
        return None


if ENVIRONMENT_ID not in gymnasium.registry:
    gymnasium.register(id=ENVIRONMENT_ID, entry_point=SingleSeatEnv)
