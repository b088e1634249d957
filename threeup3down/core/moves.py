"""The moves a player can make, and their notation.

Every move is a small frozen value. :data:`Move` is their union; dispatch on
it with ``match``.

========================  =====================  ==========================================
Notation                  Move                   Meaning
========================  =====================  ==========================================
``up:7r,9g,Cb``           :class:`ChooseUp`      setup: these three cards become 3UP (S3, O6)
``7r`` / ``7r,7g``        :class:`Play`          play from the hand (P1–P4)
``^7r`` / ``^7r,7g``      :class:`Play`          play from the 3UP cards (F1, F2)
``v0``                    :class:`FlipDown`      turn over the 3DOWN card at a position (F3)
``pick``                  :class:`PickUp`        take the discard pile into the hand (T3)
``draw``                  :class:`Draw`          the early draw before an owed play (C2, C3, C5)
``take``                  :class:`DrawInstead`   take one card instead of playing (O2)
``swap:7r/9g``            :class:`Swap`          swap a hand card with a 3UP card (O7)
``keep``                  :class:`DeclineSwap`   decline the same-colour swap (O7)
========================  =====================  ==========================================

>>> parse_move("^7r,7g")
Play(cards=(Card.GREEN_7, Card.RED_7), source=<Source.UP: 'up'>)
>>> str(parse_move("7r,7g")), str(FlipDown(2))
('7g,7r', 'v2')
"""

from __future__ import annotations

import enum

import attrs

from threeup3down.core.cards import Card, format_cards, parse_cards, sort_cards
from threeup3down.core.errors import NotationError, ThreeUpError
from threeup3down.core.limits import MAX_INPUT_SIZE, excerpt, size_problem

__all__ = [
    "ChooseUp",
    "DeclineSwap",
    "Draw",
    "DrawInstead",
    "FlipDown",
    "Move",
    "PickUp",
    "Play",
    "Source",
    "Swap",
    "parse_move",
]


class Source(enum.Enum):
    """Where the cards of a :class:`Play` come from (P1, F1).

    >>> parse_move("^9b").source, parse_move("9b").source
    (<Source.UP: 'up'>, <Source.HAND: 'hand'>)
    """

    HAND = "hand"
    """The player's hand."""
    UP = "up"
    """The player's 3UP cards."""


def _cards(cards: tuple[Card, ...]) -> tuple[Card, ...]:
    """The cards of a move, sorted; anything but Card values is refused."""
    if not all(isinstance(card, Card) for card in cards):
        raise ThreeUpError(
            f"a move's cards must be Card values, not {cards!r} (parse_cards() reads '7r,7g')"
        )
    return sort_cards(cards)


@attrs.frozen
class ChooseUp:
    """Setup (S3): put these three of the six dealt cards face up as 3UP cards.

    With chosen faces (O6) they become the 3UP cards of the next player instead.

    >>> ChooseUp(parse_cards("9g,Cb,7r"))
    ChooseUp(cards=(Card.RED_7, Card.GREEN_9, Card.BLUE_CLEAR))
    """

    cards: tuple[Card, ...] = attrs.field(converter=_cards)
    """The chosen cards, sorted."""

    def __str__(self) -> str:
        return f"up:{format_cards(self.cards)}"


@attrs.frozen
class Play:
    """Play one card, or several of one number, from one place (P1).

    >>> Play(parse_cards("5r,5g"))
    Play(cards=(Card.GREEN_5, Card.RED_5), source=<Source.HAND: 'hand'>)
    """

    cards: tuple[Card, ...] = attrs.field(converter=_cards)
    """The cards played, sorted."""
    source: Source = Source.HAND
    """Whether they come from the hand or the 3UP cards."""

    def __str__(self) -> str:
        prefix = "^" if self.source is Source.UP else ""
        return prefix + format_cards(self.cards)


@attrs.frozen
class FlipDown:
    """Turn over the 3DOWN card at ``position`` and play it if it is legal (F3, F4).

    Positions count from 0 over the player's remaining 3DOWN cards; a 3DOWN
    card is chosen by where it lies, never by what it is.

    >>> str(FlipDown(0))
    'v0'
    """

    position: int
    """Index into the player's remaining 3DOWN cards."""

    def __str__(self) -> str:
        return f"v{self.position}"


@attrs.frozen
class PickUp:
    """Take the whole discard pile into the hand; the turn ends (T3). With
    :attr:`Rules.clear_one_optional <threeup3down.Rules.clear_one_optional>`
    it also declines the play of a Clear +1, on the empty pile it left (C2).

    >>> str(PickUp())
    'pick'
    """

    def __str__(self) -> str:
        return "pick"


