"""Game records: replay reproduces every state, results are checked, text records round-trip."""

from __future__ import annotations

import datetime
import pickle

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.helpers import position
from tests.playouts import random_game
from tests.strategies import rules, seeds
from threeup3down import (
    Card,
    IllegalMoveError,
    NotationError,
    Phase,
    Rules,
    apply,
    format_cards,
    legal_moves,
    new_game,
    parse_move,
)
from threeup3down.formats.record_text import format_record, format_rules, parse_record, parse_rules
from threeup3down.core.errors import RecordError
from threeup3down.formats.records import GameRecord, game_result, record_game, replay

NAMES = st.text(st.characters(categories=("L", "N", "P", "S", "Zs")), min_size=1, max_size=8).filter(
    str.isprintable
)
"""Players' names: non-empty lines of printable text (spaces and quotes included)."""


# ------------------------------------------------------------------- replay


@given(rules(), seeds(), seeds())
def test_replay_reproduces_every_state(table: Rules, seed: int, move_seed: int) -> None:
    """Replaying the rules, seed and moves of a game gives back each of its states, in order."""
    states, moves = random_game(table, seed, move_seed)
    record = GameRecord(rules=table, seed=seed, moves=tuple(moves), result=game_result(states[-1]))
    assert replay(record) == tuple(states)


@given(rules(), seeds(), st.integers(0, 2))
def test_recorded_game_replays_to_its_result(table: Rules, seed: int, pick: int) -> None:
    """A game recorded to its end replays to the same final state and result (W1, O1, O10)."""
    record = record_game(table, seed, lambda state: legal_moves(state)[pick % len(legal_moves(state))])
    final = replay(record)[-1]
    assert final.is_over and record.result == game_result(final)
    assert record.result != "*"


def test_replay_names_the_illegal_move() -> None:
    """An illegal move in a record is refused with its number and the rule it breaks (S3)."""
    hand = new_game(Rules(players=2), seed=1).seats[0].hand
    choice = parse_move("up:" + ",".join(str(card) for card in hand[:3]))
    record = GameRecord(rules=Rules(players=2), seed=1, moves=(choice, parse_move("pick")))
    with pytest.raises(IllegalMoveError) as caught:
        replay(record)
    assert caught.value.rule == "S3"
    assert str(caught.value).startswith("S3: move 2 (pick): ")


def test_replay_checks_the_recorded_result() -> None:
    """A record whose result is not how its moves end is refused."""
    record = record_game(Rules(players=2), 4, lambda state: legal_moves(state)[0])
    assert record.result is not None
    wrong = "stalemate" if record.result != "stalemate" else "0"
    with pytest.raises(RecordError, match="the record says the result is"):
        replay(attrs.evolve(record, result=wrong))
    with pytest.raises(RecordError):
        replay(attrs.evolve(record, result="*"))
    assert replay(attrs.evolve(record, moves=record.moves[:5], result="*"))[-1].phase.value == "play"


def test_game_result_by_hand() -> None:
    """Results read winner first; with places every seat (O1); a stalemate says so (O10)."""
    won = position("over 1 5r|-|-/-|-|-/4g|-|- - - * fin=1")
    assert game_result(won) == "1"
    settled = position("over 2 -|-|-/5r|-|-/-|-|- - - * fin=2,0,1", places=True)
    assert game_result(settled) == "2,0,1"
    stalemate = position("over 0 5r|-|-/-|-|-/4g|-|- - - * turn=30 fin=1", places=True, turn_limit=30)
    assert game_result(stalemate) == "stalemate 1"
    assert game_result(position("over 0 5r|-|-/4g|-|- - - * turn=9", turn_limit=9)) == "stalemate"
    assert game_result(position("play 0 5r|-|-/4g|-|- - - *")) == "*"


@pytest.mark.parametrize(
    ("result", "players", "places"),
    [("0", 2, False), ("1,0", 2, True), ("stalemate", 3, False), ("stalemate 2", 3, True), ("*", 4, False)],
)
def test_possible_results_are_accepted(result: str, players: int, places: bool) -> None:
    """Results that a game by the rules can end with are accepted."""
    assert GameRecord(rules=Rules(players=players, places=places), seed=0, result=result).result == result


@pytest.mark.parametrize(
    ("result", "players", "places"),
    [
        ("0,1", 2, False),  # without O1 only the winner is settled
        ("1", 2, True),  # with O1 every place is
        ("stalemate 1", 2, False),
        ("stalemate 1,2", 3, True),  # two out of three leaves the third last: decided
        ("3", 3, False),
        ("0,0", 2, True),
        ("draw", 2, False),
    ],
)
def test_impossible_results_are_refused(result: str, players: int, places: bool) -> None:
    """A result no game by the rules can end with is refused (W1, O1, O10)."""
    with pytest.raises(RecordError):
        GameRecord(rules=Rules(players=players, places=places), seed=0, result=result)


