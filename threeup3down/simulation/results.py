"""What a simulation counted: wins, places and lengths, with 95% confidence intervals.

:class:`SimulationResult` holds the counts, :class:`Rate` a win rate with its
Wilson interval (:func:`wilson_interval`).

>>> from threeup3down import Rules
>>> from threeup3down.simulation import simulate
>>> result = simulate(Rules(players=2), ["lowest", "random"], 30, seed=2, workers=1)
>>> result.games, result.win_rate("lowest").trials
(30, 30)
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence

import attrs

from threeup3down.core.moves import Draw, DrawInstead, Move, PickUp, Play
from threeup3down.core.rules import Rules
from threeup3down.core.state import GameState
from threeup3down.formats.serialization import to_dict
from threeup3down.views.events import flip_failed, pile_cleared

__all__ = ["Rate", "SimulationResult", "wilson_interval"]


def wilson_interval(successes: int, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% for the default ``z``).

    >>> low, high = wilson_interval(60, 100)
    >>> round(low, 3), round(high, 3)
    (0.502, 0.691)
    >>> wilson_interval(0, 0)
    (0.0, 1.0)
    """
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


@attrs.frozen
class Rate:
    """A count out of a number of trials, with its 95% Wilson interval.

    >>> rate = Rate(60, 100)
    >>> rate.value, round(rate.low, 3), str(rate)
    (0.6, 0.502, '60.0% [50.2%, 69.1%]')
    """

    count: int
    """How many times it happened."""
    trials: int
    """Out of how many."""

    @property
    def value(self) -> float:
        """``count / trials`` (0 with no trials)."""
        return self.count / self.trials if self.trials else 0.0

    @property
    def low(self) -> float:
        """The lower end of the 95% Wilson interval."""
        return wilson_interval(self.count, self.trials)[0]

    @property
    def high(self) -> float:
        """The upper end of the 95% Wilson interval."""
        return wilson_interval(self.count, self.trials)[1]

    def __str__(self) -> str:
        return f"{self.value:.1%} [{self.low:.1%}, {self.high:.1%}]"


@attrs.define
class Tally:
    """Counts over a set of games; two tallies add up in any order."""

    seat_places: Counter[tuple[int, int]] = attrs.field(factory=Counter)
    bot_places: Counter[tuple[str, int]] = attrs.field(factory=Counter)
    bot_seats: Counter[str] = attrs.field(factory=Counter)
    lengths: Counter[int] = attrs.field(factory=Counter)
    events: Counter[str] = attrs.field(factory=Counter)

    def add(self, other: Tally) -> None:
        self.seat_places.update(other.seat_places)
        self.bot_places.update(other.bot_places)
        self.bot_seats.update(other.bot_seats)
        self.lengths.update(other.lengths)
        self.events.update(other.events)

    def count_move(self, before: GameState, move: Move, after: GameState) -> None:
        """Count what one move did, as its events tell it
        (:mod:`threeup3down.views.events`): a clear (C1–C4), a failed flip (F4),
        a pick-up (T3) or a draw (C2, C3, O2)."""
        if pile_cleared(before, after):
            self.events["clears"] += 1
        kind = type(move)
        if kind is Play:
            return
        if kind is PickUp:
            self.events["pick_ups"] += 1
        elif kind is Draw or kind is DrawInstead:
            self.events["draws"] += 1
        elif flip_failed(before, move, after):
            self.events["failed_flips"] += 1

    def count_game(self, seating: Sequence[str], final: GameState) -> None:
        """Count one game's length and places from its final state."""
        self.events["games"] += 1
        self.events["stalemates"] += final.is_stalemate
        self.lengths[final.turn] += 1
        for name in seating:
            self.bot_seats[name] += 1
        for place, seat in enumerate(final.places, start=1):
            self.seat_places[seat, place] += 1
            self.bot_places[seating[seat], place] += 1


def _percentile(histogram: Sequence[tuple[int, int]], fraction: float) -> int:
    """The smallest length at or below which ``fraction`` of the games lie."""
    total = sum(count for _, count in histogram)
    seen = 0
    for length, count in histogram:
        seen += count
        if seen >= fraction * total:
            return length
    return histogram[-1][0] if histogram else 0


