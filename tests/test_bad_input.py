"""Wrong-typed input to public functions raises a typed library error naming the problem."""

from __future__ import annotations

import random
from typing import Any

import pytest

from threeup3down import Card, GameState, Play, Rules, new_game, parse_move
from threeup3down.core.cards import parse_cards
from threeup3down.core.errors import MatchError, NotationError, ThreeUpError
from threeup3down.views.events import (
    CardsDrawn,
    DrawKind,
    Event,
    UpCardsRevealed,
    apply_with_events,
    events_for,
)
from threeup3down.views.observation import Observation, observe, sample_state
from threeup3down.core.errors import DocumentError, RecordError
from threeup3down.formats.records import GameRecord, record_game, replay
from threeup3down.core.scoring import Match, score
from threeup3down.formats.serialization import from_json, to_dict, to_json
from threeup3down.views.svg import LastMove, observation_svg, state_svg, to_svg

def _state() -> GameState:
    return GameState.from_notation("play 0 -|-|3g,9b/8b|-|- - 5r,8r *", Rules(players=2))


def _view() -> Observation:
    return observe(new_game(Rules(players=3), seed=2), 1)


def _events() -> tuple[Event, ...]:
    return apply_with_events(_state(), parse_move("v0"))[1]


def _hidden(drawn: CardsDrawn) -> CardsDrawn:
    return CardsDrawn(player=drawn.player, count=drawn.count, cards=(), kind=drawn.kind)


def _wrong(value: object) -> Any:
    """``value``, typed so that it may be passed where another type is expected."""
    return value


# ----------------------------------------------------------------- serialization


@pytest.mark.parametrize(
    ("value", "kind"),
    [
        (Card.RED_7, "a Card"),
        ([Card.RED_7], "a list"),
        (42, "an int"),
        (None, "None"),
        (Rules, "a type"),
    ],
)
def test_to_json_refuses_a_value_without_a_document(value: object, kind: str) -> None:
    """to_json names the value's type and lists the kinds of document it writes."""
    with pytest.raises(DocumentError, match=f"{kind} has no document format") as error:
        to_json(_wrong(value))
    assert "a tuple of cards" in str(error.value) and "a GameRecord or a Match" in str(error.value)


def test_to_dict_refuses_an_int() -> None:
    """to_dict refuses an int as to_json does."""
    with pytest.raises(DocumentError, match="an int has no document format"):
        to_dict(_wrong(42))


def test_to_json_refuses_a_tuple_mixing_cards_and_strings() -> None:
    """A tuple is written only if every item is a card (or every item an event)."""
    with pytest.raises(DocumentError, match="cards only or events only"):
        to_json(_wrong((Card.RED_7, "7g")))


def test_to_json_still_writes_cards_and_events() -> None:
    """Tuples of cards and of events keep their documents and read back equal."""
    cards = (Card.RED_7, Card.GREEN_7)
    assert from_json(to_json(cards)) == cards
    events = _events()
    assert from_json(to_json(events)) == events


# ------------------------------------------------------------------ observation


@pytest.mark.parametrize("rng", [3, None])
def test_sample_state_requires_a_random_generator(rng: object) -> None:
    """sample_state names its rng parameter and suggests random.Random(seed)."""
    with pytest.raises(ThreeUpError, match=r"rng must be a random\.Random.*random\.Random\(seed\)"):
        sample_state(_view(), _wrong(rng))


def test_sample_state_requires_an_observation() -> None:
    """A full state in place of an observation is refused, pointing to observe."""
    with pytest.raises(ThreeUpError, match=r"needs an Observation, not a GameState.*observe"):
        sample_state(_wrong(_state()), random.Random(0))


def test_observe_requires_a_state() -> None:
    """Observing an observation is refused as not a GameState."""
    with pytest.raises(ThreeUpError, match="observe needs a GameState, not an Observation"):
        observe(_wrong(_view()), 0)


@pytest.mark.parametrize(
    ("seat", "phrase"),
    [("0", "seat '0' is not a seat number"), (None, "seat None is not a seat number"),
     (1.0, "seat 1.0 is not a seat number"), (True, "seat True is not a seat number")],
)
def test_observe_requires_an_int_seat(seat: object, phrase: str) -> None:
    """observe names a seat that is not an int (a bool is not a seat either)."""
    state = _state()
    before = state.notation()
    with pytest.raises(ThreeUpError, match=phrase):
        observe(state, _wrong(seat))
    assert state.notation() == before


def test_observe_refuses_a_seat_off_the_table() -> None:
    """A seat number beyond the table is named with the table size."""
    with pytest.raises(ThreeUpError, match="seat 2 is not at a table of 2 players"):
        observe(_state(), 2)


