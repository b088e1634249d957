"""Events: what happened when a move was made, for front ends to animate.

:func:`apply_with_events` is :func:`~threeup3down.apply` that also tells what
happened, as a tuple of small frozen values (:data:`Event`). They are derived
from the move and the states before and after it, so the engine stays the
one place where the rules live.

The events of :func:`apply_with_events` are the whole truth. Before showing
them to a seat, pass them through :func:`events_for`, which hides what that
seat may not know, as :func:`~threeup3down.observe` does: cards drawn by
another player, another seat's 3UP choice during setup (S3), and the card of
another player's failed 3DOWN flip (F4).

>>> from threeup3down import GameState, Rules, parse_move
>>> state = GameState.from_notation("play 0 7r,9g|-|-/8b|-|- 5b 8g *", Rules(players=2))
>>> after, events = apply_with_events(state, parse_move("9g"))
>>> for event in events:
...     print(event)
CardsPlayed(player=0, cards=(Card.GREEN_9,), source=<Zone.HAND: 'hand'>)
CardsDrawn(player=0, count=1, cards=(Card.BLUE_5,), kind=<DrawKind.END_OF_TURN: 'end-of-turn'>)
NextPlayer(player=1, turn=1)
>>> events_for(events, 1)[1]
CardsDrawn(player=0, count=1, cards=(), kind=<DrawKind.END_OF_TURN: 'end-of-turn'>)

What every player remembers (:attr:`~threeup3down.Seat.known`) follows
from the events any seat may see: the cards of a :class:`PilePickedUp` go
into that hand for all to see, and the cards of a :class:`CardsPlayed` from
the hand, or the hand card of a :class:`CardsSwapped`, leave it.

The events of one move come in this order: what the move itself did (a
choice, a play, a flip, a pick-up, a draw, a swap), then what followed a
play (the pile cleared, the direction reversed, the player out, extra plays
owed, a swap offered), then the draw that ends a turn, and last who decides
next or the end of the game.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Iterator
from typing import assert_never, cast

import attrs

from threeup3down.core.cards import Card, Rank
from threeup3down.core.engine import apply
from threeup3down.core.errors import ThreeUpError
from threeup3down.core.moves import (
    ChooseUp,
    DeclineSwap,
    Draw,
    DrawInstead,
    FlipDown,
    Move,
    PickUp,
    Play,
    Source,
    Swap,
)
from threeup3down.views.observation import check_seat, type_name
from threeup3down.core.phase import Phase
from threeup3down.core.state import GameState

__all__ = [
    "CardsDrawn",
    "CardsPlayed",
    "CardsSwapped",
    "ClearCause",
    "DirectionReversed",
    "DownCardTurned",
    "DrawKind",
    "Event",
    "ExtraPlaysOwed",
    "GameOver",
    "NextPlayer",
    "PileCleared",
    "PilePickedUp",
    "PilesSwapped",
    "PlayerOut",
    "SwapDeclined",
    "SwapOffered",
    "UpCardsChosen",
    "UpCardsRevealed",
    "Zone",
    "apply_with_events",
    "events_for",
    "flip_failed",
    "pile_cleared",
]


class Zone(enum.Enum):
    """Where played cards come from (P1, F1–F3).

    >>> Zone("down")
    <Zone.DOWN: 'down'>
    """

    HAND = "hand"
    """The player's hand."""
    UP = "up"
    """The player's 3UP cards."""
    DOWN = "down"
    """The player's 3DOWN cards (one card, turned over, F3)."""


class ClearCause(enum.Enum):
    """Why the discard pile left the game (C1–C4).

    >>> ClearCause.THREE_OF_A_KIND.value
    'three-of-a-kind'
    """

    CLEAR = "clear"
    """A Clear was played (C1)."""
    CLEAR_PLUS_1 = "clear+1"
    """A Clear +1 was played (C2)."""
    CLEAR_PLUS_2 = "clear+2"
    """A Clear +2 was played (C3)."""
    THREE_OF_A_KIND = "three-of-a-kind"
    """Three or more cards of one number lay on top in a row (C4)."""


