"""The rules configuration: table size, deck and every optional rule.

A :class:`Rules` value is frozen and checked when it is made: values that are
impossible, or options that do not combine, raise :class:`RulesError` naming
the fields at fault.

>>> Rules().players, len(Rules().deck_cards()), RULES_VERSION
(4, 84, '1.2')
>>> Rules(players=8, decks=2).deck_cards().count(Card.GREEN_CLEAR_PLUS_2)
2
>>> Rules(players=5, omitted_colours=frozenset({Colour.BLUE}))
Traceback (most recent call last):
...
threeup3down.core.errors.RulesError: omitted_colours, players: leaving colours out (O8) is for 2-4 players, not 5
"""

from __future__ import annotations

import enum
import types
import typing
import weakref
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import TypeVar

import attrs

from threeup3down.core.cards import ORDERS, Card, Colour, Rank, literal_deck, sort_cards, standard_deck
from threeup3down.core.errors import RulesError
from threeup3down.core.limits import MAX_TURN_LIMIT

__all__ = [
    "CARDS_PER_PLAYER",
    "CARDS_TO_CHOOSE",
    "DOWN_CARDS",
    "HAND_SIZE",
    "MAX_PLAYERS",
    "RULES_VERSION",
    "UP_CARDS",
    "ClearTwoDraw",
    "Deck",
    "EarlyDraw",
    "FirstPlayer",
    "PileSwapSeats",
    "Rules",
    "ScoreScope",
    "deck_orders",
    "is_derangement",
    "is_pile_swap",
]

RULES_VERSION = "1.2"
"""The version of the rules specification the engine implements.

It changes when how the game is played changes, independently of the package
version; the rules page lists its history.

.. versionadded:: 0.2.0
"""

DOWN_CARDS = 3
"""S2: each player is dealt three 3DOWN cards."""
CARDS_TO_CHOOSE = 6
"""S3: then six more, of which three become 3UP cards."""
UP_CARDS = 3
"""S3: how many of those six a player (or, with O6, the player before) puts face up."""
HAND_SIZE = 3
"""T4: a player draws until they hold three cards; S3 leaves three in hand too."""
CARDS_PER_PLAYER = DOWN_CARDS + CARDS_TO_CHOOSE
"""Cards a player is dealt (S2, S3)."""
MAX_PLAYERS = 12
"""The largest table: twelve players with two decks (O11)."""


class Deck(enum.Enum):
    """Which printed deck the game uses (D1).

    >>> len(Rules(deck=Deck.LITERAL).deck_cards())
    74
    """

    STANDARD = "standard"
    """The 84-card deck: 70 numbered, 7 Clear, 6 Clear +1, 1 Clear +2 (default)."""
    LITERAL = "literal"
    """The 74-card deck the GR rules page describes, taken literally."""

    def cards(self) -> tuple[Card, ...]:
        """The deck's cards, sorted.

        >>> len(Deck.LITERAL.cards())
        74
        """
        return standard_deck() if self is Deck.STANDARD else literal_deck()


class FirstPlayer(enum.Enum):
    """How the first player is chosen (S5, O9).

    >>> from threeup3down import new_game
    >>> rules = Rules(players=3, first_player=FirstPlayer.DEALERS_LEFT, dealer=2)
    >>> new_game(rules, seed=1).first_player
    0
    """

    SEAT = "seat"
    """The seat :attr:`Rules.first_seat` plays first (default, seat 0)."""
    DEALERS_LEFT = "dealers-left"
    """The seat after the dealer, :attr:`Rules.dealer`, plays first."""
    RANDOM = "random"
    """A seat drawn from the game's seed plays first."""


class ClearTwoDraw(enum.Enum):
    """When a player who played a Clear +2 may draw early (C3).

    >>> Rules().clear_two_draw
    <ClearTwoDraw.FIRST: 'first'>
    """

    FIRST = "first"
    """Only before the first of the two extra plays (GR; default)."""
    EACH = "each"
    """Before each extra play (GH)."""


