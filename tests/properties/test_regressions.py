"""Minimal positions for failures the property tests found, kept as plain spec tests."""

from __future__ import annotations

import pytest

from tests.helpers import moves, play, position
from threeup3down import Card, GameState, IllegalMoveError, Swap, apply


@pytest.mark.spec("O1")
def test_settled_places_round_trip_through_notation() -> None:
    """O1: once places are settled the last seat, still "holding cards", is listed last, and that finished position reads back from its notation."""
    state = play(position("play 1 5g|-|-/-|-|9r - 4b *", places=True), "v0")
    assert state.is_over and state.places == (1, 0) and not state.is_stalemate
    assert state.seats[0].hand
    assert GameState.from_notation(state.notation(), state.rules) == state


@pytest.mark.spec("O7", "D3")
def test_a_twin_swap_is_refused() -> None:
    """O7, D3: swapping a hand card for an identical 3UP card is not a listed move, so apply refuses it like any unlisted move."""
    state = position("play 0 4b,5g|4b,7g|1b,1r,1r/9r,9g,9b|-|- - 1b,2b,3b,5b * swap", same_colour_swap=True)
    assert moves(state) == ["swap:4b/7g", "swap:5g/4b", "swap:5g/7g", "keep"]
    with pytest.raises(IllegalMoveError):
        apply(state, Swap(Card.BLUE_4, Card.BLUE_4))
