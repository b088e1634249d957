"""The state of a game: every card in its place, whose turn it is, what is owed.

A :class:`GameState` is a frozen value. The engine (:func:`~threeup3down.apply`)
makes new states and never changes one, so keeping an old state is undo and
states can be hashed, compared and stored.

>>> from threeup3down import Rules
>>> state = GameState.from_notation("play 1 3g|-|-/8r,9b|-|- - 5b *", Rules(players=2))
>>> state.current_player, state.top_card, state.seats[1].hand
(1, Card.BLUE_5, (Card.RED_8, Card.BLUE_9))
>>> len(state.out_of_game)
80
"""

from __future__ import annotations

import enum

import attrs

from threeup3down.cards import Card
from threeup3down.limits import MAX_INPUT_SIZE
from threeup3down.rules import Rules

__all__ = ["GameState", "Phase", "Seat"]


class Phase(enum.Enum):
    """The part of the game a state is in.

    >>> from threeup3down import new_game, Rules
    >>> new_game(Rules(players=2), seed=1).phase
    <Phase.SETUP: 'setup'>
    """

    SETUP = "setup"
    """Players choose their 3UP cards (S3)."""
    PLAY = "play"
    """Turns are taken (T, P, C, F)."""
    OVER = "over"
    """The game has ended: won (W1), places settled (O1) or stalemated (O10)."""


_OVER = Phase.OVER


class _SeatSlots:
    """The storage of a :class:`Seat`: one slot per field, one for the cached hash.
    The engine fills one directly and then makes it a :class:`Seat`
    (:func:`_make_seat`); attrs reuses these slots and adds none."""

    __slots__ = ("hand", "up", "down", "known", "_hash", "__weakref__")
    hand: tuple[Card, ...]
    up: tuple[Card, ...]
    down: tuple[Card, ...]
    known: tuple[Card, ...]
    _hash: int | None


@attrs.frozen
class Seat(_SeatSlots):
    """One player's cards.

    >>> seat = Seat(hand=(Card.RED_7, Card.BLUE_9), known=(Card.BLUE_9,))
    >>> seat.card_count, seat.known
    (2, (Card.BLUE_9,))
    """

    hand: tuple[Card, ...] = ()
    """The cards in hand, sorted."""
    up: tuple[Card, ...] = ()
    """The 3UP cards, face up, sorted."""
    down: tuple[Card, ...] = ()
    """The 3DOWN cards, face down, in the order they lie (positions 0, 1, 2)."""
    known: tuple[Card, ...] = attrs.field(default=(), metadata={"json": "omit-default"})
    """The cards in this hand that every player knows are there, sorted: cards
    every player saw go in (a picked-up discard pile, T3, F4; a 3UP card taken
    in a same-colour swap, O7) and has not seen leave. Public knowledge, not a
    rule: the card of a failed flip is known to its owner only (F4), and drawn
    cards to nobody else. Always part of :attr:`hand`."""

    def __hash__(self) -> int:
        try:
            cached = self._hash
        except AttributeError:  # made by the constructor or unpickled: not yet hashed
            cached = None
        if cached is None:
            cached = hash((self.hand, self.up, self.down, self.known))
            _set_seat_hash(self, cached)
        return cached

    @property
    def card_count(self) -> int:
        """How many cards the player still holds, in every place."""
        return len(self.hand) + len(self.up) + len(self.down)

    @property
    def is_out(self) -> bool:
        """Whether the player has no cards left (W1)."""
        return not (self.hand or self.up or self.down)


class _StateSlots:
    """The storage of a :class:`GameState`: one slot per field, one for the cached
    hash. The engine fills one directly and then makes it a :class:`GameState`
    (:func:`_make_state`); attrs reuses these slots and adds none."""

    __slots__ = (
        "rules", "phase", "current_player", "seats", "draw_pile", "discard_pile",
        "out_of_game", "owed_plays", "may_draw", "swap_offered", "direction", "turn",
        "finished", "first_player", "pile_swap", "_hash", "__weakref__",
    )
    rules: Rules
    phase: Phase
    current_player: int
    seats: tuple[Seat, ...]
    draw_pile: tuple[Card, ...]
    discard_pile: tuple[Card, ...]
    out_of_game: tuple[Card, ...]
    owed_plays: int
    may_draw: bool
    swap_offered: bool
    direction: int
    turn: int
    finished: tuple[int, ...]
    first_player: int
    pile_swap: tuple[int, ...]
    _hash: int | None


