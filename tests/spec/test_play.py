"""P1–P4: what may be played."""

from __future__ import annotations

import pytest

from tests.helpers import moves, play, position
from tests.spec.expect import exact_position, refused
from threeup3down import parse_cards

MULTIPLES = "play 0 5g,5r,8g|5b|3g,1b,1b/6g,6r,6b|-|- - 4r *"
"""Seat 0 holds a pair of 5s and an 8 (a 5 also lies in its 3UP cards) on a 4."""


@pytest.mark.spec("P1")
def test_one_card_or_several_of_one_number() -> None:
    """The plays are each card alone and every number's multiples."""
    assert moves(position(MULTIPLES)) == ["5g", "5g,5r", "8g"]


@pytest.mark.spec("P1")
def test_multiples_land_together() -> None:
    """A multiple puts all its cards on the discard pile in one play."""
    after = play(position(MULTIPLES), "5g,5r")
    assert after.discard_pile == parse_cards("4r,5g,5r")
    assert after.seats[0].hand == parse_cards("8g")
    assert after.current_player == 1


@pytest.mark.spec("P1")
@pytest.mark.parametrize(
    "move",
    [
        "5g,8g",  # mixed numbers
        "9r",  # not in hand
        "5g,5g",  # one 5g in hand
    ],
)
def test_mixed_numbers_or_cards_not_held(move: str) -> None:
    """Mixed numbers, and cards that are not in the named place, are refused."""
    assert refused(position(MULTIPLES), move) == "P1"


@pytest.mark.spec("F1", "P1")
@pytest.mark.parametrize("move", ["5g,5b", "5b"])
def test_hand_play_naming_3up_cards(move: str) -> None:
    """A hand play that takes a card from the 3UP cards, alone or with hand cards, breaks F1 first: 3UP
    cards wait for an empty hand and draw pile, and never join hand cards in one play."""
    assert refused(position(MULTIPLES), move) == "F1"


@pytest.mark.spec("P1", "F1")
def test_3up_card_not_held() -> None:
    """Once 3UP cards may be played, naming one the player does not have is refused."""
    state = position("play 0 -|5b,8b|3g,1b,1b/6g,6r,6b|-|- - 4r *")
    assert refused(state, "^9r") == "P1"
    assert refused(state, "5b") == "P1"


@pytest.mark.spec("P2")
def test_equal_or_higher_number() -> None:
    """A number may be played on an equal or lower number only."""
    state = position("play 0 4g,7g,9r|-|-/5g,5r,5b|-|- - 7b *")
    assert moves(state) == ["7g", "9r"]
    assert refused(state, "4g") == "P2"
    assert play(state, "7g").discard_pile == parse_cards("7b,7g")


@pytest.mark.spec("P2")
def test_any_card_on_an_empty_pile() -> None:
    """On an empty discard pile every card may be played."""
    state = position("play 0 1r,4g,10b|-|-/5g,5r,5b|-|- 2g - *")
    assert moves(state) == ["1r", "4g", "10b"]


@pytest.mark.spec("P2", "S4")
def test_first_play_of_the_game() -> None:
    """The game's first play lands on no discard pile, so each of the first player's numbers may be played."""
    state = play(
        exact_position("setup 0 1r,1g,4g,6b,10b,Cr|-|3g,3r,3b/4r,4b,6g,6r,7b,8r|-|7g,7r,9b 2g,2b - *"),
        "up:4g,6b,Cr",
        "up:4r,4b,6g",
    )
    assert moves(state) == ["1g", "1g,1r", "10b"]


@pytest.mark.spec("P3")
def test_clear_kinds_play_on_anything() -> None:
    """Clear, Clear +1 and Clear +2 may be played on the highest number."""
    state = position("play 0 2g,Cg,C+1b,C+2g|-|-/5g,5r,5b|-|- - 10r *")
    assert moves(state) == ["Cg", "C+1b", "C+2g"]
    assert refused(state, "2g") == "P2"


@pytest.mark.spec("P4")
def test_clear_cards_one_at_a_time() -> None:
    """Clear cards are played alone: two Clears, or a Clear with a Clear +1, are refused."""
    state = position("play 0 4b,Cr,Cb,C+1g|-|-/5g,5r,5b|-|- - 6b *")
    assert moves(state) == ["Cr", "C+1g"]
    assert refused(state, "Cr,Cb") == "P4"
    assert refused(state, "Cb,C+1g") == "P4"
    assert play(state, "Cb").seats[0].hand == parse_cards("4b,Cr,C+1g")
