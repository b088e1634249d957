"""JSON values for the library's frozen classes, led by their type hints.

Every value the library stores is a frozen attrs class whose fields hold
ints, bools, strings, cards, enumerations, tuples, optional values and other
such classes. :func:`encode` and :func:`decode` turn a value of a type hint
into JSON values and back: an attrs class becomes an object keyed by its
field names, a :class:`~threeup3down.Card` its card notation (``"7r"``), a
move its move notation (``"^7r,7g"``), an enumeration its value, a tuple or
frozenset an array, a date its ISO form (``"2024-05-01"``).

:func:`decode` is strict and says where a document is wrong: a wrong type,
an unknown or missing field, an unknown card each raise
:class:`DocumentError` with the JSON path of the offending value. A field
with a default may be left out.

>>> from threeup3down import Card, Rules
>>> encode((Card.RED_7, Card.BLUE_CLEAR), tuple[Card, ...])
['7r', 'Cb']
>>> decode({"players": 3, "places": True}, Rules)
Rules(players=3, deck=<Deck.STANDARD: 'standard'>, custom_cards=None, decks=1, omitted_colours=frozenset(), first_player=<FirstPlayer.SEAT: 'seat'>, first_seat=0, dealer=0, clear_two_draw=<ClearTwoDraw.FIRST: 'first'>, early_draw=<EarlyDraw.REFILL: 'refill'>, clear_ends_turn=False, places=True, draw_instead=False, reverse_on_one=False, reverse_each_one=False, score_scope=<ScoreScope.HAND: 'hand'>, pile_swap=False, chosen_faces=False, same_colour_swap=False, turn_limit=1000)
>>> decode({"players": "3"}, Rules)
Traceback (most recent call last):
...
threeup3down.errors.DocumentError: $.players: expected an integer, not a string
"""

from __future__ import annotations

import datetime
import enum
import re
import types
import typing
from collections.abc import Mapping
from typing import TypeAlias, TypeVar, Union

import attrs

from threeup3down.cards import Card
from threeup3down.errors import DocumentError, ThreeUpError
from threeup3down.moves import Move, parse_move

__all__ = ["JsonValue", "decode", "encode", "json_type"]

JsonValue: TypeAlias = "None | bool | int | float | str | list[JsonValue] | dict[str, JsonValue]"
"""A value as :func:`json.loads` returns it."""

A = TypeVar("A", bound=attrs.AttrsInstance)


def json_type(value: object) -> str:
    """The JSON name of the type of ``value``, for error messages.

    >>> json_type(True), json_type(1.5), json_type([]), json_type(None)
    ('a boolean', 'a number', 'an array', 'null')
    """
    match value:
        case bool():
            return "a boolean"
        case int():
            return "an integer"
        case float():
            return "a number"
        case str():
            return "a string"
        case list():
            return "an array"
        case dict():
            return "an object"
        case None:
            return "null"
        case _:
            return f"a {type(value).__name__}, which is not a JSON value"


# ------------------------------------------------------------------ encoding


def encode(value: object, hint: object) -> JsonValue:
    """``value``, of the type ``hint``, as a JSON value.

    >>> from threeup3down import Colour, parse_move
    >>> encode(frozenset({Colour.BLUE, Colour.GREEN}), frozenset[Colour])
    ['g', 'b']
    >>> encode(parse_move("^7r"), Move), encode(None, int | None)
    ('^7r', None)
    """
    if hint == Move:
        return str(value)
    origin = typing.get_origin(hint)
    if origin is tuple:
        item = typing.get_args(hint)[0]
        if item is Card:
            return [_TEXT_BY_CARD[card] for card in typing.cast(tuple[Card, ...], value)]
        return [encode(element, item) for element in typing.cast(tuple[object, ...], value)]
    if origin is frozenset:
        item = typing.get_args(hint)[0]
        members = list(typing.cast(type[enum.Enum], item))
        return [encode(member, item) for member in members if member in typing.cast(frozenset[object], value)]
    if origin in (Union, types.UnionType):
        return None if value is None else encode(value, _optional_of(hint))
    if hint is Card:
        return str(value)
    if isinstance(value, enum.Enum):
        return typing.cast(JsonValue, value.value)
    if isinstance(value, datetime.date):
        return value.isoformat()
    if isinstance(value, (bool, int, str)):
        return value
    if attrs.has(type(value)):
        return encode_fields(typing.cast(attrs.AttrsInstance, value))
    raise TypeError(f"cannot encode {value!r} as {hint!r}")


