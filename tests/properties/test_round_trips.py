"""Every value the library writes reads back as itself, in every format and across formats.

Games are dealt at tables that vary every field of :class:`~threeup3down.Rules`
(:func:`tests.strategies.rules`, drawn from ``attrs.fields(Rules)``) and played
by random legal moves. At moments spread over each game, the state, every
seat's observation, the legal moves, the events of the move made, the rules,
the record of the game so far and a match scoring it are written and read
back: as JSON, as position notation, as record text and rules text, as move
notation, and from each of these into the others.
"""

from __future__ import annotations

import datetime

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.playouts import random_game
from tests.strategies import rules, seeds
from threeup3down import (
    GameRecord,
    GameState,
    Match,
    Move,
    Rules,
    apply_with_events,
    events_for,
    from_json,
    legal_moves,
    observe,
    parse_move,
    parse_record,
    score,
    to_json,
)
from threeup3down.core.state import parse_position
from threeup3down.formats.records import game_result
from threeup3down.formats.record_text import format_record, format_rules, parse_rules
from threeup3down.formats.serialization import CARDS, EVENT, EVENTS, MATCH, MOVE, OBSERVATION, RECORD, RULES, STATE

MOMENTS = 6
"""How many positions of each game are written in every format (the deal and the end among them)."""


def _moments(length: int) -> list[int]:
    """Indices of :data:`MOMENTS` states spread over a game of ``length`` states, first and last included."""
    return sorted({round(n * (length - 1) / (MOMENTS - 1)) for n in range(MOMENTS)})


def _check_rules(table: Rules) -> None:
    """Rules: JSON, rules text, and JSON → text → JSON."""
    assert RULES.from_json(RULES.to_json(table)) == table
    assert parse_rules(format_rules(table)) == table
    assert RULES.to_json(parse_rules(format_rules(RULES.from_json(RULES.to_json(table))))) == RULES.to_json(table)


def _check_state(state: GameState) -> None:
    """A state: JSON, position notation, and each read from what the other wrote; its zones as cards."""
    assert STATE.from_json(to_json(state)) == state
    assert parse_position(state.notation(), state.rules) == state
    assert parse_position(STATE.from_json(to_json(state)).notation(), state.rules) == state
    assert to_json(parse_position(state.notation(), state.rules)) == to_json(state)
    for seat in state.seats:
        assert CARDS.from_json(CARDS.to_json(seat.down)) == seat.down
    assert CARDS.from_json(CARDS.to_json(state.discard_pile)) == state.discard_pile


def _check_observations(state: GameState) -> None:
    """Every seat's observation reads back from JSON, and equals the observation of the state read back."""
    for seat in range(state.rules.players):
        view = observe(state, seat)
        assert OBSERVATION.from_json(to_json(view)) == view
        assert observe(parse_position(state.notation(), state.rules), seat) == OBSERVATION.from_json(to_json(view))


def _check_move(move: Move) -> None:
    """A move: move notation, JSON, and JSON → notation → JSON."""
    assert parse_move(str(move)) == move
    assert MOVE.from_json(to_json(move)) == move
    assert to_json(parse_move(str(MOVE.from_json(to_json(move))))) == to_json(move)


def _check_events(state: GameState, move: Move) -> None:
    """The events of ``move``, whole and as each seat sees them: one by one and as a list."""
    _, events = apply_with_events(state, move)
    for seen in (events, *(events_for(events, seat) for seat in range(state.rules.players))):
        assert EVENTS.from_json(EVENTS.to_json(seen)) == seen
        assert tuple(EVENT.from_json(EVENT.to_json(event)) for event in seen) == seen


def _check_record(record: GameRecord) -> None:
    """A record: JSON, record text, and each read from what the other wrote."""
    assert RECORD.from_json(to_json(record)) == record
    assert parse_record(format_record(record)) == record
    assert parse_record(format_record(RECORD.from_json(to_json(record)))) == record
    assert to_json(parse_record(format_record(record))) == to_json(record)


@settings(max_examples=25)
@given(
    rules(),
    seeds(),
    seeds(),
    st.booleans(),
    st.dates(datetime.date(1, 1, 1), datetime.date(9999, 12, 31)) | st.none(),
)
def test_every_format_reads_back_what_it_wrote(
    table: Rules, seed: int, move_seed: int, named: bool, date: datetime.date | None
) -> None:
    """Every format writes "the fields of the value" (docs/howto/notation.rst, the serialization
    module): whatever a game under any rules produces, written in any of the library's formats and
    read back, in the same format or through another, is the value written."""
    _check_rules(table)
    states, moves = random_game(table, seed, move_seed)
    for index in _moments(len(states)):
        state = states[index]
        _check_state(state)
        _check_observations(state)
        for move in legal_moves(state):
            _check_move(move)
        if index < len(moves):
            _check_move(moves[index])
            _check_events(state, moves[index])
        names = tuple(f"Seat {seat} \"{seat}\"" for seat in range(table.players)) if named else ()
        record = GameRecord(table, seed, tuple(moves[:index]), names=names, date=date, result=game_result(state))
        _check_record(record)
    for match in (Match(table, games=2), Match(table, games=2, scores=(score(states[-1]),))):
        assert MATCH.from_json(MATCH.to_json(match)) == match
        assert from_json(MATCH.to_json(match)) == match
