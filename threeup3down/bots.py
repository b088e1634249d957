"""Computer players: the bot protocol, simple bots, and the registry of bots by name.

A bot is anything with a ``choose(observation, rng) -> Move`` method (the
:class:`Bot` protocol). It is given the :class:`~threeup3down.Observation` of
its own seat, never the full :class:`~threeup3down.GameState`, so every bot is
fair by construction: it cannot read an opponent's hand, a 3DOWN card or the
order of the draw pile, because it receives no object that holds them. All
its randomness comes from ``rng``, so a game is reproducible from its seeds.

One bot is explicitly allowed to cheat, as an upper bound for experiments:
a :class:`StateBot` has a ``choose_state(state, rng)`` method and sees
everything (:class:`~threeup3down.ismcts.CheatingBot`). :func:`decide`
asks either kind for its move.

Bots are made by name with :func:`make_bot` (the names are in :data:`BOT_NAMES`),
which is how the command line, :func:`~threeup3down.simulation.simulate` and
other front ends pick opponents.

>>> from threeup3down import Rules, new_game
>>> final = play_game(new_game(Rules(players=3), seed=2), [LowestCardBot()] * 3)
>>> final.is_over
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from functools import cache
from typing import Protocol, assert_never, cast, runtime_checkable

from threeup3down.cards import Rank
from threeup3down.engine import apply
from threeup3down.errors import BotError
from threeup3down.heuristic import HeuristicBot
from threeup3down.ismcts import CheatingBot, ISMCTSBot
from threeup3down.moves import (
    ChooseUp,
    DeclineSwap,
    Draw,
    DrawInstead,
    FlipDown,
    Move,
    PickUp,
    Play,
    Swap,
)
from threeup3down.observation import Observation, observe
from threeup3down.state import GameState

__all__ = [
    "BOT_NAMES",
    "AnyBot",
    "Bot",
    "LowestCardBot",
    "RandomBot",
    "StateBot",
    "decide",
    "make_bot",
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
        >>> CheatingBot(iterations=5).choose_state(state, random.Random(0)) in legal_moves(state)
        True
        """
        ...


AnyBot = Bot | StateBot
"""A fair :class:`Bot` or a cheating :class:`StateBot`."""


def decide(bot: AnyBot, state: GameState, rng: random.Random) -> Move:
    """The move ``bot`` makes for the player to move in ``state``.

    A :class:`Bot` is shown only the observation of that seat; a
    :class:`StateBot` is shown the state.

    >>> from threeup3down import Rules, new_game
    >>> str(decide(LowestCardBot(), new_game(Rules(players=2), seed=1), random.Random(0)))
    'up:10r,C+1g,C+1b'
    """
    if _sees_state(type(bot)):
        return cast(StateBot, bot).choose_state(state, rng)
    return cast(Bot, bot).choose(observe(state, state.current_player), rng)


@cache
def _sees_state(kind: type) -> bool:
    """Whether bots of class ``kind`` are :class:`StateBot` (asked once per class:
    a protocol check costs more than a whole decision)."""
    return issubclass(kind, StateBot)


class RandomBot:
    """Chooses uniformly among the legal moves, with the ``rng`` it is given.

    >>> from threeup3down import Rules, new_game
    >>> view = observe(new_game(Rules(players=2), seed=1), 0)
    >>> RandomBot().choose(view, random.Random(5)) in view.legal_moves()
    True
    """

    def choose(self, observation: Observation, rng: random.Random) -> Move:
        """A uniformly random legal move."""
        moves = observation.legal_moves()
        return moves[rng.randrange(len(moves))]


class LowestCardBot:
    """The classic plan: keep high cards and Clears face up, shed the lowest cards first.

    In setup it puts its highest cards on 3UP. In play it draws whenever it
    may, plays the lowest number it can (as many copies as it holds), and
    spends a Clear only when no number can be played. It never uses ``rng``.

    >>> from threeup3down import GameState, Rules
    >>> state = GameState.from_notation("play 0 4g,7g,7r,Cb|-|-/9b|-|- - 5r *", Rules(players=2))
    >>> str(LowestCardBot().choose(observe(state, 0), random.Random(0)))
    '7g,7r'
    """

    def choose(self, observation: Observation, rng: random.Random) -> Move:
        """The lowest, widest play; a Clear only as a last resort."""
        return min(observation.legal_moves(), key=_preference)


