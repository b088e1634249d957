"""Engine-made states are plain GameState values, however the engine builds them."""

from __future__ import annotations

import pickle

import attrs
import pytest

from tests.playouts import random_game
from threeup3down import (
    ChooseUp,
    ClearTwoDraw,
    GameState,
    Phase,
    Rules,
    Seat,
    apply,
    from_json,
    legal_moves,
    new_game,
    to_json,
)
from threeup3down.core.deal import deal_from
from threeup3down.formats.serialization import STATE

TABLES = [
    Rules(players=2),
    Rules(players=4),
    Rules(players=6),
    Rules(
        players=4,
        clear_two_draw=ClearTwoDraw.EACH,
        places=True,
        draw_instead=True,
        reverse_on_one=True,
        pile_swap=True,
        chosen_faces=True,
        same_colour_swap=True,
    ),
]


def _rebuilt(state: GameState) -> GameState:
    """``state`` made again through the public constructors, field by field."""
    fields = attrs.asdict(state, recurse=False)
    fields["seats"] = tuple(Seat(**attrs.asdict(seat, recurse=False)) for seat in state.seats)
    fields["rules"] = Rules(**attrs.asdict(state.rules, recurse=False))
    return GameState(**fields)


@pytest.mark.parametrize("rules", TABLES, ids=lambda rules: f"{rules.players}p")
def test_engine_states_are_game_state_values(rules: Rules) -> None:
    """Every state of a played game is exactly a GameState with exactly Seat seats, equal
    to and hashing like the same value built publicly, also after a pickle round trip."""
    states, _ = random_game(rules, seed=11, move_seed=12)
    assert len(states) > 20
    for state in states:
        assert type(state) is GameState
        assert all(type(seat) is Seat for seat in state.seats)
        twin = _rebuilt(state)
        assert twin == state and not twin != state
        assert hash(twin) == hash(state) == hash(state)
        assert {twin: 1}[state] == 1
        copied = pickle.loads(pickle.dumps(state))
        assert copied == state and hash(copied) == hash(state)


@pytest.mark.parametrize("rules", TABLES, ids=lambda rules: f"{rules.players}p")
def test_states_read_from_json_are_game_state_values(rules: Rules) -> None:
    """A state read from JSON (built through the same private path) is exactly a
    GameState with exactly Seat seats, equal to and hashing like the public build,
    and frozen."""
    states, _ = random_game(rules, seed=13, move_seed=14)
    for state in states[::5]:
        read = from_json(to_json(state), STATE)
        assert type(read) is GameState
        assert all(type(seat) is Seat for seat in read.seats)
        twin = _rebuilt(state)
        assert read == twin == state and hash(read) == hash(twin)
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            read.turn = 0  # type: ignore[misc]
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            read.seats[0].hand = ()  # type: ignore[misc]


@pytest.mark.parametrize("rules", TABLES, ids=lambda rules: f"{rules.players}p")
def test_dealt_states_are_frozen_game_state_values(rules: Rules) -> None:
    """A state dealt by new_game or deal_from (built through the private path) is
    exactly a GameState with exactly Seat seats, equal to and hashing like the
    public build, with the defaults of a new game, and frozen."""
    dealt = new_game(rules, seed=17)
    swap = tuple((seat + 1) % rules.players for seat in range(rules.players)) if rules.pile_swap else ()
    for state in (dealt, deal_from(rules, rules.deck_cards(), pile_swap=swap)):
        assert type(state) is GameState
        assert all(type(seat) is Seat for seat in state.seats)
        twin = _rebuilt(state)
        assert twin == state and hash(twin) == hash(state)
        assert (state.owed_plays, state.may_draw, state.swap_offered, state.direction, state.turn) == (
            0, False, False, 1, 0
        )
        assert state.discard_pile == state.out_of_game == () and state.finished == ()
        assert (state.phase.value, state.current_player, state.first_player) == ("setup", 0, 0)
        assert state.pile_swap == (swap if state is not dealt or not swap else dealt.pile_swap)
        assert all(seat.up == seat.known == () for seat in state.seats)
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            state.turn = 1  # type: ignore[misc]
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            state.seats[0].hand = ()  # type: ignore[misc]


def test_states_that_differ_are_unequal_even_when_hashed_first() -> None:
    """A cached hash never makes two different positions equal: each differs from the next."""
    states, _ = random_game(Rules(players=3), seed=5, move_seed=6)
    for before, after in zip(states, states[1:]):
        hash(before), hash(after)
        assert before != after


def test_engine_states_are_frozen() -> None:
    """Assigning any field of an engine-made state or seat raises FrozenInstanceError."""
    states, _ = random_game(Rules(players=2), seed=3, move_seed=4)
    state = states[len(states) // 2]
    hash(state)
    for field in attrs.fields(GameState):
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            setattr(state, field.name, getattr(state, field.name))
    for field in attrs.fields(Seat):
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            setattr(state.seats[0], field.name, ())
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        state.rules.players = 3  # type: ignore[misc]


def test_constructor_made_and_unpickled_seats_hash_like_engine_made_ones() -> None:
    """A seat or state made by the public constructor, or unpickled, has no hash
    cached yet; hashing it gives the same value as the engine-made twin."""
    states, _ = random_game(Rules(players=4), seed=21, move_seed=22)
    for state in states[::10]:
        for seat in state.seats:
            public = Seat(hand=seat.hand, up=seat.up, down=seat.down, known=seat.known)
            assert hash(public) == hash(seat) == hash(pickle.loads(pickle.dumps(seat)))
        assert hash(attrs.evolve(state)) == hash(state)


@pytest.mark.parametrize("rules", [Rules(players=2), Rules(players=6), Rules(players=3, same_colour_swap=True)])
def test_listed_3up_choices_are_choose_up_values(rules: Rules) -> None:
    """Every 3UP choice the engine lists is exactly the ChooseUp its constructor
    makes of those cards: type, equality, hash, repr, pickling and frozenness."""
    for seed in range(5):
        state = new_game(rules, seed=seed)
        while state.phase is Phase.SETUP:
            moves = legal_moves(state)
            for move in moves:
                assert type(move) is ChooseUp
                made = ChooseUp(move.cards)
                assert move == made and hash(move) == hash(made) and repr(move) == repr(made)
                assert pickle.loads(pickle.dumps(move)) == move
                with pytest.raises(attrs.exceptions.FrozenInstanceError):
                    move.cards = ()  # type: ignore[misc]
            state = apply(state, moves[-1])
