"""Many games between bots: win rates with confidence intervals, on any executor.

:func:`simulate` plays games on the local cores (a
:class:`~concurrent.futures.ProcessPoolExecutor`), in this process, or on a
Dask or Ray cluster (:mod:`threeup3down.simulation.executors`), and returns a
:class:`SimulationResult`. The same seed gives the same result on any
executor.

>>> from threeup3down import Rules
>>> result = simulate(Rules(players=2), ["heuristic", "random"], 20, seed=1, workers=1)
>>> result.games, str(result.win_rate("heuristic")).endswith("]")
(20, True)
"""

from threeup3down.core.errors import (
    BotExceptionText,
    BotFailed,
    BotTimedOut,
    SimulationCancelled,
    SimulationError,
    SimulationInterrupted,
)
from threeup3down.simulation.executors import ray_executor
from threeup3down.simulation.play import (
    DECISION_TIME_LIMIT,
    BotFactory,
    Finish,
    Forfeit,
    Progress,
    game_seed,
    play_tables,
    read_records,
    simulate,
    tally_games,
)
from threeup3down.simulation.results import Rate, SimulationResult, wilson_interval

__all__ = [
    "DECISION_TIME_LIMIT",
    "BotExceptionText",
    "BotFactory",
    "BotFailed",
    "BotTimedOut",
    "Finish",
    "Forfeit",
    "Progress",
    "Rate",
    "SimulationCancelled",
    "SimulationError",
    "SimulationInterrupted",
    "SimulationResult",
    "game_seed",
    "play_tables",
    "ray_executor",
    "read_records",
    "simulate",
    "tally_games",
    "wilson_interval",
]
