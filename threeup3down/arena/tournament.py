"""A rated tournament: every table of bots plays deals in the duplicate format.

:func:`tournament` seats every combination of ``rules.players`` of the
entrants at a table of its own; the tables take turns, a deal each, and each
deal is played in every rotation of its table's seats (the duplicate format,
which cancels the luck of the deal and of the seat). The games run on the
executors of :func:`~threeup3down.simulation.simulate`, and every deal and
every bot's randomness derive from the seed and the game's number, so the
same seed gives the same leaderboard on any executor.

A bot that faults (it raises, or breaks the bot protocol in any way of
:data:`~threeup3down.arena.protocol.POLICIES`) forfeits the game by default,
and the tournament goes on (:data:`ON_FAULT`).

>>> from threeup3down import Rules
>>> result = tournament(Rules(players=2), ["random", "lowest", "heuristic"], 12, seed=1, workers=1)
>>> result.games, len(result.tables), [row.games for row in result.leaderboard]
(12, 3, [8, 8, 8])
"""

from __future__ import annotations

import concurrent.futures
from collections.abc import Mapping, Sequence
from itertools import combinations
from pathlib import Path

import attrs

from threeup3down.arena.process_bot import ProcessBot
from threeup3down.arena.protocol import DEFAULT_CLOCK, Clock
from threeup3down.arena.ratings import HeadToHead, Standing, head_to_head, rate, require_openskill
from threeup3down.bots import AnyBot, make_bot
from threeup3down.core.errors import BotProtocolError, SimulationError
from threeup3down.core.rules import Rules
from threeup3down.formats.serialization import to_dict
from threeup3down.simulation import (
    DECISION_TIME_LIMIT,
    BotFactory,
    Forfeit,
    Progress,
    Rate,
    SimulationResult,
    play_tables,
)

__all__ = ["FALLBACK", "ON_FAULT", "Entrant", "TournamentResult", "tables_of", "tournament"]

FALLBACK = "random"
"""The library bot that plays out the seat of a bot that forfeits a game."""

ON_FAULT = {
    "forfeit": "the bot that faulted is ranked last in that game, behind every other seat; the random bot "
    "plays its seat to the end of the game, so the other seats' places come from play; the bot's process "
    "is ended and started afresh for its next game; the fault is counted in its leaderboard row and listed "
    "in the result",
    "stop": "the first fault ends the run with BotFailed naming the game, seat, bot and fault; no result is "
    "reported",
}
"""What a tournament does when a bot faults, by the value of ``on_fault``
(``--on-fault``); ``forfeit`` by default. A bot over the decision time limit
(``decision_time_limit``, for bots in this process, whose thread cannot be
stopped) always stops the run; a bot over its clock is a fault like any other.

.. versionadded:: 0.5.0"""

Entrant = str | AnyBot | BotFactory
"""A bot of a tournament: a name as :func:`~threeup3down.bots.make_bot` takes it, a bot object or a factory."""


def tables_of(entrants: Sequence[str], players: int) -> tuple[tuple[str, ...], ...]:
    """Every combination of ``players`` of ``entrants``, in the entrants' order.

    >>> tables_of(["a", "b", "c"], 2)
    (('a', 'b'), ('a', 'c'), ('b', 'c'))
    """
    return tuple(combinations(entrants, players))


