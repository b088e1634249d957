"""How :func:`~threeup3down.simulation.simulate` finds a bot failing: what a
batch sends back instead of its tally (:class:`Fault`), and the watchdog of
the decision time limit (:func:`watched`).

A fault travels back from any worker as a value, never as an exception that
each executor would wrap in its own way, so that the driver raises the same
:class:`~threeup3down.core.errors.BotFailed` whatever ran the games.

>>> watch = Watch()
>>> watched(lambda: "done", watch, limit=5.0)
'done'
"""

from __future__ import annotations

import pickle
import threading
import time
from collections.abc import Callable
from typing import TypeVar

import attrs

from threeup3down.core.errors import BotExceptionText, BotFailed, BotTimedOut

__all__ = ["Fault", "Raised", "Watch", "watched"]

T = TypeVar("T")


class Watch:
    """Where the games of a batch are, for the watchdog of the decision time
    limit: the game, and the seat deciding since when (:func:`time.monotonic`)."""

    __slots__ = ("game", "seat", "since", "stop")

    def __init__(self) -> None:
        self.game = self.seat = 0
        self.since = time.monotonic()
        self.stop = False
        """Set when the run no longer wants the batch: no further game is started."""


class Raised(Exception):
    """A bot's exception, on its way out of the game loop to be reported as a
    :class:`Fault`; or the engine's refusal of what the bot ``chose``, written
    as a move (or described, when it is none)."""

    def __init__(self, error: Exception, *, chose: str = "") -> None:
        super().__init__(error)
        self.error = error
        self.chose = chose


@attrs.frozen
class Fault:
    """A bot that raised, or did not decide within ``limit`` seconds: what a
    batch sends back instead of its tally. It pickles whatever the bot raised:
    an exception that does not survive pickling is sent as its type name and
    message alone."""

    game: int
    seat: int
    bot: str
    limit: float | None
    error: BaseException | None
    type_name: str = ""
    message: str = ""
    chose: str = ""
    """What the bot chose, when the fault is the rules refusing it rather than the bot raising."""

    def __reduce__(self) -> tuple[object, ...]:
        error = self.error
        try:
            pickle.loads(pickle.dumps(error))
        except Exception:  # an exception that pickles badly can fail in any way
            error = None
        return (
            Fault, (self.game, self.seat, self.bot, self.limit, error, self.type_name, self.message, self.chose)
        )

    def failure(self, *, seed: int) -> BotFailed:
        """The library error that reports this fault in the game dealt from
        ``seed``, its cause the bot's exception."""
        where = f"game {self.game} (deal seed {seed}), seat {self.seat}, bot {self.bot!r}"
        if self.limit is not None:
            return BotTimedOut(
                f"{where}: no move within the decision time limit of {self.limit:g} s; "
                "no result is reported",
                game=self.game, seed=seed, seat=self.seat, bot=self.bot, limit=self.limit,
            )
        what = f"chose {self.chose}, which" if self.chose else f"raised {self.type_name}:"
        failure = BotFailed(
            f"{where} {what} {self.message}; no result is reported",
            game=self.game, seed=seed, seat=self.seat, bot=self.bot,
        )
        if self.error is not None:
            failure.__cause__ = self.error
        else:
            failure.__cause__ = BotExceptionText(type_name=self.type_name, message=self.message)
        return failure


def watched(play: Callable[[], T], watch: Watch, limit: float) -> T | None:
    """What ``play()`` returns, played in a thread of its own and watched from
    this one; ``None`` if a decision, as ``watch`` reports it, took ``limit``
    seconds or more.

    A thread cannot be stopped: that one is abandoned (a daemon thread, told
    through ``watch.stop`` to start no further game). Whatever ``play``
    raises is raised here.

    >>> import threading
    >>> watched(threading.Event().wait, Watch(), limit=0.01) is None
    True
    """
    outcome: list[T] = []
    failed: list[BaseException] = []

    def run() -> None:
        try:
            outcome.append(play())
        except BaseException as error:  # raised again in the watching thread
            failed.append(error)

    games = threading.Thread(target=run, name="threeup3down games", daemon=True)
    try:
        games.start()
        wait = limit
        while True:
            games.join(wait)
            if not games.is_alive():
                break
            taken = time.monotonic() - watch.since
            if taken >= limit:
                return None
            wait = min(limit, limit - taken)  # a bot that keeps its own time is not timed
    finally:
        watch.stop = True
    if failed:
        raise failed[0]
    return outcome[0]
