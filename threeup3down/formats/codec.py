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

Rules held by another value (a state's, a record's) are decoded and encoded
once per distinct rules document, through the formats' one cache
(``threeup3down.formats._rules_cache``, bounded in entries and in size):
a game's documents all hold the same rules.

>>> from threeup3down import Card, Rules
>>> encode((Card.RED_7, Card.BLUE_CLEAR), tuple[Card, ...])
['7r', 'Cb']
>>> decode({"players": 3, "places": True}, Rules)
Rules(players=3, deck=<Deck.STANDARD: 'standard'>, custom_cards=None, decks=1, omitted_colours=frozenset(), first_player=<FirstPlayer.SEAT: 'seat'>, first_seat=0, dealer=0, clear_two_draw=<ClearTwoDraw.FIRST: 'first'>, early_draw=<EarlyDraw.REFILL: 'refill'>, clear_ends_turn=False, clear_one_optional=False, places=True, draw_instead=False, reverse_on_one=False, reverse_each_one=False, score_scope=<ScoreScope.HAND: 'hand'>, pile_swap=False, pile_swap_seats=<PileSwapSeats.EVERY: 'every'>, chosen_faces=False, same_colour_swap=False, colour_run_in_play=False, turn_limit=1000)
>>> decode({"players": "3"}, Rules)
Traceback (most recent call last):
...
threeup3down.core.errors.DocumentError: $.players: expected an integer, not a string
"""

from __future__ import annotations

import datetime
import enum
import json
import operator
import re
import types
import typing
from collections.abc import Callable, Mapping
from typing import Any, TypeAlias, TypeVar, Union

import attrs

from threeup3down.core.cards import Card
from threeup3down.core.errors import DocumentError, ThreeUpError
from threeup3down.core.moves import Move, parse_move
from threeup3down.core.rules import Rules
from threeup3down.formats._rules_cache import RULES_CACHE

__all__ = ["MISSING", "JsonValue", "decode", "encode", "json_type", "refused_field"]

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


class _Missing(enum.Enum):
    MISSING = "missing"


MISSING = _Missing.MISSING
"""The value of a field a message left out (``message.get(key, MISSING)``), for
:func:`refused_field`.

