"""JSON documents for rules, cards, moves, states, observations, events and records.

Every document is a JSON object with two envelope fields, ``format`` (which
kind of document it is) and ``version`` (of the document formats,
:data:`FORMAT_VERSION`), and then the fields of the value. The fields are
the attribute names of the library's classes; cards are written in card
notation (``"7r"``), moves in move notation (``"^7r,7g"``), enumerations
by their values. A field that has a default may be left out when reading;
a seat's ``known`` cards (:attr:`~threeup3down.Seat.known`) are written only
when there are some.

=============================  ==============================================
``format``                     value
=============================  ==============================================
``threeup3down/rules``         :class:`~threeup3down.Rules` (its fields)
``threeup3down/cards``         a tuple of cards: ``{"cards": ["7r", "Cb"]}``
``threeup3down/move``          a move: ``{"move": "^7r,7g"}``
``threeup3down/state``         :class:`~threeup3down.GameState` (its fields)
``threeup3down/observation``   :class:`~threeup3down.views.observation.Observation`
``threeup3down/event``         one event: ``{"type": "cards-played", ...}``
``threeup3down/events``        a tuple of events: ``{"events": [...]}``
``threeup3down/record``        :class:`~threeup3down.formats.records.GameRecord`
``threeup3down/match``         :class:`~threeup3down.Match`: a match (O4) to save
                               and resume
=============================  ==============================================

The JSON Schema (draft 2020-12) of every document ships with the package
(:func:`json_schema`).

Reading is strict: anything that is not a valid value raises
:class:`~threeup3down.core.errors.DocumentError` (a
:class:`~threeup3down.ThreeUpError`) naming where the document is wrong. A
state must be a position the rules can reach
(:func:`~threeup3down.core.validation.position_problems`, the checks of position
notation; hands and 3UP cards are sorted as they are read), an observation
what some such position shows its seat. A record is read without playing
its moves: :func:`~threeup3down.formats.records.replay` checks them.

Every format has one reader and one writer. A document is read by
:func:`json.loads` (refusing text over the size limit of
:mod:`threeup3down.core.limits`, a key given twice in an object, ``NaN`` and
``Infinity``), then its fields are decoded by :mod:`threeup3down.formats.codec`;
a value is written the other way round, its fields encoded, then the text
made by :class:`json.JSONEncoder`.

>>> from threeup3down import Rules, new_game
>>> state = new_game(Rules(players=2), seed=1)
>>> text = to_json(state)
>>> from_json(text, GameState) == state
True

A reader names the class it reads (``from_json(text, GameState)``, typed as
that class), or a :class:`Format` (``from_json(text, CARDS)``); without
either it reads any format, and its value is typed as the union
:data:`Document`.
>>> from threeup3down import parse_move
>>> to_json(parse_move("^7r,7g"))
'{"format": "threeup3down/move", "version": 1, "move": "^7g,7r"}'
>>> from_json('{"format": "threeup3down/move", "version": 1, "move": "^7r,7g"}', MOVE)
Play(cards=(Card.GREEN_7, Card.RED_7), source=<Source.UP: 'up'>)
>>> from_json('{"format": "threeup3down/move", "version": 1, "move": "7z"}')
Traceback (most recent call last):
...
threeup3down.core.errors.DocumentError: $.move: not a move: '7z' (unknown colour 'z': expected g, r or b)
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from importlib import resources
from typing import Any, Generic, TypeVar, cast, get_args, overload

import attrs

from threeup3down.core.cards import Card, sort_cards
from threeup3down.core.errors import DocumentError
from threeup3down.core.limits import MAX_INPUT_SIZE, size_problem
from threeup3down.core.moves import Move
from threeup3down.core.rules import Rules
from threeup3down.core.scoring import Match
from threeup3down.core.state import GameState, Seat
from threeup3down.core.validation import position_problems
from threeup3down.formats.codec import (
    JsonValue,
    decode,
    decode_fields,
    encode,
    encode_fields,
    json_type,
)
from threeup3down.formats.records import GameRecord
from threeup3down.formats.view_documents import (
    check_observation,
    decode_event,
    decode_events,
    encode_event,
    sorted_observation,
)
from threeup3down.views.events import Event
from threeup3down.views.observation import Observation

__all__ = [
    "CARDS",
    "EVENT",
    "EVENTS",
    "FORMAT_VERSION",
    "MATCH",
    "MOVE",
    "OBSERVATION",
    "RECORD",
    "RULES",
    "STATE",
    "Document",
    "Format",
    "from_dict",
    "from_json",
    "json_schema",
    "to_dict",
    "to_json",
]

FORMAT_VERSION = 1
"""The version of the document formats this library writes and reads."""

T = TypeVar("T")
A = TypeVar("A", bound=attrs.AttrsInstance)

Document = (
    Rules
    | tuple[Card, ...]
    | Move
    | GameState
    | Observation
    | Event
    | tuple[Event, ...]
    | GameRecord
    | Match
)
"""Any value that has a document format."""

_ENVELOPE = ("format", "version")


@attrs.frozen
class Format(Generic[T]):
    """One kind of document: its ``format`` name, and how its fields hold a value.

    >>> CARDS.to_dict((Card.RED_7,))
    {'format': 'threeup3down/cards', 'version': 1, 'cards': ['7r']}
    >>> CARDS.from_dict({"format": "threeup3down/cards", "version": 1, "cards": ["Cb"]})
    (Card.BLUE_CLEAR,)
    """

    name: str
    """The document's ``format`` field, such as ``threeup3down/state``."""
    _encode: Callable[[T], dict[str, JsonValue]]
    _decode: Callable[[Mapping[str, object]], T]

    def to_dict(self, value: T) -> dict[str, JsonValue]:
        """``value`` as a document: a JSON object ready for :func:`json.dumps`.

        >>> from threeup3down import parse_move
        >>> MOVE.to_dict(parse_move("pick"))
        {'format': 'threeup3down/move', 'version': 1, 'move': 'pick'}
        """
        return {"format": self.name, "version": FORMAT_VERSION, **self._encode(value)}

    def from_dict(self, document: object) -> T:
        """The value of a document of this format, as :func:`json.loads` returns it.

        >>> RULES.from_dict({"format": "threeup3down/rules", "version": 1, "players": 5}).players
        5
        """
        return self._decode(_envelope(document, self.name))

    def to_json(self, value: T, *, indent: int | None = None) -> str:
        """``value`` as JSON text, on one line or indented by ``indent`` spaces.

        >>> print(CARDS.to_json((Card.RED_7,), indent=1))
        {
         "format": "threeup3down/cards",
         "version": 1,
         "cards": [
          "7r"
         ]
        }
        """
        return _dumps(self.to_dict(value), indent)

    def from_json(self, text: str | bytes, *, max_size: int = MAX_INPUT_SIZE) -> T:
        """The value of a JSON document of this format (text, or UTF-8 bytes, read
        alike), of at most ``max_size`` characters (:mod:`threeup3down.core.limits`).

        >>> MOVE.from_json(b'{"format": "threeup3down/move", "version": 1, "move": "v2"}')
        FlipDown(position=2)
        """
        return self.from_dict(_load(text, max_size))


