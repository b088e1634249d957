"""What release 0.3.0 wrote of the fixture states and observations, kept in ``tests/data/views-0.3.0.json``.

For every state and observation that :func:`tests.json_fixtures.values` builds,
release 0.3.0's position notation of the state, its SVG pictures (the state
drawn whole, and as each observation shows it) and the text view of each
observation: the notation and the text in full, each picture as the SHA-256
digest of its text (they run to tens of kilobytes). ``tests/test_views_0_3_0.py``
checks that today's code writes exactly the same.

The file was written by this module run with the release's code::

    git worktree add /tmp/v030 469a34e
    cd /tmp/v030 && PYTHONPATH=/tmp/v030 python /path/to/tests/view_fixtures.py /path/to/tests/data/views-0.3.0.json

The pictures and the text view moved modules in 0.4.0; :func:`views` finds
them under either version.

Since 0.4.0 the picture of an observation draws the known cards of the other
seats' hands (:attr:`~threeup3down.views.observation.SeatView.known`) face up
and marked. The pictures of the observations in which another seat's hand
has known cards (:data:`REDRAWN`) were then rewritten by today's code, and
only those::

    PYTHONPATH=. python tests/view_fixtures.py --redraw tests/data/views-0.3.0.json

Every other entry is still the one 0.3.0 wrote.
"""

from __future__ import annotations

import hashlib
import importlib
import json
import sys
from pathlib import Path
from types import ModuleType

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run as a script from a release worktree

from tests.json_fixtures import values  # noqa: E402
import threeup3down  # noqa: E402
from threeup3down import GameState, Observation  # noqa: E402

__all__ = ["FIXTURE", "REDRAWN", "redrawn", "views"]

FIXTURE = Path(__file__).parent / "data" / "views-0.3.0.json"


REDRAWN = frozenset(
    f"observation-{table}-{moment}.svg-sha256"
    for table, moments in {
        "2p": ("middle", "end"),
        "4p": ("middle", "end"),
        "6p": ("middle", "end"),
        "4p-all-options": ("middle", "end"),
        "3p-literal-omitted": ("middle", "end"),
        "2p-custom-cards": ("middle",),
        "12p-two-decks": ("middle", "end"),
    }.items()
    for moment in moments
)
"""The pictures rewritten since 0.3.0: of the observations in which another
seat's hand has known cards."""


def redrawn() -> frozenset[str]:
    """The picture entries of the fixture observations in which another seat's
    hand has known cards, found from the values themselves."""
    return frozenset(
        f"{name}.svg-sha256"
        for name, value in values().items()
        if isinstance(value, Observation)
        and any(seat.known for number, seat in enumerate(value.seats) if number != value.player)
    )


def _module(new: str, old: str) -> ModuleType:
    """The module at its path of 0.4.0, or of 0.3.0 under that release (whose
    package has no ``views`` subpackage)."""
    return importlib.import_module(new if hasattr(threeup3down, "views") else old)


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def views() -> dict[str, str]:
    """The notation, pictures and text views of the fixture values, by ``<name>.<kind>``."""
    svg = _module("threeup3down.views.svg", "threeup3down.svg")
    text = _module("threeup3down.views.text", "threeup3down.terminal")
    found: dict[str, str] = {}
    for name, value in values().items():
        if isinstance(value, GameState):
            found[f"{name}.notation"] = value.notation()
            found[f"{name}.svg-sha256"] = _digest(svg.state_svg(value))
        elif isinstance(value, Observation):
            found[f"{name}.svg-sha256"] = _digest(svg.observation_svg(value))
            found[f"{name}.text"] = text.render_view(value)
    return found


def _write(path: Path, written: dict[str, str]) -> None:
    path.write_text(json.dumps(written, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


if __name__ == "__main__":
    if sys.argv[1] == "--redraw":
        kept: dict[str, str] = json.loads(Path(sys.argv[2]).read_text(encoding="utf-8"))
        today = views()
        _write(Path(sys.argv[2]), {name: today[name] if name in REDRAWN else text for name, text in kept.items()})
    else:
        _write(Path(sys.argv[1]), views())
