"""C2, C3, C5, C7: the extra plays owed for a Clear +1 or Clear +2, and the early draw."""

from __future__ import annotations

import pytest

from tests.helpers import moves, play, position
from tests.spec.expect import canonical, refused
from threeup3down import ClearTwoDraw, EarlyDraw, NotationError, parse_cards

CLEAR_PLUS_1 = "play 0 2g,9b,C+1r|-|-/5g,5r,5b|-|- 3g,4g,6g 7r *"
"""Seat 0 holds a Clear +1 and two numbers; the draw pile has three cards (6g on top)."""

CLEAR_PLUS_2 = "play 0 4g,8b,C+2g|-|-/5g,5r,5b|-|- 2r,3r,6r 7b *"
"""Seat 0 holds the Clear +2 and two numbers; the draw pile has three cards (6r on top)."""


@pytest.mark.spec("C2")
def test_clear_plus_1_clears_and_owes_one_play() -> None:
    """A Clear +1 clears the pile, and the same player owes one more play, with the early draw on offer."""
    after = play(position(CLEAR_PLUS_1), "C+1r")
    assert canonical(after) == position("play 0 2g,9b|-|-/5g,5r,5b|-|- 3g,4g,6g - * owed=1 draw")
    assert moves(after) == ["draw", "2g", "9b"]


@pytest.mark.spec("C2", "T4")
def test_early_draw_uses_no_play() -> None:
    """The early draw fills the hand to 3 from the top of the draw pile; the play is still owed, and no second draw."""
    after = play(position(CLEAR_PLUS_1), "C+1r", "draw")
    assert canonical(after) == position("play 0 2g,6g,9b|-|-/5g,5r,5b|-|- 3g,4g - * owed=1")
    assert moves(after) == ["2g", "6g", "9b"]
    assert refused(after, "draw") == "T4"
    after = play(after, "2g")
    assert canonical(after) == position("play 1 4g,6g,9b|-|-/5g,5r,5b|-|- 3g 2g * turn=1")


@pytest.mark.spec("C2", "T1", "T4")
def test_declining_the_early_draw() -> None:
    """A player may make the owed play without drawing early; the turn then ends with the usual draw."""
    after = play(position(CLEAR_PLUS_1), "C+1r", "2g")
    assert canonical(after) == position("play 1 4g,6g,9b|-|-/5g,5r,5b|-|- 3g 2g * turn=1")


@pytest.mark.spec("C2")
def test_no_early_draw_with_three_in_hand() -> None:
    """The early draw is not offered to a player still holding 3 cards, and is refused."""
    after = play(position("play 0 2g,4g,9b,C+1r|-|-/5g,5r,5b|-|- 3g,6g 7r *"), "C+1r")
    assert after.owed_plays == 1
    assert moves(after) == ["2g", "4g", "9b"]
    assert refused(after, "draw") == "T4"


@pytest.mark.spec("C2")
def test_no_early_draw_from_an_empty_draw_pile() -> None:
    """The early draw is not offered when the draw pile is empty, and is refused."""
    after = play(position("play 0 2g,9b,C+1r|-|3g/5g,5r,5b|-|- - 7r *"), "C+1r")
    assert after.owed_plays == 1
    assert moves(after) == ["2g", "9b"]
    assert refused(after, "draw") == "T4"


@pytest.mark.spec("C2", "C5")
def test_clear_plus_1_as_an_owed_play() -> None:
    """A Clear +1 made as an owed play owes its own play, and the early draw is offered again."""
    state = position("play 0 9b,C+1g,C+1r|-|-/5g,5r,5b|-|- 3g,4g,6g 7r *")
    state = play(state, "C+1g")
    assert moves(state) == ["draw", "9b", "C+1r"]
    after = play(state, "C+1r")
    assert canonical(after) == position("play 0 9b|-|-/5g,5r,5b|-|- 3g,4g,6g - * owed=1 draw")
    assert moves(after) == ["draw", "9b"]


@pytest.mark.spec("C3")
def test_clear_plus_2_owes_two_plays() -> None:
    """A Clear +2 clears the pile and owes two more plays, with the early draw on offer."""
    after = play(position(CLEAR_PLUS_2), "C+2g")
    assert canonical(after) == position("play 0 4g,8b|-|-/5g,5r,5b|-|- 2r,3r,6r - * owed=2 draw")
    assert moves(after) == ["draw", "4g", "8b"]


