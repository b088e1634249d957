"""Rules at their edges: a 3UP card equal to the top card, a player going out with cards still to draw,
public knowledge across a same-colour swap, and :func:`is_legal` agreeing with the listed moves."""

from __future__ import annotations

import pytest

from tests.helpers import moves, play, position
from tests.spec.expect import exact_position
from threeup3down import GameState, is_legal, legal_moves, parse_cards, parse_move

RUN = "play 0 8g,9r,Cb|2r,3b|4b,1b,1b/9b,10r|-|- 5b 5g,6g,7g * known=9r,Cb/-"
"""Three greens on the pile; every player saw 9r and Cb go into seat 0's hand."""


@pytest.mark.spec("T2", "P2")
def test_a_3up_card_equal_to_the_top_card_is_a_play() -> None:
    """P2 lets a card equal the top card: 7r from 3UP on a 7b is the only move, and picking up is refused (T2)."""
    state = position("play 0 -|5g,7r|3g,1b,1b/5r,6b,8r|-|- - 7b *")
    assert moves(state) == ["^7r"]
    assert not is_legal(state, parse_move("pick"))


@pytest.mark.spec("W1", "O1")
def test_going_out_with_cards_still_to_draw() -> None:
    """W1: a player left with no cards goes out at that moment, even with a draw pile; under O1 they draw nothing
    and play passes to the next seat."""
    state = position("play 0 9b|-|-/5g,5r,5b|-|-/4g,4r,7r|-|- 2g,3g 6b * owed=1", places=True)
    after = play(state, "9b")
    assert after.finished == (0,)
    assert after.seats[0].hand == ()
    assert after.draw_pile == parse_cards("2g,3g")
    assert after.current_player == 1
    assert after.discard_pile == parse_cards("6b,9b")


@pytest.mark.spec("O7")
def test_a_swap_changes_what_every_player_knows() -> None:
    """O7: the hand card swapped onto the 3UP cards is seen leaving and the 3UP card seen going in, so the known
    cards of the hand lose 9r and gain 2r; the card drawn afterwards (T4) stays private."""
    after = play(position(RUN, same_colour_swap=True), "8g", "swap:9r/2r")
    assert after.seats[0].hand == parse_cards("2r,5b,Cb")
    assert after.seats[0].known == parse_cards("2r,Cb")


@pytest.mark.spec("O7")
def test_keeping_changes_nothing_known() -> None:
    """O7: declining the swap moves no card, so the known cards of the hand stay 9r and Cb."""
    after = play(position(RUN, same_colour_swap=True), "8g", "keep")
    assert after.seats[0].known == parse_cards("9r,Cb")


LISTED = [
    pytest.param(
        exact_position("setup 0 2g,2r,5b,9g,Cb,C+1r|-|3g,3r,3b/4g,4r,4b,6g,6r,6b|-|7g,7r,7b 8g,8r - *"), id="setup"
    ),
    pytest.param(position("play 0 4g,7g,7r,Cb|-|-/9b|-|- - 5r *"), id="plays"),
    pytest.param(position("play 0 4g|-|-/5g,5r,5b|-|- 2g 9b *", draw_instead=True), id="pick up"),
    pytest.param(position("play 0 4g,7r,9b|-|-/5g,5r,5b|-|- 2g 6b *", draw_instead=True), id="take"),
    pytest.param(position("play 0 -|9g|3b,1b,1b/5g,6b,8r|-|- 2r,3r 5r * owed=1 draw"), id="draw"),
    pytest.param(position("play 0 -|-|3g,1b,1b/5g,5r,6b|-|- - 2b *"), id="flips"),
    pytest.param(play(position(RUN, same_colour_swap=True), "8g"), id="swaps"),
]


@pytest.mark.spec("T1")
@pytest.mark.parametrize("state", LISTED)
def test_every_listed_move_is_legal(state: GameState) -> None:
    """Every move :func:`legal_moves` lists, in every kind of turn, is one :func:`is_legal` accepts."""
    listed = legal_moves(state)
    assert listed
    assert all(is_legal(state, move) for move in listed)
