"""Optional rules about the end of a game: O1 places and O10 the turn limit."""

from __future__ import annotations

import pytest

from tests.helpers import moves, play, position, refusal
from threeup3down import GameState, Rules, apply, legal_moves, new_game, parse_cards

THREE = "play 0 9g|-|-/8r,10r|-|-/7r,10b|-|- - 8g *"
"""Seat 0 goes out by playing its last card, the 9g."""


class TestPlaces:
    """O1: "after the winner, the others play on to settle second, third, … place, until one
    player is left holding cards"; without it the game ends with the winner (W1)."""

    @pytest.mark.spec("O1", "W1")
    def test_without_places_the_winner_ends_the_game(self) -> None:
        """By default the first player out ends the game: no moves, and any move cites W1."""
        after = play(position(THREE), "9g")
        assert after.is_over and after.winner == 0 and after.places == (0,)
        assert not after.is_stalemate
        assert moves(after) == []
        assert refusal(after, "10r") == "W1"

    @pytest.mark.spec("O1", "S6")
    def test_play_goes_on_around_the_winner(self) -> None:
        """With places, seats 1 and 2 play on and the turn skips seat 0, who is out."""
        after = play(position(THREE, places=True), "9g")
        assert not after.is_over and after.winner == 0 and after.places == (0,)
        assert after.current_player == 1
        assert moves(after) == ["10r"]
        after = play(after, "10r")
        assert after.current_player == 2 and moves(after) == ["10b"]
        after = play(after, "10b")
        assert after.current_player == 1
        assert moves(after) == ["pick"]

    @pytest.mark.spec("O1")
    def test_last_player_holding_cards_is_last(self) -> None:
        """When the second of three goes out, the third is left holding cards: places 0, 1, 2."""
        state = position("play 1 -|-|-/10r|-|-/7r,9b|-|- - 8g * fin=0", places=True)
        after = play(state, "10r")
        assert after.is_over and not after.is_stalemate
        assert after.places == (0, 1, 2) and after.winner == 0
        assert after.seats[2].hand == parse_cards("7r,9b")
        assert moves(after) == []

    @pytest.mark.spec("O1")
    def test_two_players(self) -> None:
        """With two players the winner going out settles both places."""
        after = play(position("play 0 9g|-|-/8r,10r|-|- - 8g *", places=True), "9g")
        assert after.is_over and after.places == (0, 1) and not after.is_stalemate

    @pytest.mark.spec("O1", "C7")
    def test_going_out_forfeits_owed_plays(self) -> None:
        """A player who goes out owing a play is out at once; the next player owes nothing."""
        state = position("play 0 9g|-|-/8r,10r|-|-/7r,10b|-|- - - * owed=2", places=True)
        after = play(state, "9g")
        assert after.places == (0,) and after.current_player == 1
        assert after.owed_plays == 0
        assert moves(after) == ["10r"]

    @pytest.mark.spec("O1", "O3")
    def test_out_seats_skipped_in_reverse(self) -> None:
        """Played anticlockwise, the turn passes from seat 0 over seat 3, who is out, to seat 2."""
        text = "play 0 5b,6g|-|-/7r|-|-/8r|-|-/-|-|- - - * fin=3 dir=-"
        after = play(position(text, places=True, reverse_on_one=True), "5b")
        assert after.current_player == 2

    @pytest.mark.spec("O1", "T3")
    def test_places_settled_to_the_end(self) -> None:
        """Seat 1 picks up, seat 2 goes out with 7r: places 0, 2, 1, and the result survives notation."""
        state = play(position(THREE, places=True), "9g", "10r", "10b", "pick")
        assert state.seats[1].hand == parse_cards("8g,8r,9g,10r,10b")
        assert state.current_player == 2 and moves(state) == ["7r"]
        over = play(state, "7r")
        assert over.is_over and over.places == (0, 2, 1) and not over.is_stalemate
        assert GameState.from_notation(over.notation(), over.rules) == over

    @pytest.mark.spec("O1")
    def test_random_games_settle_every_place(self) -> None:
        """Games played out with places end with every seat placed once (unless stalemated)."""
        for seed in range(6):
            state = new_game(Rules(players=4, places=True), seed=seed)
            while not state.is_over:
                state = apply(state, legal_moves(state)[-1])
            if not state.is_stalemate:
                assert sorted(state.places) == [0, 1, 2, 3]