.. versionadded:: 0.5.0
"""


def refused_field(name: str, value: object, wanted: str) -> str:
    """Why a message's field ``name`` (``"hello version"``, ``"clock on_timeout"``)
    holding ``value`` is refused: it must be ``wanted``. A field left out
    (:data:`MISSING`) is said to be missing; any other value is shown as JSON
    writes it.

    .. versionadded:: 0.5.0

    >>> refused_field("clock on_timeout", MISSING, '"forfeit" or the name of a bot')
    'clock on_timeout is missing: it must be "forfeit" or the name of a bot'
    >>> refused_field("hello version", None, "1")
    'hello version must be 1, not null'
    >>> refused_field("hello version", [1], "1")
    'hello version must be 1, not an array'
    """
    if value is MISSING:
        return f"{name} is missing: it must be {wanted}"
    if value is None or isinstance(value, (bool, int, float, str)):
        shown = json.dumps(value, ensure_ascii=False)
    else:
        shown = json_type(value)
    return f"{name} must be {wanted}, not {shown}"


# ------------------------------------------------------------------ encoding
#
# Each type hint is turned once into a function that encodes or decodes its
# values (:func:`_encoder`, :func:`_decoder`), and each attrs class into a
# list of its fields with theirs: type hints are resolved once per class,
# not once per value.

Encoder: TypeAlias = Callable[[Any], JsonValue]  # Any: each is called with its hint's values only
Decoder: TypeAlias = Callable[[object, str], object]

_TEXT_OF: Callable[[Card], str] = {card: str(card) for card in Card}.__getitem__
"""The card notation of a card, looked up rather than formatted."""
_CARD_OF: Callable[[str], Card] = {str(card): card for card in Card}.__getitem__
"""The card of its card notation, looked up: a ``KeyError`` for anything else,
which :meth:`Card.parse <threeup3down.Card.parse>` then says what is wrong with."""


def encode(value: object, hint: object) -> JsonValue:
    """``value``, of the type ``hint``, as a JSON value.

    >>> from threeup3down import Colour, parse_move
    >>> encode(frozenset({Colour.BLUE, Colour.GREEN}), frozenset[Colour])
    ['g', 'b']
    >>> encode(parse_move("^7r"), Move), encode(None, int | None)
    ('^7r', None)
    """
    return _encoder(hint)(value)


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
    return _class_codec(type(value)).encode(value)


def _object_encoder(
    names: tuple[str, ...], encoders: tuple[Encoder, ...], omitted: tuple[tuple[str, object], ...]
) -> Callable[[Any], dict[str, JsonValue]]:
    """The encoder of one attrs class's instances: every field read at once and
    encoded, then the fields left out at their default taken away."""
    read = _reader(names)

    def encode_object(value: Any) -> dict[str, JsonValue]:
        document = {name: encoder(field) for name, encoder, field in zip(names, encoders, read(value))}
        for name, default in omitted:
            if getattr(value, name) == default:
                del document[name]
        return document

    return encode_object


def _reader(names: tuple[str, ...]) -> Callable[[Any], tuple[Any, ...]]:
    """What reads the fields ``names`` of a value, as a tuple."""
    if len(names) > 1:
        return operator.attrgetter(*names)
    return lambda value: tuple(getattr(value, name) for name in names)  # attrgetter of one name gives no tuple


_ENCODERS: dict[object, Encoder] = {}


def _encoder(hint: object) -> Encoder:
    """The function that encodes values of the type ``hint``, made once per hint."""
    try:
        return _ENCODERS[hint]
    except KeyError:
        encoder = _ENCODERS[hint] = _make_encoder(hint)
        return encoder


def _make_encoder(hint: object) -> Encoder:
    if hint == Move:
        return str
    origin = typing.get_origin(hint)
    if origin is tuple:
        item = typing.get_args(hint)[0]
        if item is Card:
            return _encode_cards
        element = _encoder(item)
        return lambda value: [element(e) for e in value]
    if origin is frozenset:
        item = typing.get_args(hint)[0]
        members = list(typing.cast(type[enum.Enum], item))
        member = _encoder(item)
        return lambda value: [member(m) for m in members if m in value]
    if origin in (Union, types.UnionType):
        inner = _encoder(_optional_of(hint))
        return lambda value: None if value is None else inner(value)
    if hint is Card:
        return str
    if hint in (bool, int, str):
        return lambda value: value if type(value) is hint else _encode_value(value, hint)
    if hint is Rules:  # a game's documents all hold the same rules: each encoded once
        encode_rules = _class_codec(Rules).encode
        return lambda value: RULES_CACHE.write(value, encode_rules) if type(value) is Rules else encode_fields(value)
    if isinstance(hint, type) and attrs.has(hint):  # its own class's codec, unless a subclass's
        encode_instance = _class_codec(hint).encode
        return lambda value: encode_instance(value) if type(value) is hint else encode_fields(value)
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        values: dict[object, JsonValue] = {member: member.value for member in hint}
        return lambda value: values[value] if type(value) is hint else _encode_value(value, hint)
    return lambda value: _encode_value(value, hint)


def _encode_cards(value: tuple[Card, ...]) -> JsonValue:
    return list(map(_TEXT_OF, value))


def _encode_value(value: object, hint: object) -> JsonValue:
    """A value encoded by what it is: an enumeration, a date, a scalar or an attrs instance."""
    if isinstance(value, enum.Enum):
        return typing.cast(JsonValue, value.value)
    if isinstance(value, datetime.date):
        return value.isoformat()
    if isinstance(value, (bool, int, str)):
        return value
    if attrs.has(type(value)):
        return encode_fields(typing.cast(attrs.AttrsInstance, value))
    raise TypeError(f"cannot encode {value!r} as {hint!r}")


@attrs.frozen
class _ClassCodec:
    """How the fields of one attrs class are encoded and decoded."""

    names: tuple[str, ...]
    known: frozenset[str]
    """The field names, to look keys up in."""
    encode: Callable[[Any], dict[str, JsonValue]]
    """The class's instances as JSON objects of their fields."""
    decoders: tuple[tuple[str, str, Decoder, bool], ...]
    """Each field's name, ``.name`` for paths, decoder, and whether it must be given."""


_CLASS_CODECS: dict[type, _ClassCodec] = {}


def _class_codec(cls: type) -> _ClassCodec:
    """The codec of the attrs class ``cls``, made once per class."""
    codec = _CLASS_CODECS.get(cls)
    if codec is None:
        codec = _CLASS_CODECS[cls] = _make_class_codec(cls)
    return codec


