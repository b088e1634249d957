"""O7 same-colour swap: "if four cards of the same colour lie on top of the discard pile in
a row (the pile not cleared in between), the player who just completed that run may swap
one card from their hand with one of their 3UP cards, or decline."

With O7 on, colour matters, so moves that differ only in colour are listed separately.
"""

from __future__ import annotations

import pytest

from tests.helpers import moves, play, position, refusal
from threeup3down import Deck, NotationError, Rules, RulesError, parse_cards

pytestmark = pytest.mark.spec("O7")

RUN = "play 0 8g,9r,Cb|2r,3b|4b,1b,1b/9b,10r|-|- 5b 5g,6g,7g *"
"""Three greens on the pile; seat 0 holds 8g, 9r and a Clear, with 3UP 2r and 3b."""

OFFERED = ["swap:9r/2r", "swap:9r/3b", "swap:Cb/2r", "swap:Cb/3b", "keep"]
"""After 8g completes the run: each hand card with each 3UP card, then keep."""


def test_fourth_card_of_a_colour_offers_the_swap() -> None:
    """Playing 8g on 5g, 6g, 7g offers every hand/3UP exchange and keep; the turn waits."""
    state = position(RUN, same_colour_swap=True)
    assert moves(state) == ["8g", "9r", "Cb"]
    offered = play(state, "8g")
    assert offered.swap_offered and offered.current_player == 0
    assert offered.turn == 0
    assert moves(offered) == OFFERED


def test_swap_exchanges_and_ends_the_turn() -> None:
    """Swapping 9r for 2r moves 2r to the hand and 9r to 3UP; then T4 draws 5b and play passes."""
    after = play(position(RUN, same_colour_swap=True), "8g", "swap:9r/2r")
    assert after.seats[0].hand == parse_cards("2r,5b,Cb")
    assert after.seats[0].up == parse_cards("3b,9r")
    assert after.seats[0].down == parse_cards("4b,1b,1b")
    assert not after.swap_offered and after.current_player == 1 and after.turn == 1


def test_keep_ends_the_turn() -> None:
    """Declining keeps every card in place; the turn passes."""
    after = play(position(RUN, same_colour_swap=True), "8g", "keep")
    assert after.seats[0].hand == parse_cards("5b,9r,Cb")
    assert after.seats[0].up == parse_cards("2r,3b")
    assert not after.swap_offered and after.current_player == 1


def test_nothing_else_while_offered() -> None:
    """While the swap is on offer, a play, a pick-up or a draw is refused citing O7."""
    offered = play(position(RUN, same_colour_swap=True), "8g")
    assert refusal(offered, "9r") == "O7"
    assert refusal(offered, "pick") == "O7"
    assert refusal(offered, "take") == "O7"


def test_swap_needs_cards_held() -> None:
    """A swap naming a card not in the hand, or not among the 3UP cards, is refused citing O7."""
    offered = play(position(RUN, same_colour_swap=True), "8g")
    assert refusal(offered, "swap:10g/2r") == "O7"
    assert refusal(offered, "swap:9r/4b") == "O7"


def test_off_by_default() -> None:
    """Without O7 the run offers nothing, swap and keep are refused citing O7, colours collapse."""
    state = position(RUN)
    assert moves(state) == ["8g", "9r", "Cb"]
    after = play(state, "8g")
    assert not after.swap_offered and after.current_player == 1
    assert refusal(state, "swap:9r/2r") == "O7"
    assert refusal(state, "keep") == "O7"


def test_not_offered_unasked() -> None:
    """With O7 on but no run just completed, swap and keep are refused citing O7."""
    state = position(RUN, same_colour_swap=True)
    assert refusal(state, "swap:9r/2r") == "O7"
    assert refusal(state, "keep") == "O7"


def test_another_colour_breaks_the_run() -> None:
    """9r on three greens makes no run of four: no offer."""
    after = play(position(RUN, same_colour_swap=True), "9r")
    assert not after.swap_offered and after.current_player == 1


def test_three_of_a_colour_is_not_enough() -> None:
    """8g on only two greens (and a blue) makes three greens on top: no offer."""
    state = position("play 0 8g,9r|2r|1b,1b,1r/9b|-|- 5b 4b,6g,7g *", same_colour_swap=True)
    after = play(state, "8g")
    assert not after.swap_offered and after.current_player == 1


