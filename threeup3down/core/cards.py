"""Cards, ranks, colours and the decks of 3UP 3DOWN (rules D1–D3).

A card is one of 39 kinds: a :class:`Rank` (the numbers 1–10, Clear, Clear +1,
Clear +2) in a :class:`Colour`. Cards of the same kind are indistinguishable
(D3), so :class:`Card` is an enumeration of the 39 kinds and a deck is a
multiset of them: a sorted tuple.

Card notation is the rank followed by the colour's letter::

    7r   10g   Cb   C+1r   C+2g

>>> Card.parse("C+1r")
Card.RED_CLEAR_PLUS_1
>>> str(Card.GREEN_10), Card.GREEN_10.rank, Card.GREEN_10.colour.name
('10g', <Rank.TEN: 10>, 'GREEN')
>>> len(standard_deck()), len(literal_deck())
(84, 74)
"""

from __future__ import annotations

import enum
import operator
import re
from collections import Counter
from collections.abc import Callable, Iterable

from threeup3down.core.errors import NotationError
from threeup3down.core.limits import MAX_INPUT_SIZE, excerpt, size_problem

__all__ = [
    "KINDS",
    "ORDERS",
    "Card",
    "Colour",
    "Rank",
    "format_cards",
    "literal_deck",
    "parse_cards",
    "sort_cards",
    "standard_deck",
]


class Colour(enum.Enum):
    """The three card colours (D2). Colour never decides what may be played.

    >>> Colour.parse("g"), Colour.BLUE.letter
    (<Colour.GREEN: 'g'>, 'b')
    """

    GREEN = "g"
    RED = "r"
    BLUE = "b"

    @property
    def letter(self) -> str:
        """The colour's letter in card notation."""
        return self.value

    @classmethod
    def parse(cls, letter: str) -> Colour:
        """The colour written as ``letter`` (``g``, ``r`` or ``b``).

        >>> Colour.parse("r")
        <Colour.RED: 'r'>
        """
        try:
            return cls(letter)
        except ValueError:
            raise NotationError(f"unknown colour {excerpt(letter)}: expected g, r or b") from None


class Rank(enum.IntEnum):
    """What a card is, ordered as the cards beat each other (P2, P3).

    The numbers carry their face value; the three Clear kinds rank above every
    number, so "may be played on" is simply ``rank >= top``.

    >>> Rank.SEVEN >= Rank.FIVE, Rank.CLEAR > Rank.TEN, Rank.CLEAR_PLUS_2.is_clear
    (True, True, True)
    """

    ONE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    CLEAR = 11
    CLEAR_PLUS_1 = 12
    CLEAR_PLUS_2 = 13

    @property
    def is_clear(self) -> bool:
        """Whether this is one of the Clear kinds (C1–C3)."""
        return self >= Rank.CLEAR

    @property
    def extra_plays(self) -> int:
        """The further plays the card owes its player: 1 for Clear +1, 2 for Clear +2.

        >>> Rank.CLEAR_PLUS_2.extra_plays, Rank.CLEAR.extra_plays, Rank.NINE.extra_plays
        (2, 0, 0)
        """
        return max(0, self - Rank.CLEAR)

    @property
    def symbol(self) -> str:
        """The rank as written in card notation: ``1``–``10``, ``C``, ``C+1``, ``C+2``."""
        return _RANK_SYMBOLS[self]

    @classmethod
    def parse(cls, symbol: str) -> Rank:
        """The rank written as ``symbol``.

        >>> Rank.parse("10"), Rank.parse("C+1")
        (<Rank.TEN: 10>, <Rank.CLEAR_PLUS_1: 12>)
        """
        try:
            return _SYMBOL_RANKS[symbol]
        except KeyError:
            raise NotationError(
                f"unknown rank {excerpt(symbol)}: expected 1-10, C, C+1 or C+2"
            ) from None


_RANK_SYMBOLS = {rank: str(int(rank)) for rank in Rank if not rank.is_clear} | {
    Rank.CLEAR: "C",
    Rank.CLEAR_PLUS_1: "C+1",
    Rank.CLEAR_PLUS_2: "C+2",
}
_SYMBOL_RANKS = {symbol: rank for rank, symbol in _RANK_SYMBOLS.items()}
_COLOUR_ORDER = {colour: index for index, colour in enumerate(Colour)}


