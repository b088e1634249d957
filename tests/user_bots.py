"""A bot writer's own bots, in a module of their own that worker processes import by path."""

from __future__ import annotations

import random

from threeup3down import Move, Observation
from threeup3down.bots import AnyBot, LowestCardBot

__all__ = ["FirstMoveBot", "lowest", "not_a_bot"]


class FirstMoveBot:
    """Plays the first legal move; with a budget, the move at that index (wrapping round)."""

    def __init__(self, budget: int = 0) -> None:
        self.budget = budget

    def __eq__(self, other: object) -> bool:
        return isinstance(other, FirstMoveBot) and other.budget == self.budget

    def __hash__(self) -> int:
        return self.budget

    def choose(self, observation: Observation, rng: random.Random) -> Move:
        moves = observation.legal_moves()
        return moves[self.budget % len(moves)]


def lowest() -> AnyBot:
    """A factory: the library's lowest-card bot."""
    return LowestCardBot()


def not_a_bot() -> object:
    """A factory that makes no bot."""
    return 42
