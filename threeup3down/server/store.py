"""Where the server keeps its tables: every table's rules, seed, seats and move log.

A table is stored as what replays it exactly: the :class:`~threeup3down.Rules`
(as a rules document), the seed of the deal, the players at its seats, and
its moves in move notation, numbered from 1. A move is committed to the
database before any frame about it is sent (:meth:`SQLiteStore.append_move`),
so a server killed at any moment and started again resumes every table where
it was. Invite codes and seat tokens are kept only as their SHA-256 hashes.

The store is chosen by a URL (:func:`open_store`): ``sqlite:///tables.db``
(a file, the default; nothing to start) or ``sqlite://`` (in memory, for
tests).

>>> store = open_store("sqlite://")
>>> from threeup3down import Rules
>>> store.create_table(StoredTable(
...     id="t1", rules=Rules(players=2), seed=7, players=("human", "lowest"),
...     invites=(digest("code"), None), created=0.0))
>>> store.append_move("t1", 1, "up:1g,2g,3g")
>>> store.load_table("t1").moves
('up:1g,2g,3g',)
>>> store.append_move("t1", 1, "pick")
Traceback (most recent call last):
...
threeup3down.core.errors.TableError: move 1 of table 't1' is already stored
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import threading
import time
from pathlib import Path

import attrs

from threeup3down.core.errors import TableError
from threeup3down.core.rules import Rules
from threeup3down.formats.serialization import RULES

__all__ = ["SQLiteStore", "StoredTable", "digest", "open_store"]

_SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    rules TEXT NOT NULL,
    seed TEXT NOT NULL,
    players TEXT NOT NULL,
    settings TEXT NOT NULL,
    created DOUBLE PRECISION NOT NULL,
    touched DOUBLE PRECISION NOT NULL,
    result TEXT
);
CREATE TABLE IF NOT EXISTS seats (
    table_id TEXT NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    seat INTEGER NOT NULL,
    invite_hash TEXT,
    token_hash TEXT,
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE IF NOT EXISTS moves (
    table_id TEXT NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    number INTEGER NOT NULL,
    move TEXT NOT NULL,
    PRIMARY KEY (table_id, number)
);
"""
"""The tables, in SQL that SQLite and PostgreSQL both read."""


def digest(secret: str) -> str:
    """The SHA-256 of an invite code or a seat token, as stored (hex).

    >>> digest("abc")[:16]
    'ba7816bf8f01cfea'
    """
    return hashlib.sha256(secret.encode()).hexdigest()


@attrs.frozen
class StoredTable:
    """One table as the store holds it."""

    id: str
    """The table's name in URLs."""
    rules: Rules
    """The rules it is played by."""
    seed: int
    """The seed of its deal (chosen by the server; never sent while the game is in play)."""
    players: tuple[str, ...]
    """Who sits at each seat: ``"human"``, or the name of a bot that plays server-side."""
    invites: tuple[str | None, ...]
    """The hash of each seat's invite code; ``None`` for a bot's seat."""
    created: float
    """When it was created (seconds since the epoch)."""
    tokens: tuple[str | None, ...] = ()
    """The hash of the token of each seat joined so far; ``None`` where nobody has."""
    moves: tuple[str, ...] = ()
    """Its move log, in move notation."""
    settings: dict[str, float | str] = attrs.field(factory=dict, hash=False)
    """Options set at creation (the bots' time limit, the clocks)."""
    touched: float = 0.0
    """When it last changed (a move, a join)."""
    result: str | None = None
    """How the game ended, once it has (as :func:`~threeup3down.formats.records.game_result`
    writes it)."""