class TestTurnLimit:
    """O10: "a turn limit after which an unfinished game ends as a stalemate"."""

    @pytest.mark.spec("O10")
    def test_last_turn_ends_the_game(self) -> None:
        """The tenth turn of a ten-turn game ends it undecided: no winner, no moves, W1 refusals."""
        state = position("play 0 7r,9g|-|-/8r|-|- - 8g * turn=9", turn_limit=10)
        after = play(state, "9g")
        assert after.is_over and after.is_stalemate
        assert after.winner is None and after.places == ()
        assert (after.turn, after.current_player) == (10, 0)
        assert moves(after) == []
        assert refusal(after, "7r") == "W1"

    @pytest.mark.spec("O10")
    def test_a_full_hand_has_no_moves_after_the_last_turn(self) -> None:
        """A game stopped by the limit lists no moves even when the player to move holds three cards."""
        after = play(position("play 0 4g,7r,9b|-|-/8r|-|- 2g 8g * turn=9", turn_limit=10), "9b")
        assert after.is_stalemate and after.current_player == 0
        assert after.seats[0].hand == parse_cards("2g,4g,7r")
        assert moves(after) == []

    @pytest.mark.spec("O10")
    def test_before_the_limit_play_goes_on(self) -> None:
        """The ninth turn of a ten-turn game passes the turn as usual."""
        after = play(position("play 0 7r,9g|-|-/8r|-|- - 8g * turn=8", turn_limit=10), "9g")
        assert not after.is_over and (after.turn, after.current_player) == (9, 1)

    @pytest.mark.spec("O10", "W1")
    def test_winning_on_the_last_turn(self) -> None:
        """Going out on the last turn wins: the game is decided, not a stalemate."""
        after = play(position("play 0 9g|-|-/8r|-|- - 8g * turn=9", turn_limit=10), "9g")
        assert after.is_over and after.winner == 0 and not after.is_stalemate

    @pytest.mark.spec("O10", "C2", "T1")
    def test_extra_plays_are_one_turn(self) -> None:
        """A Clear +1 and its extra play make one turn: turn 5 becomes 6 only when it ends."""
        text = "play 0 C+1g,7r,9g|-|-/8r|-|- - 8g * turn=5"
        state = play(position(text, turn_limit=7), "C+1g")
        assert (state.turn, state.current_player, state.owed_plays) == (5, 0, 1)
        after = play(state, "7r")
        assert (after.turn, after.current_player, after.is_over) == (6, 1, False)
        assert play(position(text, turn_limit=6), "C+1g", "7r").is_stalemate

    @pytest.mark.spec("O10", "T3")
    def test_pick_up_is_a_turn(self) -> None:
        """A pick-up on the last turn ends the game; the hand holds the pile."""
        after = play(position("play 0 4r|-|-/8r|-|- - 8g * turn=9", turn_limit=10), "pick")
        assert after.is_stalemate and after.seats[0].hand == parse_cards("4r,8g")

    @pytest.mark.spec("O10", "O2")
    def test_take_is_a_turn(self) -> None:
        """Taking a card instead of playing (O2) on the last turn ends the game."""
        text = "play 0 9g,9r,10b|-|-/8r|-|- 2g 8g * turn=9"
        after = play(position(text, turn_limit=10, draw_instead=True), "take")
        assert after.is_stalemate

    @pytest.mark.spec("O10", "O7")
    def test_the_turn_ends_after_the_swap(self) -> None:
        """A same-colour swap (O7) belongs to the turn: the game ends once it is decided."""
        text = "play 0 8g,9r|2r|1b,1b,1r/9b|-|- - 5g,6g,7g * turn=9"
        offered = play(position(text, turn_limit=10, same_colour_swap=True), "8g")
        assert not offered.is_over and offered.swap_offered
        assert play(offered, "keep").is_stalemate

    @pytest.mark.spec("O10", "O1")
    def test_stalemate_after_a_winner(self) -> None:
        """With places, a game stopped before every place is settled is a stalemate with a winner."""
        text = "play 1 -|-|-/9g,5r|-|-/7r,10b|-|- - 8g * fin=0 turn=9"
        after = play(position(text, turn_limit=10, places=True), "9g")
        assert after.is_stalemate and after.winner == 0 and after.places == (0,)

    @pytest.mark.spec("O10")
    def test_no_limit(self) -> None:
        """With turn_limit=None a game goes on however many turns it has taken."""
        after = play(position("play 0 7r,9g|-|-/8r|-|- - 8g * turn=100000"), "9g")
        assert not after.is_over and after.turn == 100001

    @pytest.mark.spec("O10")
    def test_stalemate_round_trips(self) -> None:
        """A stalemated position survives notation."""
        state = play(position("play 0 7r,9g|-|-/8r|-|- - 8g * turn=9", turn_limit=10), "9g")
        assert GameState.from_notation(state.notation(), state.rules) == state

    @pytest.mark.spec("O10")
    def test_default_limit_ends_every_game(self) -> None:
        """Under the default limit of 1000 turns, games always end by turn 1000."""
        assert Rules().turn_limit == 1000
        for seed in range(4):
            state = new_game(Rules(players=3), seed=seed)
            while not state.is_over:
                state = apply(state, legal_moves(state)[0])
            assert state.turn <= 1000
            assert state.is_stalemate == (state.winner is None)