@attrs.frozen
class SimulationResult:
    """What :func:`~threeup3down.simulation.simulate` counted over every game of a run.

    Places count from 1 (the winner); without places (O1) only the first
    place is settled. A stalemate (O10) settles none (or, with O1, those
    settled before it).

    >>> from threeup3down import Rules
    >>> from threeup3down.simulation import simulate
    >>> result = simulate(Rules(players=2), ["lowest", "random"], 30, seed=2, workers=1)
    >>> result.bot_seat_games("lowest"), result.win_rate("lowest").trials
    (30, 30)
    >>> result.mean_length > 0 and result.median_length <= result.p95_length <= result.max_length
    True
    """

    rules: Rules
    """The rules every game was played by."""
    bots: tuple[str, ...]
    """The bot names, by seat (before any rotation)."""
    games: int
    """How many games were played (all of them: a result is never partial)."""
    seed: int
    """The seed every game's seeds derive from."""
    rotate: bool
    """Whether the seats were rotated, each deal played in every rotation."""
    seat_places: tuple[tuple[int, ...], ...]
    """``seat_places[seat][place - 1]``: how often ``seat`` took that place."""
    bot_places: dict[str, tuple[int, ...]]
    """The same by bot name, over every seat the bot sat at."""
    bot_seats: dict[str, int]
    """How many seat-games each bot played (games times the seats it held)."""
    length_histogram: tuple[tuple[int, int], ...]
    """(turns, games) for every game length seen, shortest first."""
    stalemates: int
    """Games ended by the turn limit before they were decided (O10)."""
    clears: int
    """Times the discard pile left the game (C1-C4)."""
    pick_ups: int
    """Times a player picked up the discard pile (T3), failed flips not included."""
    failed_flips: int
    """3DOWN cards turned over that could not be played (F4)."""
    draws: int
    """Early draws (C2, C3, C5) and cards taken instead of playing (O2)."""

    @property
    def seat_wins(self) -> tuple[int, ...]:
        """How often each seat won (W1)."""
        return tuple(places[0] for places in self.seat_places)

    def seat_win_rate(self, seat: int) -> Rate:
        """Seat ``seat``'s share of the games, won (W1).

        >>> from threeup3down import Rules
        >>> from threeup3down.simulation import simulate
        >>> simulate(Rules(players=2), ["lowest", "lowest"], 10, seed=1, workers=1).seat_win_rate(0).trials
        10
        """
        return Rate(self.seat_places[seat][0], self.games)

    def bot_seat_games(self, bot: str) -> int:
        """How many seat-games ``bot`` played.

        >>> from threeup3down import Rules
        >>> from threeup3down.simulation import simulate
        >>> simulate(Rules(players=3), ["lowest"] * 3, 4, seed=1, workers=1).bot_seat_games("lowest")
        12
        """
        return self.bot_seats.get(bot, 0)

    def win_rate(self, bot: str) -> Rate:
        """The share of the seats ``bot`` held that won: with one seat, its share of
        the games, to compare with 1/players.

        >>> from threeup3down import Rules
        >>> from threeup3down.simulation import simulate
        >>> result = simulate(Rules(players=2), ["lowest", "random"], 10, seed=1, workers=1)
        >>> result.win_rate("lowest").count + result.win_rate("random").count + result.stalemates
        10
        """
        return Rate(self.bot_places.get(bot, (0,))[0], self.bot_seat_games(bot))

    @property
    def mean_length(self) -> float:
        """The mean game length in turns."""
        return sum(length * count for length, count in self.length_histogram) / self.games

    @property
    def median_length(self) -> int:
        """The median game length in turns (the lower median)."""
        return _percentile(self.length_histogram, 0.5)

    @property
    def p95_length(self) -> int:
        """The 95th percentile of the game length in turns."""
        return _percentile(self.length_histogram, 0.95)

    @property
    def max_length(self) -> int:
        """The longest game, in turns."""
        return self.length_histogram[-1][0]

    def to_dict(self) -> dict[str, object]:
        """The result as plain JSON values (what ``threeup3down simulate --json`` writes).

        >>> from threeup3down import Rules
        >>> from threeup3down.simulation import simulate
        >>> document = simulate(Rules(players=2), ["lowest", "random"], 6, seed=1, workers=1).to_dict()
        >>> document["games"], sorted(document["bots"])
        (6, ['lowest', 'random'])
        """
        def rate(value: Rate) -> dict[str, object]:
            return {"count": value.count, "trials": value.trials, "rate": value.value,
                    "low": value.low, "high": value.high}

        return {
            "rules": to_dict(self.rules),
            "seating": list(self.bots),
            "rotate": self.rotate,
            "games": self.games,
            "seed": self.seed,
            "seats": [
                {"seat": seat, "wins": rate(self.seat_win_rate(seat)), "places": list(places)}
                for seat, places in enumerate(self.seat_places)
            ],
            "bots": {
                name: {"seat_games": self.bot_seats[name], "wins": rate(self.win_rate(name)),
                       "places": list(self.bot_places[name])}
                for name in sorted(self.bot_seats)
            },
            "length": {"mean": self.mean_length, "median": self.median_length,
                       "p95": self.p95_length, "max": self.max_length},
            "stalemates": self.stalemates,
            "clears": self.clears,
            "pick_ups": self.pick_ups,
            "failed_flips": self.failed_flips,
            "draws": self.draws,
        }


def summarize(
    tally: Tally, rules: Rules, bots: tuple[str, ...], seed: int, rotate: bool
) -> SimulationResult:
    players = rules.players
    names = sorted(set(bots) | set(tally.bot_seats))
    return SimulationResult(
        rules=rules,
        bots=bots,
        games=tally.events["games"],
        seed=seed,
        rotate=rotate,
        seat_places=tuple(
            tuple(tally.seat_places[seat, place] for place in range(1, players + 1))
            for seat in range(players)
        ),
        bot_places={
            name: tuple(tally.bot_places[name, place] for place in range(1, players + 1))
            for name in names
        },
        bot_seats={name: tally.bot_seats[name] for name in names},
        length_histogram=tuple(sorted(tally.lengths.items())),
        stalemates=tally.events["stalemates"],
        clears=tally.events["clears"],
        pick_ups=tally.events["pick_ups"],
        failed_flips=tally.events["failed_flips"],
        draws=tally.events["draws"],
    )