class DrawKind(enum.Enum):
    """Why cards were drawn from the draw pile.

    >>> [kind.value for kind in DrawKind]
    ['early', 'take', 'end-of-turn']
    """

    EARLY = "early"
    """The early draw before an owed play (C2, C3, C5)."""
    TAKE = "take"
    """One card taken instead of playing (O2)."""
    END_OF_TURN = "end-of-turn"
    """The draw up to three cards that ends a turn (T4)."""


@attrs.frozen
class UpCardsChosen:
    """Setup: a seat chose three 3UP cards (S3), for itself or the next seat (O6).

    >>> UpCardsChosen(player=0, receiver=1, cards=())  # as other seats see it
    UpCardsChosen(player=0, receiver=1, cards=())
    """

    player: int
    """The seat that chose."""
    receiver: int
    """The seat whose 3UP cards they become."""
    cards: tuple[Card, ...]
    """The chosen cards, sorted; empty for every seat but the chooser (S3)."""


@attrs.frozen
class UpCardsRevealed:
    """Setup is over: every seat's 3UP cards are turned face up for all (S3).

    >>> UpCardsRevealed(up=((Card.RED_7,), (Card.BLUE_9,))).up[1]
    (Card.BLUE_9,)
    """

    up: tuple[tuple[Card, ...], ...]
    """The 3UP cards of each seat, by seat number, before any pile swap (O5)."""


@attrs.frozen
class PilesSwapped:
    """The 3UP/3DOWN piles changed owners at random after setup (O5).

    >>> PilesSwapped(sources=(1, 2, 0)).sources[0]
    1
    """

    sources: tuple[int, ...]
    """Seat *i* received the piles of seat ``sources[i]``."""


@attrs.frozen
class CardsPlayed:
    """A player played cards onto the discard pile (P1–P4, F1–F3).

    >>> CardsPlayed(player=2, cards=(Card.RED_7, Card.BLUE_7), source=Zone.HAND).source.value
    'hand'
    """

    player: int
    """The seat that played."""
    cards: tuple[Card, ...]
    """The cards played, sorted."""
    source: Zone
    """Where they came from."""


@attrs.frozen
class DownCardTurned:
    """A player turned over a 3DOWN card (F3), and played it or not (F4).

    A card that played is followed by :class:`CardsPlayed` from
    :attr:`Zone.DOWN`; one that did not, by :class:`PilePickedUp` (the card
    goes into the hand with the pile).

    >>> DownCardTurned(player=0, position=1, card=None, played=False).card is None
    True
    """

    player: int
    """The seat that turned the card."""
    position: int
    """Its position among the seat's remaining 3DOWN cards."""
    card: Card | None
    """The card; ``None`` for the other seats when it could not be played (F4)."""
    played: bool
    """Whether it could be played."""


@attrs.frozen
class PileCleared:
    """The discard pile left the game (C1–C4, C6).

    >>> PileCleared(player=1, cards=(Card.RED_4, Card.BLUE_CLEAR), cause=ClearCause.CLEAR).cause.value
    'clear'
    """

    player: int
    """The seat whose play cleared it."""
    cards: tuple[Card, ...]
    """The cards that left, bottom to top (the clearing cards last)."""
    cause: ClearCause
    """Which Clear, or a three of a kind."""


@attrs.frozen
class PilePickedUp:
    """A player picked up the discard pile into their hand (T3, F4); with no
    cards, the player declined the extra play of a Clear +1 (C2), which is
    written as picking up the empty pile it left.

    >>> PilePickedUp(player=0, cards=(Card.RED_4, Card.BLUE_9)).cards[-1]
    Card.BLUE_9
    """

    player: int
    """The seat that picked it up."""
    cards: tuple[Card, ...]
    """The pile's cards, bottom to top."""


@attrs.frozen
class CardsDrawn:
    """A player drew cards from the draw pile (T4, C2, C3, C5, O2).

    >>> CardsDrawn(player=0, count=2, cards=(), kind=DrawKind.END_OF_TURN).count
    2
    """

    player: int
    """The seat that drew."""
    count: int
    """How many cards."""
    cards: tuple[Card, ...]
    """The cards in the order drawn; empty for every seat but the drawer."""
    kind: DrawKind
    """Why they were drawn."""