def test_names_name_every_seat_or_none() -> None:
    """Names come one per seat, each a non-empty printable line."""
    with pytest.raises(RecordError, match="1 names for 2 players"):
        GameRecord(rules=Rules(players=2), seed=0, names=("Ann",))
    with pytest.raises(RecordError):
        GameRecord(rules=Rules(players=2), seed=0, names=("Ann", "Bo\nb"))
    with pytest.raises(RecordError):
        GameRecord(rules=Rules(players=2), seed=0, names=("Ann", ""))


def test_record_error_pickles() -> None:
    """A RecordError survives pickling with its message."""
    error = RecordError("1 names for 2 players")
    assert str(pickle.loads(pickle.dumps(error))) == str(error)


# --------------------------------------------------------------------- text


def test_text_record_by_hand() -> None:
    """The text of a short record: tags, a blank line, setup choices, then one line per turn."""
    rules = Rules(players=2, turn_limit=None)
    deal = new_game(rules, seed=11)
    choices = [parse_move(f"up:{format_cards(seat.hand[3:])}") for seat in deal.seats]
    state = apply(apply(deal, choices[0]), choices[1])
    first = legal_moves(state)[0]
    record = GameRecord(
        rules=rules,
        seed=11,
        moves=(*choices, first),
        names=("Ann", 'Bob "B" \\'),
        date=datetime.date(2024, 5, 1),
    )
    assert format_record(record).splitlines() == [
        '[Format "threeup3down/record"]',
        '[Version "1"]',
        '[Rules "players=2 turn_limit=none"]',
        '[Seed "11"]',
        '[Player0 "Ann"]',
        '[Player1 "Bob \\"B\\" \\\\"]',
        '[Date "2024-05-01"]',
        "",
        f"setup p0 {choices[0]} p1 {choices[1]}",
        f"1. p0 {first}",
    ]


@given(rules(), seeds(), seeds())
def test_each_turn_is_one_numbered_line(table: Rules, seed: int, move_seed: int) -> None:
    """After the setup line, line N holds the moves of turn N, labelled with the seat that took it (T1)."""
    states, moves = random_game(table, seed, move_seed)
    record = GameRecord(rules=table, seed=seed, moves=tuple(moves))
    lines = format_record(record).split("\n\n", 1)[1].splitlines()
    setup = [move for state, move in zip(states, moves) if state.phase is Phase.SETUP]
    assert lines[0] == "setup " + " ".join(f"p{seat} {move}" for seat, move in enumerate(setup))
    played = list(zip(states[len(setup) :], moves[len(setup) :]))
    turns = sorted({state.turn for state, _ in played})
    assert len(lines) - 1 == len(turns)
    for line, turn in zip(lines[1:], turns):
        in_turn = [(state, move) for state, move in played if state.turn == turn]
        assert line == f"{turn + 1}. p{in_turn[0][0].current_player} " + " ".join(str(move) for _, move in in_turn)


@given(rules(), seeds(), seeds(), st.lists(NAMES, min_size=12, max_size=12), st.one_of(st.none(), st.dates()))
def test_text_records_round_trip(
    table: Rules, seed: int, move_seed: int, names: list[str], date: datetime.date | None
) -> None:
    """Any record, names with quotes and backslashes included, reads back equal from its text."""
    states, moves = random_game(table, seed, move_seed)
    record = GameRecord(
        rules=table,
        seed=seed,
        moves=tuple(moves),
        names=tuple(names[: table.players]),
        date=date,
        result=game_result(states[-1]),
    )
    assert parse_record(format_record(record)) == record


@given(rules(), st.lists(st.sampled_from(list(Card)), min_size=27, max_size=60))
def test_rules_text_round_trips(table: Rules, cards: list[Card]) -> None:
    """Rules read back equal from their compact text, custom decks too."""
    assert parse_rules(format_rules(table)) == table
    custom = Rules(players=3, custom_cards=tuple(cards), places=table.places, turn_limit=table.turn_limit)
    assert parse_rules(format_rules(custom)) == custom


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('[Format "threeup3down/record"]\n[Version "1"]\n[Rules "players=2"]\n\n', "the Seed tag is missing"),
        ('[Format "chess"]\n[Version "1"]\n[Rules "players=2"]\n[Seed "1"]\n', "format chess version 1"),
        ('[Format "threeup3down/record"]\n[Version "1"]\n[Rules "players=2"]\n[Seed "x"]\n', "not a whole number"),
        ('[Format "threeup3down/record"]\n[Version "1"]\n[Rules "players=2"]\n[Seed "1"]\n[Seed "2"]\n', "given twice"),
        ('[Format "threeup3down/record"]\n[Version "1"]\n[Rules "players=2"]\n[Seed "1"]\n[Site "x"]\n', "unknown tags Site"),
        ('[Format "threeup3down/record"]\n[Version "1"]\n[Rules "players=2"]\n[Seed "1"]\n[Player1 "B"]\n', "from Player0 on"),
        ('[Format "threeup3down/record"]\n[Version "1"]\n[Rules "players=2"]\n[Seed "1"]\n[Date "May"]\n', "is not YYYY-MM-DD"),
        ('[Format "threeup3down/record"]\n[Version "1"]\n[Rules "players=1"]\n[Seed "1"]\n', "a table needs at least 2 players, not 1"),
        ('[Format "threeup3down/record"]\n[Version "1"]\n[Rules "players=2"]\n[Seed "1"]\n\n1. p0 7x', "unknown colour 'x'"),
        ('[Format "threeup3down/record"]\n[Version "1"]\n[Rules "players=2"]\n[Seed "1"]\n\nv\u00b2', "not a move"),
        ('[Format "threeup3down/record"]\n[Version "1"]\n[Rules "players=2 places=maybe"]\n[Seed "1"]\n', "places=maybe"),
        ('[Format "threeup3down/record"]\n[Version "1"]\n[Rules "players=2"]\n[Seed "1"]\n[Result "2"]\n', "distinct seats"),
        ('[Seed 1]\n', "is not a tag line"),
    ],
)
def test_bad_text_records_are_refused(text: str, message: str) -> None:
    """A text record with a missing, repeated, unknown or malformed tag or move raises NotationError."""
    with pytest.raises(NotationError) as caught:
        parse_record(text)
    assert message in str(caught.value)