def _preference(move: Move) -> tuple[int, int, int]:
    match move:
        case ChooseUp():
            return (0, -sum(card.rank for card in move.cards), 0)
        case Play():
            rank = move.cards[0].rank
            clear_last = 1 if rank >= Rank.CLEAR else 0
            return (2, clear_last * 100 + rank, -len(move.cards))
        case PickUp():
            return (4, 0, 0)
        case DrawInstead():
            return (5, 0, 0)
        case Draw():
            return (1, 0, 0)
        case FlipDown() | Swap() | DeclineSwap():
            return (3, 0, 0)  # min() keeps the listed order among equals
        case _:
            assert_never(move)


_MAKERS: dict[str, Callable[[int | None], AnyBot]] = {
    "random": lambda budget: RandomBot(),
    "lowest": lambda budget: LowestCardBot(),
    "heuristic": lambda budget: HeuristicBot(),
    "ismcts": lambda budget: ISMCTSBot(iterations=budget or ISMCTSBot.DEFAULT_ITERATIONS),
    "cheating": lambda budget: CheatingBot(iterations=budget or CheatingBot.DEFAULT_ITERATIONS),
}
_BUDGETED = ("ismcts", "cheating")

BOT_NAMES: tuple[str, ...] = tuple(_MAKERS)
"""The names :func:`make_bot` knows: ``random``, ``lowest``, ``heuristic``,
``ismcts`` and ``cheating`` (the one bot that sees every card)."""


def make_bot(name: str) -> AnyBot:
    """The bot called ``name``; a search bot takes its budget in iterations
    after a colon (``ismcts:200``).

    Raises :class:`BotError` for a name it does not know or a bad budget.

    >>> type(make_bot("heuristic")).__name__, make_bot("ismcts:64").iterations
    ('HeuristicBot', 64)
    >>> make_bot("lowest:5")
    Traceback (most recent call last):
    ...
    threeup3down.errors.BotError: bot 'lowest' takes no budget (only ismcts, cheating do): 'lowest:5'
    """
    if not isinstance(name, str):
        raise BotError(f"a bot name must be a string such as 'heuristic', not {name!r}")
    base, colon, budget_text = name.strip().partition(":")
    if base not in _MAKERS:
        raise BotError(f"unknown bot {base!r}: the bots are {', '.join(BOT_NAMES)}")
    if not colon:
        return _MAKERS[base](None)
    if base not in _BUDGETED:
        raise BotError(
            f"bot {base!r} takes no budget (only {', '.join(_BUDGETED)} do): {name!r}"
        )
    if not budget_text.isdigit() or int(budget_text) < 1:
        raise BotError(f"the budget in {name!r} must be a whole number of iterations, at least 1")
    return _MAKERS[base](int(budget_text))


def playout(
    state: GameState, bots: Sequence[AnyBot], rng: random.Random | None = None
) -> Iterator[tuple[GameState, Move, GameState]]:
    """Play ``state`` to the end, seat *i* moved by ``bots[i]``; yield each step.

    Every bot draws its randomness from ``rng`` (default ``random.Random(0)``).

    >>> from threeup3down import Rules, new_game
    >>> steps = list(playout(new_game(Rules(players=2), seed=3), [RandomBot(), RandomBot()]))
    >>> steps[-1][2].is_over
    True
    """
    rng = random.Random(0) if rng is None else rng
    while not state.is_over:
        move = decide(bots[state.current_player], state, rng)
        after = apply(state, move)
        yield state, move, after
        state = after


def play_game(
    state: GameState, bots: Sequence[AnyBot], rng: random.Random | None = None
) -> GameState:
    """The final state of ``state`` played out by ``bots`` (one per seat).

    >>> from threeup3down import Rules, new_game
    >>> game = new_game(Rules(players=2), seed=3)
    >>> final = play_game(game, [RandomBot(), RandomBot()], random.Random(1))
    >>> final == play_game(game, [RandomBot(), RandomBot()], random.Random(1))
    True
    """
    for _, _, state in playout(state, bots, rng):
        pass
    return state