@pytest.mark.spec("C3", "C5")
def test_clear_plus_2_draw_then_two_plays() -> None:
    """After the early draw, the first extra play lands on the empty pile and the second must match or beat it."""
    state = play(position(CLEAR_PLUS_2), "C+2g", "draw")
    assert canonical(state) == position("play 0 4g,6r,8b|-|-/5g,5r,5b|-|- 2r,3r - * owed=2")
    assert moves(state) == ["4g", "6r", "8b"]
    state = play(state, "6r")
    assert canonical(state) == position("play 0 4g,8b|-|-/5g,5r,5b|-|- 2r,3r 6r * owed=1")
    assert moves(state) == ["8b"]
    assert refused(state, "draw") == "C3"
    assert refused(state, "4g") == "P2"
    after = play(state, "8b")
    assert canonical(after) == position("play 1 2r,3r,4g|-|-/5g,5r,5b|-|- - 6r,8b * turn=1")


@pytest.mark.spec("C3")
def test_clear_plus_2_draw_only_before_the_first_play() -> None:
    """A player who made the first extra play without drawing may not draw before the second."""
    state = play(position(CLEAR_PLUS_2), "C+2g", "4g")
    assert canonical(state) == position("play 0 8b|-|-/5g,5r,5b|-|- 2r,3r,6r 4g * owed=1")
    assert moves(state) == ["8b"]
    assert refused(state, "draw") == "C3"


@pytest.mark.spec("C3")
def test_clear_plus_2_draw_before_each_play_variant() -> None:
    """With GH's variant the early draw is offered again before the second extra play."""
    state = play(position(CLEAR_PLUS_2, clear_two_draw=ClearTwoDraw.EACH), "C+2g", "4g")
    assert moves(state) == ["draw", "8b"]
    after = play(state, "draw")
    assert after.seats[0].hand == parse_cards("3r,6r,8b")


@pytest.mark.spec("C5", "T2")
def test_extra_plays_are_compulsory() -> None:
    """An owed play cannot be passed up for a pick-up; the first lands on an empty pile, so any card plays."""
    state = play(position(CLEAR_PLUS_1), "C+1r")
    assert refused(state, "pick") == "T2"
    assert "2g" in moves(state)


@pytest.mark.spec("C5", "T3")
def test_pick_up_forfeits_owed_plays() -> None:
    """A player who cannot make the second extra play picks up; the turn ends and nothing more is owed."""
    state = play(position("play 0 2g,9b,C+2g|-|-/5g,5r,5b|-|- 3r,6g - *"), "C+2g", "9b")
    assert state.owed_plays == 1
    assert moves(state) == ["pick"]
    after = play(state, "pick")
    assert after.owed_plays == 0
    assert after.current_player == 1
    assert canonical(after) == position("play 1 2g,6g,9b|-|-/5g,5r,5b|-|- 3r - * turn=1 known=9b/-")


@pytest.mark.spec("C5", "C1")
def test_clear_during_extra_plays_keeps_the_rest_owed() -> None:
    """A Clear made as the first extra play of a Clear +2 clears the pile, and one play is still owed."""
    state = position("play 0 4g,8b,Cb,C+2g|-|-/5g,5r,5b|-|- 2r,3r,6r 7b *")
    state = play(state, "C+2g", "Cb")
    assert canonical(state) == position("play 0 4g,8b|-|-/5g,5r,5b|-|- 2r,3r,6r - * owed=1")
    assert moves(state) == ["4g", "8b"]
    assert refused(state, "draw") == "C3"
    after = play(state, "4g")
    assert canonical(after) == position("play 1 3r,6r,8b|-|-/5g,5r,5b|-|- 2r 4g * turn=1")


@pytest.mark.spec("C5", "C4")
def test_three_of_a_kind_during_extra_plays_keeps_the_rest_owed() -> None:
    """Three of a kind made as the first extra play of a Clear +2 clears the pile, and one play is still owed."""
    state = position("play 0 2g,8g,8r,8b,C+2g|-|3g/5g,5r,5b|-|- 2r,3r 7b *")
    state = play(state, "C+2g", "8g,8r,8b")
    assert canonical(state) == position("play 0 2g|-|3g/5g,5r,5b|-|- 2r,3r - * owed=1")
    assert moves(state) == ["2g"]
    after = play(state, "2g")
    assert canonical(after) == position("play 1 2r,3r|-|3g/5g,5r,5b|-|- - 2g * turn=1")


