"""The table server's protocol, version 1: the messages and their JSON Schemas.

Every message is a JSON object with a ``type``. The JSON Schema (draft
2020-12) of every message, and of the lobby's requests and answers, ships
with the package (:func:`protocol_schema`); the docs page "Table server
protocol" tells the exchange.

A client sends, on the WebSocket of a table:

``hello``  first, within the hello timeout: ``{"type": "hello", "version": 1}``,
           with the seat's ``token`` (none: a spectator), the number ``last``
           of the last frame it saw (none: from frame 0), ``svg`` (true: each
           frame carries the picture of its view) and ``locale`` (a language
           tag: each frame tells its events in that language, its picture is
           labelled in it, and a refused move is told in it).
``move``   a move in move notation: ``{"type": "move", "move": "7r"}``; an
           optional ``seat`` must be the token's own.

The server answers the hello with ``welcome``, then sends every frame after
``last`` (:mod:`threeup3down.server.frames`) and each new one as the game goes
on; a refused message gets an ``error`` (its ``code``, its ``message``, and
for an illegal move the ``rule`` it breaks) and changes nothing. At a table
with a clock (:mod:`threeup3down.server.clocks`) every frame tells each
seat's time left, a ``clock`` message tells when the clock starts or stops
with no move, and a ``forfeit`` message that a seat out of time has ended
the table.

>>> parse_client_message('{"type": "move", "move": "7r"}')
MoveMessage(move=Play(cards=(Card.RED_7,), source=<Source.HAND: 'hand'>), seat=None)
>>> parse_client_message('{"type": "move", "move": "7x"}')
Traceback (most recent call last):
...
threeup3down.core.errors.TableError: not a move: '7x' (unknown colour 'x': expected g, r or b)
"""

from __future__ import annotations

import json
from importlib import resources
from typing import cast

import attrs

from threeup3down.core.errors import IllegalMoveError, LocaleError, NotationError, TableError, ThreeUpError
from threeup3down.core.i18n import translation
from threeup3down.core.moves import Move, parse_move
from threeup3down.formats.codec import MISSING, JsonValue, refused_field

__all__ = [
    "MAX_MESSAGE_SIZE",
    "PROTOCOL_VERSION",
    "Hello",
    "MoveMessage",
    "error_message",
    "parse_client_message",
    "protocol_schema",
]

PROTOCOL_VERSION = 1
"""The version of the protocol this server speaks (each message's schema says which)."""

MAX_MESSAGE_SIZE = 4096
"""The longest message a client may send, in bytes (UTF-8): longer ones close the connection."""


@attrs.frozen
class Hello:
    """A client's first message: who it is, and the last frame it saw.

    >>> parse_client_message('{"type": "hello", "version": 1, "token": "t", "svg": true}')
    Hello(token='t', last=None, svg=True, locale=None)
    """

    token: str | None = None
    """The seat's token; ``None`` for a spectator."""
    last: int | None = None
    """The number of the last frame the client saw; ``None``: it saw none."""
    svg: bool = False
    """Whether each frame should carry the picture of its view."""
    locale: str | None = None
    """The language frames and refusals are told in (``None``: none told, the
    picture in English).

    .. versionadded:: 0.5.0
    """


@attrs.frozen
class MoveMessage:
    """A move the client's seat makes.

    >>> parse_client_message('{"type": "move", "move": "pick", "seat": 2}')
    MoveMessage(move=PickUp(), seat=2)
    """

    move: Move
    """The move."""
    seat: int | None = None
    """The seat the client says it moves for; ``None``: its token's."""


def _unique(pairs: list[tuple[str, object]]) -> dict[str, object]:
    keys = [key for key, _ in pairs]
    if len(set(keys)) != len(keys):
        raise TableError("a key is given twice in one object", code="bad-message")
    return dict(pairs)


def _no_constant(name: str) -> object:
    raise TableError(f"{name} is not a JSON number", code="bad-message")


def _load(text: str | bytes) -> dict[str, object]:
    size = len(text.encode() if isinstance(text, str) else text)
    if size > MAX_MESSAGE_SIZE:
        raise TableError(
            f"a message of {size} bytes is over the limit of {MAX_MESSAGE_SIZE}", code="too-large"
        )
    try:
        document = json.loads(text, object_pairs_hook=_unique, parse_constant=_no_constant)
    except (ValueError, RecursionError) as error:
        if isinstance(error, TableError):
            raise
        raise TableError(f"not JSON: {error}", code="bad-json") from None
    if not isinstance(document, dict):
        raise TableError("a message is a JSON object with a type", code="bad-message")
    return cast(dict[str, object], document)


