"""The README is a page for users, and the performance page is drawn from a benchmark's results file."""

from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
RESULTS = ROOT / "docs" / "_data" / "speed.json"


def _speed_table() -> ModuleType:
    """``docs/_ext/speed_table.py``, which is not a package module."""
    spec = importlib.util.spec_from_file_location("speed_table", ROOT / "docs" / "_ext" / "speed_table.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_readme_reads_in_two_minutes() -> None:
    """The README stays under 150 lines and starts with the two commands: a demo and the tests."""
    text = README.read_text(encoding="utf-8")
    assert len(text.splitlines()) < 150
    commands = re.findall(r"```sh\n(.+?)\n```", text)
    assert commands[0].endswith("-m threeup3down demo")
    assert commands[1].endswith("-m pytest")


def test_the_performance_page_shows_every_operation_of_the_benchmark() -> None:
    """The committed results hold instruction counts and times of every operation of
    benchmarks/speed.py at every table, and the page's table has a row for each,
    with the ratio to python-chess under each format."""
    results = json.loads(RESULTS.read_text(encoding="utf-8"))
    spec = importlib.util.spec_from_file_location("speed", ROOT / "benchmarks" / "speed.py")
    assert spec is not None and spec.loader is not None
    speed = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(speed)
    for figures in ("instructions", "cpu_us"):
        assert set(results[figures]) == set(speed.TABLES)
        for measured in results[figures].values():
            assert set(measured) == set(speed.OPERATIONS) | {
                "python-chess FEN parse", "python-chess FEN format", "python-chess board SVG"
            }
        tables, rows = _speed_table().rows(results, figures)
        assert tables == list(speed.TABLES)
        names = [row[0] for row in rows]
        ours = [name for name in speed.OPERATIONS if not name.startswith("python-chess")]
        assert [name for name in names if not name.startswith(" ")] == ours
        assert "   from_json / FEN parse" in names and "   to_json / FEN format" in names
