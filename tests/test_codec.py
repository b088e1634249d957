"""The codec: values written by what they are, fields read strictly, rules read alike every time,
and the one cache of rules bounded."""

from __future__ import annotations

import pytest

from tests.playouts import random_game
from threeup3down import Card, Colour, Rank, Rules, Seat, new_game
from threeup3down.core.errors import DocumentError
from threeup3down.formats._rules_cache import RULES_CACHE, RulesCache, key, size
from threeup3down.formats.codec import decode_fields, encode
from threeup3down.formats.serialization import (
    RECORD,
    STATE,
    from_dict,
    from_json,
    to_dict,
    to_json,
)


def test_values_are_encoded_by_what_they_are_when_the_hint_does_not_say() -> None:
    """A bool where an int is expected, or an attrs value under a loose hint, is written as itself."""
    assert encode(True, int) is True
    assert encode(Seat(hand=(Card.RED_7,)), object) == {"hand": ["7r"], "up": [], "down": []}
    assert encode(Rank.SEVEN, int) == 7 and type(encode(Rank.SEVEN, int)) is int  # an IntEnum as its value


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


def test_rules_equal_in_python_but_not_in_json_are_told_apart() -> None:
    """Rules documents equal in Python but not in JSON (keys swapped, ``1`` for ``true``) are each read as written."""
    assert decode_fields({"first_seat": 1, "places": True}, Rules) == Rules(first_seat=1, places=True)
    with pytest.raises(DocumentError, match=r"\$\.first_seat: expected an integer, not a boolean"):
        decode_fields({"places": 1, "first_seat": True}, Rules)
    with pytest.raises(DocumentError, match=r"\$\.places: expected a boolean, not an integer"):
        decode_fields({"first_seat": 1, "places": 1}, Rules)
    assert decode_fields({"omitted_colours": ["g"], "players": 2}, Rules).omitted_colours == {Colour.GREEN}
    with pytest.raises(DocumentError, match=r"\$\.omitted_colours\[0\]: expected one of"):
        decode_fields({"omitted_colours": [Rank.ONE], "players": 2}, Rules)


def test_a_rules_document_changed_after_reading_does_not_change_the_rules_read_next() -> None:
    """A caller changing a document after it was read changes nothing about what is read next."""
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


def test_seats_read_equal_seats_built_and_refusals_name_the_place() -> None:
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


# ---------------------------------------------------------------- the rules cache


@pytest.fixture
def cache() -> RulesCache:
    """The codec's cache of rules, emptied."""
    RULES_CACHE.clear()
    return RULES_CACHE


def test_the_rules_of_a_game_are_read_once_and_shared(cache: RulesCache) -> None:
    """A game's states read from their documents share one rules value, equal to the game's."""
    states, _ = random_game(Rules(players=3, places=True), 4, 5)
    read = [from_json(to_json(state), STATE) for state in states[::10]]
    assert read == states[::10]
    assert len({id(state.rules) for state in read}) == 1 and read[0].rules == states[0].rules
    assert len(cache) == 1


def test_the_cache_keeps_at_most_its_entries(cache: RulesCache) -> None:
    """States under a hundred rules, read and written, each read right; at most 64 rules are kept,
    a full cache emptied before it keeps the next."""
    for limit in range(1, 101):
        state = new_game(Rules(players=2, turn_limit=limit), seed=limit)
        assert from_json(to_json(state), STATE) == state
        assert len(cache) <= cache.entries == 64
    assert len(cache) == 100 - 64
    cache.clear()
    assert len(cache) == 0


def test_rules_of_a_large_document_are_not_kept(cache: RulesCache) -> None:
    """Rules whose document takes more than 2,048 characters (a deck of 900 cards, a turn limit of
    5,001 digits) are read and written, or refused, and not kept."""
    rules = Rules(players=2, custom_cards=(Rules().deck_cards() * 11)[:900])
    looked_up = key(encode(rules, Rules))
    assert looked_up is not None and size(looked_up) > cache.size
    state = new_game(rules, seed=1)
    assert from_json(to_json(state), STATE) == state
    assert len(cache) == 0
    endless = to_dict(new_game(Rules(players=2), seed=1))
    endless["rules"] = {"players": 2, "turn_limit": 10**5000}  # more digits than Python writes
    cache.clear()  # of the rules written
    with pytest.raises(DocumentError, match=r"\$\.rules: turn_limit: a turn limit is 1 to 1,000,000 turns"):
        from_dict(endless, STATE)
    assert len(cache) == 0


def test_rules_refused_are_not_kept(cache: RulesCache) -> None:
    """A state whose rules are refused leaves nothing in the cache, and is refused again."""
    text = to_json(new_game(Rules(players=3), seed=2)).replace('"players": 3', '"players": 7')
    cache.clear()  # of the rules written
    for _ in range(2):
        with pytest.raises(DocumentError, match=r"\$\.rules: players, decks: 7 players need two decks"):
            from_json(text, STATE)
    assert len(cache) == 0


def test_a_document_written_is_its_callers_to_change(cache: RulesCache) -> None:
    """Changing the rules of one state's document, arrays included, changes nothing written after."""
    state = new_game(Rules(players=2, omitted_colours=frozenset({Colour.RED})), seed=1)
    first = to_dict(state)
    rules = first["rules"]
    assert isinstance(rules, dict) and isinstance(rules["omitted_colours"], list)
    rules["players"] = 9
    rules["omitted_colours"].append("g")
    assert to_dict(state) == to_dict(from_json(to_json(state))) != first
    assert to_dict(state)["rules"] == {**rules, "players": 2, "omitted_colours": ["r"]}


def test_a_rules_document_read_is_looked_up_by_its_exact_json(cache: RulesCache) -> None:
    """Keys in another order or values of another JSON type are other documents: each read as written."""
    assert key({"places": True, "players": 3}) != key({"players": 3, "places": True})
    assert key({"players": 3, "places": True}) != key({"players": 3, "places": 1})
    assert key({"players": 3.0}) is None and key({"omitted_colours": [["g"]]}) is None and key([]) is None
    document = {"rules": {"players": 3, "places": True}, "seed": 1}
    assert from_dict({"format": "threeup3down/record", "version": 1, **document}, RECORD).rules.places is True
    document["rules"] = {"players": 3, "places": 1}
    with pytest.raises(DocumentError, match=r"\$\.rules\.places: expected a boolean, not an integer"):
        from_dict({"format": "threeup3down/record", "version": 1, **document})
