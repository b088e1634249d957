"""A PostgreSQL cluster of the tests' own, on 127.0.0.1 in a temporary directory.

Started once per test session with Debian's ``initdb`` and ``pg_ctl`` (found
on ``PATH`` or under ``/usr/lib/postgresql``), as the ``postgres`` user when
the tests run as root (PostgreSQL refuses to run as root). Without them the
tests that need it skip, saying so; under ``THREEUP3DOWN_REQUIRE_EXTRAS=1``
(CI) they fail instead. :func:`fresh_database` gives each test a database of
its own.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.extras import REQUIRED

__all__ = ["cluster", "fresh_database"]

_NUMBERS = itertools.count(1)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _tool(name: str) -> str | None:
    found = shutil.which(name)
    if found:
        return found
    for version in sorted(Path("/usr/lib/postgresql").glob("*/bin"), reverse=True):
        if (version / name).exists():
            return str(version / name)
    return None


def _as_owner(command: list[str]) -> list[str]:
    """``command`` run as the ``postgres`` user if this process is root."""
    if os.geteuid() == 0:
        return ["runuser", "-u", "postgres", "--", *command]
    return command


@contextlib.contextmanager
def cluster() -> Iterator[str]:
    """A running cluster; its URL (database ``postgres``, user ``test``, no password)."""
    initdb, pg_ctl = _tool("initdb"), _tool("pg_ctl")
    if initdb is None or pg_ctl is None:
        reason = "needs PostgreSQL's initdb and pg_ctl: apt-get install postgresql"
        if REQUIRED:
            pytest.fail(reason)
        pytest.skip(reason)
    directory = Path(tempfile.mkdtemp(prefix="threeup3down-pg-"))
    data = directory / "data"
    if os.geteuid() == 0:
        shutil.chown(directory, "postgres")
    port = _free_port()
    subprocess.run(
        _as_owner([initdb, "-D", str(data), "-U", "test", "-A", "trust", "--no-sync"]),
        check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    options = f"-h 127.0.0.1 -p {port} -k {directory} -F"
    subprocess.run(
        _as_owner([pg_ctl, "-D", str(data), "-o", options, "-l", str(directory / "log"), "-w", "start"]),
        check=True, stdout=subprocess.DEVNULL,
    )
    try:
        yield f"postgresql://test@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run(
            _as_owner([pg_ctl, "-D", str(data), "-m", "immediate", "-w", "stop"]),
            check=False, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )
        shutil.rmtree(directory, ignore_errors=True)


def fresh_database(url: str) -> str:
    """A new, empty database in the cluster at ``url``; its URL."""
    import psycopg

    name = f"t{os.getpid()}_{next(_NUMBERS)}"
    with psycopg.connect(url, autocommit=True) as db:
        db.execute(f"CREATE DATABASE {name}")
    return url.rsplit("/", 1)[0] + f"/{name}"