def test_multiple_completes_the_run() -> None:
    """Two green 7s on 5g, 6g complete four greens in one play."""
    state = position("play 0 7g,7g,9r|2r|1b,1b,1r/9b|-|- 5b 5g,6g *", same_colour_swap=True)
    assert moves(state) == ["7g", "7g,7g", "9r"]
    offered = play(state, "7g,7g")
    assert moves(offered) == ["swap:9r/2r", "keep"]


@pytest.mark.spec("O7", "C1", "C4")
def test_a_clear_leaves_no_run() -> None:
    """A clearing play empties the pile, so no run lies on top: a third 6g, or a Clear."""
    state = position("play 0 6g,9r,Cg|2r|1b,1b,1r/9b|-|- 5b 5g,6g,6g *", same_colour_swap=True)
    for clearing in ("6g", "Cg"):
        after = play(state, clearing)
        assert after.discard_pile == () and not after.swap_offered
        assert after.current_player == 1


def test_needs_a_hand_card() -> None:
    """A player whose play empties the hand has no card to swap: no offer."""
    state = position("play 0 8g|2r|1b,1b,1r/9b|-|- - 5g,6g,7g *", same_colour_swap=True)
    after = play(state, "8g")
    assert not after.swap_offered and after.current_player == 1


def test_needs_a_3up_card() -> None:
    """A player with no 3UP cards has nothing to swap with: no offer."""
    state = position("play 0 8g,9r|-|4b/9b|-|- - 5g,6g,7g *", same_colour_swap=True)
    after = play(state, "8g")
    assert not after.swap_offered and after.current_player == 1


@pytest.mark.spec("O7", "F2")
def test_not_from_3up_plays() -> None:
    """Playing 3UP cards needs an empty hand, so a run made from 3UP offers nothing."""
    state = position("play 0 -|8g,9r|4b,1b,1b/9b|-|- - 5g,6g,7g *", same_colour_swap=True)
    assert moves(state) == ["^8g", "^9r"]
    after = play(state, "^8g")
    assert not after.swap_offered and after.current_player == 1


@pytest.mark.spec("O7", "P1")
def test_colours_become_choices() -> None:
    """With O7 on, 7g and 7r are different plays; without it one stands for both."""
    text = "play 0 7g,7r,9b|2r|1b,1b,1r/9g|-|- - 5b *"
    assert moves(position(text, same_colour_swap=True)) == ["7g", "7r", "7g,7r", "9b"]
    assert moves(position(text)) == ["7g", "7g,7r", "9b"]


@pytest.mark.spec("O7", "S3")
def test_colours_matter_in_setup() -> None:
    """With O7 on, 3UP choices that differ only in colour are distinct: 10 multisets of cards, 4 of numbers."""
    text = "setup 0 7g,7g,7r,9g,9g,9b|-|1g,1r,1b/2g,2r,2b,3g,3r,3b|-|4g,4r,4b - - -"
    deck = parse_cards("7g,7g,7r,9g,9g,9b,1g,1r,1b,2g,2r,2b,3g,3r,3b,4g,4r,4b")
    on = moves(position(text, custom_cards=deck, same_colour_swap=True))
    off = moves(position(text, custom_cards=deck))
    assert on == [
        "up:7g,7g,7r",
        "up:7g,7g,9g",
        "up:7g,7g,9b",
        "up:7g,7r,9g",
        "up:7g,7r,9b",
        "up:7g,9g,9g",
        "up:7g,9g,9b",
        "up:7r,9g,9g",
        "up:7r,9g,9b",
        "up:9g,9g,9b",
    ]
    assert off == ["up:7g,7g,7r", "up:7g,7g,9g", "up:7g,9g,9g", "up:9g,9g,9b"]


@pytest.mark.spec("O7", "C3", "C5")
def test_swap_during_extra_plays() -> None:
    """A run made during extra plays offers the swap, and the plays still owed follow it."""
    # The literal deck has two Clear +2: C+2g owes 2, the second C+2g 1 + 2 = 3,
    # 5g,5g leaves 2 owed and 6g,6g leaves 1, with four greens on top.
    state = position(
        "play 0 5g,5g,6g,6g,9r,C+2g,C+2g|2r,3r,4r|1b,1b,1r/9b|-|- - 8b *",
        deck=Deck.LITERAL,
        same_colour_swap=True,
    )
    offered = play(state, "C+2g", "C+2g", "5g,5g", "6g,6g")
    assert (offered.owed_plays, offered.swap_offered) == (1, True)
    assert moves(offered) == ["swap:9r/2r", "swap:9r/3r", "swap:9r/4r", "keep"]
    kept = play(offered, "keep")
    assert (kept.current_player, kept.owed_plays, kept.swap_offered) == (0, 1, False)
    assert moves(kept) == ["9r"]
    swapped = play(offered, "swap:9r/4r")
    assert swapped.seats[0].up == parse_cards("2r,3r,9r")
    assert moves(swapped) == ["pick"]


