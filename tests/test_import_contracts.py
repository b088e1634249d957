"""The import contract's own contract type: private names stay in their subpackage."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from scripts.import_contracts import private_imports


def _package(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text), encoding="utf-8")


@pytest.fixture
def package(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A package ``toy`` with subpackages ``low`` and ``high`` on the import path."""
    _package(
        tmp_path,
        {
            "toy/__init__.py": "",
            "toy/low/__init__.py": "",
            "toy/low/cards.py": "_TABLE = {}\nPUBLIC = 1\n",
            "toy/low/engine.py": "from toy.low.cards import _TABLE\n",
            "toy/high/__init__.py": "",
            "toy/high/reader.py": """\
                from toy.low.cards import PUBLIC, _TABLE
                from toy.low import cards as table_module
                import toy.low.engine as engine

                def later():
                    from ..low.cards import _TABLE as again
                    return table_module._TABLE, engine._private, again
                """,
        },
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    return tmp_path


def test_private_names_taken_from_another_subpackage_are_found(package: Path) -> None:
    """A private name imported, imported inside a function, or read off a module
    imported whole, from another subpackage, is each reported with its line."""
    assert private_imports("toy.high.reader", "toy") == [
        "toy.high.reader:1 imports toy.low.cards._TABLE",
        "toy.high.reader:6 imports toy.low.cards._TABLE",
        "toy.high.reader:7 reads toy.low.cards._TABLE",
        "toy.high.reader:7 reads toy.low.engine._private",
    ]


def test_private_names_shared_within_a_subpackage_are_allowed(package: Path) -> None:
    """A subpackage may share a private name between its own modules."""
    assert private_imports("toy.low.engine", "toy") == []
