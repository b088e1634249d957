"""JSON documents: every value round-trips, documents match the shipped schema, bad ones are refused."""

from __future__ import annotations

import copy
import datetime
import json
import pickle
import random
import typing
from collections.abc import Callable
from typing import Any, cast

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from tests.playouts import random_game
from tests.strategies import rules, seeds
from threeup3down import (
    Card,
    FirstPlayer,
    GameState,
    Rules,
    Seat,
    apply,
    legal_moves,
    new_game,
    parse_cards,
    parse_move,
)
from threeup3down.formats.codec import JsonValue
from threeup3down.core.errors import DocumentError
from threeup3down.views.events import Event, apply_with_events, events_for
from threeup3down.views.observation import Observation, observe
from threeup3down.formats.records import GameRecord
from threeup3down.core.scoring import Match
from threeup3down.formats.serialization import (
    CARDS,
    EVENT,
    EVENTS,
    MATCH,
    MOVE,
    OBSERVATION,
    RECORD,
    RULES,
    STATE,
    Document,
    from_dict,
    from_json,
    json_schema,
    to_dict,
    to_json,
)
from threeup3down.formats.view_documents import EVENT_TYPES

VALIDATOR = Draft202012Validator(json_schema())
NAMES = st.text(st.characters(categories=("L", "N", "P", "S")), min_size=1, max_size=8)
"""Players' names: non-empty lines of printable text."""

SMALL_DECK = parse_cards("1g,2r,3b,4g,5r,6b,7g,8r,9b,10g,Cr,C+1b,2g,3r,4b,5g,6r,7b")
"""Eighteen cards: exactly enough to deal two players (S2, S3)."""


def small_state_document() -> dict[str, JsonValue]:
    """A two-player position with the small deck, written by hand (hands unsorted)."""
    return {
        "format": "threeup3down/state",
        "version": 1,
        "rules": {"players": 2, "custom_cards": [str(card) for card in SMALL_DECK], "turn_limit": None},
        "phase": "play",
        "current_player": 1,
        "seats": [
            {"hand": ["9b", "1g", "5r"], "up": ["Cr", "2r"], "down": ["3b", "4g", "6b"]},
            {"hand": ["C+1b", "7g", "2g"], "up": ["8r", "10g", "3r"], "down": ["4b", "5g", "6r"]},
        ],
        "draw_pile": [],
        "discard_pile": ["7b"],
        "out_of_game": [],
        "turn": 4,
    }


def sample_indices(data: st.DataObject, length: int, count: int = 8) -> list[int]:
    """A few positions into a game of ``length`` states, always including the last."""
    drawn = data.draw(st.lists(st.integers(0, length - 1), max_size=count))
    return sorted({*drawn, length - 1})


def assert_schema_valid(document: dict[str, JsonValue]) -> None:
    """Fail with every schema error of ``document``."""
    errors = [f"{list(error.absolute_path)}: {error.message}" for error in VALIDATOR.iter_errors(document)]
    assert not errors, errors


# ------------------------------------------------------------- hand-checked


def test_hand_written_state_matches_position_notation() -> None:
    """A state document reads as the position notation of the same cards; hands are sorted."""
    state = STATE.from_dict(small_state_document())
    notation = "play 1 1g,5r,9b|2r,Cr|3b,4g,6b/2g,7g,C+1b|3r,8r,10g|4b,5g,6r - 7b - turn=4"
    assert state == GameState.from_notation(notation, state.rules)
    assert state.seats[0].hand == (Card.GREEN_1, Card.RED_5, Card.BLUE_9)


def test_state_document_writes_every_field() -> None:
    """A state is written with all its fields, defaults included, cards in card notation."""
    document = STATE.to_dict(STATE.from_dict(small_state_document()))
    assert list(document)[:2] == ["format", "version"]
    assert document["seats"] == [
        {"hand": ["1g", "5r", "9b"], "up": ["2r", "Cr"], "down": ["3b", "4g", "6b"]},
        {"hand": ["2g", "7g", "C+1b"], "up": ["3r", "8r", "10g"], "down": ["4b", "5g", "6r"]},
    ]
    assert {key: document[key] for key in ("owed_plays", "may_draw", "direction", "finished", "pile_swap")} == {
        "owed_plays": 0, "may_draw": False, "direction": 1, "finished": [], "pile_swap": [],
    }
    rules = cast(dict[str, JsonValue], document["rules"])
    assert rules["players"] == 2 and rules["deck"] == "standard" and rules["turn_limit"] is None
    assert_schema_valid(document)


