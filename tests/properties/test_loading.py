"""Whatever loads can be played: the loading property over adversarial positions.

A position read from notation or JSON may come from anywhere. Loading checks
it (:func:`~threeup3down.core.validation.position_problems`); the promise is that
a position that passes is one the engine can play on: every listed move is
accepted by :func:`~threeup3down.apply`, and every successor passes the same
checks, so it loads again.
"""

from __future__ import annotations

from hypothesis import event, given, settings

from tests.strategies import adversarial_positions
from threeup3down import GameState, apply, legal_moves
from threeup3down.core.state import parse_position
from threeup3down.formats.serialization import STATE, from_json, to_json
from threeup3down.core.validation import position_problems


@settings(max_examples=400)
@given(adversarial_positions())
def test_every_loadable_position_is_playable(state: GameState) -> None:
    """A position that loads lists moves exactly while not over; each is accepted and its result loads."""
    if position_problems(state):
        event("refused")
        return
    event("loaded")
    assert parse_position(state.notation(), state.rules) == state
    assert from_json(to_json(state), STATE) == state
    moves = legal_moves(state)
    assert bool(moves) is not state.is_over
    for move in moves:
        after = apply(state, move)
        assert position_problems(after) == (), (state.notation(), str(move))
        assert parse_position(after.notation(), after.rules) == after
