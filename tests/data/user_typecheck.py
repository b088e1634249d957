"""A user's file, type-checked from outside the repository by .ci/run: mypy must
find the installed package's types (py.typed), not treat it as missing."""

from __future__ import annotations

from typing import assert_type

from threeup3down import GameState, Move, Rules, legal_moves, new_game

state = new_game(Rules(players=2), seed=1)
assert_type(state, GameState)
assert_type(legal_moves(state), tuple[Move, ...])