@pytest.mark.spec("C5", "C2", "C3")
def test_clear_plus_2_as_an_owed_play_adds_two() -> None:
    """A Clear +2 made as the extra play of a Clear +1 owes two more plays, with the early draw offered again."""
    state = position("play 0 9b,C+1r,C+2g|-|-/5g,5r,5b|-|- 3g,4g,6g 7r *")
    state = play(state, "C+1r", "C+2g")
    assert canonical(state) == position("play 0 9b|-|-/5g,5r,5b|-|- 3g,4g,6g - * owed=2 draw")
    state = play(state, "draw", "4g")
    assert canonical(state) == position("play 0 6g,9b|-|-/5g,5r,5b|-|- 3g 4g * owed=1")
    assert refused(state, "draw") == "C3"
    after = play(state, "6g")
    assert canonical(after) == position("play 1 3g,9b|-|-/5g,5r,5b|-|- - 4g,6g * turn=1")


@pytest.mark.spec("C5", "C2")
def test_empty_hand_must_draw_before_an_owed_play() -> None:
    """A player owing a play with an empty hand, the early draw on offer, must draw; nothing else is allowed."""
    state = play(position("play 0 C+1g|9g|3b,1b,1b/5g,6b,8r|-|- 2r,3r,6r,7g 9r *"), "C+1g")
    assert canonical(state) == position("play 0 -|9g|3b,1b,1b/5g,6b,8r|-|- 2r,3r,6r,7g - * owed=1 draw")
    assert moves(state) == ["draw"]
    for move in ["^9g", "v0", "pick", "5r"]:
        assert refused(state, move) == "C5"
    state = play(state, "draw")
    assert canonical(state) == position("play 0 3r,6r,7g|9g|3b,1b,1b/5g,6b,8r|-|- 2r - * owed=1")
    assert moves(state) == ["3r", "6r", "7g"]


@pytest.mark.spec("C5", "C3")
def test_empty_hand_draws_before_each_owed_play_variant() -> None:
    """With ClearTwoDraw.EACH the draw is on offer before the second extra play, so an empty hand must take it."""
    state = position("play 0 5r,5b,C+2g|9g|3b,1b,1b/5g,6b,8r|-|- 2r,3r,6r,7g 9r *", clear_two_draw=ClearTwoDraw.EACH)
    state = play(state, "C+2g", "5r,5b")
    assert canonical(state) == position(
        "play 0 -|9g|3b,1b,1b/5g,6b,8r|-|- 2r,3r,6r,7g 5r,5b * owed=1 draw", clear_two_draw=ClearTwoDraw.EACH
    )
    assert moves(state) == ["draw"]
    for move in ["^9g", "v0", "pick", "5r"]:
        assert refused(state, move) == "C5"
    state = play(state, "draw")
    assert moves(state) == ["6r", "7g"]
    after = play(state, "6r")
    assert canonical(after) == position(
        "play 1 2r,3r,7g|9g|3b,1b,1b/5g,6b,8r|-|- - 5r,5b,6r * turn=1", clear_two_draw=ClearTwoDraw.EACH
    )


CLEAR_PLUS_2_SEVENS = "play 0 7g,7r,C+2g|9g|3b,1b,1b/5g,6b,8r|-|- 2r,3r,6r,7b 9r *"
"""Seat 0 holds a pair of 7s and the Clear +2, with a 3UP 9 and one 3DOWN card left."""


