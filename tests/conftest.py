"""Hypothesis settings profiles ("default", "ci": fixed examples, chosen when CI is set;
"thorough"), the fixture that counts the processes a test leaves, and the table server's stores."""

from __future__ import annotations

import os
import time
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, settings

from tests.subprocesses import descendants

settings.register_profile(
    "default", max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "thorough", max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "ci",
    max_examples=60,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
# CI sets CI=true: there the examples are fixed, so a run is reproducible; the
# "thorough" profile explores further when asked for.
_DEFAULT = "ci" if os.environ.get("CI") else "default"
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", _DEFAULT))


@pytest.fixture
def no_bot_left() -> Iterator[None]:
    """Checks that the test leaves no process of its own running: bot processes
    and whatever they started, worker processes."""
    before = descendants()
    yield None
    deadline = time.monotonic() + 10
    while descendants() - before and time.monotonic() < deadline:
        time.sleep(0.05)  # a killed process is reaped by its parent, a pool's worker exits
    assert descendants() - before == set()


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """A PostgreSQL cluster of the tests' own (tests/postgres_support.py), for the session."""
    from tests.postgres_support import cluster

    with cluster() as url:
        yield url


@pytest.fixture(params=["sqlite", "postgresql"])
def store_url(request: pytest.FixtureRequest) -> str:
    """The URL of an empty store: an SQLite file, then a PostgreSQL database."""
    if request.param == "sqlite":
        tmp_path = request.getfixturevalue("tmp_path")
        return f"sqlite:///{tmp_path / 'tables.db'}"
    from tests.extras import require
    from tests.postgres_support import fresh_database

    require("psycopg", "postgres")
    return fresh_database(request.getfixturevalue("postgres_url"))
