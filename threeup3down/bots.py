"""Simple computer players, for demos, tests and as opponents.

A bot is anything with a ``choose(state) -> Move`` method that returns one of
``legal_moves(state)``. The bots here decide only from what the player to move
can see in a :class:`~threeup3down.GameState`: their own cards, the 3UP cards
and the piles; 3DOWN cards are chosen by position.

>>> from threeup3down import Rules, new_game
>>> final = play_game(new_game(Rules(players=3), seed=2), [LowestCardBot()] * 3)
>>> final.is_over
True
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import Protocol, assert_never

from threeup3down.cards import Rank
from threeup3down.engine import apply, legal_moves
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
from threeup3down.state import GameState

__all__ = ["Bot", "LowestCardBot", "RandomBot", "play_game", "playout"]


class Bot(Protocol):
    """A player that picks a move: anything with a matching ``choose`` method.

    >>> from threeup3down import Rules, new_game, legal_moves
    >>> class FirstMoveBot:
    ...     def choose(self, state: GameState) -> Move:
    ...         return legal_moves(state)[0]
    >>> bot: Bot = FirstMoveBot()
    >>> play_game(new_game(Rules(players=2), seed=1), [bot, bot]).is_over
    True
    """

    def choose(self, state: GameState) -> Move:
        """One of ``legal_moves(state)``, for ``state.current_player``.

        >>> from threeup3down import Rules, new_game, legal_moves
        >>> state = new_game(Rules(players=2), seed=1)
        >>> LowestCardBot().choose(state) in legal_moves(state)
        True
        """
        ...


class RandomBot:
    """Chooses uniformly among the legal moves; reproducible from ``seed``.

    >>> from threeup3down import Rules, new_game, legal_moves
    >>> state = new_game(Rules(players=2), seed=1)
    >>> RandomBot(seed=5).choose(state) in legal_moves(state)
    True
    """

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, state: GameState) -> Move:
        """A uniformly random legal move."""
        return self._rng.choice(legal_moves(state))


class LowestCardBot:
    """The classic plan: keep high cards and Clears face up, shed the lowest cards first.

    In setup it puts its highest cards on 3UP. In play it draws whenever it
    may, plays the lowest number it can (as many copies as it holds), and
    spends a Clear only when no number can be played.

    >>> from threeup3down import GameState, Rules, parse_cards
    >>> state = GameState.from_notation("play 0 4g,7g,7r,Cb|-|-/9b|-|- - 5r *", Rules(players=2))
    >>> str(LowestCardBot().choose(state))
    '7g,7r'
    """

    def choose(self, state: GameState) -> Move:
        """The lowest, widest play; a Clear only as a last resort."""
        moves = legal_moves(state)
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


def playout(state: GameState, bots: Sequence[Bot]) -> Iterator[tuple[GameState, Move, GameState]]:
    """Play ``state`` to the end, seat *i* moved by ``bots[i]``; yield each step.

    >>> from threeup3down import Rules, new_game
    >>> steps = list(playout(new_game(Rules(players=2), seed=3), [RandomBot(1), RandomBot(2)]))
    >>> steps[-1][2].is_over
    True
    """
    while not state.is_over:
        move = bots[state.current_player].choose(state)
        after = apply(state, move)
        yield state, move, after
        state = after


def play_game(state: GameState, bots: Sequence[Bot]) -> GameState:
    """The final state of ``state`` played out by ``bots`` (one per seat).

    >>> from threeup3down import Rules, new_game
    >>> play_game(new_game(Rules(players=2), seed=3), [RandomBot(1), RandomBot(2)]).is_over
    True
    """
    for _, _, state in playout(state, bots):
        pass
    return state
