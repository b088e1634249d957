"""O4: scoring over several games — card points, a game's score, and a match.

Every total below is added up by hand from the positions written in the test.
"""

from __future__ import annotations

import pickle

import attrs
import pytest

from tests.helpers import play, position
from threeup3down import (
    Card,
    FirstPlayer,
    GameState,
    Rank,
    Rules,
    ScoreScope,
    ThreeUpError,
    apply,
    legal_moves,
    new_game,
)
from threeup3down.core.errors import MatchError
from threeup3down.core.scoring import Match, card_points, score

pytestmark = pytest.mark.spec("O4")


def finished(text: str, rules: Rules) -> GameState:
    """The finished position ``text`` played by ``rules``."""
    state = GameState.from_notation(text, rules)
    assert state.is_over
    return state


def play_out(state: GameState) -> GameState:
    """``state`` played to its end, always choosing the first legal move."""
    while not state.is_over:
        state = apply(state, legal_moves(state)[0])
    return state


class TestCardPoints:
    """O4: "numbers at face value, Clear 15, Clear +1 20, Clear +2 25"."""

    @pytest.mark.parametrize("number", range(1, 11))
    def test_numbers_score_face_value(self, number: int) -> None:
        """A number scores its face value, whatever its colour."""
        for colour in "grb":
            assert card_points(Card.parse(f"{number}{colour}")) == number

    @pytest.mark.parametrize(
        ("text", "points"), [("Cg", 15), ("Cb", 15), ("C+1r", 20), ("C+1b", 20), ("C+2g", 25)]
    )
    def test_clear_kinds(self, text: str, points: int) -> None:
        """Clear scores 15, Clear +1 20 and Clear +2 25."""
        assert card_points(Card.parse(text)) == points

    def test_whole_standard_deck(self) -> None:
        """The 84-card deck is worth 7 × 55 + 7 × 15 + 6 × 20 + 25 = 635 points."""
        assert sum(card_points(card) for card in Rules().deck_cards()) == 635
        assert {card_points(card) for card in Card if card.rank is Rank.TEN} == {10}


class TestScore:
    """O4: "each player scores the cards left in their hand"; the ALL variant adds 3UP and 3DOWN."""

    TEXT = "over 0 -|-|-/1g,10r,Cb,C+1r,C+2g|4g|6b,1b,1b/5b|9g,9r|3r,7b,1r - - * fin=0"

    def test_hand_only_by_default(self) -> None:
        """By default only hands count: 1 + 10 + 15 + 20 + 25 = 71 and 5; the winner scores 0."""
        assert score(position(self.TEXT)) == (0, 71, 5)

    def test_all_cards_variant(self) -> None:
        """With ScoreScope.ALL the 3UP and 3DOWN cards count too: 71 + 4 + 8 and 5 + 18 + 11."""
        assert score(position(self.TEXT, score_scope=ScoreScope.ALL)) == (0, 83, 34)

    def test_hand_scope_ignores_3up_and_3down(self) -> None:
        """A player holding only 3UP and 3DOWN cards scores 0 under the default scope."""
        text = "over 1 8r|-|-/-|-|-/-|2g,2r|4b,5b,6b - - * fin=1"
        assert score(position(text)) == (8, 0, 0)
        assert score(position(text, score_scope=ScoreScope.ALL)) == (8, 0, 19)

    @pytest.mark.spec("O1")
    def test_places_leave_only_the_last_player_scoring(self) -> None:
        """With places (O1) everyone but the last player has shed every card."""
        state = play(position("play 0 9g|-|-/Cr,2b|3g|1b,1b,1r/-|-|- - 8g * fin=2", places=True), "9g")
        assert state.places == (2, 0, 1)
        assert score(state) == (0, 17, 0)

    @pytest.mark.spec("O10")
    def test_stalemate_scores_the_cards_as_they_lie(self) -> None:
        """A game ended by the turn limit scores every player's cards as they stand."""
        state = position("over 1 4g,7r|2b|1b,1r,1r/5r,C+1b,C+1g|2g|1b,1r,1g - 8g * turn=30", turn_limit=30)
        assert state.is_stalemate
        assert score(state) == (11, 45)

    @pytest.mark.spec("O10", "O1")
    def test_stalemate_after_a_winner_with_places(self) -> None:
        """A places game stopped by the turn limit: the winner scores 0, the others their hands."""
        text = "over 2 -|-|-/9g|-|-/3r,3b|-|- - 8g * fin=0 turn=20"
        state = position(text, places=True, turn_limit=20)
        assert state.is_stalemate and state.winner == 0
        assert score(state) == (0, 9, 6)

    def test_unfinished_game_refused(self) -> None:
        """Only a finished game is scored; one in setup or in play raises MatchError."""
        for state in (position("play 0 7r,9g|-|-/8b|-|- - 8g *"), new_game(Rules(players=2), seed=1)):
            with pytest.raises(MatchError, match="only a finished game is scored"):
                score(state)