@attrs.frozen
class DirectionReversed:
    """A 1 was played and the direction of play flipped (O3).

    >>> DirectionReversed(direction=-1).direction
    -1
    """

    direction: int
    """The new direction: +1 for seat order, -1 against it."""


@attrs.frozen
class ExtraPlaysOwed:
    """A Clear +1 or Clear +2 gave its player further plays (C2, C3, C5).

    >>> ExtraPlaysOwed(player=0, added=2, owed=2).owed
    2
    """

    player: int
    """The seat that owes them."""
    added: int
    """How many the card added."""
    owed: int
    """How many the player now owes in all."""


@attrs.frozen
class SwapOffered:
    """Four cards of one colour lie on top: the player may swap (O7).

    >>> SwapOffered(player=3).player
    3
    """

    player: int
    """The seat that may swap a hand card with a 3UP card."""


@attrs.frozen
class CardsSwapped:
    """A player swapped a hand card with a 3UP card (O7).

    >>> CardsSwapped(player=0, hand_card=Card.RED_7, up_card=Card.GREEN_9).up_card
    Card.GREEN_9
    """

    player: int
    """The seat that swapped."""
    hand_card: Card
    """The card that went from the hand to the 3UP cards."""
    up_card: Card
    """The card that went from the 3UP cards to the hand."""


@attrs.frozen
class SwapDeclined:
    """A player kept their cards instead of swapping (O7).

    >>> SwapDeclined(player=0)
    SwapDeclined(player=0)
    """

    player: int
    """The seat that declined."""


@attrs.frozen
class PlayerOut:
    """A player has no cards left (W1; O1: they take the next place).

    >>> PlayerOut(player=2, place=1).place
    1
    """

    player: int
    """The seat that went out."""
    place: int
    """Their place: 1 for the winner, 2 for the next out (O1), ..."""


@attrs.frozen
class GameOver:
    """The game has ended: won (W1), places settled (O1) or stalemated (O10).

    >>> GameOver(winner=None, places=(), stalemate=True).stalemate
    True
    """

    winner: int | None
    """The first seat to go out, or ``None`` after a stalemate without one."""
    places: tuple[int, ...]
    """Seats in finishing order (every seat once with O1, unless stalemated)."""
    stalemate: bool
    """Whether the turn limit ended the game before it was decided (O10)."""


@attrs.frozen
class NextPlayer:
    """The decision passes to another seat: the next chooser in setup, or the
    next turn's player (S6, O3).

    >>> NextPlayer(player=1, turn=4).turn
    4
    """

    player: int
    """The seat to decide now."""
    turn: int
    """How many turns have been completed."""


Event = (
    UpCardsChosen
    | UpCardsRevealed
    | PilesSwapped
    | CardsPlayed
    | DownCardTurned
    | PileCleared
    | PilePickedUp
    | CardsDrawn
    | DirectionReversed
    | ExtraPlaysOwed
    | SwapOffered
    | CardsSwapped
    | SwapDeclined
    | PlayerOut
    | GameOver
    | NextPlayer
)
"""Any event."""

_CAUSES = {
    Rank.CLEAR: ClearCause.CLEAR,
    Rank.CLEAR_PLUS_1: ClearCause.CLEAR_PLUS_1,
    Rank.CLEAR_PLUS_2: ClearCause.CLEAR_PLUS_2,
}


def apply_with_events(state: GameState, move: Move) -> tuple[GameState, tuple[Event, ...]]:
    """:func:`~threeup3down.apply`, and the events of the move, unredacted.

    The state returned is exactly ``apply(state, move)``; an illegal move
    raises :class:`~threeup3down.IllegalMoveError` as :func:`apply` does.

    >>> from threeup3down import GameState, Rules, parse_move
    >>> state = GameState.from_notation("play 0 -|-|3g,9b/8b|-|- - 5r,8r *", Rules(players=2))
    >>> after, events = apply_with_events(state, parse_move("v0"))
    >>> for event in events:
    ...     print(event)
    DownCardTurned(player=0, position=0, card=Card.GREEN_3, played=False)
    PilePickedUp(player=0, cards=(Card.RED_5, Card.RED_8))
    NextPlayer(player=1, turn=1)
    >>> events_for(events, 1)[0]
    DownCardTurned(player=0, position=0, card=None, played=False)
    """
    after = apply(state, move)
    return after, tuple(_events(state, move, after))