class Card(enum.Enum):
    """One of the 39 kinds of card: a rank in a colour.

    Cards of one kind are interchangeable (D3); a deck holds several copies.
    Cards order by rank, then colour (green, red, blue).

    >>> Card.of(Rank.SEVEN, Colour.RED) is Card.parse("7r")
    True
    >>> sorted([Card.parse("Cb"), Card.parse("2r"), Card.parse("2g")])
    [Card.GREEN_2, Card.RED_2, Card.BLUE_CLEAR]
    """

    GREEN_1 = (Rank.ONE, Colour.GREEN)
    RED_1 = (Rank.ONE, Colour.RED)
    BLUE_1 = (Rank.ONE, Colour.BLUE)
    GREEN_2 = (Rank.TWO, Colour.GREEN)
    RED_2 = (Rank.TWO, Colour.RED)
    BLUE_2 = (Rank.TWO, Colour.BLUE)
    GREEN_3 = (Rank.THREE, Colour.GREEN)
    RED_3 = (Rank.THREE, Colour.RED)
    BLUE_3 = (Rank.THREE, Colour.BLUE)
    GREEN_4 = (Rank.FOUR, Colour.GREEN)
    RED_4 = (Rank.FOUR, Colour.RED)
    BLUE_4 = (Rank.FOUR, Colour.BLUE)
    GREEN_5 = (Rank.FIVE, Colour.GREEN)
    RED_5 = (Rank.FIVE, Colour.RED)
    BLUE_5 = (Rank.FIVE, Colour.BLUE)
    GREEN_6 = (Rank.SIX, Colour.GREEN)
    RED_6 = (Rank.SIX, Colour.RED)
    BLUE_6 = (Rank.SIX, Colour.BLUE)
    GREEN_7 = (Rank.SEVEN, Colour.GREEN)
    RED_7 = (Rank.SEVEN, Colour.RED)
    BLUE_7 = (Rank.SEVEN, Colour.BLUE)
    GREEN_8 = (Rank.EIGHT, Colour.GREEN)
    RED_8 = (Rank.EIGHT, Colour.RED)
    BLUE_8 = (Rank.EIGHT, Colour.BLUE)
    GREEN_9 = (Rank.NINE, Colour.GREEN)
    RED_9 = (Rank.NINE, Colour.RED)
    BLUE_9 = (Rank.NINE, Colour.BLUE)
    GREEN_10 = (Rank.TEN, Colour.GREEN)
    RED_10 = (Rank.TEN, Colour.RED)
    BLUE_10 = (Rank.TEN, Colour.BLUE)
    GREEN_CLEAR = (Rank.CLEAR, Colour.GREEN)
    RED_CLEAR = (Rank.CLEAR, Colour.RED)
    BLUE_CLEAR = (Rank.CLEAR, Colour.BLUE)
    GREEN_CLEAR_PLUS_1 = (Rank.CLEAR_PLUS_1, Colour.GREEN)
    RED_CLEAR_PLUS_1 = (Rank.CLEAR_PLUS_1, Colour.RED)
    BLUE_CLEAR_PLUS_1 = (Rank.CLEAR_PLUS_1, Colour.BLUE)
    GREEN_CLEAR_PLUS_2 = (Rank.CLEAR_PLUS_2, Colour.GREEN)
    RED_CLEAR_PLUS_2 = (Rank.CLEAR_PLUS_2, Colour.RED)
    BLUE_CLEAR_PLUS_2 = (Rank.CLEAR_PLUS_2, Colour.BLUE)

    # Members are singletons: identity hashing is exact and much faster than
    # Enum's default hash of the member name.
    __hash__ = object.__hash__

    rank: Rank
    """What the card is (its number or Clear kind)."""
    colour: Colour
    """The card's colour (D2)."""
    order: int
    """The card's place in the sort order (rank, then colour)."""

    def __init__(self, rank: Rank, colour: Colour) -> None:
        self.rank = rank
        self.colour = colour
        self.order = 3 * rank + _COLOUR_ORDER[colour]

    def __repr__(self) -> str:
        return f"Card.{self.name}"

    def __str__(self) -> str:
        return _TEXT[self]

    def __lt__(self, other: Card) -> bool:
        return self.order < other.order

    def __le__(self, other: Card) -> bool:
        return self.order <= other.order

    def __gt__(self, other: Card) -> bool:
        return self.order > other.order

    def __ge__(self, other: Card) -> bool:
        return self.order >= other.order

    @classmethod
    def of(cls, rank: Rank, colour: Colour) -> Card:
        """The card of ``rank`` in ``colour``.

        >>> Card.of(Rank.CLEAR_PLUS_2, Colour.GREEN)
        Card.GREEN_CLEAR_PLUS_2
        """
        return _CARDS[rank, colour]

    @classmethod
    def parse(cls, text: str) -> Card:
        """The card written as ``text`` in card notation (``7r``, ``C+2g``).

        >>> Card.parse("10b")
        Card.BLUE_10
        >>> Card.parse("11r")
        Traceback (most recent call last):
        ...
        threeup3down.core.errors.NotationError: unknown rank '11': expected 1-10, C, C+1 or C+2
        """
        if not isinstance(text, str) or len(text) < 2:
            raise NotationError(f"not a card: {excerpt(text)} (expected a rank and a colour, like 7r)")
        card = _BY_TEXT.get(text)
        if card is None:  # not a card: let the rank or the colour say why
            return cls.of(Rank.parse(text[:-1]), Colour.parse(text[-1]))
        return card


