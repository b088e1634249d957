"""Properties of position notation: every reachable position reads back as itself."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tests.playouts import drawn_from, playout
from tests.strategies import base_rules, games, rules
from threeup3down import GameState


def _check_round_trip(state: GameState) -> None:
    """``state`` written in notation and read back is ``state``."""
    text = state.notation()
    assert GameState.from_notation(text, state.rules) == state, text


@given(games(st.one_of(base_rules(), rules())), st.data())
def test_every_reachable_position_round_trips(game: GameState, data: st.DataObject) -> None:
    """Position notation writes "a whole game state on one line", so every position a game reaches reads back from its notation as the same state."""
    _check_round_trip(game)
    for step in playout(game, drawn_from(data)):
        _check_round_trip(step.after)
