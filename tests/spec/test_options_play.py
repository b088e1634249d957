"""Optional rules that change a turn: O2 draw instead, O3 reverse, and C3's GH variant.

Each test builds a position from notation; the legal move lists are worked out
by hand from the rules specification (listed in the engine's documented order: ``draw``,
``take``, plays by rank then size then colour, flips, ``pick``).
"""

from __future__ import annotations

import pytest

from tests.helpers import moves, play, position, refusal
from threeup3down import Card, ClearTwoDraw, parse_cards


class TestDrawInstead:
    """O2: "instead of playing, a player may take one card from the draw pile, which ends
    their turn. Not possible once the draw pile is empty." """

    TEXT = "play 0 7r,9g,10b|-|-/8r,9r,10r|-|- 2g,3g 8g *"

    @pytest.mark.spec("O2")
    def test_take_offered_before_the_plays(self) -> None:
        """A player who could play 9 or 10 on the 8 may take a card instead."""
        assert moves(position(self.TEXT, draw_instead=True)) == ["take", "9g", "10b"]

    @pytest.mark.spec("O2", "T2")
    def test_off_by_default(self) -> None:
        """Without O2 the player must play, and taking is refused citing O2."""
        state = position(self.TEXT)
        assert moves(state) == ["9g", "10b"]
        assert refusal(state, "take") == "O2"

    @pytest.mark.spec("O2", "T4")
    def test_take_ends_the_turn(self) -> None:
        """Taking adds the top of the draw pile (3g) to the hand; the turn passes, the pile stays."""
        after = play(position(self.TEXT, draw_instead=True), "take")
        assert after.seats[0].hand == parse_cards("3g,7r,9g,10b")
        assert after.draw_pile == (Card.GREEN_2,)
        assert after.discard_pile == (Card.GREEN_8,)
        assert (after.current_player, after.turn) == (1, 1)

    @pytest.mark.spec("O2", "T3")
    def test_not_when_the_player_cannot_play(self) -> None:
        """A player with nothing to play on the 8 picks up; taking is refused citing T3."""
        state = position("play 0 4r,5g,7r|-|-/8r|-|- 2g,3g 8g *", draw_instead=True)
        assert moves(state) == ["pick"]
        assert refusal(state, "take") == "T3"

    @pytest.mark.spec("O2")
    def test_not_with_an_empty_draw_pile(self) -> None:
        """Once the draw pile is empty there is nothing to take."""
        state = position("play 0 7r,9g|-|-/8r|-|- - 8g *", draw_instead=True)
        assert moves(state) == ["9g"]
        assert refusal(state, "take") == "O2"

    @pytest.mark.spec("O2", "C2", "C3", "C5")
    def test_not_for_an_owed_play(self) -> None:
        """Only the turn's first play may be replaced: an extra play owed after a Clear +2 must be made."""
        state = position("play 0 7r,9g,10b|-|-/8r|-|- 2g 8g * owed=1", draw_instead=True)
        assert moves(state) == ["9g", "10b"]
        assert refusal(state, "take") == "O2"

    @pytest.mark.spec("O2", "C2")
    def test_not_after_a_clear_plus_one(self) -> None:
        """After a Clear +1 the player may draw early (C2) and must play; taking is refused."""
        state = play(position("play 0 C+1g,9g|-|-/8r|-|- 2g,3g,4g 8g *", draw_instead=True), "C+1g")
        assert moves(state) == ["draw", "9g"]
        assert refusal(state, "take") == "O2"

    @pytest.mark.spec("O2", "P2")
    def test_first_play_on_an_empty_pile(self) -> None:
        """On an empty pile every card may be played, or a card taken instead."""
        state = position("play 0 2g,5b|-|-/8r|-|- 3g - *", draw_instead=True)
        assert moves(state) == ["take", "2g", "5b"]


