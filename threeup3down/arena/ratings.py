"""Ratings, win rates and head-to-head results of a tournament, from how each game finished.

:func:`rate` runs OpenSkill's Plackett–Luce model (Weng and Lin, 2011; the
``openskill`` package, extra ``[arena]``) over the finishing places of every
game, in game order: at a table of 3 to 6 every place counts. With the
``places`` rule (O1) a decided game ranks every seat; without it only the
winner is ranked, first, and the other seats tie behind. The seats a
stalemate (O10) leaves unranked tie behind those it ranked. A bot that
forfeited a game (:class:`~threeup3down.simulation.Forfeit`) is last in it,
behind every other seat, whose places are those of the game as it was
played out without it.

>>> from threeup3down.simulation import Finish
>>> finishes = [Finish(game, 0, ("a", "b"), (0,)) for game in range(20)]
>>> board = rate(finishes)
>>> [row.bot for row in board], board[0].wins, str(board[0].win_rate)
(['a', 'b'], 20, '100.0% [83.9%, 100.0%]')
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from itertools import combinations

import attrs

from threeup3down.core.errors import SimulationError
from threeup3down.simulation import Finish, Rate

__all__ = ["HeadToHead", "Standing", "head_to_head", "places_of", "rate", "require_openskill"]


@attrs.frozen
class Standing:
    """One bot's line of the leaderboard.

    >>> row = Standing("heuristic", mu=30.0, sigma=2.0, games=10, wins=7, places=(7, 3))
    >>> row.conservative, str(row.win_rate)
    (24.0, '70.0% [39.7%, 89.2%]')
    """

    bot: str
    mu: float
    """The rating's mean (OpenSkill's scale: a new bot starts at 25)."""
    sigma: float
    """Its uncertainty, the standard deviation of the rating (starts at 25/3)."""
    games: int
    wins: int
    """Games it won (went out first, W1)."""
    places: tuple[int, ...]
    """How many times it finished in each place, first place first: a forfeit in the last
    place, the place it is rated in; a stalemate's unranked seats and the seats that
    did not go out first in a game without places (O1) in none."""
    faults: int = 0
    """Games it forfeited, by a fault (:class:`~threeup3down.simulation.Forfeit`).

    .. versionadded:: 0.5.0"""

    @property
    def conservative(self) -> float:
        """``mu - 3 * sigma``: a rating the bot is very likely to be above; the leaderboard's order."""
        return self.mu - 3 * self.sigma

    @property
    def win_rate(self) -> Rate:
        """Wins per game, with a 95% Wilson interval."""
        return Rate(self.wins, self.games)


@attrs.frozen
class HeadToHead:
    """How two bots did at the tables they shared: who finished ahead.

    >>> pair = HeadToHead("heuristic", "random", games=10, ahead=8, behind=1)
    >>> pair.ties, pair.rate.value
    (1, 0.8)
    """

    bot: str
    other: str
    games: int
    """Games in which both sat at the table."""
    ahead: int
    """Games in which ``bot`` finished ahead of ``other`` (an unranked seat is behind every ranked one)."""
    behind: int
    """Games in which ``other`` finished ahead of ``bot``."""

    @property
    def ties(self) -> int:
        """Games in which neither was ranked ahead of the other."""
        return self.games - self.ahead - self.behind

    @property
    def rate(self) -> Rate:
        """``ahead`` per game shared, with a 95% Wilson interval."""
        return Rate(self.ahead, self.games)


def places_of(finish: Finish) -> tuple[int, ...]:
    """Each seat's place in ``finish`` (1 for the first out); the unranked seats
    share the place after the ranked ones, and the seats that forfeited the
    place after those.

    >>> places_of(Finish(0, 0, ("a", "b", "c"), (2,)))
    (2, 2, 1)
    >>> places_of(Finish(0, 0, ("a", "b", "c"), (1, 2, 0)))
    (3, 1, 2)
    >>> from threeup3down.simulation import Forfeit
    >>> places_of(Finish(0, 0, ("a", "b", "c"), (1, 2, 0), (Forfeit(0, 1, "b", "crash", "exited"),)))
    (2, 3, 1)
    """
    forfeited = {forfeit.seat for forfeit in finish.forfeits}
    ranked = {
        seat: place
        for place, seat in enumerate((seat for seat in finish.places if seat not in forfeited), start=1)
    }
    unranked = len(ranked) + 1
    last = unranked + (len(ranked) + len(forfeited) < len(finish.bots))
    return tuple(
        last if seat in forfeited else ranked.get(seat, unranked) for seat in range(len(finish.bots))
    )