@attrs.frozen
class Draw:
    """The early draw before an owed extra play (C2, C3, C5): up to a hand of three,
    or one card with :attr:`EarlyDraw.ONE <threeup3down.EarlyDraw.ONE>`.

    >>> str(Draw())
    'draw'
    """

    def __str__(self) -> str:
        return "draw"


@attrs.frozen
class DrawInstead:
    """Take one card from the draw pile instead of playing; the turn ends (O2).

    >>> str(DrawInstead())
    'take'
    """

    def __str__(self) -> str:
        return "take"


@attrs.frozen
class Swap:
    """Swap a hand card with a 3UP card after a same-colour run of four (O7).

    >>> str(Swap(Card.RED_7, Card.GREEN_9))
    'swap:7r/9g'
    """

    hand_card: Card
    """The card that goes from the hand to the 3UP cards."""
    up_card: Card
    """The card that goes from the 3UP cards to the hand."""

    def __str__(self) -> str:
        return f"swap:{self.hand_card}/{self.up_card}"


@attrs.frozen
class DeclineSwap:
    """Decline the same-colour swap (O7).

    >>> str(DeclineSwap())
    'keep'
    """

    def __str__(self) -> str:
        return "keep"


Move = ChooseUp | Play | FlipDown | PickUp | Draw | DrawInstead | Swap | DeclineSwap
"""Any move."""

_WORDS: dict[str, Move] = {
    "pick": PickUp(),
    "draw": Draw(),
    "take": DrawInstead(),
    "keep": DeclineSwap(),
}


def parse_move(text: str, *, max_size: int = MAX_INPUT_SIZE) -> Move:
    """The move written as ``text`` in move notation (see the table above), of at
    most ``max_size`` characters (:mod:`threeup3down.core.limits`).

    >>> parse_move("pick"), parse_move("v1"), parse_move("swap:7r/9g")
    (PickUp(), FlipDown(position=1), Swap(hand_card=Card.RED_7, up_card=Card.GREEN_9))
    >>> parse_move("v")
    Traceback (most recent call last):
    ...
    threeup3down.core.errors.NotationError: not a move: 'v' (3DOWN position must be a number, like v0)
    """
    if not isinstance(text, str):
        raise NotationError(f"not a move: {excerpt(text)} is not a string of move notation")
    too_long = size_problem(text, max_size)
    if too_long:
        raise NotationError(f"not a move: {too_long}")
    text = text.strip()
    if text in _WORDS:
        return _WORDS[text]
    if not text.isascii():  # int() would read other digits ("v²" is not v2)
        raise NotationError(f"not a move: {text[:20]!r} (move notation is ASCII)")
    if any(character.isspace() for character in text):
        raise NotationError(
            f"not a move: {text[:20]!r} (no spaces inside a move: write 7r,7g)"
        )
    if text.startswith("up:"):
        return ChooseUp(_cards_of_move(text, text[3:]))
    if text.startswith("swap:"):
        hand_card, slash, up_card = text[5:].partition("/")
        if not slash or "/" in up_card:
            raise NotationError(f"not a move: {excerpt(text)} (a swap is written swap:7r/9g)")
        cards = _cards_of_move(text, f"{hand_card},{up_card}")
        return Swap(cards[0], cards[1])
    if text.startswith("v"):
        digits = text[1:]
        if not (digits.isascii() and digits.isdigit() and len(digits) <= 3):
            raise NotationError(
                f"not a move: {text[:20]!r} (3DOWN position must be a number, like v0)"
            )
        return FlipDown(int(digits))
    if text.startswith("^"):
        return Play(_cards_of_move(text, text[1:]), Source.UP)
    if text[:1].isalpha() and not text.startswith("C"):
        raise NotationError(
            f"not a move: {text[:20]!r} (expected cards such as 7r,7g or ^9g, v0, pick, draw, "
            "take, keep, up:7r,9g,Cb or swap:7r/9g)"
        )
    return Play(_cards_of_move(text, text))


def _cards_of_move(move_text: str, cards_text: str) -> tuple[Card, ...]:
    if cards_text in ("", "-"):
        raise NotationError(f"not a move: {excerpt(move_text)} (no cards named)")
    try:
        return parse_cards(cards_text)
    except NotationError as error:
        raise NotationError(f"not a move: {excerpt(move_text)} ({error})") from None