class TestReverse:
    """O3: "whenever a 1 is played, the direction of play flips"; one flip per play;
    with two players it changes nothing."""

    TEXT = "play 0 1r,1g,5b|-|-/6r|-|-/7r|-|- 2g,3g - *"

    @pytest.mark.spec("O3", "S6")
    def test_a_one_reverses(self) -> None:
        """After seat 0 plays a 1 with O3, seat 2 plays next instead of seat 1."""
        state = position(self.TEXT, reverse_on_one=True)
        assert moves(state) == ["1g", "1g,1r", "5b"]
        after = play(state, "1r")
        assert (after.current_player, after.direction) == (2, -1)
        assert play(position(self.TEXT), "1r").current_player == 1

    @pytest.mark.spec("O3", "P1")
    def test_one_flip_per_play(self) -> None:
        """Two 1s played together flip the direction once."""
        after = play(position(self.TEXT, reverse_on_one=True), "1g,1r")
        assert (after.current_player, after.direction) == (2, -1)

    @pytest.mark.spec("O3", "P1")
    def test_each_one_reverses_under_the_variant(self) -> None:
        """With Rules.reverse_each_one ("whenever a 1 is played", read per card) two 1s reverse twice: no
        net change; one 1 still reverses."""
        state = position(self.TEXT, reverse_on_one=True, reverse_each_one=True)
        after = play(state, "1g,1r")
        assert (after.current_player, after.direction) == (1, 1)
        after = play(state, "1r")
        assert (after.current_player, after.direction) == (2, -1)

    @pytest.mark.spec("O3")
    def test_three_ones_reverse_under_the_variant(self) -> None:
        """Three 1s played together reverse three times: the direction turns round."""
        text = "play 0 1g,1r,1b,5b|-|-/6r|-|-/7r|-|- 2g,3g - *"
        after = play(position(text, reverse_on_one=True, reverse_each_one=True), "1g,1r,1b")
        assert (after.current_player, after.direction) == (2, -1)

    @pytest.mark.spec("O3")
    def test_other_numbers_keep_the_direction(self) -> None:
        """A play without a 1 leaves a reversed direction as it is."""
        after = play(position(self.TEXT + " dir=-", reverse_on_one=True), "5b")
        assert (after.current_player, after.direction) == (2, -1)

    @pytest.mark.spec("O3")
    def test_a_second_one_restores_the_direction(self) -> None:
        """A 1 played while reversed turns play clockwise again."""
        after = play(position(self.TEXT + " dir=-", reverse_on_one=True), "1r")
        assert (after.current_player, after.direction) == (1, 1)

    @pytest.mark.spec("O3", "S6")
    def test_two_players_unchanged(self) -> None:
        """With two players the next player is the other one either way."""
        text = "play 0 1r,5b|-|-/6r,7g|-|- 2g,3g - *"
        after = play(position(text, reverse_on_one=True), "1r")
        assert after.current_player == play(position(text), "1r").current_player == 1
        assert play(after, "6r").current_player == 0

    @pytest.mark.spec("O3", "F3")
    def test_a_flipped_one_that_plays(self) -> None:
        """A 3DOWN 1 turned over onto an empty pile is played, and reverses."""
        state = position("play 0 -|-|1r,9g/6r|-|-/7r|-|- - - *", reverse_on_one=True)
        assert moves(state) == ["v0", "v1"]
        after = play(state, "v0")
        assert after.discard_pile == (Card.RED_1,)
        assert (after.current_player, after.direction) == (2, -1)

    @pytest.mark.spec("O3", "F4")
    def test_a_flipped_one_picked_up_does_not_reverse(self) -> None:
        """A 3DOWN 1 that cannot go on a 5 is picked up, not played: no reversal."""
        state = position("play 0 -|-|1r,9g/6r|-|-/7r|-|- - 5b *", reverse_on_one=True)
        after = play(state, "v0")
        assert after.seats[0].hand == parse_cards("1r,5b")
        assert (after.current_player, after.direction) == (1, 1)

    @pytest.mark.spec("O3", "C4")
    def test_a_one_that_clears(self) -> None:
        """A third 1 in a row clears the pile (C4) and still reverses."""
        state = position("play 0 1b,5b|-|-/6r|-|-/7r|-|- 2g,3g 1g,1r *", reverse_on_one=True)
        after = play(state, "1b")
        assert after.discard_pile == ()
        assert (after.current_player, after.direction) == (2, -1)

    @pytest.mark.spec("O3", "C3", "C5")
    def test_reversed_during_extra_plays(self) -> None:
        """A 1 played as the first of two owed plays reverses; the turn then passes backwards."""
        state = position("play 0 1r,5b,9g|-|-/6r|-|-/7r|-|- - - * owed=2", reverse_on_one=True)
        after = play(state, "1r")
        assert (after.current_player, after.owed_plays, after.direction) == (0, 1, -1)
        assert moves(after) == ["5b", "9g"]
        assert play(after, "5b").current_player == 2