def _envelope(document: object, expected: str | None) -> Mapping[str, object]:
    """Check the ``format`` and ``version`` of ``document``; return it."""
    if not isinstance(document, dict):
        raise DocumentError(f"a document is a JSON object, not {json_type(document)}")
    if "format" not in document:
        raise DocumentError('a document names its format, as in "format": "threeup3down/state"', path="$.format")
    name = document.get("format")
    if not isinstance(name, str) or name not in _READERS:
        known = ", ".join(_READERS)
        raise DocumentError(f"unknown format {name!r} (formats: {known})", path="$.format")
    if expected is not None and name != expected:
        raise DocumentError(f"expected a {expected} document, not {name}", path="$.format")
    version = document.get("version")
    if type(version) is not int or version != FORMAT_VERSION:
        raise DocumentError(
            f"unsupported version {version!r}: this library reads version {FORMAT_VERSION}",
            path="$.version",
        )
    return cast(Mapping[str, object], document)


def _dumps(document: dict[str, JsonValue], indent: int | None) -> str:
    if indent is None:
        return _ENCODER.encode(document)
    return json.dumps(document, indent=indent, ensure_ascii=False, allow_nan=False)


_ENCODER = json.JSONEncoder(ensure_ascii=False, allow_nan=False, check_circular=False)
"""What :func:`json.dumps` makes for every call with these options, made once,
without its check for circular references: a document made by :func:`to_dict`
holds only new lists and objects."""


