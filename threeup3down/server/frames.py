"""The frames the server sends about a game: one per state, numbered by moves made.

Frame ``n`` tells what move ``n`` did and what its seat may now know: the
move's events as that seat may see them
(:func:`~threeup3down.events_for`, or :func:`~threeup3down.public_events`
for a spectator), the seat's :class:`~threeup3down.Observation` (a
spectator's :class:`~threeup3down.SpectatorView`), and when the seat is to
move its legal moves in move notation; for a client that asked for a
language, the events ``told`` in it (:func:`~threeup3down.views.narration.describe`).
Frame 0 is the deal. Every frame is
made here from the game's states and moves only, through those views: no
other value of the game reaches a client. At a table with a clock the server
adds to each frame the seats' time left (``clock``, from
:meth:`~threeup3down.server.clocks.Timeline.to_json`), which is public.

>>> from threeup3down import Rules, new_game
>>> deal = new_game(Rules(players=2), seed=1)
>>> frame = seat_frame(0, None, None, deal, 0)
>>> frame["n"], frame["events"], frame["moves"][:2]
(0, [], ['up:1r,1b,6g', 'up:1r,1b,10r'])
>>> seat_frame(0, None, None, deal, None)["moves"]
[]
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from threeup3down.core.engine import apply
from threeup3down.core.moves import Move
from threeup3down.core.state import GameState
from threeup3down.formats.codec import JsonValue, encode_fields
from threeup3down.formats.records import game_result
from threeup3down.formats.serialization import OBSERVATION
from threeup3down.formats.view_documents import encode_event
from threeup3down.views.events import Event, apply_with_events, events_for
from threeup3down.views.narration import describe
from threeup3down.views.observation import observe
from threeup3down.views.spectator import public_events, spectate
from threeup3down.views.svg import LastMove, observation_svg, spectator_svg

__all__ = ["Frame", "FrameCursor", "frames_after", "seat_frame"]

Frame = dict[str, JsonValue]
"""A frame as a JSON object (the ``frame`` message of the protocol)."""


def seat_frame(
    number: int,
    before: GameState | None,
    move: Move | None,
    after: GameState,
    seat: int | None,
    *,
    events: tuple[Event, ...] = (),
    svg: bool = False,
    locale: str | None = None,
) -> Frame:
    """Frame ``number`` for ``seat`` (``None``: a spectator): move ``number``
    took ``before`` to ``after`` with ``events`` (unredacted; none for frame 0).

    ``before`` and ``move`` are only for the picture's highlight of the last
    move (``svg``), which a seat may see (another seat's setup choice is drawn
    without its cards, S3). With ``locale``, the frame also has ``told``, each
    event the seat sees in one sentence in that language, and the picture is
    labelled in it.

    >>> from threeup3down import Rules, new_game
    >>> frame = seat_frame(0, None, None, new_game(Rules(players=2), seed=1), 1, svg=True)
    >>> frame["view"]["player"], frame["svg"].startswith("<svg")
    (1, True)

    .. versionchanged:: 0.5.0
       ``locale``.
    """
    last = None if before is None or move is None else LastMove(before.current_player, move)
    frame: Frame = {"type": "frame", "n": number}
    if seat is None:
        view = spectate(after)
        seen = public_events(events)
        frame["events"] = [encode_event(event) for event in seen]
        frame["view"] = encode_fields(view)
        frame["moves"] = []
        if svg:
            frame["svg"] = spectator_svg(view, last_move=last, locale=locale)
    else:
        observation = observe(after, seat)
        seen = events_for(events, seat)
        frame["events"] = [encode_event(event) for event in seen]
        frame["view"] = OBSERVATION.to_dict(observation)
        frame["moves"] = [str(legal) for legal in observation.legal_moves()]
        if svg:
            frame["svg"] = observation_svg(observation, last_move=last, locale=locale)
    if locale is not None:
        frame["told"] = [describe(event, you=seat, locale=locale) for event in seen]
    frame["result"] = game_result(after)
    return frame


class FrameCursor:
    """The frames one client has been sent of a game, and the next ones to send.

    A cursor starts after frame ``last`` (``None``: before frame 0) and gives
    every frame after it exactly once, as moves are made.

    >>> from threeup3down import Rules, new_game, legal_moves
    >>> deal = new_game(Rules(players=2), seed=1)
    >>> moves = [legal_moves(deal)[0]]
    >>> cursor = FrameCursor(deal, moves, 0, None)
    >>> [frame["n"] for frame in cursor.frames(moves)], list(cursor.frames(moves))
    ([0, 1], [])
    """

    def __init__(
        self, deal: GameState, moves: Sequence[Move], seat: int | None, last: int | None,
        *, svg: bool = False, locale: str | None = None,
    ) -> None:
        self.deal = deal
        self.seat = seat
        self.svg = svg
        self.locale = locale
        self.sent = last
        """The number of the last frame sent; ``None`` before frame 0."""
        self.state = deal
        for move in moves[: last or 0]:
            self.state = apply(self.state, move)

    def frames(self, moves: Sequence[Move]) -> Iterator[Frame]:
        """The frames after the last one sent, up to the state after ``moves``."""
        if self.sent is None:
            self.sent = 0
            yield seat_frame(0, None, None, self.deal, self.seat, svg=self.svg, locale=self.locale)
        while self.sent < len(moves):
            move = moves[self.sent]
            after, events = apply_with_events(self.state, move)
            self.sent += 1
            yield seat_frame(
                self.sent, self.state, move, after, self.seat, events=events, svg=self.svg, locale=self.locale
            )
            self.state = after


def frames_after(
    deal: GameState, moves: Sequence[Move], seat: int | None, last: int | None, *, svg: bool = False,
    locale: str | None = None,
) -> Iterator[Frame]:
    """Every frame after frame ``last`` (``None``: from frame 0 on) of the game
    dealt as ``deal`` and played with ``moves``, for ``seat``.

    >>> from threeup3down import Rules, new_game, legal_moves
    >>> deal = new_game(Rules(players=2), seed=1)
    >>> move = legal_moves(deal)[0]
    >>> [frame["n"] for frame in frames_after(deal, [move], 1, None)]
    [0, 1]
    >>> [frame["n"] for frame in frames_after(deal, [move], 1, 0)]
    [1]
    """
    return FrameCursor(deal, moves, seat, last, svg=svg, locale=locale).frames(moves)
