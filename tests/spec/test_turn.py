"""T1–T4: a turn is one play or a pick-up, then the draw up to three."""

from __future__ import annotations

import pytest

from tests.helpers import moves, play, position
from tests.spec.expect import canonical, refused


@pytest.mark.spec("T1", "T4")
def test_a_turn_is_a_play_then_the_draw() -> None:
    """After one play the player draws from the top of the draw pile up to 3 cards, and the turn passes."""
    state = position("play 0 4g,7r,9b|-|-/5g,5r,5b|-|- 2g,3b - *")
    after = play(state, "7r")
    assert canonical(after) == position("play 1 3b,4g,9b|-|-/5g,5r,5b|-|- 2g 7r * turn=1")


@pytest.mark.spec("T1", "C2")
def test_clear_plus_1_adds_a_play_to_the_same_turn() -> None:
    """A Clear +1 keeps the turn with the same player, who owes one more play; the turn ends after it."""
    state = position("play 0 4g,9b,C+1r|-|-/5g,5r,5b|-|- - 7b *")
    after = play(state, "C+1r")
    assert after.current_player == 0
    assert after.turn == 0
    assert after.owed_plays == 1
    after = play(after, "4g")
    assert after.current_player == 1
    assert after.turn == 1


@pytest.mark.spec("T2")
def test_a_player_who_can_play_must() -> None:
    """A player who can play is offered only plays: no pick-up, no pass."""
    state = position("play 0 4g,7r,9b|-|-/5g,5r,5b|-|- 2g 6b *")
    assert moves(state) == ["7r", "9b"]
    assert refused(state, "pick") == "T2"


@pytest.mark.spec("T2", "F2")
def test_must_play_from_3up() -> None:
    """A player who can play from their 3UP cards must; picking up is refused."""
    state = position("play 0 -|2b,8g|3g,1b,1b/5g,5r,5b|-|- - 6b *")
    assert moves(state) == ["^8g"]
    assert refused(state, "pick") == "T2"


@pytest.mark.spec("T2", "F3")
def test_must_flip_rather_than_pick_up() -> None:
    """Turning over a 3DOWN card is a play, so picking up instead is refused."""
    state = position("play 0 -|-|3g,9r/5g,5r,5b|-|- - 6b *")
    assert moves(state) == ["v0", "v1"]
    assert refused(state, "pick") == "T2"


@pytest.mark.spec("T3")
def test_a_player_who_cannot_play_picks_up() -> None:
    """The only move of a player who cannot play is to pick up the whole pile; the turn ends."""
    state = position("play 0 2g,3r,4b|-|-/9g,9r,9b|-|- 5g,6g 7b,8r *")
    assert moves(state) == ["pick"]
    after = play(state, "pick")
    assert canonical(after) == position("play 1 2g,3r,4b,7b,8r|-|-/9g,9r,9b|-|- 5g,6g - * turn=1 known=7b,8r/-")


@pytest.mark.spec("T3", "P2")
def test_after_a_pick_up_any_card_plays() -> None:
    """The next player starts on an empty discard pile, so any card may be played."""
    state = play(position("play 0 2g,3r,4b|-|-/1g,5r,9b|-|- 5g,6g 7b,8r *"), "pick")
    assert moves(state) == ["1g", "5r", "9b"]


@pytest.mark.spec("T4")
def test_draw_stops_when_the_draw_pile_is_empty() -> None:
    """A player draws only what is left in the draw pile."""
    state = position("play 0 4g,7g,7r|-|-/5g,5r,5b|-|- 2g - *")
    after = play(state, "7g,7r")
    assert canonical(after) == position("play 1 2g,4g|-|-/5g,5r,5b|-|- - 7g,7r * turn=1")


@pytest.mark.spec("T4")
def test_a_player_holding_three_draws_nothing() -> None:
    """A player left holding 3 or more cards draws nothing."""
    state = position("play 0 4g,7g,7r,9b,10r|-|-/5g,5r,5b|-|- 2g,3b - *")
    after = play(state, "9b")
    assert canonical(after) == position("play 1 4g,7g,7r,10r|-|-/5g,5r,5b|-|- 2g,3b 9b * turn=1")


@pytest.mark.spec("T4", "T3", "C5")
def test_draw_after_a_pick_up() -> None:
    """A pick-up that leaves fewer than 3 cards in hand is followed by the draw (here during a Clear +2)."""
    state = position("play 0 2g,9b,C+2g|-|-/5g,5r,5b|-|- 3r,6g - *")
    state = play(state, "C+2g", "9b")
    assert moves(state) == ["pick"]
    after = play(state, "pick")
    assert canonical(after) == position("play 1 2g,6g,9b|-|-/5g,5r,5b|-|- 3r - * turn=1 known=9b/-")


@pytest.mark.spec("T4", "C6")
def test_the_draw_pile_is_never_reshuffled() -> None:
    """Once the draw pile is empty, a player with fewer than 3 cards draws nothing, even with cards out of the game."""
    state = position("play 0 5g,Cb|-|-/5r,6r,8b|-|- - 7r,8r *")
    after = play(state, "Cb")
    assert canonical(after) == position("play 1 5g|-|-/5r,6r,8b|-|- - - * turn=1")
    assert after.draw_pile == ()


@pytest.mark.spec("T4")
@pytest.mark.parametrize(
    "text",
    [
        "play 0 4g,7r,9b|-|-/5g,5r,5b|-|- 2g,3b - * owed=1",
        "play 0 4g,7r|-|-/5g,5r,5b|-|- - - * owed=1",
    ],
)
def test_no_draw_with_a_full_hand_or_an_empty_draw_pile(text: str) -> None:
    """An early draw when the hand holds 3 cards, or when the draw pile is empty, is refused citing T4."""
    assert refused(position(text), "draw") == "T4"


@pytest.mark.spec("C2", "T4")
@pytest.mark.parametrize(
    "text",
    [
        "play 0 4g,7r,9b|-|-/5g,5r,5b|-|- 2g,3b 6b *",
        "play 0 4g,7r|-|-/5g,5r,5b|-|- - 6b *",
    ],
)
def test_no_draw_in_an_ordinary_turn(text: str) -> None:
    """Outside owed plays a draw breaks C2 first, whatever the hand and the draw pile hold: the refusal
    names the most fundamental rule, not T4."""
    assert refused(position(text), "draw") == "C2"
