"""The specification's table of refusals: each illegal move cites the most fundamental rule it breaks, in the
documented order, and changes nothing."""

from __future__ import annotations

import copy

import pytest

from tests.helpers import position
from tests.spec.expect import exact_position
from threeup3down import (
    Card,
    GameState,
    IllegalMoveError,
    NotationError,
    Play,
    Rules,
    Source,
    ThreeUpError,
    parse_cards,
    apply,
    is_legal,
    legal_moves,
    parse_move,
)

SETUP = "setup 0 2g,2r,5b,9g,Cb,C+1r|-|3g,3r,3b/4g,4r,4b,6g,6r,6b|-|7g,7r,7b 8g,8r - *"


def _case(text: str, move: str, rule: str, why: str) -> object:
    """One refusal: in position ``text`` the move ``move`` breaks ``rule``."""
    return pytest.param(text, move, rule, marks=pytest.mark.spec(rule), id=f"{rule}: {why}")


CASES = [
    _case("play 0 4g,7g,9r|-|-/5g,5r,5b|-|- - 7b *", "4g", "P2", "a number lower than the top card"),
    _case("play 0 5g,5r,8g|-|-/6g,6r,6b|-|- - 4r *", "5g,8g", "P1", "mixed numbers"),
    _case("play 0 5g,5r,8g|-|-/6g,6r,6b|-|- - 4r *", "9r", "P1", "a card not in the hand"),
    _case("play 0 -|5b,8b|3g,1b,1b/6g,6r,6b|-|- - 4r *", "^9b", "P1", "a card not in the 3UP cards"),
    _case("play 0 4b,Cr,Cb|-|-/5g,5r,5b|-|- - 6b *", "Cr,Cb", "P4", "two Clear cards together"),
    _case("play 0 4g,7r,9b|-|-/5g,5r,5b|-|- 2g 6b *", "pick", "T2", "a pick-up while a play exists"),
    _case("play 0 4g,7r,9b|-|-/5g,5r,5b|-|- 2g - * owed=1", "draw", "T4", "an early draw with a full hand"),
    _case("play 0 4g,7r|-|-/5g,5r,5b|-|- - - * owed=1", "draw", "T4", "an early draw with nothing to draw"),
    _case("play 0 4g,7r,9b|-|-/5g,5r,5b|-|- 2g 6b *", "draw", "C2", "a draw in an ordinary turn, full hand"),
    _case("play 0 4g,7r|-|-/5g,5r,5b|-|- - 6b *", "draw", "C2", "a draw in an ordinary turn, no draw pile"),
    _case(
        "play 0 8b|-|-/5g,5r,5b|-|- 2r,3r,6r 4g * owed=1",
        "draw",
        "C3",
        "a draw after the first owed play of a Clear +2",
    ),
    _case(
        "play 0 -|9g|3b,1b,1b/5g,6b,8r|-|- 2r,3r 5r * owed=1 draw", "^9g", "C5", "a 3UP play while a draw is forced"
    ),
    _case("play 0 -|9g|3b,1b,1b/5g,6b,8r|-|- 2r,3r 5r * owed=1 draw", "pick", "C5", "a pick-up while a draw is forced"),
    _case("play 0 -|9g|3b,1b,1b/5g,6b,8r|-|- 2r,3r 5r * owed=1", "draw", "C3", "an early draw no longer on offer"),
    _case("play 0 -|9g|3b,1b,1b/5g,6b,8r|-|- 2r,3r 5r * owed=1", "^9g", "F1", "3UP cards while the draw pile has cards"),
    _case("play 0 4g|9r,10b|3g,1b,1b/5g,5r,6b|-|- - 2b *", "^9r", "F1", "3UP cards while the hand has cards"),
    _case("play 0 4g|8r,10b,Cg|3g,1b,1b/5g,5r,6b|-|- - 2b *", "^Cg,8r", "F1", "F1 before P4: a Clear and a number from 3UP"),
    _case("play 0 4g|8r,10b,Cg|3g,1b,1b/5g,5r,6b|-|- - 2b *", "^8r,10b", "F1", "F1 before P1: mixed numbers from 3UP"),
    _case("play 0 4g|8r,10b,Cg|3g,1b,1b/5g,5r,6b|-|- - 2b *", "10b", "F1", "F1 before P1: a 3UP card played as a hand card"),
    _case("play 0 4g,Cg|-|-/5g,5r,6b|-|- - 2b *", "Cg,Cr", "P1", "P1 before P4: a Clear card not held"),
    _case("play 0 4g,Cg|-|-/5g,5r,6b|-|- - 2b *", "4g,Cg", "P4", "P4 before P1: a Clear with a number"),
    _case("play 0 4g,4r|-|-/5g,5r,6b|-|- - 6b *", "4g,4b", "P1", "P1 before P2: a low card not held"),
    _case("play 0 4g,4r,7g|9r|3g,1b,1b/5g,5r,6b|-|- 2r 2b *", "v0", "F1", "a flip while the draw pile has cards"),
    _case("play 0 -|9r|3g,1b,1b/5g,5r,6b|-|- - 2b *", "v0", "F2", "a flip while 3UP cards remain"),
    _case("over 0 -|-|-/5g,5r,6b|-|- - 7b,9r * turn=1 fin=0", "5g", "W1", "a move after the game is over"),
    _case("play 0 2g,5r,9b|-|3g/4g,4r,4b|-|7g - - *", "up:2g,5r,9b", "S3", "a 3UP choice during play"),
]