def test_small_documents_by_hand() -> None:
    """Cards, moves and rules read from the documents written in the format's description."""
    assert from_json('{"format": "threeup3down/cards", "version": 1, "cards": ["7r", "Cb"]}') == (
        Card.RED_7,
        Card.BLUE_CLEAR,
    )
    assert from_dict({"format": "threeup3down/move", "version": 1, "move": "swap:7r/9g"}) == parse_move("swap:7r/9g")
    rules = from_dict({"format": "threeup3down/rules", "version": 1, "players": 3, "omitted_colours": ["b"]}, RULES)
    assert rules.players == 3 and {colour.letter for colour in rules.omitted_colours} == {"b"}
    assert to_dict(parse_move("^7r,7g")) == {"format": "threeup3down/move", "version": 1, "move": "^7g,7r"}


def _clear_on_pile(document: Any) -> None:
    document["seats"][0]["up"].remove("Cr")
    document["discard_pile"].append("Cr")


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["draw_pile"].append("9b"), "more cards than the deck holds: 9b (D1)"),
        (lambda d: d["seats"][1]["hand"].append("4g"), "more cards than the deck holds: 4g (D1)"),
        (lambda d: d["discard_pile"].clear(), "cards of the deck are missing: 7b (D1)"),
        (lambda d: d.update(current_player=2), "seat 2 is not at the table"),
        (lambda d: d.update(phase="over"), "neither decided (W1, O1) nor at its turn limit (O10)"),
        (_clear_on_pile, "a Clear card lies on the discard pile, which it clears (C1)"),
        (lambda d: d.update(finished=[0]), "fin must list distinct seats that have no cards left"),
        (lambda d: d.update(direction=2), "the direction of play is +1 or -1, not 2"),
        (lambda d: d.update(owed_plays=-1), "owed plays cannot be negative"),
    ],
)
def test_impossible_states_are_refused(change: Callable[[Any], None], message: str) -> None:
    """A state document breaking a rule of the deck, the table or the turn is refused (D1, S1, C1, W1, O10)."""
    document = small_state_document()
    change(document)
    with pytest.raises(DocumentError) as caught:
        STATE.from_dict(document)
    assert message in str(caught.value)


@pytest.mark.parametrize(
    ("text", "path", "message"),
    [
        ("[]", "$", "a document is a JSON object, not an array"),
        ('{"format": "chess/pgn", "version": 1}', "$.format", "unknown format 'chess/pgn'"),
        ('{"version": 1, "move": "pick"}', "$.format", "a document names its format"),
        ('{"format": "threeup3down/move", "version": 2, "move": "pick"}', "$.version", "unsupported version 2"),
        ('{"format": "threeup3down/move", "version": true, "move": "pick"}', "$.version", "unsupported version True"),
        ('{"format": "threeup3down/move", "version": 1}', "$", "missing field 'move'"),
        ('{"format": "threeup3down/move", "version": 1, "move": "pick", "x": 1}', "$", "unknown field 'x'"),
        ('{"format": "threeup3down/move", "version": 1, "move": "pick up"}', "$.move", "not a move"),
        ('{"format": "threeup3down/move", "version": 1, "move": "v\u00b2"}', "$.move", "not a move"),
        ('{"format": "threeup3down/cards", "version": 1, "cards": ["7r", "11g"]}', "$.cards[1]", "unknown rank '11'"),
        ('{"format": "threeup3down/cards", "version": 1, "cards": "7r"}', "$.cards", "expected an array"),
        ('{"format": "threeup3down/rules", "version": 1, "players": true}', "$.players", "expected an integer, not a boolean"),
        ('{"format": "threeup3down/rules", "version": 1, "players": 2.0}', "$.players", "expected an integer, not a number"),
        ('{"format": "threeup3down/rules", "version": 1, "players": 1}', "$", "players: a table needs at least 2 players, not 1"),
        ('{"format": "threeup3down/rules", "version": 1, "deck": "huge"}', "$.deck", "expected one of 'standard', 'literal'"),
        ('{"format": "threeup3down/rules", "version": 1, "omitted_colours": ["b", "b"]}', "$.omitted_colours", "twice"),
        ('{"format": "threeup3down/rules", "version": 1, "turn_limit": NaN}', "$", "NaN is not a JSON number"),
        ('{"format": "threeup3down/rules", "format": "threeup3down/rules", "version": 1}', "$", "'format' appears twice"),
        ('{"format": "threeup3down/rules", "version": 1', "$", "not JSON"),
        ('{"format": "threeup3down/record", "version": 1, "rules": {}, "seed": 1, "date": "2024-02-30"}', "$.date", "not a date"),
        ('{"format": "threeup3down/record", "version": 1, "rules": {}, "seed": 1, "names": ["A"]}', "$", "1 names for 4 players"),
        ('{"format": "threeup3down/event", "version": 1, "type": "fanfare"}', "$.type", "unknown event type 'fanfare'"),
        ('{"format": "threeup3down/event", "version": 1, "type": "player-out", "player": -1, "place": 1}', "$.player", "cannot be negative"),
        ('{"format": "threeup3down/events", "version": 1, "events": [{"type": "swap-offered"}]}', "$.events[0]", "missing field 'player'"),
    ],
)
def test_bad_documents_name_where_they_are_wrong(text: str, path: str, message: str) -> None:
    """A bad document raises DocumentError with the JSON path of the fault and a reason."""
    with pytest.raises(DocumentError) as caught:
        from_json(text)
    assert caught.value.path == path
    assert message in str(caught.value)


