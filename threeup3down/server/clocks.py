"""Clocks for the people's seats: time per move, a bank per seat, and what a timeout does.

A table may be created with a :class:`TimeControl`. Each move of a person's seat
has ``per_move`` seconds; time used beyond them comes out of the seat's
``bank``, which never refills. When both are spent, the seat has timed out:
the ``on_timeout`` bot (any name :func:`~threeup3down.bots.make_bot` takes)
makes that move for it, or, with ``"forfeit"``, the seat forfeits and the
table ends with it placed last. Bots' seats have no clock (their time per
move is the table's ``bot_time_limit``).

The clock starts when every person's seat is joined; moves made before
count no time. A seat's turn starts when the move before it is committed
(or when the clock starts, if later), and ends when its own move is
committed. Every time is the server's, from the move log (:class:`Timeline`),
so a restarted server, or another process over the same database, keeps
the same clocks.

>>> clock = TimeControl.from_json({"per_move": 10, "bank": 60, "on_timeout": "lowest"})
>>> clock, TimeControl.from_settings(clock.settings()) == clock
(TimeControl(per_move=10.0, bank=60.0, on_timeout='lowest'), True)
"""

from __future__ import annotations

from collections.abc import Mapping

import attrs

from threeup3down.bots.names import make_bot
from threeup3down.core.errors import BotError, TableError
from threeup3down.formats.codec import MISSING, JsonValue, refused_field

__all__ = ["FORFEIT", "MAX_SECONDS", "TimeControl", "SeatTime", "Timeline"]

FORFEIT = "forfeit"
"""The ``on_timeout`` of a clock whose seat, out of time, forfeits the table."""

MAX_SECONDS = 86400.0
"""The most seconds a clock's time per move, or its bank, may hold (a day)."""

_FIELDS = ("per_move", "bank", "on_timeout")
_ON_TIMEOUT = '"forfeit" or the name of a bot'


