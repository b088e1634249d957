"""Many games at once: :func:`~threeup3down.simulation.simulate`, on the local cores or a
distributed engine.

:func:`simulate` plays ``games`` games of ``rules`` between bots named as in
:func:`~threeup3down.bots.make_bot` and returns a :class:`SimulationResult`:
wins and places per seat and per bot with 95% confidence intervals, game
lengths, stalemates (O10) and counts of clears, pick-ups, failed flips and
draws.

Every game's deal and every bot's randomness derive from ``(seed, game
index)`` alone (:func:`game_seed`, a spawn key as NumPy's ``SeedSequence``
uses), and tallies add up in any order, so the result is the same whatever
runs the games: one process, a :class:`~concurrent.futures.ProcessPoolExecutor`
(the default, on the local cores), a Dask cluster (``Client.get_executor()``)
or Ray (:func:`threeup3down.simulation_cli.ray_executor`). Work is sent in
batches of games and workers send back small tallies, never states.

>>> from threeup3down import Rules
>>> result = simulate(Rules(players=2), ["heuristic", "random"], 20, seed=1, workers=1)
>>> result.games, sum(result.seat_wins) + result.stalemates
(20, 20)
>>> result == simulate(Rules(players=2), ["heuristic", "random"], 20, seed=1, workers=1)
True
>>> simulate(Rules(players=2), ["heuristic"], 20, seed=1)
Traceback (most recent call last):
...
threeup3down.errors.SimulationError: 1 bots for a table of 2 players: name one bot per seat
"""

from __future__ import annotations

import concurrent.futures
import hashlib
import json
import math
import os
import random
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path

import attrs

from threeup3down.bots import Chooser, chooser, make_bot
from threeup3down.deal import new_game
from threeup3down.engine import apply
from threeup3down.errors import SimulationCancelled, SimulationError, ThreeUpError
from threeup3down.moves import Draw, DrawInstead, FlipDown, Move, PickUp, Play
from threeup3down.records import GameRecord, game_result, replay
from threeup3down.rules import Rules
from threeup3down.state import GameState, Phase

__all__ = [
    "Rate",
    "SimulationResult",
    "game_seed",
    "read_records",
    "simulate",
    "tally_games",
    "wilson_interval",
]

Progress = Callable[[int, int], object]
"""Called with (games finished, games in all) as batches finish."""


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