class EarlyDraw(enum.Enum):
    """How much the early draw of a Clear +1 or Clear +2 takes (C2).

    >>> Rules().early_draw
    <EarlyDraw.REFILL: 'refill'>
    """

    REFILL = "refill"
    """Refill the hand to three, as the end-of-turn draw does (T4; default)."""
    ONE = "one"
    """One card, whatever the hand holds (GH: "can choose to draw a card")."""


class ScoreScope(enum.Enum):
    """Which of a player's cards count against them when a game is scored (O4).

    >>> Rules(score_scope=ScoreScope.ALL).score_scope.value
    'all'
    """

    HAND = "hand"
    """Only the cards in hand (default, as written)."""
    ALL = "all"
    """Hand, 3UP and 3DOWN cards."""


class PileSwapSeats(enum.Enum):
    """Which seats the pile swap moves (O5).

    >>> Rules().pile_swap_seats
    <PileSwapSeats.EVERY: 'every'>
    """

    EVERY = "every"
    """Every seat gets another seat's piles (default)."""
    SOME = "some"
    """Two or more seats, chosen at random, swap among themselves; the others
    keep their own (GH: "choose players at random to swap their piles")."""


K = TypeVar("K")


class _Counts(dict[K, int]):
    """Counts by key, 0 for a key not counted; compared as plain dicts are (in C,
    unlike a :class:`~collections.Counter`, whose equality is written in Python)."""

    def __missing__(self, key: K) -> int:
        return 0


def is_derangement(order: Sequence[int]) -> bool:
    """O5: whether seat *i* receiving the piles of seat ``order[i]`` gives every
    seat another seat's piles (a permutation of the seats that keeps none).

    >>> is_derangement((1, 2, 0)), is_derangement((1, 0, 2)), is_derangement((1, 1, 0))
    (True, False, False)
    """
    return sorted(order) == list(range(len(order))) and all(
        seat != source for seat, source in enumerate(order)
    )


def is_pile_swap(order: Sequence[int], seats: PileSwapSeats) -> bool:
    """O5: whether seat *i* receiving the piles of seat ``order[i]`` is a pile swap
    that moves ``seats``: with :attr:`PileSwapSeats.EVERY` a derangement, with
    :attr:`PileSwapSeats.SOME` any permutation of the seats that moves two or more.

    >>> is_pile_swap((1, 0, 2), PileSwapSeats.EVERY), is_pile_swap((1, 0, 2), PileSwapSeats.SOME)
    (False, True)
    >>> is_pile_swap((0, 1, 2), PileSwapSeats.SOME), is_pile_swap((0, 0, 2), PileSwapSeats.SOME)
    (False, False)

    .. versionadded:: 0.5.0
    """
    if seats is PileSwapSeats.EVERY:
        return is_derangement(order)
    return sorted(order) == list(range(len(order))) and any(
        seat != source for seat, source in enumerate(order)
    )


def _custom_cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    cards = tuple(cards)
    if not all(isinstance(card, Card) for card in cards):
        raise RulesError("custom cards must be Card values", fields=("custom_cards",))
    return sort_cards(cards)


def _colours(colours: Iterable[Colour]) -> frozenset[Colour]:
    error = RulesError("must be a set of Colour values", fields=("omitted_colours",))
    try:
        chosen = frozenset(colours)
    except TypeError:
        raise error from None
    if not all(isinstance(colour, Colour) for colour in chosen):
        raise error
    return chosen


