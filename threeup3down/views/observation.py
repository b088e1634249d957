"""Observations: what one seat may know of a game (S2, S3, F3, F4).

A :class:`GameState` holds every card, face-down ones included. A front end,
a network client or a bot that must not peek holds an :class:`Observation`
instead: the game as one seat sees it.

A seat sees its own hand, every 3UP card, the discard pile, the out-of-game
pile, and how many cards lie in every other place. It never sees another
seat's hand, any 3DOWN card (its own included, S2, F3), the order of the draw
pile, or the pile swap still to come (O5). During setup it does not see a
3UP choice made by another seat before every seat has chosen (S3): it sees
only the 3UP cards it chose itself, which with chosen faces (O6) lie on the
next seat's 3DOWN cards.

What every player remembers is part of the observation too: for each seat,
the cards every player saw go into its hand and has not seen leave
(:attr:`SeatView.known`, kept in the state as
:attr:`~threeup3down.Seat.known`). A picked-up discard pile is known (T3,
F4), and so is a 3UP card taken into the hand in a same-colour swap (O7);
the card of a failed flip is known to its owner only (F4), and drawn cards
to nobody else. Everything else a seat saw earlier is history, which events
carry (:mod:`threeup3down.views.events`).

>>> from threeup3down import GameState, Rules
>>> state = GameState.from_notation(
...     "play 0 5b,8g,9r|2b,3b,4b|5g,6g,8b/7r|1r,1g,Cr|2g,2r,3g 10r 7g *", Rules(players=2))
>>> view = observe(state, 1)
>>> view.hand, view.seats[0].hand_size, view.seats[0].up, view.seats[0].down_size
((Card.RED_7,), 3, (Card.BLUE_2, Card.BLUE_3, Card.BLUE_4), 3)
>>> view.draw_pile_size, view.top_card, view.is_to_move
(1, Card.GREEN_7, False)
>>> from threeup3down import apply, parse_move
>>> after = apply(GameState.from_notation(
...     "play 0 3b,8g|-|-/7r|-|- 10r 2r,9r *", Rules(players=2)), parse_move("pick"))
>>> observe(after, 1).seats[0].known  # seat 1 saw seat 0 pick up the 2r and 9r
(Card.RED_2, Card.RED_9)

The player to move can list and check its moves from its observation alone
(:meth:`Observation.legal_moves`, :meth:`Observation.is_legal`), and a
search bot can deal the unseen cards at random (:func:`sample_state`).
"""

from __future__ import annotations

import random
import warnings
from collections import Counter
from collections.abc import Iterator

import attrs

from threeup3down.core.cards import Card, format_cards, sort_cards, sort_key
from threeup3down.core.deal import random_pile_swap
from threeup3down.core.engine import is_legal, legal_moves_seen
from threeup3down.core.errors import ThreeUpError
from threeup3down.core.memos import Memo, weigh
from threeup3down.core.moves import Move
from threeup3down.core.rules import Rules
from threeup3down.core.phase import Phase
from threeup3down.core.state import GameState, Seat

__all__ = ["Observation", "SeatView", "observe", "sample_state", "shows_up_cards", "up_receiver"]


@attrs.frozen
class SeatView:
    """One seat's cards as an observer sees them: counts, and the 3UP cards.

    >>> view = SeatView(hand_size=3, up=(Card.RED_7,), up_size=1, down_size=3, known=(Card.RED_2,))
    >>> view.card_count, view.is_out, view.known
    (7, False, (Card.RED_2,))
    """

    hand_size: int
    """How many cards the seat holds in hand."""
    up: tuple[Card, ...]
    """The seat's 3UP cards, sorted; empty while they are hidden (setup, S3)."""
    up_size: int
    """How many 3UP cards the seat has, seen or not. It equals ``len(up)``
    except during setup, for 3UP cards another seat chose (S3)."""
    down_size: int
    """How many 3DOWN cards the seat has (their faces are hidden from all, S2)."""
    known: tuple[Card, ...] = attrs.field(default=(), metadata={"json": "omit-default"})
    """The cards in this seat's hand that every player knows are there, sorted:
    seen going in (a picked-up pile, a 3UP card swapped into the hand) and not
    seen leaving (see :attr:`threeup3down.Seat.known`). The rest of the hand,
    ``hand_size - len(known)`` cards, is unknown to the other seats."""

    @property
    def card_count(self) -> int:
        """How many cards the seat still holds, in every place."""
        return self.hand_size + self.up_size + self.down_size

    @property
    def is_out(self) -> bool:
        """Whether the seat has no cards left (W1)."""
        return self.card_count == 0


