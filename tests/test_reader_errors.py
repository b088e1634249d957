"""Every way a reader refuses input names the problem: codec values, position fields and impossible positions."""

from __future__ import annotations

import datetime

import attrs
import pytest

from tests.helpers import position
from threeup3down import Card, FirstPlayer, Move, NotationError, Rules, ThreeUpError, parse_cards
from threeup3down.core.deal import deal_from
from threeup3down.formats.serialization import from_dict, to_dict
from threeup3down.formats.codec import decode, decode_fields, encode, json_type
from threeup3down.core.errors import DocumentError
from threeup3down.core.state import parse_position
from threeup3down.core.validation import position_problems

TWO = "play 0 7r|-|-/8b|-|- - 8g *"


def test_json_type_names_objects_and_non_json_values() -> None:
    """Error messages name an object as such, and a Python value that JSON cannot hold by its type."""
    assert json_type({}) == "an object"
    assert json_type(1j) == "a complex, which is not a JSON value"


def test_codec_refuses_hints_and_values_it_has_no_form_for() -> None:
    """Encoding a value of no known kind, or decoding to a type the codec lacks, is a programming error (TypeError)."""
    with pytest.raises(TypeError, match="cannot encode"):
        encode(1j, complex)
    with pytest.raises(TypeError, match="cannot decode"):
        decode(1.5, float)
    with pytest.raises(TypeError, match="cannot decode 'Rules'"):
        decode({}, "Rules")


def test_codec_objects_need_string_keys() -> None:
    """A class's fields come from a JSON object, whose keys are strings."""
    with pytest.raises(DocumentError, match=r"\$\.rules: expected an object, not an array"):
        decode_fields([], Rules, "$.rules")
    with pytest.raises(DocumentError, match=r"object keys are strings, not an integer"):
        decode_fields({1: 2}, Rules)


def test_codec_moves_and_dates_are_checked() -> None:
    """A flip position too long for int() and a date not written YYYY-MM-DD are document errors."""
    with pytest.raises(DocumentError, match=r"\$\.move: not a move: 'v²' \(move notation is ASCII"):
        decode("v\u00b2", Move, "$.move")
    with pytest.raises(DocumentError, match=r"\$\.move: "):
        decode("v" + "9" * 5000, Move, "$.move")
    with pytest.raises(DocumentError, match=r"not a date in the form YYYY-MM-DD: '2024-5-1'"):
        decode("2024-5-1", datetime.date)
    assert decode("2024-05-01", datetime.date) == datetime.date(2024, 5, 1)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("game 0 7r|-|-/8b|-|- - 8g *", r"unknown phase 'game' \(setup, play or over\)"),
        ("play 0 7r|-/8b|-|- - 8g *", r"seat '7r\|-' is not hand\|3UP\|3DOWN"),
        (TWO + " speed=3", r"unknown flag 'speed=3'"),
        (TWO + " dir=+", r"dir=\+ \(only dir=- is written\)"),
        ("play 0 7r|-|-/8b|-|- - 8g 1g", r"the out-of-game pile must hold the rest of the deck"),
    ],
)
def test_position_fields_are_checked(text: str, message: str) -> None:
    """Each field of position notation refuses what it cannot hold, saying which field and why."""
    with pytest.raises(NotationError, match=message):
        parse_position(text, Rules(players=2))


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


def test_position_needs_rules() -> None:
    """The rules of a position are a Rules value."""
    with pytest.raises(NotationError, match="rules must be a Rules value, not 'players=2'"):
        parse_position(TWO, "players=2")  # type: ignore[arg-type]


@pytest.mark.spec("W1", "O1")
def test_fin_names_seats_at_the_table_and_no_more_than_end_the_game() -> None:
    """fin lists seats of the table, and no more of them than it takes to end the game (W1, O1)."""
    with pytest.raises(NotationError, match="fin and perm must name seats at the table"):
        position("over 0 -|-|-/8b|-|- - - * fin=5")
    with pytest.raises(NotationError, match=r"fin lists 2 seats but the game ends once 1 are out \(W1, O1\)"):
        position("over 0 -|-|-/-|-|-/5r|-|- - - * fin=0,1")


def test_hands_and_3up_cards_are_sorted() -> None:
    """A state built by hand with an unsorted hand is refused (readers sort what they read)."""
    state = position(TWO)
    seats = (attrs.evolve(state.seats[0], hand=parse_cards("9r,7r")),) + state.seats[1:]
    unsorted = attrs.evolve(state, seats=seats, out_of_game=tuple(c for c in state.out_of_game if c is not Card.RED_9))
    assert "seat 0's hand and 3UP cards must be sorted" in position_problems(unsorted)


@pytest.mark.spec("S3", "O3")
def test_play_has_not_turned_during_setup() -> None:
    """During setup nobody is out and play still runs in its first direction."""
    cards = parse_cards("1g,2g,3g,4g,5g,6g,1r,2r,3r,1b,2b,3b,4b,5b,6b,7r,8r,9r")
    setup = "setup 0 1g,2g,3g,4g,5g,6g|-|1r,2r,3r/1b,2b,3b,4b,5b,6b|-|7r,8r,9r - - -"
    with pytest.raises(NotationError, match=r"nobody is out and play has not turned during setup \(S3\)"):
        position(setup + " dir=-", custom_cards=cards)


def test_a_card_that_is_not_a_string_is_refused_with_its_path() -> None:
    """A card written as a number in a state document is refused, naming where it is."""
    document = to_dict(position("play 0 4g,9r|-|-/5g,5r,6b|-|- - 2b *"))
    seats = document["seats"]
    assert isinstance(seats, list) and isinstance(seats[0], dict)
    seats[0]["hand"] = [4, "9r"]
    with pytest.raises(DocumentError, match=r"\$\.seats\[0\]\.hand\[0\]: expected a card such as 7r \(a string\)"):
        from_dict(document)


def test_known_cards_out_of_order_are_a_problem() -> None:
    """Public knowledge of a hand is a sorted multiset: a state listing it out of order has a problem
    (the readers sort what they read, so only a state built by hand can be out of order)."""
    state = position("play 0 4g,9r|-|-/5g,5r,6b|-|- - 2b * known=4g,9r/-")
    seat = state.seats[0]
    shuffled = attrs.evolve(seat, known=(Card.RED_9, Card.GREEN_4))
    problems = position_problems(attrs.evolve(state, seats=(shuffled, state.seats[1])))
    assert problems == ("seat 0's known cards must be sorted",)


@pytest.mark.spec("O9", "O5")
def test_dealing_a_given_deck_checks_the_first_player_and_the_pile_swap() -> None:
    """deal_from takes a first player exactly when it is drawn at random (O9), on the table, and a pile
    swap exactly when O5 is on, giving every seat another seat's piles."""
    two = Rules(players=2)
    with pytest.raises(ThreeUpError, match=r"a first player is given exactly when it is drawn at random \(O9\)"):
        deal_from(two, two.deck_cards(), first_player=1)
    drawn = Rules(players=2, first_player=FirstPlayer.RANDOM)
    with pytest.raises(ThreeUpError, match="seat 5 is not at a table of 2 players"):
        deal_from(drawn, drawn.deck_cards(), first_player=5)
    swapped = Rules(players=3, pile_swap=True)
    with pytest.raises(ThreeUpError, match=r"the pile swap must give every seat another seat's piles \(O5\)"):
        deal_from(swapped, swapped.deck_cards(), pile_swap=(1, 0, 2))
    assert deal_from(swapped, swapped.deck_cards(), pile_swap=(1, 2, 0)).pile_swap == (1, 2, 0)
