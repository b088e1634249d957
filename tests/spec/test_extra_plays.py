"""C2, C3, C5, C7: the extra plays owed for a Clear +1 or Clear +2, and the early draw."""

from __future__ import annotations

import pytest

from tests.helpers import moves, play, position
from tests.spec.expect import canonical, refused
from threeup3down import ClearTwoDraw, parse_cards

CLEAR_PLUS_1 = "play 0 2g,9b,C+1r|-|-/5g,5r,5b|-|- 3g,4g,6g 7r *"
"""Seat 0 holds a Clear +1 and two numbers; the draw pile has three cards (6g on top)."""

CLEAR_PLUS_2 = "play 0 4g,8b,C+2g|-|-/5g,5r,5b|-|- 2r,3r,6r 7b *"
"""Seat 0 holds the Clear +2 and two numbers; the draw pile has three cards (6r on top)."""


@pytest.mark.spec("C2")
def test_clear_plus_1_clears_and_owes_one_play() -> None:
    """A Clear +1 clears the pile, and the same player owes one more play, with the early draw on offer."""
    after = play(position(CLEAR_PLUS_1), "C+1r")
    assert canonical(after) == position("play 0 2g,9b|-|-/5g,5r,5b|-|- 3g,4g,6g - * owed=1 draw")
    assert moves(after) == ["draw", "2g", "9b"]


@pytest.mark.spec("C2", "T4")
def test_early_draw_uses_no_play() -> None:
    """The early draw fills the hand to 3 from the top of the draw pile; the play is still owed, and no second draw."""
    after = play(position(CLEAR_PLUS_1), "C+1r", "draw")
    assert canonical(after) == position("play 0 2g,6g,9b|-|-/5g,5r,5b|-|- 3g,4g - * owed=1")
    assert moves(after) == ["2g", "6g", "9b"]
    assert refused(after, "draw") == "T4"
    after = play(after, "2g")
    assert canonical(after) == position("play 1 4g,6g,9b|-|-/5g,5r,5b|-|- 3g 2g * turn=1")


@pytest.mark.spec("C2", "T1", "T4")
def test_declining_the_early_draw() -> None:
    """A player may make the owed play without drawing early; the turn then ends with the usual draw."""
    after = play(position(CLEAR_PLUS_1), "C+1r", "2g")
    assert canonical(after) == position("play 1 4g,6g,9b|-|-/5g,5r,5b|-|- 3g 2g * turn=1")


@pytest.mark.spec("C2")
def test_no_early_draw_with_three_in_hand() -> None:
    """The early draw is not offered to a player still holding 3 cards, and is refused."""
    after = play(position("play 0 2g,4g,9b,C+1r|-|-/5g,5r,5b|-|- 3g,6g 7r *"), "C+1r")
    assert after.owed_plays == 1
    assert moves(after) == ["2g", "4g", "9b"]
    assert refused(after, "draw") == "T4"


@pytest.mark.spec("C2")
def test_no_early_draw_from_an_empty_draw_pile() -> None:
    """The early draw is not offered when the draw pile is empty, and is refused."""
    after = play(position("play 0 2g,9b,C+1r|-|3g/5g,5r,5b|-|- - 7r *"), "C+1r")
    assert after.owed_plays == 1
    assert moves(after) == ["2g", "9b"]
    assert refused(after, "draw") == "T4"


@pytest.mark.spec("C2", "C5")
def test_clear_plus_1_as_an_owed_play() -> None:
    """A Clear +1 made as an owed play owes its own play, and the early draw is offered again."""
    state = position("play 0 9b,C+1g,C+1r|-|-/5g,5r,5b|-|- 3g,4g,6g 7r *")
    state = play(state, "C+1g")
    assert moves(state) == ["draw", "9b", "C+1r"]
    after = play(state, "C+1r")
    assert canonical(after) == position("play 0 9b|-|-/5g,5r,5b|-|- 3g,4g,6g - * owed=1 draw")
    assert moves(after) == ["draw", "9b"]


