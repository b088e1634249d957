"""Public knowledge of a hand (what every player saw go into it) names only cards the hand holds,
as many times as it holds them; each refusal compared word for word."""

from __future__ import annotations

import attrs
import pytest

from tests.helpers import position
from threeup3down import GameState, NotationError, Rules, from_json, new_game, parse_cards, to_json
from threeup3down.core.validation import position_problems

RUN = "play 0 8g,9r,Cb|2r,3b|4b,1b,1b/9b,10r|-|- 5b 5g,6g,7g * known=9r,Cb/-"
"""Every player saw 9r and Cb go into seat 0's hand, which holds 8g, 9r and Cb."""


@pytest.mark.spec("T3")
def test_known_cards_held_by_the_hand_are_no_problem() -> None:
    """The position as read: both known cards are in the hand, sorted."""
    assert position_problems(position(RUN)) == ()


@pytest.mark.spec("T3")
def test_a_known_card_the_hand_does_not_hold_is_refused() -> None:
    """7g is not in the hand: it is named, with the hand it is missing from."""
    state = position(RUN)
    seat = attrs.evolve(state.seats[0], known=parse_cards("7g,9r"))
    problems = position_problems(attrs.evolve(state, seats=(seat, state.seats[1])))
    assert problems == ("seat 0 is known to hold 7g but its hand is 8g,9r,Cb",)


@pytest.mark.spec("T3")
def test_a_card_known_twice_must_be_held_twice() -> None:
    """The hand holds one 9r, so two known 9r leave one unaccounted for."""
    state = position(RUN)
    seat = attrs.evolve(state.seats[0], known=parse_cards("9r,9r"))
    problems = position_problems(attrs.evolve(state, seats=(seat, state.seats[1])))
    assert problems == ("seat 0 is known to hold 9r but its hand is 8g,9r,Cb",)


@pytest.mark.spec("T3")
def test_a_hand_wholly_known_with_one_copy_too_many_is_refused() -> None:
    """Seat 1 holds 9b and 10r; knowing 9b twice and 10r once names the second 9b."""
    state = position(RUN)
    seat = attrs.evolve(state.seats[1], known=parse_cards("9b,9b,10r"))
    problems = position_problems(attrs.evolve(state, seats=(state.seats[0], seat)))
    assert problems == ("seat 1 is known to hold 9b but its hand is 9b,10r",)


@pytest.mark.spec("S3", "T3")
def test_nothing_is_known_during_setup() -> None:
    """Cards become known only when a pile is picked up in a turn, and no turn is taken during setup."""
    setup = new_game(Rules(players=2), seed=1)
    seat = attrs.evolve(setup.seats[0], known=setup.seats[0].hand[:1])
    problems = position_problems(attrs.evolve(setup, seats=(seat, setup.seats[1])))
    assert problems == ("no card of a hand is known to the table during setup (S3)",)
    with pytest.raises(NotationError) as refused:
        GameState.from_notation(f"{setup.notation()} known={setup.seats[0].hand[0]}/-", setup.rules)
    assert str(refused.value) == "invalid position: no card of a hand is known to the table during setup (S3)"


@pytest.mark.spec("T3")
def test_a_card_known_twice_and_held_twice_is_no_problem() -> None:
    """Seat 0 picked up both 9r: knowing 9r twice names the two copies it holds,
    read from position notation and from JSON alike."""
    state = position("play 0 8g,9r,9r,Cb|2r,3b|4b,1b,1b/9b,10r|-|- 5b 5g,6g,7g * known=9r,9r/-")
    assert state.seats[0].known == parse_cards("9r,9r")
    assert position_problems(state) == ()
    assert from_json(to_json(state)) == state