def _load(text: str | bytes, max_size: int) -> object:
    """Parse JSON text, refusing text over ``max_size``, duplicate keys, NaN and Infinity."""
    if type(text) is not str or len(text) > max_size or not text.isascii():  # else nothing to check
        text = _text(text, max_size)
    try:
        return json.loads(text, object_pairs_hook=_unique_keys, parse_constant=_no_constant)
    except DocumentError:
        raise
    except (ValueError, RecursionError) as error:  # bad JSON, ints over 4300 digits
        raise DocumentError(f"not JSON: {error}") from None


def _text(text: object, max_size: int) -> str:
    """``text`` as the :class:`str` it stands for, refused if it is too long or not
    Unicode text: bytes are read as UTF-8, each byte that is not UTF-8 as a lone
    surrogate (``bytes.decode("utf-8", "surrogateescape")``, as :func:`os.fsdecode`
    does), so that the same input, whether :class:`str` or :class:`bytes`, meets
    the same checks in the same order and is refused with the same message.

    >>> _text(b"caf\\xc3\\xa9", 10) == _text("café", 10)
    True
    >>> _text(b"[\\xff]", 10)
    Traceback (most recent call last):
    ...
    threeup3down.core.errors.DocumentError: $: not JSON: invalid UTF-8 or a lone surrogate at character 1 ('\\udcff')
    """
    if isinstance(text, (bytes, bytearray)):
        too_long = size_problem(bytes(text), max_size)  # before decoding, which a long input need not wait for
        if too_long:
            raise DocumentError(too_long)
        text = bytes(text).decode("utf-8", "surrogateescape")
    elif not isinstance(text, str):
        raise DocumentError(f"a document is JSON text, a str or UTF-8 bytes, not {type(text).__name__}")
    too_long = size_problem(text, max_size)
    if too_long:
        raise DocumentError(too_long)
    if not text.isascii():  # a flag of the string, read, not a scan of it
        if text.startswith(_BOM):
            raise DocumentError("not JSON: the text starts with a byte order mark (U+FEFF), which JSON text does not")
        lone = _SURROGATE.search(text)
        if lone is not None:
            raise DocumentError(f"not JSON: invalid UTF-8 or a lone surrogate at character {lone.start()} ({lone[0]!r})")
    return text


_BOM = "\ufeff"
_SURROGATE = re.compile("[\ud800-\udfff]")
"""A code point that is half of a UTF-16 pair: never a character of Unicode text,
and what a byte that is not UTF-8 is read as."""


def _unique_keys(pairs: list[tuple[str, object]]) -> dict[str, object]:
    document = dict(pairs)
    if len(document) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise DocumentError(f"key {key!r} appears twice in an object")
            seen.add(key)
    return document


def _no_constant(name: str) -> object:
    raise DocumentError(f"{name} is not a JSON number")


# ---------------------------------------------------------------- the formats


def _field_format(name: str, cls: type[A], check: Callable[[A], A] | None = None) -> Format[A]:
    """The format whose fields are the attrs fields of ``cls``."""

    def decode_body(body: Mapping[str, object]) -> A:
        value = decode_fields(body, cls, skip=_ENVELOPE)
        return check(value) if check else value

    return Format(name, encode_fields, decode_body)


def _single(name: str, key: str, hint: object) -> Format[T]:
    """The format whose one field ``key`` holds a value of type ``hint``."""

    def encode_body(value: T) -> dict[str, JsonValue]:
        return {key: encode(value, hint)}

    def decode_body(body: Mapping[str, object]) -> T:
        for field in body:
            if field not in (key, *_ENVELOPE):
                raise DocumentError(f"unknown field {field!r} (fields: {key})")
        if key not in body:
            raise DocumentError(f"missing field {key!r}")
        return cast(T, decode(body[key], hint, f"$.{key}"))

    return Format(name, encode_body, decode_body)


def _valid_state(state: GameState) -> GameState:
    """Sort hands, 3UP cards, known cards and the out-of-game pile (as position
    notation does); refuse impossible positions."""
    if not _in_order(state):
        state = attrs.evolve(
            state, seats=tuple(map(_sorted_seat, state.seats)), out_of_game=sort_cards(state.out_of_game)
        )
    problems = position_problems(state)
    if problems:
        raise DocumentError(f"invalid position: {'; '.join(problems)}")
    return state