@attrs.frozen(repr=False)
class Observation:
    """A game as the seat ``player`` sees it; make one with :func:`observe`.

    The fields mirror :class:`~threeup3down.GameState`, with every hidden
    card replaced by a count. As a JSON document it is written by
    :func:`~threeup3down.formats.serialization.to_json` and read by
    ``from_json(text, Observation)``
    (:func:`~threeup3down.formats.serialization.from_json`, typed as an
    ``Observation``).

    >>> from threeup3down import Rules, new_game
    >>> view = observe(new_game(Rules(players=3), seed=4), 2)
    >>> view.player, view.phase.value, len(view.hand), view.draw_pile_size
    (2, 'setup', 6, 57)

    Its ``repr`` is one line: the observing seat, the phase, who decides and
    the observer's own hand (the fields hold the rest):

    >>> from threeup3down import GameState
    >>> observe(GameState.from_notation("play 0 7r,9g|-|-/8b|-|- - 8g *", Rules(players=2)), 1)
    <Observation by seat 1: play, turn 1, player 0 to move, hand 8b>
    """

    rules: Rules
    """The rules the game is played by."""
    player: int
    """The observing seat."""
    phase: Phase
    """Setup, play, or over."""
    current_player: int
    """The seat to decide now (see :attr:`GameState.current_player`)."""
    hand: tuple[Card, ...]
    """The observer's own hand, sorted."""
    seats: tuple[SeatView, ...]
    """Every seat as the observer sees it, by seat number (the observer's own included)."""
    draw_pile_size: int
    """How many cards are left in the draw pile; their order is hidden (S4)."""
    discard_pile: tuple[Card, ...]
    """The discard pile, face up; its last card is the top."""
    out_of_game: tuple[Card, ...]
    """The cards cleared out of the game (C1, C6)."""
    owed_plays: int
    """Extra plays the player to move still owes this turn (C2, C3, C5)."""
    may_draw: bool
    """Whether the early draw of a Clear +1/+2 is on offer now (C2, C3)."""
    swap_offered: bool
    """Whether the player to move is deciding on a same-colour swap (O7)."""
    direction: int
    """+1 while play passes to the next seat (S6), -1 once reversed (O3)."""
    turn: int
    """How many turns have been completed (O10)."""
    finished: tuple[int, ...]
    """Seats that have no cards left, in the order they went out (W1, O1)."""
    first_player: int
    """The seat that opens play once setup is over (S5, O9)."""
    pile_swap_pending: bool
    """Whether the 3UP/3DOWN piles are still to change owners when setup ends
    (O5); where each pile goes is hidden."""
    may_decline: bool = attrs.field(default=False, metadata={"json": "omit-default"})
    """Whether the player to move may decline the extra play of a Clear +1 (C2,
    :attr:`Rules.clear_one_optional <threeup3down.Rules.clear_one_optional>`).

    .. versionadded:: 0.5.0"""

    def __repr__(self) -> str:
        if self.phase is _OVER:
            decides = "stalemate" if self.winner is None else f"player {self.winner} won"
        elif self.phase is _SETUP:
            decides = f"player {self.current_player} to choose 3UP cards"
        else:
            decides = f"turn {self.turn + 1}, player {self.current_player} to move"
        return (
            f"<Observation by seat {self.player}: {self.phase.value}, {decides}, "
            f"hand {format_cards(self.hand)}>"
        )

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.phase is Phase.OVER

    @property
    def is_to_move(self) -> bool:
        """Whether the observer is the seat to decide now."""
        return self.phase is not Phase.OVER and self.current_player == self.player

    @property
    def winner(self) -> int | None:
        """The first player to go out (W1), or ``None`` if nobody has (yet)."""
        return self.finished[0] if self.finished else None

    @property
    def places(self) -> tuple[int, ...]:
        """Seats in finishing order so far (see :attr:`GameState.places`)."""
        return self.finished

    @property
    def is_stalemate(self) -> bool:
        """Whether the game ended on the turn limit before it was decided (O10)."""
        return _stand_in(self).is_stalemate

    @property
    def top_card(self) -> Card | None:
        """The top card of the discard pile, or ``None`` when it is empty."""
        return self.discard_pile[-1] if self.discard_pile else None

    def legal_moves(self) -> tuple[Move, ...]:
        """The observer's legal moves: :func:`~threeup3down.legal_moves` of the
        real state when the observer is to move, else none.

        The rules never let a hidden card decide which moves the player to
        move may make: that depends only on their own hand and 3UP cards, how
        many 3DOWN cards they have, how many cards the draw pile holds, the
        discard pile, the owed plays and the offers (C2, O7), all of which the
        observation shows. So the engine lists them from those
        (:func:`~threeup3down.core.engine.legal_moves_seen`, which
        :func:`~threeup3down.legal_moves` calls too); no rule is written twice.

        >>> from threeup3down import GameState, Rules
        >>> state = GameState.from_notation("play 0 4g,7g,7r,Cb|-|-/9b|-|- - 5r *", Rules(players=2))
        >>> [str(move) for move in observe(state, 0).legal_moves()]
        ['7g', '7g,7r', 'Cb']
        >>> observe(state, 1).legal_moves()
        ()
        """
        if self.phase is _OVER or self.current_player != self.player:
            return ()
        view = self.seats[self.player]
        return legal_moves_seen(
            self.rules, self.phase, self.hand, view.up, view.down_size, self.draw_pile_size,
            self.discard_pile, self.owed_plays, self.may_draw, self.swap_offered, self.may_decline,
        )

    def is_legal(self, move: Move) -> bool:
        """Whether the engine would accept ``move`` from the observer now: it is
        applied to a state the observation shows, the unseen cards dealt in card
        order (no hidden card decides whether a move is legal).

        >>> from threeup3down import GameState, Rules, parse_move
        >>> state = GameState.from_notation("play 0 7r,9g|-|-/8b|-|- - 8g *", Rules(players=2))
        >>> view = observe(state, 0)
        >>> view.is_legal(parse_move("9g")), view.is_legal(parse_move("7r"))
        (True, False)
        """
        return self.is_to_move and is_legal(_stand_in(self), move)