# ----------------------------------------------------------------------- events


@pytest.mark.parametrize(
    ("seat", "phrase"),
    [(-1, "seat -1 is not a seat number: seats count from 0"),
     ("0", "seat '0' is not a seat number"), (None, "seat None is not a seat number"),
     (False, "seat False is not a seat number")],
)
def test_events_for_requires_a_non_negative_int_seat(seat: object, phrase: str) -> None:
    """events_for names a seat that is not a non-negative int."""
    with pytest.raises(ThreeUpError, match=phrase):
        events_for(_events(), _wrong(seat))


def test_events_for_checks_the_seat_against_revealed_up_cards() -> None:
    """With an UpCardsRevealed event in the batch, the table size bounds the seat."""
    revealed = UpCardsRevealed(up=((Card.RED_7,), (Card.BLUE_9,)))
    with pytest.raises(ThreeUpError, match="seat 99 is not at a table of 2 players"):
        events_for([revealed], 99)


def test_events_for_accepts_a_high_seat_without_a_table_size() -> None:
    """Without an event that gives the table size, any non-negative seat is taken."""
    drawn = CardsDrawn(player=0, count=1, cards=(Card.RED_7,), kind=DrawKind.END_OF_TURN)
    assert events_for([drawn], 99) == (_hidden(drawn),)


def test_events_for_refuses_a_single_event() -> None:
    """One event in place of an iterable of events is refused, suggesting (event,)."""
    with pytest.raises(ThreeUpError, match=r"not a single DownCardTurned: wrap it as \(event,\)"):
        events_for(_wrong(_events()[0]), 0)


def test_events_for_refuses_items_that_are_not_events() -> None:
    """An iterable holding something other than events names the offending item."""
    with pytest.raises(ThreeUpError, match="item 0 of the events is a str, not an event"):
        events_for(_wrong(["pick"]), 0)


# ---------------------------------------------------------------------- records


@pytest.mark.parametrize(
    ("seed", "phrase"),
    [(None, "a record needs the int seed that dealt its game"),
     ("5", "seed '5' must be an int"), (True, "seed True must be an int")],
)
def test_game_record_requires_an_int_seed(seed: object, phrase: str) -> None:
    """A record's seed must be the int that dealt its game."""
    with pytest.raises(RecordError, match=phrase):
        GameRecord(rules=Rules(players=2), seed=_wrong(seed))


def test_record_game_refuses_a_missing_seed_before_playing() -> None:
    """record_game refuses a None seed without asking the strategy for a move."""
    asked: list[GameState] = []

    def strategy(state: GameState) -> object:
        asked.append(state)
        raise AssertionError("the strategy is not asked")

    with pytest.raises(RecordError, match="needs the int seed"):
        record_game(Rules(players=2), _wrong(None), _wrong(strategy))
    assert asked == []


def test_game_record_requires_a_tuple_of_moves() -> None:
    """Moves in notation (not parsed) are refused, naming the move."""
    with pytest.raises(RecordError, match="move 1 is a str, not a move"):
        GameRecord(rules=Rules(players=2), seed=1, moves=_wrong(("pick",)))
    with pytest.raises(RecordError, match="moves must be a tuple of moves, not a str"):
        GameRecord(rules=Rules(players=2), seed=1, moves=_wrong("pick"))


def test_game_record_requires_a_tuple_of_names() -> None:
    """A string is not a tuple of names, even when its length is the table size."""
    with pytest.raises(RecordError, match="names must be a tuple of strings, not a str"):
        GameRecord(rules=Rules(players=2), seed=1, names=_wrong("AB"))
    with pytest.raises(RecordError, match="player name 7 must be a string"):
        GameRecord(rules=Rules(players=2), seed=1, names=_wrong(("Ann", 7)))


def test_game_record_requires_rules_date_and_result_of_their_types() -> None:
    """Rules, date and result of the wrong type are each named."""
    with pytest.raises(RecordError, match="rules must be a Rules, not an int"):
        GameRecord(rules=_wrong(2), seed=1)
    with pytest.raises(RecordError, match="date must be a datetime.date or None, not a str"):
        GameRecord(rules=Rules(players=2), seed=1, date=_wrong("2024-05-01"))
    with pytest.raises(RecordError, match="result must be a string or None, not an int"):
        GameRecord(rules=Rules(players=2), seed=1, result=_wrong(1))


def test_replay_requires_a_record() -> None:
    """replay refuses a value that is not a GameRecord."""
    with pytest.raises(RecordError, match="replay needs a GameRecord, not a GameState"):
        replay(_wrong(_state()))


# ---------------------------------------------------------------------- scoring