@attrs.frozen(cache_hash=True)
class Rules:
    """Everything a table agrees on before the deal.

    The defaults are the base game for four players. Every optional rule of
    section O is a field, off by default except the turn limit (O10), which
    guarantees every game ends.

    >>> Rules(players=3, reverse_on_one=True).reverse_on_one
    True
    >>> Rules(players=7)
    Traceback (most recent call last):
    ...
    threeup3down.core.errors.RulesError: players, decks: 7 players need two decks (S1, O11: one deck seats 2-6)
    """

    players: int = 4
    """How many players sit at the table (S1: 2–6; O11: 7–12 with two decks;
    with :attr:`custom_cards`, 2–12 if the cards deal nine to each)."""
    deck: Deck = Deck.STANDARD
    """The printed deck (D1)."""
    custom_cards: tuple[Card, ...] | None = attrs.field(
        default=None, converter=attrs.converters.optional(_custom_cards)
    )
    """Any multiset of cards to play with instead of :attr:`deck` (D1; small games, tests)."""
    decks: int = 1
    """How many copies of the deck are shuffled together (O11: 2 for 7–12 players)."""
    omitted_colours: frozenset[Colour] = attrs.field(default=frozenset(), converter=_colours)
    """Colours whose cards are left out of the deck (O8: shorter game, 2–4 players)."""
    first_player: FirstPlayer = FirstPlayer.SEAT
    """How the first player is chosen (S5, O9)."""
    first_seat: int = 0
    """The seat that plays first with :attr:`FirstPlayer.SEAT` (S5, O9)."""
    dealer: int = 0
    """The dealer's seat, for :attr:`FirstPlayer.DEALERS_LEFT` (O9)."""
    clear_two_draw: ClearTwoDraw = ClearTwoDraw.FIRST
    """When the early draw of a Clear +2 is offered (C3)."""
    early_draw: EarlyDraw = EarlyDraw.REFILL
    """How much the early draw of a Clear +1/+2 takes (C2)."""
    clear_ends_turn: bool = False
    """C1, C4, C5: a Clear or three of a kind ends the turn even when extra plays are
    still owed (GH's literal reading)."""
    clear_one_optional: bool = attrs.field(default=False, metadata={"json": "omit-default"})
    """C2: the extra play of a Clear +1 may be declined, which ends the turn (GR: the
    Clear +1 "allows" the same player to discard again).

    .. versionadded:: 0.5.0"""
    places: bool = False
    """O1: after the winner, play on to settle every place."""
    draw_instead: bool = False
    """O2: a player who could play may take one card from the draw pile instead."""
    reverse_on_one: bool = False
    """O3: a play containing a 1 reverses the direction of play."""
    reverse_each_one: bool = False
    """O3, with :attr:`reverse_on_one`: every 1 of a play reverses the direction, so
    two 1s played together change nothing."""
    score_scope: ScoreScope = ScoreScope.HAND
    """O4: which cards are scored at the end of a game."""
    pile_swap: bool = False
    """O5: after setup, the 3UP/3DOWN piles change owners at random."""
    pile_swap_seats: PileSwapSeats = attrs.field(default=PileSwapSeats.EVERY, metadata={"json": "omit-default"})
    """O5, with :attr:`pile_swap`: whether every seat's piles move, or those of two
    or more seats chosen at random.

    .. versionadded:: 0.5.0"""
    chosen_faces: bool = False
    """O6: each player chooses the 3UP cards of the next player."""
    same_colour_swap: bool = False
    """O7: four cards of one colour on top of the pile offer a hand/3UP swap."""
    colour_run_in_play: bool = attrs.field(default=False, metadata={"json": "omit-default"})
    """O7, with :attr:`same_colour_swap`: a run of four cards of one colour counts
    when any card of a multiple completes it, not only when the four lie on top
    once the whole play is laid.

    .. versionadded:: 0.5.0"""
    turn_limit: int | None = 1000
    """O10: after this many turns (at most a million) an unfinished game ends as a stalemate; ``None`` for none."""

    def __attrs_post_init__(self) -> None:
        _check_table(self)

    @property
    def colour_matters(self) -> bool:
        """Whether any active rule looks at colours (only O7 does)."""
        return self.same_colour_swap

    def deck_cards(self) -> tuple[Card, ...]:
        """Every card in play, sorted: the deck (or custom cards) times :attr:`decks`,
        less the :attr:`omitted_colours`.

        >>> len(Rules(players=2, omitted_colours=frozenset({Colour.RED})).deck_cards())
        56
        """
        return _deck_of(self).cards

    @property
    def deck_counts(self) -> Mapping[Card, int]:
        """How many copies of each card the deck holds (D1): :meth:`deck_cards`
        counted, 0 for a card it lacks. Worked out once per rules.

        .. versionadded:: 0.4.0

        >>> counts = Rules().deck_counts
        >>> counts[Card.GREEN_1], counts[Card.GREEN_CLEAR_PLUS_2], counts[Card.RED_CLEAR_PLUS_2]
        (2, 1, 0)
        """
        return _deck_of(self).counts

    @property
    def rank_counts(self) -> Mapping[Rank, int]:
        """How many cards of each rank the deck holds, whatever their colour (D1).

        .. versionadded:: 0.4.0

        >>> Rules().rank_counts[Rank.SEVEN], Rules(players=2, omitted_colours=frozenset({Colour.RED})).rank_counts[Rank.SEVEN]
        (7, 4)
        """
        return _deck_of(self).rank_counts

    @property
    def places_to_settle(self) -> int:
        """How many seats a decided game ranks (W1, O1): every seat with places,
        else the winner alone.

        .. versionadded:: 0.4.0

        >>> Rules(players=5).places_to_settle, Rules(players=5, places=True).places_to_settle
        (1, 5)
        """
        return self.players if self.places else 1

    def up_receiver(self, seat: int) -> int:
        """The seat whose 3UP cards ``seat`` chooses during setup: its own (S3), or
        with chosen faces (O6) the next seat's.

        .. versionadded:: 0.4.0

        >>> Rules(players=3).up_receiver(2), Rules(players=3, chosen_faces=True).up_receiver(2)
        (2, 0)
        """
        return (seat + 1) % self.players if self.chosen_faces else seat


