"""``.. speed-table::``: a table of ``benchmarks/speed.py``'s figures, read from its results file.

The figures on the performance page are never typed in: ``python
benchmarks/speed.py --json docs/_data/speed.json`` writes them, the file is
committed, and this directive draws the table from it at build time::

    .. speed-table:: ../_data/speed.json
       :figures: instructions

``:figures:`` is ``instructions`` (cachegrind counts, the default) or
``cpu_us`` (median CPU time in µs). A row of python-chess's peer operations
follows each of the formats' rows it compares with, as a ratio.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

PEERS = {
    "notation parse": "python-chess FEN parse",
    "notation format": "python-chess FEN format",
    "from_json": "python-chess FEN parse",
    "to_json": "python-chess FEN format",
    "svg": "python-chess board SVG",
}
"""Each operation of the formats, and python-chess's operation it is measured against."""


def rows(results: dict[str, Any], figures: str) -> tuple[list[str], list[list[str]]]:
    """The table's columns (the tables of the run) and rows: each operation, and
    under each of :data:`PEERS` its ratio to python-chess's."""
    measured: dict[str, dict[str, float]] = results[figures]
    if not measured:
        raise ValueError(f"the results file holds no {figures} figures: run speed.py with valgrind")
    tables = list(measured)
    operations = [name for name in next(iter(measured.values())) if not name.startswith("python-chess")]
    digits = 0 if figures == "instructions" else 2
    body = []
    for name in operations:
        body.append([name, *(f"{measured[table][name]:,.{digits}f}" for table in tables)])
        peer = PEERS.get(name)
        if peer is not None and peer in measured[tables[0]]:
            body.append(
                [f"   {name} / {peer.removeprefix('python-chess ')}",
                 *(f"{measured[table][name] / measured[table][peer]:.2f}×" for table in tables)]
            )
    return tables, body


class SpeedTable(SphinxDirective):
    """``.. speed-table:: path``, the path relative to the page."""

    required_arguments = 1
    option_spec: ClassVar[dict[str, Any]] = {"figures": directives.unchanged}

    def run(self) -> list[nodes.Node]:
        path = Path(self.env.doc2path(self.env.docname)).parent / self.arguments[0]
        self.env.note_dependency(str(path))
        results = json.loads(path.read_text(encoding="utf-8"))
        tables, body = rows(results, self.options.get("figures", "instructions"))
        table = nodes.table(classes=["speed-table"])
        group = nodes.tgroup(cols=len(tables) + 1)
        table += group
        for _ in range(len(tables) + 1):
            group += nodes.colspec(colwidth=1)
        head = nodes.thead()
        head += _row(["", *tables])
        group += head
        rows_node = nodes.tbody()
        for row in body:
            rows_node += _row(row)
        group += rows_node
        return [table]


def _row(cells: list[str]) -> nodes.row:
    row = nodes.row()
    for cell in cells:
        row += nodes.entry("", nodes.paragraph(text=cell))
    return row


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive("speed-table", SpeedTable)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