_CARDS = {(card.rank, card.colour): card for card in Card}
_TEXT: dict[Card, str] = {card: f"{card.rank.symbol}{card.colour.letter}" for card in Card}
"""Each card's card notation, the rank's symbol and the colour's letter."""
_BY_TEXT: dict[str, Card] = {text: card for card, text in _TEXT.items()}
"""Each card by its card notation."""


sort_key: Callable[[Card], int] = operator.attrgetter("order")
"""The key that sorts cards by rank, then colour."""

KINDS: tuple[Card, ...] = tuple(Card)
"""Every kind of card, in card order: a tuple walks faster than the enumeration."""
ORDERS = 1 + max(card.order for card in Card)
"""How many values :attr:`Card.order` takes (some unused): the length of a list
of counts of cards indexed by their order, cheaper to fill than a dictionary."""


def sort_cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    """``cards`` as a sorted tuple: the canonical form of a multiset of cards.

    >>> sort_cards(parse_cards("9r,2b,2g"))
    (Card.GREEN_2, Card.BLUE_2, Card.RED_9)
    """
    return tuple(sorted(cards, key=sort_key))


_CARD_TOKEN = re.compile(r"10|[1-9]|C\+1|C\+2|C")


def parse_cards(text: str, *, max_size: int = MAX_INPUT_SIZE) -> tuple[Card, ...]:
    """The cards of a comma-separated list such as ``"7r,7g,C+1b"``, in order, of at
    most ``max_size`` characters (:mod:`threeup3down.core.limits`).

    ``"-"`` and ``""`` are the empty list.

    >>> parse_cards("7r,C+1b")
    (Card.RED_7, Card.BLUE_CLEAR_PLUS_1)
    >>> parse_cards("-")
    ()
    """
    if not isinstance(text, str):
        raise NotationError(f"not a list of cards: {excerpt(text)} (expected text such as '7r,7g')")
    too_long = size_problem(text, max_size)
    if too_long:
        raise NotationError(f"not a list of cards: {too_long}")
    if text in ("", "-"):
        return ()
    tokens = text.split(",")
    try:
        return tuple(map(_BY_TEXT.__getitem__, tokens))
    except KeyError:  # not a list of cards: let the token at fault say why
        return tuple(Card.parse(token) for token in tokens)


def format_cards(cards: Iterable[Card]) -> str:
    """``cards`` as a comma-separated list; ``"-"`` when there are none.

    >>> format_cards([Card.RED_7, Card.BLUE_CLEAR_PLUS_1])
    '7r,C+1b'
    >>> format_cards([])
    '-'
    """
    return ",".join(map(_TEXT.__getitem__, cards)) or "-"


def _copies(counts: dict[Card, int]) -> tuple[Card, ...]:
    return sort_cards(Counter(counts).elements())


def standard_deck() -> tuple[Card, ...]:
    """The standard 84-card deck (D1, D2), sorted.

    Seven of each number 1–10, seven Clear, six Clear +1 and one green Clear +2.
    Colours are spread as evenly as possible: each number and the Clear come
    3–2–2 over the colours (number *n* has its third copy in green, red, blue
    for *n* mod 3 = 0, 1, 2; the Clear in blue), Clear +1 comes 2–2–2, so every
    colour has exactly 28 cards.

    >>> deck = standard_deck()
    >>> Counter(card.colour for card in deck) == {c: 28 for c in Colour}
    True
    >>> [str(c) for c in deck if c.rank == Rank.ONE]
    ['1g', '1g', '1r', '1r', '1r', '1b', '1b']
    """
    colours = list(Colour)
    counts: dict[Card, int] = {}
    for rank in Rank:
        if rank == Rank.CLEAR_PLUS_2:
            counts[Card.GREEN_CLEAR_PLUS_2] = 1
            continue
        third = {Rank.CLEAR: Colour.BLUE, Rank.CLEAR_PLUS_1: None}.get(
            rank, colours[rank % 3]
        )
        for colour in colours:
            counts[Card.of(rank, colour)] = 3 if colour is third else 2
    return _copies(counts)


def literal_deck() -> tuple[Card, ...]:
    """The literal 74-card deck of the GR rules page (D1's alternative), sorted.

    Each colour holds two copies of 1–10, Clear and Clear +1; green also holds
    two Clear +2.

    >>> Counter(literal_deck())[Card.GREEN_CLEAR_PLUS_2]
    2
    """
    counts = {
        Card.of(rank, colour): 2
        for rank in Rank
        if rank != Rank.CLEAR_PLUS_2
        for colour in Colour
    }
    counts[Card.GREEN_CLEAR_PLUS_2] = 2
    return _copies(counts)