@attrs.frozen
class TournamentResult:
    """What a tournament found: the leaderboard, head-to-head results, and the games' counts.

    >>> from threeup3down import Rules
    >>> result = tournament(Rules(players=2), ["random", "lowest"], 4, seed=1, workers=1)
    >>> result.tables, [(pair.bot, pair.games) for pair in result.head_to_head]
    ((('random', 'lowest'),), [('random', 4), ('lowest', 4)])
    """

    rules: Rules
    seed: int
    games: int
    tables: tuple[tuple[str, ...], ...]
    leaderboard: tuple[Standing, ...]
    """Best conservative rating first (:func:`~threeup3down.arena.ratings.rate`)."""
    head_to_head: tuple[HeadToHead, ...]
    simulation: SimulationResult
    """Every game counted as :func:`~threeup3down.simulation.simulate` counts them (as it was played out)."""
    clock: Clock
    on_fault: str = "forfeit"
    """What a fault did (:data:`ON_FAULT`).

    .. versionadded:: 0.5.0"""
    faults: tuple[Forfeit, ...] = ()
    """Every game a bot forfeited, in game order.

    .. versionadded:: 0.5.0"""

    def to_dict(self) -> dict[str, object]:
        """The result as JSON-ready values.

        >>> from threeup3down import Rules
        >>> result = tournament(Rules(players=2), ["random", "lowest"], 4, seed=1, workers=1)
        >>> document = result.to_dict()
        >>> sorted(document), document["leaderboard"][0]["bot"]
        (['clock', 'faults', 'games', 'head_to_head', 'leaderboard', 'on_fault', 'rules', 'seed', 'simulation', 'tables'], 'lowest')
        """
        def rate(value: Rate) -> dict[str, object]:
            return {"count": value.count, "trials": value.trials, "value": value.value,
                    "low": value.low, "high": value.high}

        return {
            "rules": to_dict(self.rules),
            "seed": self.seed,
            "games": self.games,
            "clock": str(self.clock),
            "on_fault": self.on_fault,
            "tables": [list(table) for table in self.tables],
            "leaderboard": [
                {"bot": row.bot, "mu": row.mu, "sigma": row.sigma, "conservative": row.conservative,
                 "games": row.games, "wins": row.wins, "win_rate": rate(row.win_rate),
                 "places": list(row.places), "faults": row.faults}
                for row in self.leaderboard
            ],
            "head_to_head": [
                {"bot": row.bot, "other": row.other, "games": row.games, "ahead": row.ahead,
                 "behind": row.behind, "ties": row.ties, "rate": rate(row.rate)}
                for row in self.head_to_head
            ],
            "faults": [
                {"game": fault.game, "seat": fault.seat, "bot": fault.bot, "fault": fault.fault,
                 "message": fault.message}
                for fault in self.faults
            ],
            "simulation": self.simulation.to_dict(),
        }


def _named(entrants: Sequence[Entrant] | Mapping[str, Entrant]) -> dict[str, Entrant]:
    """The entrants by name: a mapping as it is, a name as itself, an object by its class."""
    if isinstance(entrants, Mapping):
        named = dict(entrants)
    elif isinstance(entrants, str) or not isinstance(entrants, Sequence):
        raise SimulationError(f"entrants must be a list of bots or a mapping of names to bots, not {entrants!r}")
    else:
        named = {}
        for entrant in entrants:
            name = entrant if isinstance(entrant, str) else getattr(entrant, "__name__", type(entrant).__name__)
            if name in named:
                raise SimulationError(f"two entrants named {name!r}: give each a name of its own")
            named[name] = entrant
    for name in named:
        if not isinstance(name, str) or not name:
            raise SimulationError(f"an entrant's name must be a non-empty string, not {name!r}")
    return named


