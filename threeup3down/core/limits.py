"""How much the readers accept: bounds for input from untrusted sources.

Every reader of text (:func:`~threeup3down.core.state.parse_position`,
:func:`~threeup3down.formats.serialization.from_json`,
:func:`~threeup3down.formats.record_text.parse_record`) runs in time linear in the
size of its input, and refuses input longer than ``max_size`` characters (or
bytes), :data:`MAX_INPUT_SIZE` unless the caller passes a larger bound. The
largest position or document a game produces is a few kilobytes, and a
record of a game at the default turn limit some tens, so the bound only
stops input that no game wrote.

>>> size_problem("play 0 ...", 5)
'the input is 10 characters long, over the limit of 5 (pass a larger max_size to read it)'
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

__all__ = ["MAX_INPUT_SIZE", "MAX_SEED_DIGITS", "MAX_TURN_LIMIT", "seed_problem", "size_problem"]

MAX_INPUT_SIZE = 1_000_000
"""The default bound on the text a reader accepts, in characters (or bytes)."""

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
    """Why ``text`` is too long to read under the bound ``max_size``; ``None`` if it is not.

    >>> size_problem(b"{}", 1)
    'the input is 2 bytes long, over the limit of 1 (pass a larger max_size to read it)'
    """
    if len(text) <= max_size:
        return None
    unit = "bytes" if isinstance(text, bytes) else "characters"
    return f"the input is {len(text)} {unit} long, over the limit of {max_size} (pass a larger max_size to read it)"


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