def test_wrong_format_for_the_kind_asked() -> None:
    """Asking for one format and getting another is refused."""
    with pytest.raises(DocumentError, match="expected a threeup3down/state document"):
        from_json('{"format": "threeup3down/rules", "version": 1}', STATE)


def test_huge_numbers_and_deep_nesting_are_document_errors() -> None:
    """Integers too long to convert and nesting too deep to parse are refused as documents."""
    with pytest.raises(DocumentError):
        from_json('{"format": "threeup3down/rules", "version": 1, "players": ' + "9" * 5000 + "}")
    with pytest.raises(DocumentError):
        from_json("[" * 100_000 + "]" * 100_000)
    with pytest.raises(DocumentError):
        from_json(b"\xff\xfe\x00")


def test_document_error_pickles() -> None:
    """A DocumentError keeps its message and path through pickling."""
    error = DocumentError("expected an integer", path="$.turn")
    copy_ = pickle.loads(pickle.dumps(error))
    assert (str(copy_), copy_.path, type(copy_)) == (str(error), "$.turn", DocumentError)


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


def test_a_state_read_is_a_frozen_hashable_game_state() -> None:
    """The state read is exactly a GameState of Seats: equal, hashed alike, frozen."""
    state = new_game(Rules(players=4), seed=11)
    read = from_json(to_json(state), STATE)
    assert type(read) is GameState and all(type(seat) is Seat for seat in read.seats)
    assert read == state and hash(read) == hash(state)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        read.turn = 3  # type: ignore[misc]
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        read.seats[0].hand = ()  # type: ignore[misc]


def _known_state() -> GameState:
    """A four-player state in play whose seats know cards of each other's hands."""
    states, _ = random_game(Rules(players=4), 5, 6)
    return next(state for state in states if any(seat.known for seat in state.seats))


LAYOUTS: list[object] = [
    pytest.param(lambda text: json.dumps(json.loads(text), indent=1), id="indented"),
    pytest.param(lambda text: json.dumps(json.loads(text), separators=(",", ":")), id="compact"),
    pytest.param(lambda text: json.dumps(dict(reversed(json.loads(text).items()))), id="keys reversed"),
    pytest.param(lambda text: text.replace('"7r"', '"7\\u0072"'), id="an escape"),
    pytest.param(lambda text: text.replace(": ", " :\n\t ").replace(", ", " , "), id="spaced out"),
    pytest.param(
        lambda text: json.dumps(
            {
                **json.loads(text),
                "seats": [{"known": [], **seat} for seat in json.loads(text)["seats"]],
            }
        ),
        id="known written empty",
    ),
    pytest.param(
        lambda text: json.dumps(
            {key: value[::-1] if key == "out_of_game" else value for key, value in json.loads(text).items()}
        ),
        id="out of game reversed",
    ),
]


