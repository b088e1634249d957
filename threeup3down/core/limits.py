"""How much text the readers accept: a bound for input from untrusted sources.

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
"""

from __future__ import annotations

__all__ = ["MAX_INPUT_SIZE", "size_problem"]

MAX_INPUT_SIZE = 1_000_000
"""The default bound on the text a reader accepts, in characters (or bytes)."""


def size_problem(text: str | bytes, max_size: int) -> str | None:
    """Why ``text`` is too long to read under the bound ``max_size``; ``None`` if it is not.

    >>> size_problem(b"{}", 1)
    'the input is 2 bytes long, over the limit of 1 (pass a larger max_size to read it)'
    """
    if len(text) <= max_size:
        return None
    unit = "bytes" if isinstance(text, bytes) else "characters"
    return f"the input is {len(text)} {unit} long, over the limit of {max_size} (pass a larger max_size to read it)"
