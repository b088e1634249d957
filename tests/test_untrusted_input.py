"""Input from other machines: a size bound every reader enforces, and readers that stay linear.

Speed is measured by ``benchmarks/readers.py``; these tests check what the
readers answer on the inputs that once made them slow, and the bound.
"""

from __future__ import annotations

import pytest

from threeup3down import DocumentError, GameState, NotationError, Rules, legal_moves, parse_cards
from threeup3down.core.limits import MAX_INPUT_SIZE
from threeup3down.core.state import parse_position
from threeup3down.formats.record_text import parse_record
from threeup3down.formats.serialization import RULES, from_json

RECORD = '[Format "threeup3down/record"]\n[Version "1"]\n[Rules "players=2"]\n[Seed "3"]\n\nup:6g,7r,9g'


def test_readers_refuse_text_over_the_bound() -> None:
    """Text longer than max_size is refused with the reader's own error, saying how to raise the bound."""
    rules_document = '{"format": "threeup3down/rules", "version": 1, "players": 3}'
    with pytest.raises(DocumentError, match=r"is over the limit of 59 characters \(pass a larger max_size"):
        from_json(rules_document, max_size=59)
    with pytest.raises(DocumentError, match=r"is over the limit of 59 characters \(pass a larger max_size"):
        RULES.from_json(rules_document.encode(), max_size=59)
    assert from_json(rules_document, max_size=60) == Rules(players=3)
    text = "play 0 7r|-|-/8b|-|- - 8g *"
    with pytest.raises(NotationError, match=r"invalid position: the input is over the limit of 26 characters"):
        parse_position(text, Rules(players=2), max_size=26)
    with pytest.raises(NotationError, match=r"over the limit of 26"):
        GameState.from_notation(text, Rules(players=2), max_size=26)
    assert parse_position(text, Rules(players=2), max_size=27).seats[0].hand == parse_cards("7r")
    with pytest.raises(NotationError, match=r"invalid record: the input is over the limit of 10 characters"):
        parse_record(RECORD, max_size=10)
    assert parse_record(RECORD, max_size=len(RECORD)).seed == 3


def test_the_default_bound_is_the_documented_one() -> None:
    """Without max_size the readers refuse text over MAX_INPUT_SIZE and read text up to it."""
    padded = "play 0 7r|-|-/8b|-|- - 8g *"
    padded += " " * (MAX_INPUT_SIZE - len(padded))
    assert parse_position(padded, Rules(players=2)).top_card is not None
    with pytest.raises(NotationError, match=f"over the limit of {MAX_INPUT_SIZE}"):
        parse_position(padded + " ", Rules(players=2))
    with pytest.raises(DocumentError, match=f"over the limit of {MAX_INPUT_SIZE}"):
        from_json(" " * (MAX_INPUT_SIZE + 1))


def test_spaces_around_seats_and_runs_of_spaces() -> None:
    """Runs of spaces separate fields, and spaces around a / between seats are dropped."""
    spaced = "play   0  7r|-|-  /  8b|-|-   -  8g   *"
    assert parse_position(spaced, Rules(players=2)) == parse_position("play 0 7r|-|-/8b|-|- - 8g *", Rules(players=2))
    with pytest.raises(NotationError, match="expected at least 6 fields"):
        parse_position("play" + " " * 40000 + "0 x", Rules(players=2))


def test_a_repeated_key_is_named() -> None:
    """Among many keys, the one given twice is named."""
    keys = ",".join(f'"k{n}": 1' for n in range(5000))
    with pytest.raises(DocumentError, match="key 'k17' appears twice in an object"):
        from_json("{" + keys + ', "k17": 2}')


def test_many_tag_lines_are_read_in_order() -> None:
    """A record with many tag lines is read through; the first tag given twice is named."""
    tags = "".join(f'[Tag{n} "x"]\n' for n in range(3000))
    with pytest.raises(NotationError, match="the Seed tag is missing"):
        parse_record('[Format "threeup3down/record"]\n[Version "1"]\n[Rules "players=2"]\n' + tags)
    with pytest.raises(NotationError, match="the Tag5 tag is given twice"):
        parse_record(tags + '[Tag5 "y"]\n')


@pytest.mark.spec("D3", "O7")
def test_identical_copies_are_listed_by_count_under_o7() -> None:
    """With colours in play, 24 identical 5s give 24 plays (one per count) and mixed colours each mix once."""
    cards = parse_cards(",".join(["5g"] * 24 + ["5r"] * 2 + ["6r"] * 9 + ["7b"] * 9))
    rules = Rules(players=2, same_colour_swap=True, turn_limit=None, custom_cards=cards)
    hand = ",".join(["5g"] * 24)
    state = GameState.from_notation(f"play 0 {hand}|-|-/6r,6r,6r|-|- - - *", rules)
    assert [len(move.cards) for move in legal_moves(state)] == list(range(1, 25))  # type: ignore[union-attr]
    state = GameState.from_notation("play 0 5g,5g,5r,5r|-|-/6r,6r,6r|-|- - - *", rules)
    assert [str(move) for move in legal_moves(state)] == [
        "5g", "5r", "5g,5g", "5g,5r", "5r,5r", "5g,5g,5r", "5g,5r,5r", "5g,5g,5r,5r",
    ]