@pytest.mark.spec("O7", "D3")
def test_swapping_a_card_for_its_twin_is_not_listed() -> None:
    """Swapping a hand card for an identical 3UP card changes nothing, so only keep stands for it (D3)."""
    state = play(
        position("play 0 5r,9r|9r,3b,4b|1b,1b,1r/8b|-|- 2g,3g,4g 1r,2r,4r *", same_colour_swap=True), "5r"
    )
    assert moves(state) == ["swap:9r/3b", "swap:9r/4b", "keep"]


class TestRunInsideAPlay:
    """O7 when the fourth card of a colour is one card of a multiple (8g,8b on 5g,6g,7g): the
    multiple is laid in card order (P1), so 8b, not the run, ends on top. By default only the
    four cards on top once the play is laid count; with Rules.colour_run_in_play a run completed
    as any card of the play lands counts too."""

    TEXT = "play 0 8g,8b,9r|2r|1b,1b,1r/9b|-|- 5b,4r 5g,6g,7g *"

    @pytest.mark.spec("O7", "P1")
    def test_by_default_the_top_four_decide(self) -> None:
        """8g,8b on three greens leaves 6g,7g,8g,8b on top: no run, no offer; 8g alone offers it."""
        state = position(self.TEXT, same_colour_swap=True)
        after = play(state, "8g,8b")
        assert not after.swap_offered and after.current_player == 1
        assert play(state, "8g").swap_offered

    @pytest.mark.spec("O7", "P1")
    def test_a_run_completed_inside_the_play_counts(self) -> None:
        """With colour_run_in_play the green 8, laid first, completes four greens: the swap is offered."""
        state = position(self.TEXT, same_colour_swap=True, colour_run_in_play=True)
        offered = play(state, "8g,8b")
        assert offered.swap_offered and offered.current_player == 0
        assert moves(offered) == ["swap:9r/2r", "keep"]
        after = play(offered, "swap:9r/2r")
        assert after.seats[0].up == parse_cards("9r") and after.current_player == 1

    @pytest.mark.spec("O7", "C4")
    def test_a_play_that_clears_leaves_no_run(self) -> None:
        """Three 8s on 5g,6g,7g clear the pile (C4) although the first of them made four greens: no offer."""
        state = position("play 0 8g,8r,8b,9r|2r|1b,1b,1r/9b|-|- 5b,4r 5g,6g,7g *",
                         same_colour_swap=True, colour_run_in_play=True)
        after = play(state, "8g,8r,8b")
        assert after.discard_pile == () and not after.swap_offered and after.current_player == 1

    @pytest.mark.spec("O7")
    def test_needs_the_same_colour_swap(self) -> None:
        """Looking for runs inside a play without the same-colour swap is refused, naming both fields."""
        with pytest.raises(RulesError) as error:
            Rules(colour_run_in_play=True)
        assert set(error.value.fields) == {"colour_run_in_play", "same_colour_swap"}

    @pytest.mark.spec("O7")
    def test_the_offer_reads_back_from_notation(self) -> None:
        """The offered position, written and read again, is the same; without colour_run_in_play it is refused
        (a swap is offered only over four of one colour on top), as is one whose top two are not a pair."""
        offered = play(position(self.TEXT, same_colour_swap=True, colour_run_in_play=True), "8g,8b")
        assert position(offered.notation(), same_colour_swap=True, colour_run_in_play=True) == offered
        with pytest.raises(NotationError, match=r"the top four cards are not of one colour \(O7\)"):
            position(offered.notation(), same_colour_swap=True)
        unpaired = "play 0 9r|2r|1b,1b,1r/9b|-|- 5b,4r 5g,6g,7g,8g,9b * swap"
        with pytest.raises(NotationError, match=r"nor the four under the top card of a pair"):
            position(unpaired, same_colour_swap=True, colour_run_in_play=True)