def tournament(
    rules: Rules,
    entrants: Sequence[Entrant] | Mapping[str, Entrant],
    games: int,
    *,
    seed: int,
    clock: Clock = DEFAULT_CLOCK,
    executor: concurrent.futures.Executor | None = None,
    workers: int | None = None,
    progress: Progress | None = None,
    records: str | Path | None = None,
    decision_time_limit: float | None = DECISION_TIME_LIMIT,
    on_fault: str = "forfeit",
) -> TournamentResult:
    """Play ``games`` games between ``entrants`` in the duplicate format and rate them.

    ``entrants`` lists the bots (names, objects or factories, as
    :func:`~threeup3down.simulation.simulate` takes them), or maps a name of
    your choice to each; at least ``rules.players`` of them. Every
    ``rules.players`` of them sit at a table of their own (:func:`tables_of`),
    and ``games`` must be a multiple of ``rules.players`` times the tables, so
    that every table plays as many deals, each in every rotation of its seats.
    ``clock`` is the clock of every
    :class:`~threeup3down.arena.process_bot.ProcessBot` entrant (the library's
    bots play on ``decision_time_limit`` alone). ``on_fault`` says what a
    bot's fault does, ``forfeit`` or ``stop`` (:data:`ON_FAULT`). The other
    arguments and the errors are those of
    :func:`~threeup3down.simulation.simulate`.

    Before any game, it raises :class:`~threeup3down.core.errors.SimulationError`
    if OpenSkill (extra ``[arena]``) is not installed, and starts each
    :class:`~threeup3down.arena.process_bot.ProcessBot` entrant once, greets it
    and ends it (:meth:`~threeup3down.arena.process_bot.ProcessBot.check`): one
    that cannot be started, exits before its hello or sends no valid hello is
    refused, whatever ``on_fault`` says, with a
    :class:`~threeup3down.core.errors.BotProtocolError` naming the entrant and
    the reason.

    >>> from threeup3down import Rules
    >>> tournament(Rules(players=3), ["random", "lowest"], 6, seed=1)
    Traceback (most recent call last):
    ...
    threeup3down.core.errors.SimulationError: 2 entrants for a table of 3 players: a tournament needs at least 3
    """
    if not isinstance(rules, Rules):
        raise SimulationError(f"rules must be a Rules value, not {rules!r}")
    if on_fault not in ON_FAULT:
        raise SimulationError(f"on_fault must be one of {', '.join(ON_FAULT)}, not {on_fault!r}")
    named = _named(entrants)
    players = rules.players
    if len(named) < players:
        raise SimulationError(
            f"{len(named)} entrants for a table of {players} players: a tournament needs at least {players}"
        )
    tables = tables_of(list(named), players)
    if not isinstance(games, int) or isinstance(games, bool) or games < 1 or games % (players * len(tables)):
        raise SimulationError(
            f"games must be a positive multiple of {players * len(tables)}, so that every entrant plays "
            f"as many games: {len(tables)} table{'s' if len(tables) > 1 else ''} (every {players} of the "
            f"{len(named)} entrants), each deal in all {players} rotations of its seats; not {games!r}"
        )
    require_openskill()  # before any game: the ratings need it
    given: dict[str, AnyBot | BotFactory] = {}
    for name, entrant in named.items():
        if isinstance(entrant, ProcessBot):
            entrant = ProcessBot(entrant.command, clock=clock, cwd=entrant.cwd)
            _check(name, entrant)
        if not isinstance(entrant, str):
            given[name] = entrant
        elif entrant != name:
            given[name] = _ByName(entrant)
    simulation, finishes = play_tables(
        rules, tables, games, seed=seed, bots=given, executor=executor, workers=workers,
        progress=progress, rotate=True, records=records, decision_time_limit=decision_time_limit,
        forfeit_to=FALLBACK if on_fault == "forfeit" else None,
    )
    return TournamentResult(
        rules=rules, seed=seed, games=games, tables=tables, leaderboard=rate(finishes),
        head_to_head=head_to_head(finishes, list(named)), simulation=simulation, clock=clock,
        on_fault=on_fault, faults=tuple(forfeit for finish in finishes for forfeit in finish.forfeits),
    )


def _check(name: str, bot: ProcessBot) -> None:
    """Start ``bot``, the entrant ``name``, greet it and end it, before any game;
    a :class:`~threeup3down.core.errors.BotProtocolError` naming the entrant if it cannot play."""
    try:
        bot.check()
    except BotProtocolError as error:
        raise BotProtocolError(
            f"entrant {name!r} cannot play: {error} (checked before the first game: no game was played)",
            policy=error.policy,
        ) from None


@attrs.frozen
class _ByName:
    """A factory of the library bot ``name`` (for an entrant renamed by a mapping)."""

    name: str

    def __call__(self) -> AnyBot:
        return make_bot(self.name)