def _seconds(name: str, value: object, *, positive: bool) -> float:
    """``value`` as the seconds of the clock's field ``name``, or :class:`TableError`."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        if (value > 0 if positive else value >= 0) and value <= MAX_SECONDS:
            return float(value)
    bound = "above 0" if positive else "from 0"
    raise TableError(
        refused_field(f"clock {name}", value, f"a number of seconds, {bound} and at most {MAX_SECONDS:g}"),
        code="bad-clock",
    )


def _check_seconds(instance: object, attribute: attrs.Attribute[float], value: float) -> None:
    _seconds(attribute.name, value, positive=attribute.name == "per_move")


def _check_on_timeout(instance: object, attribute: attrs.Attribute[str], on_timeout: str) -> None:
    if not isinstance(on_timeout, str) or not 0 < len(on_timeout) <= 40:
        raise TableError(refused_field("clock on_timeout", on_timeout, _ON_TIMEOUT), code="bad-clock")
    if on_timeout != FORFEIT:
        try:
            make_bot(on_timeout)
        except BotError as error:
            raise TableError(
                f'clock on_timeout {on_timeout!r} is neither "forfeit" nor a bot: {error}',
                code="bad-clock",
            ) from None


@attrs.frozen
class TimeControl:
    """The clock of a table's people's seats, set when the table is created.

    .. versionadded:: 0.5.0

    >>> clock = TimeControl(per_move=20.0, bank=120.0, on_timeout="forfeit")
    >>> clock.to_json()
    {'per_move': 20.0, 'bank': 120.0, 'on_timeout': 'forfeit'}
    >>> clock.settings()
    {'clock_per_move': 20.0, 'clock_bank': 120.0, 'clock_on_timeout': 'forfeit'}
    >>> TimeControl(per_move=0.0, bank=0.0, on_timeout="forfeit")
    Traceback (most recent call last):
    ...
    threeup3down.core.errors.TableError: clock per_move must be a number of seconds, above 0 and at most 86400, not 0.0
    """

    per_move: float = attrs.field(validator=_check_seconds)
    """Seconds each move may take before the bank is drawn on."""
    bank: float = attrs.field(validator=_check_seconds)
    """Seconds each seat may use beyond its moves' ``per_move``, over the whole game."""
    on_timeout: str = attrs.field(validator=_check_on_timeout)
    """What a seat out of time does: the name of the bot that moves for it, or :data:`FORFEIT`."""

    @classmethod
    def from_json(cls, value: object) -> TimeControl:
        """The clock a table's creation asks for: ``{"per_move": seconds, "bank":
        seconds (default 0), "on_timeout": "forfeit" or a bot's name}``, or
        :class:`~threeup3down.core.errors.TableError` (``bad-clock``) naming the field.

        >>> TimeControl.from_json({"per_move": 5, "on_timeout": "genius"})  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        threeup3down.core.errors.TableError: clock on_timeout 'genius' is neither "forfeit" nor a bot: unknown bot 'genius'...
        >>> TimeControl.from_json({"per_move": 5})
        Traceback (most recent call last):
        ...
        threeup3down.core.errors.TableError: clock on_timeout is missing: it must be "forfeit" or the name of a bot
        """
        if not isinstance(value, dict):
            raise TableError(
                'clock must be an object: {"per_move": seconds, "bank": seconds, '
                '"on_timeout": "forfeit" or a bot\'s name}',
                code="bad-clock",
            )
        unknown = sorted(set(value) - set(_FIELDS))
        if unknown:
            raise TableError(
                f"unknown field {unknown[0]!r} in a clock: the fields are {', '.join(_FIELDS)}",
                code="bad-clock",
            )
        on_timeout = value.get("on_timeout", MISSING)
        if not isinstance(on_timeout, str):
            raise TableError(refused_field("clock on_timeout", on_timeout, _ON_TIMEOUT), code="bad-clock")
        return cls(
            per_move=_seconds("per_move", value.get("per_move", MISSING), positive=True),
            bank=_seconds("bank", value.get("bank", 0), positive=False),
            on_timeout=on_timeout,
        )

    def settings(self) -> dict[str, float | str]:
        """The clock as a table's stored settings hold it (:meth:`from_settings` reads it)."""
        return {"clock_per_move": self.per_move, "clock_bank": self.bank, "clock_on_timeout": self.on_timeout}

    @classmethod
    def from_settings(cls, settings: Mapping[str, float | str]) -> TimeControl | None:
        """The clock of a table's stored settings; ``None`` for an untimed table.

        >>> TimeControl.from_settings({"bot_time_limit": 5.0}) is None
        True
        """
        if "clock_per_move" not in settings:
            return None
        return cls(
            per_move=float(settings["clock_per_move"]),
            bank=float(settings["clock_bank"]),
            on_timeout=str(settings["clock_on_timeout"]),
        )

    def to_json(self) -> dict[str, JsonValue]:
        """The clock as a table's creation gives it, and ``welcome`` tells it."""
        return {"per_move": self.per_move, "bank": self.bank, "on_timeout": self.on_timeout}


@attrs.frozen
class SeatTime:
    """A person's seat's time left: of its move now, and in its bank.

    .. versionadded:: 0.5.0

    >>> SeatTime(move=4.5, bank=30.0).move
    4.5
    """

    move: float
    """Seconds left of the move's ``per_move`` (all of it when the seat is not to move)."""
    bank: float
    """Seconds left in the bank."""