def encode_fields(value: attrs.AttrsInstance) -> dict[str, JsonValue]:
    """The attrs instance ``value`` as a JSON object keyed by its field names.

    A field whose metadata holds ``{"json": "omit-default"}`` is left out
    while it holds its default, so documents stay as they were before the
    field was added.

    >>> from threeup3down import Seat, Card
    >>> encode_fields(Seat(hand=(Card.RED_7,)))
    {'hand': ['7r'], 'up': [], 'down': []}
    >>> encode_fields(Seat(hand=(Card.RED_7,), known=(Card.RED_7,)))
    {'hand': ['7r'], 'up': [], 'down': [], 'known': ['7r']}
    """
    hints = _hints(type(value))
    return {
        field.name: encode(getattr(value, field.name), hints[field.name])
        for field in attrs.fields(type(value))
        if not (field.metadata.get("json") == "omit-default" and getattr(value, field.name) == field.default)
    }


_HINTS: dict[type, dict[str, object]] = {}


def _hints(cls: type) -> dict[str, object]:
    hints = _HINTS.get(cls)
    if hints is None:
        hints = _HINTS[cls] = typing.get_type_hints(cls)
    return hints


def _optional_of(hint: object) -> object:
    """The ``X`` of ``X | None``."""
    (inner,) = [arg for arg in typing.get_args(hint) if arg is not type(None)]
    return inner


# ------------------------------------------------------------------ decoding


def decode(data: object, hint: object, path: str = "$") -> object:
    """The value of type ``hint`` that the JSON value ``data`` encodes.

    Raises :class:`DocumentError`, naming ``path``, if ``data`` is not one.

    >>> decode(["7r", "C+1b"], tuple[Card, ...])
    (Card.RED_7, Card.BLUE_CLEAR_PLUS_1)
    >>> decode(["7r", "7x"], tuple[Card, ...], "$.hand")
    Traceback (most recent call last):
    ...
    threeup3down.errors.DocumentError: $.hand[1]: unknown colour 'x': expected g, r or b
    """
    if hint == Move:
        return _decode_move(data, path)
    origin = typing.get_origin(hint)
    if origin is tuple:
        item = typing.get_args(hint)[0]
        elements = _array(data, path)
        if item is Card:
            try:  # the common case, fast: every element a card in card notation
                return tuple(_CARDS_BY_TEXT[element] for element in elements)  # type: ignore[index]
            except (KeyError, TypeError):
                pass  # find the faulty element below, and say where it is
        return tuple(decode(element, item, f"{path}[{n}]") for n, element in enumerate(elements))
    if origin is frozenset:
        return _decode_set(data, typing.get_args(hint)[0], path)
    if origin in (Union, types.UnionType):
        return None if data is None else decode(data, _optional_of(hint), path)
    if hint is Card:
        return _decode_card(data, path)
    if isinstance(hint, type):
        if issubclass(hint, enum.Enum):
            return _decode_enum(data, hint, path)
        if hint is datetime.date:
            return _decode_date(data, path)
        if hint in (bool, int, str):
            return _decode_scalar(data, hint, path)
        if attrs.has(hint):
            return decode_fields(data, hint, path)
    raise TypeError(f"cannot decode {hint!r}")


_CARDS_BY_TEXT: dict[str, Card] = {str(card): card for card in Card}
_TEXT_BY_CARD: dict[Card, JsonValue] = {card: str(card) for card in Card}


