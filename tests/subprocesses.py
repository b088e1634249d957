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

__all__ = ["ROOT", "child_environment"]

ROOT = Path(__file__).resolve().parent.parent
"""The repository root: the directory that holds this checkout's ``threeup3down``."""


def child_environment() -> dict[str, str]:
    """This process's environment with :data:`ROOT` first on ``PYTHONPATH``."""
    environment = dict(os.environ)
    paths = [str(ROOT), *filter(None, environment.get("PYTHONPATH", "").split(os.pathsep))]
    environment["PYTHONPATH"] = os.pathsep.join(paths)
    return environment
