"""Computer players: the bot protocol, the library's bots, and the bots by name.

A bot is anything with ``choose(observation, rng) -> Move``
(:class:`Bot`); it sees only its own seat's
:class:`~threeup3down.Observation`. :func:`make_bot` makes the library's
bots by name: ``random`` and ``lowest`` (:mod:`threeup3down.bots.simple`),
``heuristic`` (:mod:`threeup3down.bots.heuristic`), ``ismcts`` and
``cheating`` (:mod:`threeup3down.bots.ismcts`).

>>> from threeup3down import Rules, new_game
>>> final = play_game(new_game(Rules(players=3), seed=2), [make_bot("lowest")] * 3)
>>> final.is_over
True
"""

from threeup3down.bots.heuristic import HeuristicBot
from threeup3down.bots.ismcts import CheatingBot, ISMCTSBot
from threeup3down.bots.names import BOT_NAMES, make_bot
from threeup3down.bots.protocol import (
    AnyBot,
    Bot,
    Chooser,
    MovesBot,
    StateBot,
    chooser,
    decide,
    play_game,
    playout,
)
from threeup3down.bots.simple import LowestCardBot, RandomBot

__all__ = [
    "BOT_NAMES",
    "AnyBot",
    "Bot",
    "CheatingBot",
    "Chooser",
    "HeuristicBot",
    "ISMCTSBot",
    "LowestCardBot",
    "MovesBot",
    "RandomBot",
    "StateBot",
    "chooser",
    "decide",
    "make_bot",
    "play_game",
    "playout",
]
