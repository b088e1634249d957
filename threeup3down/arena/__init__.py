"""Tournaments between bots in any language, rated with OpenSkill.

:func:`tournament` plays every table of the entrants in the duplicate format
on the executors of :func:`~threeup3down.simulation.simulate` and rates them
(:mod:`threeup3down.arena.ratings`, extra ``[arena]``). A bot that is not a
Python object plays over standard input and output, in JSON lines
(:mod:`threeup3down.arena.protocol`), as a
:class:`~threeup3down.arena.process_bot.ProcessBot`.

>>> from threeup3down import Rules
>>> result = tournament(Rules(players=2), ["random", "heuristic"], 20, seed=1, workers=1)
>>> result.leaderboard[0].bot
'heuristic'
"""

from threeup3down.arena.process_bot import ProcessBot
from threeup3down.arena.protocol import (
    DEFAULT_CLOCK,
    POLICIES,
    PROTOCOL_VERSION,
    Clock,
    protocol_schema,
)
from threeup3down.arena.ratings import HeadToHead, Standing, head_to_head, rate
from threeup3down.arena.tournament import FALLBACK, ON_FAULT, Entrant, TournamentResult, tables_of, tournament

__all__ = [
    "DEFAULT_CLOCK",
    "FALLBACK",
    "ON_FAULT",
    "POLICIES",
    "PROTOCOL_VERSION",
    "Clock",
    "Entrant",
    "HeadToHead",
    "ProcessBot",
    "Standing",
    "TournamentResult",
    "head_to_head",
    "protocol_schema",
    "rate",
    "tables_of",
    "tournament",
]
