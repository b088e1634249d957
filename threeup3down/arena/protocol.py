"""The bot protocol: how a bot in any language plays over standard input and output.

The arena starts the bot's command and speaks JSON lines with it, one object
a line in UTF-8, each described by a JSON Schema shipped in the package
(:func:`protocol_schema`, ``threeup3down/arena/protocol.json``):

1. the bot greets: ``{"type": "hello", "protocol": 1, "bot": "NAME"}``;
2. for each of its decisions the arena sends ``{"type": "decide",
   "observation": {...}, "legal_moves": [...], "clock": {...}, "seed": N}``:
   the bot's own :class:`~threeup3down.Observation` document (as
   :func:`~threeup3down.to_json` writes it), its legal moves in move notation,
   its clock and a seed; the bot answers ``{"type": "move", "move": "7g,7r"}``;
3. an answer that is no legal move is refused,
   ``{"type": "refused", "error": "...", "rule": "P2", "tries_left": 2}``
   (``rule`` is ``null`` for an answer that is not a move at all), and the
   bot answers again;
4. ``{"type": "bye"}`` ends the session, and standard input is closed.

What the arena does with a bot that breaks it is in :data:`POLICIES`.

>>> decide_message(Clock(1.0, 0.1).start(), ["pick"], {"format": "x"}, 7)
'{"type":"decide","observation":{"format":"x"},"legal_moves":["pick"],"clock":{"remaining":1.0,"increment":0.1},"seed":7}'
>>> read_answer('{"type": "move", "move": "7g,7r"}')
'7g,7r'
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from importlib import resources

import attrs

from threeup3down.core.errors import BotError
from threeup3down.formats.codec import MISSING, refused_field

__all__ = [
    "BYE_TIME",
    "DEFAULT_CLOCK",
    "HANDSHAKE_TIME",
    "MAX_LINE",
    "POLICIES",
    "PROTOCOL_VERSION",
    "REFUSALS",
    "Clock",
    "ClockState",
    "DecideWriter",
    "bye_message",
    "decide_message",
    "protocol_schema",
    "read_answer",
    "read_hello",
    "refused_message",
]

PROTOCOL_VERSION = 1
"""The version of the protocol, in the bot's hello; this arena speaks version 1 only."""

HANDSHAKE_TIME = 10.0
"""Seconds a bot has from its start to its hello line."""

MAX_LINE = 65_536
"""The longest line, in bytes, a bot may write; a longer one is a flood."""

REFUSALS = 3
"""How many answers of one decision may be refused before the bot forfeits it."""

BYE_TIME = 1.0
"""Seconds a bot has to exit after ``bye`` before it is killed."""

POLICIES = {
    "crash": "the bot exits or closes its output after its hello, or cannot be started: the decision fails",
    "handshake": f"no valid hello within {HANDSHAKE_TIME:g} s (a bot that exits first included), "
    "or another protocol version: the decision fails",
    "clock": "no answer before the bot's clock runs out (a bot that hangs): the bot is killed and the decision fails",
    "refused": f"an answer that is not JSON, not a move message, not move notation or not a legal move is refused "
    f"with the reason and the rule; after {REFUSALS} refusals in one decision the decision fails",
    "flood": f"a line longer than {MAX_LINE} bytes: the bot is killed and the decision fails",
}
"""What the arena does with a bot that breaks the protocol, by fault. A
decision that fails raises :class:`~threeup3down.core.errors.BotProtocolError`
(:class:`~threeup3down.core.errors.BotClockExceeded` for ``clock``) naming the
fault, and the bot's process is ended. In a tournament the bot then forfeits
the game and is started afresh for its next one, or, with ``on_fault="stop"``,
the run ends (:data:`~threeup3down.arena.tournament.ON_FAULT`); elsewhere,
such as :func:`~threeup3down.simulation.simulate`, the run ends with
:class:`~threeup3down.core.errors.BotFailed` naming the game, seat and bot,
and no result is reported. Every bot process is ended when its batch of
games ends (``bye``, then killed after :data:`BYE_TIME` seconds), and when
it faults."""


