"""The document fields of observations and events, and the checks they pass.

An event is written as a JSON object of its fields with a ``type`` naming
its class in kebab case (:data:`EVENT_TYPES`). An observation read from a
document must be what some position the rules can reach shows its seat: it
is checked by dealing the unseen cards into a full state
(:func:`~threeup3down.views.observation.sample_state`) and checking that state.

>>> from threeup3down.views.events import CardsPlayed, Zone
>>> from threeup3down import Card
>>> encode_event(CardsPlayed(player=1, cards=(Card.RED_7,), source=Zone.UP))
{'type': 'cards-played', 'player': 1, 'cards': ['7r'], 'source': 'up'}
"""

from __future__ import annotations

import random
from collections.abc import Mapping

import attrs

from threeup3down.core.cards import sort_cards
from threeup3down.formats.codec import JsonValue, decode_fields, encode_fields, json_type
from threeup3down.core.errors import DocumentError, ThreeUpError
from threeup3down.views.events import (
    CardsDrawn,
    CardsPlayed,
    CardsSwapped,
    DirectionReversed,
    DownCardTurned,
    Event,
    ExtraPlaysOwed,
    GameOver,
    NextPlayer,
    PileCleared,
    PilePickedUp,
    PilesSwapped,
    PlayerOut,
    SwapDeclined,
    SwapOffered,
    UpCardsChosen,
    UpCardsRevealed,
)
from threeup3down.views.observation import Observation, SeatView, observe, sample_state
from threeup3down.core.validation import position_problems

__all__ = [
    "EVENT_TYPES",
    "check_observation",
    "decode_event",
    "decode_events",
    "encode_event",
    "sorted_observation",
]

EVENT_TYPES: dict[str, type[Event]] = {
    "up-cards-chosen": UpCardsChosen,
    "up-cards-revealed": UpCardsRevealed,
    "piles-swapped": PilesSwapped,
    "cards-played": CardsPlayed,
    "down-card-turned": DownCardTurned,
    "pile-cleared": PileCleared,
    "pile-picked-up": PilePickedUp,
    "cards-drawn": CardsDrawn,
    "direction-reversed": DirectionReversed,
    "extra-plays-owed": ExtraPlaysOwed,
    "swap-offered": SwapOffered,
    "cards-swapped": CardsSwapped,
    "swap-declined": SwapDeclined,
    "player-out": PlayerOut,
    "game-over": GameOver,
    "next-player": NextPlayer,
}
"""The ``type`` of each event class in documents."""

_TYPE_NAMES = {cls: name for name, cls in EVENT_TYPES.items()}
_ENVELOPE = ("format", "version")


def encode_event(event: Event) -> dict[str, JsonValue]:
    """``event`` as a JSON object: its ``type``, then its fields.

    >>> encode_event(SwapDeclined(player=1))
    {'type': 'swap-declined', 'player': 1}
    """
    return {"type": _TYPE_NAMES[type(event)], **encode_fields(event)}


def decode_event(body: object, path: str = "$") -> Event:
    """The event a JSON object holds (envelope fields allowed).

    >>> decode_event({"type": "player-out", "player": 2, "place": 0})
    Traceback (most recent call last):
    ...
    threeup3down.core.errors.DocumentError: $.place: places count from 1 (W1, O1)
    """
    if not isinstance(body, dict):
        raise DocumentError(f"an event is a JSON object, not {json_type(body)}", path=path)
    name = body.get("type")
    if not isinstance(name, str) or name not in EVENT_TYPES:
        raise DocumentError(
            f"unknown event type {name!r} (types: {', '.join(EVENT_TYPES)})", path=f"{path}.type"
        )
    event = decode_fields(body, EVENT_TYPES[name], path, skip=("type", *_ENVELOPE))
    _check_event(event, path)
    return event


