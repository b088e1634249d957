"""Collection of the package's doctests: the adapter modules need their extras.

Without an extra, the doctests of the modules that need it are not collected,
and pytest says so in its header and summary (the core test command needs no
extra). CI sets ``THREEUP3DOWN_REQUIRE_EXTRAS=1``, which turns a missing extra
into an error, so CI proves those doctests ran.

Every test and doctest also sees a terminal of 80 columns (:func:`_terminal_width`).
"""

from __future__ import annotations

import importlib.util
import os

import pytest

from threeup3down._deprecated import MOVED

#: Each adapter module and the top-level packages its extra provides.
EXTRA_MODULES = {
    "threeup3down/adapters/encoding.py": ("numpy",),
    "threeup3down/adapters/pettingzoo.py": ("numpy", "gymnasium", "pettingzoo"),
    "threeup3down/adapters/openspiel.py": ("numpy", "pyspiel"),
    "threeup3down/adapters/gymnasium.py": ("numpy", "gymnasium"),
}



def _installed(name: str) -> bool:
    try:
        return importlib.util.find_spec(name) is not None
    except (ImportError, ValueError):  # ValueError: blocked with sys.modules[name] = None
        return False


_MISSING = {
    path: [name for name in needs if not _installed(name)] for path, needs in EXTRA_MODULES.items()
}
_MISSING = {path: names for path, names in _MISSING.items() if names}

# The deprecated module paths of 0.3 warn when imported; tests/test_deprecated.py imports them.
collect_ignore = list(_MISSING) + [
    old.replace(".", "/") + ".py" for old in MOVED
]


def _notes() -> list[str]:
    return [
        f"not collected: doctests of {path} (missing {', '.join(names)}; install the extras)"
        for path, names in _MISSING.items()
    ]


@pytest.fixture(autouse=True)
def _terminal_width(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every test and doctest sees a terminal 80 columns wide, whatever the shell sets.

    argparse wraps usage, help and ``--version`` to ``$COLUMNS`` (80 without a
    terminal, as under pytest), so a narrow shell would otherwise break lines
    that tests and doctests compare.
    """
    monkeypatch.setenv("COLUMNS", "80")


def pytest_configure(config: pytest.Config) -> None:
    """Refuse to run without the extras when CI requires them."""
    if _MISSING and os.environ.get("THREEUP3DOWN_REQUIRE_EXTRAS") == "1":
        raise pytest.UsageError("THREEUP3DOWN_REQUIRE_EXTRAS=1, but " + "; ".join(_notes()))


def pytest_report_header() -> list[str]:
    """Say up front which doctests are left out."""
    return _notes()


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """Say it again at the end, next to the skip reasons."""
    for note in _notes():
        terminalreporter.write_line(note)