@pytest.mark.parametrize("change", LAYOUTS)
def test_a_state_in_any_json_layout_reads_as_the_same_state(change: object) -> None:
    """Whitespace, key order, escapes, known cards written empty, piles out of order: the same state."""
    assert callable(change)
    state = _known_state()
    assert from_json(change(to_json(state)), STATE) == state


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda text: "\ufeff" + text, "not JSON: the text starts with a byte order mark (U+FEFF)"),
        (lambda text: text[:-1], "not JSON: Expecting ',' delimiter"),
        (lambda text: text.replace('"turn": ', '"x": 0, "turn": ', 1), "$: unknown field 'x'"),
        (lambda text: text.replace('"version": 1', '"version": 1, "version": 1'), "key 'version' appears twice"),
        (lambda text: text.replace('"players": 4', '"players": 4, "players": 4'), "key 'players' appears twice"),
        (lambda text: text.replace('"direction": 1', '"direction": true'), "$.direction: expected an integer, not a boolean"),
        (lambda text: text.replace('"direction": 1', '"direction": 1.0'), "$.direction: expected an integer, not a number"),
        (lambda text: text.replace('"direction": 1', '"direction": NaN'), "$: NaN is not a JSON number"),
    ],
)
def test_a_state_text_json_refuses_is_refused(change: Callable[[str], str], message: str) -> None:
    """A state's text made wrong as JSON, or as a document, is refused naming the fault."""
    with pytest.raises(DocumentError) as caught:
        from_json(change(to_json(_known_state())), STATE)
    assert message in str(caught.value)


# ----------------------------------------------------------------- round trips


@given(rules(), seeds(), seeds(), st.data())
def test_states_moves_and_observations_round_trip(
    table: Rules, seed: int, move_seed: int, data: st.DataObject
) -> None:
    """States, legal moves and every seat's observation read back equal, all through a random game."""
    states, _ = random_game(table, seed, move_seed)
    for index in sample_indices(data, len(states), count=5):
        state = states[index]
        assert from_json(to_json(state)) == state
        for move in legal_moves(state):
            assert MOVE.from_json(to_json(move)) == move
        for player in {state.current_player, index % table.players}:
            view = observe(state, player)
            assert OBSERVATION.from_json(OBSERVATION.to_json(view)) == view


@given(rules(), seeds(), seeds(), st.data())
def test_events_round_trip(table: Rules, seed: int, move_seed: int, data: st.DataObject) -> None:
    """The events of random moves, whole and as each seat sees them, read back equal."""
    states, moves = random_game(table, seed, move_seed)
    for index in sample_indices(data, len(moves) or 1):
        if not moves:
            break
        _, events = apply_with_events(states[index], moves[index])
        assert EVENTS.from_json(to_json(events)) == events
        for event in events:
            assert from_json(to_json(event), EVENT) == event
        for player in range(table.players):
            seen = events_for(events, player)
            assert from_json(EVENTS.to_json(seen)) == seen


@given(rules(), seeds(), seeds(), st.dates(), st.lists(NAMES, min_size=12, max_size=12))
def test_records_round_trip(
    table: Rules, seed: int, move_seed: int, date: datetime.date, names: list[str]
) -> None:
    """A record of a random game, with names, date and result, reads back equal."""
    states, moves = random_game(table, seed, move_seed)
    from threeup3down.formats.records import game_result

    record = GameRecord(
        rules=table,
        seed=seed,
        moves=tuple(moves),
        names=tuple(names[: table.players]),
        date=date,
        result=game_result(states[-1]),
    )
    assert RECORD.from_json(to_json(record, indent=2)) == record


@given(rules(), st.lists(st.sampled_from(list(Card)), max_size=30))
def test_rules_and_cards_round_trip(table: Rules, cards: list[Card]) -> None:
    """Rules (custom cards too) and card lists in any order read back equal."""
    assert from_json(to_json(table)) == table
    custom = attrs.evolve(table, custom_cards=table.deck_cards()[::-1])
    assert RULES.from_json(RULES.to_json(custom)) == custom
    assert CARDS.from_json(CARDS.to_json(tuple(cards))) == tuple(cards)


def test_empty_tuple_is_written_as_cards() -> None:
    """An empty tuple has no items to tell cards from events: it is written as an empty card list."""
    assert to_dict(()) == {"format": "threeup3down/cards", "version": 1, "cards": []}


# --------------------------------------------------------------------- schema


def test_schema_is_a_valid_2020_12_schema() -> None:
    """The shipped schema is itself valid under the draft 2020-12 meta-schema."""
    Draft202012Validator.check_schema(json_schema())


