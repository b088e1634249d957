"""Scoring over several games (O4): card points, the score of a game, a :class:`Match`.

When a game ends, every player scores the points of the cards they still hold:
numbers at face value, Clear 15, Clear +1 20, Clear +2 25. Only the hand counts
by default; with :attr:`ScoreScope.ALL <threeup3down.ScoreScope.ALL>` the 3UP and
3DOWN cards count too. After the agreed number of games the lowest total wins.

A game that the turn limit ends (a stalemate, O10) is scored like any other
finished game: every player counts the cards they hold when it stops, by the
same scope. A stalemate is not a free game, and a match always finishes after
its agreed number of games.

>>> from threeup3down import GameState, Rules
>>> rules = Rules(players=2, turn_limit=None)
>>> game = GameState.from_notation("over 0 -|-|-/5r,C+1b|2g|1b,1b,1r - - * fin=0", rules)
>>> score(game)
(0, 25)
>>> match = Match(rules, games=2).record(game)
>>> match.totals, match.is_over, match.next_rules.first_seat
((0, 25), False, 1)
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import assert_never

import attrs

from threeup3down.core.cards import Card, Rank
from threeup3down.core.deal import new_game
from threeup3down.core.errors import MatchError
from threeup3down.core.rules import FirstPlayer, Rules, ScoreScope
from threeup3down.core.state import GameState, Seat

__all__ = ["Match", "card_points", "score"]

_CLEAR_POINTS = {Rank.CLEAR: 15, Rank.CLEAR_PLUS_1: 20, Rank.CLEAR_PLUS_2: 25}


def card_points(card: Card) -> int:
    """What ``card`` scores against the player left holding it (O4).

    >>> card_points(Card.RED_7), card_points(Card.BLUE_CLEAR), card_points(Card.GREEN_CLEAR_PLUS_2)
    (7, 15, 25)
    """
    return _CLEAR_POINTS.get(card.rank, int(card.rank))


def score(state: GameState) -> tuple[int, ...]:
    """The points each seat scores in the finished game ``state`` (O4), by seat.

    :attr:`Rules.score_scope <threeup3down.Rules.score_scope>` decides which
    cards count. A stalemated game (O10) is scored as it stands. A game that is
    not over raises :class:`MatchError`.

    >>> from threeup3down import GameState, Rules, ScoreScope
    >>> position = "over 0 -|-|-/C+1b,4g,4r|9r|2g,Cb,1b - - * fin=0"
    >>> score(GameState.from_notation(position, Rules(players=2)))
    (0, 28)
    >>> score(GameState.from_notation(position, Rules(players=2, score_scope=ScoreScope.ALL)))
    (0, 55)
    """
    if not isinstance(state, GameState):
        raise MatchError(f"score needs a GameState, not {_type_name(state)}")
    if not state.is_over:
        raise MatchError(
            f"only a finished game is scored (O4); this one is in {state.phase.value}"
        )
    scope = state.rules.score_scope
    return tuple(_seat_points(seat, scope) for seat in state.seats)


def _seat_points(seat: Seat, scope: ScoreScope) -> int:
    cards = seat.hand if scope is ScoreScope.HAND else seat.hand + seat.up + seat.down
    return sum(card_points(card) for card in cards)


def _type_name(value: object) -> str:
    if value is None:
        return "None"
    name = type(value).__name__
    return f"an {name}" if name[:1].lower() in "aeiou" else f"a {name}"


def _check_rules(match: Match, attribute: attrs.Attribute[Rules], rules: Rules) -> None:
    if not isinstance(rules, Rules):
        raise MatchError(f"rules must be a Rules, not {_type_name(rules)}")


def _check_games(match: Match, attribute: attrs.Attribute[int], games: int) -> None:
    if not isinstance(games, int) or isinstance(games, bool):
        raise MatchError(
            f"games {games!r} must be an int, the agreed number of games (O4), "
            f"not {_type_name(games)}"
        )
    if games < 1:
        raise MatchError(f"a match is at least one game, not {games} (O4)")


def _as_scores(scores: Iterable[Iterable[int]]) -> tuple[tuple[int, ...], ...]:
    problem = "scores must be an iterable of games, each an iterable of int points by seat"
    if not isinstance(scores, Iterable) or isinstance(scores, (str, bytes)):
        raise MatchError(f"{problem}, not {_type_name(scores)}")
    games: list[tuple[int, ...]] = []
    for game in scores:
        if not isinstance(game, Iterable) or isinstance(game, (str, bytes)):
            raise MatchError(f"{problem}; game {len(games)} is {_type_name(game)}")
        points = tuple(game)
        for point in points:
            if not isinstance(point, int) or isinstance(point, bool):
                raise MatchError(f"{problem}; game {len(games)} holds {_type_name(point)}")
        games.append(points)
    return tuple(games)


def _check_scores(
    match: Match, attribute: attrs.Attribute[tuple[tuple[int, ...], ...]], scores: tuple[tuple[int, ...], ...]
) -> None:
    if len(scores) > match.games:
        raise MatchError(f"{len(scores)} games scored in a match of {match.games} (O4)")
    players = match.rules.players
    if any(len(game) != players for game in scores):
        raise MatchError(f"every game's scores must have one entry for each of {players} players")
    most = sum(map(card_points, match.rules.deck_cards())) if scores else 0
    for number, game in enumerate(scores):
        if min(game) < 0:
            raise MatchError(f"game {number} scores {min(game)} points: a game's points are never negative (O4)")
        if sum(game) > most:
            raise MatchError(
                f"game {number} scores {sum(game)} points in all, more than the {most} "
                "that every card of the deck scores (O4)"
            )


@attrs.frozen
class Match:
    """An agreed number of games under one :class:`~threeup3down.Rules`, scored (O4).

    A match is a value: :meth:`record` returns a new match with one more game
    scored. The first player rotates from game to game: with
    :attr:`FirstPlayer.SEAT <threeup3down.FirstPlayer.SEAT>` the first seat
    moves one seat on each game, with
    :attr:`FirstPlayer.DEALERS_LEFT <threeup3down.FirstPlayer.DEALERS_LEFT>`
    the deal does, and :attr:`FirstPlayer.RANDOM <threeup3down.FirstPlayer.RANDOM>`
    stays random (each game's seed draws it).

    >>> from threeup3down import apply, legal_moves, Rules
    >>> match = Match(Rules(players=3), games=2)
    >>> while not match.is_over:
    ...     state = match.next_game(seed=match.games_played)
    ...     while not state.is_over:
    ...         state = apply(state, legal_moves(state)[0])
    ...     match = match.record(state)
    >>> len(match.scores), sum(match.totals) == sum(map(sum, match.scores))
    (2, True)
    >>> [match.game_rules(number).first_seat for number in range(2)]
    [0, 1]
    """

    rules: Rules = attrs.field(validator=_check_rules)
    """The rules of the first game; later games rotate the first player (:meth:`game_rules`)."""
    games: int = attrs.field(validator=_check_games)
    """The agreed number of games."""
    scores: tuple[tuple[int, ...], ...] = attrs.field(
        default=(), converter=_as_scores, validator=_check_scores
    )
    """Each finished game's points by seat (:func:`score`), in the order played: never
    negative, and in all no more than every card of the deck scores."""

    @property
    def games_played(self) -> int:
        """How many games have been recorded.

        >>> from threeup3down import Rules
        >>> Match(Rules(players=2), games=3, scores=[[0, 12]]).games_played
        1
        """
        return len(self.scores)

    @property
    def totals(self) -> tuple[int, ...]:
        """Each seat's points summed over the games recorded so far.

        >>> from threeup3down import Rules
        >>> Match(Rules(players=2), games=3, scores=((0, 12), (7, 0))).totals
        (7, 12)
        """
        return tuple(sum(game[seat] for game in self.scores) for seat in range(self.rules.players))

    @property
    def is_over(self) -> bool:
        """Whether the agreed number of games has been played.

        >>> from threeup3down import Rules
        >>> Match(Rules(players=2), games=1, scores=((0, 12),)).is_over
        True
        """
        return len(self.scores) >= self.games

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats with the lowest total, ties included, once the match is over;
        empty before.

        >>> from threeup3down import Rules
        >>> Match(Rules(players=3), games=2, scores=((0, 9, 5), (9, 0, 5))).winners
        (0, 1)
        >>> Match(Rules(players=3), games=2, scores=((0, 9, 5),)).winners
        ()
        """
        if not self.is_over:
            return ()
        totals = self.totals
        lowest = min(totals)
        return tuple(seat for seat, total in enumerate(totals) if total == lowest)

    def game_rules(self, number: int) -> Rules:
        """The rules of game ``number`` (counting from 0), with the first player rotated.

        >>> from threeup3down import FirstPlayer, Rules
        >>> match = Match(Rules(players=3, first_player=FirstPlayer.DEALERS_LEFT, dealer=2), games=4)
        >>> [match.game_rules(number).dealer for number in range(4)]
        [2, 0, 1, 2]
        """
        rules = self.rules
        players = rules.players
        match rules.first_player:
            case FirstPlayer.SEAT:
                return attrs.evolve(rules, first_seat=(rules.first_seat + number) % players)
            case FirstPlayer.DEALERS_LEFT:
                return attrs.evolve(rules, dealer=(rules.dealer + number) % players)
            case FirstPlayer.RANDOM:
                return rules
            case _:
                assert_never(rules.first_player)

    @property
    def next_rules(self) -> Rules:
        """The rules of the next game to play (:meth:`game_rules` of :attr:`games_played`).

        >>> from threeup3down import Rules
        >>> Match(Rules(players=2, first_seat=1), games=2).next_rules.first_seat
        1
        """
        return self.game_rules(len(self.scores))

    def next_game(self, *, seed: int | None = None, rng: random.Random | None = None) -> GameState:
        """Deal the next game of the match (:func:`~threeup3down.new_game` with :attr:`next_rules`).

        >>> from threeup3down import Rules
        >>> match = Match(Rules(players=2), games=1, scores=((0, 3),))
        >>> match.next_game(seed=1)
        Traceback (most recent call last):
        ...
        threeup3down.core.errors.MatchError: the match is over: all 1 games are played (O4)
        """
        self._check_not_over()
        return new_game(self.next_rules, seed=seed, rng=rng)

    def record(self, state: GameState) -> Match:
        """This match with the finished game ``state`` scored.

        ``state`` must be over and played by :attr:`next_rules`; otherwise, or
        once the match is over, :class:`MatchError` is raised.

        >>> from threeup3down import GameState, Rules
        >>> match = Match(Rules(players=2, turn_limit=40), games=2)
        >>> stalemate = GameState.from_notation("over 1 4g|-|-/5r,C+1b|2g|1b,1b,1r - - * turn=40", match.next_rules)
        >>> match.record(stalemate).totals
        (4, 25)
        >>> match.record(stalemate).record(stalemate)
        Traceback (most recent call last):
        ...
        threeup3down.core.errors.MatchError: game 1 of the match is played with first_seat=1, not first_seat=0 (O4)
        """
        self._check_not_over()
        expected = self.next_rules
        if state.rules != expected:
            raise MatchError(
                f"game {self.games_played} of the match is played with "
                f"{_difference(expected, state.rules)} (O4)"
            )
        return Match(self.rules, self.games, self.scores + (score(state),))

    def _check_not_over(self) -> None:
        if self.is_over:
            raise MatchError(f"the match is over: all {self.games} games are played (O4)")


def _difference(expected: Rules, given: Rules) -> str:
    """The first fields where ``given`` differs from ``expected``, for messages."""
    names = [
        field.name
        for field in attrs.fields(Rules)
        if getattr(expected, field.name) != getattr(given, field.name)
    ]
    wanted = ", ".join(f"{name}={getattr(expected, name)!r}" for name in names)
    got = ", ".join(f"{name}={getattr(given, name)!r}" for name in names)
    return f"{wanted}, not {got}"