def _in_order(state: GameState) -> bool:
    """Whether the hands, 3UP cards, known cards and out-of-game pile of ``state``
    are as :func:`~threeup3down.core.cards.sort_cards` sorts them."""
    piles = [state.out_of_game]
    for seat in state.seats:
        piles += (seat.hand, seat.up, seat.known)
    for cards in piles:
        last = -1
        for card in cards:  # a walk costs less than sorting, which calls into C for each card
            if card.order < last:
                return False
            last = card.order
    return True


def _sorted_seat(seat: Seat) -> Seat:
    """``seat`` with its hand, 3UP and known cards sorted."""
    return Seat(
        hand=sort_cards(seat.hand), up=sort_cards(seat.up), down=seat.down, known=sort_cards(seat.known)
    )


def _valid_observation(observation: Observation) -> Observation:
    observation = sorted_observation(observation)
    check_observation(observation)
    return observation


def _encode_events(events: tuple[Event, ...]) -> dict[str, JsonValue]:
    return {"events": [encode_event(event) for event in events]}


RULES: Format[Rules] = _field_format("threeup3down/rules", Rules)
"""Rules: ``{"players": 4, "deck": "standard", ...}``, every field optional."""
CARDS: Format[tuple[Card, ...]] = _single("threeup3down/cards", "cards", tuple[Card, ...])
"""Cards in order: ``{"cards": ["7r", "Cb"]}``."""
MOVE: Format[Move] = _single("threeup3down/move", "move", Move)
"""A move in move notation: ``{"move": "swap:7r/9g"}``."""
STATE: Format[GameState] = _field_format("threeup3down/state", GameState, _valid_state)
"""A full game state, every hidden card included."""
OBSERVATION: Format[Observation] = _field_format(
    "threeup3down/observation", Observation, _valid_observation
)
"""What one seat may know of a game."""
EVENT: Format[Event] = Format("threeup3down/event", encode_event, decode_event)
"""One event: ``{"type": "cards-played", "player": 0, ...}``."""
EVENTS: Format[tuple[Event, ...]] = Format("threeup3down/events", _encode_events, decode_events)
"""The events of a move, in order: ``{"events": [...]}``."""
RECORD: Format[GameRecord] = _field_format("threeup3down/record", GameRecord)
"""A game record: rules, seed, moves, and the optional names, date and result."""
MATCH: Format[Match] = _field_format("threeup3down/match", Match)
"""A match (O4): its rules, the agreed number of games and the scores so far.

.. versionadded:: 0.2.0

A match saved between games is resumed by reading it back:

>>> match = Match(Rules(players=2), games=3, scores=((0, 12),))
>>> text = MATCH.to_json(match)
>>> text
'{"format": "threeup3down/match", "version": 1, "rules": {"players": 2, ...}, "games": 3, "scores": [[0, 12]]}'
>>> from_json(text) == match
True
"""

_READERS: dict[str, Callable[[object], Document]] = {
    fmt.name: fmt.from_dict for fmt in (RULES, CARDS, MOVE, STATE, OBSERVATION, EVENT, EVENTS, RECORD, MATCH)
}
"""How to read each document format, by its ``format`` name."""


# ------------------------------------------------------------ the shortcuts


def to_dict(value: Document) -> dict[str, JsonValue]:
    """``value`` as a document (a JSON object), its format chosen by its type.

    A tuple is written as cards if it holds only cards, as events if only
    events; an empty tuple as an empty card list. Any other value raises
    :class:`~threeup3down.core.errors.DocumentError` naming its type.

    >>> from threeup3down import parse_move
    >>> to_dict(parse_move("v0"))
    {'format': 'threeup3down/move', 'version': 1, 'move': 'v0'}
    >>> to_dict(42)
    Traceback (most recent call last):
    ...
    threeup3down.core.errors.DocumentError: $: an int has no document format; documents hold a Rules, a tuple of cards, a move, a GameState, an Observation, an event, a tuple of events, a GameRecord or a Match
    """
    if isinstance(value, tuple):
        items = cast(tuple[object, ...], value)
        if all(isinstance(item, Card) for item in items):
            return CARDS.to_dict(cast(tuple[Card, ...], value))
        if all(isinstance(item, Event) for item in items):
            return EVENTS.to_dict(cast(tuple[Event, ...], value))
        raise DocumentError(
            "a tuple is written only if it holds cards only or events only, "
            f"not {_kinds(items)}"
        )
    if isinstance(value, Rules):
        return RULES.to_dict(value)
    if isinstance(value, GameState):
        return STATE.to_dict(value)
    if isinstance(value, Observation):
        return OBSERVATION.to_dict(value)
    if isinstance(value, GameRecord):
        return RECORD.to_dict(value)
    if isinstance(value, Match):
        return MATCH.to_dict(value)
    if isinstance(value, Move):
        return MOVE.to_dict(value)
    if isinstance(value, Event):
        return EVENT.to_dict(value)
    raise DocumentError(_unsupported(value))


