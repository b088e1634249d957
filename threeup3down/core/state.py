"""The state of a game, and its position notation.

A :class:`GameState` holds every card in its place, whose turn it is and what
is owed. It is a frozen value: the engine (:func:`~threeup3down.apply`) makes
new states and never changes one, so keeping an old state is undo and states
can be hashed, compared and stored.

>>> from threeup3down import Rules
>>> state = GameState.from_notation("play 1 3g|-|-/8r,9b|-|- - 5b *", Rules(players=2))
>>> state.current_player, state.top_card, state.seats[1].hand
(1, Card.BLUE_5, (Card.RED_8, Card.BLUE_9))
>>> len(state.out_of_game)
80

Position notation writes a whole state on one line, like FEN in chess
(:meth:`GameState.notation`, :meth:`GameState.from_notation`,
:func:`format_position`, :func:`parse_position`).

A position is six space-separated fields, then optional ``key=value`` flags::

    play 1 3g|-|-/8r,9b|-|- - 5b *  owed=1

1. the phase: ``setup``, ``play`` or ``over``;
2. the seat to decide (:attr:`~threeup3down.GameState.current_player`);
3. the seats, separated by ``/``: each is ``hand|3UP|3DOWN`` (3DOWN cards in
   the order they lie, so positions count from the left);
4. the draw pile, bottom to top;
5. the discard pile, bottom to top;
6. the out-of-game pile, or ``*`` for "every card of the deck not named
   elsewhere" (handy when writing positions by hand).

Cards are written in card notation, separated by commas; ``-`` is an empty
zone. The flags, each written only when it differs from its default, are
``owed=N`` (extra plays owed), ``draw`` (early draw offered, C2/C3), ``swap``
(same-colour swap offered, O7), ``decline`` (the extra play of a Clear +1 may
be declined, C2), ``dir=-`` (play reversed, O3), ``turn=N``
(turns completed), ``fin=2,0`` (seats out, in order), ``first=N`` (who opens
play after setup), ``perm=1,0`` (the pile swap still to come, O5) and
``known=8r,9b/-`` (per seat, separated by ``/``, the cards of its hand every
player knows are there: :attr:`~threeup3down.Seat.known`).

>>> from threeup3down import Rules
>>> state = parse_position("play 1 3g|-|-/8r,9b|-|- - 5b * owed=1", Rules(players=2))
>>> state.owed_plays, len(state.out_of_game)
(1, 80)
>>> parse_position(format_position(state), state.rules) == state
True
>>> parse_position("play 1 3g|-|-/8r,9b|-|- - 5b * known=-/9b", Rules(players=2)).seats[1].known
(Card.BLUE_9,)
"""

from __future__ import annotations


import attrs

from threeup3down.core._builders import Slotted, builder, replacer
from threeup3down.core.cards import KINDS, Card, format_cards, parse_cards, sort_cards
from threeup3down.core.errors import NotationError
from threeup3down.core.limits import MAX_INPUT_SIZE, size_problem
from threeup3down.core.phase import Phase
from threeup3down.core.rules import Rules, deck_orders
from threeup3down.core.validation import count_by_order, position_problems

__all__ = ["GameState", "Seat", "format_position", "parse_position"]

_OVER = Phase.OVER


@attrs.frozen(cache_hash=True)
class Seat(Slotted):
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

    @property
    def card_count(self) -> int:
        """How many cards the player still holds, in every place."""
        return len(self.hand) + len(self.up) + len(self.down)

    @property
    def is_out(self) -> bool:
        """Whether the player has no cards left (W1)."""
        return not (self.hand or self.up or self.down)


@attrs.frozen(cache_hash=True, repr=False)
class GameState(Slotted):
    """A position: the rules, every card's place, and whose decision it is.

    Build one with :func:`~threeup3down.new_game` or
    :meth:`GameState.from_notation`; advance it with
    :func:`~threeup3down.apply`. As a JSON document it is written by
    :func:`~threeup3down.formats.serialization.to_json` and read by
    ``from_json(text, GameState)``
    (:func:`~threeup3down.formats.serialization.from_json`, typed as a
    ``GameState``).

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
    may_decline: bool = attrs.field(default=False, metadata={"json": "omit-default"})
    """Whether the player to move may decline the extra play of a Clear +1, ending
    the turn (C2, with :attr:`Rules.clear_one_optional
    <threeup3down.Rules.clear_one_optional>`).

    .. versionadded:: 0.5.0"""

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
        return self.phase is Phase.OVER and len(self.finished) < self.rules.places_to_settle

    @property
    def top_card(self) -> Card | None:
        """The top card of the discard pile, or ``None`` when it is empty."""
        return self.discard_pile[-1] if self.discard_pile else None

    def notation(self) -> str:
        """The position in position notation (see :mod:`threeup3down.core.state`).

        >>> from threeup3down import Rules
        >>> text = "play 1 3g|-|-/8r,9b|-|- - 5b * owed=1"
        >>> GameState.from_notation(text, Rules(players=2)).notation().split()[:5]
        ['play', '1', '3g|-|-/8r,9b|-|-', '-', '5b']
        """
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
        threeup3down.core.errors.NotationError: invalid position: 1 seats for 2 players
        """
        return parse_position(text, rules, max_size=max_size)

    def __str__(self) -> str:
        return self.notation()

    def __repr__(self) -> str:
        return f"<GameState {self.notation()!r}>"


