"""The ``threeup3down`` command line: ``demo``, ``play``, ``simulate``, ``arena`` and ``serve``.

>>> main(["demo", "--players", "2", "--seed", "4", "--quiet"])
Player 0 wins after 91 turns.
0
"""

from threeup3down.cli.commands import main, table_line

__all__ = ["main", "table_line"]