def require_openskill() -> None:
    """Refuse, with a :class:`~threeup3down.core.errors.SimulationError` naming
    the extra ``[arena]``, if OpenSkill, which the ratings need, is not installed.

    .. versionadded:: 0.5.0

    >>> require_openskill()  # installed here
    """
    try:
        import openskill.models  # noqa: F401
    except ImportError:
        raise SimulationError(
            "the arena's ratings need OpenSkill: pip install 'threeup3down[arena]'"
        ) from None


def rate(finishes: Iterable[Finish]) -> tuple[Standing, ...]:
    """The leaderboard of ``finishes``, rated in their order: best conservative
    rating first (ties by name). A win is a first place of :func:`places_of`.
    Needs ``openskill`` (extra ``[arena]``).

    >>> games = [Finish(game, 0, ("a", "b", "c"), (game % 2, 1 - game % 2, 2)) for game in range(30)]
    >>> board = rate(games)
    >>> board[-1].bot, board[-1].places, sorted((row.bot, row.places) for row in board[:2])
    ('c', (0, 0, 30), [('a', (15, 15, 0)), ('b', (15, 15, 0))])
    """
    require_openskill()
    from openskill.models import PlackettLuce, PlackettLuceRating

    model = PlackettLuce()
    ratings: dict[str, PlackettLuceRating] = {}
    games: Counter[str] = Counter()
    wins: Counter[str] = Counter()
    faults: Counter[str] = Counter()
    place_counts: Counter[tuple[str, int]] = Counter()
    players = 0
    for finish in finishes:
        players = len(finish.bots)
        places = places_of(finish)
        teams = [[ratings.get(bot) or model.rating(name=bot)] for bot in finish.bots]
        for bot, [rating] in zip(finish.bots, model.rate(teams, ranks=[float(place) for place in places])):
            ratings[bot] = rating
        forfeited = {forfeit.seat for forfeit in finish.forfeits}
        for seat, bot in enumerate(finish.bots):
            games[bot] += 1
            if seat in forfeited:  # ranked last, behind every other seat
                faults[bot] += 1
                place_counts[bot, len(finish.bots)] += 1
            elif seat in finish.places:
                place_counts[bot, places[seat]] += 1
                wins[bot] += places[seat] == 1
    board = [
        Standing(
            bot, rating.mu, rating.sigma, games[bot], wins[bot],
            tuple(place_counts[bot, place] for place in range(1, players + 1)), faults[bot],
        )
        for bot, rating in ratings.items()
    ]
    return tuple(sorted(board, key=lambda row: (-row.conservative, row.bot)))


def head_to_head(finishes: Iterable[Finish], bots: Sequence[str]) -> tuple[HeadToHead, ...]:
    """Every pair of ``bots`` that shared a table, both ways round, in the order of ``bots``.

    >>> rows = head_to_head([Finish(0, 0, ("a", "b"), (1,)), Finish(1, 0, ("b", "a"), ())], ["a", "b"])
    >>> [(row.bot, row.other, row.games, row.ahead, row.behind, row.ties) for row in rows]
    [('a', 'b', 2, 0, 1, 1), ('b', 'a', 2, 1, 0, 1)]
    """
    shared: Counter[tuple[str, str]] = Counter()
    ahead: Counter[tuple[str, str]] = Counter()
    for finish in finishes:
        places = places_of(finish)
        for first, second in combinations(range(len(finish.bots)), 2):
            a, b = finish.bots[first], finish.bots[second]
            shared[a, b] += 1
            shared[b, a] += 1
            if places[first] < places[second]:
                ahead[a, b] += 1
            elif places[second] < places[first]:
                ahead[b, a] += 1
    return tuple(
        HeadToHead(bot, other, shared[bot, other], ahead[bot, other], ahead[other, bot])
        for bot in bots for other in bots if bot != other and shared[bot, other]
    )