class TestClearTwoDrawEach:
    """C3 GH variant: with ClearTwoDraw.EACH the player may draw before each extra play of a
    Clear +2, not only before the first (GR, the default)."""

    TEXT = "play 0 C+2g,5r,8b|-|-/9r|-|- 2g,3g,4g 8g *"

    @pytest.mark.spec("C3")
    def test_first_only_by_default(self) -> None:
        """GR: the draw is offered after the Clear +2, but not before the second extra play."""
        state = play(position(self.TEXT), "C+2g")
        assert (state.owed_plays, state.may_draw) == (2, True)
        assert moves(state) == ["draw", "5r", "8b"]
        second = play(state, "5r")
        assert second.owed_plays == 1 and not second.may_draw
        assert moves(second) == ["8b"]
        assert refusal(second, "draw") == "C3"

    @pytest.mark.spec("C3")
    def test_each_extra_play_with_gh(self) -> None:
        """GH: after the first extra play the hand (8b) is below three, so the draw is offered again."""
        state = play(position(self.TEXT, clear_two_draw=ClearTwoDraw.EACH), "C+2g")
        assert moves(state) == ["draw", "5r", "8b"]
        second = play(state, "5r")
        assert (second.owed_plays, second.may_draw) == (1, True)
        assert moves(second) == ["draw", "8b"]
        drawn = play(second, "draw")
        assert drawn.seats[0].hand == parse_cards("3g,4g,8b")
        assert drawn.draw_pile == (Card.GREEN_2,)
        assert moves(drawn) == ["8b"]

    @pytest.mark.spec("C3", "C2")
    def test_drawing_twice_with_gh(self) -> None:
        """GH: drawing before the first extra play does not use up the draw before the second."""
        state = play(position(self.TEXT, clear_two_draw=ClearTwoDraw.EACH), "C+2g", "draw")
        assert state.seats[0].hand == parse_cards("4g,5r,8b")
        after = play(state, "4g")
        assert moves(after) == ["draw", "5r", "8b"]
        assert play(after, "draw").seats[0].hand == parse_cards("3g,5r,8b")

    @pytest.mark.spec("C3", "T4")
    def test_nothing_to_draw_with_gh(self) -> None:
        """GH: with the draw pile empty the draw is not offered, and is refused citing T4."""
        state = play(
            position("play 0 C+2g,5r,8b|-|-/9r|-|- - 8g *", clear_two_draw=ClearTwoDraw.EACH),
            "C+2g",
            "5r",
        )
        assert moves(state) == ["8b"]
        assert refusal(state, "draw") == "T4"

    @pytest.mark.spec("C3", "C2")
    def test_clear_plus_one_unchanged(self) -> None:
        """A Clear +1 owes one play, so both variants offer the one draw before it."""
        text = "play 0 C+1g,5r,8b|-|-/9r|-|- 2g,3g,4g 8g *"
        for draw in ClearTwoDraw:
            state = play(position(text, clear_two_draw=draw), "C+1g")
            assert moves(state) == ["draw", "5r", "8b"]