@pytest.mark.parametrize(("games", "phrase"), [("x", "games 'x' must be an int"), (True, "games True")])
def test_match_requires_an_int_number_of_games(games: object, phrase: str) -> None:
    """A match's number of games must be an int."""
    with pytest.raises(MatchError, match=phrase):
        Match(Rules(players=2), games=_wrong(games))


def test_match_refuses_scores_that_are_not_points() -> None:
    """Scores must be games of int points; a string is named."""
    with pytest.raises(MatchError, match="game 0 is a str"):
        Match(Rules(players=2), games=2, scores=_wrong(["03"]))
    with pytest.raises(MatchError, match="scores must be an iterable of games"):
        Match(Rules(players=2), games=2, scores=_wrong(3))


def test_match_requires_rules() -> None:
    """A match's rules must be a Rules."""
    with pytest.raises(MatchError, match="rules must be a Rules, not an int"):
        Match(_wrong(2), games=1)


def test_score_requires_a_state() -> None:
    """score refuses an observation in place of a finished state."""
    with pytest.raises(MatchError, match="score needs a GameState, not an Observation"):
        score(_wrong(_view()))


# -------------------------------------------------------------------------- svg


def test_observation_svg_requires_an_observation() -> None:
    """A full state is refused, pointing to state_svg."""
    with pytest.raises(ThreeUpError, match="draws an Observation, not a GameState: use state_svg"):
        observation_svg(_wrong(_state()))


def test_state_svg_requires_a_state() -> None:
    """An observation is refused, pointing to observation_svg."""
    with pytest.raises(ThreeUpError, match="draws a GameState, not an Observation: use observation_svg"):
        state_svg(_wrong(_view()))


def test_state_svg_requires_a_bottom_seat_at_the_table() -> None:
    """The seat drawn at the bottom must be a seat of the table."""
    with pytest.raises(ThreeUpError, match="seat 5 is not at a table of 2 players"):
        state_svg(_state(), bottom=5)


def test_to_svg_requires_a_picture_value() -> None:
    """to_svg refuses a value that is neither an observation nor a state."""
    with pytest.raises(ThreeUpError, match="an Observation, a SpectatorView or a GameState, not None"):
        to_svg(_wrong(None))


def test_svg_requires_a_last_move() -> None:
    """A bare move in place of a LastMove is refused."""
    with pytest.raises(ThreeUpError, match=r"last_move must be a LastMove\(player, move\)"):
        state_svg(_state(), last_move=_wrong(parse_move("v0")))
    assert "data-card" in state_svg(_state(), last_move=LastMove(0, parse_move("v0")))


@pytest.mark.parametrize(
    ("arguments", "phrase"),
    [
        ({"rules": "standard"}, "needs a Rules value"),
        ({"seed": "5"}, "the seed must be an int"),
        ({"seed": True}, "the seed must be an int"),
        ({"rng": 3}, "rng must be a random.Random"),
    ],
)
def test_new_game_refuses_wrong_arguments(arguments: dict[str, Any], phrase: str) -> None:
    """new_game names a wrong rules value, seed or random generator instead of failing later."""
    with pytest.raises(ThreeUpError, match=phrase):
        new_game(**arguments)


@pytest.mark.parametrize("read", [parse_move, parse_cards], ids=["parse_move", "parse_cards"])
def test_move_and_card_notation_refuse_input_over_the_limit(read: Any) -> None:
    """Move and card notation refuse text over ``max_size`` characters before reading it, as
    every other reader does, with a message of a line, not the input."""
    text = "7r," * 400_000 + "7r"  # 1.2 million characters of valid card notation
    with pytest.raises(NotationError, match="the input is over the limit of 1000000 characters") as error:
        read(text)
    assert len(str(error.value)) < 200
    assert read("7r,7g", max_size=5) in ((Card.RED_7, Card.GREEN_7), Play((Card.RED_7, Card.GREEN_7)))
    with pytest.raises(NotationError, match="over the limit of 4 characters"):
        read("7r,7g", max_size=4)


@pytest.mark.parametrize(
    ("read", "text"),
    [
        (parse_move, "7r" * 100_000),
        (parse_move, "^" + "7r" * 100_000),
        (parse_move, "swap:" + "7r" * 100_000),
        (parse_cards, "x" * 100_000),
        (parse_cards, "7" + "q" * 100_000),
        (Card.parse, "7" * 100_000),
    ],
)
def test_a_long_bad_token_is_quoted_in_part(read: Any, text: str) -> None:
    """A refusal of a long input within the limit quotes its start and gives its length."""
    with pytest.raises(NotationError) as error:
        read(text)
    message = str(error.value)
    assert len(message) < 300 and "characters)" in message