@attrs.frozen
class Clock:
    """A bot's time for each game: ``base`` seconds, and ``increment`` seconds
    more after each move it answers (a Fischer clock, ``1+0.1`` on the command
    line). The time a bot takes is measured from the arena's ``decide`` to the
    bot's answer.

    >>> Clock.parse("1+0.1")
    Clock(base=1.0, increment=0.1)
    >>> Clock.parse("5")
    Clock(base=5.0, increment=0.0)
    """

    base: float
    """Seconds for the whole game."""
    increment: float = 0.0
    """Seconds added back after each move."""

    def __attrs_post_init__(self) -> None:
        for name, value in (("base", self.base), ("increment", self.increment)):
            if not isinstance(value, (int, float)) or isinstance(value, bool) or not math.isfinite(value):
                raise BotError(f"a clock's {name} must be a number of seconds, not {value!r}")
        if self.base <= 0 or self.increment < 0:
            raise BotError(
                f"a clock needs more than 0 seconds a game and no negative increment, not "
                f"{self.base:g}+{self.increment:g}"
            )

    @classmethod
    def parse(cls, text: str) -> Clock:
        """The clock written ``BASE+INCREMENT`` (or ``BASE``), in seconds.

        >>> Clock.parse("fast")
        Traceback (most recent call last):
        ...
        threeup3down.core.errors.BotError: a clock is written BASE+INCREMENT in seconds, such as 1+0.1, not 'fast'
        """
        base, _, increment = text.strip().partition("+")
        try:
            seconds = float(base), float(increment or 0)
        except ValueError:
            raise BotError(
                f"a clock is written BASE+INCREMENT in seconds, such as 1+0.1, not {text!r}"
            ) from None
        return cls(*seconds)

    def start(self) -> ClockState:
        """The clock at the start of a game.

        >>> Clock(2.0, 0.5).start()
        ClockState(remaining=2.0, increment=0.5)
        """
        return ClockState(self.base, self.increment)

    def __str__(self) -> str:
        return f"{self.base:g}+{self.increment:g}"


@attrs.frozen
class ClockState:
    """A running clock: the seconds left, and the increment of each move.

    >>> Clock.parse("1+0.1").start().remaining
    1.0
    """

    remaining: float
    increment: float

    def after(self, taken: float) -> ClockState:
        """The clock after a move that took ``taken`` seconds.

        >>> Clock(1.0, 0.25).start().after(0.5)
        ClockState(remaining=0.75, increment=0.25)
        """
        return ClockState(max(0.0, self.remaining - taken) + self.increment, self.increment)


DEFAULT_CLOCK = Clock(60.0, 1.0)
"""A bot's clock unless the arena is given one: a minute a game and a second a move."""


def protocol_schema() -> dict[str, object]:
    """The JSON Schema of every message (``threeup3down/arena/protocol.json``); the
    observation is the one of :func:`~threeup3down.formats.serialization.json_schema`.

    >>> sorted(protocol_schema()["$defs"])
    ['bye', 'clock', 'decide', 'hello', 'move', 'refused']
    """
    text = resources.files("threeup3down.arena").joinpath("protocol.json").read_text(encoding="utf-8")
    schema: dict[str, object] = json.loads(text)
    return schema


_COMPACT = json.JSONEncoder(allow_nan=False, separators=(",", ":"))
"""ASCII out (any other character escaped): the C encoder's fastest path."""


def decide_message(clock: ClockState, moves: list[str], observation: object, seed: int) -> str:
    """The ``decide`` line (without its newline); ``observation`` is the
    observation document as a dict.

    >>> from threeup3down import Rules, new_game, observe, to_dict
    >>> view = observe(new_game(Rules(players=2), seed=1), 0)
    >>> line = decide_message(Clock(1.0).start(), [str(move) for move in view.legal_moves()], to_dict(view), 3)
    >>> json.loads(line)["legal_moves"][0], json.loads(line)["observation"]["player"]
    ('up:1r,1b,6g', 0)
    """
    return _COMPACT.encode({
        "type": "decide", "observation": observation, "legal_moves": moves,
        "clock": {"remaining": clock.remaining, "increment": clock.increment}, "seed": seed,
    })