@pytest.mark.spec("C3")
def test_clear_plus_2_owes_two_plays() -> None:
    """A Clear +2 clears the pile and owes two more plays, with the early draw on offer."""
    after = play(position(CLEAR_PLUS_2), "C+2g")
    assert canonical(after) == position("play 0 4g,8b|-|-/5g,5r,5b|-|- 2r,3r,6r - * owed=2 draw")
    assert moves(after) == ["draw", "4g", "8b"]


@pytest.mark.spec("C3", "C5")
def test_clear_plus_2_draw_then_two_plays() -> None:
    """After the early draw, the first extra play lands on the empty pile and the second must match or beat it."""
    state = play(position(CLEAR_PLUS_2), "C+2g", "draw")
    assert canonical(state) == position("play 0 4g,6r,8b|-|-/5g,5r,5b|-|- 2r,3r - * owed=2")
    assert moves(state) == ["4g", "6r", "8b"]
    state = play(state, "6r")
    assert canonical(state) == position("play 0 4g,8b|-|-/5g,5r,5b|-|- 2r,3r 6r * owed=1")
    assert moves(state) == ["8b"]
    assert refused(state, "draw") == "C3"
    assert refused(state, "4g") == "P2"
    after = play(state, "8b")
    assert canonical(after) == position("play 1 2r,3r,4g|-|-/5g,5r,5b|-|- - 6r,8b * turn=1")


@pytest.mark.spec("C3")
def test_clear_plus_2_draw_only_before_the_first_play() -> None:
    """A player who made the first extra play without drawing may not draw before the second."""
    state = play(position(CLEAR_PLUS_2), "C+2g", "4g")
    assert canonical(state) == position("play 0 8b|-|-/5g,5r,5b|-|- 2r,3r,6r 4g * owed=1")
    assert moves(state) == ["8b"]
    assert refused(state, "draw") == "C3"


@pytest.mark.spec("C3")
def test_clear_plus_2_draw_before_each_play_variant() -> None:
    """With GH's variant the early draw is offered again before the second extra play."""
    state = play(position(CLEAR_PLUS_2, clear_two_draw=ClearTwoDraw.EACH), "C+2g", "4g")
    assert moves(state) == ["draw", "8b"]
    after = play(state, "draw")
    assert after.seats[0].hand == parse_cards("3r,6r,8b")


@pytest.mark.spec("C5", "T2")
def test_extra_plays_are_compulsory() -> None:
    """An owed play cannot be passed up for a pick-up; the first lands on an empty pile, so any card plays."""
    state = play(position(CLEAR_PLUS_1), "C+1r")
    assert refused(state, "pick") == "T2"
    assert "2g" in moves(state)


@pytest.mark.spec("C5", "T3")
def test_pick_up_forfeits_owed_plays() -> None:
    """A player who cannot make the second extra play picks up; the turn ends and nothing more is owed."""
    state = play(position("play 0 2g,9b,C+2g|-|-/5g,5r,5b|-|- 3r,6g - *"), "C+2g", "9b")
    assert state.owed_plays == 1
    assert moves(state) == ["pick"]
    after = play(state, "pick")
    assert after.owed_plays == 0
    assert after.current_player == 1
    assert canonical(after) == position("play 1 2g,6g,9b|-|-/5g,5r,5b|-|- 3r - * turn=1")


@pytest.mark.spec("C5", "C1")
def test_clear_during_extra_plays_keeps_the_rest_owed() -> None:
    """A Clear made as the first extra play of a Clear +2 clears the pile, and one play is still owed."""
    state = position("play 0 4g,8b,Cb,C+2g|-|-/5g,5r,5b|-|- 2r,3r,6r 7b *")
    state = play(state, "C+2g", "Cb")
    assert canonical(state) == position("play 0 4g,8b|-|-/5g,5r,5b|-|- 2r,3r,6r - * owed=1")
    assert moves(state) == ["4g", "8b"]
    assert refused(state, "draw") == "C3"
    after = play(state, "4g")
    assert canonical(after) == position("play 1 3r,6r,8b|-|-/5g,5r,5b|-|- 2r 4g * turn=1")


