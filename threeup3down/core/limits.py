"""How much text the readers accept: a bound for input from untrusted sources.

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
"""

from __future__ import annotations

__all__ = ["MAX_INPUT_SIZE", "size_problem"]

MAX_INPUT_SIZE = 1_000_000
"""The default bound on the text a reader accepts, in characters."""


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
