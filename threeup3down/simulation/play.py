"""Many games at once, on the local cores or a distributed engine.

:func:`simulate` plays ``games`` games of ``rules`` between bots named as in
:func:`~threeup3down.bots.make_bot` and returns a
:class:`~threeup3down.simulation.SimulationResult`: wins and places per seat
and per bot with 95% confidence intervals, game lengths, stalemates (O10) and
counts of clears, pick-ups, failed flips and draws.

Every game's deal and every bot's randomness derive from ``(seed, game
index)`` alone (:func:`game_seed`, a spawn key as NumPy's ``SeedSequence``
uses), and tallies add up in any order, so the result is the same whatever
runs the games: one process, a :class:`~concurrent.futures.ProcessPoolExecutor`
(the default, on the local cores), a Dask cluster (``Client.get_executor()``)
or Ray (:func:`~threeup3down.simulation.ray_executor`). Work is sent in
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
threeup3down.core.errors.SimulationError: 1 bots for a table of 2 players: name one bot per seat
"""

from __future__ import annotations

import concurrent.futures
import hashlib
import math
import os
import random
import time
import typing
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path

import attrs

from threeup3down.bots import AnyBot, Bot, Chooser, StateBot, chooser, make_bot
from threeup3down.core.deal import new_game
from threeup3down.core.engine import apply
from threeup3down.core.errors import (
    IllegalMoveError,
    SimulationCancelled,
    SimulationError,
    SimulationInterrupted,
    ThreeUpError,
)
from threeup3down.core.limits import excerpt
from threeup3down.core.moves import Move
from threeup3down.core.phase import Phase
from threeup3down.core.rules import Rules
from threeup3down.core.state import GameState
from threeup3down.formats.records import GameRecord, forfeit_result, game_result, replay
from threeup3down.formats.serialization import RECORD, from_json, to_json
from threeup3down.simulation._faults import Fault, Raised, Watch, watched
from threeup3down.simulation.results import SimulationResult, Tally, summarize

__all__ = [
    "DECISION_TIME_LIMIT",
    "BotFactory",
    "Finish",
    "Forfeit",
    "Progress",
    "game_seed",
    "play_tables",
    "read_records",
    "simulate",
    "tally_games",
]

DECISION_TIME_LIMIT = 60.0
"""The default of ``decision_time_limit`` in :func:`simulate`, in seconds: far
beyond what the library's bots take for a decision at any budget a
simulation of many games can afford (milliseconds), so it never stops a
slow but working bot, and short enough that a bot that never answers costs a
minute, not the run."""

Progress = Callable[[int, int], object]
"""Called with (games finished, games in all) as batches finish."""