make_seat = builder(Seat)
"""``Seat(...)`` for the engine, at a fraction of the cost (built as ``threeup3down.core._builders`` derives)."""
make_state = builder(GameState)
"""``GameState(...)`` for the engine and the deal, at a fraction of the cost."""
replace_state = replacer(GameState)
"""``attrs.evolve(state, ...)`` for the engine, at a fraction of the cost."""


# ------------------------------------------------------------ position notation


def format_position(state: GameState) -> str:
    """``state`` in position notation.

    >>> from threeup3down import new_game, Rules
    >>> format_position(new_game(Rules(players=2), seed=1)).split()[:2]
    ['setup', '0']
    """
    seats = "/".join(
        f"{format_cards(seat.hand)}|{format_cards(seat.up)}|{format_cards(seat.down)}"
        for seat in state.seats
    )
    fields = [
        state.phase.value,
        str(state.current_player),
        seats,
        format_cards(state.draw_pile),
        format_cards(state.discard_pile),
        format_cards(state.out_of_game),
    ]
    if state.owed_plays:
        fields.append(f"owed={state.owed_plays}")
    if state.may_draw:
        fields.append("draw")
    if state.swap_offered:
        fields.append("swap")
    if state.may_decline:
        fields.append("decline")
    if state.direction < 0:
        fields.append("dir=-")
    if state.turn:
        fields.append(f"turn={state.turn}")
    if state.finished:
        fields.append(f"fin={_format_seats(state.finished)}")
    if state.first_player:
        fields.append(f"first={state.first_player}")
    if state.pile_swap:
        fields.append(f"perm={_format_seats(state.pile_swap)}")
    if any(seat.known for seat in state.seats):
        fields.append("known=" + "/".join(format_cards(seat.known) for seat in state.seats))
    return " ".join(fields)


def parse_position(text: str, rules: Rules, *, max_size: int = MAX_INPUT_SIZE) -> GameState:
    """The position written as ``text``, played by ``rules``.

    The position must be one the rules allow: every card of the deck exactly
    once (the out-of-game pile may be ``*``), one seat per player, and no
    pile that should already have cleared. Text longer than ``max_size``
    characters is refused (:mod:`threeup3down.core.limits`); reading takes time
    linear in its length.

    >>> from threeup3down import Rules
    >>> parse_position("play 0 7r|-|-/8b|-|- - 8g,8r,8b *", Rules(players=2))
    Traceback (most recent call last):
    ...
    threeup3down.core.errors.NotationError: invalid position: the discard pile ends in three 8s, which clear it (C4)
    """
    if not isinstance(text, str):
        raise NotationError(f"invalid position: {text!r} is not a string of position notation")
    if not isinstance(rules, Rules):
        raise NotationError(f"invalid position: rules must be a Rules value, not {rules!r}")
    too_long = size_problem(text, max_size)
    if too_long:
        raise NotationError(f"invalid position: {too_long}")
    fields = "/".join(part.strip() for part in text.split("/")).split()  # spaces around / are allowed
    if len(fields) < 6:
        raise NotationError(
            f"invalid position: expected at least 6 fields "
            f"(phase, player, seats, draw pile, discard pile, out of game), got {len(fields)}"
        )
    phase_text, player_text, seats_text, draw_text, discard_text, out_text = fields[:6]
    phase = _PHASES.get(phase_text)
    if phase is None:
        raise NotationError(
            f"invalid position: unknown phase {phase_text!r} (setup, play or over)"
        )
    flags = _parse_flags(fields[6:])
    seats = _with_known(tuple(_parse_seat(seat) for seat in seats_text.split("/")), flags)
    draw_pile = parse_cards(draw_text)
    discard_pile = parse_cards(discard_text)
    placed = [zone for seat in seats for zone in (seat.hand, seat.up, seat.down)]
    placed += (draw_pile, discard_pile)
    out_of_game = _out_of_game(rules, placed, out_text)
    state = GameState(
        rules=rules,
        phase=phase,
        current_player=_int(player_text, "player"),
        seats=seats,
        draw_pile=draw_pile,
        discard_pile=discard_pile,
        out_of_game=out_of_game,
        owed_plays=_int(flags.get("owed", "0"), "owed"),
        may_draw="draw" in flags,
        swap_offered="swap" in flags,
        direction=-1 if flags.get("dir") == "-" else 1,
        turn=_int(flags.get("turn", "0"), "turn"),
        finished=_parse_seat_list(flags.get("fin", "")),
        first_player=_int(flags.get("first", "0"), "first"),
        pile_swap=_parse_seat_list(flags.get("perm", "")),
        may_decline="decline" in flags,
    )
    _check_position(state)
    return state


