"""The simple bots: one that moves at random, one that sheds its lowest cards first.

Both read nothing but their legal moves (each is a
:class:`~threeup3down.bots.MovesBot`), so :func:`~threeup3down.bots.decide`
hands them only those.

>>> import random
>>> from threeup3down import Rules, new_game, observe
>>> view = observe(new_game(Rules(players=2), seed=1), 0)
>>> str(LowestCardBot().choose(view, random.Random(0)))
'up:10r,C+1g,C+1b'
"""

from __future__ import annotations

import random
from typing import assert_never

from threeup3down.core.cards import Rank
from threeup3down.core.moves import (
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
from threeup3down.views.observation import Observation

__all__ = ["LowestCardBot", "RandomBot"]


class RandomBot:
    """Chooses uniformly among the legal moves, with the ``rng`` it is given.

    It reads nothing but the legal moves (a :class:`~threeup3down.bots.MovesBot`).

    >>> from threeup3down import Rules, new_game, observe
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

    >>> from threeup3down import GameState, Rules, observe
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
        """The same choice made from the legal moves alone (a :class:`~threeup3down.bots.MovesBot`)."""
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
