"""The reviewed example picture's position is a legal one, drawn as seat 0 sees it."""

from __future__ import annotations

import importlib.util
from pathlib import Path

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "render_table_example.py"


def test_the_example_picture_draws_its_position() -> None:
    spec = importlib.util.spec_from_file_location("render_table_example", EXAMPLE)
    assert spec is not None and spec.loader is not None
    example = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(example)
    svg = example.example_svg()
    assert "the table as player 0 sees it" in svg
    assert "hand 0 · 3UP 0 · 3DOWN 2" in svg  # seat 2 is down to its 3DOWN cards (T4)
    assert "Last move: player 3 played 7r 7b" in svg