def observe(state: GameState, player: int) -> Observation:
    """What seat ``player`` may know of ``state``.

    Two states that differ only in cards hidden from ``player`` (or in the
    order of the draw pile, or in the pile swap to come) give equal
    observations.

    >>> from threeup3down import GameState, Rules
    >>> state = GameState.from_notation("play 1 3g|-|9r/8r,9b|-|- - 5b *", Rules(players=2))
    >>> view = observe(state, 0)
    >>> view.hand, [seat.hand_size for seat in view.seats], view.seats[0].down_size
    ((Card.GREEN_3,), [1, 2], 1)
    >>> observe(state, 2)
    Traceback (most recent call last):
    ...
    threeup3down.core.errors.ThreeUpError: seat 2 is not at a table of 2 players
    >>> observe(state, "0")
    Traceback (most recent call last):
    ...
    threeup3down.core.errors.ThreeUpError: seat '0' is not a seat number: expected an int from 0 to 1, not a str
    """
    if not isinstance(state, GameState):
        raise ThreeUpError(
            f"observe needs a GameState, not {type_name(state)}"
            + (" (it is already an observation)" if isinstance(state, Observation) else "")
        )
    check_seat(player, state.rules.players)
    if state.phase is _SETUP:
        seats = tuple(
            _view(seat) if shows_up_cards(state, player, number) else _hidden_up_view(seat)
            for number, seat in enumerate(state.seats)
        )
    else:
        seats = tuple([_view(seat) for seat in state.seats])
    return Observation(
        rules=state.rules,
        player=player,
        phase=state.phase,
        current_player=state.current_player,
        hand=state.seats[player].hand,
        seats=seats,
        draw_pile_size=len(state.draw_pile),
        discard_pile=state.discard_pile,
        out_of_game=state.out_of_game,
        owed_plays=state.owed_plays,
        may_draw=state.may_draw,
        swap_offered=state.swap_offered,
        direction=state.direction,
        turn=state.turn,
        finished=state.finished,
        first_player=state.first_player,
        pile_swap_pending=bool(state.pile_swap),
        may_decline=state.may_decline,
    )