def three_games() -> tuple[Match, list[GameState]]:
    """A three-game match for three players and one finished game for each of its rules."""
    match = Match(Rules(players=3, turn_limit=None), games=3)
    texts = [
        "over 0 -|-|-/4g,Cb|-|-/2r,9b|-|- - - * fin=0",  # (0, 19, 11)
        "over 1 C+1r|-|-/-|-|-/3g,3r|-|- - - * fin=1",  # (20, 0, 6)
        "over 2 1b|-|-/10g|-|-/-|-|- - - * fin=2",  # (1, 10, 0)
    ]
    return match, [finished(text, match.game_rules(number)) for number, text in enumerate(texts)]


class TestMatch:
    """O4: "after an agreed number of games the lowest total wins"."""

    def test_running_totals(self) -> None:
        """Totals add up game by game: (0,19,11), then (20,19,17), then (21,29,17)."""
        match, games = three_games()
        totals = []
        for game in games:
            assert not match.is_over and match.winners == ()
            match = match.record(game)
            totals.append(match.totals)
        assert totals == [(0, 19, 11), (20, 19, 17), (21, 29, 17)]
        assert match.scores == ((0, 19, 11), (20, 0, 6), (1, 10, 0))
        assert match.games_played == 3 and match.is_over
        assert match.winners == (2,)

    def test_no_games_yet(self) -> None:
        """Before any game every total is 0 and nobody has won."""
        match = Match(Rules(players=4), games=2)
        assert match.totals == (0, 0, 0, 0)
        assert match.winners == () and not match.is_over

    def test_tie_names_every_lowest_seat(self) -> None:
        """Two players on 12 points each both win: (0 + 12, 12 + 0)."""
        match = Match(Rules(players=2, turn_limit=None), games=2)
        first = finished("over 0 -|-|-/2g,10b|-|- - - * fin=0", match.next_rules)
        match = match.record(first)
        second = finished("over 1 5r,7b|-|-/-|-|- - - * fin=1", match.next_rules)
        match = match.record(second)
        assert match.totals == (12, 12)
        assert match.winners == (0, 1)

    def test_three_way_tie(self) -> None:
        """Equal totals for all three players make all three winners."""
        match = Match(Rules(players=3), games=2, scores=((0, 9, 5), (9, 0, 4)))
        assert match.totals == (9, 9, 9)
        assert match.winners == (0, 1, 2)

    def test_all_cards_scope_in_a_match(self) -> None:
        """With ScoreScope.ALL the match adds up hand, 3UP and 3DOWN points: 7 + 3 + 4 = 14."""
        rules = Rules(players=2, score_scope=ScoreScope.ALL, turn_limit=None)
        game = finished("over 0 -|-|-/7g|3b|2r,1b,1b - - * fin=0", rules)
        assert Match(rules, games=1).record(game).totals == (0, 14)

    @pytest.mark.spec("O10")
    def test_stalemate_counts_as_a_game(self) -> None:
        """A stalemated game is one of the agreed games and scores the hands: 4 and 5 + 20."""
        rules = Rules(players=2, turn_limit=50)
        stalemate = finished("over 1 4g|-|-/5r,C+1b|2g|1b,1b,1r - - * turn=50", rules)
        match = Match(rules, games=1).record(stalemate)
        assert match.is_over and match.totals == (4, 25) and match.winners == (0,)

    def test_record_returns_a_new_match(self) -> None:
        """Recording leaves the old match as it was; a match is a frozen, hashable value."""
        match, games = three_games()
        after = match.record(games[0])
        assert match.scores == () and after.scores == ((0, 19, 11),)
        assert after == Match(match.rules, 3, ((0, 19, 11),))
        assert hash(after) == hash(Match(match.rules, 3, ((0, 19, 11),)))
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            after.games = 5  # type: ignore[misc]

    def test_scores_stored_as_tuples(self) -> None:
        """Scores given as lists are kept as tuples, so the match stays hashable."""
        match = Match(Rules(players=2), games=2, scores=[[3, 0]])
        assert match.scores == ((3, 0),) and hash(match) == hash(Match(Rules(players=2), 2, ((3, 0),)))

    def test_unfinished_game_refused(self) -> None:
        """Recording a game that is not over raises MatchError, a library ValueError."""
        match = Match(Rules(players=2), games=2)
        with pytest.raises(MatchError) as raised:
            match.record(match.next_game(seed=3))
        assert isinstance(raised.value, ThreeUpError) and isinstance(raised.value, ValueError)

    def test_game_with_other_rules_refused(self) -> None:
        """The second game must be played with the rotated rules, not the first game's."""
        match, games = three_games()
        match = match.record(games[0])
        with pytest.raises(MatchError, match="first_seat=1, not first_seat=0"):
            match.record(games[0])

    def test_game_with_other_options_refused(self) -> None:
        """A game played with another option switched on is not a game of this match."""
        match = Match(Rules(players=2, turn_limit=None), games=1)
        rules = Rules(players=2, reverse_on_one=True, turn_limit=None)
        other = finished("over 0 -|-|-/2g|-|- - - * fin=0", rules)
        with pytest.raises(MatchError, match="reverse_on_one=False, not reverse_on_one=True"):
            match.record(other)

    def test_no_game_after_the_last(self) -> None:
        """A finished match refuses to record or deal another game."""
        match, games = three_games()
        for game in games:
            match = match.record(game)
        with pytest.raises(MatchError, match="the match is over"):
            match.record(games[2])
        with pytest.raises(MatchError, match="the match is over"):
            match.next_game(seed=1)

    @pytest.mark.parametrize("games", [0, -2])
    def test_at_least_one_game(self, games: int) -> None:
        """A match of no games is refused."""
        with pytest.raises(MatchError, match="at least one game"):
            Match(Rules(), games=games)

    def test_scores_checked(self) -> None:
        """Scores must have one entry per player and no more games than agreed."""
        with pytest.raises(MatchError, match="one entry for each of 2 players"):
            Match(Rules(players=2), games=2, scores=((0, 1, 2),))
        with pytest.raises(MatchError, match="2 games scored in a match of 1"):
            Match(Rules(players=2), games=1, scores=((0, 1), (1, 0)))

    def test_error_pickles(self) -> None:
        """MatchError survives pickling with its message."""
        error = pickle.loads(pickle.dumps(MatchError("the match is over")))
        assert isinstance(error, MatchError) and str(error) == "the match is over"


