"""A state's JSON text written straight from its fields is the text of its document."""

from __future__ import annotations

import json
from typing import Any

import attrs
from hypothesis import given
from hypothesis import strategies as st

from tests.playouts import random_game
from tests.strategies import adversarial_positions, rules, seeds
from threeup3down import GameState, Rules, Seat, new_game
from threeup3down.formats._json_text import state_text
from threeup3down.formats.serialization import STATE, to_dict, to_json


def _document_text(state: GameState) -> str:
    """The state's document written by :mod:`json` itself, the general way."""
    return json.dumps(to_dict(state), ensure_ascii=False, allow_nan=False)


@given(rules(), seeds(), seeds())
def test_every_state_of_a_game_is_written_as_its_document(table: Rules, seed: int, move_seed: int) -> None:
    """Each state of a random game, at any table, is written byte for byte as json writes its document."""
    states, _ = random_game(table, seed, move_seed)
    for state in states[:: max(1, len(states) // 8)] + [states[-1]]:
        assert to_json(state) == STATE.to_json(state) == _document_text(state)


@given(adversarial_positions())
def test_positions_a_stranger_sends_are_written_as_their_documents(state: GameState) -> None:
    """Positions with cards anywhere, flags at random and known cards are written as their documents."""
    assert to_json(state) == _document_text(state)


class _Count(int):
    """An int of another type, which the quick writer leaves to json."""


class _Seat(Seat):
    """A seat of another class, which the quick writer leaves to json."""


def _seat_like(seat: Seat) -> Seat:
    return _Seat(hand=seat.hand, up=seat.up, down=seat.down, known=seat.known)


def _with(state: GameState, **changes: Any) -> GameState:
    return attrs.evolve(state, **changes)


def test_values_of_other_types_are_written_the_general_way() -> None:
    """A bool or an int subclass in an int field, a list of cards, a seat subclass: no quick text, the same text."""
    state = new_game(Rules(players=3), seed=5)
    odd = [
        _with(state, turn=True),
        _with(state, turn=_Count(4)),
        _with(state, may_draw=1),
        _with(state, draw_pile=list(state.draw_pile)),
        _with(state, finished=(True,)),
        _with(state, seats=(_seat_like(state.seats[0]), *state.seats[1:])),
        _with(state, seats=list(state.seats)),
    ]
    for value in odd:
        assert state_text(value, STATE.name, 1) is None
        assert to_json(value) == _document_text(value)
    assert state_text(state, STATE.name, 1) == _document_text(state)


def test_known_cards_are_written_only_when_there_are_some() -> None:
    """A seat's ``known`` is left out at its default and written when it holds cards, as in the document."""
    state = new_game(Rules(players=2), seed=2)
    seat = state.seats[0]
    known = _with(state, seats=(attrs.evolve(seat, known=seat.hand[:1]), state.seats[1]))
    assert '"known"' not in to_json(state)
    assert f'"known": ["{seat.hand[0]}"]' in to_json(known)
    assert to_json(known) == _document_text(known)


@given(st.integers(min_value=0, max_value=3))
def test_indented_text_is_still_written_by_json(indent: int) -> None:
    """With an indent the text is json's own, as before."""
    state = new_game(Rules(players=2), seed=1)
    expected = json.dumps(to_dict(state), indent=indent, ensure_ascii=False, allow_nan=False)
    assert to_json(state, indent=indent) == expected


def test_a_rules_document_is_written_once_and_stays_exact() -> None:
    """Two states under equal rules share the rules' text; its JSON is the rules' document."""
    first = new_game(Rules(players=4, places=True), seed=1)
    second = new_game(Rules(players=4, places=True), seed=2)
    rules_text = json.dumps(to_dict(first)["rules"], ensure_ascii=False)
    assert rules_text in to_json(first) and rules_text in to_json(second)
    assert to_json(second) == _document_text(second)