@attrs.frozen(repr=False)
class GameState(_StateSlots):
    """A position: the rules, every card's place, and whose decision it is.

    Build one with :func:`~threeup3down.new_game` or
    :meth:`GameState.from_notation`; advance it with
    :func:`~threeup3down.apply`.

    >>> from threeup3down import Rules, apply, parse_move
    >>> state = GameState.from_notation("play 0 7r,9g|-|-/8b|-|- - 8g *", Rules(players=2))
    >>> state.current_player, state.top_card, state.is_over
    (0, Card.GREEN_8, False)
    >>> apply(state, parse_move("9g")).current_player
    1
    """

    rules: Rules
    """The rules this game is played by."""
    phase: Phase
    """Setup, play, or over."""
    current_player: int
    """The seat to decide now (during setup: the seat choosing its 3UP cards).
    Once the game is over, the seat that moved last."""
    seats: tuple[Seat, ...]
    """Every player's cards, by seat number."""
    draw_pile: tuple[Card, ...]
    """The face-down draw pile; its last card is the top (S4)."""
    discard_pile: tuple[Card, ...]
    """The discard pile; its last card is the top. It only ever holds numbers."""
    out_of_game: tuple[Card, ...]
    """Cards cleared out of the game (C1, C6), sorted: a multiset, so states
    that differ only in the order cards left are one position."""
    owed_plays: int = 0
    """Extra plays the player to move still owes this turn (C2, C3, C5)."""
    may_draw: bool = False
    """Whether the early draw of a Clear +1/+2 is on offer now (C2, C3)."""
    swap_offered: bool = False
    """Whether the player to move is deciding on a same-colour swap (O7)."""
    direction: int = 1
    """+1 while play passes to the next seat (S6), -1 once reversed (O3)."""
    turn: int = 0
    """How many turns have been completed (counted for the turn limit, O10)."""
    finished: tuple[int, ...] = ()
    """Seats that have no cards left, in the order they went out (W1, O1)."""
    first_player: int = 0
    """The seat that opens play once setup is over (S5, O9)."""
    pile_swap: tuple[int, ...] = ()
    """O5: seat *i* receives the 3UP/3DOWN piles of seat ``pile_swap[i]`` when
    setup ends; empty once applied or when O5 is off."""

    def __hash__(self) -> int:
        try:
            cached = self._hash
        except AttributeError:  # made by the constructor or unpickled: not yet hashed
            cached = None
        if cached is None:
            cached = hash(
                (
                    self.rules, self.phase, self.current_player, self.seats, self.draw_pile,
                    self.discard_pile, self.out_of_game, self.owed_plays, self.may_draw,
                    self.swap_offered, self.direction, self.turn, self.finished,
                    self.first_player, self.pile_swap,
                )
            )
            _set_state_hash(self, cached)
        return cached

    @property
    def is_over(self) -> bool:
        """Whether the game has ended; then :func:`~threeup3down.legal_moves` is empty."""
        return self.phase is _OVER

    @property
    def winner(self) -> int | None:
        """The first player to go out (W1), or ``None`` if nobody has (yet)."""
        return self.finished[0] if self.finished else None

    @property
    def places(self) -> tuple[int, ...]:
        """Seats in finishing order so far; with places (O1), every seat once the
        game is decided (a stalemate keeps only the places settled before it)."""
        return self.finished

    @property
    def is_stalemate(self) -> bool:
        """Whether the game ended on the turn limit before it was decided (O10)."""
        settled = self.rules.players if self.rules.places else 1
        return self.phase is Phase.OVER and len(self.finished) < settled

    @property
    def top_card(self) -> Card | None:
        """The top card of the discard pile, or ``None`` when it is empty."""
        return self.discard_pile[-1] if self.discard_pile else None

    def notation(self) -> str:
        """The position in position notation (see :mod:`threeup3down.notation`).

        >>> from threeup3down import Rules
        >>> text = "play 1 3g|-|-/8r,9b|-|- - 5b * owed=1"
        >>> GameState.from_notation(text, Rules(players=2)).notation().split()[:5]
        ['play', '1', '3g|-|-/8r,9b|-|-', '-', '5b']
        """
        from threeup3down.notation import format_position

        return format_position(self)

    @classmethod
    def from_notation(cls, text: str, rules: Rules, *, max_size: int = MAX_INPUT_SIZE) -> GameState:
        """The position written as ``text``, played by ``rules``.

        Raises :class:`~threeup3down.NotationError` if ``text`` is not a valid
        position for these rules, or longer than ``max_size`` characters.

        >>> from threeup3down import Rules
        >>> state = GameState.from_notation("play 0 7r,9g|-|-/8b|-|- - 8g *", Rules(players=2))
        >>> state.seats[0].hand, state.draw_pile
        ((Card.RED_7, Card.GREEN_9), ())
        >>> GameState.from_notation("play 0 7r|-|- - 8g *", Rules(players=2))
        Traceback (most recent call last):
        ...
        threeup3down.errors.NotationError: invalid position: 1 seats for 2 players
        """
        from threeup3down.notation import parse_position

        return parse_position(text, rules, max_size=max_size)

    def __str__(self) -> str:
        return self.notation()

    def __repr__(self) -> str:
        return f"<GameState {self.notation()!r}>"

    def _repr_svg_(self) -> str:
        from threeup3down.svg import state_svg  # the picture of every card, for notebooks

        return state_svg(self)