@pytest.mark.spec("C5", "C4")
def test_three_of_a_kind_during_extra_plays_keeps_the_rest_owed() -> None:
    """Three of a kind made as the first extra play of a Clear +2 clears the pile, and one play is still owed."""
    state = position("play 0 2g,8g,8r,8b,C+2g|-|3g/5g,5r,5b|-|- 2r,3r 7b *")
    state = play(state, "C+2g", "8g,8r,8b")
    assert canonical(state) == position("play 0 2g|-|3g/5g,5r,5b|-|- 2r,3r - * owed=1")
    assert moves(state) == ["2g"]
    after = play(state, "2g")
    assert canonical(after) == position("play 1 2r,3r|-|3g/5g,5r,5b|-|- - 2g * turn=1")


@pytest.mark.spec("C5", "C2", "C3")
def test_clear_plus_2_as_an_owed_play_adds_two() -> None:
    """A Clear +2 made as the extra play of a Clear +1 owes two more plays, with the early draw offered again."""
    state = position("play 0 9b,C+1r,C+2g|-|-/5g,5r,5b|-|- 3g,4g,6g 7r *")
    state = play(state, "C+1r", "C+2g")
    assert canonical(state) == position("play 0 9b|-|-/5g,5r,5b|-|- 3g,4g,6g - * owed=2 draw")
    state = play(state, "draw", "4g")
    assert canonical(state) == position("play 0 6g,9b|-|-/5g,5r,5b|-|- 3g 4g * owed=1")
    assert refused(state, "draw") == "C3"
    after = play(state, "6g")
    assert canonical(after) == position("play 1 3g,9b|-|-/5g,5r,5b|-|- - 4g,6g * turn=1")


@pytest.mark.spec("C5")
def test_empty_hand_must_draw_before_an_owed_play() -> None:
    """A player owing a play with an empty hand and a non-empty draw pile must draw; nothing else is allowed."""
    state = position("play 0 5r,5b,C+2g|9g|3b,1b,1b/5g,6b,8r|-|- 2r,3r,6r,7g 9r *")
    state = play(state, "C+2g", "5r,5b")
    assert canonical(state) == position("play 0 -|9g|3b,1b,1b/5g,6b,8r|-|- 2r,3r,6r,7g 5r,5b * owed=1")
    assert moves(state) == ["draw"]
    for move in ["^9g", "v0", "pick", "5r"]:
        assert refused(state, move) == "C5"
    state = play(state, "draw")
    assert canonical(state) == position("play 0 3r,6r,7g|9g|3b,1b,1b/5g,6b,8r|-|- 2r 5r,5b * owed=1")
    assert moves(state) == ["6r", "7g"]
    after = play(state, "6r")
    assert canonical(after) == position("play 1 2r,3r,7g|9g|3b,1b,1b/5g,6b,8r|-|- - 5r,5b,6r * turn=1")


@pytest.mark.spec("C7", "W1")
def test_last_card_wins_while_plays_are_owed() -> None:
    """A Clear +1 played as the last card wins at once, though it owes a play."""
    state = play(position("play 0 C+1r,C+2g|-|-/5g,5r,5b|-|- - 7b *"), "C+2g")
    assert state.owed_plays == 2
    after = play(state, "C+1r")
    assert canonical(after) == position("over 0 -|-|-/5g,5r,5b|-|- - - * turn=1 fin=0")
    assert after.winner == 0
    assert moves(after) == []


@pytest.mark.spec("C7", "W1", "F3")
def test_last_3down_clear_plus_1_wins() -> None:
    """Turning over a Clear +1 as the last 3DOWN card wins at once."""
    after = play(position("play 0 -|-|C+1r/5g,5r,5b|-|- - 7b *"), "v0")
    assert canonical(after) == position("over 0 -|-|-/5g,5r,5b|-|- - - * turn=1 fin=0")


@pytest.mark.spec("C7", "W1", "F3")
def test_last_3down_clear_plus_2_wins() -> None:
    """The Clear +2 turned over as the last 3DOWN card, once the 3UP cards are gone, wins at once."""
    after = play(position("play 0 -|-|C+2g/5g,5r,5b|-|- - 7b *"), "v0")
    assert after.is_over
    assert after.winner == 0
