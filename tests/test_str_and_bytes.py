"""The same input read as ``str`` and as ``bytes`` is read alike: the same value, or the same error.

Every reader that takes both (:func:`~threeup3down.formats.serialization.from_json`
and each format's :meth:`~threeup3down.formats.serialization.Format.from_json`),
and the reader of a simulation's records, which reads each line as bytes.
Bytes are UTF-8; a byte that is not UTF-8 stands for the lone surrogate
Python reads it as (``surrogateescape``, as :func:`os.fsdecode` does), so each
bad input below is written once, as a ``str``, and read both ways.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from threeup3down import DocumentError, NotationError, Rules, ThreeUpError, to_json
from threeup3down.formats import serialization
from threeup3down.formats.record_text import parse_record, parse_rules
from threeup3down.formats.records import GameRecord
from threeup3down.formats.serialization import FORMAT_VERSION, RECORD, from_json
from threeup3down.simulation.play import read_records

LIMIT = 10_000
"""The ``max_size`` every reader is given below."""

MOVE = '{"format": "threeup3down/move", "version": %d, "move": "v2"}' % FORMAT_VERSION

BAD_INPUTS = {
    "empty": "",
    "spaces": "   ",
    "cut short": '{"format": "threeup3down/mo',
    "extra data after a document": MOVE + " x",
    "a byte order mark": "\ufeff" + MOVE,
    "a byte that is not UTF-8, after accented letters": '{"é": 1, "\udcff": 2}',
    "UTF-8 cut short at the end": '{"café": "caf\udcc3',
    "a surrogate encoded in UTF-8 bytes": '{"a": "\udced\udca0\udc80"}',
    "bad JSON after accented letters": '{"éé": 1,, "x": 2}',
    "a key given twice": '{"format": "threeup3down/move", "format": "x"}',
    "NaN": '{"format": NaN}',
    "an integer over 4,300 digits": '{"version": 1' + "0" * 5000 + "}",
    "arrays nested too deep": "[" * 5000,
    "an unknown format": '{"format": "threeup3down/nothing", "version": 1}',
    "not an object": "[1, 2]",
    "an accented move": MOVE.replace('"v2"', '"7é"'),
    "over the limit in characters": '"' + "é" * LIMIT + '"',
    "under the limit in characters, over it in bytes": '{"format": "' + "é" * 6000 + '"}',
}
"""Inputs every reader refuses, by what is wrong with them."""

READERS: dict[str, Callable[[str | bytes], object]] = {
    "from_json": lambda text: from_json(text, max_size=LIMIT),
} | {
    f"{kind.name} from_json": (lambda kind: lambda text: kind.from_json(text, max_size=LIMIT))(kind)
    for kind in (getattr(serialization, name) for name in serialization.__all__)
    if isinstance(kind, serialization.Format)
}
"""Every reader that takes text or bytes, by name."""


def outcome(read: Callable[[str | bytes], object], text: str | bytes) -> tuple[type[BaseException], str]:
    """The type and message of the error ``read`` raises on ``text`` (fails if it reads it)."""
    try:
        value = read(text)
    except ThreeUpError as error:
        return type(error), str(error)
    raise AssertionError(f"read {text!r} as {value!r}")


def as_bytes(text: str) -> bytes:
    """``text`` as UTF-8 bytes, each lone surrogate as the byte it stands for."""
    return text.encode("utf-8", "surrogateescape")


def test_every_format_is_among_the_readers() -> None:
    """The nine formats, and from_json for any of them."""
    assert len(READERS) == 10


@pytest.mark.parametrize("reader", READERS)
@pytest.mark.parametrize("problem", BAD_INPUTS)
def test_str_and_bytes_are_refused_alike(reader: str, problem: str) -> None:
    """A bad input read as str and as bytes raises the same library error with the same message."""
    text = BAD_INPUTS[problem]
    as_text = outcome(READERS[reader], text)
    assert issubclass(as_text[0], DocumentError)
    assert outcome(READERS[reader], as_bytes(text)) == as_text


def test_the_messages_name_the_problem_in_characters() -> None:
    """Positions and sizes are counted in characters, whichever way the input came."""
    read = READERS["from_json"]
    assert outcome(read, as_bytes(BAD_INPUTS["a byte that is not UTF-8, after accented letters"]))[1] == (
        "$: not JSON: invalid UTF-8 or a lone surrogate at character 10 ('\\udcff')"
    )
    assert outcome(read, as_bytes(BAD_INPUTS["bad JSON after accented letters"]))[1] == (
        "$: not JSON: Expecting property name enclosed in double quotes: line 1 column 10 (char 9)"
    )
    assert outcome(read, as_bytes(BAD_INPUTS["over the limit in characters"]))[1] == (
        f"$: the input is over the limit of {LIMIT} characters (pass a larger max_size to read it)"
    )
    assert "unknown format 'éééé" in outcome(read, as_bytes(BAD_INPUTS["under the limit in characters, over it in bytes"]))[1]
    assert "byte order mark" in outcome(read, as_bytes(BAD_INPUTS["a byte order mark"]))[1]


def test_str_and_bytes_read_the_same_value() -> None:
    """A valid document with accented text reads to equal values from str and from bytes."""
    text = to_json(GameRecord(rules=Rules(players=2), seed=1, moves=(), names=("Zoé", "Ana")))
    assert from_json(text) == from_json(as_bytes(text)) == RECORD.from_json(text.encode())


def test_a_bad_line_of_records_is_refused_as_from_json_refuses_it(tmp_path: Path) -> None:
    """read_records reads each line as bytes: a line that is not UTF-8, or not a record,
    is refused with the message from_json gives the same line."""
    for problem in ("a byte that is not UTF-8, after accented letters", "a byte order mark", "cut short"):
        path = tmp_path / "games.jsonl"
        path.write_bytes(as_bytes(BAD_INPUTS[problem]) + b"\n")
        assert outcome(lambda _: list(read_records(path)), b"") == outcome(RECORD.from_json, BAD_INPUTS[problem])


def test_the_text_readers_refuse_bytes_with_their_error() -> None:
    """The readers of notation and records take text only, and say so."""
    with pytest.raises(NotationError, match="invalid record: a record is text"):
        parse_record(b'[Format "threeup3down/record"]')  # type: ignore[arg-type]
    with pytest.raises(NotationError, match="invalid rules: b'players=2' is not a string"):
        parse_rules(b"players=2")  # type: ignore[arg-type]
    with pytest.raises(DocumentError, match="a document is JSON text, a str or UTF-8 bytes, not memoryview"):
        from_json(memoryview(b"{}"))  # type: ignore[call-overload]
