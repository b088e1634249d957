"""The builders derived from an attrs declaration make exactly what the constructor makes."""

from __future__ import annotations

import copy
import inspect
import pickle
import weakref
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.strategies import adversarial_positions, games, rules
from threeup3down import GameState, Rules, Seat, format_cards
from threeup3down.core._builders import Slotted, builder
from threeup3down.core.state import make_seat, make_state


def _fields(value: GameState | Seat) -> dict[str, Any]:
    return {field.name: getattr(value, field.name) for field in attrs.fields(type(value))}


@given(st.one_of(games(rules()), adversarial_positions()))
def test_built_states_and_seats_are_the_constructors_values(state: GameState) -> None:
    """Built from the same fields, a state and its seats have the type, fields, equality,
    hash, repr, copies and pickles of the values the public constructors make."""
    seats = tuple(make_seat(**_fields(seat)) for seat in state.seats)
    built = make_state(**{**_fields(state), "seats": seats})
    public = GameState(**_fields(state))
    pairs: list[tuple[GameState | Seat, GameState | Seat]] = [(built, public), *zip(seats, state.seats)]
    for made, expected in pairs:
        assert type(made) is type(expected)
        assert _fields(made) == _fields(expected)
        assert made == expected and hash(made) == hash(expected) and repr(made) == repr(expected)
        assert pickle.loads(pickle.dumps(made)) == expected
        assert copy.copy(made) == expected
        assert weakref.ref(made)() is made


def test_built_values_are_frozen() -> None:
    """Every field of a built state or seat refuses assignment, as the constructor's do."""
    seat = make_seat(hand=(), up=(), down=(), known=())
    for field in attrs.fields(Seat):
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            setattr(seat, field.name, ())


def test_a_builder_takes_what_the_constructor_takes() -> None:
    """The parameters of a builder are those of the class's __init__: names, order, defaults."""
    for cls, made in ((GameState, make_state), (Seat, make_seat)):
        expected = [
            (parameter.name, parameter.default)
            for parameter in inspect.signature(cls).parameters.values()
        ]
        assert [(p.name, p.default) for p in inspect.signature(made).parameters.values()] == expected


@given(st.integers(), st.integers())
def test_a_builder_by_position_and_by_keyword_alike(x: int, y: int) -> None:
    """Positional and keyword arguments, and defaults, fill the fields as the constructor does."""

    @attrs.frozen(cache_hash=True)
    class Point(Slotted):
        x: int
        y: int = 0

    make_point = builder(Point)
    assert make_point(x, y) == make_point(x=x, y=y) == Point(x, y)
    assert make_point(x) == Point(x) and hash(make_point(x)) == hash(Point(x))


def test_a_builder_refuses_classes_whose_constructor_does_more() -> None:
    """Converters, validators, factories, a post-init hook or another base would be bypassed."""

    @attrs.frozen
    class Converted(Slotted):
        x: int = attrs.field(converter=int)

    @attrs.frozen
    class Validated(Slotted):
        x: int = attrs.field(validator=attrs.validators.instance_of(int))

    @attrs.frozen
    class Factory(Slotted):
        x: list[int] = attrs.field(factory=list)

    @attrs.frozen
    class Hooked(Slotted):
        x: int

        def __attrs_post_init__(self) -> None:
            pass

    @attrs.frozen
    class Unslotted:
        x: int

    for cls in (Converted, Validated, Factory, Hooked, Unslotted, int):
        with pytest.raises(TypeError):
            builder(cls)


def test_a_state_reads_as_its_position_notation() -> None:
    """str() of a state is its position notation, and repr() names the class around it."""
    state = GameState.from_notation("play 0 7r,9g|-|-/8b|-|- - 8g *", Rules(players=2))
    assert str(state) == state.notation() == "play 0 7r,9g|-|-/8b|-|- - 8g " + format_cards(state.out_of_game)
    assert repr(state) == f"<GameState {state.notation()!r}>"