_ACCEPTED = (
    "a Rules, a tuple of cards, a move, a GameState, an Observation, an event, "
    "a tuple of events, a GameRecord or a Match"
)


def _article(name: str) -> str:
    return f"an {name}" if name[:1].lower() in "aeiou" else f"a {name}"


def _kinds(items: tuple[object, ...]) -> str:
    names = sorted({type(item).__name__ for item in items})
    return " and ".join(_article(name) for name in names)


def _unsupported(value: object) -> str:
    """Why ``value`` has no document, and what to pass instead."""
    kind = "None" if value is None else _article(type(value).__name__)
    hint = ""
    if isinstance(value, Card):
        hint = " (to write one card, pass a tuple: (card,))"
    elif isinstance(value, list):
        hint = " (pass a tuple, such as tuple(cards))"
    return f"{kind} has no document format{hint}; documents hold {_ACCEPTED}"


def to_json(value: Document, *, indent: int | None = None) -> str:
    """``value`` as a JSON document, its format chosen by its type (see :func:`to_dict`).

    >>> from threeup3down import Card
    >>> to_json((Card.RED_7, Card.GREEN_7))
    '{"format": "threeup3down/cards", "version": 1, "cards": ["7r", "7g"]}'
    """
    return _dumps(to_dict(value), indent)


_CLASS_FORMATS: dict[type, Format[Any]] = {
    Rules: RULES,
    GameState: STATE,
    Observation: OBSERVATION,
    GameRecord: RECORD,
    Match: MATCH,
    **{move: MOVE for move in get_args(Move)},
    **{event: EVENT for event in get_args(Event)},
}
"""The format of each value class that has one: a move class is read from a
move document, an event class from an event document."""


def _format_of(kind: object) -> Format[Any]:
    """The format ``kind`` names: a :class:`Format`, or a value class that has one."""
    if isinstance(kind, Format):
        return kind
    found = _CLASS_FORMATS.get(kind) if isinstance(kind, type) else None
    if found is not None:
        return found
    if kind is tuple:
        hint = "read a tuple of cards with CARDS, a tuple of events with EVENTS"
    elif kind is Move or kind is Event:
        hint = f"read any move with MOVE, any event with EVENT, or name one class such as {_EXAMPLE[kind]}"
    elif isinstance(kind, type):
        hint = f"kinds are {_KINDS}"
    else:
        raise DocumentError(f"kind must be a value class or a Format, not {_article(type(kind).__name__)}")
    name = "a union of classes" if not isinstance(kind, type) else f"{kind.__name__}"
    raise DocumentError(f"{name} has no document format: {hint}")


_EXAMPLE: dict[object, str] = {Move: "Play", Event: "CardsPlayed"}
_KINDS = (
    "the classes Rules, GameState, Observation, GameRecord and Match, a move class (such as Play), "
    "an event class (such as CardsPlayed), or a Format (CARDS, EVENTS, MOVE, EVENT, ...)"
)


def _read(document: object, kind: object) -> object:
    """The value of ``document``, of the format ``kind`` names; a value of ``kind``
    when it is a move or an event class."""
    fmt = _format_of(kind)
    value = fmt.from_dict(document)
    if isinstance(kind, type) and not isinstance(value, kind):
        field = "move" if fmt is MOVE else "type"
        raise DocumentError(
            f"expected {_article(kind.__name__)}, not {_article(type(value).__name__)}",
            path=f"$.{field}",
        )
    return value


