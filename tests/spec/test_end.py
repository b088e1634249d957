"""W1: the first player with no cards left wins, at once."""

from __future__ import annotations

import pytest

from tests.helpers import moves, play, position
from tests.spec.expect import canonical, refused
from threeup3down import GameState, Rules, apply, legal_moves, new_game

THREE_SEATS = "5g,5r,6b|-|-/7g,8g,8r|-|-"
"""The two other seats of a three-player table, both still holding cards."""


@pytest.mark.spec("W1")
def test_last_hand_card_wins() -> None:
    """Playing the last card wins at once and ends the game, though the others still hold cards."""
    state = position(f"play 0 9r|-|-/{THREE_SEATS} - 7b *")
    assert moves(state) == ["9r"]
    after = play(state, "9r")
    assert canonical(after) == position(f"over 0 -|-|-/{THREE_SEATS} - 7b,9r * turn=1 fin=0")
    assert after.is_over
    assert after.winner == 0
    assert after.places == (0,)
    assert not after.is_stalemate
    assert moves(after) == []


@pytest.mark.spec("W1", "F2")
def test_last_3up_cards_do_not_win() -> None:
    """Playing the last 3UP cards leaves the three 3DOWN cards, still to be played (F2): play goes on."""
    after = play(position(f"play 0 -|6g,6r|2b,3b,9b/{THREE_SEATS} - 4b *"), "^6g,6r")
    assert canonical(after) == position(f"play 1 -|-|2b,3b,9b/{THREE_SEATS} - 4b,6g,6r * turn=1")


@pytest.mark.spec("W1", "F3")
def test_last_3down_card_wins() -> None:
    """Turning over the last 3DOWN card and playing it wins."""
    after = play(position(f"play 2 {THREE_SEATS}/-|-|9r - 7b *"), "v0")
    assert canonical(after) == position(f"over 2 {THREE_SEATS}/-|-|- - 7b,9r * turn=1 fin=2")


@pytest.mark.spec("W1", "F4")
def test_failed_last_flip_does_not_win() -> None:
    """A last 3DOWN card that cannot be played is picked up with the pile: the game goes on."""
    after = play(position(f"play 2 {THREE_SEATS}/-|-|3r - 7b *"), "v0")
    assert canonical(after) == position(f"play 0 {THREE_SEATS}/3r,7b|-|- - - * turn=1 known=-/-/7b")


@pytest.mark.spec("W1", "C4")
def test_win_with_a_clearing_play() -> None:
    """A last card that clears the pile (three of a kind) still wins."""
    after = play(position("play 1 7g,8g,8r|-|-/5b|-|- - 5g,5r *"), "5b")
    assert canonical(after) == position("over 1 7g,8g,8r|-|-/-|-|- - - * turn=1 fin=1")


@pytest.mark.spec("W1")
@pytest.mark.parametrize("move", ["9r", "pick", "draw", "v0", "^9r", "up:5g,5r,6b", "take", "keep"])
def test_no_move_after_the_game_is_over(move: str) -> None:
    """Every move on a finished game is refused, and the game stays as it was."""
    state = play(position(f"play 0 9r|-|-/{THREE_SEATS} - 7b *"), "9r")
    assert refused(state, move) == "W1"


@pytest.mark.spec("W1")
@pytest.mark.parametrize("seed", range(4))
def test_dealt_games_end_with_a_winner_out_of_cards(seed: int) -> None:
    """A dealt game played to its end (always the first listed move) has one winner, who holds no cards."""
    state: GameState = new_game(Rules(players=3, turn_limit=None), seed=seed)
    while legal_moves(state):
        state = apply(state, legal_moves(state)[0])
    assert state.is_over
    assert state.winner is not None
    assert state.places == (state.winner,)
    assert state.seats[state.winner].card_count == 0
    assert all(seat.card_count for number, seat in enumerate(state.seats) if number != state.winner)
