"""C1, C4, C6: Clear cards and three of a kind clear the discard pile out of the game."""

from __future__ import annotations

from collections import Counter

import pytest

from tests.helpers import moves, play, position
from tests.spec.expect import canonical
from threeup3down import parse_cards


@pytest.mark.spec("C1", "C6")
def test_clear_removes_the_pile_and_ends_the_turn() -> None:
    """A Clear takes the pile and itself out of the game; the turn ends with the draw."""
    state = position("play 0 4g,9r,Cb|-|-/5g,5r,5b|-|- 2g,3g 6b,7r *")
    assert moves(state) == ["9r", "Cb"]
    after = play(state, "Cb")
    assert canonical(after) == position("play 1 3g,4g,9r|-|-/5g,5r,5b|-|- 2g - * turn=1")
    assert Counter(after.out_of_game) - Counter(state.out_of_game) == Counter(parse_cards("6b,7r,Cb"))


@pytest.mark.spec("C1", "P3")
def test_clear_on_an_empty_pile() -> None:
    """A Clear may open a pile; it goes out of the game alone."""
    state = position("play 0 4g,9r,Cb|-|-/5g,5r,5b|-|- 2g - *")
    after = play(state, "Cb")
    assert canonical(after) == position("play 1 2g,4g,9r|-|-/5g,5r,5b|-|- - - * turn=1")


@pytest.mark.spec("C1")
def test_next_player_may_play_anything_after_a_clear() -> None:
    """After a Clear the next player starts on an empty pile."""
    state = play(position("play 0 4g,9r,Cb|-|-/1g,5r,5b|-|- 2g,3g 10b *"), "Cb")
    assert moves(state) == ["1g", "5r", "5r,5b"]


@pytest.mark.spec("C4")
def test_three_of_a_kind_in_one_play() -> None:
    """Three equal numbers played together clear the pile and end the turn."""
    state = position("play 0 6g,6r,6b,9r|-|-/5g,5r,5b|-|- 2g,3g 4b *")
    assert moves(state) == ["6g", "6g,6r", "6g,6r,6b", "9r"]
    after = play(state, "6g,6r,6b")
    assert canonical(after) == position("play 1 2g,3g,9r|-|-/5g,5r,5b|-|- - - * turn=1")


@pytest.mark.spec("C4")
def test_pair_on_a_single_makes_three() -> None:
    """A pair played on an equal number makes three in a row and clears, with the cards below it."""
    state = position("play 0 5r,5b,9r|-|-/6g,6r,6b|-|- 2g,3g 4b,5g *")
    assert moves(state) == ["5r", "5r,5b", "9r"]
    after = play(state, "5r,5b")
    assert canonical(after) == position("play 1 2g,3g,9r|-|-/6g,6r,6b|-|- - - * turn=1")


@pytest.mark.spec("C4")
def test_four_of_a_kind() -> None:
    """A pair on a pair is four in a row and clears."""
    state = position("play 0 9r,9b,10r|-|-/5g,5r,5b|-|- - 3g,9g,9g *")
    assert moves(state) == ["9r", "9r,9b", "10r"]
    after = play(state, "9r,9b")
    assert after.discard_pile == ()
    assert after.current_player == 1


@pytest.mark.spec("C4", "S6")
def test_three_of_a_kind_across_players() -> None:
    """Three 5s laid by three players in turn clear the pile on the third; the next seat starts afresh."""
    state = position("play 0 5g,7r,9r|-|-/5r,8g,8r|-|-/5b,10g,10r|-|- - 4b *")
    assert moves(state) == ["5g", "7r", "9r"]
    state = play(state, "5g", "5r")
    assert moves(state) == ["5b", "10g", "10g,10r"]
    assert state.discard_pile == parse_cards("4b,5g,5r")
    after = play(state, "5b")
    assert after.discard_pile == ()
    assert after.current_player == 0
    assert Counter(after.out_of_game) - Counter(state.out_of_game) == Counter(parse_cards("4b,5g,5r,5b"))


@pytest.mark.spec("C4")
def test_three_of_a_kind_across_one_players_plays() -> None:
    """A pair and a single laid in the two extra plays of a Clear +2 make three and clear."""
    state = position("play 0 2g,8g,8r,8b,C+2g|-|-/5g,5r,5b|-|- - 7b *")
    state = play(state, "C+2g", "8g,8r")
    assert state.discard_pile == parse_cards("8g,8r")
    after = play(state, "8b")
    assert after.discard_pile == ()
    assert after.current_player == 1


@pytest.mark.spec("C4")
def test_two_pairs_do_not_clear() -> None:
    """Only three equal numbers in a row clear: two 5s then two 6s stay on the pile."""
    state = position("play 0 6b,6r,9r|-|-/5g,8r,8b|-|- - 5g,5r *")
    after = play(state, "6r,6b")
    assert after.discard_pile == parse_cards("5g,5r,6r,6b")
    assert after.current_player == 1
    assert moves(after) == ["8r", "8r,8b"]


@pytest.mark.spec("C6")
def test_cleared_cards_never_return() -> None:
    """Cards cleared out of the game stay there: the draw pile is not refilled and nobody gets them back."""
    state = position("play 0 6g,6r,6b,9r|-|-/5g,5r,5b|-|- 2g 4b *")
    after = play(state, "6g,6r,6b")
    assert after.draw_pile == ()
    assert after.seats[0].hand == parse_cards("2g,9r")
    assert Counter(after.out_of_game) - Counter(state.out_of_game) == Counter(parse_cards("4b,6g,6r,6b"))
    after = play(after, "5g")
    assert after.draw_pile == ()
    assert Counter(after.out_of_game) - Counter(state.out_of_game) == Counter(parse_cards("4b,6g,6r,6b"))
