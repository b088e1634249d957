"""F1–F5: playing the 3UP cards, then turning over the 3DOWN cards."""

from __future__ import annotations

import pytest

from tests.helpers import moves, play, position
from tests.spec.expect import canonical, refused
from threeup3down import parse_cards

FLIPS = "play 0 -|-|3g,9r,5b/5g,5r,6b|-|- - 6g,7b *"
"""Seat 0 has only its three 3DOWN cards (3g, 9r, 5b from the left) on a 7."""


@pytest.mark.spec("F1")
def test_no_3up_or_3down_while_holding_cards() -> None:
    """With cards in hand (and the draw pile empty) only the hand plays; 3UP plays and flips are refused."""
    state = position("play 0 4g|9r,10b|3g,5b,8g/5g,5r,6b|-|- - 2b *")
    assert moves(state) == ["4g"]
    assert refused(state, "^9r") == "F1"
    assert refused(state, "v0") == "F1"


@pytest.mark.spec("F1")
def test_no_3up_or_3down_while_the_draw_pile_has_cards() -> None:
    """While the draw pile has cards, 3UP plays and flips are refused."""
    state = position("play 0 4g,4r,7g|9r|3g,1b,1b/5g,5r,6b|-|- 2r 2b *")
    assert refused(state, "^9r") == "F1"
    assert refused(state, "v0") == "F1"


@pytest.mark.spec("F1", "C5")
def test_empty_hand_but_cards_to_draw() -> None:
    """An empty hand is not enough while the draw pile has cards: the owed play starts with the draw (C5)
    where the draw is on offer, and is a pick-up where it is not."""
    state = position("play 0 -|9r,10b|3g,1b,1b/5g,5r,6b|-|- 2r,3r 2b * owed=1 draw")
    assert moves(state) == ["draw"]
    assert refused(state, "^9r") == "C5"
    state = play(state, "draw")
    assert moves(state) == ["2r", "3r"]
    assert refused(state, "^9r") == "F1"
    lapsed = position("play 0 -|9r,10b|3g,1b,1b/5g,5r,6b|-|- 2r,3r 2b * owed=1")
    assert moves(lapsed) == ["pick"]
    assert refused(lapsed, "^9r") == "F1"


@pytest.mark.spec("F1", "F2")
def test_3up_plays_once_hand_and_draw_pile_are_empty() -> None:
    """With hand and draw pile empty the 3UP cards play like a hand."""
    state = position("play 0 -|9r,10b|3g,1b,1b/5g,5r,6b|-|- - 2b *")
    assert moves(state) == ["^9r", "^10b"]
    after = play(state, "^9r")
    assert canonical(after) == position("play 1 -|10b|3g,1b,1b/5g,5r,6b|-|- - 2b,9r * turn=1")


@pytest.mark.spec("F1", "C2")
def test_owed_play_from_3up() -> None:
    """A Clear +1 that empties the hand when the draw pile is empty owes a play, made from the 3UP cards."""
    state = play(position("play 0 C+1r|4b,9g|3b,1b,1b/5g,5r,5b|-|- - 7b *"), "C+1r")
    assert canonical(state) == position("play 0 -|4b,9g|3b,1b,1b/5g,5r,5b|-|- - - * owed=1")
    assert moves(state) == ["^4b", "^9g"]
    after = play(state, "^4b")
    assert canonical(after) == position("play 1 -|9g|3b,1b,1b/5g,5r,5b|-|- - 4b * turn=1")


@pytest.mark.spec("F1", "P1")
def test_hand_and_3up_never_combine() -> None:
    """A play naming a hand card and a 3UP card of the same number is refused citing F1, written either way."""
    state = position("play 0 5g|5r,9r|3g,1b,1b/5b,6r,6b|-|- - 2b *")
    assert moves(state) == ["5g"]
    assert refused(state, "5g,5r") == "F1"
    assert refused(state, "^5g,5r") == "F1"


@pytest.mark.spec("F2")
def test_3up_before_3down() -> None:
    """While 3UP cards remain no 3DOWN card may be turned; 3UP multiples play as from the hand."""
    state = position("play 0 -|2b,6g,6r|3g,9r,1b/5g,5r,7b|-|- - 5b *")
    assert moves(state) == ["^6g", "^6g,6r"]
    assert refused(state, "v0") == "F2"
    assert refused(state, "^2b") == "P2"
    assert refused(state, "pick") == "T2"
    after = play(state, "^6g,6r")
    assert canonical(after) == position("play 1 -|2b|3g,9r,1b/5g,5r,7b|-|- - 5b,6g,6r * turn=1")


@pytest.mark.spec("F2", "C1")
def test_clear_from_3up() -> None:
    """A Clear played from the 3UP cards clears the pile as from the hand."""
    state = position("play 0 -|4g,Cb|3g,1b,1b/5g,5r,7b|-|- - 8b *")
    assert moves(state) == ["^Cb"]
    after = play(state, "^Cb")
    assert canonical(after) == position("play 1 -|4g|3g,1b,1b/5g,5r,7b|-|- - - * turn=1")