def shows_up_cards(state: GameState, player: int, number: int) -> bool:
    """Whether seat ``player`` sees the 3UP cards of seat ``number`` in ``state``:
    always once setup is over; during setup only the 3UP cards it chose itself
    (S3), its own or, with chosen faces (O6), the next seat's.

    >>> from threeup3down import Rules, new_game
    >>> state = new_game(Rules(players=3, chosen_faces=True), seed=1)
    >>> [shows_up_cards(state, 0, number) for number in range(3)]
    [False, True, False]
    """
    return state.phase is not _SETUP or state.rules.up_receiver(player) == number


def _view_weight(key: int, entry: tuple[Seat, SeatView]) -> int:
    """The bytes an entry of :data:`_VIEWS` keeps alive: the seat's cards too,
    which a large hand makes the most of."""
    seat, view = entry
    return weigh(key, entry, seat, seat.hand, seat.up, seat.down, seat.known, view)


_VIEWS: Memo[int, tuple[Seat, SeatView]] = Memo(
    "seat views", weight_of=_view_weight, limit=4096, size=1 << 22
)
"""The view of each seat seen lately, by the seat's ``id``, the seat kept alive
beside its view so that its ``id`` cannot pass to another. States made by
:func:`~threeup3down.apply` share every seat the move leaves unchanged, so
most seats of an observation were already seen in the state before. At most
4,096 seats and 4 MiB (4,096 seats of a game's sizes take some 2.5 MB): a
seat with a hand of thousands of cards (a position read from a stranger)
weighs as much as its hand."""


def _view(seat: Seat) -> SeatView:
    """Every observer's view of ``seat`` once setup is over (its 3UP cards shown)."""
    entry = _VIEWS.table.get(id(seat))
    if entry is not None and entry[0] is seat:
        return entry[1]
    view = SeatView(
        hand_size=len(seat.hand), up=seat.up, up_size=len(seat.up), down_size=len(seat.down),
        known=seat.known,
    )
    _VIEWS.remember(id(seat), (seat, view))
    return view


def _hidden_up_view(seat: Seat) -> SeatView:
    """S3: a seat's view during setup by an observer that did not choose its 3UP cards."""
    return SeatView(
        hand_size=len(seat.hand), up=(), up_size=len(seat.up), down_size=len(seat.down),
        known=seat.known,
    )


def check_seat(player: object, players: int) -> None:
    """Raise :class:`~threeup3down.ThreeUpError` unless ``player`` is a seat
    number (an int, not a bool) of a table of ``players``.

    >>> check_seat(True, 2)
    Traceback (most recent call last):
    ...
    threeup3down.core.errors.ThreeUpError: seat True is not a seat number: expected an int from 0 to 1, not a bool
    """
    if not isinstance(player, int) or isinstance(player, bool):
        raise ThreeUpError(
            f"seat {player!r} is not a seat number: "
            f"expected an int from 0 to {players - 1}, not {type_name(player)}"
        )
    if not 0 <= player < players:
        raise ThreeUpError(f"seat {player} is not at a table of {players} players")


def type_name(value: object) -> str:
    """``None``, or ``a``/``an`` and the name of the type of ``value``, for messages."""
    if value is None:
        return "None"
    name = type(value).__name__
    return f"an {name}" if name[:1].lower() in "aeiou" else f"a {name}"