def _make_class_codec(cls: type) -> _ClassCodec:
    fields = attrs.fields(cls)
    hints = typing.get_type_hints(cls)
    names = tuple(field.name for field in fields)
    omitted = tuple(
        (field.name, field.default) for field in fields if field.metadata.get("json") == "omit-default"
    )
    return _ClassCodec(
        names=names,
        known=frozenset(names),
        encode=_object_encoder(names, tuple(_encoder(hints[name]) for name in names), omitted),
        decoders=tuple(
            (field.name, f".{field.name}", _decoder(hints[field.name]), field.default is attrs.NOTHING)
            for field in fields
        ),
    )


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
    threeup3down.core.errors.DocumentError: $.hand[1]: unknown colour 'x': expected g, r or b
    """
    return _decoder(hint)(data, path)


_DECODERS: dict[object, Decoder] = {}


def _decoder(hint: object) -> Decoder:
    """The function that decodes values of the type ``hint``, made once per hint."""
    try:
        return _DECODERS[hint]
    except KeyError:
        decoder = _DECODERS[hint] = _make_decoder(hint)
        return decoder


def _make_decoder(hint: object) -> Decoder:
    if hint == Move:
        return _decode_move
    origin = typing.get_origin(hint)
    if origin is tuple:
        item = typing.get_args(hint)[0]
        if item is Card:
            return _decode_cards
        return _tuple_decoder(_decoder(item))
    if origin is frozenset:
        element = _decoder(typing.get_args(hint)[0])
        return lambda data, path: _decode_set(data, element, path)
    if origin in (Union, types.UnionType):
        inner = _decoder(_optional_of(hint))
        return lambda data, path: None if data is None else inner(data, path)
    if hint is Card:
        return _decode_card
    if isinstance(hint, type):
        if issubclass(hint, enum.Enum):
            return _enum_decoder(hint)
        if hint is datetime.date:
            return _decode_date
        if hint in (bool, int, str):
            return _scalar_decoder(hint)
        if hint is Rules:  # a game's documents all hold the same rules: each decoded once
            return lambda data, path: RULES_CACHE.read(data, path, _decode_rules)
        if attrs.has(hint):
            return lambda data, path: decode_fields(data, hint, path)
    return _cannot_decode(hint)


def _decode_rules(data: object, path: str) -> Rules:
    return decode_fields(data, Rules, path)


def _cannot_decode(hint: object) -> Decoder:
    def refuse(data: object, path: str) -> object:
        raise TypeError(f"cannot decode {hint!r}")

    return refuse


def _tuple_decoder(element: Decoder) -> Decoder:
    def decode_tuple(data: object, path: str) -> object:
        return tuple([element(item, f"{path}[{n}]") for n, item in enumerate(_array(data, path))])

    return decode_tuple


def _decode_cards(data: object, path: str) -> object:
    elements = _array(data, path)
    try:  # the common case, fast: every element a card in card notation
        return tuple(map(_CARD_OF, elements))  # type: ignore[arg-type]
    except (KeyError, TypeError):  # find the faulty element, and say where it is
        return tuple(_decode_card(element, f"{path}[{n}]") for n, element in enumerate(elements))


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
    threeup3down.core.errors.DocumentError: $.rules: unknown field 'speed' (fields: players, deck, custom_cards, decks, omitted_colours, first_player, first_seat, dealer, clear_two_draw, early_draw, clear_ends_turn, clear_one_optional, places, draw_instead, reverse_on_one, reverse_each_one, score_scope, pile_swap, pile_swap_seats, chosen_faces, same_colour_swap, colour_run_in_play, turn_limit)
    """
    codec = _class_codec(cls)
    if not isinstance(data, dict) or not codec.known.issuperset(
        data.keys() - set(skip) if skip else data
    ):
        _check_keys(data, codec, path, skip)  # says what is wrong
    document = typing.cast(dict[str, object], data)
    values = {}
    for name, suffix, decoder, required in codec.decoders:
        field = document.get(name, _MISSING)
        if field is not _MISSING:
            values[name] = decoder(field, path + suffix)
        elif required:
            raise DocumentError(f"missing field {name!r}", path=path)
    try:
        return cls(**values)
    except ThreeUpError as error:
        raise DocumentError(str(error), path=path) from error


_MISSING = object()


def _check_keys(data: object, codec: _ClassCodec, path: str, skip: tuple[str, ...]) -> None:
    """Refuse what is not an object of the class's fields (and ``skip``)."""
    for key in _object(data, path):
        if key not in codec.known and key not in skip:
            raise DocumentError(f"unknown field {key!r} (fields: {', '.join(codec.names)})", path=path)


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


_EXPECTED = {bool: "a boolean", int: "an integer", str: "a string"}


def _scalar_decoder(hint: type) -> Decoder:
    """The decoder of exactly ``hint``: bool is an int in Python, never in JSON."""
    expected = _EXPECTED[hint]

    def decode_scalar(data: object, path: str) -> object:
        if type(data) is not hint:
            raise DocumentError(f"expected {expected}, not {json_type(data)}", path=path)
        return data

    return decode_scalar


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
    try:
        return parse_move(text)  # move notation's one reader, as position notation and records use
    except ThreeUpError as error:
        raise DocumentError(str(error), path=path) from None


def _enum_decoder(hint: type[enum.Enum]) -> Decoder:
    members = {member.value: member for member in hint}
    allowed = ", ".join(repr(value) for value in members)

    def decode_enum(data: object, path: str) -> enum.Enum:
        member = members.get(data) if isinstance(data, str) else None
        if member is None:
            raise DocumentError(f"expected one of {allowed}, not {data!r}", path=path)
        return member

    return decode_enum


def _decode_set(data: object, element: Decoder, path: str) -> frozenset[object]:
    members = [element(item, f"{path}[{n}]") for n, item in enumerate(_array(data, path))]
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
