"""The library's bots by name, as the command line and simulations pick them.

This is how the command line, :func:`~threeup3down.simulation.simulate` and
other front ends pick opponents. A bot of your own is named by its import
path, ``package.module:Class`` (or ``package.module:Class:budget``).

>>> sorted(BOT_NAMES)
['cheating', 'heuristic', 'ismcts', 'lowest', 'random']
"""

from __future__ import annotations

import importlib
from collections.abc import Callable

from threeup3down.bots.heuristic import HeuristicBot
from threeup3down.bots.ismcts import CheatingBot, ISMCTSBot
from threeup3down.bots.protocol import AnyBot, Bot, StateBot
from threeup3down.bots.simple import LowestCardBot, RandomBot
from threeup3down.core.errors import BotError

__all__ = ["BOT_NAMES", "make_bot"]

_MAKERS: dict[str, Callable[[int | None], AnyBot]] = {
    "random": lambda budget: RandomBot(),
    "lowest": lambda budget: LowestCardBot(),
    "heuristic": lambda budget: HeuristicBot(),
    "ismcts": lambda budget: ISMCTSBot(iterations=budget or ISMCTSBot.DEFAULT_ITERATIONS),
    "cheating": lambda budget: CheatingBot(iterations=budget or CheatingBot.DEFAULT_ITERATIONS),
}
_BUDGETED = ("ismcts", "cheating")

BOT_NAMES: tuple[str, ...] = tuple(_MAKERS)
"""The names :func:`make_bot` knows: ``random``, ``lowest``, ``heuristic``,
``ismcts`` and ``cheating`` (the one bot that sees every card)."""


def make_bot(name: str) -> AnyBot:
    """The bot called ``name``; a search bot takes its budget in iterations per
    move after a colon (``ismcts:200``).

    A name that is not one of :data:`BOT_NAMES` and holds a colon is an import
    path, ``package.module:Class`` or ``package.module:Class:budget``: the
    module is imported and the class (or any function that makes a bot) is
    called with no argument, or with the budget as its one argument. A worker
    process of :func:`~threeup3down.simulation.simulate` imports it too, so
    the module must be importable there (on ``sys.path``).

    Every name but ``cheating`` makes a fair :class:`~threeup3down.bots.Bot`,
    with ``choose(observation, rng)``. ``cheating`` makes a
    :class:`~threeup3down.bots.StateBot`: it has ``choose_state(state, rng)``
    and no ``choose``, since it reads the full state. Ask any of them with
    :func:`~threeup3down.bots.decide` (as :func:`~threeup3down.bots.play_game`,
    :func:`~threeup3down.simulation.simulate`, the command line and the
    environments do); the cheating bot refuses an observation with
    :class:`~threeup3down.core.errors.BotError`.

    Raises :class:`~threeup3down.core.errors.BotError` for a name it does not know or a bad budget.

    >>> type(make_bot("heuristic")).__name__, make_bot("ismcts:64").iterations
    ('HeuristicBot', 64)
    >>> from threeup3down.bots import Bot, StateBot
    >>> [name for name in BOT_NAMES if not isinstance(make_bot(name), Bot)]
    ['cheating']
    >>> isinstance(make_bot("cheating"), StateBot)
    True
    >>> make_bot("lowest:5")
    Traceback (most recent call last):
    ...
    threeup3down.core.errors.BotError: bot 'lowest' takes no budget (only ismcts, cheating do): 'lowest:5'
    >>> type(make_bot("threeup3down.bots:ISMCTSBot:12")).__name__, make_bot("threeup3down.bots:ISMCTSBot:12").iterations
    ('ISMCTSBot', 12)
    >>> make_bot("threeup3down.bots:NoSuchBot")
    Traceback (most recent call last):
    ...
    threeup3down.core.errors.BotError: bot 'threeup3down.bots:NoSuchBot': module threeup3down.bots has no NoSuchBot
    """
    if not isinstance(name, str):
        raise BotError(f"a bot name must be a string such as 'heuristic', not {name!r}")
    base, colon, budget_text = name.strip().partition(":")
    if base not in _MAKERS and colon:
        return _imported_bot(name.strip())
    if base not in _MAKERS:
        raise BotError(f"unknown bot {base!r}: the bots are {', '.join(BOT_NAMES)}")
    if not colon:
        return _MAKERS[base](None)
    if base not in _BUDGETED:
        raise BotError(
            f"bot {base!r} takes no budget (only {', '.join(_BUDGETED)} do): {name!r}"
        )
    if not budget_text.isdigit() or int(budget_text) < 1:
        raise BotError(f"the budget in {name!r} must be a whole number of iterations, at least 1")
    return _MAKERS[base](int(budget_text))


def _imported_bot(path: str) -> AnyBot:
    """The bot that the import path ``package.module:Class[:budget]`` makes."""
    module_name, _, rest = path.partition(":")
    attribute, colon, budget_text = rest.partition(":")
    if colon and (not budget_text.isdigit() or int(budget_text) < 1):
        raise BotError(f"the budget in {path!r} must be a whole number of iterations, at least 1")
    try:
        module = importlib.import_module(module_name)
    except ImportError as error:
        raise BotError(f"bot {path!r}: cannot import {module_name}: {error}") from error
    maker = getattr(module, attribute, None)
    if not callable(maker):
        raise BotError(f"bot {path!r}: module {module_name} has no {attribute}")
    try:
        bot = maker(int(budget_text)) if colon else maker()
    except Exception as error:
        raise BotError(f"bot {path!r}: {attribute}() raised {type(error).__name__}: {error}") from error
    if not isinstance(bot, (Bot, StateBot)):
        raise BotError(f"bot {path!r}: {attribute}() made {bot!r}, which has no choose() or choose_state()")
    return bot
