"""Every refusal of :func:`apply`, word for word: the rule it cites, the player, the move tried in words and
the whole reason (the table of refusals in ``test_refusals.py`` checks which rule each cites)."""

from __future__ import annotations

import pytest

from tests.helpers import position
from tests.spec.expect import exact_position
from threeup3down import (
    ClearTwoDraw,
    FlipDown,
    GameState,
    IllegalMoveError,
    Move,
    Play,
    Source,
    ThreeUpError,
    apply,
    parse_move,
)

SETUP = "setup 0 2g,2r,5b,9g,Cb,C+1r|-|3g,3r,3b/4g,4r,4b,6g,6r,6b|-|7g,7r,7b 8g,8r - *"
ORDINARY = "play 0 4g,7r,9b|-|-/5g,5r,5b|-|- 2g 6b *"
OWED_EMPTY_HAND = "play 0 -|9g|3b,1b,1b/5g,6b,8r|-|- 2r,3r 5r * owed=1"
LONG_HAND = "play 0 2g,2r,3g,3r,4g,4r,5g,5r,6g|-|-/7g,7r,7b|-|- - 1b *"  # more cards than a hand walked card by card
SWAP = "play 1 5r,5b,6g|-|-/4g,7g,9b|5g,8b|3g,3b,1b 2g 6r,7r,8r,9r * swap"


def _case(text: str, move: str | Move, message: str, **rules: object) -> object:
    """In position ``text`` (under ``Rules(**rules)``), ``move`` is refused with exactly ``message``."""
    rule = message.split(":", 1)[0]
    return pytest.param(text, move, message, rules, marks=pytest.mark.spec(rule), id=message)