class TestRotation:
    """O4 with O9: the first player rotates from game to game."""

    @pytest.mark.spec("O9")
    def test_first_seat_rotates(self) -> None:
        """With a fixed first seat, each game starts one seat further on, wrapping round."""
        match = Match(Rules(players=3, first_seat=2), games=4)
        assert [match.game_rules(n).first_seat for n in range(4)] == [2, 0, 1, 2]
        assert [match.game_rules(n).first_player for n in range(4)] == [FirstPlayer.SEAT] * 4

    @pytest.mark.spec("O9")
    def test_dealer_rotates(self) -> None:
        """With the dealer's left, the deal passes on: first players 1, 2, 3, 0 when seat 0 deals first."""
        match = Match(Rules(players=4, first_player=FirstPlayer.DEALERS_LEFT), games=4)
        assert [match.game_rules(n).dealer for n in range(4)] == [0, 1, 2, 3]
        firsts = []
        for number in range(4):
            game = Match(match.rules, 4, ((0, 0, 0, 0),) * number).next_game(seed=number)
            firsts.append(game.first_player)
        assert firsts == [1, 2, 3, 0]

    @pytest.mark.spec("O9")
    def test_random_stays_random(self) -> None:
        """A random first player needs no rotation: every game uses the match's rules."""
        rules = Rules(players=3, first_player=FirstPlayer.RANDOM)
        match = Match(rules, games=3)
        assert all(match.game_rules(n) == rules for n in range(3))

    def test_next_game_follows_the_rotation(self) -> None:
        """next_game deals new_game(next_rules, seed) and its first player is the rotated seat."""
        match = Match(Rules(players=2), games=2, scores=((3, 0),))
        assert match.next_game(seed=5) == new_game(match.next_rules, seed=5)
        assert match.next_game(seed=5).first_player == 1

    def test_played_match(self) -> None:
        """A match played out game by game totals the per-game scores, seat by seat."""
        match = Match(Rules(players=3, places=True), games=3)
        for seed in range(3):
            game = play_out(match.next_game(seed=seed))
            assert game.first_player == seed
            match = match.record(game)
        assert match.is_over and len(match.scores) == 3
        assert match.totals == tuple(sum(game[seat] for game in match.scores) for seat in range(3))
        assert match.winners and all(match.totals[seat] == min(match.totals) for seat in match.winners)
