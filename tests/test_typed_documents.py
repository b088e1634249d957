"""Reading a document by the class of its value: ``from_json(text, GameState)``,
typed as that class (mypy checks this file), and a clear error for a class that has no format."""

from __future__ import annotations

import json
from typing import assert_type

import pytest

from threeup3down import (
    Card,
    DocumentError,
    GameRecord,
    GameState,
    Match,
    Move,
    PickUp,
    Play,
    Rules,
    Seat,
    legal_moves,
    new_game,
    parse_move,
    record_game,
)
from threeup3down.formats.serialization import (
    CARDS,
    EVENTS,
    MOVE,
    STATE,
    Document,
    from_dict,
    from_json,
    to_json,
)
from threeup3down.views.events import CardsPlayed, Event, NextPlayer, apply_with_events
from threeup3down.views.observation import Observation, observe

RULES = Rules(players=3)
STATE_TEXT = to_json(new_game(RULES, seed=7))


def test_a_state_read_by_its_class_is_typed_as_a_state() -> None:
    """``from_json(text, GameState)`` is a GameState to the type checker, so its methods check."""
    state = from_json(STATE_TEXT, GameState)
    assert_type(state, GameState)
    assert state == new_game(RULES, seed=7)
    assert_type(state.notation(), str)
    assert GameState.from_notation(state.notation(), RULES) == state


def test_every_value_class_with_a_format_reads_its_documents() -> None:
    """Rules, observations, records and matches read by their class equal the values written."""
    state = new_game(RULES, seed=7)
    view = observe(state, 1)
    record = record_game(RULES, 7, lambda state: legal_moves(state)[0])
    match = Match(RULES, games=2)
    assert_type(from_json(to_json(RULES), Rules), Rules)
    assert_type(from_json(to_json(view), Observation), Observation)
    assert_type(from_json(to_json(record), GameRecord), GameRecord)
    assert_type(from_json(to_json(match), Match), Match)
    assert from_json(to_json(RULES), Rules) == RULES
    assert from_json(to_json(view), Observation) == view
    assert from_json(to_json(record), GameRecord) == record
    assert from_json(to_json(match), Match) == match


def test_from_dict_takes_the_class_too() -> None:
    """``from_dict(document, GameState)`` reads what :func:`json.loads` made, typed as a state."""
    state = from_dict(json.loads(STATE_TEXT), GameState)
    assert_type(state, GameState)
    assert state == new_game(RULES, seed=7)


def test_a_move_or_event_class_reads_only_that_kind() -> None:
    """A move class reads a move document of that class; another move is refused, named."""
    text = to_json(parse_move("pick"))
    assert_type(from_json(text, PickUp), PickUp)
    assert from_json(text, PickUp) == PickUp()
    with pytest.raises(DocumentError, match=r"^\$\.move: expected a Play, not a PickUp$"):
        from_json(text, Play)
    table = GameState.from_notation("play 0 7r,9g|-|-/8b|-|- 5b 8g *", Rules(players=2))
    _, events = apply_with_events(table, parse_move("9g"))
    played = from_json(to_json(events[0]), CardsPlayed)
    assert_type(played, CardsPlayed)
    assert played.cards == (Card.GREEN_9,)
    with pytest.raises(DocumentError, match=r"^\$\.type: expected a NextPlayer, not a CardsPlayed$"):
        from_json(to_json(events[0]), NextPlayer)


def test_the_format_objects_still_read_and_are_typed() -> None:
    """The existing API: a Format gives its own type, and no kind gives the union of every document."""
    assert_type(from_json(STATE_TEXT, STATE), GameState)
    assert_type(from_json(to_json(parse_move("9g")), MOVE), Move)
    assert_type(from_json(to_json((Card.RED_7,)), CARDS), tuple[Card, ...])
    assert_type(from_json(to_json(()), CARDS), tuple[Card, ...])
    assert_type(from_json('{"format": "threeup3down/events", "version": 1, "events": []}', EVENTS), tuple[Event, ...])
    assert_type(from_json(STATE_TEXT), Document)
    assert from_json(STATE_TEXT, STATE) == from_json(STATE_TEXT, GameState)


def test_a_class_without_a_format_is_named() -> None:
    """A class that has no document format raises a DocumentError naming it and the kinds there are."""
    with pytest.raises(DocumentError, match=r"^\$: Seat has no document format: kinds are the classes Rules"):
        from_json(STATE_TEXT, Seat)
    with pytest.raises(DocumentError, match=r"^\$: Card has no document format"):
        from_dict(json.loads(STATE_TEXT), Card)
    with pytest.raises(DocumentError, match=r"^\$: tuple has no document format: read a tuple of cards with CARDS"):
        from_json(to_json((Card.RED_7,)), tuple)


def test_a_union_or_another_value_is_no_kind() -> None:
    """The union ``Move`` points to MOVE; a string is neither a class nor a Format."""
    with pytest.raises(DocumentError, match=r"^\$: a union of classes has no document format: read any move with MOVE"):
        from_json(to_json(parse_move("pick")), Move)  # type: ignore[call-overload]
    with pytest.raises(DocumentError, match=r"^\$: kind must be a value class or a Format, not a str$"):
        from_json(STATE_TEXT, "state")  # type: ignore[call-overload]


def test_a_wrong_class_is_refused_like_a_wrong_format() -> None:
    """A state read as rules is refused by the format check, as ``RULES`` would refuse it."""
    with pytest.raises(DocumentError, match=r"expected a threeup3down/rules document, not threeup3down/state"):
        from_json(STATE_TEXT, Rules)