TEXT_CHARACTERS = '[]"\\ \n.,:^/+-*=0123456789CgrbvpPlayerSeedRulesFormatVersionDateResultupswapickdrawtakekeep'


@given(rules(), seeds(), seeds(), st.data())
def test_garbled_text_records_raise_only_notation_errors(
    table: Rules, seed: int, move_seed: int, data: st.DataObject
) -> None:
    """A text record with characters inserted, deleted or replaced raises NotationError, or reads
    as a record that writes back to the same record."""
    _, moves = random_game(table, seed, move_seed)
    text = format_record(GameRecord(rules=table, seed=seed, moves=tuple(moves[:30]), names=()))
    for _ in range(data.draw(st.integers(1, 5))):
        at = data.draw(st.integers(0, len(text)))
        cut = data.draw(st.integers(0, 3))
        text = text[:at] + data.draw(st.text(TEXT_CHARACTERS, max_size=4)) + text[at + cut :]
    try:
        record = parse_record(text)
    except NotationError:
        return
    try:
        again = format_record(record)
    except (IllegalMoveError, RecordError):
        return  # the moves no longer replay: only format_record and replay look at them
    assert parse_record(again) == record


# ------------------------------------------------------------------ forfeits


@pytest.mark.parametrize(
    ("result", "players", "places"),
    [("0 forfeit 1", 2, False), ("forfeit 1", 2, False), ("2,0 forfeit 1", 3, True),
     ("stalemate forfeit 1", 3, False), ("forfeit 0,1", 2, True), ("stalemate 2 forfeit 0", 4, True)],
)
def test_results_with_forfeits_are_accepted(result: str, players: int, places: bool) -> None:
    """A result may end with the seats that forfeited, ranked last, as the table server writes ``forfeit SEAT``."""
    assert GameRecord(rules=Rules(players=players, places=places), seed=0, result=result).result == result


@pytest.mark.parametrize(
    ("result", "players", "places"),
    [
        ("0 forfeit 0", 2, False),  # a seat that forfeited is not also ranked
        ("forfeit 1,0", 2, False),  # the seats that forfeited in seat order
        ("forfeit 2", 2, False),
        ("0,2 forfeit 1", 3, False),  # without O1 only the winner is ranked
        ("0 forfeit 1", 3, True),  # with O1 every seat that did not forfeit
        ("* forfeit 1", 2, False),
        ("forfeit", 2, False),
    ],
)
def test_impossible_results_with_forfeits_are_refused(result: str, players: int, places: bool) -> None:
    """A forfeit names distinct seats of the table, in seat order, none of them also ranked (W1, O1)."""
    with pytest.raises(RecordError):
        GameRecord(rules=Rules(players=players, places=places), seed=0, result=result)


def test_a_played_out_forfeit_replays_and_round_trips() -> None:
    """A game played out after seat 0 forfeited: its result ranks seat 0 last and
    the others as they went out (O1); replay checks it, JSON and text keep it."""
    from threeup3down.formats.serialization import RECORD, from_json, to_json

    table = Rules(players=3, places=True)
    record = record_game(table, 3, lambda state: legal_moves(state)[0])
    final = replay(record)[-1]
    others = [seat for seat in final.places if seat != 0]
    forfeited = attrs.evolve(record, result=f"{others[0]},{others[1]} forfeit 0")
    assert replay(forfeited)[-1] == final
    assert from_json(to_json(forfeited), RECORD) == forfeited
    assert parse_record(format_record(forfeited)) == forfeited
    wrong = attrs.evolve(record, result=f"{others[1]},{others[0]} forfeit 0")
    with pytest.raises(RecordError, match="but its moves end with"):
        replay(wrong)
    assert replay(attrs.evolve(record, moves=record.moves[:4], result="forfeit 0"))[-1].phase is Phase.PLAY
