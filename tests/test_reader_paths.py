"""The readers' quick paths read what the full checks read, and refuse what they refuse."""

from __future__ import annotations

import enum
import typing

import attrs
import pytest

from threeup3down import Card, Colour, GameState, NotationError, Rank, Rules, Seat, new_game
from threeup3down.formats.codec import _fast_path, _json_kind, decode_fields, encode
from threeup3down.core.errors import DocumentError
from threeup3down.core.state import parse_position
from threeup3down.formats.serialization import STATE, from_dict, to_dict


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


def test_rules_read_last_are_matched_by_key_order_and_exact_types() -> None:
    """Rules equal to the last rules read in Python but not in JSON (keys swapped, ``1`` for ``true``) are read afresh."""
    assert decode_fields({"first_seat": 1, "places": True}, Rules) == Rules(first_seat=1, places=True)
    with pytest.raises(DocumentError, match=r"\$\.first_seat: expected an integer, not a boolean"):
        decode_fields({"places": 1, "first_seat": True}, Rules)
    with pytest.raises(DocumentError, match=r"\$\.places: expected a boolean, not an integer"):
        decode_fields({"first_seat": 1, "places": 1}, Rules)
    assert decode_fields({"omitted_colours": ["g"], "players": 2}, Rules).omitted_colours == {Colour.GREEN}
    with pytest.raises(DocumentError, match=r"\$\.omitted_colours\[0\]: expected one of"):
        decode_fields({"omitted_colours": [Rank.ONE], "players": 2}, Rules)


def test_a_rules_document_changed_after_reading_does_not_change_the_rules_read_next() -> None:
    """The rules read last are kept as a copy: a caller changing its document later changes nothing."""
    document: dict[str, object] = {"players": 2, "omitted_colours": ["g"]}
    assert decode_fields(document, Rules).omitted_colours == {Colour.GREEN}
    colours = document["omitted_colours"]
    assert isinstance(colours, list)
    colours.append("r")
    assert decode_fields({"players": 2, "omitted_colours": ["g", "r"]}, Rules).omitted_colours == {
        Colour.GREEN,
        Colour.RED,
    }
    assert decode_fields({"players": 2, "omitted_colours": ["g"]}, Rules).omitted_colours == {Colour.GREEN}


def test_seats_read_quickly_equal_seats_built_and_refusals_name_the_place() -> None:
    """A seat with or without ``known``, or with empty piles, reads as the constructor makes it; a wrong card is named."""
    assert decode_fields({"hand": ["9b", "7r"], "up": [], "down": ["Cg"]}, Seat) == Seat(
        hand=(Card.BLUE_9, Card.RED_7), down=(Card.GREEN_CLEAR,)
    )
    assert decode_fields({"hand": ["7r"], "up": [], "down": [], "known": ["7r"]}, Seat) == Seat(
        hand=(Card.RED_7,), known=(Card.RED_7,)
    )
    assert type(decode_fields({"hand": [], "up": [], "down": []}, Seat)) is Seat
    with pytest.raises(DocumentError, match=r"\$\.up\[1\]: unknown colour 'x'"):
        decode_fields({"hand": [], "up": ["7r", "7x"], "down": []}, Seat)
    with pytest.raises(DocumentError, match=r"\$\.down\[0\]: expected a card such as 7r \(a string\), not an integer"):
        decode_fields({"hand": [], "up": [], "down": [7]}, Seat)
    with pytest.raises(DocumentError, match=r"\$\.hand: expected an array, not a string"):
        decode_fields({"hand": "7r", "up": [], "down": []}, Seat)


def test_a_state_with_fields_left_out_reads_as_the_one_with_them() -> None:
    """A state document leaving out fields at their default reads equal to the full document."""
    state = new_game(Rules(players=2), seed=3)
    document = to_dict(state)
    for name in ("owed_plays", "may_draw", "swap_offered", "direction", "turn", "finished", "pile_swap"):
        del document[name]
    assert from_dict(document, STATE) == state
    seats = document["seats"]
    assert isinstance(seats, list)
    document["seats"] = [{**seat, "hand": seat["hand"][::-1]} for seat in seats if isinstance(seat, dict)]  # type: ignore[index]
    assert from_dict(document, STATE) == state  # hands are sorted as they are read
    document["turn"] = True
    with pytest.raises(DocumentError, match=r"\$\.turn: expected an integer, not a boolean"):
        from_dict(document, STATE)
    del document["phase"]
    with pytest.raises(DocumentError, match=r"\$: missing field 'phase'"):
        from_dict(document, STATE)


class _Uncomparable:
    """A value that is not JSON and refuses to be compared."""

    def __eq__(self, other: object) -> bool:
        raise AssertionError("compared")

    __hash__ = object.__hash__


def test_a_value_that_is_not_json_in_rules_is_refused_without_being_compared() -> None:
    """After rules were read, rules holding a non-JSON value are refused by type, as ever."""
    assert decode_fields({"players": 2}, Rules) == Rules(players=2)
    with pytest.raises(DocumentError, match=r"\$\.players: expected an integer, not a _Uncomparable"):
        decode_fields({"players": _Uncomparable()}, Rules)
    assert decode_fields({"omitted_colours": [], "players": 2}, Rules) == Rules(players=2)
    with pytest.raises(DocumentError, match=r"\$\.omitted_colours\[0\]: expected one of"):
        decode_fields({"omitted_colours": [_Uncomparable()], "players": 2}, Rules)


def test_fast_path_only_where_every_field_has_one_json_type() -> None:
    """A class is read in few steps only when each field is written as one JSON
    type; a field whose JSON type depends on its value leaves it to the general
    path."""

    class Weight(enum.Enum):
        LIGHT = 1
        HEAVY = 2

    @attrs.frozen
    class Optional:
        count: int | None

    assert _json_kind(int) is int and _json_kind(bool) is bool and _json_kind(str) is str
    assert _json_kind(Colour) is str and _json_kind(Card) is str and _json_kind(Rules) is dict
    assert _json_kind(tuple[Card, ...]) is list
    assert _json_kind(Weight) is None  # its values are numbers, not names
    assert _json_kind(int | None) is None  # a number or null
    assert _fast_path(attrs.fields(Optional), typing.get_type_hints(Optional)) is None
    hints = typing.get_type_hints(GameState)
    assert _fast_path(attrs.fields(GameState), hints) is not None
