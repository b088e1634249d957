"""How much the readers accept: bounds for input from untrusted sources.

Every reader of text (:func:`~threeup3down.core.state.parse_position`,
:func:`~threeup3down.formats.serialization.from_json`,
:func:`~threeup3down.formats.record_text.parse_record`) runs in time linear in the
size of its input, and refuses input longer than ``max_size`` characters,
:data:`MAX_INPUT_SIZE` unless the caller passes a larger bound. Bytes (which
the JSON readers take too) are counted in the characters they are read as
(UTF-8), so that the same input is refused alike as text and as bytes, with
one message. The largest position or document a game produces is a few
kilobytes, and a record of a game at the default turn limit some tens, so
the bound only stops input that no game wrote.

>>> size_problem("play 0 ...", 5)
'the input is over the limit of 5 characters (pass a larger max_size to read it)'
>>> size_problem("play 0 ...", MAX_INPUT_SIZE) is None
True

Some values are bounded too, as facts of the value rather than of any one
format, so that every reader (JSON, position notation, record text) and
every constructor refuses the same ones: the turn limit of a table
(:data:`MAX_TURN_LIMIT`, checked by :class:`~threeup3down.Rules`) and the
seed of a recorded game (:data:`MAX_SEED_DIGITS`, checked by
:class:`~threeup3down.formats.records.GameRecord` with :func:`seed_problem`).

>>> seed_problem(10**1000)
'a seed has at most 1000 digits, not 1001'
"""

from __future__ import annotations

__all__ = ["MAX_INPUT_SIZE", "MAX_SEED_DIGITS", "MAX_TURN_LIMIT", "excerpt", "seed_problem", "size_problem"]

MAX_INPUT_SIZE = 1_000_000
"""The default bound on the text a reader accepts, in characters."""

MAX_TURN_LIMIT = 1_000_000
"""The largest turn limit a table may set (O10); ``None`` sets none.

A thousand times the default: a game that long writes a record of several
megabytes, over :data:`MAX_INPUT_SIZE`, and its longest game in decisions
(:func:`~threeup3down.adapters.openspiel.max_game_length`) still fits a
32-bit integer, as OpenSpiel needs."""

MAX_SEED_DIGITS = 1000
"""The most decimal digits a recorded game's seed has (its sign aside).

:func:`~threeup3down.new_game` takes any ``int``; a record keeps seeds that
every format writes and reads in time linear in their length (Python reads
at most 4,300 digits as an ``int`` by default)."""


def size_problem(text: str | bytes, max_size: int) -> str | None:
    """Why ``text`` is too long to read under the bound ``max_size`` characters;
    ``None`` if it is not. Bytes are counted in the characters of their UTF-8
    text, each byte that is not UTF-8 one character (as
    ``bytes.decode("utf-8", "surrogateescape")`` reads them), and decoded only
    when their length does not settle it (a character takes one to four bytes).

    >>> size_problem("né", 1) == size_problem("né".encode(), 1)
    True
    >>> size_problem("né".encode(), 2) is None, size_problem(b"\\xff" * 5, 4)
    (True, 'the input is over the limit of 4 characters (pass a larger max_size to read it)')
    """
    if len(text) <= max_size:
        return None
    if isinstance(text, bytes) and len(text) <= _MAX_UTF8 * max_size:
        return size_problem(text.decode("utf-8", "surrogateescape"), max_size)
    return f"the input is over the limit of {max_size} characters (pass a larger max_size to read it)"


_MAX_UTF8 = 4
"""The most bytes UTF-8 spends on a character."""


def excerpt(text: object, length: int = 40) -> str:
    """What a message quotes of an input, however large: the ``repr`` of
    ``text`` cut to its first ``length`` characters (or bytes), with its length
    when cut; of a value that is not text, the name of its type.

    >>> excerpt("7r,7g")
    "'7r,7g'"
    >>> excerpt("7r," * 1000, 9)
    "'7r,7r,7r,'... (3,000 characters)"
    >>> excerpt([1, 2, 3]), excerpt(None)
    ('a list', 'None')
    """
    if text is None:
        return "None"
    if isinstance(text, str):
        unit = "characters"
    elif isinstance(text, (bytes, bytearray)):
        unit = "bytes"
    else:
        name = type(text).__name__
        return f"{'an' if name[:1] in 'aeiou' else 'a'} {name}"
    if len(text) <= length:
        return repr(text)
    return f"{text[:length]!r}... ({len(text):,} {unit})"


def seed_problem(seed: int | str) -> str | None:
    """Why ``seed`` is too long for a record (:data:`MAX_SEED_DIGITS`); ``None`` if it is not.

    ``seed`` is an ``int``, or the decimal digits of one, optionally signed
    (a reader checks the text before it converts it).

    >>> seed_problem(-42), seed_problem("-" + "9" * 1000)
    (None, None)
    >>> seed_problem("1" * 5000)
    'a seed has at most 1000 digits, not 5000'
    """
    if isinstance(seed, str):
        digits = len(seed.lstrip("+-"))
    elif -_SEED_BOUND < seed < _SEED_BOUND:
        return None
    else:
        digits = _digits(abs(seed))
    if digits <= MAX_SEED_DIGITS:
        return None
    return f"a seed has at most {MAX_SEED_DIGITS} digits, not {digits}"


_SEED_BOUND = 10**MAX_SEED_DIGITS
"""The least number with more digits than a seed may have."""


def _digits(number: int) -> int:
    """How many decimal digits the positive ``number`` has, found without writing it
    (``str`` refuses an ``int`` over 4,300 digits)."""
    digits = int(number.bit_length() * 0.30102999566398120)  # log10(2): the count, or one less
    return digits + 1 if number >= 10**digits else digits
