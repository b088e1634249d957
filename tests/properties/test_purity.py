"""Properties of apply as a function: it changes nothing it is given and always agrees with itself."""

from __future__ import annotations

import attrs
from hypothesis import given
from hypothesis import strategies as st

from tests.playouts import decision_budget, drawn_from
from tests.strategies import base_rules, games, rules
from threeup3down import GameState, apply, legal_moves


def _snapshot(state: GameState) -> tuple[object, ...]:
    """Every value ``state`` holds, down to each seat's cards, detached from ``state``."""
    seats = tuple((seat.hand, seat.up, seat.down) for seat in state.seats)
    return attrs.astuple(state, recurse=False), seats, attrs.astuple(state.rules, recurse=False)


@given(games(st.one_of(base_rules(), rules())), st.data())
def test_apply_is_pure_and_deterministic(game: GameState, data: st.DataObject) -> None:
    """apply "makes new states and never changes one": the state it is given is untouched, and the same state and move always give the same next state."""
    state = game
    budget = decision_budget(game)
    assert budget is not None, "the strategies always set a turn limit (O10)"
    choose = drawn_from(data)
    for _ in range(budget):
        moves = legal_moves(state)
        if not moves:
            break
        before = _snapshot(state)
        move = choose(moves)
        after = apply(state, move)
        assert _snapshot(state) == before, f"{move} changed {state.notation()}"
        assert apply(state, move) == after, f"{move} in {state.notation()}"
        assert legal_moves(state) == moves
        state = after
    assert state.is_over
