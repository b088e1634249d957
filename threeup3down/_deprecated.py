"""The module paths of 0.3 that moved in 0.4.0: each still imports, with a warning.

Every module of 0.3 now lives in the subpackage of its layer
(:mod:`threeup3down.core`, :mod:`~threeup3down.views`,
:mod:`~threeup3down.formats`, ...). Its old path is kept for one release as a
module that offers the same public names and warns when it is imported;
0.5.0 removes them. :data:`MOVED` lists each old path and where it went.

>>> MOVED["threeup3down.cards"]
'threeup3down.core.cards'
"""

from __future__ import annotations

import warnings

__all__ = ["MOVED", "moved"]

MOVED = {
    "threeup3down.cards": "threeup3down.core.cards",
    "threeup3down.codec": "threeup3down.formats.codec",
    "threeup3down.deal": "threeup3down.core.deal",
    "threeup3down.encoding": "threeup3down.adapters.encoding",
    "threeup3down.engine": "threeup3down.core.engine",
    "threeup3down.errors": "threeup3down.core.errors",
    "threeup3down.events": "threeup3down.views.events",
    "threeup3down.gymnasium": "threeup3down.adapters.gymnasium",
    "threeup3down.heuristic": "threeup3down.bots.heuristic",
    "threeup3down.ismcts": "threeup3down.bots.ismcts",
    "threeup3down.limits": "threeup3down.core.limits",
    "threeup3down.moves": "threeup3down.core.moves",
    "threeup3down.narration": "threeup3down.views.narration",
    "threeup3down.notation": "threeup3down.core.state",
    "threeup3down.observation": "threeup3down.views.observation",
    "threeup3down.openspiel": "threeup3down.adapters.openspiel",
    "threeup3down.pettingzoo": "threeup3down.adapters.pettingzoo",
    "threeup3down.record_text": "threeup3down.formats.record_text",
    "threeup3down.records": "threeup3down.formats.records",
    "threeup3down.rules": "threeup3down.core.rules",
    "threeup3down.scoring": "threeup3down.core.scoring",
    "threeup3down.serialization": "threeup3down.formats.serialization",
    "threeup3down.simulation_cli": "threeup3down.cli.simulate",
    "threeup3down.state": "threeup3down.core.state",
    "threeup3down.svg": "threeup3down.views.svg",
    "threeup3down.terminal": "threeup3down.cli.terminal",
    "threeup3down.validation": "threeup3down.core.validation",
    "threeup3down.view_documents": "threeup3down.formats.view_documents",
}
"""Each module path of 0.3 that moved, and the module that now holds its names."""


def moved(old: str) -> None:
    """Warn that the module ``old`` has moved (called by the old module as it is imported)."""
    warnings.warn(
        f"{old} moved to {MOVED[old]} in 0.4.0 and will be removed in 0.5.0: import from "
        f"{MOVED[old]} (or import the public names from threeup3down)",
        DeprecationWarning,
        stacklevel=3,  # the module that imports the old path (import machinery frames are skipped)
    )