@attrs.frozen
class Timeline:
    """A table's clock and the times of its moves: everything each seat's time left follows from.

    ``turns`` holds, for each move in order, the seat that made it and when it
    was committed (seconds since the epoch); ``started`` is when the clock
    started (``None``: some person's seat is not joined yet).

    .. versionadded:: 0.5.0

    >>> clock = TimeControl(per_move=10.0, bank=30.0, on_timeout="lowest")
    >>> timeline = Timeline(clock, people=(True, True), started=100.0,
    ...                     turns=((0, 104.0), (1, 129.0)))
    >>> timeline.banks(2)  # seat 1 used 25 s: its 10 per move, and 15 of its bank
    (30.0, 15.0)
    >>> timeline.times_left(2, 0, when=135.0)  # seat 0, to move, has used 6 s of its 10
    (SeatTime(move=4.0, bank=30.0), SeatTime(move=10.0, bank=15.0))
    >>> timeline.deadline(0)  # 10 s per move and 30 s of bank from 129
    169.0
    >>> timeline.began(0), timeline.began(2), timeline.running(0)
    (100.0, 129.0, 0)
    """

    clock: TimeControl
    """The table's clock."""
    people: tuple[bool, ...]
    """Which seats are people's (timed); the others are bots'."""
    started: float | None
    """When every person's seat was joined, and the clock started; ``None`` until then."""
    turns: tuple[tuple[int, float], ...] = ()
    """Each move's seat and the time it was committed, in order."""

    def began(self, number: int) -> float | None:
        """When the turn after move ``number`` began to count (``None``: the clock has not started)."""
        if self.started is None:
            return None
        if number == 0:
            return self.started
        return max(self.started, self.turns[number - 1][1])

    def banks(self, number: int) -> tuple[float, ...]:
        """Each seat's bank left after move ``number`` (a bot's seat keeps its whole bank)."""
        banks = [self.clock.bank] * len(self.people)
        for index, (seat, made) in enumerate(self.turns[:number]):
            began = self.began(index)
            if began is None or not self.people[seat]:
                continue
            over = max(0.0, made - began - self.clock.per_move)
            banks[seat] = max(0.0, banks[seat] - over)
        return tuple(banks)

    def times_left(self, number: int, to_move: int | None, *, when: float) -> tuple[SeatTime | None, ...]:
        """Each seat's time left in the turn after move ``number``, whose seat is
        ``to_move`` (``None``: the game is over), as at ``when`` or at the next
        move if that came first; ``None`` for a bot's seat."""
        banks = self.banks(number)
        began = self.began(number)
        if number < len(self.turns):
            when = min(when, self.turns[number][1])
        used = 0.0 if began is None or to_move is None else max(0.0, when - began)
        times: list[SeatTime | None] = []
        for seat, person in enumerate(self.people):
            if not person:
                times.append(None)
            elif seat == to_move:
                over = max(0.0, used - self.clock.per_move)
                times.append(SeatTime(
                    move=max(0.0, self.clock.per_move - used), bank=max(0.0, banks[seat] - over)
                ))
            else:
                times.append(SeatTime(move=self.clock.per_move, bank=banks[seat]))
        return tuple(times)

    def deadline(self, to_move: int) -> float | None:
        """When seat ``to_move``, to move after the last move, runs out of time
        (``None``: its clock is not running, for a bot's seat or before the clock starts)."""
        number = len(self.turns)
        began = self.began(number)
        if began is None or not self.people[to_move]:
            return None
        return began + self.clock.per_move + self.banks(number)[to_move]

    def running(self, to_move: int | None) -> int | None:
        """The seat whose clock runs when ``to_move`` is to move (``None``: no clock runs)."""
        if to_move is None or self.started is None or not self.people[to_move]:
            return None
        return to_move

    def to_json(self, number: int, to_move: int | None, *, when: float) -> dict[str, JsonValue]:
        """The ``clock`` of frame ``number``: each seat's time left (``null`` for a
        bot's seat) and whose clock runs.

        >>> clock = TimeControl(per_move=10.0, bank=30.0, on_timeout="forfeit")
        >>> Timeline(clock, people=(True, False), started=None).to_json(0, 0, when=5.0)
        {'seats': [{'move': 10.0, 'bank': 30.0}, None], 'running': None}
        """
        seats: list[JsonValue] = [
            None if time is None else {"move": round(time.move, 3), "bank": round(time.bank, 3)}
            for time in self.times_left(number, to_move, when=when)
        ]
        return {"seats": seats, "running": self.running(to_move)}

