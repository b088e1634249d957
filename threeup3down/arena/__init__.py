"""Tournaments between bots in any language.

A bot that is not a Python object plays over standard input and output, in
JSON lines (:mod:`threeup3down.arena.protocol`), as a
:class:`~threeup3down.arena.process_bot.ProcessBot`.
"""

from threeup3down.arena.process_bot import ProcessBot
from threeup3down.arena.protocol import (
    DEFAULT_CLOCK,
    POLICIES,
    PROTOCOL_VERSION,
    Clock,
    protocol_schema,
)

__all__ = ["DEFAULT_CLOCK", "POLICIES", "PROTOCOL_VERSION", "Clock", "ProcessBot", "protocol_schema"]