def _state(text: str) -> GameState:
    return exact_position(text) if text.startswith("setup") else position(text)


@pytest.mark.parametrize(("text", "move", "rule"), CASES)
def test_refusal_cites_the_rule_and_changes_nothing(text: str, move: str, rule: str) -> None:
    """The move is not listed, is refused citing its rule, and the state is equal to a copy made before."""
    state = _state(text)
    before = copy.deepcopy(state)
    illegal = parse_move(move)
    assert illegal not in legal_moves(state)
    assert not is_legal(state, illegal)
    with pytest.raises(IllegalMoveError) as error:
        apply(state, illegal)
    assert error.value.rule == rule
    assert state == before


@pytest.mark.spec("S3")
@pytest.mark.parametrize("move", ["2g", "pick"])
def test_play_moves_during_setup(move: str) -> None:
    """A play-phase move during setup is refused citing S3, and the state is equal to a copy made before."""
    state = exact_position(SETUP)
    before = copy.deepcopy(state)
    with pytest.raises(IllegalMoveError) as error:
        apply(state, parse_move(move))
    assert error.value.rule == "S3"
    assert state == before


@pytest.mark.parametrize("text", ["v\u00b2", "v" + "9" * 5000, "v\u0663", "v"])
def test_flip_positions_are_ascii_digits(text: str) -> None:
    """A 3DOWN position is written in ASCII digits; anything else is a NotationError."""
    with pytest.raises(NotationError):
        parse_move(text)


@pytest.mark.parametrize(
    ("text", "phrase"),
    [
        ("PICK", "expected cards such as 7r,7g"),
        ("foo", "expected cards such as 7r,7g"),
        ("draw2", "expected cards such as 7r,7g"),
        ("7r 7g", "no spaces inside a move"),
        ("7r, 7g", "no spaces inside a move"),
        ("swap:7r/9g/1b", "a swap is written swap:7r/9g"),
    ],
)
def test_mistyped_moves_say_what_is_expected(text: str, phrase: str) -> None:
    """A mistyped move word or a space inside a move is refused with a message that shows the notation."""
    with pytest.raises(NotationError, match=phrase):
        parse_move(text)


def test_a_move_must_be_a_move_value() -> None:
    """Text, None or cards that are not Card values are refused with a library error, not a crash."""
    state = position("play 0 7r,9g|-|-/8b|-|- - 8g *")
    for bad in ("9g", None, 9):
        with pytest.raises(ThreeUpError, match="not a move"):
            apply(state, bad)  # type: ignore[arg-type]
    with pytest.raises(ThreeUpError, match="must be Card values"):
        Play(("9g",))  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", [None, 7, b"7r"])
def test_notation_readers_refuse_non_text(bad: object) -> None:
    """Card, card-list, move and position readers given something other than text raise NotationError."""
    with pytest.raises(NotationError):
        Card.parse(bad)  # type: ignore[arg-type]
    with pytest.raises(NotationError):
        parse_cards(bad)  # type: ignore[arg-type]
    with pytest.raises(NotationError):
        parse_move(bad)  # type: ignore[arg-type]
    with pytest.raises(NotationError):
        GameState.from_notation(bad, Rules(players=2))  # type: ignore[arg-type]


def test_a_flag_given_twice_is_refused() -> None:
    """A position that sets one flag twice is ambiguous, so it is refused."""
    with pytest.raises(NotationError, match="given twice"):
        position("play 0 7r,9g|-|-/8b|-|- - 8g * owed=1 owed=2")