CASES = [
    _case(SETUP, "2g", "S3: cannot play 2g during setup: player 0 chooses 3UP cards"),
    _case(
        "setup 1 2r,Cb,C+1r|2g,5b,9g|3g,3r,3b/4g,4r,4b,6g,6r,6b|-|7g,7r,7b 8g,8r - *",
        "pick",
        "S3: cannot pick up the discard pile during setup: player 1 chooses 3UP cards",
    ),
    _case(SETUP, "up:2g,5b", "S3: player 0 cannot choose 2g,5b as 3UP cards: exactly 3 cards are chosen"),
    _case(
        SETUP,
        "up:2g,5b,9g,Cb",
        "S3: player 0 cannot choose 2g,5b,9g,Cb as 3UP cards: exactly 3 cards are chosen",
    ),
    _case(
        SETUP,
        "up:2g,5b,7r",
        "S3: player 0 cannot choose 2g,5b,7r as 3UP cards: they are not all among the cards dealt, 2g,2r,5b,9g,Cb,C+1r",
    ),
    _case(
        "play 0 2g,5r,9b|-|3g/4g,4r,4b|-|7g - - *",
        "up:2g,5r,9b",
        "S3: player 0 cannot choose 2g,5r,9b as 3UP cards: 3UP cards are chosen only during setup",
    ),
    _case(SWAP, "6g", "O7: cannot play 6g: player 1 first swaps or keeps (O7)", same_colour_swap=True),
    _case(SWAP, "pick", "O7: cannot pick up the discard pile: player 1 first swaps or keeps (O7)", same_colour_swap=True),
    _case(
        OWED_EMPTY_HAND + " draw",
        "^9g",
        "C5: cannot play 9g from 3UP: player 0 owes a play with an empty hand and must draw first",
    ),
    _case(
        OWED_EMPTY_HAND + " draw",
        "pick",
        "C5: cannot pick up the discard pile: player 0 owes a play with an empty hand and must draw first",
    ),
    _case(
        OWED_EMPTY_HAND,
        "7r",
        "P1: player 0 cannot play 7r: they are not all in the hand, which holds none",
    ),
    _case(
        "play 0 4b,Cr,Cb|-|-/5g,5r,5b|-|- - 6b *",
        "Cr,Cb",
        "P4: player 0 cannot play Cr,Cb: Clear cards are played one at a time",
    ),
    _case(
        "play 0 5g,5r,8g|-|-/6g,6r,6b|-|- - 4r *",
        "5g,8g",
        "P1: player 0 cannot play 5g,8g: a play is one card or several of the same number",
    ),
    _case(
        "play 0 5g,5r,Cb|-|-/6g,6r,6b|-|- - 4r *",
        "5g,5r,Cb",
        "P4: player 0 cannot play 5g,5r,Cb: Clear cards are played one at a time",
    ),
    _case(
        "play 0 5g,5r,8g|-|-/6g,6r,6b|-|- - 4r *",
        "5g,5r,8g",
        "P1: player 0 cannot play 5g,5r,8g: a play is one card or several of the same number",
    ),
    _case(
        LONG_HAND,
        "9b",
        "P1: player 0 cannot play 9b: they are not all in the hand, which holds 2g,2r,3g,3r,4g,4r,5g,5r,6g",
    ),
    _case(
        LONG_HAND,
        "4b",
        "P1: player 0 cannot play 4b: they are not all in the hand, which holds 2g,2r,3g,3r,4g,4r,5g,5r,6g",
    ),
    _case(
        "play 0 4g|9r,10b|3g,1b,1b/5g,5r,6b|-|- - 2b *",
        "^9r",
        "F1: player 0 cannot play 9r from 3UP: 3UP cards are played only once the hand and the draw pile are empty,"
        " never with hand cards",
    ),
    _case(
        "play 0 4g|8r,10b,Cg|3g,1b,1b/5g,5r,6b|-|- - 2b *",
        "10b",
        "F1: player 0 cannot play 10b: 3UP cards are played only once the hand and the draw pile are empty,"
        " never with hand cards",
    ),
    _case(
        "play 0 4g,7g,9r|-|-/5g,5r,5b|-|- - 7b *",
        "4g",
        "P2: player 0 cannot play 4g: a 4 is lower than the 7 on top of the discard pile",
    ),
    _case(
        "play 0 -|2g,10r|3g,1b,1b/5g,5r,5b|-|- - 8b,10b *",
        "^2g",
        "P2: player 0 cannot play 2g from 3UP: a 2 is lower than the 10 on top of the discard pile",
    ),
    _case(
        "play 0 4g,4r,7g|9r|3g,1b,1b/5g,5r,6b|-|- 2r 2b *",
        "v0",
        "F1: player 0 cannot turn over 3DOWN card 0: 3DOWN cards are played only once the hand and the draw"
        " pile are empty",
    ),
    _case(
        "play 0 -|-|3g,1b,1b/5g,5r,6b|-|- 2r 2b * owed=1",
        "v1",
        "F1: player 0 cannot turn over 3DOWN card 1: 3DOWN cards are played only once the hand and the draw"
        " pile are empty",
    ),
    _case(
        "play 0 -|9r|3g,1b,1b/5g,5r,6b|-|- - 2b *",
        "v2",
        "F2: player 0 cannot turn over 3DOWN card 2: all 3UP cards are played before any 3DOWN card",
    ),
    _case(
        "play 0 -|-|3g,1b,1b/5g,5r,6b|-|- - 2b *",
        "v3",
        "F3: player 0 cannot turn over 3DOWN card 3: there is no 3DOWN card 3 (they are 0 to 2)",
    ),
    _case(
        "play 0 -|-|3g,1b/5g,5r,6b|-|- - 2b *",
        "v2",
        "F3: player 0 cannot turn over 3DOWN card 2: there is no 3DOWN card 2 (they are 0 to 1)",
    ),
    _case(
        "play 0 -|-|3g/5g,5r,6b|-|- - 2b *",
        FlipDown(-1),
        "F3: player 0 cannot turn over 3DOWN card -1: there is no 3DOWN card -1 (the only one is 0)",
    ),
    _case(ORDINARY, "draw", "C2: player 0 cannot draw: an early draw follows only a Clear +1 or Clear +2"),
    _case(
        "play 0 4g,7r|-|-/5g,5r,5b|-|- - - * owed=1",
        "draw",
        "T4: player 0 cannot draw: the draw pile is empty",
    ),
    _case(
        "play 0 8b|-|-/5g,5r,5b|-|- 2r,3r,6r 4g * owed=1",
        "draw",
        "C3: player 0 cannot draw: the early draw comes once, before the first extra play",
    ),
    _case(
        "play 0 8b|-|-/5g,5r,5b|-|- 2r,3r,6r 4g * owed=1",
        "draw",
        "C3: player 0 cannot draw: the early draw comes once, before each extra play",
        clear_two_draw=ClearTwoDraw.EACH,
    ),
    _case(
        "play 0 4g|-|-/5g,5r,5b|-|- 2g 9b *",
        "take",
        "T3: player 0 cannot take a card instead of playing: no play is possible, and a player who cannot play"
        " picks up the pile",
        draw_instead=True,
    ),
    _case(
        ORDINARY,
        "swap:7r/9g",
        "O7: player 0 cannot swap 7r for 3UP 9g: no run of four cards of one colour was just completed",
        same_colour_swap=True,
    ),
    _case(
        ORDINARY,
        "keep",
        "O7: player 0 cannot decline the swap: no same-colour swap is on offer",
        same_colour_swap=True,
    ),
    _case(
        SWAP,
        "swap:9b/9b",
        "O7: player 1 cannot swap 9b for 3UP 9b: swapping a card for an identical one changes nothing (keep)",
        same_colour_swap=True,
    ),
    _case(
        SWAP,
        "swap:9r/5g",
        "O7: player 1 cannot swap 9r for 3UP 5g: the hand holds 4g,7g,9b and the 3UP cards are 5g,8b",
        same_colour_swap=True,
    ),
    _case(
        SWAP,
        "swap:4g/8r",
        "O7: player 1 cannot swap 4g for 3UP 8r: the hand holds 4g,7g,9b and the 3UP cards are 5g,8b",
        same_colour_swap=True,
    ),
]