def up_receiver(rules: Rules, seat: int) -> int:
    """The seat whose 3UP cards ``seat`` chooses during setup (S3, O6).

    .. deprecated:: 0.4.0
       Use :meth:`Rules.up_receiver() <threeup3down.Rules.up_receiver>`, the one home of
       this fact; this function goes in 0.5.0.

    >>> import warnings
    >>> with warnings.catch_warnings():
    ...     warnings.simplefilter("ignore", DeprecationWarning)
    ...     up_receiver(Rules(players=3, chosen_faces=True), 2)
    0
    """
    warnings.warn(
        "up_receiver(rules, seat) is deprecated since 0.4.0: use rules.up_receiver(seat)",
        DeprecationWarning,
        stacklevel=2,
    )
    return rules.up_receiver(seat)


def sample_state(observation: Observation, rng: random.Random) -> GameState:
    """A full state consistent with ``observation``, the unseen cards dealt at random.

    Every other hand holds the cards every player knows are in it
    (:attr:`SeatView.known`). The unseen cards, the deck less every card the
    observer sees and every known card, are shuffled with ``rng`` and dealt
    to the rest of the other hands, every 3DOWN pile (the observer's own
    too), the hidden 3UP choices of setup and the draw pile, in the counts
    the observation shows. A pile swap still to come (O5) is drawn afresh,
    drawn as the deal draws it (a uniformly random derangement, or with
    :attr:`PileSwapSeats.SOME <threeup3down.PileSwapSeats.SOME>` permutation).

    Raises :class:`~threeup3down.ThreeUpError` if the observation's cards and
    counts do not fit its rules' deck.

    >>> from threeup3down import GameState, Rules, apply, new_game, parse_move
    >>> state = new_game(Rules(players=4), seed=3)
    >>> sampled = sample_state(observe(state, 1), random.Random(0))
    >>> observe(sampled, 1) == observe(state, 1), sampled.seats[1].hand == state.seats[1].hand
    (True, True)
    >>> after = apply(GameState.from_notation(
    ...     "play 0 3b,8g|-|-/7r|-|- 10r 2r,9r *", Rules(players=2)), parse_move("pick"))
    >>> [sample_state(observe(after, 1), random.Random(seed)).seats[0].hand for seed in (0, 5)]
    [(Card.RED_2, Card.BLUE_3, Card.RED_9, Card.RED_10), (Card.RED_2, Card.BLUE_3, Card.GREEN_8, Card.RED_9)]
    >>> sample_state(observe(state, 1), 3)
    Traceback (most recent call last):
    ...
    threeup3down.core.errors.ThreeUpError: rng must be a random.Random, such as random.Random(seed), not an int
    """
    if not isinstance(observation, Observation):
        hint = " (observe(state, seat) gives one)" if isinstance(observation, GameState) else ""
        raise ThreeUpError(
            f"sample_state needs an Observation, not {type_name(observation)}{hint}"
        )
    if not isinstance(rng, random.Random):
        raise ThreeUpError(
            f"rng must be a random.Random, such as random.Random(seed), not {type_name(rng)}"
        )
    unseen = _unseen_cards(observation)
    rng.shuffle(unseen)
    players = observation.rules.players
    pile_swap = random_pile_swap(players, rng, observation.rules.pile_swap_seats) if observation.pile_swap_pending else ()
    return _deal(observation, unseen, pile_swap)


_OVER = Phase.OVER
_SETUP = Phase.SETUP


def _stand_in(observation: Observation) -> GameState:
    """A state consistent with ``observation``, the unseen cards dealt in card order.

    It decides the same legal moves for the player to move as the real state.
    """
    players = observation.rules.players
    pile_swap = tuple((seat + 1) % players for seat in range(players))
    return _deal(
        observation, _unseen_cards(observation), pile_swap if observation.pile_swap_pending else ()
    )


def _seen_cards(observation: Observation) -> Iterator[Card]:
    """Every card the observer sees, or knows to be in another hand, once each."""
    yield from observation.hand
    for number, seat in enumerate(observation.seats):
        yield from seat.up
        if number != observation.player:  # the observer's known cards are in its hand
            yield from seat.known
    yield from observation.discard_pile
    yield from observation.out_of_game


