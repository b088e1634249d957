"""What a spectator may know of a game: the public view, with no seat (S2, S3, F4).

A spectator watches a table without sitting at it. Its
:class:`SpectatorView` holds only what every player at the table sees: every
seat's card counts, the 3UP cards once setup is over, the cards every player
knows are in a hand (:attr:`~threeup3down.views.observation.SeatView.known`),
the discard pile, the out-of-game pile and the draw pile's count. It has no
hand at all, so it cannot show one: the class has no field a hidden card
could go in. During setup every 3UP choice is hidden (S3), since the
spectator chose none.

:func:`public_events` hides from a move's events what no seat but the one
concerned may see (the cards drawn, a 3UP choice during setup, the card of a
failed 3DOWN flip), and :func:`~threeup3down.views.svg.spectator_svg` draws
the view.

>>> from threeup3down import GameState, Rules, apply_with_events, parse_move
>>> state = GameState.from_notation("play 0 7r,9g|2b|4g,1b,1b/8b|3r|5r,1r,1r 6g 8g *", Rules(players=2))
>>> view = spectate(state)
>>> [seat.hand_size for seat in view.seats], view.seats[1].up, view.top_card
([2, 1], (Card.RED_3,), Card.GREEN_8)
>>> after, events = apply_with_events(state, parse_move("9g"))
>>> public_events(events)[1]
CardsDrawn(player=0, count=1, cards=(), kind=<DrawKind.END_OF_TURN: 'end-of-turn'>)
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from threeup3down.core.cards import Card
from threeup3down.core.errors import ThreeUpError
from threeup3down.core.phase import Phase
from threeup3down.core.rules import Rules
from threeup3down.core.state import GameState
from threeup3down.views.events import Event, _event_batch, _redact
from threeup3down.views.observation import SeatView, _hidden_up_view, _view, type_name

__all__ = ["SpectatorView", "public_events", "spectate"]


@attrs.frozen(repr=False)
class SpectatorView:
    """A game as a spectator sees it; make one with :func:`spectate`.

    The fields are those of :class:`~threeup3down.views.observation.Observation`,
    in its order, less the observer's seat and hand (``tests/test_spectator.py``
    holds the two classes to that).

    >>> from threeup3down import Rules, new_game
    >>> spectate(new_game(Rules(players=3), seed=4))
    <SpectatorView: setup, player 0 to choose 3UP cards>
    """

    rules: Rules
    """The rules the game is played by."""
    phase: Phase
    """Setup, play, or over."""
    current_player: int
    """The seat to decide now (see :attr:`GameState.current_player`)."""
    seats: tuple[SeatView, ...]
    """Every seat as every player sees it, by seat number."""
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
    """Whether the 3UP/3DOWN piles are still to change owners when setup ends (O5)."""
    may_decline: bool = attrs.field(default=False, metadata={"json": "omit-default"})
    """Whether the player to move may decline the extra play of a Clear +1 (C2,
    :attr:`Rules.clear_one_optional <threeup3down.Rules.clear_one_optional>`).

    .. versionadded:: 0.5.0"""

    def __repr__(self) -> str:
        if self.phase is Phase.OVER:
            decides = "stalemate" if self.winner is None else f"player {self.winner} won"
        elif self.phase is Phase.SETUP:
            decides = f"player {self.current_player} to choose 3UP cards"
        else:
            decides = f"turn {self.turn + 1}, player {self.current_player} to move"
        return f"<SpectatorView: {self.phase.value}, {decides}>"

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.phase is Phase.OVER

    @property
    def winner(self) -> int | None:
        """The first player to go out (W1), or ``None`` if nobody has (yet)."""
        return self.finished[0] if self.finished else None

    @property
    def is_stalemate(self) -> bool:
        """Whether the game ended on the turn limit before it was decided (O10)."""
        return self.phase is Phase.OVER and len(self.finished) < self.rules.places_to_settle

    @property
    def top_card(self) -> Card | None:
        """The top card of the discard pile, or ``None`` when it is empty."""
        return self.discard_pile[-1] if self.discard_pile else None


def spectate(state: GameState) -> SpectatorView:
    """What a spectator, at no seat, may know of ``state``.

    Two states that differ only in cards some seat may not see (any hand but
    for its known cards, the 3DOWN cards, the draw pile's order, the 3UP
    choices of setup, the pile swap to come) give equal views.

    >>> from threeup3down import GameState, Rules
    >>> state = GameState.from_notation("play 1 3g|-|9r/8r,9b|-|- - 5b *", Rules(players=2))
    >>> [seat.hand_size for seat in spectate(state).seats], spectate(state).draw_pile_size
    ([1, 2], 0)
    >>> from threeup3down import observe
    >>> spectate(observe(state, 0))
    Traceback (most recent call last):
    ...
    threeup3down.core.errors.ThreeUpError: spectate needs a GameState, not an Observation
    """
    if not isinstance(state, GameState):
        raise ThreeUpError(f"spectate needs a GameState, not {type_name(state)}")
    in_setup = state.phase is Phase.SETUP
    return SpectatorView(
        rules=state.rules,
        phase=state.phase,
        current_player=state.current_player,
        seats=tuple((_hidden_up_view if in_setup else _view)(seat) for seat in state.seats),
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


def public_events(events: Iterable[Event]) -> tuple[Event, ...]:
    """``events`` as a spectator may see them: what every seat sees.

    Hidden: the cards any seat drew, every 3UP choice during setup (S3), and
    the card of a failed 3DOWN flip (F4), as
    :func:`~threeup3down.events_for` hides them from the seats not concerned.

    >>> from threeup3down.views.events import CardsDrawn, DrawKind
    >>> drawn = CardsDrawn(player=0, count=1, cards=(Card.RED_7,), kind=DrawKind.END_OF_TURN)
    >>> public_events([drawn])[0].cards
    ()
    >>> public_events(drawn)
    Traceback (most recent call last):
    ...
    threeup3down.core.errors.ThreeUpError: public_events needs an iterable of events, such as a tuple, not a single CardsDrawn: wrap it as (event,)
    """
    return tuple(_redact(event, None) for event in _event_batch(events, "public_events"))