def test_schema_names_every_field_and_event() -> None:
    """The schema's objects list exactly the fields of the classes they describe, and every event type."""
    defs = cast(dict[str, dict[str, dict[str, object]]], json_schema()["$defs"])
    classes: dict[str, type] = {
        "rules-fields": Rules,
        "state-fields": GameState,
        "observation-fields": Observation,
        "record-fields": GameRecord,
        "match-fields": Match,
    }
    classes |= {f"event-{name}": cls for name, cls in EVENT_TYPES.items()}
    for name, cls in classes.items():
        fields = {field.name for field in attrs.fields(cls)}
        assert set(defs[name]["properties"]) - {"type"} == fields, name
    assert set(EVENT_TYPES.values()) == set(typing.get_args(Event))


@settings(max_examples=30)
@given(rules(), seeds(), seeds(), st.data())
def test_documents_validate_against_schema(
    table: Rules, seed: int, move_seed: int, data: st.DataObject
) -> None:
    """Every kind of document written from a random game is valid under the shipped schema."""
    states, moves = random_game(table, seed, move_seed)
    index = data.draw(st.integers(0, len(states) - 1))
    state = states[index]
    documents: list[Document] = [table, state, observe(state, index % table.players), state.draw_pile]
    documents += legal_moves(state)[:3]
    if index < len(moves):
        documents.append(apply_with_events(state, moves[index])[1])
    documents.append(GameRecord(rules=table, seed=seed, moves=tuple(moves[index : index + 40])))
    for value in documents:
        assert_schema_valid(to_dict(value))


def test_schema_refuses_what_the_loader_refuses_by_type() -> None:
    """Typical type faults fail both the schema and the loader."""
    good = small_state_document()
    for path, bad in [(("turn",), -1), (("phase",), "pause"), (("seats", 0, "hand", 0), "9q"), (("rules", "speed"), 3)]:
        document = copy.deepcopy(good)
        target: object = document
        for key in path[:-1]:
            target = target[key]  # type: ignore[index]
        target[path[-1]] = bad  # type: ignore[index]
        assert not VALIDATOR.is_valid(document), path
        with pytest.raises(DocumentError):
            STATE.from_dict(document)


def test_json_text_is_plain_json() -> None:
    """Documents are ordinary JSON: names keep their letters, no NaN ever appears."""
    record = GameRecord(rules=Rules(players=2), seed=-3, names=("Zoë", "李"))
    text = to_json(record)
    assert "Zoë" in text and json.loads(text)["seed"] == -3
    assert from_json(text.encode("utf-8")) == record


def test_random_state_of_every_seat_count_round_trips() -> None:
    """Two-deck tables (O11) and every seat number round-trip too."""
    for players in (2, 7, 12):
        table = Rules(players=players, decks=2 if players > 6 else 1)
        states, _ = random_game(table, players, random.Random(players).randrange(1000))
        assert from_json(to_json(states[len(states) // 2]), STATE) == states[len(states) // 2]


# ---------------------------------------------------------------------- match


def test_a_match_is_saved_between_games_and_resumed() -> None:
    """A match written after its first game reads back equal, valid under the schema, and plays on (O4)."""
    rules = Rules(players=3, first_player=FirstPlayer.DEALERS_LEFT)
    match = Match(rules, games=2)
    state = match.next_game(seed=1)
    while not state.is_over:
        state = apply(state, legal_moves(state)[0])
    match = match.record(state)
    document = json.loads(to_json(match))
    assert document["format"] == "threeup3down/match" and document["games"] == 2
    assert document["scores"] == [list(match.scores[0])]
    assert_schema_valid(document)
    resumed = from_json(json.dumps(document), MATCH)
    assert resumed == match and resumed.next_rules == match.next_rules and not resumed.is_over


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"games": 0}, "$: a match is at least one game, not 0 (O4)"),
        ({"games": 1, "scores": [[0, 5], [3, 0]]}, "$: 2 games scored in a match of 1 (O4)"),
        ({"games": 2, "scores": [[0, 5, 9]]}, "$: every game's scores must have one entry for each of 2 players"),
        ({"games": 2, "scores": [["0", 5]]}, "$.scores[0][0]: expected an integer, not a string"),
    ],
)
def test_an_impossible_match_document_is_refused(fields: dict[str, object], message: str) -> None:
    """A match document the Match class would refuse raises DocumentError saying why."""
    document = {"format": "threeup3down/match", "version": 1, "rules": {"players": 2}, **fields}
    with pytest.raises(DocumentError) as error:
        from_dict(document, MATCH)
    assert str(error.value) == message
