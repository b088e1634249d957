"""Render the reviewed example picture of the table, docs/_static/table-example.png.

The picture is :func:`threeup3down.views.svg.observation_svg` of a fixed position,
turned into a PNG by headless Chromium (Debian's ``chromium``)::

    python -m examples.render_table_example [OUTPUT.png]    # from the repository root

The PNG is checked in as a reviewed example only: the documentation draws
its tables from positions at build time (``docs/_ext/table_svg.py``). Run
this again, and look at the result, whenever the drawing changes.
"""

from __future__ import annotations

import re
import subprocess
import sys
import tempfile
from pathlib import Path

from scripts.chromium import FLAGS, binaries
from threeup3down import GameState, Rules, parse_move
from threeup3down.views.observation import observe
from threeup3down.views.svg import LastMove, observation_svg

__all__ = ["EXAMPLE_POSITION", "example_svg", "main", "svg_to_png"]

EXAMPLE_POSITION = (
    "play 0 3g,5r,5b,8g,10b,Cr,C+1b|9r,10g,C+1g|1g,2b,9b"
    "/4g,6g,8r,9g|7g,Cb|3r,5g,8b"
    "/-|-|2r,4g"
    "/1r,3b,6r,8r,9b|2r,6b,6g|1b,5r,10r"
    " - 2g,4r,4b,6r,7r,7b * turn=23"
)
"""Four players, seat 0 to move: a hand with a pair, a Clear and a Clear +1;
3UP cards over 3DOWN; the draw pile used up and a seat down to its 3DOWN
cards (T4); seat 3 has just played two 7s."""

ROOT = Path(__file__).resolve().parent.parent


def example_svg() -> str:
    """The example table as seat 0 sees it, seat 3's last play highlighted."""
    state = GameState.from_notation(EXAMPLE_POSITION, Rules(players=4))
    return observation_svg(observe(state, 0), last_move=LastMove(3, parse_move("7r,7b")))


def svg_to_png(svg: str, output: Path, chromium: str = "chromium") -> None:
    """Screenshot ``svg`` at its own size into ``output`` with headless Chromium."""
    size = re.match(r'<svg[^>]* width="(\d+)" height="(\d+)"', svg)
    if size is None:
        raise ValueError("the SVG has no width and height")
    with tempfile.TemporaryDirectory() as folder:
        page = Path(folder) / "table.svg"
        page.write_text(svg, encoding="utf-8")
        subprocess.run(
            [
                chromium,
                *FLAGS,
                f"--user-data-dir={Path(folder) / 'profile'}",
                f"--window-size={size[1]},{size[2]}",
                f"--screenshot={output.resolve()}",
                page.as_uri(),
            ],
            check=True,
            capture_output=True,
            timeout=120,
        )


def main(argv: list[str]) -> int:
    """Write the example PNG (default: docs/_static/table-example.png)."""
    output = Path(argv[0]) if argv else ROOT / "docs" / "_static" / "table-example.png"
    chromium, _ = binaries()
    if chromium is None:
        print("needs Debian's chromium: apt-get install chromium", file=sys.stderr)
        return 1
    svg_to_png(example_svg(), output, chromium)
    print(f"wrote {output}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
