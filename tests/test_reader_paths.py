"""The readers' quick paths read what the full checks read, and refuse what they refuse."""

from __future__ import annotations

import pytest

from threeup3down import Card, NotationError, Rules, Seat
from threeup3down.codec import decode_fields, encode
from threeup3down.errors import DocumentError
from threeup3down.notation import parse_position


def test_values_are_encoded_by_what_they_are_when_the_hint_does_not_say() -> None:
    """A bool where an int is expected, or an attrs value under a loose hint, is written as itself."""
    assert encode(True, int) is True
    assert encode(Seat(hand=(Card.RED_7,)), object) == {"hand": ["7r"], "up": [], "down": []}


def test_rules_read_again_are_the_same_rules_and_refusals_stay() -> None:
    """Rules read a second time equal the first; ``1`` is refused for a boolean even after ``true`` was read."""
    first = decode_fields({"players": 3, "places": True}, Rules)
    assert decode_fields({"players": 3, "places": True}, Rules) == first == Rules(players=3, places=True)
    with pytest.raises(DocumentError, match=r"\$\.places: expected a boolean, not an integer"):
        decode_fields({"players": 3, "places": 1}, Rules)
    with pytest.raises(DocumentError, match=r"\$\.players: expected an integer, not a number"):
        decode_fields({"players": 3.0}, Rules)
    with pytest.raises(DocumentError, match=r"\$\.custom_cards\[0\]: expected a card such as 7r"):
        decode_fields({"custom_cards": [7]}, Rules)


def test_rules_refused_once_are_refused_again() -> None:
    """A table the rules forbid is refused every time it is read, with the rule that forbids it."""
    for _ in range(2):
        with pytest.raises(DocumentError, match=r"\$: players, decks: 7 players need two decks"):
            decode_fields({"players": 7}, Rules)


def test_a_card_not_in_card_notation_is_named() -> None:
    """A zone holding something that is not a card says what is wrong with it."""
    with pytest.raises(NotationError, match=r"unknown colour 'x'"):
        parse_position("play 0 7x|-|-/8b|-|- - 8g *", Rules(players=2))


def test_too_many_cards_are_reported_before_a_bad_out_of_game_card() -> None:
    """A surplus of cards (D1) is named first, even when the out-of-game pile also holds a non-card."""
    with pytest.raises(NotationError, match="more cards than the deck holds: 8g"):
        parse_position("play 0 7r|-|-/8g|-|- - 8g,8g,8g 7x", Rules(players=2))
    with pytest.raises(NotationError, match=r"unknown colour 'x'"):
        parse_position("play 0 7r|-|-/8b|-|- - 8g 7x", Rules(players=2))


@pytest.mark.spec("W1", "O1")
def test_a_seat_that_went_out_is_not_to_play() -> None:
    """A position whose player to move has gone out is refused, naming the seat."""
    with pytest.raises(NotationError, match="seat 0 is to play but has gone out"):
        parse_position("play 0 -|-|-/5r|-|-/6g|-|- - - * fin=0", Rules(players=3, places=True))
