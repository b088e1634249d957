"""Every reader accepts what every other reader accepts: one check per kind of value.

A value can be read from JSON, from position notation, from record text or
from move notation. Each bound or check of a value lives in one place (the
value's class, or :mod:`threeup3down.core.limits`) and every reader goes
through it, so no document loads in one format and is refused in another.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from threeup3down import (
    Colour,
    GameState,
    Match,
    Rules,
    ThreeUpError,
    apply,
    from_dict,
    from_json,
    legal_moves,
    new_game,
    observe,
    parse_move,
    parse_record,
    sample_state,
    to_dict,
    to_json,
)
from threeup3down.formats.record_text import format_record, format_rules, parse_rules
from threeup3down.formats.records import GameRecord
from threeup3down.formats.serialization import RECORD, RULES, json_schema

LARGEST_TURN_LIMIT = 1_000_000
"""O10 as docs/rules.rst and the untrusted-input page state it: a turn limit is 1 to a million turns."""
LONGEST_SEED = 1000
"""A record's seed has at most a thousand digits (docs/howto/untrusted.rst)."""


def _accepts(read: Callable[..., object], *args: object) -> bool:
    """Whether the reader ``read`` accepts ``args``; it may refuse only with a library error."""
    try:
        read(*args)
    except ThreeUpError:
        return False
    return True


def _rules_document(**fields: object) -> dict[str, object]:
    return {"format": "threeup3down/rules", "version": 1, **fields}


def _game_with_cards_out(seed: int) -> GameState:
    """A position of a two-player game in which at least two cards are out of the game."""
    rng = random.Random(seed)
    state = new_game(Rules(players=2), seed=seed)
    while len(state.out_of_game) < 2 or state.is_over or state.phase.value != "play":
        state = new_game(Rules(players=2), seed=rng.randrange(2**32)) if state.is_over else state
        state = apply(state, rng.choice(legal_moves(state)))
    return state


@pytest.mark.parametrize("seed", [3, 11])
def test_an_observation_reads_its_out_of_game_pile_in_any_order_as_a_state_does(seed: int) -> None:
    """The out-of-game pile has no order (the state readers sort it): an observation
    document that lists it out of order reads as the observation it was written from,
    and a state sampled from it reads back from its own document."""
    state = _game_with_cards_out(seed)
    state_document, view_document = to_dict(state), to_dict(observe(state, 0))
    for document in (state_document, view_document):
        document["out_of_game"] = document["out_of_game"][::-1]  # type: ignore[index]
    assert state_document["out_of_game"] != to_dict(state)["out_of_game"]
    assert from_dict(state_document) == state
    view = from_dict(view_document)
    assert view == observe(state, 0)
    sampled = sample_state(view, random.Random(seed))
    assert from_json(to_json(sampled)) == sampled


@pytest.mark.parametrize(
    ("turn_limit", "valid"),
    [
        (1, True),
        (1000, True),
        (LARGEST_TURN_LIMIT, True),
        (LARGEST_TURN_LIMIT + 1, False),
        (10**9, False),
        (2**31, False),
        (10**200, False),
        (0, False),
    ],
    ids=["1", "1000", "10**6", "10**6+1", "10**9", "2**31", "10**200", "0"],
)
def test_a_turn_limit_is_read_alike_from_json_and_from_rules_text(turn_limit: int, valid: bool) -> None:
    """O10: a turn limit is 1 to a million turns, whether the rules come from JSON, from
    the text of a record's Rules tag, or from Python."""
    document = _rules_document(players=2, turn_limit=turn_limit)
    assert _accepts(from_dict, document) is valid
    assert _accepts(parse_rules, f"players=2 turn_limit={turn_limit}") is valid
    assert _accepts(lambda: Rules(players=2, turn_limit=turn_limit)) is valid
    if valid:
        rules = from_dict(document, RULES)
        assert parse_rules(format_rules(rules)) == rules


@pytest.mark.parametrize(
    ("seed", "valid"),
    [
        (10**999, True),  # 1,000 digits
        (-(10**1000 - 1), True),
        (10**1000, False),  # 1,001 digits
        (-(10**1000), False),
        (10**4000, False),
    ],
    ids=["1000 digits", "minus 1000 digits", "1001 digits", "minus 1001 digits", "4001 digits"],
)
def test_a_seed_is_read_alike_from_json_and_from_record_text(seed: int, valid: bool) -> None:
    """A record's seed has at most a thousand digits, in a JSON record and in a text record."""
    document = {"format": "threeup3down/record", "version": 1, "rules": {"players": 2}, "seed": seed}
    text = f'[Format "threeup3down/record"]\n[Version "1"]\n[Rules "players=2"]\n[Seed "{seed}"]\n'
    assert _accepts(from_dict, document) is valid
    assert _accepts(parse_record, text) is valid
    if valid:
        record = from_dict(document, RECORD)
        assert parse_record(format_record(record)) == record == parse_record(text)
    else:
        with pytest.raises(ThreeUpError, match="a seed has at most 1000 digits"):
            GameRecord(Rules(players=2), seed)