@overload
def from_dict(document: object) -> Document: ...
@overload
def from_dict(document: object, kind: Format[T]) -> T: ...
@overload
def from_dict(document: object, kind: type[T]) -> T: ...
def from_dict(document: object, kind: Format[T] | type[T] | None = None) -> Document | T:
    """The value of a document as :func:`json.loads` returns it.

    With ``kind``, a :class:`Format` or a value class that has one (as
    :func:`from_json` takes it), the document must be of that format; without
    it, any format is read.

    .. versionchanged:: 0.4.0
       ``kind`` may be a value class, such as :class:`~threeup3down.GameState`.

    >>> from_dict({"format": "threeup3down/rules", "version": 1, "players": 3}).players
    3
    >>> from_dict({"format": "threeup3down/rules", "version": 1}, Rules).players
    4
    >>> from_dict({"format": "threeup3down/rules", "version": 1}, STATE)
    Traceback (most recent call last):
    ...
    threeup3down.core.errors.DocumentError: $.format: expected a threeup3down/state document, not threeup3down/rules
    """
    if kind is not None:
        return cast(T, _read(document, kind))
    body = _envelope(document, None)
    return _READERS[str(body["format"])](body)


@overload
def from_json(text: str | bytes, *, max_size: int = ...) -> Document: ...
@overload
def from_json(text: str | bytes, kind: Format[T], *, max_size: int = ...) -> T: ...
@overload
def from_json(text: str | bytes, kind: type[T], *, max_size: int = ...) -> T: ...
def from_json(
    text: str | bytes, kind: Format[T] | type[T] | None = None, *, max_size: int = MAX_INPUT_SIZE
) -> Document | T:
    """The value of a JSON document; with ``kind``, of that format only.

    ``kind`` is the class of the value to read, typed as such (``from_json(text,
    GameState)`` is a :class:`~threeup3down.GameState` to a type checker too):
    :class:`~threeup3down.Rules`, :class:`~threeup3down.GameState`,
    :class:`~threeup3down.views.observation.Observation`,
    :class:`~threeup3down.formats.records.GameRecord`,
    :class:`~threeup3down.Match`, a move class or an event class (the
    document must then hold a value of that class). It may also be a
    :class:`Format`: :data:`CARDS`, :data:`EVENTS`, or :data:`MOVE` and
    :data:`EVENT` for any move or event. Without ``kind`` any format is read,
    and the value's type is the union :data:`Document`. A class that has no
    document format raises :class:`~threeup3down.core.errors.DocumentError`
    naming it.

    Text longer than ``max_size`` characters is refused
    (:mod:`threeup3down.core.limits`); reading takes time linear in its length.
    Bytes are read as UTF-8 text: the same document as :class:`str` and as
    :class:`bytes` gives the same value or the same error, a byte that is not
    UTF-8 refused as the lone surrogate it stands for (``surrogateescape``).

    .. versionchanged:: 0.4.0
       Bytes are UTF-8 only, counted against ``max_size`` in characters, and
       a byte order mark is refused in bytes as in text.

    .. versionchanged:: 0.4.0
       ``kind`` may be a value class, such as :class:`~threeup3down.GameState`.

    >>> from threeup3down import new_game
    >>> text = to_json(new_game(Rules(players=2), seed=1))
    >>> from_json(text, GameState).current_player
    0
    >>> from_json('{"format": "threeup3down/cards", "version": 1, "cards": ["7r"]}', CARDS)
    (Card.RED_7,)
    >>> from_json('{"format": "threeup3down/cards", "version": 2, "cards": []}')
    Traceback (most recent call last):
    ...
    threeup3down.core.errors.DocumentError: $.version: unsupported version 2: this library reads version 1
    >>> from_json(text, Seat)
    Traceback (most recent call last):
    ...
    threeup3down.core.errors.DocumentError: $: Seat has no document format: kinds are the classes Rules, GameState, Observation, GameRecord and Match, a move class (such as Play), an event class (such as CardsPlayed), or a Format (CARDS, EVENTS, MOVE, EVENT, ...)
    """
    document = _load(text, max_size)
    return from_dict(document) if kind is None else cast(T, _read(document, kind))


def json_schema() -> dict[str, JsonValue]:
    """The JSON Schema (draft 2020-12) of every document format.

    Its ``$defs`` hold one schema per format (``state-document``, ...) and the
    parts they share (``card``, ``move``, ``rules``, ...); the schema itself
    accepts a document of any format.

    >>> json_schema()["$schema"]
    'https://json-schema.org/draft/2020-12/schema'
    """
    text = resources.files("threeup3down.formats").joinpath("schema.json").read_text(encoding="utf-8")
    schema: dict[str, JsonValue] = json.loads(text)
    return schema
