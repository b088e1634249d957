"""The one cache of the JSON formats: rules, by their document and the document by the rules (internal).

Every document of a state, an observation, a record or a match holds its
rules, and a game's documents all hold the same. Decoding a
:class:`~threeup3down.Rules` (which checks the table) takes some 130,000 of
the 765,000 instructions that reading a four-player state's document takes,
and encoding one some 45,000 of the 360,000 of writing it. :data:`RULES_CACHE`
keeps the rules met most recently with their documents, so that the codec
(:mod:`threeup3down.formats.codec`) decodes and encodes each rules once.

A rules document is looked up by exactly what it holds: its keys in order,
the type of each value (``1`` and ``true`` are equal in Python, never in JSON)
and the values, an array as a tuple. Only a document of JSON scalars and
arrays of strings is looked up, and only rules read without an error are
kept. The cache is bounded in entries and in size, so that documents from
strangers can churn it but not grow it: at most :attr:`RulesCache.entries`
rules (a full cache is emptied and fills again), each from a document of at
most :attr:`RulesCache.size` characters (:func:`size`).

>>> from threeup3down import Rules
>>> cache = RulesCache(entries=2, size=1000)
>>> cache.read({"players": 3}, "$.rules", lambda data, path: Rules(players=3)).players
3
>>> cache.read({"players": 3}, "$.rules", lambda data, path: Rules(players=5)).players  # kept
3
>>> len(cache), cache.clear(), len(cache)
(1, None, 0)
"""

from __future__ import annotations

import sys
import typing
from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

from threeup3down.core.rules import Rules

if TYPE_CHECKING:  # the codec writes documents through this cache
    from threeup3down.formats.codec import JsonValue

__all__ = ["RULES_CACHE", "Key", "RulesCache", "key", "size"]

Key = tuple[tuple[str, ...], tuple[type, ...], tuple[object, ...]]
"""What a rules document is looked up by: its keys, the type of each value, the values."""

K = TypeVar("K")
V = TypeVar("V")

_SCALARS = frozenset((str, int, bool, type(None)))
_LOOKED_UP = _SCALARS | {list}
_STRINGS = frozenset((str,))


def key(document: object) -> Key | None:
    """What ``document`` is looked up by; ``None`` if it is not a JSON object of
    scalars and arrays of strings.

    >>> key({"players": 2, "places": True, "omitted_colours": ["g"]})
    (('players', 'places', 'omitted_colours'), (<class 'int'>, <class 'bool'>, <class 'list'>), (2, True, ('g',)))
    >>> key({"players": 2.0}) is None, key({"omitted_colours": [1]}) is None
    (True, True)
    """
    if type(document) is not dict:
        return None
    values = tuple(document.values())
    kinds = tuple(map(type, values))
    if not _LOOKED_UP.issuperset(kinds):
        return None
    arrays = kinds.count(list)
    if arrays:
        items = list(values)
        index = -1
        for _ in range(arrays):  # found by index, rather than by a walk over every value
            index = kinds.index(list, index + 1)
            if not _STRINGS.issuperset(map(type, items[index])):
                return None
            items[index] = tuple(items[index])
        values = tuple(items)
    return (tuple(document), kinds, values)


def size(looked_up: Key) -> int:
    """How many characters the document that ``looked_up`` stands for takes:
    its keys, and its values written out as Python writes them.

    >>> size(key({"players": 12, "omitted_colours": ["g", "b"]}))
    38
    """
    names, _, values = looked_up
    try:
        return sum(map(len, names)) + len(repr(values))
    except ValueError:  # an integer of more digits than Python writes (sys.get_int_max_str_digits)
        return sys.maxsize


class RulesCache:
    """Rules by their documents, and documents by their rules, for the most recent rules.

    >>> from threeup3down import Rules
    >>> cache = RulesCache(entries=2, size=1000)
    >>> document = cache.write(Rules(players=2), lambda rules: {"players": rules.players, "omitted_colours": []})
    >>> document["omitted_colours"].append("g")  # the caller's copy
    >>> cache.write(Rules(players=2), lambda rules: {})
    {'players': 2, 'omitted_colours': []}
    >>> cache.read({"players": 2, "omitted_colours": []}, "$.rules", lambda data, path: Rules()).players
    2
    """

    entries: int
    """How many rules are kept at most (and as many documents)."""
    size: int
    """The largest :func:`size` of a document whose rules are kept."""

    def __init__(self, *, entries: int, size: int) -> None:
        self.entries = entries
        self.size = size
        self._rules: dict[Key, Rules] = {}
        self._documents: dict[Rules, tuple[dict[str, JsonValue], tuple[str, ...]]] = {}

    def __len__(self) -> int:
        """How many rules are kept by their documents (as many documents at most are kept by their rules)."""
        return len(self._rules)

    def read(self, document: object, path: str, decode: Callable[[object, str], Rules]) -> Rules:
        """The rules of ``document``: those kept for it, else ``decode(document,
        path)``, kept if the document is looked up and small enough."""
        looked_up = key(document)
        if looked_up is None:
            return decode(document, path)
        rules = self._rules.get(looked_up)
        if rules is None:
            rules = decode(document, path)
            if size(looked_up) <= self.size:
                self._keep(self._rules, looked_up, rules)
        return rules

    def write(self, rules: Rules, encode: Callable[[Rules], dict[str, JsonValue]]) -> dict[str, JsonValue]:
        """The document of ``rules``, a copy of the one kept for them, else
        ``encode(rules)``, kept (and its rules by it) if it is small enough."""
        found = self._documents.get(rules)
        if found is None:
            document = encode(rules)
            looked_up = key(document)
            if looked_up is None or size(looked_up) > self.size:
                return document
            found = (document, tuple(name for name, value in document.items() if type(value) is list))
            self._keep(self._documents, rules, found)
            self._keep(self._rules, looked_up, rules)
        document, arrays = found
        copy = document.copy()
        for name in arrays:  # of strings, so copied whole by a shallow copy
            copy[name] = typing.cast("list[JsonValue]", document[name]).copy()
        return copy

    def clear(self) -> None:
        """Forget every rules and document kept."""
        self._rules.clear()
        self._documents.clear()

    def _keep(self, table: dict[K, V], found_by: K, value: V) -> None:
        """Keep ``value`` in ``table``, emptied first if it is full: one step, so
        that threads reading documents at once (a threaded server) never find a
        table half changed."""
        if len(table) >= self.entries:
            table.clear()
        table[found_by] = value


RULES_CACHE = RulesCache(entries=64, size=2048)
"""The rules of the documents read and written: at most 64, each from a document
of at most 2,048 characters (:func:`size`: the default rules' document takes 347,
one with a custom deck of 84 cards 868)."""
