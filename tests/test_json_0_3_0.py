"""Documents are written byte for byte as release 0.3.0 wrote them, and read back.

The texts in ``tests/data/json-0.3.0/`` were written by 0.3.0 from the values
that :func:`tests.json_fixtures.values` builds (the folder's README says how).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.json_fixtures import FIXTURES, texts, values
from threeup3down import Card, Event, GameRecord, GameState, Match, Observation, Rules
from threeup3down.formats.serialization import (
    CARDS,
    EVENT,
    EVENTS,
    MATCH,
    MOVE,
    OBSERVATION,
    RECORD,
    RULES,
    STATE,
    Document,
    Format,
    from_json,
    to_json,
)

VALUES = values()
WRITTEN = texts(VALUES)
PATHS = sorted(FIXTURES.glob("*.json"))


def _fixture(name: str) -> str:
    """The text 0.3.0 wrote in the file ``name``, without the newline that ends the file."""
    text = (FIXTURES / name).read_text(encoding="utf-8")
    assert text.endswith("\n"), name
    return text[:-1]


def _value(name: str) -> Document:
    """The value the file ``name`` was written from."""
    return VALUES[name.partition(".")[0]]


def _indent(name: str) -> int | None:
    """The indent the file ``name`` was written with (``None``: one line)."""
    _, _, rest = name.partition(".indent-")
    return int(rest.removesuffix(".json")) if rest else None


def _format_of(value: Document) -> Format[Any]:
    """The format that writes ``value`` (a tuple holds cards, or events)."""
    match value:
        case Rules():
            return RULES
        case GameState():
            return STATE
        case Observation():
            return OBSERVATION
        case GameRecord():
            return RECORD
        case Match():
            return MATCH
        case tuple():
            return CARDS if all(isinstance(item, Card) for item in value) else EVENTS
        case _ if isinstance(value, Event):
            return EVENT
        case _:
            return MOVE


def test_every_fixture_is_a_text_of_a_value_built_today() -> None:
    """The folder holds exactly the texts written from the values, one line each and the indented ones."""
    assert [path.name for path in PATHS] == sorted(WRITTEN)
    kinds = {name.partition("-")[0] for name in VALUES}
    assert kinds == {"rules", "state", "observation", "events", "event", "move", "cards", "record", "match"}
    assert {_indent(name) for name in WRITTEN} == {None, 0, 1, 2, 4}


@pytest.mark.parametrize("path", PATHS, ids=lambda path: path.name)
def test_documents_are_written_as_0_3_0_wrote_them(path: Path) -> None:
    """to_json and the value's Format.to_json write, from the same value, the text 0.3.0 wrote."""
    value = _value(path.name)
    indent = _indent(path.name)
    text = _fixture(path.name)
    assert WRITTEN[path.name] == text
    assert to_json(value, indent=indent) == text
    assert _format_of(value).to_json(value, indent=indent) == text


@pytest.mark.parametrize("path", PATHS, ids=lambda path: path.name)
def test_documents_0_3_0_wrote_read_back_to_their_values(path: Path) -> None:
    """Each text 0.3.0 wrote reads back, as text and as UTF-8 bytes, to the value it was written from,
    which writes it again."""
    value = _value(path.name)
    text = _fixture(path.name)
    read = from_json(text)
    assert read == value and type(read) is type(value)
    assert _format_of(value).from_json(text.encode("utf-8")) == value
    assert to_json(read, indent=_indent(path.name)) == text


def test_states_read_hold_seats_and_rules_equal_and_hashed_alike() -> None:
    """A state read from a 0.3.0 text is a frozen GameState whose hash is the written state's."""
    for name in ("state-4p-middle", "state-6p-end", "state-12p-two-decks-middle"):
        state = VALUES[name]
        read = from_json(_fixture(f"{name}.json"), STATE)
        assert read == state and hash(read) == hash(state)
        assert any(seat.known for seat in read.seats) or name.endswith("end")