@pytest.mark.spec("C5", "C3", "T3", "F1")
def test_no_forced_draw_where_the_variant_forbids_it() -> None:
    """Under GR's ClearTwoDraw.FIRST, a hand emptied by the first extra play cannot draw (GR: "cannot draw
    before the third and final discard"), so the player cannot play and picks up; the usual draw follows."""
    state = play(position(CLEAR_PLUS_2_SEVENS), "C+2g")
    assert moves(state) == ["draw", "7g", "7g,7r"]
    state = play(state, "7g,7r")
    assert canonical(state) == position("play 0 -|9g|3b,1b,1b/5g,6b,8r|-|- 2r,3r,6r,7b 7g,7r * owed=1")
    assert moves(state) == ["pick"]
    assert refused(state, "draw") == "C3"
    assert refused(state, "^9g") == "F1"
    assert refused(state, "v0") == "F1"
    after = play(state, "pick")
    assert canonical(after) == position("play 1 7g,7r,7b|9g|3b,1b,1b/5g,6b,8r|-|- 2r,3r,6r - * turn=1 known=7g,7r/-")


@pytest.mark.spec("C5", "C3")
def test_forced_draw_kept_under_each_variant() -> None:
    """The same play under ClearTwoDraw.EACH (GH) leaves the draw on offer, and an empty hand must take it."""
    state = play(position(CLEAR_PLUS_2_SEVENS, clear_two_draw=ClearTwoDraw.EACH), "C+2g", "7g,7r")
    assert moves(state) == ["draw"]
    after = play(state, "draw")
    assert after.seats[0].hand == parse_cards("3r,6r,7b")
    assert moves(after) == ["7b"]


@pytest.mark.spec("C7", "W1")
def test_last_card_wins_while_plays_are_owed() -> None:
    """A Clear +1 played as the last card wins at once, though it owes a play."""
    state = play(position("play 0 C+1r,C+2g|-|-/5g,5r,5b|-|- - 7b *"), "C+2g")
    assert state.owed_plays == 2
    after = play(state, "C+1r")
    assert canonical(after) == position("over 0 -|-|-/5g,5r,5b|-|- - - * turn=1 fin=0")
    assert after.winner == 0
    assert moves(after) == []


@pytest.mark.spec("C7", "W1", "F3")
def test_last_3down_clear_plus_1_wins() -> None:
    """Turning over a Clear +1 as the last 3DOWN card wins at once."""
    after = play(position("play 0 -|-|C+1r/5g,5r,5b|-|- - 7b *"), "v0")
    assert canonical(after) == position("over 0 -|-|-/5g,5r,5b|-|- - - * turn=1 fin=0")


@pytest.mark.spec("C7", "W1", "F3")
def test_last_3down_clear_plus_2_wins() -> None:
    """The Clear +2 turned over as the last 3DOWN card, once the 3UP cards are gone, wins at once."""
    after = play(position("play 0 -|-|C+2g/5g,5r,5b|-|- - 7b *"), "v0")
    assert after.is_over
    assert after.winner == 0