@pytest.mark.parametrize(
    ("scores", "message"),
    [
        ([[-5, 3]], "game 0 scores -5 points: a game's points are never negative"),
        ([[0, 12], [3, -1]], "game 1 scores -1 points"),
        ([[0, 10**6]], "more than the 635 that every card of the deck scores"),
    ],
)
def test_a_match_never_scores_negative_points(scores: list[list[int]], message: str) -> None:
    """O4: a game scores the points of the cards left in hand, never below zero and never more
    than the whole deck's, in a match document as in a match made in Python."""
    document = {"format": "threeup3down/match", "version": 1, "rules": {"players": 2}, "games": 2, "scores": scores}
    with pytest.raises(ThreeUpError, match=message):
        from_dict(document)
    with pytest.raises(ThreeUpError, match=message):
        Match(Rules(players=2), games=2, scores=scores)


def test_the_whole_deck_is_the_most_a_game_scores() -> None:
    """O4: a game in which one seat holds every card of the deck scores what the deck does."""
    most = 7 * sum(range(1, 11)) + 7 * 15 + 6 * 20 + 25  # D1: seven of each number 1-10, 7 Clear, 6 C+1, 1 C+2
    match = Match(Rules(players=2), games=1, scores=((0, most),))
    assert from_json(to_json(match)) == match


def test_a_colour_named_twice_is_refused_by_every_rules_reader() -> None:
    """O8: the colours left out are a set; naming one twice is refused in JSON and in rules text alike."""
    assert not _accepts(from_dict, _rules_document(players=2, omitted_colours=["b", "b"]))
    assert not _accepts(parse_rules, "players=2 omitted_colours=b,b")
    assert parse_rules("players=2 omitted_colours=g,b").omitted_colours == {Colour.GREEN, Colour.BLUE}


@pytest.mark.parametrize("text", [" pick", "pick\n", "7r ", "v\u00b2", "\uff17r", "v0", "^7g,7r", "pick up"])
def test_move_notation_is_read_alike_everywhere(text: str) -> None:
    """A move in a JSON document is read by move notation's reader, as a move typed or in a record is:
    what one accepts (a move with spaces around it) the other does, and both refuse the same."""
    document = {"format": "threeup3down/move", "version": 1, "move": text}
    assert _accepts(from_dict, document) is _accepts(parse_move, text)
    if _accepts(parse_move, text):
        assert from_dict(document) == parse_move(text)


RULES_VALUES: dict[str, list[object]] = {
    "players": [-1, 0, 1, 2, 3, 6, 7, 12, 13],
    "decks": [0, 1, 2, 3],
    "first_seat": [-1, 0, 1, 5, 12],
    "dealer": [-1, 0, 1, 11],
    "turn_limit": [None, 0, 1, 999, LARGEST_TURN_LIMIT, LARGEST_TURN_LIMIT + 1, 2**31],
    "omitted_colours": [[], ["b"], ["g", "r"], ["r", "r"], ["g", "r", "b"]],
    "places": [True, False],
    "reverse_on_one": [True, False],
    "reverse_each_one": [True, False],
}
"""Values of the fields of :class:`~threeup3down.Rules` that their bounds and combinations
decide on, on both sides of each bound."""


def _as_text(name: str, value: object) -> str:
    """One word of rules text, written as format_rules writes values (a list as written, duplicates kept)."""
    if value is None:
        return f"{name}=none"
    if isinstance(value, bool):
        return f"{name}={'true' if value else 'false'}"
    if isinstance(value, list):
        return f"{name}={','.join(value) or '-'}"
    return f"{name}={value}"


@given(st.fixed_dictionaries({}, optional={name: st.sampled_from(values) for name, values in RULES_VALUES.items()}))
def test_rules_json_and_rules_text_accept_the_same_tables(fields: dict[str, object]) -> None:
    """Whatever a rules document holds, JSON and the text of a record's Rules tag accept it
    alike, and read the same rules."""
    document = _rules_document(**fields)
    text = " ".join(_as_text(name, value) for name, value in fields.items())
    assert _accepts(from_dict, document) is _accepts(parse_rules, text), text
    if _accepts(parse_rules, text):
        assert from_dict(document) == parse_rules(text)


def test_the_schema_states_the_bounds_the_readers_check() -> None:
    """The shipped JSON Schema refuses what the readers refuse by bound: a turn limit over a
    million (O10) and negative match points (O4)."""
    validator = Draft202012Validator(json_schema())
    assert not validator.is_valid(_rules_document(players=2, turn_limit=LARGEST_TURN_LIMIT + 1))
    assert validator.is_valid(_rules_document(players=2, turn_limit=LARGEST_TURN_LIMIT))
    match = {"format": "threeup3down/match", "version": 1, "rules": {"players": 2}, "games": 2}
    assert not validator.is_valid({**match, "scores": [[-5, 3]]})
    assert validator.is_valid({**match, "scores": [[0, 3]]})