def game_seed(seed: int, game: int, purpose: str = "deal") -> int:
    """The 64-bit seed of one game's ``deal`` or ``bots``, from ``(seed, game)`` alone.

    >>> game_seed(1, 0) == game_seed(1, 0) != game_seed(1, 1)
    True
    >>> game_seed(1, 0, "deal") != game_seed(1, 0, "bots")
    True
    """
    digest = hashlib.sha256(f"threeup3down/simulate {seed} {game} {purpose}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


@attrs.define
class _Tally:
    """Counts over a set of games; two tallies add up in any order."""

    seat_places: Counter[tuple[int, int]] = attrs.field(factory=Counter)
    bot_places: Counter[tuple[str, int]] = attrs.field(factory=Counter)
    bot_seats: Counter[str] = attrs.field(factory=Counter)
    lengths: Counter[int] = attrs.field(factory=Counter)
    events: Counter[str] = attrs.field(factory=Counter)

    def add(self, other: _Tally) -> None:
        self.seat_places.update(other.seat_places)
        self.bot_places.update(other.bot_places)
        self.bot_seats.update(other.bot_seats)
        self.lengths.update(other.lengths)
        self.events.update(other.events)

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


_OVER = Phase.OVER


def _play(
    state: GameState,
    choosers: Sequence[Chooser],
    rng: random.Random,
    events: Counter[str],
    moves: list[Move] | None,
) -> GameState:
    """Play ``state`` to the end, seat *i* choosing with ``choosers[i]``; return the
    final state.

    Count into ``events`` the clears (C1, C4: the out-of-game pile grew), the
    pick-ups (T3), the failed flips (F4: a 3DOWN card turned over that left
    the discard pile empty without a clear) and the draws (C2, C3, O2), and
    keep the moves in ``moves`` unless it is ``None``. This is the inner loop
    of every simulation, so it reads only lengths and the type of the move.
    """
    clears = pick_ups = failed_flips = draws = 0
    cleared = len(state.out_of_game)
    while state.phase is not _OVER:
        move = choosers[state.current_player](state, rng)
        state = apply(state, move)
        if moves is not None:
            moves.append(move)
        kind = type(move)
        if kind is Play:
            if len(state.out_of_game) != cleared:
                clears += 1
                cleared = len(state.out_of_game)
            continue
        if len(state.out_of_game) != cleared:
            clears += 1
            cleared = len(state.out_of_game)
        elif kind is FlipDown and not state.discard_pile:
            failed_flips += 1
        if kind is PickUp:
            pick_ups += 1
        elif kind is Draw or kind is DrawInstead:
            draws += 1
    events["clears"] += clears
    events["pick_ups"] += pick_ups
    events["failed_flips"] += failed_flips
    events["draws"] += draws
    return state


def _seating(bots: Sequence[str], game: int, rotate: bool) -> tuple[str, ...]:
    """The bot at each seat in game ``game``: with ``rotate``, shifted one seat a game."""
    shift = game % len(bots) if rotate else 0
    return tuple(bots[(seat + shift) % len(bots)] for seat in range(len(bots)))


def _deal_index(game: int, players: int, rotate: bool) -> int:
    """With ``rotate``, each deal is played once in every rotation (duplicate format)."""
    return game // players if rotate else game


@attrs.frozen
class _Batch:
    rules: Rules
    bots: tuple[str, ...]
    seed: int
    start: int
    stop: int
    rotate: bool
    records: bool


def _play_batch(batch: _Batch) -> tuple[_Tally, list[str]]:
    """Play games ``start`` to ``stop``; their tally, and each game's record as JSON if asked."""
    from threeup3down.serialization import to_json  # only a records run needs it

    tally = _Tally()
    records = []
    players = batch.rules.players
    choosers = {name: chooser(make_bot(name)) for name in set(batch.bots)}  # bots keep no state
    for game in range(batch.start, batch.stop):
        seating = _seating(batch.bots, game, batch.rotate)
        deal_seed = game_seed(batch.seed, _deal_index(game, players, batch.rotate))
        rng = random.Random(game_seed(batch.seed, game, "bots"))
        moves: list[Move] | None = [] if batch.records else None
        final = _play(
            new_game(batch.rules, seed=deal_seed),
            [choosers[name] for name in seating],
            rng,
            tally.events,
            moves,
        )
        tally.count_game(seating, final)
        if moves is not None:
            record = GameRecord(
                rules=batch.rules, seed=deal_seed, moves=tuple(moves), names=seating,
                result=game_result(final),
            )
            records.append(to_json(record))
    return tally, records


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
    """What :func:`simulate` counted over every game of a run.

    Places count from 1 (the winner); without places (O1) only the first
    place is settled. A stalemate (O10) settles none (or, with O1, those
    settled before it).

    >>> from threeup3down import Rules
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
        >>> simulate(Rules(players=2), ["lowest", "lowest"], 10, seed=1, workers=1).seat_win_rate(0).trials
        10
        """
        return Rate(self.seat_places[seat][0], self.games)

    def bot_seat_games(self, bot: str) -> int:
        """How many seat-games ``bot`` played.

        >>> from threeup3down import Rules
        >>> simulate(Rules(players=3), ["lowest"] * 3, 4, seed=1, workers=1).bot_seat_games("lowest")
        12
        """
        return self.bot_seats.get(bot, 0)

    def win_rate(self, bot: str) -> Rate:
        """The share of the seats ``bot`` held that won: with one seat, its share of
        the games, to compare with 1/players.

        >>> from threeup3down import Rules
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
        >>> document = simulate(Rules(players=2), ["lowest", "random"], 6, seed=1, workers=1).to_dict()
        >>> document["games"], sorted(document["bots"])
        (6, ['lowest', 'random'])
        """
        from threeup3down.serialization import to_dict

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


def _result(
    tally: _Tally, rules: Rules, bots: tuple[str, ...], seed: int, rotate: bool
) -> SimulationResult:
    players = rules.players
    names = sorted(set(bots))
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


def _check_arguments(rules: object, bots: object, games: object, seed: object) -> tuple[str, ...]:
    """Refuse bad arguments before any game is played; the bot names, checked."""
    if not isinstance(rules, Rules):
        raise SimulationError(f"rules must be a Rules value, not {rules!r}")
    if isinstance(bots, str) or not isinstance(bots, Sequence):
        raise SimulationError(f"bots must be a list of bot names, one per seat, not {bots!r}")
    if not isinstance(games, int) or isinstance(games, bool) or games < 1:
        raise SimulationError(f"games must be a whole number of at least 1, not {games!r}")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise SimulationError(f"seed must be an int, not {seed!r}")
    if len(bots) != rules.players:
        raise SimulationError(
            f"{len(bots)} bots for a table of {rules.players} players: name one bot per seat"
        )
    names = tuple(bots)
    for name in names:
        make_bot(name)  # a BotError names an unknown bot before any work is sent
    return names


def simulate(
    rules: Rules,
    bots: Sequence[str],
    games: int,
    *,
    seed: int,
    executor: concurrent.futures.Executor | None = None,
    workers: int | None = None,
    progress: Progress | None = None,
    rotate: bool = False,
    batch_size: int | None = None,
    records: str | Path | None = None,
) -> SimulationResult:
    """Play ``games`` games of ``rules``, seat *i* played by the bot named ``bots[i]``.

    ``executor`` runs the batches: any :class:`concurrent.futures.Executor`,
    such as a Dask ``Client.get_executor()``. Without one, ``workers``
    processes are started on the local cores (default: every core), or with
    ``workers=1`` the games are played in this process. ``rotate`` shifts the
    bots one seat a game and plays every deal in each rotation (the duplicate
    format: it cancels the luck of the deal and of the seat). ``records``
    names a file to write every game to as JSON lines of
    :class:`~threeup3down.GameRecord`, in game order (:func:`read_records`).
    ``progress(done, games)`` is called as batches finish. ``batch_size``
    sets how many games a worker plays per task (by default about 32 tasks
    a worker, at most 500 games each); it changes how work is cut up, never
    the result.

    Raises :class:`SimulationError` on bad arguments,
    :class:`~threeup3down.errors.BotError` for an unknown bot, and
    :class:`SimulationCancelled` (with how many games had finished) if a
    worker dies or the run is interrupted: a partial result is never returned.

    >>> from threeup3down import Rules
    >>> result = simulate(Rules(players=2), ["heuristic", "lowest"], 8, seed=3, workers=1, rotate=True)
    >>> result.bot_seat_games("heuristic"), result.games
    (8, 8)
    >>> simulate(Rules(players=2), ["heuristic", "genius"], 8, seed=3)
    Traceback (most recent call last):
    ...
    threeup3down.errors.BotError: unknown bot 'genius': the bots are random, lowest, heuristic, ismcts, cheating
    """
    names = _check_arguments(rules, bots, games, seed)
    if workers is not None and (not isinstance(workers, int) or workers < 1):
        raise SimulationError(f"workers must be a whole number of at least 1, not {workers!r}")
    if batch_size is not None and (
        not isinstance(batch_size, int) or isinstance(batch_size, bool) or batch_size < 1
    ):
        raise SimulationError(f"batch_size must be a whole number of at least 1, not {batch_size!r}")
    size = batch_size or _batch_size(games, workers or os.cpu_count() or 2)
    batches = [
        _Batch(rules, names, seed, start, min(start + size, games), rotate, records is not None)
        for start in range(0, games, size)
    ]
    if executor is None and workers == 1:
        outcomes = _run_here(batches, games, progress)
    elif executor is None:
        with concurrent.futures.ProcessPoolExecutor(max_workers=workers) as pool:
            outcomes = _run_on(pool, batches, games, progress)
    else:
        outcomes = _run_on(executor, batches, games, progress)
    tally = _Tally()
    for outcome_tally, _ in outcomes:
        tally.add(outcome_tally)
    if records is not None:
        with open(records, "w", encoding="utf-8") as file:
            for _, lines in outcomes:
                for line in lines:
                    file.write(line + "\n")
    return _result(tally, rules, names, seed, rotate)


def _batch_size(games: int, workers: int) -> int:
    """Games per batch: about 32 batches a worker, so that the last batches to
    finish keep every worker busy to the end, and at most 500, so that a
    batch's cost (sending it, its tally back) stays well under 1% of its games'.

    >>> _batch_size(1_000_000, 2), _batch_size(2_000, 2), _batch_size(10, 2)
    (500, 31, 1)
    """
    return max(1, min(500, games // (32 * workers)))


def _run_here(
    batches: Sequence[_Batch], games: int, progress: Progress | None
) -> list[tuple[_Tally, list[str]]]:
    outcomes = []
    done = 0
    try:
        for batch in batches:
            outcomes.append(_play_batch(batch))
            done += batch.stop - batch.start
            if progress is not None:
                progress(done, games)
    except KeyboardInterrupt:
        raise SimulationCancelled(
            f"interrupted after {done} of {games} games: no result is reported"
        ) from None
    return outcomes


def _run_on(
    executor: concurrent.futures.Executor,
    batches: Sequence[_Batch],
    games: int,
    progress: Progress | None,
) -> list[tuple[_Tally, list[str]]]:
    """Run every batch on ``executor``; the outcomes in batch order, whatever order they finish in."""
    futures = {executor.submit(_play_batch, batch): index for index, batch in enumerate(batches)}
    outcomes: dict[int, tuple[_Tally, list[str]]] = {}
    done = 0
    try:
        for future in concurrent.futures.as_completed(futures):
            index = futures[future]
            batch = batches[index]
            try:
                outcomes[index] = future.result()
            except ThreeUpError:
                raise
            except (BrokenProcessPool, concurrent.futures.CancelledError) as error:
                raise SimulationCancelled(
                    f"a worker died or was cancelled ({type(error).__name__}) after {done} of "
                    f"{games} games: no result is reported"
                ) from error
            except Exception as error:
                raise SimulationCancelled(
                    f"games {batch.start}-{batch.stop - 1} failed on a worker "
                    f"({type(error).__name__}: {error}) after {done} of {games} games: "
                    "no result is reported"
                ) from error
            done += batch.stop - batch.start
            if progress is not None:
                progress(done, games)
    except KeyboardInterrupt:
        raise SimulationCancelled(
            f"interrupted after {done} of {games} games: no result is reported"
        ) from None
    finally:
        for future in futures:
            future.cancel()
    return [outcomes[index] for index in range(len(batches))]


def _recorded(moves: Sequence[Move]) -> Chooser:
    """A chooser that makes ``moves`` in turn, whoever is to move."""
    made = iter(moves)
    return lambda state, rng: next(made)


def read_records(path: str | Path) -> Iterator[GameRecord]:
    """The game records a ``records`` run of :func:`simulate` wrote, in game order.

    >>> import tempfile, os
    >>> from threeup3down import Rules
    >>> path = os.path.join(tempfile.mkdtemp(), "games.jsonl")
    >>> _ = simulate(Rules(players=2), ["lowest", "random"], 3, seed=1, workers=1, records=path)
    >>> [len(replay(record)) > 1 for record in read_records(path)]
    [True, True, True]
    """
    from threeup3down.serialization import RECORD, from_json

    with open(path, encoding="utf-8") as file:
        for line in file:
            if line.strip():
                yield from_json(line, RECORD)


def tally_games(records: Sequence[GameRecord], *, seed: int = 0, rotate: bool = False) -> SimulationResult:
    """Count recorded games as :func:`simulate` counts them, by replaying them.

    The bots are the records' player names; ``seed`` and ``rotate`` are only
    copied into the result.

    .. versionchanged:: 0.3.0
       Refuses a record of a game that is not over.

    >>> import tempfile, os
    >>> from threeup3down import Rules
    >>> path = os.path.join(tempfile.mkdtemp(), "games.jsonl")
    >>> result = simulate(Rules(players=2), ["lowest", "random"], 4, seed=1, workers=1, records=path)
    >>> tally_games(list(read_records(path)), seed=1) == result
    True
    """
    if not records:
        raise SimulationError("tally_games needs at least one record")
    tally = _Tally()
    for number, record in enumerate(records):
        states = replay(record)  # refuses an illegal move or a wrong result
        if not states[-1].is_over:
            raise SimulationError(f"record {number} is of a game that is not over")
        final = _play(
            states[0], [_recorded(record.moves)] * record.rules.players, random.Random(0),
            tally.events, None,
        )
        tally.count_game(record.names, final)
    rules = records[0].rules
    first = records[0].names
    return _result(tally, rules, first, seed, rotate)
