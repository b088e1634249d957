"""Computer players: the bot protocol, simple bots, and the registry of bots by name.

A bot is anything with a ``choose(observation, rng) -> Move`` method (the
:class:`Bot` protocol). It is given the :class:`~threeup3down.Observation` of
its own seat, never the full :class:`~threeup3down.GameState`, so every bot is
fair by construction: it cannot read an opponent's hand, a 3DOWN card or the
order of the draw pile, because it receives no object that holds them. All
its randomness comes from ``rng``, so a game is reproducible from its seeds.

A bot that reads nothing of its observation but the legal moves may also
have a ``choose_from(moves, rng)`` method (a :class:`MovesBot`, such as
:class:`RandomBot`): :func:`decide` then hands it only the legal moves of its
seat, which name no hidden card (a 3DOWN card is chosen by its position, F3),
and skips building an observation it would not read.

One bot is explicitly allowed to cheat, as an upper bound for experiments:
a :class:`StateBot` has a ``choose_state(state, rng)`` method and sees
everything (:class:`~threeup3down.ismcts.CheatingBot`). :func:`decide`
asks any kind for its move.

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
from threeup3down.engine import apply, legal_moves
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
    "Chooser",
    "LowestCardBot",
    "MovesBot",
    "RandomBot",
    "StateBot",
    "chooser",
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


@runtime_checkable
class MovesBot(Bot, Protocol):
    """A fair player that reads nothing but its legal moves: besides ``choose``
    it has ``choose_from(moves, rng)``, and the two pick alike.

    :func:`decide` gives it only ``legal_moves``, which name no hidden card,
    and saves building the observation. A subclass that overrides ``choose``
    but not ``choose_from`` is asked through ``choose``.

    .. versionadded:: 0.3.0

    >>> from threeup3down import Rules, new_game
    >>> isinstance(RandomBot(), MovesBot), isinstance(RandomBot(), Bot)
    (True, True)
    """

    def choose_from(self, moves: tuple[Move, ...], rng: random.Random) -> Move:
        """One of ``moves``, the legal moves of the seat to move (never empty).

        >>> from threeup3down import Rules, new_game
        >>> state = new_game(Rules(players=2), seed=1)
        >>> moves = observe(state, 0).legal_moves()
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
    >>> chooser(RandomBot())(state, random.Random(4)) == decide(RandomBot(), state, random.Random(4))
    True
    """
    kind = _kind(type(bot))
    if kind is _SEES_STATE:
        return cast(StateBot, bot).choose_state
    if kind is _SEES_MOVES:
        if type(bot) is RandomBot:
            return _random_choice
        choose_from = cast(MovesBot, bot).choose_from
        return lambda state, rng: choose_from(legal_moves(state), rng)
    choose = cast(Bot, bot).choose
    return lambda state, rng: choose(observe(state, state.current_player), rng)


_RANDOM = random.Random


def _random_choice(state: GameState, rng: random.Random) -> Move:
    """:class:`RandomBot`'s move in ``state``: ``rng.choice(legal_moves(state))``,
    in one call where that takes four (the chooser, ``choose_from``, ``choice``
    and the draw of the index), the hot loop of a random simulation.

    From a plain :class:`random.Random` the index is drawn as ``choice`` draws
    it: ``getrandbits`` of the length's bit length until the number is below
    the length. So the move is the same and the generator is left in the same
    state (``tests/test_bots.py`` compares the two on the running Python);
    any other generator is asked for ``choice`` itself.
    """
    moves = legal_moves(state)
    count = len(moves)
    if type(rng) is not _RANDOM or not count:
        return rng.choice(moves)
    bits = count.bit_length()
    index = rng.getrandbits(bits)
    while index >= count:
        index = rng.getrandbits(bits)
    return moves[index]


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


class RandomBot:
    """Chooses uniformly among the legal moves, with the ``rng`` it is given.

    It reads nothing but the legal moves (a :class:`MovesBot`).

    >>> from threeup3down import Rules, new_game
    >>> view = observe(new_game(Rules(players=2), seed=1), 0)
    >>> RandomBot().choose(view, random.Random(5)) in view.legal_moves()
    True
    >>> RandomBot().choose_from(view.legal_moves(), random.Random(5)) == RandomBot().choose(
    ...     view, random.Random(5))
    True
    """

    def choose(self, observation: Observation, rng: random.Random) -> Move:
        """A uniformly random legal move."""
        return rng.choice(observation.legal_moves())

    def choose_from(self, moves: tuple[Move, ...], rng: random.Random) -> Move:
        """A uniformly random move of ``moves``."""
        return rng.choice(moves)


class LowestCardBot:
    """The classic plan: keep high cards and Clears face up, shed the lowest cards first.

    In setup it puts its highest cards on 3UP. In play it draws whenever it
    may, plays the lowest number it can (as many copies as it holds), and
    spends a Clear only when no number can be played. It never uses ``rng``.

    >>> from threeup3down import GameState, Rules
    >>> state = GameState.from_notation("play 0 4g,7g,7r,Cb|-|-/9b|-|- - 5r *", Rules(players=2))
    >>> str(LowestCardBot().choose(observe(state, 0), random.Random(0)))
    '7g,7r'
    >>> str(LowestCardBot().choose_from(observe(state, 0).legal_moves(), random.Random(0)))
    '7g,7r'
    """

    def choose(self, observation: Observation, rng: random.Random) -> Move:
        """The lowest, widest play; a Clear only as a last resort."""
        return min(observation.legal_moves(), key=_preference)

    def choose_from(self, moves: tuple[Move, ...], rng: random.Random) -> Move:
        """The same choice made from the legal moves alone (a :class:`MovesBot`)."""
        return min(moves, key=_preference)


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
    >>> game = new_game(Rules(players=2), seed=3)
    >>> final = play_game(game, [RandomBot(), RandomBot()], random.Random(1))
    >>> final == play_game(game, [RandomBot(), RandomBot()], random.Random(1))
    True
    """
    for _, _, state in playout(state, bots, rng):
        pass
    return state