@attrs.frozen
class _Deck:
    """What the rules' deck is: its cards, sorted, and their counts by card, by
    rank, and by the cards' order (:attr:`Card.order`)."""

    cards: tuple[Card, ...]
    counts: Mapping[Card, int]
    rank_counts: Mapping[Rank, int]
    orders: tuple[int, ...]


_DECKS: dict[int, tuple[weakref.ref[Rules], _Deck]] = {}
"""The deck of each rules value alive, worked out once, by the value's ``id``:
its entry goes when the rules do (a weak reference's callback), so no input
fills it. Looked up by identity, which costs far less than by equality (a
weak dictionary compares keys field by field). Not a cached property: attrs
makes those with a ``__getattr__`` hook, which would slow every read of a
field of the rules."""


def _cards_in_play(rules: Rules) -> Iterator[Card]:
    """D1, O8, O11: the cards of the deck (or the custom cards), times the decks,
    less the colours left out."""
    base = rules.custom_cards if rules.custom_cards is not None else rules.deck.cards()
    return (card for card in base * rules.decks if card.colour not in rules.omitted_colours)


def _deck_of(rules: Rules) -> _Deck:
    key = id(rules)
    entry = _DECKS.get(key)
    if entry is not None and entry[0]() is rules:
        return entry[1]
    cards = sort_cards(_cards_in_play(rules))
    counts = Counter(cards)
    deck = _Deck(
        cards=cards,
        counts=types.MappingProxyType(_Counts(counts)),
        rank_counts=types.MappingProxyType(_Counts(Counter(card.rank for card in cards))),
        orders=tuple(sum(counts[card] for card in Card if card.order == order) for order in range(ORDERS)),
    )
    _DECKS[key] = (weakref.ref(rules, lambda _: _DECKS.pop(key, None)), deck)
    return deck


def deck_orders(rules: Rules) -> tuple[int, ...]:
    """:attr:`Rules.deck_counts` by the cards' order (:attr:`Card.order`), the
    shape in which positions are counted when they are checked (D1).

    >>> orders = deck_orders(Rules())
    >>> len(orders) == ORDERS, orders[Card.GREEN_1.order], sum(orders)
    (True, 2, 84)
    """
    return _deck_of(rules).orders


def _check_types(rules: Rules) -> None:
    """Refuse values of the wrong type, naming the field."""
    for field in attrs.fields(Rules):
        value = getattr(rules, field.name)
        expected, optional = _FIELD_TYPES[field.name]
        if value is None and optional:
            continue
        if not isinstance(value, expected) or (expected is int and isinstance(value, bool)):
            raise RulesError(
                f"{value!r} is not of type {expected.__name__}", fields=(field.name,)
            )


