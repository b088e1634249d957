"""Rules that meet in one turn: owed plays with forced draws, clears, 3UP and 3DOWN cards, and the C3 variants."""

from __future__ import annotations

import pytest

from tests.helpers import moves, play, position
from tests.spec.expect import canonical, refused
from threeup3down import ClearTwoDraw, Deck

TWO_CLEAR_PLUS_2 = "play 0 5r,C+2g,C+2g|7r,8r,9b|6g,1b,1r/2g,2r,2b|1g,1r,1b|3g,3g,3r 3b,4r,4b,4g 9r *"
"""Seat 0 holds both green Clear +2 of the literal deck and a 5; four cards to draw."""

CLEAR_AS_OWED = "play 0 4g,Cg,C+2g|5r,6r,7r|8g,1b,1r/2g,4b,10r|1g,1r,1b|3g,3r,3b 9b,10b 7b *"
"""Seat 0 holds a Clear +2, a Clear and a 4; two cards to draw."""


@pytest.mark.spec("C3", "C5", "C4", "C2")
def test_clear_plus_2_as_the_second_owed_play_of_a_clear_plus_2() -> None:
    """A Clear +2 made as the last owed play owes two more; an empty hand then draws first. Emptied again by three
    of a kind, the hand may draw again only under GH's ClearTwoDraw.EACH; under GR's FIRST the player picks up."""
    state = play(position(TWO_CLEAR_PLUS_2, deck=Deck.LITERAL), "C+2g", "5r", "C+2g")
    expected = "play 0 -|7r,8r,9b|6g,1b,1r/2g,2r,2b|1g,1r,1b|3g,3g,3r 3b,4r,4b,4g - * owed=2 draw"
    assert canonical(state) == position(expected, deck=Deck.LITERAL)
    assert moves(state) == ["draw"]
    assert refused(state, "^7r") == "C5"
    state = play(state, "draw", "4g,4r,4b")
    expected = "play 0 -|7r,8r,9b|6g,1b,1r/2g,2r,2b|1g,1r,1b|3g,3g,3r 3b - * owed=1"
    assert canonical(state) == position(expected, deck=Deck.LITERAL)
    assert moves(state) == ["pick"]
    after = play(state, "pick")
    expected = "play 1 3b|7r,8r,9b|6g,1b,1r/2g,2r,2b|1g,1r,1b|3g,3g,3r - - * turn=1"
    assert canonical(after) == position(expected, deck=Deck.LITERAL)
    each = {"deck": Deck.LITERAL, "clear_two_draw": ClearTwoDraw.EACH}
    state = play(position(TWO_CLEAR_PLUS_2, **each), "C+2g", "5r", "C+2g", "draw", "4g,4r,4b")
    assert moves(state) == ["draw"]
    after = play(state, "draw", "3b")
    expected = "play 1 -|7r,8r,9b|6g,1b,1r/2g,2r,2b|1g,1r,1b|3g,3g,3r - 3b * turn=1"
    assert canonical(after) == position(expected, **each)


@pytest.mark.spec("C3")
def test_a_clear_as_the_first_owed_play_and_the_early_draw() -> None:
    """After a Clear made as a Clear +2's first owed play, GR's default offers no draw (C3) and GH's variant offers one."""
    first = play(position(CLEAR_AS_OWED), "C+2g", "Cg")
    after = "play 0 4g|5r,6r,7r|8g,1b,1r/2g,4b,10r|1g,1r,1b|3g,3r,3b 9b,10b - * owed=1"
    assert canonical(first) == position(after)
    assert refused(first, "draw") == "C3"
    each = play(position(CLEAR_AS_OWED, clear_two_draw=ClearTwoDraw.EACH), "C+2g", "Cg")
    assert canonical(each) == position(after + " draw", clear_two_draw=ClearTwoDraw.EACH)
    assert moves(each) == ["draw", "4g"]


@pytest.mark.spec("C3", "C5", "F1", "F2", "F3", "F4")
def test_owed_plays_go_from_hand_to_3up_to_3down() -> None:
    """With the draw pile empty, a Clear +2 laid as the last hand card is followed by a 3UP play, then a flip."""
    state = play(position("play 0 C+2g|4g|3r,9b,1b/2g,5g|-|- - 9r *"), "C+2g")
    assert moves(state) == ["^4g"]
    state = play(state, "^4g")
    assert moves(state) == ["v0", "v1", "v2"]
    assert canonical(play(state, "v1")) == position("play 1 -|-|3r,1b/2g,5g|-|- - 4g,9b * turn=1")
    assert canonical(play(state, "v0")) == position("play 1 3r,4g|-|9b,1b/2g,5g|-|- - - * turn=1 known=4g/-")


@pytest.mark.spec("C4", "F3", "C5")
def test_a_flip_completes_three_of_a_kind() -> None:
    """A 3DOWN card turned over as an owed play can make three of a kind, which clears the pile and ends the turn."""
    state = play(position("play 0 -|6r,6b,C+2g|6g,2r,1b/2g,5g|-|- - 9r *"), "^C+2g", "^6r,6b")
    after = play(state, "v0")
    assert canonical(after) == position("play 1 -|-|2r,1b/2g,5g|-|- - - * turn=1")
