"""The memos: values worked out once and looked up again, every one listed here.

Listing legal moves builds the same few values over and over: the 3UP choices
of a hand, the plays of one card or of a run of equal cards, the ways to pick
some cards from runs of alike cards. The engine keeps each in a memo below,
keyed by the few cards it comes from (never by a whole state), so that most of
a move list is lookups. The layers above keep theirs as memos too: the
observations' views of seats, the moves read from game records, and for the
learning adapters the observation encoders (with their action numberings),
the card counts of tuples of cards and the action keys of moves. Every memo
is bounded twice: it holds at most ``limit`` entries and at most ``size``
bytes (its entries weighed as they are stored, by :func:`weigh`), and starts
afresh when it would hold more, so that no input, however large its cards or
runs, can make one grow past its bound; :data:`MEMOS` lists them all by name,
:func:`memo_bytes` sums their bounds, and :func:`clear_memos` empties them
(the values are immutable, so a cleared memo only costs the time to fill it
again). The JSON formats' cache of rules is the one other cache
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

import sys
from collections.abc import Callable, Iterable
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
    "memo_bytes",
    "weigh",
]

K = TypeVar("K")
V = TypeVar("V")

MEMOS: dict[str, Memo[Any, Any]] = {}
"""Every memo of the package, by its name."""


def weigh(*parts: object, each: Iterable[object] = ()) -> int:
    """The bytes a memo's entry holds, estimated: :func:`sys.getsizeof` of each
    of ``parts`` and of ``each`` (the tuples and objects the entry holds alone),
    and a table slot. Cards and enumeration members, shared by every value, are
    not counted.

    >>> from threeup3down.core.cards import Card
    >>> weigh((Card.RED_7,) * 10) - weigh((Card.RED_7,))
    72
    """
    return _SLOT + sum(map(sys.getsizeof, parts)) + sum(map(sys.getsizeof, each))


_SLOT = 104
"""What a dictionary's slot for an entry costs, in bytes, at most (its hash,
key and value, and its index, in a table at most two-thirds full)."""


class Memo(Generic[K, V]):
    """Values worked out once, in :attr:`table` (a plain :class:`dict`, so a lookup
    costs what a dictionary's does), stored by :meth:`remember`, which empties the
    table rather than let it hold more than ``limit`` entries or ``size`` bytes
    (each entry weighed by ``weight_of``, in bytes, as :func:`weigh` estimates
    them). Made with a name, it is listed in :data:`MEMOS`.

    >>> memo = Memo[int, int]("squares, for this example", weight_of=lambda key, value: 10, limit=2, size=25)
    >>> [memo.remember(number, number * number) for number in range(3)]
    [0, 1, 4]
    >>> memo.table, memo.weight, "squares, for this example" in MEMOS
    ({2: 4}, 10, True)
    >>> memo.size = 15  # a bound in bytes reached before the bound in entries
    >>> memo.remember(3, 9), memo.table, memo.weight
    (9, {3: 9}, 10)
    >>> memo.size = 5  # an entry heavier than the whole memo is not kept
    >>> memo.remember(4, 16), memo.table
    (16, {3: 9})
    >>> Memo[int, int]("squares, for this example", weight_of=lambda key, value: 10)
    Traceback (most recent call last):
    ...
    ValueError: a memo named 'squares, for this example' exists already
    >>> memo.forget()
    """

    __slots__ = ("limit", "name", "size", "table", "weight", "weight_of")

    def __init__(
        self, name: str, *, weight_of: Callable[[K, V], int], limit: int = 1 << 16, size: int = 1 << 23
    ) -> None:
        if name in MEMOS:
            raise ValueError(f"a memo named {name!r} exists already")
        self.name = name
        self.limit = limit
        """The most entries the memo holds."""
        self.size = size
        """The most bytes the memo's entries hold, as ``weight_of`` weighs them."""
        self.weight_of = weight_of
        """The bytes an entry holds, from its key and value (:func:`weigh`)."""
        self.weight = 0
        """The bytes the entries of :attr:`table` hold, as ``weight_of`` weighed them."""
        self.table: dict[K, V] = {}
        MEMOS[name] = self

    def __len__(self) -> int:
        return len(self.table)

    def remember(self, key: K, value: V) -> V:
        """Store ``value`` for ``key``, the table emptied first if it is full (in
        entries or in bytes), unless the entry alone weighs more than the memo
        may hold; ``value``."""
        weight = self.weight_of(key, value)
        if weight > self.size:
            return value
        table = self.table
        if len(table) >= self.limit or self.weight + weight > self.size:
            table.clear()
            self.weight = 0
        table[key] = value
        self.weight += weight
        return value

    def clear(self) -> None:
        """Empty the memo.

        >>> memo = Memo[int, int]("cubes, for this example", weight_of=lambda key, value: 10)
        >>> memo.remember(2, 8), memo.clear(), len(memo), memo.weight
        (8, None, 0, 0)
        >>> memo.forget()
        """
        self.table.clear()
        self.weight = 0

    def forget(self) -> None:
        """Empty the memo and take it off :data:`MEMOS` (for a memo made for a while)."""
        self.clear()
        MEMOS.pop(self.name, None)


def clear_memos() -> None:
    """Empty every memo of :data:`MEMOS`.

    >>> CHOICES.remember((), ChooseUp(()))
    ChooseUp(cards=())
    >>> clear_memos()
    >>> len(CHOICES), CHOICES.weight
    (0, 0)
    """
    for memo in MEMOS.values():
        memo.clear()


def memo_bytes() -> int:
    """The most bytes the memos of :data:`MEMOS` hold together: the sum of their
    bounds (:attr:`Memo.size`), which no input can pass.

    >>> memo_bytes() == sum(memo.size for memo in MEMOS.values())
    True
    """
    return sum(memo.size for memo in MEMOS.values())


Picker = Callable[[tuple[Card, ...]], tuple[Card, ...]]
"""Picks some of a sorted tuple of cards: those at fixed positions."""



def _choice_weight(cards: tuple[Card, ...], choice: ChooseUp) -> int:
    return weigh(cards, choice, choice.cards)


def _play_weight(card: Card, play: Play) -> int:
    return weigh(play, play.cards)


def _plays_weight(run: tuple[Card, ...], plays: tuple[Play, ...]) -> int:
    return weigh(run, plays, each=(part for play in plays for part in (play, play.cards)))


def _pickers_weight(shape: tuple[tuple[int, ...], int], pickers: tuple[Picker, ...]) -> int:
    lengths, size = shape
    return weigh(shape, lengths, pickers, each=pickers) + len(pickers) * _PICKED * (size + 1)


_PICKED = 36
"""The bytes a picker spends on each card it picks, at most: a reference and an
integer in the tuple of positions it holds (which :func:`sys.getsizeof` does not count)."""

_RUNS = 1 << 21
"""The bytes each memo of the plays of runs holds at most (2 MiB: the runs of
a long game of twelve players with colours told apart take some 200 KiB)."""

CHOICES: Memo[tuple[Card, ...], ChooseUp] = Memo("3UP choices", weight_of=_choice_weight, size=1 << 22)
"""S3: each 3UP choice already listed, by its sorted cards (at most 10,660, one
per multiset of three of the 39 cards, some 3 MB, in 4 MiB)."""

CARD_PLAYS: tuple[Memo[Card, Play], Memo[Card, Play]] = (
    Memo("plays of one card, from the hand", weight_of=_play_weight, size=1 << 18),
    Memo("plays of one card, from the 3UP cards", weight_of=_play_weight, size=1 << 18),
)
"""P1: the play of a single card from the hand ``[0]`` or the 3UP cards ``[1]``: a
run of one is the common case, and a card is quicker to look up than a tuple."""

RUN_PLAYS: tuple[
    tuple[Memo[tuple[Card, ...], tuple[Play, ...]], Memo[tuple[Card, ...], tuple[Play, ...]]],
    tuple[Memo[tuple[Card, ...], tuple[Play, ...]], Memo[tuple[Card, ...], tuple[Play, ...]]],
] = (
    (
        Memo("plays of a run, from the hand, colours alike", weight_of=_plays_weight, size=_RUNS),
        Memo("plays of a run, from the hand, by colour", weight_of=_plays_weight, size=_RUNS),
    ),
    (
        Memo("plays of a run, from the 3UP cards, colours alike", weight_of=_plays_weight, size=_RUNS),
        Memo("plays of a run, from the 3UP cards, by colour", weight_of=_plays_weight, size=_RUNS),
    ),
)
"""P1, P4, D3: the plays of a run of two or more cards of one rank, from the hand
``[0]`` or the 3UP cards ``[1]``, with colours alike ``[0]`` or told apart ``[1]`` (O7)."""

PICKERS: Memo[tuple[tuple[int, ...], int], tuple[Picker, ...]] = Memo(
    "ways to pick cards from runs", weight_of=_pickers_weight, size=1 << 21
)
"""D3: for the lengths of the runs of alike cards in a sorted tuple and a number
of cards, each distinct way to pick that many (a few dozen shapes in all)."""