def _value_type(hint: object) -> tuple[type, bool]:
    """The class of a field's values, from its type hint, and whether ``None`` is one too.

    A generic hint gives its container (the converters check the members).

    >>> _value_type(int | None), _value_type(frozenset[Colour])
    ((<class 'int'>, True), (<class 'frozenset'>, False))
    """
    members = typing.get_args(hint) if isinstance(hint, types.UnionType) else (hint,)
    (kind,) = (typing.get_origin(member) or member for member in members if member is not types.NoneType)
    return kind, types.NoneType in members


_FIELD_TYPES: dict[str, tuple[type, bool]] = {
    name: _value_type(hint) for name, hint in typing.get_type_hints(Rules).items()
}
"""Each field's value class and whether it may be ``None``, from the class's type hints."""


def _shown(number: int) -> str:
    """``number`` written for a message, or how large it is if it has too many digits
    to write (``str`` refuses an ``int`` over 4,300 digits).

    >>> _shown(-3), _shown(10**5000)
    ('-3', 'a number of over 20 digits')
    """
    return str(number) if abs(number) < 10**20 else "a number of over 20 digits"


def _check_table(rules: Rules) -> None:
    """Refuse a table that cannot be dealt or options that do not combine."""
    _check_types(rules)
    if rules.players < 2:
        raise RulesError(f"a table needs at least 2 players, not {_shown(rules.players)} (S1)", fields=("players",))
    if rules.turn_limit is not None and not 1 <= rules.turn_limit <= MAX_TURN_LIMIT:
        raise RulesError(
            f"a turn limit is 1 to {MAX_TURN_LIMIT:,} turns, not {_shown(rules.turn_limit)} (O10)",
            fields=("turn_limit",),
        )
    if rules.players > MAX_PLAYERS:
        raise RulesError(
            f"{_shown(rules.players)} players is too many (O11: at most {MAX_PLAYERS})", fields=("players",)
        )
    if rules.decks not in (1, 2):
        raise RulesError(f"{_shown(rules.decks)} decks: one or two are used (O11)", fields=("decks",))
    if rules.decks == 1 and rules.players > 6 and rules.custom_cards is None:
        raise RulesError(
            f"{rules.players} players need two decks (S1, O11: one deck seats 2-6)",
            fields=("players", "decks"),
        )
    if rules.decks == 2 and not 7 <= rules.players <= 12:
        raise RulesError(
            f"two decks are for 7-12 players, not {rules.players} (O11)",
            fields=("decks", "players"),
        )
    if rules.omitted_colours:
        if not 2 <= rules.players <= 4:
            raise RulesError(
                f"leaving colours out (O8) is for 2-4 players, not {rules.players}",
                fields=("omitted_colours", "players"),
            )
        if len(rules.omitted_colours) > 2:
            raise RulesError(
                "at most two colours may be left out (O8)", fields=("omitted_colours",)
            )
    if rules.reverse_each_one and not rules.reverse_on_one:
        raise RulesError(
            "reverse_each_one counts the 1s of reverse_on_one (O3), which is off",
            fields=("reverse_each_one", "reverse_on_one"),
        )
    if rules.pile_swap_seats is not PileSwapSeats.EVERY and not rules.pile_swap:
        raise RulesError(
            "pile_swap_seats chooses the seats of pile_swap (O5), which is off",
            fields=("pile_swap_seats", "pile_swap"),
        )
    if rules.colour_run_in_play and not rules.same_colour_swap:
        raise RulesError(
            "colour_run_in_play finds the runs of same_colour_swap (O7), which is off",
            fields=("colour_run_in_play", "same_colour_swap"),
        )
    for name in ("first_seat", "dealer"):
        seat = getattr(rules, name)
        if not 0 <= seat < rules.players:
            raise RulesError(
                f"seat {_shown(seat)} is not at a table of {rules.players}", fields=(name,)
            )
    size = sum(1 for _ in _cards_in_play(rules))  # the rules cannot be hashed yet
    if size < CARDS_PER_PLAYER * rules.players:
        raise RulesError(
            f"{size} cards cannot deal {CARDS_PER_PLAYER} to each of {rules.players} players (S2, S3)",
            fields=("players", "deck", "custom_cards", "decks", "omitted_colours"),
        )