def _unseen_cards(observation: Observation) -> list[Card]:
    """The deck less every card the observer sees or knows where it is, sorted."""
    _check_shape(observation)
    unseen = Counter(observation.rules.deck_counts)
    unseen.subtract(_seen_cards(observation))
    extra = -unseen
    if extra:
        raise ThreeUpError(
            "observation shows more cards than the deck holds: "
            + format_cards(sort_cards(extra.elements()))
        )
    hidden = sum(_hidden_count(observation, number) for number in range(len(observation.seats)))
    cards = sorted(unseen.elements(), key=sort_key)
    if len(cards) != hidden + observation.draw_pile_size:
        raise ThreeUpError(
            f"observation hides {hidden + observation.draw_pile_size} cards, "
            f"but {len(cards)} of the deck are unseen"
        )
    return cards


def _check_shape(observation: Observation) -> None:
    """Refuse seats and counts that no deal can fill."""
    players = observation.rules.players
    if len(observation.seats) != players or not 0 <= observation.player < players:
        raise ThreeUpError(
            f"observation by seat {observation.player} shows {len(observation.seats)} seats "
            f"at a table of {players} players"
        )
    for number, seat in enumerate(observation.seats):
        if min(seat.hand_size, seat.up_size, seat.down_size) < 0:
            raise ThreeUpError(f"observation gives seat {number} a negative card count")
        if seat.up and len(seat.up) != seat.up_size:
            raise ThreeUpError(
                f"observation shows {len(seat.up)} of the {seat.up_size} 3UP cards of seat {number}"
            )
        if len(seat.known) > seat.hand_size:
            raise ThreeUpError(
                f"observation knows {len(seat.known)} cards in the hand of seat {number}, "
                f"which holds {seat.hand_size}"
            )
    if observation.draw_pile_size < 0:
        raise ThreeUpError("observation gives the draw pile a negative card count")
    if len(observation.hand) != observation.seats[observation.player].hand_size:
        raise ThreeUpError("observation's own hand does not match its hand size")
    unheld = Counter(observation.seats[observation.player].known)
    unheld.subtract(observation.hand)
    if +unheld:
        raise ThreeUpError(
            f"observation knows {format_cards(sort_cards((+unheld).elements()))} to be in the "
            f"hand of seat {observation.player}, which is {format_cards(observation.hand)}"
        )


def _hidden_count(observation: Observation, number: int) -> int:
    """How many of a seat's cards the observer cannot see."""
    seat = observation.seats[number]
    hidden = seat.down_size + seat.up_size - len(seat.up)
    if number == observation.player:
        return hidden
    return hidden + seat.hand_size - len(seat.known)


def _deal(observation: Observation, unseen: list[Card], pile_swap: tuple[int, ...]) -> GameState:
    """The state showing ``observation``, with ``unseen`` dealt into the hidden places."""
    dealt = 0

    def take(count: int) -> tuple[Card, ...]:
        nonlocal dealt
        dealt += count
        return tuple(unseen[dealt - count : dealt])

    seats = []
    for number, view in enumerate(observation.seats):
        if number == observation.player:
            hand = observation.hand
        else:
            hand = sort_cards(view.known + take(view.hand_size - len(view.known)))
        up = view.up if len(view.up) == view.up_size else sort_cards(take(view.up_size))
        seats.append(Seat(hand=hand, up=up, down=take(view.down_size), known=view.known))
    return GameState(
        rules=observation.rules,
        phase=observation.phase,
        current_player=observation.current_player,
        seats=tuple(seats),
        draw_pile=take(observation.draw_pile_size),
        discard_pile=observation.discard_pile,
        out_of_game=observation.out_of_game,
        owed_plays=observation.owed_plays,
        may_draw=observation.may_draw,
        swap_offered=observation.swap_offered,
        direction=observation.direction,
        turn=observation.turn,
        finished=observation.finished,
        first_player=observation.first_player,
        pile_swap=pile_swap,
        may_decline=observation.may_decline,
    )