def game_seed(seed: int, game: int, purpose: str = "deal") -> int:
    """The 64-bit seed of one game's ``deal`` or ``bots``, from ``(seed, game)`` alone.

    >>> game_seed(1, 0) == game_seed(1, 0) != game_seed(1, 1)
    True
    >>> game_seed(1, 0, "deal") != game_seed(1, 0, "bots")
    True
    """
    digest = hashlib.sha256(f"threeup3down/simulate {seed} {game} {purpose}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


_OVER = Phase.OVER
_MOVES = typing.get_args(Move)
"""The classes of a move."""


def _refusal(error: Exception) -> str:
    """Why the rules refuse a bot's choice, in words that follow "which":
    ``the rules refuse (P2: ...)`` or ``is not a move (...)``."""
    if isinstance(error, IllegalMoveError):
        return f"the rules refuse ({error})"
    return f"is not a move ({error})"


def _play(
    state: GameState,
    choosers: Sequence[Chooser],
    rng: random.Random,
    tally: Tally,
    moves: list[Move] | None,
    watch: Watch,
    fallback: Chooser | None = None,
    faults: list[tuple[int, Raised]] | None = None,
) -> GameState:
    """Play ``state`` to the end, seat *i* choosing with ``choosers[i]``, counting
    each move into ``tally`` and keeping the moves in ``moves`` unless it is
    ``None``; the final state. ``watch`` is told which seat decides since when.
    An exception of a bot, or a move the rules refuse, comes out as
    :class:`Raised`; or, given a ``fallback``, is kept in ``faults`` with its
    seat, and ``fallback`` plays that seat from there to the end."""
    count = tally.count_move
    clock = time.monotonic
    while state.phase is not _OVER:
        seat = watch.seat = state.current_player
        watch.since = clock()
        try:
            move = choosers[seat](state, rng)
        except Exception as error:
            choosers = _forfeited(Raised(error), seat, choosers, fallback, faults)
            continue
        try:
            after = apply(state, move)
        except ThreeUpError as error:  # a move the rules refuse, or no move at all
            chose = str(move) if isinstance(move, _MOVES) else excerpt(move)
            choosers = _forfeited(Raised(error, chose=chose), seat, choosers, fallback, faults)
            continue
        count(state, move, after)
        if moves is not None:
            moves.append(move)
        state = after
    return state


def _forfeited(
    raised: Raised,
    seat: int,
    choosers: Sequence[Chooser],
    fallback: Chooser | None,
    faults: list[tuple[int, Raised]] | None,
) -> Sequence[Chooser]:
    """The choosers once ``seat`` has faulted: ``fallback`` in its place; or ``raised`` raised without one."""
    if fallback is None or faults is None:
        raise raised from raised.error
    faults.append((seat, raised))
    return (*choosers[:seat], fallback, *choosers[seat + 1:])


def _seating(tables: Sequence[tuple[str, ...]], game: int, rotate: bool) -> tuple[str, ...]:
    """The bot at each seat in game ``game``: the tables take turns a deal each;
    with ``rotate``, a table's bots shift one seat a game."""
    players = len(tables[0])
    bots = tables[_deal_index(game, players, rotate) % len(tables)]
    shift = game % players if rotate else 0
    return tuple(bots[(seat + shift) % players] for seat in range(players))


def _deal_index(game: int, players: int, rotate: bool) -> int:
    """With ``rotate``, each deal is played once in every rotation (duplicate format)."""
    return game // players if rotate else game


BotFactory = Callable[[], AnyBot]
"""A function or class that makes a bot when called with no argument."""


@attrs.frozen
class Finish:
    """How one game of :func:`play_tables` ended: who sat where, and the finishing order.

    >>> from threeup3down import Rules
    >>> _, [finish] = play_tables(Rules(players=2), [("lowest", "random")], 1, seed=1, workers=1)
    >>> finish.bots, finish.places in [(0,), (1,), ()], finish.seed == game_seed(1, 0)
    (('lowest', 'random'), True, True)
    """

    game: int
    """The game's index in the run (from 0)."""
    seed: int
    """The seed of its deal."""
    bots: tuple[str, ...]
    """The bot at each seat."""
    places: tuple[int, ...]
    """Seats in finishing order, as :attr:`GameState.places <threeup3down.GameState.places>`
    gives them (every seat with the ``places`` rule, O1; else the winner alone;
    empty after a stalemate, O10), as the game was played out."""
    forfeits: tuple[Forfeit, ...] = ()
    """The bots that faulted in this game, with ``forfeit_to`` (:func:`play_tables`).

    .. versionadded:: 0.5.0"""


@attrs.frozen
class Forfeit:
    """A bot that faulted in a game of :func:`play_tables` with ``forfeit_to``:
    the bot named by ``forfeit_to`` played its seat from that decision to the end.

    .. versionadded:: 0.5.0

    >>> Forfeit(3, 1, "mine", "crash", "bot 'mine' exited (status 3) instead of sending its move").fault
    'crash'
    """

    game: int
    """The game's index in the run."""
    seat: int
    bot: str
    fault: str
    """What went wrong: a protocol fault's policy (``crash``, ``handshake``, ``clock``,
    ``refused``, ``flood``; :data:`~threeup3down.arena.protocol.POLICIES`), ``raised``
    for another exception of the bot, ``illegal`` for a move the rules refuse."""
    message: str
    """The fault in words."""


def _forfeit(game: int, seat: int, bot: str, raised: Raised) -> Forfeit:
    """The forfeit of ``bot`` at ``seat`` in ``game``, from what its decision raised."""
    error = raised.error
    if raised.chose:
        return Forfeit(game, seat, bot, "illegal", f"chose {raised.chose}, which {_refusal(error)}")
    policy = getattr(error, "policy", None)
    if isinstance(policy, str):  # a bot protocol's fault: its policy is the kind, its message the words
        return Forfeit(game, seat, bot, policy, str(error))
    return Forfeit(game, seat, bot, "raised", f"raised {type(error).__name__}: {error}")


@attrs.frozen
class _Batch:
    rules: Rules
    tables: tuple[tuple[str, ...], ...]
    seed: int
    start: int
    stop: int
    rotate: bool
    records: bool
    given: tuple[tuple[str, AnyBot | BotFactory], ...] = ()
    """The bots given as objects or factories, by name (the others are made by name)."""
    time_limit: float | None = None
    finishes: bool = False
    forfeit_to: str | None = None
    """The bot that plays out the seat of a bot that faults; ``None``: a fault ends the run."""

    def deal_seed(self, game: int) -> int:
        """The seed of the deal of game ``game``."""
        return game_seed(self.seed, _deal_index(game, self.rules.players, self.rotate))


_Done = tuple[Tally, list[str], list[Finish]]
_Outcome = _Done | Fault


def _play_batch(batch: _Batch) -> _Outcome:
    """Play games ``start`` to ``stop``; their tally, and each game's record as
    JSON if asked; or the ``Fault`` of the first bot that failed, or took
    longer than the time limit to decide (watched by ``watched``)."""
    watch = Watch()
    if batch.time_limit is None:
        return _play_games(batch, watch)
    outcome = watched(lambda: _play_games(batch, watch), watch, batch.time_limit)
    if outcome is None:
        bot = _seating(batch.tables, watch.game, batch.rotate)[watch.seat]
        return Fault(watch.game, watch.seat, bot, batch.time_limit, None)
    return outcome


def _play_games(batch: _Batch, watch: Watch) -> _Outcome:
    """The games of ``batch`` in this thread (see :func:`_play_batch`)."""
    given = dict(batch.given)
    bots = {  # bots keep no state
        name: _made(given[name]) if name in given else make_bot(name)
        for table in batch.tables for name in table
    }
    closers = {name: close for name, bot in bots.items() if callable(close := getattr(bot, "close", None))}
    choosers = {
        name: _unwatched(chooser(bot), watch) if getattr(bot, "keeps_own_time", False) is True else chooser(bot)
        for name, bot in bots.items()
    }
    try:
        return _play_games_with(batch, watch, choosers, closers)
    finally:
        for close in closers.values():
            close()


def _unwatched(choose: Chooser, watch: Watch) -> Chooser:
    """``choose``, its decisions not timed by the decision time limit (the bot ends them in time itself)."""

    def choose_unwatched(state: GameState, rng: random.Random) -> Move:
        watch.since = math.inf
        return choose(state, rng)

    return choose_unwatched


def _made(given: AnyBot | BotFactory) -> AnyBot:
    """The bot itself, or the one its factory makes."""
    if isinstance(given, type) or not isinstance(given, (Bot, StateBot)):
        return given()
    return given


def _play_games_with(
    batch: _Batch, watch: Watch, choosers: dict[str, Chooser], closers: Mapping[str, Callable[[], object]]
) -> _Outcome:
    """The games of ``batch``, each bot asked through its chooser; a bot that
    faults is closed (``closers``) before the next game."""
    tally = Tally()
    records = []
    finishes = []
    fallback = None if batch.forfeit_to is None else chooser(make_bot(batch.forfeit_to))
    for game in range(batch.start, batch.stop):
        if watch.stop:
            break
        watch.game = game
        seating = _seating(batch.tables, game, batch.rotate)
        deal_seed = batch.deal_seed(game)
        rng = random.Random(game_seed(batch.seed, game, "bots"))
        moves: list[Move] | None = [] if batch.records else None
        faults: list[tuple[int, Raised]] = []
        try:
            final = _play(
                new_game(batch.rules, seed=deal_seed), [choosers[name] for name in seating], rng, tally,
                moves, watch, fallback, faults,
            )
        except Raised as raised:
            error = raised.error
            return Fault(
                game, watch.seat, seating[watch.seat], None, error, type(error).__name__,
                _refusal(error) if raised.chose else str(error), raised.chose,
            )
        forfeits = tuple(_forfeit(game, seat, seating[seat], raised) for seat, raised in faults)
        for forfeit in forfeits:
            if forfeit.bot in closers:
                closers[forfeit.bot]()  # its next game starts it afresh
        tally.count_game(seating, final)
        if batch.finishes:
            finishes.append(Finish(game, deal_seed, seating, final.places, forfeits))
        if moves is not None:
            names = list(seating)
            for forfeit in forfeits:
                names[forfeit.seat] = f"{forfeit.bot} (forfeited: {forfeit.fault}; then {batch.forfeit_to})"
            forfeited = tuple(forfeit.seat for forfeit in forfeits)
            record = GameRecord(
                rules=batch.rules, seed=deal_seed, moves=tuple(moves), names=tuple(names),
                result=forfeit_result(final, forfeited) if forfeited else game_result(final),
            )
            records.append(to_json(record))
    return tally, records, finishes


def _check_arguments(
    rules: object, bots: object, games: object, seed: object
) -> tuple[tuple[str, ...], dict[str, AnyBot | BotFactory]]:
    """Refuse bad arguments before any game is played; the bot's name at each
    seat, and the bots given as objects or factories by name."""
    _check_run(rules, games, seed)
    assert isinstance(rules, Rules)
    if isinstance(bots, str) or not isinstance(bots, Sequence):
        raise SimulationError(f"bots must be a list of bot names, one per seat, not {bots!r}")
    if len(bots) != rules.players:
        raise SimulationError(
            f"{len(bots)} bots for a table of {rules.players} players: name one bot per seat"
        )
    names = []
    given: dict[str, AnyBot | BotFactory] = {}
    for bot in bots:
        if isinstance(bot, str):
            make_bot(bot)  # a BotError names an unknown bot before any work is sent
            names.append(bot)
            continue
        name = _object_name(bot)
        if given.setdefault(name, bot) != bot:
            raise SimulationError(
                f"two different bots named {name!r}: a bot object is named by its class, a factory "
                "by its name, so pass the same one for every seat it plays, or give each a name of "
                "its own"
            )
        names.append(name)
    return tuple(names), given


def _object_name(bot: object) -> str:
    """The name of a bot given as an object (its class's) or a factory (its own);
    a factory is called once to check that it makes a bot."""
    if isinstance(bot, (Bot, StateBot)) and not isinstance(bot, type):
        return type(bot).__name__
    if callable(bot):
        name = getattr(bot, "__name__", type(bot).__name__)
        if not isinstance(made := bot(), (Bot, StateBot)):
            raise SimulationError(f"the bot factory {name!r} made {made!r}, which is not a bot")
        return name
    raise SimulationError(
        f"a bot is a bot name, an object with choose(), or a function that makes one, not {bot!r}"
    )


def _check_run(rules: object, games: object, seed: object) -> None:
    if not isinstance(rules, Rules):
        raise SimulationError(f"rules must be a Rules value, not {rules!r}")
    if not isinstance(games, int) or isinstance(games, bool) or games < 1:
        raise SimulationError(f"games must be a whole number of at least 1, not {games!r}")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise SimulationError(f"seed must be an int, not {seed!r}")


def _check_time_limit(limit: object) -> float | None:
    if limit is None:
        return None
    if (
        not isinstance(limit, (int, float)) or isinstance(limit, bool)
        or not math.isfinite(limit) or limit <= 0
    ):
        raise SimulationError(
            f"decision_time_limit must be a positive number of seconds or None, not {limit!r}"
        )
    return float(limit)


def simulate(
    rules: Rules,
    bots: Sequence[str | AnyBot | BotFactory],
    games: int,
    *,
    seed: int,
    executor: concurrent.futures.Executor | None = None,
    workers: int | None = None,
    progress: Progress | None = None,
    rotate: bool = False,
    batch_size: int | None = None,
    records: str | Path | None = None,
    decision_time_limit: float | None = DECISION_TIME_LIMIT,
) -> SimulationResult:
    """Play ``games`` games of ``rules``, seat *i* played by the bot ``bots[i]``.

    A bot is a name, as :func:`~threeup3down.bots.make_bot` takes it (a
    library bot such as ``ismcts:8``, or an import path
    ``package.module:Class[:budget]``); a bot object
    (:class:`~threeup3down.bots.Bot` or :class:`~threeup3down.bots.StateBot`),
    named in the result by its class's name; or a factory, a class or function
    that makes a bot when called with no argument, named by its own name and
    called once a batch of games. An object must keep no state between
    decisions and, for worker processes, an object or factory must pickle (a
    class or function defined at the top of a module does). A bot with a
    ``close()`` method is closed at the end of every batch it played.

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

    ``decision_time_limit`` is how many seconds a bot may take for one move
    (default :data:`DECISION_TIME_LIMIT`, a minute; ``None``: no limit). The
    games of a batch are then played in a thread of the worker, watched by the
    worker's own thread; a bot that takes longer ends the run. A bot whose
    ``keeps_own_time`` attribute is ``True`` ends each decision in time by
    itself (a :class:`~threeup3down.arena.ProcessBot` on its clock) and is
    not watched. Its thread
    cannot be stopped and is abandoned: it starts no further game, and ends
    with its worker process (with ``workers=1``, with this process).

    Raises :class:`SimulationError` on bad arguments,
    :class:`~threeup3down.core.errors.BotError` for an unknown bot,
    :class:`~threeup3down.core.errors.BotFailed` if a bot raises (the bot's
    exception is its ``__cause__``) and
    :class:`~threeup3down.core.errors.BotTimedOut` if one exceeds the time
    limit, each naming the game, its seed, the seat and the bot, on every
    executor alike; :class:`SimulationCancelled` (with how many games had
    finished) if a worker dies, and its
    :class:`~threeup3down.core.errors.SimulationInterrupted` if the run is
    interrupted (Ctrl-C): a partial result is never returned.

    >>> from threeup3down import Rules
    >>> result = simulate(Rules(players=2), ["heuristic", "lowest"], 8, seed=3, workers=1, rotate=True)
    >>> result.bot_seat_games("heuristic"), result.games
    (8, 8)
    >>> simulate(Rules(players=2), ["heuristic", "genius"], 8, seed=3)
    Traceback (most recent call last):
    ...
    threeup3down.core.errors.BotError: unknown bot 'genius': the bots are random, lowest, heuristic, ismcts, cheating
    >>> from threeup3down.bots import RandomBot
    >>> class Broken(RandomBot):
    ...     def choose_from(self, moves, rng):
    ...         raise RuntimeError("out of ideas")
    >>> simulate(Rules(players=2), ["lowest", Broken()], 8, seed=3, workers=1)
    Traceback (most recent call last):
    ...
    threeup3down.core.errors.BotFailed: game 0 (deal seed 6033171037880001404), seat 1, bot 'Broken' raised RuntimeError: out of ideas; no result is reported
    >>> def greedy():
    ...     return make_bot("lowest")
    >>> simulate(Rules(players=2), [greedy, "random"], 8, seed=3, workers=1).bot_seats
    {'greedy': 8, 'random': 8}
    """
    names, given = _check_arguments(rules, bots, games, seed)
    result, _ = _simulated(
        rules, (names,), given, games, seed=seed, executor=executor, workers=workers,
        progress=progress, rotate=rotate, batch_size=batch_size, records=records,
        decision_time_limit=decision_time_limit, finishes=False,
    )
    return result


def play_tables(
    rules: Rules,
    tables: Sequence[Sequence[str]],
    games: int,
    *,
    seed: int,
    bots: Mapping[str, AnyBot | BotFactory] | None = None,
    executor: concurrent.futures.Executor | None = None,
    workers: int | None = None,
    progress: Progress | None = None,
    rotate: bool = False,
    batch_size: int | None = None,
    records: str | Path | None = None,
    decision_time_limit: float | None = DECISION_TIME_LIMIT,
    forfeit_to: str | None = None,
) -> tuple[SimulationResult, tuple[Finish, ...]]:
    """:func:`simulate` over several tables of bots, with how every game finished.

    ``tables`` lists the bots of each table by name, one per seat; the tables
    take turns, a deal each (with ``rotate``, a deal is played in every
    rotation of its table before the next table's deal). A name in ``bots``
    is played by the object or factory it maps to; any other is made with
    :func:`~threeup3down.bots.make_bot`. The result counts every game; its
    ``bots`` are the first table's. The other arguments, the errors and the
    reproducibility are those of :func:`simulate`. This is what a tournament
    is built on (:mod:`threeup3down.arena`).

    With ``forfeit_to``, the name of a library bot, a bot that raises or
    chooses a move the rules refuse does not end the run: from that decision
    to the end of the game its seat is played by ``forfeit_to``, the game's
    :class:`Finish` lists the :class:`Forfeit`, the bot is closed (a
    :class:`~threeup3down.arena.ProcessBot` starts afresh at its next
    decision), and its record in ``records`` says so: its name there is
    ``NAME (forfeited: FAULT; then FORFEIT_TO)``, and the record's result is
    :func:`~threeup3down.formats.records.forfeit_result`, the forfeiting
    seats ranked last (``0 forfeit 1``). The counts of the result
    are of the games as they were played out. A bot over the decision time
    limit still ends the run (its thread cannot be stopped).

    .. versionadded:: 0.4.0

    .. versionchanged:: 0.5.0
       ``forfeit_to``.

    >>> from threeup3down import Rules
    >>> tables = [("lowest", "random"), ("lowest", "heuristic"), ("random", "heuristic")]
    >>> result, finishes = play_tables(Rules(players=2), tables, 12, seed=1, workers=1, rotate=True)
    >>> result.games, [finish.bots for finish in finishes[:3]]
    (12, [('lowest', 'random'), ('random', 'lowest'), ('lowest', 'heuristic')])
    """
    _check_run(rules, games, seed)
    assert isinstance(rules, Rules)
    if isinstance(tables, str) or not isinstance(tables, Sequence) or not tables:
        raise SimulationError(f"tables must be a list of tables of bot names, not {tables!r}")
    given = dict(bots or {})
    checked = []
    for table in tables:
        if isinstance(table, str) or not isinstance(table, Sequence) or len(table) != rules.players:
            raise SimulationError(
                f"a table of {rules.players} players needs one bot name per seat, not {table!r}"
            )
        for name in table:
            if not isinstance(name, str):
                raise SimulationError(f"a table names its bots, not {name!r}")
            if name not in given:
                make_bot(name)
        checked.append(tuple(table))
    for name, bot in given.items():
        _object_name(bot)
    if forfeit_to is not None:
        if not isinstance(forfeit_to, str):
            raise SimulationError(f"forfeit_to must be a library bot's name, not {forfeit_to!r}")
        make_bot(forfeit_to)
    return _simulated(
        rules, tuple(checked), given, games, seed=seed, executor=executor, workers=workers,
        progress=progress, rotate=rotate, batch_size=batch_size, records=records,
        decision_time_limit=decision_time_limit, finishes=True, forfeit_to=forfeit_to,
    )


def _simulated(
    rules: Rules,
    tables: tuple[tuple[str, ...], ...],
    given: Mapping[str, AnyBot | BotFactory],
    games: int,
    *,
    seed: int,
    executor: concurrent.futures.Executor | None,
    workers: int | None,
    progress: Progress | None,
    rotate: bool,
    batch_size: int | None,
    records: str | Path | None,
    decision_time_limit: float | None,
    finishes: bool,
    forfeit_to: str | None = None,
) -> tuple[SimulationResult, tuple[Finish, ...]]:
    if workers is not None and (not isinstance(workers, int) or workers < 1):
        raise SimulationError(f"workers must be a whole number of at least 1, not {workers!r}")
    if batch_size is not None and (
        not isinstance(batch_size, int) or isinstance(batch_size, bool) or batch_size < 1
    ):
        raise SimulationError(f"batch_size must be a whole number of at least 1, not {batch_size!r}")
    time_limit = _check_time_limit(decision_time_limit)
    size = batch_size or _batch_size(games, workers or os.cpu_count() or 2)
    used = {name for table in tables for name in table}
    shipped = tuple((name, bot) for name, bot in given.items() if name in used)
    batches = [
        _Batch(rules, tables, seed, start, min(start + size, games), rotate, records is not None,
               shipped, time_limit, finishes, forfeit_to)
        for start in range(0, games, size)
    ]
    if executor is None and workers == 1:
        outcomes = _run_here(batches, games, progress)
    elif executor is None:
        with concurrent.futures.ProcessPoolExecutor(max_workers=workers) as pool:
            outcomes = _run_on(pool, batches, games, progress)
    else:
        outcomes = _run_on(executor, batches, games, progress)
    tally = Tally()
    for outcome_tally, _, _ in outcomes:
        tally.add(outcome_tally)
    if records is not None:
        with open(records, "w", encoding="utf-8") as file:
            for _, lines, _ in outcomes:
                for line in lines:
                    file.write(line + "\n")
    result = summarize(tally, rules, tables[0], seed, rotate)
    return result, tuple(finish for _, _, batch_finishes in outcomes for finish in batch_finishes)


def _batch_size(games: int, workers: int) -> int:
    """Games per batch: about 32 batches a worker, so that the last batches to
    finish keep every worker busy to the end, and at most 500, so that a
    batch's cost (sending it, its tally back) stays well under 1% of its games'.

    >>> _batch_size(1_000_000, 2), _batch_size(2_000, 2), _batch_size(10, 2)
    (500, 31, 1)
    """
    return max(1, min(500, games // (32 * workers)))


def _finished(outcome: _Outcome, batch: _Batch) -> _Done:
    """A batch's tally and records; a fault is raised as the library error reporting it."""
    if isinstance(outcome, Fault):
        failure = outcome.failure(seed=batch.deal_seed(outcome.game))
        raise failure from failure.__cause__
    return outcome


def _interrupted(done: int, games: int) -> SimulationInterrupted:
    return SimulationInterrupted(f"interrupted after {done} of {games} games: no result is reported")


def _run_here(
    batches: Sequence[_Batch], games: int, progress: Progress | None
) -> list[_Done]:
    outcomes = []
    done = 0
    try:
        for batch in batches:
            outcomes.append(_finished(_play_batch(batch), batch))
            done += batch.stop - batch.start
            if progress is not None:
                progress(done, games)
    except KeyboardInterrupt:
        raise _interrupted(done, games) from None
    return outcomes


def _run_on(
    executor: concurrent.futures.Executor,
    batches: Sequence[_Batch],
    games: int,
    progress: Progress | None,
) -> list[_Done]:
    """Run every batch on ``executor``; the outcomes in batch order, whatever order they finish in.

    A fault is that of the earliest game (in game order) that faulted, whatever
    order the batches finish in: a batch stops at its first fault, so once one
    has faulted the batches before it are awaited, those after it cancelled
    (or, if already running, left unread), and the earliest fault raised."""
    futures: dict[concurrent.futures.Future[_Outcome], int] = {}
    outcomes: dict[int, _Done] = {}
    first: Fault | None = None
    at = len(batches)  # the index of the earliest batch known to have faulted; len(batches): none
    done = 0
    try:
        try:
            for index, batch in enumerate(batches):
                futures[executor.submit(_play_batch, batch)] = index
        except BrokenProcessPool as error:  # a worker died before every batch was sent
            raise SimulationCancelled(
                f"a worker died ({type(error).__name__}) before every batch was sent: "
                "no result is reported"
            ) from error
        pending = set(futures)
        while any(futures[future] < at for future in pending):
            finished, pending = concurrent.futures.wait(pending, return_when=concurrent.futures.FIRST_COMPLETED)
            for future in sorted(finished, key=futures.__getitem__):
                index = futures[future]
                if index > at:
                    continue  # a later game than a fault already found
                outcome = _outcome(future, batches[index], done, games)
                if isinstance(outcome, Fault):
                    first, at = outcome, index
                    for later in pending:
                        if futures[later] > at:
                            later.cancel()
                    continue
                outcomes[index] = outcome
                done += batches[index].stop - batches[index].start
                if progress is not None:
                    progress(done, games)
        if first is not None:
            _finished(first, batches[at])  # raises the error that reports it
    except KeyboardInterrupt:
        raise _interrupted(done, games) from None
    finally:
        for future in futures:
            future.cancel()
    return [outcomes[index] for index in range(len(batches))]


def _outcome(
    future: concurrent.futures.Future[_Outcome], batch: _Batch, done: int, games: int
) -> _Outcome:
    """What the finished ``future`` of ``batch`` sent back; a worker's death or
    error as :class:`SimulationCancelled`, after ``done`` of ``games`` games."""
    try:
        return future.result()
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


def read_records(path: str | Path) -> Iterator[GameRecord]:
    """The game records a ``records`` run of :func:`simulate` wrote, in game order.

    Each line is read as :func:`~threeup3down.formats.serialization.from_json`
    reads bytes (UTF-8), so a line that is not a record is refused with the
    message from_json gives it.

    .. versionchanged:: 0.4.0
       A line that is not UTF-8 raises :class:`~threeup3down.core.errors.DocumentError`
       (it raised :class:`UnicodeDecodeError`).

    >>> import tempfile, os
    >>> from threeup3down import Rules
    >>> path = os.path.join(tempfile.mkdtemp(), "games.jsonl")
    >>> _ = simulate(Rules(players=2), ["lowest", "random"], 3, seed=1, workers=1, records=path)
    >>> [len(replay(record)) > 1 for record in read_records(path)]
    [True, True, True]
    """
    with open(path, "rb") as file:
        for line in file:
            if line.strip():
                yield from_json(line.rstrip(b"\r\n"), RECORD)


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
    tally = Tally()
    for number, record in enumerate(records):
        states = replay(record)  # refuses an illegal move or a wrong result
        if not states[-1].is_over:
            raise SimulationError(f"record {number} is of a game that is not over")
        for before, move, after in zip(states, record.moves, states[1:]):
            tally.count_move(before, move, after)
        tally.count_game(record.names, states[-1])
    rules = records[0].rules
    first = records[0].names
    return summarize(tally, rules, first, seed, rotate)