# The engine's private construction path. attrs' generated ``__init__`` of a
# frozen class stores each field through ``object.__setattr__`` (a call per
# field); these make a plain instance of the slots base (calling the base,
# which has no ``__init__``, costs less than ``object.__new__(base)``), fill it
# with plain attribute stores, then give it its class. Python allows that, as the
# class adds no slots to its base: the result is exactly the value the public
# constructor makes (same type, fields, equality, hash; still frozen), as
# ``tests/test_state_values.py`` checks. Neither class has converters or
# validators to bypass, and the hash is cached in a slot of our own.

_set_seat_hash = _SeatSlots.__dict__["_hash"].__set__  # stores the hash of a frozen seat
_set_state_hash = _StateSlots.__dict__["_hash"].__set__


def _make_seat(
    hand: tuple[Card, ...], up: tuple[Card, ...], down: tuple[Card, ...], known: tuple[Card, ...]
) -> Seat:
    """``Seat(hand, up, down, known)``, built through the slots."""
    seat = _SeatSlots()
    seat.hand = hand
    seat.up = up
    seat.down = down
    seat.known = known
    seat._hash = None
    seat.__class__ = Seat
    return seat  # type: ignore[return-value]  # it is a Seat now


def _make_state(
    rules: Rules,
    phase: Phase,
    current_player: int,
    seats: tuple[Seat, ...],
    draw_pile: tuple[Card, ...],
    discard_pile: tuple[Card, ...],
    out_of_game: tuple[Card, ...],
    owed_plays: int,
    may_draw: bool,
    swap_offered: bool,
    direction: int,
    turn: int,
    finished: tuple[int, ...],
    first_player: int,
    pile_swap: tuple[int, ...],
) -> GameState:
    """``GameState(...)`` with every field given in order, built through the slots."""
    state = _StateSlots()
    state.rules = rules
    state.phase = phase
    state.current_player = current_player
    state.seats = seats
    state.draw_pile = draw_pile
    state.discard_pile = discard_pile
    state.out_of_game = out_of_game
    state.owed_plays = owed_plays
    state.may_draw = may_draw
    state.swap_offered = swap_offered
    state.direction = direction
    state.turn = turn
    state.finished = finished
    state.first_player = first_player
    state.pile_swap = pile_swap
    state._hash = None
    state.__class__ = GameState
    return state  # type: ignore[return-value]  # it is a GameState now