@pytest.mark.parametrize(
    ("text", "move", "message"),
    [
        pytest.param(
            "play 0 4g,7r,9b|-|-/5g,5r,5b|-|- 2g 6b *",
            "pick",
            "T2: player 0 cannot pick up the discard pile: a play is possible,"
            " and a player who can play must play rather than pick up",
            marks=pytest.mark.spec("T2"),
            id="T2",
        ),
        pytest.param(
            "play 0 4g,7r,9b|-|-/5g,5r,5b|-|- 2g - *",
            "pick",
            "T2: player 0 cannot pick up the discard pile: the discard pile is empty,"
            " so any card may be played on it, and a player who can play must play rather than pick up",
            marks=pytest.mark.spec("T2", "P2"),
            id="T2 empty pile",
        ),
        pytest.param(
            "play 0 5g,5r,8g|-|-/6g,6r,6b|-|- - 4r *",
            "9r",
            "P1: player 0 cannot play 9r: they are not all in the hand, which holds 5g,5r,8g",
            marks=pytest.mark.spec("P1"),
            id="P1 hand",
        ),
        pytest.param(
            "play 0 -|5b,8b|3g,1b,1b/6g,6r,6b|-|- - 4r *",
            "^9b",
            "P1: player 0 cannot play 9b from 3UP: they are not all among the 3UP cards, 5b,8b",
            marks=pytest.mark.spec("P1"),
            id="P1 3UP",
        ),
        pytest.param(
            "play 0 -|-|3g/6g,6r,6b|-|- - 4r *",
            "v2",
            "F3: player 0 cannot turn over 3DOWN card 2: there is no 3DOWN card 2 (the only one is 0)",
            marks=pytest.mark.spec("F3"),
            id="F3",
        ),
        pytest.param(
            "play 0 4g,7r,9b|-|-/5g,5r,5b|-|- 2g 6b * owed=1",
            "draw",
            "T4: player 0 cannot draw: the hand already holds three cards or more",
            marks=pytest.mark.spec("T4"),
            id="T4",
        ),
    ],
)
def test_refusal_messages_say_what_was_tried_and_why(text: str, move: str, message: str) -> None:
    """Each refusal names the player, the move tried and the whole reason, ending in a full sentence."""
    with pytest.raises(IllegalMoveError) as error:
        apply(_state(text), parse_move(move))
    assert str(error.value) == message


@pytest.mark.spec("P1")
def test_a_play_of_no_cards_is_refused() -> None:
    """A play is one card or several: a play of none is refused citing P1, from the hand or the 3UP cards."""
    state = position("play 0 4g,7r,9b|-|-/5g,5r,5b|-|- 2g 6b *")
    for source in ("hand", "up"):
        move = Play((), source=Source(source))
        with pytest.raises(IllegalMoveError, match="a play needs at least one card") as error:
            apply(state, move)
        assert error.value.rule == "P1"


@pytest.mark.spec("W1")
def test_a_refusal_describes_the_move_in_words() -> None:
    """The message of a refusal says in words what was tried, for every kind of move."""
    state = position("over 0 -|-|-/5g,5r,6b|-|- - 7b,9r * turn=1 fin=0")
    described = {
        "up:2g,5r,9b": "choose 2g,5r,9b as 3UP cards",
        "5g,5r": "play 5g,5r",
        "^5g": "play 5g from 3UP",
        "v1": "turn over 3DOWN card 1",
        "pick": "pick up the discard pile",
        "draw": "draw",
        "take": "take a card instead of playing",
        "swap:7r/9g": "swap 7r for 3UP 9g",
        "keep": "decline the swap",
    }
    for text, words in described.items():
        with pytest.raises(IllegalMoveError) as error:
            apply(state, parse_move(text))
        assert str(error.value) == f"W1: cannot {words}: the game is over"


@pytest.mark.spec("O2")
def test_taking_a_card_instead_is_refused_with_its_reason() -> None:
    """Taking a card instead of playing (O2) is refused when the rule is off, when plays are owed and on an empty draw pile."""
    text = "play 0 4g,7r,9b|-|-/5g,5r,5b|-|- 2g 6b *"
    cases = [
        (position(text), "drawing instead of playing is an optional rule that is off"),
        (position(text + " owed=1", draw_instead=True), "the extra plays owed for a Clear +1 or Clear +2 come first"),
        (position("play 0 4g,7r,9b|-|-/5g,5r,5b|-|- - 6b *", draw_instead=True), "the draw pile is empty"),
    ]
    for state, why in cases:
        with pytest.raises(IllegalMoveError) as error:
            apply(state, parse_move("take"))
        assert str(error.value) == f"O2: player 0 cannot take a card instead of playing: {why}"