def decode_fields(
    data: object, cls: type[A], path: str = "$", *, skip: tuple[str, ...] = ()
) -> A:
    """An instance of the attrs class ``cls`` from a JSON object of its fields.

    Keys named in ``skip`` are allowed and ignored (a document's envelope).
    An error raised by ``cls`` itself (such as a
    :class:`~threeup3down.RulesError`) becomes a :class:`DocumentError` at
    ``path``.

    >>> from threeup3down import Rules
    >>> decode_fields({"players": 2, "speed": 3}, Rules, "$.rules")
    Traceback (most recent call last):
    ...
    threeup3down.errors.DocumentError: $.rules: unknown field 'speed' (fields: players, deck, custom_cards, decks, omitted_colours, first_player, first_seat, dealer, clear_two_draw, early_draw, clear_ends_turn, places, draw_instead, reverse_on_one, reverse_each_one, score_scope, pile_swap, chosen_faces, same_colour_swap, turn_limit)
    """
    document = _object(data, path)
    fields = attrs.fields(cls)
    names = [field.name for field in fields]
    for key in document:
        if key not in names and key not in skip:
            raise DocumentError(f"unknown field {key!r} (fields: {', '.join(names)})", path=path)
    hints = _hints(cls)
    values: dict[str, object] = {}
    for field in fields:
        if field.name in document:
            values[field.name] = decode(document[field.name], hints[field.name], f"{path}.{field.name}")
        elif field.default is attrs.NOTHING:
            raise DocumentError(f"missing field {field.name!r}", path=path)
    try:
        return cls(**values)
    except ThreeUpError as error:
        raise DocumentError(str(error), path=path) from error


def _object(data: object, path: str) -> Mapping[str, object]:
    if not isinstance(data, dict):
        raise DocumentError(f"expected an object, not {json_type(data)}", path=path)
    for key in data:
        if not isinstance(key, str):
            raise DocumentError(f"object keys are strings, not {json_type(key)}", path=path)
    return typing.cast(Mapping[str, object], data)


def _array(data: object, path: str) -> list[object]:
    if not isinstance(data, list):
        raise DocumentError(f"expected an array, not {json_type(data)}", path=path)
    return data


def _decode_scalar(data: object, hint: type, path: str) -> object:
    # bool is an int in Python, never in JSON
    if type(data) is not hint:
        expected = {bool: "a boolean", int: "an integer", str: "a string"}[hint]
        raise DocumentError(f"expected {expected}, not {json_type(data)}", path=path)
    return data


def _string(data: object, path: str, what: str) -> str:
    if not isinstance(data, str):
        raise DocumentError(f"expected {what} (a string), not {json_type(data)}", path=path)
    return data


def _decode_card(data: object, path: str) -> Card:
    try:
        return Card.parse(_string(data, path, "a card such as 7r"))
    except DocumentError:
        raise
    except ThreeUpError as error:
        raise DocumentError(str(error), path=path) from None


def _decode_move(data: object, path: str) -> Move:
    text = _string(data, path, "a move in move notation")
    if text != text.strip() or not text.isascii():
        raise DocumentError(f"not a move: {text!r} (move notation is ASCII, without spaces)", path=path)
    try:
        return parse_move(text)
    except ThreeUpError as error:  # non-ASCII digits ("v²"), which int() refuses, were turned away above
        raise DocumentError(str(error), path=path) from None


def _decode_enum(data: object, hint: type[enum.Enum], path: str) -> enum.Enum:
    values = [member.value for member in hint]
    if not isinstance(data, str) or data not in values:
        allowed = ", ".join(repr(value) for value in values)
        raise DocumentError(f"expected one of {allowed}, not {data!r}", path=path)
    return hint(data)


def _decode_set(data: object, item: object, path: str) -> frozenset[object]:
    members = [decode(element, item, f"{path}[{n}]") for n, element in enumerate(_array(data, path))]
    if len(set(members)) != len(members):
        raise DocumentError("the array names a value twice", path=path)
    return frozenset(members)


_ISO_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


def _decode_date(data: object, path: str) -> datetime.date:
    text = _string(data, path, "a date such as 2024-05-01")
    try:
        if not _ISO_DATE.fullmatch(text):
            raise ValueError(text)
        return datetime.date.fromisoformat(text)
    except ValueError:
        raise DocumentError(f"not a date in the form YYYY-MM-DD: {text!r}", path=path) from None