class TestEarlyDrawAmount:
    """C2: GH says the player "can choose to draw a card" before the extra play; GR only says "draw from
    the draw pile". The default refills the hand to three (the end-of-turn draw, made early); with
    EarlyDraw.ONE the early draw takes one card, whatever the hand holds."""

    LONE = "play 0 9b,C+1r|-|-/5g,5r,5b|-|- 3g,4g,6g 7r *"
    """After the Clear +1 seat 0 holds a single 9; the draw pile has three cards (6g on top)."""

    FULL = "play 0 2g,5b,8r,9b,C+1r|-|-/5g,5r,5b|-|- 3g,4g,6g 7r *"
    """After the Clear +1 seat 0 still holds four cards (an earlier pick-up)."""

    @pytest.mark.spec("C2")
    def test_refill_to_three_by_default(self) -> None:
        """A hand of one card draws two by default."""
        after = play(position(self.LONE), "C+1r", "draw")
        assert canonical(after) == position("play 0 4g,6g,9b|-|-/5g,5r,5b|-|- 3g - * owed=1")

    @pytest.mark.spec("C2")
    def test_one_card_variant(self) -> None:
        """With EarlyDraw.ONE the same hand draws one card, the top of the draw pile, and the play is still owed."""
        after = play(position(self.LONE, early_draw=EarlyDraw.ONE), "C+1r", "draw")
        expected = "play 0 6g,9b|-|-/5g,5r,5b|-|- 3g,4g - * owed=1"
        assert canonical(after) == position(expected, early_draw=EarlyDraw.ONE)
        assert moves(after) == ["6g", "9b"]
        assert refused(after, "draw") == "C3"

    @pytest.mark.spec("C2", "T4")
    def test_a_full_hand_draws_only_under_the_variant(self) -> None:
        """Holding three or more after a pick-up, nothing is offered by default (nothing to refill); with
        EarlyDraw.ONE one card may still be drawn."""
        state = play(position(self.FULL), "C+1r")
        assert moves(state) == ["2g", "5b", "8r", "9b"]
        assert refused(state, "draw") == "T4"
        one = play(position(self.FULL, early_draw=EarlyDraw.ONE), "C+1r")
        assert moves(one) == ["draw", "2g", "5b", "8r", "9b"]
        assert play(one, "draw").seats[0].hand == parse_cards("2g,5b,6g,8r,9b")

    @pytest.mark.spec("C2", "C5")
    def test_forced_draw_takes_one_card_under_the_variant(self) -> None:
        """An empty hand owing a play draws first (C5): one card with EarlyDraw.ONE."""
        state = play(position("play 0 C+1g|9g|3b,1b,1b/5g,6b,8r|-|- 2r,3r,6r,7g 9r *", early_draw=EarlyDraw.ONE), "C+1g")
        assert moves(state) == ["draw"]
        after = play(state, "draw")
        assert after.seats[0].hand == parse_cards("7g")
        assert moves(after) == ["7g"]

    @pytest.mark.spec("C2", "C3")
    def test_one_card_before_each_extra_play(self) -> None:
        """With EarlyDraw.ONE and ClearTwoDraw.EACH a Clear +2 offers one card before each of its two plays."""
        each = {"early_draw": EarlyDraw.ONE, "clear_two_draw": ClearTwoDraw.EACH}
        state = play(position(CLEAR_PLUS_2, **each), "C+2g", "draw", "4g")
        assert state.seats[0].hand == parse_cards("6r,8b")
        assert moves(state) == ["draw", "6r", "8b"]
        assert play(state, "draw").seats[0].hand == parse_cards("3r,6r,8b")


class TestClearEndsTurn:
    """C1, C4, C5: GH says "with a regular Clear card, your turn ends", and three of a kind "is treated as if
    a Clear was played". By default (C5) plays still owed stay owed; Rules.clear_ends_turn reads GH
    literally: the turn ends there, and what is still owed lapses."""

    @pytest.mark.spec("C1", "C5")
    def test_a_clear_during_owed_plays_ends_the_turn(self) -> None:
        """A Clear made as a Clear +2's first extra play ends the turn under the variant; the usual draw follows."""
        text = "play 0 4g,8b,Cb,C+2g|-|-/5g,5r,5b|-|- 2r,3r,6r 7b *"
        after = play(position(text, clear_ends_turn=True), "C+2g", "Cb")
        expected = "play 1 4g,6r,8b|-|-/5g,5r,5b|-|- 2r,3r - * turn=1"
        assert canonical(after) == position(expected, clear_ends_turn=True)
        assert play(position(text), "C+2g", "Cb").owed_plays == 1

    @pytest.mark.spec("C4", "C5")
    def test_three_of_a_kind_during_owed_plays_ends_the_turn(self) -> None:
        """Three of a kind made as an extra play ends the turn under the variant, as a Clear would."""
        text = "play 0 2g,8g,8r,8b,C+2g|-|3g/5g,5r,5b|-|- 2r,3r 7b *"
        after = play(position(text, clear_ends_turn=True), "C+2g", "8g,8r,8b")
        expected = "play 1 2g,2r,3r|-|3g/5g,5r,5b|-|- - - * turn=1"
        assert canonical(after) == position(expected, clear_ends_turn=True)

    @pytest.mark.spec("C2", "C3", "C5")
    def test_a_clear_plus_still_adds_its_plays(self) -> None:
        """Only a regular Clear and three of a kind end the turn: a Clear +1 made as an owed play still adds one."""
        text = "play 0 9b,C+1g,C+1r|-|-/5g,5r,5b|-|- 3g,4g,6g 7r *"
        after = play(position(text, clear_ends_turn=True), "C+1g", "C+1r")
        expected = "play 0 9b|-|-/5g,5r,5b|-|- 3g,4g,6g - * owed=1 draw"
        assert canonical(after) == position(expected, clear_ends_turn=True)