def events_for(events: Iterable[Event], player: int) -> tuple[Event, ...]:
    """``events`` as seat ``player`` may see them (as :func:`~threeup3down.observe` shows).

    Hidden from every seat but the one concerned: the cards another seat
    drew, another seat's 3UP choice during setup (S3), and the card of
    another seat's failed 3DOWN flip (F4). Everything else is public.

    >>> drawn = CardsDrawn(player=0, count=1, cards=(Card.RED_7,), kind=DrawKind.END_OF_TURN)
    >>> events_for([drawn], 0)[0].cards, events_for([drawn], 1)[0].cards
    ((Card.RED_7,), ())
    >>> events_for(drawn, 0)
    Traceback (most recent call last):
    ...
    threeup3down.core.errors.ThreeUpError: events_for needs an iterable of events, such as a tuple, not a single CardsDrawn: wrap it as (event,)
    """
    batch = _event_batch(events)
    if not isinstance(player, int) or isinstance(player, bool):
        raise ThreeUpError(
            f"seat {player!r} is not a seat number: expected an int from 0, not {type_name(player)}"
        )
    if player < 0:
        raise ThreeUpError(f"seat {player} is not a seat number: seats count from 0")
    for event in batch:
        if isinstance(event, UpCardsRevealed):  # one 3UP pile per seat: the table size
            check_seat(player, len(event.up))
    return tuple(_redact(event, player) for event in batch)


def _event_batch(events: object, reader: str = "events_for") -> tuple[Event, ...]:
    """``events`` as a tuple, checked to hold events only (``reader`` is named in errors)."""
    if isinstance(events, Event):
        raise ThreeUpError(
            f"{reader} needs an iterable of events, such as a tuple, "
            f"not a single {type(events).__name__}: wrap it as (event,)"
        )
    if isinstance(events, (str, bytes)) or not isinstance(events, Iterable):
        raise ThreeUpError(f"{reader} needs an iterable of events, not {type_name(events)}")
    batch = tuple(cast(Iterable[object], events))
    for number, event in enumerate(batch):
        if not isinstance(event, Event):
            raise ThreeUpError(f"item {number} of the events is {type_name(event)}, not an event")
    return cast(tuple[Event, ...], batch)


def _redact(event: Event, player: int | None) -> Event:
    """``event`` as seat ``player`` may see it; ``None``: as a spectator, at no seat."""
    match event:
        case CardsDrawn() if event.player != player:
            return attrs.evolve(event, cards=())
        case UpCardsChosen() if event.player != player:
            return attrs.evolve(event, cards=())
        case DownCardTurned() if event.player != player and not event.played:
            return attrs.evolve(event, card=None)
        case _:
            return event


# ------------------------------------------------------ deriving the events


def pile_cleared(before: GameState, after: GameState) -> bool:
    """C1–C4, C6: whether the move from ``before`` to ``after`` cleared the
    discard pile out of the game (a :class:`PileCleared` event).

    .. versionadded:: 0.4.0

    >>> from threeup3down import GameState, Rules, apply, parse_move
    >>> before = GameState.from_notation("play 0 5r,Cb|-|-/8b|-|- - 4g *", Rules(players=2))
    >>> pile_cleared(before, apply(before, parse_move("Cb"))), pile_cleared(before, apply(before, parse_move("5r")))
    (True, False)
    """
    return len(after.out_of_game) > len(before.out_of_game)


def flip_failed(before: GameState, move: Move, after: GameState) -> bool:
    """F4: whether ``move`` turned over a 3DOWN card that could not be played, so
    that it went into the hand with the discard pile (a :class:`DownCardTurned`
    that was not played).

    .. versionadded:: 0.4.0

    >>> from threeup3down import GameState, Rules, apply, parse_move
    >>> before = GameState.from_notation("play 0 -|-|3g,9b/8b|-|- - 5r *", Rules(players=2))
    >>> flip = parse_move("v0")
    >>> flip_failed(before, flip, apply(before, flip)), flip_failed(before, parse_move("v1"), apply(before, parse_move("v1")))
    (True, False)
    """
    return isinstance(move, FlipDown) and bool(after.seats[before.current_player].hand)