@pytest.mark.spec("F2", "T3")
def test_no_3up_play_means_a_pick_up() -> None:
    """A player who cannot play any 3UP card picks up the pile; the 3UP cards stay."""
    state = position("play 0 -|2b,3g|9r,1b,1b/5g,5r,7b|-|- - 8b *")
    assert moves(state) == ["pick"]
    after = play(state, "pick")
    assert canonical(after) == position("play 1 8b|2b,3g|9r,1b,1b/5g,5r,7b|-|- - - * turn=1 known=8b/-")


@pytest.mark.spec("F3", "S2")
def test_3down_cards_are_chosen_by_position() -> None:
    """The flips are offered by position only; no move names a 3DOWN card."""
    state = position(FLIPS)
    assert moves(state) == ["v0", "v1", "v2"]
    assert not any(card in move for move in moves(state) for card in ("3g", "9r", "5b"))


@pytest.mark.spec("F3")
def test_flip_that_plays() -> None:
    """A turned-over card that may be played is played, and the turn ends: one flip per play."""
    after = play(position(FLIPS), "v1")
    assert canonical(after) == position("play 1 -|-|3g,5b/5g,5r,6b|-|- - 6g,7b,9r * turn=1")


@pytest.mark.spec("F3")
def test_flip_position_out_of_range() -> None:
    """Turning over a 3DOWN position the player does not have is refused."""
    assert refused(position(FLIPS), "v3") == "F3"
    assert refused(position("play 0 -|-|3g/5g,5r,6b|-|- - 2b *"), "v1") == "F3"


@pytest.mark.spec("F3", "C2")
def test_owed_play_allows_another_flip() -> None:
    """A turned-over Clear +1 owes a play, so the player turns over another 3DOWN card."""
    state = play(position("play 0 -|-|C+1r,2g,9b/5g,5r,6b|-|- - 7b *"), "v0")
    assert canonical(state) == position("play 0 -|-|2g,9b/5g,5r,6b|-|- - - * owed=1")
    assert moves(state) == ["v0", "v1"]
    after = play(state, "v0")
    assert canonical(after) == position("play 1 -|-|9b/5g,5r,6b|-|- - 2g * turn=1")


@pytest.mark.spec("F4", "T3")
def test_failed_flip_picks_up_the_pile_and_the_card() -> None:
    """A turned-over card that may not be played goes into the hand with the whole pile, and the turn ends."""
    after = play(position(FLIPS), "v0")
    assert canonical(after) == position("play 1 3g,6g,7b|-|9r,5b/5g,5r,6b|-|- - - * turn=1 known=6g,7b/-")


@pytest.mark.spec("F4", "C5", "C3")
def test_failed_flip_forfeits_owed_plays() -> None:
    """After a turned-over Clear +2, a second extra flip lower than the first picks up; nothing more is owed."""
    state = play(position("play 0 -|-|C+2g,9b,2g/5g,5r,6b|-|- - 7b *"), "v0", "v0")
    assert canonical(state) == position("play 0 -|-|2g/5g,5r,6b|-|- - 9b * owed=1")
    after = play(state, "v0")
    assert after.owed_plays == 0
    assert canonical(after) == position("play 1 2g,9b|-|-/5g,5r,6b|-|- - - * turn=1 known=9b/-")


@pytest.mark.spec("F5", "F1")
def test_after_a_failed_flip_the_hand_comes_first() -> None:
    """A player holding picked-up cards plays them before turning over another 3DOWN card."""
    state = position("play 0 3g,7b|-|9r,5b/5g,5r,6b|-|- - 4r *")
    assert moves(state) == ["7b"]
    assert refused(state, "v0") == "F1"


@pytest.mark.spec("F5", "F1")
def test_after_a_3up_pick_up_the_hand_comes_first() -> None:
    """After picking up, a player plays from the hand again until it is empty, then from the 3UP cards."""
    state = play(position("play 0 -|2b,3g|9r,1b,1b/5g,5r,7b|-|- - 8b *"), "pick", "5g")
    assert moves(state) == ["8b"]
    assert refused(state, "^2b") == "F1"
    assert refused(state, "v0") == "F1"
    state = play(state, "8b")
    assert moves(state) == ["pick"]
    state = play(state, "pick")
    assert state.seats[1].hand == parse_cards("5g,5r,7b,8b")
    assert moves(state) == ["^2b", "^3g"]


@pytest.mark.spec("F3", "C2", "C3")
def test_an_owed_play_turns_over_another_3down_card() -> None:
    """One 3DOWN card per play, not GH's "once per turn": after a turned-over Clear +1 or Clear +2 each owed play
    is another flip, as GR's and GH's rules for a Clear +2 played from the 3DOWN pile need."""
    after = play(position("play 0 -|-|C+1r,9b,2g/5g,5r,6b|-|- - 7b *"), "v0")
    assert after.owed_plays == 1 and moves(after) == ["v0", "v1"]
    after = play(after, "v1")
    assert after.seats[0].down == parse_cards("9b") and after.discard_pile == parse_cards("2g")
    assert after.current_player == 1
    twice = play(position("play 0 -|-|C+2g,2g,9b/5g,5r,6b|-|- - 7b *"), "v0", "v0", "v0")
    assert twice.seats[0].down == () and twice.is_over and twice.winner == 0
