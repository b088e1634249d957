"""The bot protocol: what a computer player is, and how it is asked for a move.

A bot is anything with a ``choose(observation, rng) -> Move`` method (the
:class:`Bot` protocol). It is given the :class:`~threeup3down.Observation` of
its own seat, never the full :class:`~threeup3down.GameState`, so every bot is
fair by construction: it cannot read an opponent's hand, a 3DOWN card or the
order of the draw pile, because it receives no object that holds them. All
its randomness comes from ``rng``, so a game is reproducible from its seeds.

A bot that reads nothing of its observation but the legal moves may also
have a ``choose_from(moves, rng)`` method (a :class:`MovesBot`, such as
:class:`~threeup3down.bots.RandomBot`): :func:`decide` then hands it only the
legal moves of its seat, which name no hidden card (a 3DOWN card is chosen by
its position, F3), and skips building an observation it would not read.

One bot is explicitly allowed to cheat, as an upper bound for experiments:
a :class:`StateBot` has a ``choose_state(state, rng)`` method and sees
everything (:class:`~threeup3down.bots.ismcts.CheatingBot`). :func:`decide`
asks any kind for its move.

>>> from threeup3down import Rules, new_game
>>> from threeup3down.bots import LowestCardBot
>>> final = play_game(new_game(Rules(players=3), seed=2), [LowestCardBot()] * 3)
>>> final.is_over
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from functools import cache
from typing import Protocol, cast, runtime_checkable

from threeup3down.core.engine import apply, legal_moves
from threeup3down.core.moves import Move
from threeup3down.core.state import GameState
from threeup3down.views.observation import Observation, observe

__all__ = [
    "AnyBot",
    "Bot",
    "Chooser",
    "MovesBot",
    "StateBot",
    "chooser",
    "decide",
    "play_game",
    "playout",
]


@runtime_checkable
class Bot(Protocol):
    """A fair player: picks a move from its own seat's observation.

    >>> from threeup3down import Rules, new_game
    >>> class FirstMoveBot:
    ...     def choose(self, observation: Observation, rng: random.Random) -> Move:
    ...         return observation.legal_moves()[0]
    >>> bot: Bot = FirstMoveBot()
    >>> play_game(new_game(Rules(players=2), seed=1), [bot, bot]).is_over
    True
    """

    def choose(self, observation: Observation, rng: random.Random) -> Move:
        """One of ``observation.legal_moves()``; ``observation`` is of the seat to move.

        >>> from threeup3down import Rules, new_game
        >>> from threeup3down.bots import LowestCardBot
        >>> view = observe(new_game(Rules(players=2), seed=1), 0)
        >>> LowestCardBot().choose(view, random.Random(0)) in view.legal_moves()
        True
        """
        ...


@runtime_checkable
class StateBot(Protocol):
    """A cheating player: picks a move from the full state, hidden cards included.

    Only for experiments (an upper bound on what knowing everything is worth).

    >>> from threeup3down import Rules, legal_moves, new_game
    >>> class FirstMoveCheat:
    ...     def choose_state(self, state: GameState, rng: random.Random) -> Move:
    ...         return legal_moves(state)[0]
    >>> isinstance(FirstMoveCheat(), StateBot), isinstance(FirstMoveCheat(), Bot)
    (True, False)
    """

    def choose_state(self, state: GameState, rng: random.Random) -> Move:
        """One of ``legal_moves(state)``, for ``state.current_player``.

        >>> from threeup3down import Rules, legal_moves, new_game
        >>> state = new_game(Rules(players=2), seed=1)
        >>> from threeup3down.bots import CheatingBot
        >>> CheatingBot(iterations=5).choose_state(state, random.Random(0)) in legal_moves(state)
        True
        """
        ...


@runtime_checkable
class MovesBot(Bot, Protocol):
    """A fair player that reads nothing but its legal moves: besides ``choose``
    it has ``choose_from(moves, rng)``, and the two pick alike.

    :func:`decide` gives it only ``legal_moves``, which name no hidden card,
    and saves building the observation. A subclass that overrides ``choose``
    but not ``choose_from`` is asked through ``choose``.

    .. versionadded:: 0.3.0

    >>> from threeup3down import Rules, new_game
    >>> from threeup3down.bots import RandomBot
    >>> isinstance(RandomBot(), MovesBot), isinstance(RandomBot(), Bot)
    (True, True)
    """

    def choose_from(self, moves: tuple[Move, ...], rng: random.Random) -> Move:
        """One of ``moves``, the legal moves of the seat to move (never empty).

        >>> from threeup3down import Rules, new_game
        >>> state = new_game(Rules(players=2), seed=1)
        >>> moves = observe(state, 0).legal_moves()
        >>> from threeup3down.bots import RandomBot
        >>> RandomBot().choose_from(moves, random.Random(3)) == RandomBot().choose(
        ...     observe(state, 0), random.Random(3))
        True
        """
        ...


AnyBot = Bot | StateBot
"""A fair :class:`Bot` (a :class:`MovesBot` among them) or a cheating :class:`StateBot`."""

Chooser = Callable[[GameState, random.Random], Move]
"""What :func:`chooser` returns: the move for the player to move in a state."""


def decide(bot: AnyBot, state: GameState, rng: random.Random) -> Move:
    """The move ``bot`` makes for the player to move in ``state``.

    A :class:`Bot` is shown only the observation of that seat, a
    :class:`MovesBot` only that seat's legal moves; a :class:`StateBot` is
    shown the state.

    >>> from threeup3down import Rules, new_game
    >>> from threeup3down.bots import LowestCardBot
    >>> str(decide(LowestCardBot(), new_game(Rules(players=2), seed=1), random.Random(0)))
    'up:10r,C+1g,C+1b'
    """
    kind = _kind(type(bot))
    if kind is _SEES_STATE:
        return cast(StateBot, bot).choose_state(state, rng)
    if kind is _SEES_MOVES:
        return cast(MovesBot, bot).choose_from(legal_moves(state), rng)
    return cast(Bot, bot).choose(observe(state, state.current_player), rng)


def chooser(bot: AnyBot) -> Chooser:
    """:func:`decide` for one bot, its kind looked up once: for loops that ask
    the same bot many times.

    >>> from threeup3down import Rules, new_game
    >>> state = new_game(Rules(players=2), seed=1)
    >>> from threeup3down.bots import RandomBot
    >>> chooser(RandomBot())(state, random.Random(4)) == decide(RandomBot(), state, random.Random(4))
    True
    """
    kind = _kind(type(bot))
    if kind is _SEES_STATE:
        return cast(StateBot, bot).choose_state
    if kind is _SEES_MOVES:
        choose_from = cast(MovesBot, bot).choose_from
        return lambda state, rng: choose_from(legal_moves(state), rng)
    choose = cast(Bot, bot).choose
    return lambda state, rng: choose(observe(state, state.current_player), rng)


_SEES_STATE, _SEES_MOVES, _SEES_OBSERVATION = "state", "moves", "observation"


@cache
def _kind(kind: type) -> str:
    """What bots of class ``kind`` are shown (looked up once per class: a protocol
    check costs more than a whole decision)."""
    if issubclass(kind, StateBot):
        return _SEES_STATE
    if issubclass(kind, MovesBot) and _defines(kind, "choose_from") <= _defines(kind, "choose"):
        return _SEES_MOVES
    return _SEES_OBSERVATION  # also a subclass that overrides only choose: it is asked


def _defines(kind: type, method: str) -> int:
    """How far up the class hierarchy of ``kind`` ``method`` is defined (0: in ``kind`` itself)."""
    return next(depth for depth, base in enumerate(kind.__mro__) if method in vars(base))


def playout(
    state: GameState, bots: Sequence[AnyBot], rng: random.Random | None = None
) -> Iterator[tuple[GameState, Move, GameState]]:
    """Play ``state`` to the end, seat *i* moved by ``bots[i]``; yield each step.

    Every bot draws its randomness from ``rng`` (default ``random.Random(0)``).

    >>> from threeup3down import Rules, new_game
    >>> from threeup3down.bots import RandomBot
    >>> steps = list(playout(new_game(Rules(players=2), seed=3), [RandomBot(), RandomBot()]))
    >>> steps[-1][2].is_over
    True
    """
    rng = random.Random(0) if rng is None else rng
    choosers = [chooser(bot) for bot in bots]
    while not state.is_over:
        move = choosers[state.current_player](state, rng)
        after = apply(state, move)
        yield state, move, after
        state = after


def play_game(
    state: GameState, bots: Sequence[AnyBot], rng: random.Random | None = None
) -> GameState:
    """The final state of ``state`` played out by ``bots`` (one per seat).

    >>> from threeup3down import Rules, new_game
    >>> from threeup3down.bots import RandomBot
    >>> game = new_game(Rules(players=2), seed=3)
    >>> final = play_game(game, [RandomBot(), RandomBot()], random.Random(1))
    >>> final == play_game(game, [RandomBot(), RandomBot()], random.Random(1))
    True
    """
    for _, _, state in playout(state, bots, rng):
        pass
    return state
