"""The memos: values worked out once and looked up again, every one listed here.

Listing legal moves builds the same few values over and over: the 3UP choices
of a hand, the plays of one card or of a run of equal cards, the ways to pick
some cards from runs of alike cards. The engine keeps each in a memo below,
keyed by the few cards it comes from (never by a whole state), so that most of
a move list is lookups. The layers above keep theirs as memos too: the
observations' views of seats, the moves read from game records, and for the
learning adapters the observation encoders (with their action numberings),
the card counts of tuples of cards and the action keys of moves. Every memo holds at most ``limit`` entries and
starts afresh when it would hold more, so no input can make one grow without
bound; :data:`MEMOS` lists them all by name and :func:`clear_memos` empties
them (the values are immutable, so a cleared memo only costs the time to fill
it again). The JSON formats' cache of rules is the one other cache
(:mod:`threeup3down.formats.serialization`).

>>> from threeup3down import Rules, legal_moves, new_game
>>> clear_memos()
>>> len(CHOICES)
0
>>> moves = legal_moves(new_game(Rules(players=2), seed=1))
>>> len(CHOICES) == len(moves)
True
>>> "3UP choices" in MEMOS, "seat views" in MEMOS
(True, True)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar

from threeup3down.core.cards import Card
from threeup3down.core.moves import ChooseUp, Play

__all__ = [
    "CARD_PLAYS",
    "CHOICES",
    "MEMOS",
    "PICKERS",
    "RUN_PLAYS",
    "Memo",
    "clear_memos",
]

K = TypeVar("K")
V = TypeVar("V")

MEMOS: dict[str, Memo[Any, Any]] = {}
"""Every memo of the package, by its name."""


class Memo(Generic[K, V]):
    """Values worked out once, in :attr:`table` (a plain :class:`dict`, so a lookup
    costs what a dictionary's does), stored by :meth:`remember`, which empties the
    table rather than let it hold more than ``limit`` entries. Made with a name,
    it is listed in :data:`MEMOS`.

    >>> memo = Memo[int, int]("squares, for this example", limit=2)
    >>> [memo.remember(number, number * number) for number in range(3)]
    [0, 1, 4]
    >>> memo.table, "squares, for this example" in MEMOS
    ({2: 4}, True)
    >>> Memo[int, int]("squares, for this example")
    Traceback (most recent call last):
    ...
    ValueError: a memo named 'squares, for this example' exists already
    >>> memo.forget()
    """

    __slots__ = ("limit", "name", "table")

    def __init__(self, name: str, *, limit: int = 1 << 16) -> None:
        if name in MEMOS:
            raise ValueError(f"a memo named {name!r} exists already")
        self.name = name
        self.limit = limit
        self.table: dict[K, V] = {}
        MEMOS[name] = self

    def __len__(self) -> int:
        return len(self.table)

    def remember(self, key: K, value: V) -> V:
        """Store ``value`` for ``key``, the table emptied first if it is full; ``value``."""
        table = self.table
        if len(table) >= self.limit:
            table.clear()
        table[key] = value
        return value

    def forget(self) -> None:
        """Empty the memo and take it off :data:`MEMOS` (for a memo made for a while)."""
        self.table.clear()
        MEMOS.pop(self.name, None)


def clear_memos() -> None:
    """Empty every memo of :data:`MEMOS`.

    >>> CHOICES.remember((), ChooseUp(()))
    ChooseUp(cards=())
    >>> clear_memos()
    >>> len(CHOICES)
    0
    """
    for memo in MEMOS.values():
        memo.table.clear()


Picker = Callable[[tuple[Card, ...]], tuple[Card, ...]]
"""Picks some of a sorted tuple of cards: those at fixed positions."""

CHOICES: Memo[tuple[Card, ...], ChooseUp] = Memo("3UP choices")
"""S3: each 3UP choice already listed, by its sorted cards."""

CARD_PLAYS: tuple[Memo[Card, Play], Memo[Card, Play]] = (
    Memo("plays of one card, from the hand"),
    Memo("plays of one card, from the 3UP cards"),
)
"""P1: the play of a single card from the hand ``[0]`` or the 3UP cards ``[1]``: a
run of one is the common case, and a card is quicker to look up than a tuple."""

RUN_PLAYS: tuple[
    tuple[Memo[tuple[Card, ...], tuple[Play, ...]], Memo[tuple[Card, ...], tuple[Play, ...]]],
    tuple[Memo[tuple[Card, ...], tuple[Play, ...]], Memo[tuple[Card, ...], tuple[Play, ...]]],
] = (
    (Memo("plays of a run, from the hand, colours alike"), Memo("plays of a run, from the hand, by colour")),
    (
        Memo("plays of a run, from the 3UP cards, colours alike"),
        Memo("plays of a run, from the 3UP cards, by colour"),
    ),
)
"""P1, P4, D3: the plays of a run of two or more cards of one rank, from the hand
``[0]`` or the 3UP cards ``[1]``, with colours alike ``[0]`` or told apart ``[1]`` (O7)."""

PICKERS: Memo[tuple[tuple[int, ...], int], tuple[Picker, ...]] = Memo("ways to pick cards from runs")
"""D3: for the lengths of the runs of alike cards in a sorted tuple and a number
of cards, each distinct way to pick that many (a few dozen shapes in all)."""
