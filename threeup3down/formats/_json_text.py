"""The JSON text of the values written most, made without the document in between.

:func:`~threeup3down.formats.serialization.to_json` writes a value by making its
document (:func:`~threeup3down.formats.codec.encode_fields`) and handing it to
:mod:`json`'s encoder. For the classes the engine makes by the thousand,
:class:`~threeup3down.GameState` and :class:`~threeup3down.Seat`, the text is
written here straight from the fields, piece by piece as that encoder writes
it (``", "`` between items, ``": "`` after keys, strings through the encoder's
own :func:`json.encoder.encode_basestring`), with the field names, the
fields left out at their default and the rules' document taken from the same
class codecs. Only values of exactly the types the fields declare are
written here: anything else (a subclass, a ``bool`` where an ``int`` is
declared, a non-card in a tuple of cards) makes :func:`state_text` answer
``None``, and the caller writes the document the general way.
``tests/test_json_text.py`` checks that the two ways write the same text.

>>> from threeup3down import Rules, new_game
>>> from threeup3down.formats.serialization import STATE
>>> state = new_game(Rules(players=2), seed=1)
>>> state_text(state, "threeup3down/state", 1) == STATE.to_json(state)
True
"""

from __future__ import annotations

import enum
import json.encoder
import operator
import typing
from collections.abc import Callable
from typing import Any

import attrs

from threeup3down.core.cards import _TEXT, Card
from threeup3down.formats.codec import encode_fields
from threeup3down.core.rules import Rules
from threeup3down.core.state import GameState, Seat

__all__: list[str] = []

Writer = Callable[[Any], str]
"""The JSON text of one field's value; raises :class:`_NotPlain` (or a
``KeyError`` or ``TypeError`` of the lookup) for a value of another type."""

_quote: Callable[[str], str] = json.encoder.encode_basestring


class _NotPlain(Exception):
    """A value not of exactly its field's declared type."""


def state_text(state: GameState, name: str, version: int) -> str | None:
    """The document of ``state`` with the envelope ``name`` and ``version`` as
    one line of JSON text, as :func:`json.dumps` writes it; ``None`` if a field
    holds a value of another type than it declares.

    >>> from threeup3down import Rules, new_game
    >>> state_text(new_game(Rules(players=2), seed=1), "x", 1)[:36]
    '{"format": "x", "version": 1, "rules'
    """
    if type(state) is not GameState:
        return None
    try:
        members = _STATE(state)
    except (_NotPlain, KeyError, TypeError):
        return None
    return f'{{"format": {_quote(name)}, "version": {version}, {members}}}'


def _object_writer(cls: type) -> Writer:
    """The members of an instance of ``cls`` as JSON text, without the braces:
    each field in order, those marked ``{"json": "omit-default"}`` left out at
    their default (as :func:`~threeup3down.formats.codec.encode_fields` does)."""
    hints = typing.get_type_hints(cls)
    fields = attrs.fields(cls)
    keys = tuple(f"{_quote(field.name)}: " for field in fields)
    writers = tuple(_writer(hints[field.name]) for field in fields)
    omitted = tuple(
        field.default if field.metadata.get("json") == "omit-default" else _KEEP for field in fields
    )
    read: Callable[[Any], tuple[Any, ...]] = operator.attrgetter(*(field.name for field in fields))

    def write(value: Any) -> str:
        return ", ".join(
            [
                key + writer(field)
                for key, writer, omit, field in zip(keys, writers, omitted, read(value))
                if omit is _KEEP or field != omit
            ]
        )

    return write


_KEEP = object()
"""Stands for the default of a field that is always written."""


def _writer(hint: object) -> Writer:
    """The writer of the values of the type ``hint``."""
    if hint == tuple[Card, ...]:
        return _cards
    if hint == tuple[int, ...]:
        return _ints
    if hint is int:
        return _int
    if hint is bool:
        return _bool
    if hint is Rules:
        return _rules
    if hint == tuple[Seat, ...]:
        return _seats
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return _enum_writer(hint)
    raise TypeError(f"no JSON text writer for {hint!r}")  # pragma: no cover - every field has one


def _cards(cards: tuple[Card, ...]) -> str:
    if type(cards) is not tuple:
        raise _NotPlain
    return f'["{_CARD_SEPARATOR.join(map(_TEXT.__getitem__, cards))}"]' if cards else "[]"


_CARD_SEPARATOR = '", "'


def _ints(numbers: tuple[int, ...]) -> str:
    if type(numbers) is not tuple or not _INT.issuperset(map(type, numbers)):
        raise _NotPlain
    return f"[{', '.join(map(int.__repr__, numbers))}]"


_INT = frozenset((int,))


def _int(number: int) -> str:
    if type(number) is not int:
        raise _NotPlain
    return int.__repr__(number)


def _bool(flag: bool) -> str:
    if flag is True:
        return "true"
    if flag is False:
        return "false"
    raise _NotPlain


def _enum_writer(kind: type[enum.Enum]) -> Writer:
    texts = {member: _quote(member.value) for member in kind}
    return texts.__getitem__  # KeyError for anything else


def _rules(rules: Rules) -> str:
    """The rules' document as text, written once per rules by :mod:`json`."""
    if type(rules) is not Rules:
        raise _NotPlain
    text = _RULES_TEXT.get(rules)
    if text is None:
        if len(_RULES_TEXT) >= 64:  # a bound, whatever the input
            _RULES_TEXT.clear()
        text = _RULES_TEXT[rules] = json.dumps(encode_fields(rules), ensure_ascii=False, allow_nan=False)
    return text


_RULES_TEXT: dict[Rules, str] = {}


def _seat(seat: Seat) -> str:
    if type(seat) is not Seat:
        raise _NotPlain
    return f"{{{_SEAT(seat)}}}"


def _seats(seats: tuple[Seat, ...]) -> str:
    if type(seats) is not tuple:
        raise _NotPlain
    return f"[{', '.join(map(_seat, seats))}]"


_SEAT = _object_writer(Seat)
_STATE = _object_writer(GameState)
