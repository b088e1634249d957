"""A state's JSON text read straight from the text reads and refuses as the general path does."""

from __future__ import annotations

import json

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.playouts import random_game
from tests.strategies import adversarial_positions, rules, seeds
from threeup3down import Card, GameState, Rules, Seat, new_game
from threeup3down.formats._json_read import state_fields
from threeup3down.core.errors import DocumentError
from threeup3down.core.limits import MAX_INPUT_SIZE
from threeup3down.formats.serialization import STATE, _load, _rules_of_text, from_dict, from_json, to_dict, to_json


def _general(text: str) -> GameState | str:
    """What the general path (json, then the decoders) reads from ``text``:
    the state, or the message of the error it raises."""
    try:
        return from_dict(_load(text, MAX_INPUT_SIZE), STATE)
    except DocumentError as error:
        return f"DocumentError: {error}"


def _read(text: str) -> GameState | str:
    """What :func:`from_json` reads from ``text``, or the message of its error."""
    try:
        return from_json(text, STATE)
    except DocumentError as error:
        return f"DocumentError: {error}"


def _is_read_straight(text: str) -> bool:
    return state_fields(text, _rules_of_text) is not None


@given(rules(), seeds(), seeds())
def test_every_state_of_a_game_is_read_straight_from_its_text(table: Rules, seed: int, move_seed: int) -> None:
    """Each state of a random game, at any table, is read from its text without json, equal to the state written."""
    states, _ = random_game(table, seed, move_seed)
    for state in states[:: max(1, len(states) // 8)] + [states[-1]]:
        text = to_json(state)
        assert _is_read_straight(text)
        read = from_json(text)
        assert read == state == _general(text)
        assert type(read) is GameState and all(type(seat) is Seat for seat in read.seats)
        assert to_json(read) == text


@given(adversarial_positions())
def test_positions_a_stranger_sends_read_as_the_general_path_reads_them(state: GameState) -> None:
    """A position with cards anywhere, refused or not, is read or refused as the general path does."""
    text = to_json(state)
    assert _is_read_straight(text)
    assert _read(text) == _general(text)


def test_a_state_read_straight_is_a_frozen_hashable_game_state() -> None:
    """The state read straight from the text is exactly a GameState: equal, hashed alike, frozen."""
    state = new_game(Rules(players=4), seed=11)
    read = from_json(to_json(state), STATE)
    assert type(read) is GameState and read == state and hash(read) == hash(state)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        read.turn = 3  # type: ignore[misc]
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        read.seats[0].hand = ()  # type: ignore[misc]


def _text() -> str:
    """A three-player state's text, at setup (turn 0)."""
    return to_json(new_game(Rules(players=3), seed=2))


OTHER_FORMS: list[object] = [
    pytest.param(lambda text: json.dumps(json.loads(text), indent=1), id="indented"),
    pytest.param(lambda text: json.dumps(json.loads(text), separators=(",", ":")), id="compact"),
    pytest.param(lambda text: text.replace('"hand": ["', '"hand": [ "', 1), id="a space more"),
    pytest.param(lambda text: text.replace('"down": [', '"known": [], "down": [', 1), id="keys reordered"),
    pytest.param(lambda text: text.replace('"7r"', '"7\\u0072"'), id="an escape"),
    pytest.param(lambda text: text.replace('"turn": 0', '"turn": -0'), id="minus zero"),
    pytest.param(lambda text: text.replace('"turn": 0', '"turn": 0.0'), id="a float"),
    pytest.param(lambda text: text.replace('"version": 1', '"version": 1, "version": 1'), id="a key twice"),
    pytest.param(lambda text: text.replace('"players": 3', '"players": 3, "players": 3'), id="a rules key twice"),
    pytest.param(lambda text: text.replace('"direction": 1', '"direction": true'), id="a flag for a number"),
    pytest.param(lambda text: text + " ", id="a space after"),
    pytest.param(lambda text: text[:-1], id="cut short"),
    pytest.param(lambda text: "\ufeff" + text, id="a byte order mark"),
    pytest.param(lambda text: text.replace('"phase": "setup"', '"phase": "Setup"'), id="an unknown phase"),
    pytest.param(lambda text: text.replace('"up": []', '"up": [7]', 1), id="a number for a card"),
    pytest.param(lambda text: text.replace('", "', '","', 1), id="cards without a space"),
    pytest.param(lambda text: text.replace('"seats": [', '"seats": [], "x": [', 1), id="an unknown key"),
]


@pytest.mark.parametrize("change", OTHER_FORMS)
def test_text_written_otherwise_is_read_or_refused_the_general_way(change: object) -> None:
    """Any text that is not written as to_json writes it is read by json, with the same value or error."""
    assert callable(change)
    text = change(_text())
    assert not _is_read_straight(text)
    assert _read(text) == _general(text)


def test_known_cards_written_empty_read_as_left_out() -> None:
    """A seat written with ``"known": []`` reads, straight from the text, as the seat that leaves it out."""
    text = _text().replace("}, {", ', "known": []}, {', 1)
    assert _is_read_straight(text)
    assert from_json(text) == from_json(_text()) == _general(text)


def test_turns_past_the_table_of_numbers_are_read_the_general_way() -> None:
    """A turn over 4095 is read by json, with the same value."""
    rules = Rules(players=2, turn_limit=None)
    state = attrs.evolve(new_game(rules, seed=1), turn=0)
    text = to_json(state).replace('"turn": 0', '"turn": 5000')
    assert not _is_read_straight(text)
    assert _read(text) == _general(text)


def test_impossible_positions_are_refused_as_the_general_path_refuses_them() -> None:
    """A position read straight that breaks a rule raises the general path's error, naming the rule."""
    state = new_game(Rules(players=2), seed=1)
    extra = to_json(attrs.evolve(state, draw_pile=state.draw_pile + (Card.RED_7,)))
    unsorted = to_json(attrs.evolve(state, current_player=7))
    for text in (extra, unsorted):
        assert _is_read_straight(text)
        assert _read(text) == _general(text)
    with pytest.raises(DocumentError, match=r"invalid position: more cards than the deck holds: 7r \(D1\)"):
        from_json(extra)


def test_hands_written_unsorted_are_sorted_as_read() -> None:
    """A hand written out of order is read sorted, as the general path reads it."""
    state = new_game(Rules(players=2), seed=1)
    document = to_dict(state)
    seats = document["seats"]
    assert isinstance(seats, list) and isinstance(seats[0], dict)
    hand = seats[0]["hand"]
    assert isinstance(hand, list)
    seats[0]["hand"] = hand[::-1]
    text = json.dumps(document, ensure_ascii=False)
    assert _is_read_straight(text)
    assert from_json(text) == state == _general(text)


def test_rules_refused_in_a_state_are_refused_every_time() -> None:
    """Rules the rules forbid, inside a state's text, are refused each time with the general path's error."""
    text = _text().replace('"players": 3', '"players": 7')
    for _ in range(2):
        assert not _is_read_straight(text)
        assert _read(text) == _general(text)
        assert str(_read(text)).startswith("DocumentError: $.rules: ")


def test_a_state_under_another_format_or_too_long_is_not_read_straight() -> None:
    """Asked for rules, or over max_size, a state's text gets the general path's error."""
    text = _text()
    from threeup3down.formats.serialization import RULES

    with pytest.raises(DocumentError, match="expected a threeup3down/rules document, not threeup3down/state"):
        from_json(text, RULES)
    with pytest.raises(DocumentError, match="over the limit of 10"):
        from_json(text, max_size=10)
    with pytest.raises(DocumentError, match="over the limit of 10"):
        STATE.from_json(text, max_size=10)
    assert STATE.from_json(text.encode()) == from_json(text)


_ALPHABET = st.sampled_from(list('"[]{},: 0123456789-grbC+\\utefalsnoprykhdw'))


@given(st.data())
def test_a_character_changed_anywhere_is_read_or_refused_as_the_general_path_does(data: st.DataObject) -> None:
    """One character replaced, inserted or deleted anywhere in a state's text gives the general path's value or error."""
    table = data.draw(rules(), label="rules")
    states, _ = random_game(table, data.draw(seeds()), data.draw(seeds()))
    text = to_json(data.draw(st.sampled_from(states), label="state"))
    for _ in range(4):
        where = data.draw(st.integers(0, len(text) - 1), label="where")
        how = data.draw(st.sampled_from(["replace", "insert", "delete"]), label="how")
        character = data.draw(_ALPHABET, label="character")
        if how == "replace":
            changed = text[:where] + character + text[where + 1 :]
        elif how == "insert":
            changed = text[:where] + character + text[where:]
        else:
            changed = text[:where] + text[where + 1 :]
        assert _read(changed) == _general(changed)


def test_rules_are_read_once_per_text_and_the_texts_kept_are_bounded() -> None:
    """States under seventy rules read straight, each equal to its state; at most 64 rules texts are kept."""
    from threeup3down.formats import serialization

    for limit in range(1, 71):
        state = new_game(Rules(players=2, turn_limit=limit), seed=limit)
        text = to_json(state)
        assert _is_read_straight(text)
        assert from_json(text) == state
        assert len(serialization._RULES_BY_TEXT) <= 64


def test_a_rules_object_spaced_out_is_read_by_json_without_being_kept() -> None:
    """The rules object is read by json, spaces and all; a text of it over 4,096 characters is not kept."""
    from threeup3down.formats import serialization

    text = _text().replace('"players": 3,', '"players": 3,' + " " * 5000, 1)
    assert _is_read_straight(text)
    assert _read(text) == _general(text) == from_json(_text())
    assert all(len(kept) <= 4096 for kept in serialization._RULES_BY_TEXT)