def _state(text: str, rules: dict[str, object]) -> GameState:
    return exact_position(text) if text.startswith("setup") else position(text, **rules)


@pytest.mark.parametrize(("text", "move", "message", "rules"), CASES)
def test_a_refusal_is_written_in_full(text: str, move: str | Move, message: str, rules: dict[str, object]) -> None:
    """The refusal's message is the rule ID, the player, the move in words and the reason, exactly."""
    with pytest.raises(IllegalMoveError) as error:
        apply(_state(text, rules), parse_move(move) if isinstance(move, str) else move)
    assert str(error.value) == message
    assert error.value.rule == message.split(":", 1)[0]


@pytest.mark.spec("P1")
@pytest.mark.parametrize(
    ("source", "words"), [(Source.HAND, "play -"), (Source.UP, "play - from 3UP")], ids=["hand", "3UP"]
)
def test_a_play_of_no_cards_is_refused_in_full(source: Source, words: str) -> None:
    """A play of no cards, from the hand or the 3UP cards, is refused as P1 with the whole reason."""
    with pytest.raises(IllegalMoveError) as error:
        apply(position(ORDINARY), Play((), source=source))
    assert str(error.value) == f"P1: player 0 cannot {words}: a play needs at least one card"


def test_something_other_than_a_move_is_named_in_full() -> None:
    """A value that is not a move is refused with a library error that shows it and says what a move is."""
    with pytest.raises(ThreeUpError) as error:
        apply(position(ORDINARY), "9g")  # type: ignore[arg-type]
    assert str(error.value) == "not a move: '9g' (moves are Move values; parse_move() reads notation such as '9g')"
    assert not isinstance(error.value, IllegalMoveError)