class TestClearOneOptional:
    """C2 as GR words it: the Clear +1 "allows the same player to discard again" (GH: they "must").
    With Rules.clear_one_optional the player may decline that play, written ``pick``: the Clear +1
    left the pile empty, so they pick up nothing and the turn ends with the usual draw (T3, T4)."""

    @pytest.mark.spec("C2", "T2")
    def test_by_default_the_play_is_owed(self) -> None:
        """GH's "must": after a Clear +1 a player who can play may not pick up the empty pile."""
        after = play(position(CLEAR_PLUS_1), "C+1r")
        assert "pick" not in moves(after)
        assert refused(after, "pick") == "T2"

    @pytest.mark.spec("C2", "T3", "T4")
    def test_declining_ends_the_turn(self) -> None:
        """The decline is listed last; it ends the turn, and the turn's draw fills the hand to three."""
        after = play(position(CLEAR_PLUS_1, clear_one_optional=True), "C+1r")
        assert after.may_decline
        assert moves(after) == ["draw", "2g", "9b", "pick"]
        declined = play(after, "pick")
        assert canonical(declined) == position("play 1 2g,6g,9b|-|-/5g,5r,5b|-|- 3g,4g - * turn=1", clear_one_optional=True)

    @pytest.mark.spec("C2")
    def test_declining_after_the_early_draw(self) -> None:
        """GR's draw "before their second discard" does not commit the player to it: after drawing they may still decline."""
        after = play(position(CLEAR_PLUS_1, clear_one_optional=True), "C+1r", "draw")
        assert moves(after) == ["2g", "6g", "9b", "pick"]
        declined = play(after, "pick")
        assert declined.current_player == 1 and declined.owed_plays == 0 and not declined.may_decline

    @pytest.mark.spec("C2")
    def test_the_play_made_ends_the_offer(self) -> None:
        """Making the extra play uses it: nothing is left to decline, and the turn ends as usual."""
        after = play(position(CLEAR_PLUS_1, clear_one_optional=True), "C+1r", "2g")
        assert after.current_player == 1 and not after.may_decline

    @pytest.mark.spec("C2", "C3")
    def test_a_clear_plus_2_s_plays_stay_owed(self) -> None:
        """GR "gives" a Clear +2's player two more plays: neither may be declined, nor after a Clear +1 laid as the first."""
        text = "play 0 4g,9r,C+1r,C+2g|-|-/5g,5r,5b|-|- 2r,3r,6r 7b *"
        after = play(position(text, clear_one_optional=True), "C+2g")
        assert "pick" not in moves(after)
        after = play(after, "C+1r")
        assert after.owed_plays == 2 and not after.may_decline
        assert "pick" not in moves(after)

    @pytest.mark.spec("C2", "C3")
    def test_a_clear_plus_1_as_the_last_play_of_a_clear_plus_2(self) -> None:
        """Laid as a Clear +2's second extra play, the Clear +1 leaves one play owed, its own: it may be declined."""
        text = "play 0 4g,9r,C+1r,C+2g|-|-/5g,5r,5b|-|- 2r,3r,6r 7b *"
        after = play(position(text, clear_one_optional=True), "C+2g", "4g", "C+1r")
        assert after.owed_plays == 1 and after.may_decline
        assert moves(after)[-1] == "pick"

    @pytest.mark.spec("C2", "F3")
    def test_declining_a_flipped_clear_plus_1(self) -> None:
        """A Clear +1 turned over from the 3DOWN cards grants a play that may be declined instead of another flip."""
        state = position("play 0 -|-|C+1r,5g/2g,4b|-|- - 7r *", clear_one_optional=True)
        after = play(state, "v0")
        assert moves(after) == ["v0", "pick"]
        declined = play(after, "pick")
        assert declined.current_player == 1 and declined.seats[0].down == parse_cards("5g")

    @pytest.mark.spec("C2")
    def test_written_in_position_notation(self) -> None:
        """The offer is the position flag ``decline``; a position claiming it without the variant is refused."""
        after = play(position(CLEAR_PLUS_1, clear_one_optional=True), "C+1r")
        assert after.notation().split()[6:] == ["owed=1", "draw", "decline"]
        with pytest.raises(NotationError, match=r"needs clear_one_optional .* \(C2\)"):
            position("play 0 2g,9b|-|-/5g,5r,5b|-|- 3g,4g,6g - * owed=1 draw decline")