def _fields(message: dict[str, object], allowed: tuple[str, ...]) -> None:
    unknown = sorted(set(message) - {"type", *allowed})
    if unknown:
        raise TableError(
            f"unknown field {unknown[0]!r} in a {message['type']} message", code="bad-message"
        )


def _optional_int(message: dict[str, object], key: str) -> int | None:
    value = message.get(key)
    if value is None:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise TableError(f"{key} must be a whole number from 0, not {value!r}", code="bad-message")
    return value


def _locale(value: object) -> str | None:
    """The hello's ``locale``: a language tag :mod:`threeup3down.core.i18n` reads, or ``None``."""
    if value is None:
        return None
    if not isinstance(value, str):
        raise TableError("locale must be a language tag such as 'km'", code="bad-message")
    try:
        translation(value)
    except LocaleError as error:
        raise TableError(f"locale: {error}", code="bad-message") from None
    return value


def parse_client_message(text: str | bytes) -> Hello | MoveMessage:
    """The message a client sent, or :class:`~threeup3down.core.errors.TableError`
    (its ``code`` says why: ``bad-json``, ``too-large``, ``bad-message``,
    ``unknown-type``, ``bad-version``, ``bad-move``).

    >>> parse_client_message('{"type": "hello", "version": 1, "last": 4}')
    Hello(token=None, last=4, svg=False, locale=None)
    >>> parse_client_message('{"type": "hello"}')
    Traceback (most recent call last):
    ...
    threeup3down.core.errors.TableError: hello version is missing: it must be 1, the protocol version this server speaks
    >>> parse_client_message('{"type": "shout"}')
    Traceback (most recent call last):
    ...
    threeup3down.core.errors.TableError: unknown message type 'shout': a client sends hello or move
    """
    message = _load(text)
    kind = message.get("type")
    if kind == "hello":
        _fields(message, ("version", "token", "last", "svg", "locale"))
        version = message.get("version", MISSING)
        if version != PROTOCOL_VERSION or isinstance(version, bool):
            raise TableError(
                refused_field(
                    "hello version", version, f"{PROTOCOL_VERSION}, the protocol version this server speaks"
                ),
                code="bad-version",
            )
        token, svg = message.get("token"), message.get("svg", False)
        if token is not None and not isinstance(token, str):
            raise TableError("token must be a string", code="bad-message")
        if not isinstance(svg, bool):
            raise TableError("svg must be true or false", code="bad-message")
        return Hello(
            token=token, last=_optional_int(message, "last"), svg=svg, locale=_locale(message.get("locale"))
        )
    if kind == "move":
        _fields(message, ("move", "seat"))
        text_move = message.get("move")
        if not isinstance(text_move, str):
            raise TableError("move must be a string in move notation", code="bad-message")
        try:
            move = parse_move(text_move)
        except NotationError as error:
            raise TableError(str(error), code="bad-move") from None
        return MoveMessage(move=move, seat=_optional_int(message, "seat"))
    raise TableError(
        f"unknown message type {kind!r}: a client sends hello or move", code="unknown-type"
    )


def error_message(
    error: ThreeUpError, *, locale: str | None = None, seat: int | None = None
) -> dict[str, JsonValue]:
    """The ``error`` message telling a client why its message was refused; with
    ``locale``, an illegal move is also ``told`` to ``seat`` in that language.

    >>> error_message(IllegalMoveError("player 0 cannot play 7r", rule="P2"))
    {'type': 'error', 'code': 'illegal-move', 'message': 'P2: player 0 cannot play 7r', 'rule': 'P2'}

    .. versionchanged:: 0.5.0
       ``locale`` and ``seat``.
    """
    if isinstance(error, IllegalMoveError):
        refused: dict[str, JsonValue] = {
            "type": "error", "code": "illegal-move", "message": str(error), "rule": error.rule
        }
        if locale is not None:
            refused["told"] = error.message(locale, you=seat)
        return refused
    code = error.code if isinstance(error, TableError) else "refused"
    return {"type": "error", "code": code, "message": str(error)}


def protocol_schema() -> dict[str, JsonValue]:
    """The JSON Schema of every message of the protocol, and of the lobby's bodies.

    >>> schema = protocol_schema()
    >>> schema["$defs"]["hello"]["properties"]["version"]["const"]
    1
    """
    text = resources.files("threeup3down.server").joinpath("protocol.json").read_text("utf-8")
    return cast(dict[str, JsonValue], json.loads(text))
