"""Bad data never crashes the readers: mutated and random JSON raise only the library's errors.

Valid documents of every format are taken from random games and mutated:
keys dropped and added, values replaced by other types, numbers nudged,
card strings garbled, cards moved between lists. Fully random JSON, random
documents with a valid envelope and random text are read too. Reading either
raises a :class:`~threeup3down.ThreeUpError`, or yields a value that writes
back to an equal value, whose document the shipped schema accepts, and
(for states, observations, records and rules) whose positions satisfy the
invariants of :mod:`tests.invariants`, one move further on included.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from typing import Any

from hypothesis import event, given
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from tests.invariants import assert_invariants, assert_next_states_valid
from tests.playouts import random_game
from tests.strategies import rules, seeds
from threeup3down import Card, GameState, Rules, ThreeUpError, legal_moves, new_game
from threeup3down.formats.codec import JsonValue
from threeup3down.views.events import apply_with_events, events_for
from threeup3down.views.observation import Observation, observe, sample_state
from threeup3down.formats.records import GameRecord, game_result, replay
from threeup3down.formats.serialization import Document, from_dict, from_json, json_schema, to_dict, to_json

VALIDATOR = Draft202012Validator(json_schema())

KINDS = ("state", "observation", "events", "event", "record", "rules", "move", "cards")

SCALARS: st.SearchStrategy[JsonValue] = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 100),
    st.integers(),
    st.floats(allow_nan=False, allow_infinity=False),
    st.sampled_from([str(card) for card in Card] + ["play", "setup", "over", "-", "*", "pick", "v0", "^7r"]),
    st.text(max_size=6),
)
JSON: st.SearchStrategy[JsonValue] = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
"""Any small JSON value."""

CARD_CHARACTERS = "0123456789Cgrbx+,^v:/- "


@st.composite
def valid_documents(draw: st.DrawFn, kinds: tuple[str, ...] = KINDS) -> dict[str, JsonValue]:
    """A document of a random format, written from a random moment of a random game."""
    table = draw(rules())
    states, moves = random_game(table, draw(seeds()), draw(seeds()))
    index = draw(st.integers(0, len(states) - 1))
    state = states[index]
    player = draw(st.integers(0, table.players - 1))
    kind = draw(st.sampled_from(kinds))
    value: Document
    if kind == "state":
        value = state
    elif kind == "observation":
        value = observe(state, player)
    elif kind in ("events", "event") and index < len(moves):
        events = events_for(apply_with_events(state, moves[index])[1], player)
        value = events if kind == "events" else events[draw(st.integers(0, len(events) - 1))]
    elif kind == "record":
        value = GameRecord(rules=table, seed=0, moves=tuple(moves[:index]), result=game_result(state))
    elif kind == "move" and legal_moves(state):
        value = draw(st.sampled_from(legal_moves(state)))
    elif kind == "cards":
        value = state.draw_pile
    else:
        value = table
    return to_dict(value)


def locations(value: Any) -> list[tuple[Any, Any]]:
    """Every (container, key) pair inside ``value``: dict keys and list indices, at every depth."""
    found = []
    if isinstance(value, dict):
        items: list[tuple[Any, Any]] = list(value.items())
    elif isinstance(value, list):
        items = list(enumerate(value))
    else:
        return []
    for key, child in items:
        found.append((value, key))
        found += locations(child)
    return found


def mutate(data: st.DataObject, document: dict[str, JsonValue], faults: tuple[Fault, ...] | None = None) -> JsonValue:
    """``document`` with one to four random faults put in (any of :data:`FAULTS`, or of ``faults``)."""
    root: list[Any] = [copy.deepcopy(document)]
    for _ in range(data.draw(st.integers(1, 4))):
        container, key = data.draw(st.sampled_from(locations(root)))
        value = container[key]
        fault = data.draw(st.sampled_from(faults or FAULTS))
        fault(data, root[0], container, key, value)
        if len(root) != 1:  # a fault removed the document itself
            return None
    return root[0]  # type: ignore[no-any-return]


Fault = Callable[[st.DataObject, Any, Any, Any, Any], None]
"""A fault: given the document, a container in it, a key and its value, changes the document."""


def _replace(data: st.DataObject, doc: Any, container: Any, key: Any, value: Any) -> None:
    container[key] = data.draw(JSON)


def _retype(data: st.DataObject, doc: Any, container: Any, key: Any, value: Any) -> None:
    container[key] = data.draw(st.sampled_from([str(value), [value], {"x": value}, None, True, 1.0, -1, 10**30]))


def _nudge(data: st.DataObject, doc: Any, container: Any, key: Any, value: Any) -> None:
    if type(value) is int:
        container[key] = value + data.draw(st.sampled_from([1, -1, -value - 1, 1000, 2**63]))
    elif isinstance(value, bool):
        container[key] = not value


def _garble(data: st.DataObject, doc: Any, container: Any, key: Any, value: Any) -> None:
    if isinstance(value, str):
        container[key] = data.draw(
            st.one_of(
                st.sampled_from([str(card) for card in Card]),
                st.text(alphabet=CARD_CHARACTERS, max_size=6),
                st.just(value[::-1]),
                st.just(value + value),
            )
        )


def _drop(data: st.DataObject, doc: Any, container: Any, key: Any, value: Any) -> None:
    del container[key]


def _add(data: st.DataObject, doc: Any, container: Any, key: Any, value: Any) -> None:
    if isinstance(value, dict):
        value[data.draw(st.sampled_from(["turn", "cards", "extra", "hand", "phase", "type", "up"]))] = data.draw(JSON)
    elif isinstance(value, list):
        value.insert(data.draw(st.integers(0, len(value))), data.draw(SCALARS) if not value else value[0])


def _shuffle(data: st.DataObject, doc: Any, container: Any, key: Any, value: Any) -> None:
    if isinstance(value, list) and value:
        value[:] = data.draw(st.permutations(value))
        if data.draw(st.booleans()):
            value.pop()


def _move_card(data: st.DataObject, doc: Any, container: Any, key: Any, value: Any) -> None:
    """Take a card out of one list and put it into another: counts stay right, places go wrong."""
    lists = [child for parent, k in locations(doc) if isinstance(child := parent[k], list) and child]
    cards = [child for child in lists if all(isinstance(item, str) for item in child)]
    if len(cards) >= 2:
        source, target = data.draw(st.permutations(cards))[:2]
        target.append(source.pop())


FAULTS: tuple[Fault, ...] = (_replace, _retype, _nudge, _garble, _drop, _add, _shuffle, _move_card)
"""Every kind of fault."""
SUBTLE_FAULTS: tuple[Fault, ...] = (_nudge, _shuffle, _move_card)
"""Faults that keep a document well-typed, so that more of the results are read."""


def check_accepted(document: JsonValue, value: Document) -> None:
    """A document that was read: its value writes back equal, it is schema-valid, its positions are sound."""
    assert from_dict(to_dict(value)) == value
    assert VALIDATOR.is_valid(document), list(VALIDATOR.iter_errors(document))[:1]
    match value:
        case GameState():
            assert_invariants(value)
            assert_next_states_valid(value)
        case Observation():
            stand_in = sample_state(value, random.Random(0))
            assert_invariants(stand_in)
            assert observe(stand_in, value.player) == value
            if value.is_to_move:
                assert value.legal_moves() == legal_moves(stand_in)
        case GameRecord():
            try:
                states = replay(value)
            except ThreeUpError:
                return
            for state in states[-3:]:
                assert_invariants(state)
        case Rules():
            assert_invariants(new_game(value, seed=1))


def read(document: JsonValue) -> None:
    """Read ``document`` as a value and as JSON text: a library error, or a sound value."""
    try:
        value = from_dict(document)
    except ThreeUpError as error:
        event(f"refused: {type(error).__name__}")
    else:
        event(f"accepted: {type(value).__name__}")
        check_accepted(document, value)
    try:
        text = json.dumps(document)
    except (ValueError, TypeError, RecursionError):
        return
    try:
        from_json(text)
    except ThreeUpError:
        pass


@given(valid_documents(), st.data())
def test_mutated_documents_raise_only_library_errors(document: dict[str, JsonValue], data: st.DataObject) -> None:
    """A valid document with random faults is refused with a ThreeUpError, or read as a sound value."""
    read(mutate(data, document))


@given(valid_documents(kinds=("state", "observation", "record")), st.data())
def test_subtly_broken_positions_raise_only_library_errors(
    document: dict[str, JsonValue], data: st.DataObject
) -> None:
    """A state, observation or record with cards moved, lists shuffled or numbers nudged is
    refused with a ThreeUpError, or read as a sound value that plays on soundly."""
    read(mutate(data, document, SUBTLE_FAULTS))


@given(valid_documents())
def test_valid_documents_are_read_and_sound(document: dict[str, JsonValue]) -> None:
    """Unmutated documents are read, and satisfy every check made of accepted documents."""
    check_accepted(document, from_dict(document))


@given(JSON)
def test_random_json_raises_only_library_errors(value: JsonValue) -> None:
    """Any JSON value at all is refused with a ThreeUpError (or read soundly)."""
    read(value)


FIELD_NAMES = [
    "rules", "phase", "current_player", "seats", "draw_pile", "discard_pile", "out_of_game", "turn",
    "player", "hand", "up", "down", "cards", "move", "events", "type", "seed", "moves", "players",
    "hand_size", "up_size", "down_size", "names", "result", "date", "direction", "finished",
]


@given(
    st.sampled_from([f"threeup3down/{kind}" for kind in KINDS]),
    st.dictionaries(st.sampled_from(FIELD_NAMES), JSON, max_size=8),
)
def test_random_bodies_raise_only_library_errors(name: str, body: dict[str, JsonValue]) -> None:
    """A valid envelope around random fields is refused with a ThreeUpError (or read soundly)."""
    read({"format": name, "version": 1, **body})


@given(st.one_of(st.text(), st.binary()))
def test_random_text_raises_only_library_errors(text: str | bytes) -> None:
    """Any text or bytes given as JSON raise a ThreeUpError unless they are a valid document."""
    try:
        value = from_json(text)
    except ThreeUpError:
        return
    assert from_json(to_json(value)) == value
