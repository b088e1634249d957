"""Bots that fail, for the tests of how simulate() reports them on every executor.

They live in a module of their own, which a worker process imports to unpickle them.
Each plays like :class:`~threeup3down.bots.RandomBot` until it sits at seat 0,
then fails at its first decision there: in a two-player run with rotated
seats and the bot at seat 1, the first game to fail is game 1, seat 0.
"""

from __future__ import annotations

import random
import threading

import attrs

from threeup3down import Move, Observation, PickUp
from threeup3down.bots import RandomBot

__all__ = ["NoMoveAtSeat0", "PicksAtSeat0", "RaisesAtSeat0", "SleepsAtSeat0", "UnpicklableAtSeat0", "Unpicklable"]

MESSAGE = "no move for seat 0"
"""What the raising bots say."""


@attrs.frozen
class RaisesAtSeat0(RandomBot):
    """Raises :class:`RuntimeError` at seat 0."""

    def choose(self, observation: Observation, rng: random.Random) -> Move:
        if observation.player == 0:
            raise RuntimeError(MESSAGE)
        return super().choose(observation, rng)


class Unpicklable(Exception):
    """An exception that holds a lock, so it cannot be pickled."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.lock = threading.Lock()


@attrs.frozen
class UnpicklableAtSeat0(RandomBot):
    """Raises :class:`Unpicklable` at seat 0."""

    def choose(self, observation: Observation, rng: random.Random) -> Move:
        if observation.player == 0:
            raise Unpicklable(MESSAGE)
        return super().choose(observation, rng)


@attrs.frozen
class SleepsAtSeat0(RandomBot):
    """Never answers at seat 0: it waits for an event that nothing sets."""

    def choose(self, observation: Observation, rng: random.Random) -> Move:
        if observation.player == 0:
            threading.Event().wait()
        return super().choose(observation, rng)


@attrs.frozen
class PicksAtSeat0(RandomBot):
    """Picks up the discard pile at seat 0, at its first decision: during setup,
    which the rules refuse (S3)."""

    def choose(self, observation: Observation, rng: random.Random) -> Move:
        if observation.player == 0:
            return PickUp()
        return super().choose(observation, rng)


@attrs.frozen
class NoMoveAtSeat0(RandomBot):
    """Answers a string, not a move, at seat 0."""

    def choose(self, observation: Observation, rng: random.Random) -> Move:
        if observation.player == 0:
            return "pick"  # type: ignore[return-value]  # the fault under test
        return super().choose(observation, rng)
