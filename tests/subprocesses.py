"""The environment of the Python processes the tests start, so that they run this checkout's code.

``python examples/replay_record.py`` puts ``examples/`` first on the child's
path, not the repository root, so its ``import threeup3down`` would find
whichever copy is installed (an editable install of another checkout, say)
rather than the code under test. :func:`child_environment` puts the
repository root first on ``PYTHONPATH``, ahead of any installed copy.
"""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["ROOT", "child_environment", "descendants"]

ROOT = Path(__file__).resolve().parent.parent
"""The repository root: the directory that holds this checkout's ``threeup3down``."""


def child_environment() -> dict[str, str]:
    """This process's environment with :data:`ROOT` first on ``PYTHONPATH``."""
    environment = dict(os.environ)
    paths = [str(ROOT), *filter(None, environment.get("PYTHONPATH", "").split(os.pathsep))]
    environment["PYTHONPATH"] = os.pathsep.join(paths)
    return environment


def descendants() -> set[int]:
    """The ids of every living process descended from this one (read from /proc)."""
    parents: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            fields = stat.rpartition(")")[2].split()
            if fields[0] != "Z":
                parents[int(entry)] = int(fields[1])
    found: set[int] = set()
    frontier = {os.getpid()}
    while frontier:
        frontier = {pid for pid, parent in parents.items() if parent in frontier} - found
        found |= frontier
    return found