def decode_events(body: Mapping[str, object]) -> tuple[Event, ...]:
    """The events of an ``events`` document's body.

    >>> decode_events({"events": [{"type": "direction-reversed", "direction": -1}]})
    (DirectionReversed(direction=-1),)
    """
    for key in body:
        if key not in ("events", *_ENVELOPE):
            raise DocumentError(f"unknown field {key!r} (fields: events)")
    events = body.get("events")
    if not isinstance(events, list):
        raise DocumentError(f"expected an array of events, not {json_type(events)}", path="$.events")
    return tuple(decode_event(event, f"$.events[{n}]") for n, event in enumerate(events))


def _check_event(event: Event, path: str) -> None:
    """Seats, counts, turns and positions are never negative; a direction is +1 or -1."""
    for field in attrs.fields(type(event)):
        value = getattr(event, field.name)
        numbers = value if isinstance(value, tuple) else (value,)
        where = f"{path}.{field.name}"
        if field.name == "direction":
            if value not in (1, -1):
                raise DocumentError("a direction is 1 or -1 (S6, O3)", path=where)
        elif field.name == "place" and value < 1:
            raise DocumentError("places count from 1 (W1, O1)", path=where)
        elif any(type(number) is int and number < 0 for number in numbers):
            raise DocumentError("cannot be negative", path=where)


def sorted_observation(observation: Observation) -> Observation:
    """``observation`` with its hand, 3UP cards, known cards and out-of-game pile
    sorted, as the engine keeps them: the zones a state document's reader sorts
    (and position notation), so that both readers accept the same documents.

    >>> from threeup3down import Rules, new_game
    >>> view = observe(new_game(Rules(players=2), seed=1), 0)
    >>> sorted_observation(attrs.evolve(view, hand=view.hand[::-1])) == view
    True
    """
    seats = tuple(
        attrs.evolve(seat, up=sort_cards(seat.up), known=sort_cards(seat.known)) for seat in observation.seats
    )
    return attrs.evolve(
        observation,
        hand=sort_cards(observation.hand),
        seats=seats,
        out_of_game=sort_cards(observation.out_of_game),
    )


def check_observation(observation: Observation) -> None:
    """Refuse an observation that no reachable position shows its seat.

    >>> from threeup3down import Rules, new_game
    >>> view = observe(new_game(Rules(players=2), seed=1), 0)
    >>> check_observation(attrs.evolve(view, draw_pile_size=60))
    Traceback (most recent call last):
    ...
    threeup3down.core.errors.DocumentError: $: invalid observation: observation hides 72 cards, but 78 of the deck are unseen
    """
    _check_counts(observation)
    try:
        stand_in = sample_state(observation, random.Random(0))
        shown = observe(stand_in, observation.player)
    except ThreeUpError as error:
        raise DocumentError(f"invalid observation: {error}") from None
    problems = position_problems(stand_in)
    if problems:
        raise DocumentError(f"invalid observation: {'; '.join(problems)}")
    if shown != observation:
        raise DocumentError(
            "invalid observation: a seat sees its own hand, every 3UP card but those "
            "chosen by others during setup (S3), and only counts of the rest"
        )


def _check_counts(observation: Observation) -> None:
    """Counts are never negative; the observer's hand size is its hand's."""
    players = observation.rules.players
    if not 0 <= observation.player < players or len(observation.seats) != players:
        raise DocumentError(
            f"invalid observation: {len(observation.seats)} seats seen by seat "
            f"{observation.player} at a table of {players}"
        )
    if observation.draw_pile_size < 0:
        raise DocumentError("cannot be negative", path="$.draw_pile_size")
    for number, seat in enumerate(observation.seats):
        _check_seat(seat, f"$.seats[{number}]")
    if len(observation.hand) != observation.seats[observation.player].hand_size:
        raise DocumentError("the observer's hand_size is the length of its hand", path="$.hand")


def _check_seat(seat: SeatView, path: str) -> None:
    if min(seat.hand_size, seat.up_size, seat.down_size) < 0:
        raise DocumentError("card counts cannot be negative", path=path)
    if len(seat.up) not in (0, seat.up_size):
        raise DocumentError("3UP cards are seen all or not at all (up_size)", path=path)
