"""Imports of the optional extras, for the tests of the adapters.

Without an extra its tests skip, saying which package is missing (the core
test command needs none of them). CI sets ``THREEUP3DOWN_REQUIRE_EXTRAS=1``:
then a missing extra fails the tests instead, so CI proves they ran.
"""

from __future__ import annotations

import importlib
import os
from types import ModuleType

import pytest

__all__ = ["OPTIONAL_PACKAGES", "REQUIRED", "require"]

OPTIONAL_PACKAGES = frozenset({
    "numpy", "gymnasium", "pettingzoo", "pyspiel", "open_spiel", "openskill",
    "starlette", "uvicorn", "websockets", "httpx2", "psycopg", "jax",
})
"""The top-level packages the extras ``[pettingzoo]``, ``[openspiel]``, ``[gymnasium]``,
``[arena]``, ``[server]``, ``[postgres]`` and ``[jax]`` provide (``httpx2``, for the server's tests, is in ``[test]``)."""

REQUIRED = os.environ.get("THREEUP3DOWN_REQUIRE_EXTRAS") == "1"
"""Whether a missing extra is an error rather than a reason to skip."""


def require(module: str, extra: str) -> ModuleType:
    """``module`` imported, or the calling test module skipped naming ``extra``."""
    if REQUIRED:
        return importlib.import_module(module)
    imported: ModuleType = pytest.importorskip(
        module, reason=f"needs {module}, from the [{extra}] extra: pip install -e '.[{extra}]'"
    )
    return imported