class SQLiteStore:
    """The tables in an SQLite database (a file, or memory for ``":memory:"``).

    Every method is one transaction, committed before it returns. The store
    may be used from several threads; one connection serves them in turn.
    """

    def __init__(self, path: str) -> None:
        self._lock = threading.Lock()
        self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA foreign_keys = ON")
        if path != ":memory:":
            self._db.execute("PRAGMA journal_mode = WAL")
            self._db.execute("PRAGMA synchronous = FULL")
        self._db.executescript(_SCHEMA)

    def close(self) -> None:
        """Close the database."""
        with self._lock:
            self._db.close()

    def create_table(self, table: StoredTable) -> None:
        """Store a new table and its seats."""
        with self._lock, self._transaction():
            self._db.execute(
                "INSERT INTO tables (id, rules, seed, players, settings, created, touched) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)",
                (
                    table.id, RULES.to_json(table.rules), str(table.seed),
                    json.dumps(list(table.players)), json.dumps(table.settings),
                    table.created, table.created,
                ),
            )
            self._db.executemany(
                "INSERT INTO seats (table_id, seat, invite_hash) VALUES (?, ?, ?)",
                [(table.id, seat, invite) for seat, invite in enumerate(table.invites)],
            )

    def load_table(self, table_id: str) -> StoredTable | None:
        """The table called ``table_id`` with its whole move log, or ``None``."""
        with self._lock:
            row = self._db.execute(
                "SELECT rules, seed, players, settings, created, touched, result "
                "FROM tables WHERE id = ?",
                (table_id,),
            ).fetchone()
            if row is None:
                return None
            seats = self._db.execute(
                "SELECT invite_hash, token_hash FROM seats WHERE table_id = ? ORDER BY seat",
                (table_id,),
            ).fetchall()
            moves = self._db.execute(
                "SELECT move FROM moves WHERE table_id = ? ORDER BY number", (table_id,)
            ).fetchall()
        rules_text, seed, players, settings, created, touched, result = row
        return StoredTable(
            id=table_id,
            rules=RULES.from_json(rules_text),
            seed=int(seed),
            players=tuple(json.loads(players)),
            invites=tuple(invite for invite, _ in seats),
            tokens=tuple(token for _, token in seats),
            moves=tuple(move for (move,) in moves),
            settings=json.loads(settings),
            created=created,
            touched=touched,
            result=result,
        )

    def table_ids(self, *, unfinished: bool = False) -> list[str]:
        """Every table's id (only those still in play if ``unfinished``), oldest first."""
        where = " WHERE result IS NULL" if unfinished else ""
        with self._lock:
            rows = self._db.execute(f"SELECT id FROM tables{where} ORDER BY created").fetchall()
        return [table_id for (table_id,) in rows]

    def join(self, table_id: str, invite_hash: str, token_hash: str) -> int:
        """Give the seat whose invite hashes to ``invite_hash`` the token hashing to
        ``token_hash``; return the seat. An invite is good for one join."""
        with self._lock, self._transaction():
            row = self._db.execute(
                "SELECT seat, token_hash FROM seats WHERE table_id = ? AND invite_hash = ?",
                (table_id, invite_hash),
            ).fetchone()
            if row is None:
                raise TableError(f"no seat of table {table_id!r} has that invite", code="bad-invite")
            seat, taken = row
            if taken is not None:
                raise TableError(f"seat {seat} of table {table_id!r} is taken", code="seat-taken")
            self._db.execute(
                "UPDATE seats SET token_hash = ? WHERE table_id = ? AND seat = ?",
                (token_hash, table_id, seat),
            )
            self._touch(table_id)
        return int(seat)

    def append_move(self, table_id: str, number: int, move: str, *, result: str | None = None) -> None:
        """Commit move ``number`` (from 1) of a table, and its result if it ends the game.

        Raises :class:`~threeup3down.core.errors.TableError` if that move is
        already stored (another process made it first).
        """
        with self._lock, self._transaction():
            try:
                self._db.execute(
                    "INSERT INTO moves (table_id, number, move) VALUES (?, ?, ?)",
                    (table_id, number, move),
                )
            except sqlite3.IntegrityError:
                raise TableError(
                    f"move {number} of table {table_id!r} is already stored", code="stale-move"
                ) from None
            if result is not None:
                self._db.execute("UPDATE tables SET result = ? WHERE id = ?", (result, table_id))
            self._touch(table_id)

    def moves_after(self, table_id: str, number: int) -> list[str]:
        """The moves of a table after move ``number``, in order."""
        with self._lock:
            rows = self._db.execute(
                "SELECT move FROM moves WHERE table_id = ? AND number > ? ORDER BY number",
                (table_id, number),
            ).fetchall()
        return [move for (move,) in rows]

    def _touch(self, table_id: str) -> None:
        self._db.execute("UPDATE tables SET touched = ? WHERE id = ?", (time.time(), table_id))

    def _transaction(self) -> _Transaction:
        return _Transaction(self._db)


class _Transaction:
    """``BEGIN IMMEDIATE`` ... ``COMMIT`` (or ``ROLLBACK`` on an error)."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self._db = db

    def __enter__(self) -> None:
        self._db.execute("BEGIN IMMEDIATE")

    def __exit__(self, kind: object, error: object, trace: object) -> None:
        self._db.execute("COMMIT" if kind is None else "ROLLBACK")


def open_store(url: str) -> SQLiteStore:
    """The store a database URL names: ``sqlite:///path/to/tables.db``, or
    ``sqlite://`` for a database in memory.

    >>> open_store("mysql://db")
    Traceback (most recent call last):
    ...
    threeup3down.core.errors.TableError: unknown database URL 'mysql://db': use sqlite:///FILE or postgresql://...
    """
    if url == "sqlite://":
        return SQLiteStore(":memory:")
    if url.startswith("sqlite:///"):
        path = Path(url.removeprefix("sqlite:///"))
        return SQLiteStore(str(path))
    raise TableError(
        f"unknown database URL {url!r}: use sqlite:///FILE or postgresql://...", code="bad-database"
    )