def _parse_seat(text: str) -> Seat:
    zones = text.split("|")
    if len(zones) != 3:
        raise NotationError(f"invalid position: seat {text!r} is not hand|3UP|3DOWN")
    hand, up, down = zones
    return Seat(hand=sort_cards(parse_cards(hand)), up=sort_cards(parse_cards(up)), down=parse_cards(down))


def _with_known(seats: tuple[Seat, ...], flags: dict[str, str]) -> tuple[Seat, ...]:
    """The seats with the public knowledge of their hands that ``known=`` gives."""
    if "known" not in flags:
        return seats
    zones = flags["known"].split("/")
    if len(zones) != len(seats):
        raise NotationError(
            f"invalid position: known= names {len(zones)} seats, the position has {len(seats)}"
        )
    return tuple(
        Seat(hand=seat.hand, up=seat.up, down=seat.down, known=sort_cards(parse_cards(zone)))
        for seat, zone in zip(seats, zones)
    )


_PHASES = {phase.value: phase for phase in Phase}

_FLAGS = {"owed", "draw", "swap", "decline", "dir", "turn", "fin", "first", "perm", "known"}


def _parse_flags(tokens: list[str]) -> dict[str, str]:
    flags: dict[str, str] = {}
    for token in tokens:
        key, _, value = token.partition("=")
        if key not in _FLAGS:
            raise NotationError(f"invalid position: unknown flag {token!r}")
        if key in flags:
            raise NotationError(f"invalid position: flag {key!r} is given twice")
        flags[key] = value
    if flags.get("dir", "-") != "-":
        raise NotationError(f"invalid position: dir={flags['dir']} (only dir=- is written)")
    return flags


def _int(text: str, name: str) -> int:
    if not text.isascii() or not text.isdigit():
        raise NotationError(f"invalid position: {name} must be a whole number, not {text!r}")
    try:
        return int(text)
    except ValueError:  # more digits than int() converts
        raise NotationError(f"invalid position: {name} {text[:20]}... is too large") from None


def _parse_seat_list(text: str) -> tuple[int, ...]:
    return tuple(_int(part, "seat") for part in text.split(",")) if text else ()


def _format_seats(seats: tuple[int, ...]) -> str:
    return ",".join(map(str, seats))


def _out_of_game(rules: Rules, placed: list[tuple[Card, ...]], out_text: str) -> tuple[Card, ...]:
    """The out-of-game pile, ``*`` for the rest of the deck; either way every card
    of the deck must be placed once (D1)."""
    deck = deck_orders(rules)
    counts = count_by_order(placed)
    extra: list[Card] = []
    rest: list[Card] = []
    for card in KINDS:
        left = deck[card.order] - counts[card.order]
        if left:
            (rest if left > 0 else extra).extend((card,) * abs(left))
    if extra:
        raise NotationError(f"invalid position: more cards than the deck holds: {format_cards(extra)}")
    if out_text == "*":
        return tuple(rest)
    out_of_game = sort_cards(parse_cards(out_text))
    if list(out_of_game) != rest:
        raise NotationError(
            f"invalid position: the out-of-game pile must hold the rest of the deck, "
            f"{format_cards(rest)}, not {format_cards(out_of_game)}"
        )
    return out_of_game


def _check_position(state: GameState) -> None:
    """Refuse positions the rules can never reach, which the engine need not handle."""
    problems = position_problems(state)
    if problems:
        raise NotationError(f"invalid position: {'; '.join(problems)}")