def _events(before: GameState, move: Move, after: GameState) -> Iterator[Event]:
    player = before.current_player
    match move:
        case ChooseUp():
            yield from _setup_events(before, move, after)
            return
        case Play():
            source = Zone.UP if move.source is Source.UP else Zone.HAND
            yield CardsPlayed(player, move.cards, source)
            yield from _after_play(before, move.cards, after)
        case FlipDown():
            card = before.seats[player].down[move.position]
            played = not flip_failed(before, move, after)
            yield DownCardTurned(player, move.position, card, played)
            if played:
                yield CardsPlayed(player, (card,), Zone.DOWN)
                yield from _after_play(before, (card,), after)
            else:
                yield PilePickedUp(player, before.discard_pile)
        case PickUp():
            yield PilePickedUp(player, before.discard_pile)
        case Draw():
            drawn = _drawn(before, after)
            yield CardsDrawn(player, len(drawn), drawn, DrawKind.EARLY)
            return
        case DrawInstead():
            yield CardsDrawn(player, 1, before.draw_pile[-1:], DrawKind.TAKE)
        case Swap():
            yield CardsSwapped(player, move.hand_card, move.up_card)
        case DeclineSwap():
            yield SwapDeclined(player)
        case _:
            assert_never(move)
    yield from _turn_end(before, move, after)


def _setup_events(before: GameState, move: ChooseUp, after: GameState) -> Iterator[Event]:
    """S3, O5, O6: a choice; after the last, the reveal, the pile swap and the first player."""
    player = before.current_player
    receiver = before.rules.up_receiver(player)
    yield UpCardsChosen(player, receiver, move.cards)
    if after.phase is Phase.SETUP:
        yield NextPlayer(after.current_player, after.turn)
        return
    up = tuple(
        move.cards if seat == receiver else before.seats[seat].up
        for seat in range(before.rules.players)
    )
    yield UpCardsRevealed(up)
    if before.pile_swap:
        yield PilesSwapped(before.pile_swap)
    yield NextPlayer(after.current_player, after.turn)


def _after_play(before: GameState, cards: tuple[Card, ...], after: GameState) -> Iterator[Event]:
    """C1–C7, O3, O7, W1: what follows cards landing on the discard pile."""
    player = before.current_player
    rank = cards[0].rank
    cleared = pile_cleared(before, after)
    if cleared:
        cause = _CAUSES.get(rank, ClearCause.THREE_OF_A_KIND)
        yield PileCleared(player, before.discard_pile + cards, cause)
    if after.direction != before.direction:
        yield DirectionReversed(after.direction)
    if player in after.finished and player not in before.finished:
        yield PlayerOut(player, after.finished.index(player) + 1)
    same_turn = after.phase is Phase.PLAY and after.turn == before.turn
    if cleared and rank.extra_plays and same_turn and after.owed_plays:
        yield ExtraPlaysOwed(player, rank.extra_plays, after.owed_plays)
    if after.swap_offered:
        yield SwapOffered(player)


def _turn_end(before: GameState, move: Move, after: GameState) -> Iterator[Event]:
    """T4, O10, W1, O1: the draw that ends a turn, then the next player or the end."""
    if after.turn == before.turn and after.phase is Phase.PLAY:
        return
    player = before.current_player
    drawn = _drawn(before, after)
    if isinstance(move, DrawInstead):
        drawn = drawn[1:]  # the first was taken instead of playing (O2)
    if drawn:
        yield CardsDrawn(player, len(drawn), drawn, DrawKind.END_OF_TURN)
    if after.phase is Phase.OVER:
        yield GameOver(after.winner, after.places, after.is_stalemate)
    else:
        yield NextPlayer(after.current_player, after.turn)


def _drawn(before: GameState, after: GameState) -> tuple[Card, ...]:
    """The cards that left the top of the draw pile, in the order drawn."""
    return before.draw_pile[len(after.draw_pile) :][::-1]