class DecideWriter:
    """The ``decide`` lines of :func:`decide_message` as bytes, newline included,
    for the decisions of one bot: each :class:`~threeup3down.Rules` the
    observations hold is encoded once, and its text put in place of the
    observation's ``rules`` in the lines after (a game's observations all hold
    the same rules, half of their document).

    .. versionadded:: 0.5.0

    >>> from threeup3down import Rules, new_game, observe, to_dict
    >>> view = observe(new_game(Rules(players=2), seed=1), 0)
    >>> moves, document = [str(move) for move in view.legal_moves()], to_dict(view)
    >>> writer = DecideWriter()
    >>> line = writer.line(Clock(1.0).start(), moves, document, view.rules, 3)
    >>> line == (decide_message(Clock(1.0).start(), moves, document, 3) + "\\n").encode()
    True
    >>> writer.line(Clock(1.0).start(), moves, document, view.rules, 3) == line  # the rules' text kept
    True
    """

    __slots__ = ("_rules", "_text")

    def __init__(self) -> None:
        self._rules: object = None
        self._text = ""

    def line(self, clock: ClockState, moves: list[str], observation: Mapping[str, object], rules: object,
             seed: int) -> bytes:
        """The line of a decision whose observation document is ``observation``, of the rules ``rules``."""
        if rules is not self._rules and rules != self._rules:
            self._rules, self._text = rules, '"rules":' + _COMPACT.encode(observation["rules"])
        text = decide_message(clock, moves, {**observation, "rules": None}, seed)
        # the observation's rules is the first key of that name: "type" and "format" come before it
        return (text.replace('"rules":null', self._text, 1) + "\n").encode()


def refused_message(error: str, rule: str | None, tries_left: int) -> str:
    """The ``refused`` line (without its newline).

    >>> refused_message("a 7 is lower than the 8", "P2", 2)
    '{"type":"refused","error":"a 7 is lower than the 8","rule":"P2","tries_left":2}'
    """
    return _COMPACT.encode({"type": "refused", "error": error, "rule": rule, "tries_left": tries_left})


def bye_message() -> str:
    """The ``bye`` line (without its newline).

    >>> bye_message()
    '{"type":"bye"}'
    """
    return _COMPACT.encode({"type": "bye"})


def read_hello(line: str) -> str:
    """The bot's name from its ``hello`` line; :class:`ValueError` saying what is wrong.

    >>> read_hello('{"type": "hello", "protocol": 1, "bot": "first-move"}')
    'first-move'
    >>> read_hello('{"type": "hello", "protocol": 2, "bot": "x"}')
    Traceback (most recent call last):
    ...
    ValueError: hello protocol must be 1, the protocol version this arena speaks, not 2
    >>> read_hello('hi there')
    Traceback (most recent call last):
    ...
    ValueError: the first line must be a hello, a JSON object such as {"type": "hello", "protocol": 1, "bot": "first-move"}, not 'hi there'
    """
    message = _message(
        line, f'the first line must be a hello, a JSON object such as {{"type": "hello", "protocol": {PROTOCOL_VERSION}, '
        '"bot": "first-move"}'
    )
    if message.get("type") != "hello":
        raise ValueError(f"the first line must be a hello message, not {line[:200]!r}")
    protocol = message.get("protocol", MISSING)
    if protocol != PROTOCOL_VERSION or isinstance(protocol, bool):
        raise ValueError(
            refused_field("hello protocol", protocol, f"{PROTOCOL_VERSION}, the protocol version this arena speaks")
        )
    name = message.get("bot")
    if not isinstance(name, str) or not 1 <= len(name) <= 100 or set(message) != {"type", "protocol", "bot"}:
        raise ValueError(f"a hello has type, protocol and bot (a name of 1 to 100 characters): {line[:200]!r}")
    return name


def read_answer(line: str) -> str:
    """The move notation in the bot's ``move`` line; :class:`ValueError` saying what is wrong.

    >>> read_answer('7g')
    Traceback (most recent call last):
    ...
    ValueError: an answer is a JSON object such as {"type": "move", "move": "7g,7r"}, not '7g'
    """
    message = _message(line, 'an answer is a JSON object such as {"type": "move", "move": "7g,7r"}')
    move = message.get("move")
    if message.get("type") != "move" or not isinstance(move, str) or set(message) != {"type", "move"}:
        raise ValueError(f'an answer is {{"type": "move", "move": "<move notation>"}}, not {line[:200]!r}')
    return move


def _message(line: str, expected: str) -> dict[str, object]:
    """The JSON object of ``line``; else :class:`ValueError`: what was ``expected``, and the line."""
    try:
        message = json.loads(line)
    except (ValueError, RecursionError):
        message = None
    if not isinstance(message, dict):
        raise ValueError(f"{expected}, not {line[:200]!r}")
    return message
