"""How the command line names bots: ``demo --bot``, ``play --bots`` and
``simulate --bots`` take the names :func:`~threeup3down.bots.make_bot` takes,
and say so in the same words.

>>> bot_name("ismcts:16")
'ismcts:16'
>>> bot_name("genius")
Traceback (most recent call last):
...
argparse.ArgumentTypeError: unknown bot 'genius': the bots are random, lowest, heuristic, ismcts, cheating
"""

from __future__ import annotations

import argparse

from threeup3down.bots import BOT_NAMES, ISMCTSBot, make_bot
from threeup3down.core.errors import BotError
from threeup3down.core.i18n import translation

__all__ = ["NAMES_HELP", "bot_name", "bot_names", "names_help"]


def names_help(locale: str | None = None) -> str:
    """The bot names, and how a search bot's budget is written, for ``--help``, in the
    language of ``locale``.

    >>> names_help("vi").startswith("tên: random, lowest")
    True
    """
    text = translation(locale).gettext(
        "names: %(names)s; a search bot takes its budget in iterations per move after a colon, "
        "e.g. ismcts:16 (default %(iterations)s iterations per move); or your own bot's import path, "
        "package.module:Class[:budget]"
    )
    return text % {"names": ", ".join(BOT_NAMES), "iterations": ISMCTSBot.DEFAULT_ITERATIONS}


NAMES_HELP = names_help()
"""The bot names, and how a search bot's budget is written, for ``--help`` (in English)."""


def bot_name(text: str) -> str:
    """``text`` if :func:`~threeup3down.bots.make_bot` knows it, for ``argparse``'s ``type=``;
    else :class:`argparse.ArgumentTypeError` with the reason.

    >>> bot_name(" lowest ")
    'lowest'
    """
    try:
        make_bot(text)
    except BotError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    return text.strip()


def bot_names(text: str) -> list[str]:
    """The comma-separated bot names of ``text``, each one :func:`bot_name`
    checks, for ``argparse``'s ``type=``.

    >>> bot_names("heuristic, ismcts:4")
    ['heuristic', 'ismcts:4']
    >>> bot_names("lowest,genius")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: unknown bot 'genius': the bots are random, lowest, heuristic, ismcts, cheating
    """
    return [bot_name(name) for name in text.split(",")]
