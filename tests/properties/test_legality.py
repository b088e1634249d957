"""Properties of legal_moves and apply: what is listed is accepted, the rest refused."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.properties.candidates import candidate_moves, colour_blind, holds
from tests.playouts import drawn_from, playout
from tests.strategies import base_rules, games, rules
from threeup3down import GameState, IllegalMoveError, Move, Phase, apply, legal_moves

RULE_ID = re.compile(r"[DSTPCFW][1-9]|O(1[01]|[1-9])")
"""The shape of a rule ID of the rules specification (D1 … W1, O1 … O11)."""
SAMPLING_PERIOD = 10
"""Besides every new situation, every this many decisions is checked against all candidates."""

Situation = tuple[object, ...]


def _situation(state: GameState) -> Situation:
    """What decides which kinds of move are legal: phase, place played from, flags, piles."""
    seat = state.seats[state.current_player]
    place = "hand" if seat.hand else "up" if seat.up else "down" if seat.down else "none"
    return (
        state.phase, place, state.swap_offered, state.may_draw, bool(state.owed_plays),
        bool(state.draw_pile), bool(state.discard_pile), len(seat.hand) < 3,
    )


def _refusal(state: GameState, move: Move) -> IllegalMoveError | None:
    """The error ``apply`` raises for ``move``, or ``None`` if it accepts it."""
    try:
        apply(state, move)
    except IllegalMoveError as error:
        return error
    return None


def _check_listing(state: GameState) -> None:
    """Listed moves are distinct and each is accepted."""
    listed = legal_moves(state)
    assert len(set(listed)) == len(listed), f"duplicates in {listed} at {state.notation()}"
    for move in listed:
        error = _refusal(state, move)
        assert error is None, f"listed {move} refused ({error}) at {state.notation()}"


def _check_candidates(state: GameState) -> None:
    """Unlisted candidates are refused with a rule ID, except moves that differ from a
    listed one only in colour, which are accepted (when held) while O7 is off."""
    listed = legal_moves(state)
    colour_free = not state.rules.same_colour_swap
    listed_blind = {colour_blind(move) for move in listed}
    for move in candidate_moves(state) - set(listed):
        error = _refusal(state, move)
        if colour_free and colour_blind(move) in listed_blind and holds(state, move):
            assert error is None, (
                f"{move}, a colour variant of a listed move, refused ({error}) at {state.notation()}"
            )
        else:
            assert error is not None, f"unlisted {move} accepted at {state.notation()}"
            assert RULE_ID.fullmatch(error.rule), f"{move} refused citing {error.rule!r}"
            assert error.rule == "W1" or not state.is_over, f"{move} refused for {error.rule} once over"


@pytest.mark.spec(
    "S3", "T2", "T3", "T4", "P1", "P2", "P3", "P4", "C2", "C3", "C5", "F1", "F2", "F3", "W1",
    "O2", "O7",
)
@given(games(st.one_of(base_rules(), rules())), st.data())
def test_listed_moves_are_exactly_the_accepted_ones(game: GameState, data: st.DataObject) -> None:
    """legal_moves lists "every distinct legal move of the player to move" once, apply accepts each, and "a move the rules do not allow raises IllegalMoveError naming the rule it breaks"."""
    seen: set[Situation] = set()
    state = game
    for decision, step in enumerate(playout(game, drawn_from(data))):
        state = step.before
        _check_listing(state)
        situation = _situation(state)
        if situation not in seen or decision % SAMPLING_PERIOD == 0:
            seen.add(situation)
            _check_candidates(state)
        state = step.after
    assert state.phase is Phase.OVER
    _check_candidates(state)
