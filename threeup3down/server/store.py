"""Where the server keeps its tables: every table's rules, seed, seats and move log.

A table is stored as what replays it exactly: the :class:`~threeup3down.Rules`
(as a rules document), the seed of the deal, the players at its seats, and
its moves in move notation, numbered from 1. A move is committed to the
database before any frame about it is sent (:meth:`Store.append_move`),
so a server killed at any moment and started again resumes every table where
it was. Invite codes and seat tokens are kept only as their SHA-256 hashes.

The store is chosen by a URL (:func:`open_store`): ``sqlite:///tables.db``
(a file, the default; nothing to start), ``sqlite://`` (in memory, for
tests), or ``postgresql://user@host/db`` (the ``[postgres]`` extra), which
several server processes may share: each move committed is announced on the
PostgreSQL channel ``threeup3down`` (``NOTIFY``), and every process listening
(:meth:`Store.listen`) shows it to its own clients.

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
threeup3down.core.errors.TableError: move 1 of table 't1' is already stored, or the table has ended
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any, Protocol

import attrs

from threeup3down.core.errors import TableError
from threeup3down.core.rules import Rules
from threeup3down.formats.serialization import RULES

__all__ = ["NewMove", "PostgresStore", "SQLiteStore", "Store", "StoredTable", "digest", "open_store"]

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
    joined DOUBLE PRECISION,
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE IF NOT EXISTS moves (
    table_id TEXT NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    number INTEGER NOT NULL,
    move TEXT NOT NULL,
    made DOUBLE PRECISION NOT NULL,
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
    """One table as the store holds it.

    >>> from threeup3down import Rules
    >>> table = StoredTable(id="t1", rules=Rules(players=2), seed=3, players=("human", "lowest"),
    ...                     invites=(digest("a"), None), created=0.0)
    >>> table.moves, table.result
    ((), None)
    """

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
    made: tuple[float, ...] = ()
    """When each move was committed (seconds since the epoch), as the clocks count."""
    joined: tuple[float | None, ...] = ()
    """When each seat was joined; ``None`` where nobody has (or a bot's seat)."""
    settings: dict[str, float | str] = attrs.field(factory=dict, hash=False)
    """Options set at creation (the bots' time limit, the clocks)."""
    touched: float = 0.0
    """When it last changed (a move, a join)."""
    result: str | None = None
    """How the game ended, once it has (as :func:`~threeup3down.formats.records.game_result`
    writes it), or ``forfeit SEAT`` for a table a seat forfeited on its clock."""


@attrs.frozen
class NewMove:
    """A move to commit (:meth:`Store.append_moves`).

    .. versionadded:: 0.5.0

    >>> NewMove("t1", 1, "up:1g,2g,3g", made=5.0)
    NewMove(table_id='t1', number=1, move='up:1g,2g,3g', result=None, made=5.0)
    """

    table_id: str
    """The table's id."""
    number: int
    """The move's number, from 1."""
    move: str
    """The move, in move notation."""
    result: str | None = None
    """The game's result, if the move ends it."""
    made: float | None = None
    """When it was made, in seconds since the epoch (default: when it is committed)."""


class Store(Protocol):
    """What the server asks of a database (:class:`SQLiteStore`, :class:`PostgresStore`).

    >>> from threeup3down import Rules
    >>> store: Store = open_store("sqlite://")
    >>> store.create_table(StoredTable(id="t1", rules=Rules(players=2), seed=3,
    ...     players=("human", "human"), invites=(digest("a"), digest("b")), created=0.0))
    >>> store.join("t1", digest("b"), digest("token")), store.table_ids()
    (1, ['t1'])
    >>> store.append_move("t1", 1, "up:1g,2g,3g", made=5.0); store.moves_after("t1", 0)
    [('up:1g,2g,3g', 5.0)]
    >>> store.append_moves([NewMove("t1", 1, "pick", made=6.0), NewMove("t1", 2, "pick", made=6.0)])
    [False, True]
    >>> store.moves_after("t1", 1)
    [('pick', 6.0)]
    >>> store.load_table("t1").tokens == (None, digest("token")), store.listen(print)
    (True, None)
    >>> store.create_table(StoredTable(id="t2", rules=Rules(players=2), seed=4,
    ...     players=("human", "lowest"), invites=(digest("c"), None), created=0.0))
    >>> store.end("t2", "forfeit 0", at=0); store.load_table("t2").result
    'forfeit 0'
    >>> store.expire(before=0.0), store.expire(before=2e9), store.table_ids(), store.close()
    ([], ['t1'], ['t2'], None)
    """

    def close(self) -> None: ...
    def create_table(self, table: StoredTable) -> None: ...
    def load_table(self, table_id: str) -> StoredTable | None: ...
    def table_ids(self, *, unfinished: bool = False) -> list[str]: ...
    def join(self, table_id: str, invite_hash: str, token_hash: str, *, when: float | None = None) -> int: ...
    def append_move(
        self, table_id: str, number: int, move: str, *, result: str | None = None, made: float | None = None
    ) -> None: ...
    def append_moves(self, moves: Sequence[NewMove]) -> list[bool]: ...
    def moves_after(self, table_id: str, number: int) -> list[tuple[str, float]]: ...
    def end(self, table_id: str, result: str, *, at: int) -> None: ...
    def expire(self, before: float) -> list[str]: ...

    def listen(self, announce: Callable[[str, bool], None]) -> None:
        """Call ``announce(table_id, gone)`` (from another thread) whenever another
        process commits a move or a join (``gone`` false) or deletes an abandoned
        table (``gone`` true); a store only one process uses does nothing."""


class _SQLStore:
    """The store's statements, written once for SQLite and PostgreSQL: a subclass
    gives the connection, its transactions and its placeholder."""

    _unique_violation: tuple[type[Exception], ...] = ()

    def __init__(self) -> None:
        self._lock = threading.Lock()

    def _run(self, sql: str, parameters: tuple[object, ...] = ()) -> Any:
        """Execute ``sql`` (``?`` placeholders); the cursor."""
        raise NotImplementedError

    def _transaction(self) -> contextlib.AbstractContextManager[object]:
        raise NotImplementedError

    def _savepoint(self) -> contextlib.AbstractContextManager[object]:
        """Within a transaction: what fails in it is undone, and only that."""
        raise NotImplementedError

    def _announce(self, table_id: str, *, gone: bool = False) -> None:
        """Tell other processes, within the transaction, that ``table_id`` has
        changed (a move, a join, its end) or is ``gone``."""

    def _close(self) -> None:
        raise NotImplementedError

    def close(self) -> None:
        """Close the database."""
        with self._lock:
            self._close()

    def listen(self, announce: Callable[[str, bool], None]) -> None:
        """Call ``announce(table_id, gone)`` (from another thread) whenever another
        process commits a move or a join (``gone`` false) or deletes an abandoned
        table (``gone`` true); a store only one process uses does nothing."""

    def create_table(self, table: StoredTable) -> None:
        """Store a new table and its seats."""
        with self._lock, self._transaction():
            self._run(
                "INSERT INTO tables (id, rules, seed, players, settings, created, touched) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)",
                (
                    table.id, RULES.to_json(table.rules), str(table.seed),
                    json.dumps(list(table.players)), json.dumps(table.settings),
                    table.created, table.created,
                ),
            )
            for seat, invite in enumerate(table.invites):
                self._run(
                    "INSERT INTO seats (table_id, seat, invite_hash) VALUES (?, ?, ?)",
                    (table.id, seat, invite),
                )

    def load_table(self, table_id: str) -> StoredTable | None:
        """The table called ``table_id`` with its whole move log, or ``None``."""
        with self._lock, self._transaction():
            row = self._run(
                "SELECT rules, seed, players, settings, created, touched, result "
                "FROM tables WHERE id = ?",
                (table_id,),
            ).fetchone()
            if row is None:
                return None
            seats = self._run(
                "SELECT invite_hash, token_hash, joined FROM seats WHERE table_id = ? ORDER BY seat",
                (table_id,),
            ).fetchall()
            moves = self._run(
                "SELECT move, made FROM moves WHERE table_id = ? ORDER BY number", (table_id,)
            ).fetchall()
        rules_text, seed, players, settings, created, touched, result = row
        return StoredTable(
            id=table_id,
            rules=RULES.from_json(rules_text),
            seed=int(seed),
            players=tuple(json.loads(players)),
            invites=tuple(invite for invite, _, _ in seats),
            tokens=tuple(token for _, token, _ in seats),
            joined=tuple(joined for _, _, joined in seats),
            moves=tuple(move for move, _ in moves),
            made=tuple(made for _, made in moves),
            settings=json.loads(settings),
            created=created,
            touched=touched,
            result=result,
        )

    def table_ids(self, *, unfinished: bool = False) -> list[str]:
        """Every table's id (only those still in play if ``unfinished``), oldest first."""
        where = " WHERE result IS NULL" if unfinished else ""
        with self._lock, self._transaction():
            rows = self._run(f"SELECT id FROM tables{where} ORDER BY created").fetchall()
        return [table_id for (table_id,) in rows]

    def join(self, table_id: str, invite_hash: str, token_hash: str, *, when: float | None = None) -> int:
        """Give the seat whose invite hashes to ``invite_hash`` the token hashing to
        ``token_hash`` at ``when`` (default now); return the seat. An invite is good
        for one join. Other processes are told, as of a move."""
        with self._lock, self._transaction():
            row = self._run(
                "SELECT seat, token_hash FROM seats WHERE table_id = ? AND invite_hash = ?",
                (table_id, invite_hash),
            ).fetchone()
            if row is None:
                raise TableError(f"no seat of table {table_id!r} has that invite", code="bad-invite")
            seat, taken = row
            if taken is not None:
                raise TableError(f"seat {seat} of table {table_id!r} is taken", code="seat-taken")
            updated = self._run(
                "UPDATE seats SET token_hash = ?, joined = ? "
                "WHERE table_id = ? AND seat = ? AND token_hash IS NULL",
                (token_hash, time.time() if when is None else when, table_id, seat),
            )
            if updated.rowcount != 1:  # another process took it meanwhile
                raise TableError(f"seat {seat} of table {table_id!r} is taken", code="seat-taken")
            self._touch(table_id)
            self._announce(table_id)
        return int(seat)

    def append_move(
        self, table_id: str, number: int, move: str, *, result: str | None = None, made: float | None = None
    ) -> None:
        """Commit move ``number`` (from 1) of a table, made at ``made`` (default
        now), and its result if it ends the game.

        Raises :class:`~threeup3down.core.errors.TableError` (``stale-move``) if
        that move is already stored (another process made it first), or the table
        has ended (:meth:`end`).
        """
        if not self.append_moves([NewMove(table_id, number, move, result, made)])[0]:
            raise TableError(
                f"move {number} of table {table_id!r} is already stored, or the table has ended",
                code="stale-move",
            )

    def append_moves(self, moves: Sequence[NewMove]) -> list[bool]:
        """Commit ``moves`` of any tables in one transaction (one write to the disk,
        whatever their number); whether each is stored: ``False`` for a move whose
        number is already stored (another process made it first) or whose table
        has ended (:meth:`end`), which changes nothing."""
        stored = []
        with self._lock, self._transaction():
            for new in moves:
                try:
                    with self._savepoint():
                        self._in_play(new.table_id, new.number - 1)
                        self._run(
                            "INSERT INTO moves (table_id, number, move, made) VALUES (?, ?, ?, ?)",
                            (new.table_id, new.number, new.move, time.time() if new.made is None else new.made),
                        )
                        if new.result is not None:
                            self._run("UPDATE tables SET result = ? WHERE id = ?", (new.result, new.table_id))
                        self._announce(new.table_id)
                except TableError:  # the table has ended, or is past this move
                    stored.append(False)
                except self._unique_violation:  # another process stored this move first
                    stored.append(False)
                else:
                    stored.append(True)
        return stored

    def moves_after(self, table_id: str, number: int) -> list[tuple[str, float]]:
        """The moves of a table after move ``number``, in order, each with when it was made."""
        with self._lock, self._transaction():
            rows = self._run(
                "SELECT move, made FROM moves WHERE table_id = ? AND number > ? ORDER BY number",
                (table_id, number),
            ).fetchall()
        return [(move, made) for move, made in rows]

    def end(self, table_id: str, result: str, *, at: int) -> None:
        """End a table in play after move ``at`` with ``result`` (a seat's forfeit),
        no move being made after it: :class:`~threeup3down.core.errors.TableError`
        (``stale-move``) if the table has ended, or has gone past move ``at``."""
        with self._lock, self._transaction():
            self._in_play(table_id, at)
            self._run("UPDATE tables SET result = ? WHERE id = ?", (result, table_id))
            self._announce(table_id)

    def _in_play(self, table_id: str, at: int) -> None:
        """Lock the table's row (PostgreSQL: until the transaction ends) if it is still
        in play and at move ``at``; else :class:`TableError` (``stale-move``). Every
        move and end of a table passes here first, so two of them made at once by
        two processes are one after the other."""
        updated = self._run(
            "UPDATE tables SET touched = ? WHERE id = ? AND result IS NULL", (time.time(), table_id)
        )
        if updated.rowcount != 1:
            raise TableError(f"table {table_id!r} has ended", code="stale-move")
        (made,) = self._run("SELECT COUNT(*) FROM moves WHERE table_id = ?", (table_id,)).fetchone()
        if made > at:
            raise TableError(f"move {at + 1} of table {table_id!r} is already stored", code="stale-move")
        if made < at:
            raise TableError(f"table {table_id!r} is at move {made}, not {at}", code="stale-move")

    def expire(self, before: float) -> list[str]:
        """Delete every table still in play that nothing has changed since ``before``
        (seconds since the epoch); return their ids. Finished tables stay, as records."""
        with self._lock, self._transaction():
            rows = self._run(
                "SELECT id FROM tables WHERE result IS NULL AND touched < ?", (before,)
            ).fetchall()
            for (table_id,) in rows:
                self._run("DELETE FROM tables WHERE id = ?", (table_id,))
                self._announce(table_id, gone=True)
        return [table_id for (table_id,) in rows]

    def _touch(self, table_id: str) -> None:
        self._run("UPDATE tables SET touched = ? WHERE id = ?", (time.time(), table_id))


class SQLiteStore(_SQLStore):
    """The tables in an SQLite database (a file, or memory for ``":memory:"``).

    Every method is one transaction, committed before it returns. The store
    may be used from several threads; one connection serves them in turn.

    >>> store = SQLiteStore(":memory:")
    >>> store.table_ids(), store.load_table("t1")
    ([], None)
    """

    _unique_violation = (sqlite3.IntegrityError,)

    def __init__(self, path: str) -> None:
        super().__init__()
        self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA foreign_keys = ON")
        if path != ":memory:":
            self._db.execute("PRAGMA journal_mode = WAL")
            self._db.execute("PRAGMA synchronous = FULL")
        self._db.executescript(_SCHEMA)

    def _run(self, sql: str, parameters: tuple[object, ...] = ()) -> Any:
        return self._db.execute(sql, parameters)

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[None]:
        self._db.execute("BEGIN IMMEDIATE")
        try:
            yield
        except BaseException:
            self._db.execute("ROLLBACK")
            raise
        self._db.execute("COMMIT")

    @contextlib.contextmanager
    def _savepoint(self) -> Iterator[None]:
        self._db.execute("SAVEPOINT one")
        try:
            yield
        except BaseException:
            self._db.execute("ROLLBACK TO one")
            raise
        finally:
            self._db.execute("RELEASE one")

    def _close(self) -> None:
        self._db.close()


CHANNEL = "threeup3down"
"""The PostgreSQL channel on which a committed move's table id is announced."""


class PostgresStore(_SQLStore):
    """The tables in a PostgreSQL database, which several server processes may share.

    Each committed move is announced with ``NOTIFY threeup3down, 'TABLE_ID'``;
    :meth:`listen` hears the other processes' announcements on a connection
    of its own. A database that cannot be reached is refused:

    >>> PostgresStore("postgresql://nobody@127.0.0.1:1/none")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    threeup3down.core.errors.TableError: cannot open the PostgreSQL database postgresql://nobody@127.0.0.1:1/none: ...

    With a server to reach, every process that listens hears every move
    (``tests/test_server_shared.py`` runs two server processes so):

    >>> store = PostgresStore("postgresql://user@127.0.0.1/tables")  # doctest: +SKIP
    >>> store.listen(print)  # doctest: +SKIP
    """

    def __init__(self, url: str) -> None:
        super().__init__()
        import psycopg

        self._psycopg = psycopg
        self._url = url
        self._unique_violation = (psycopg.errors.UniqueViolation,)
        try:
            self._db = psycopg.connect(url, autocommit=True, connect_timeout=30)
        except psycopg.OperationalError as error:
            first_line = str(error).strip().splitlines()[0] if str(error).strip() else "refused"
            raise TableError(
                f"cannot open the PostgreSQL database {url}: {first_line}", code="bad-database"
            ) from None
        self._listener: Any = None
        with self._db.transaction():
            self._db.execute("SELECT pg_advisory_xact_lock(7300326)")  # one process creates the tables
            for statement in _SCHEMA.split(";"):
                if statement.strip():
                    self._db.execute(statement)

    def _run(self, sql: str, parameters: tuple[object, ...] = ()) -> Any:
        return self._db.execute(sql.replace("?", "%s"), parameters)

    def _transaction(self) -> contextlib.AbstractContextManager[object]:
        return self._db.transaction()

    def _savepoint(self) -> contextlib.AbstractContextManager[object]:
        return self._db.transaction()  # within one, a savepoint

    def _announce(self, table_id: str, *, gone: bool = False) -> None:
        self._db.execute("SELECT pg_notify(%s, %s)", (CHANNEL, f"{table_id} gone" if gone else table_id))

    def listen(self, announce: Callable[[str, bool], None]) -> None:
        """Hear every change committed by any process (its own too), in a daemon thread."""
        self._listener = self._psycopg.connect(self._url, autocommit=True)
        self._listener.execute(f"LISTEN {CHANNEL}")

        def hear() -> None:
            try:
                for notice in self._listener.notifies():
                    table_id, _, what = notice.payload.partition(" ")
                    announce(table_id, what == "gone")
            except self._psycopg.Error:  # the connection was closed: stop
                return

        threading.Thread(target=hear, name="threeup3down-listen", daemon=True).start()

    def _close(self) -> None:
        if self._listener is not None:
            self._listener.close()
        self._db.close()


def open_store(url: str) -> Store:
    """The store a database URL names: ``sqlite:///path/to/tables.db``,
    ``sqlite://`` for a database in memory, or ``postgresql://...``.

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
    if url.startswith(("postgresql://", "postgres://")):
        return PostgresStore(url)
    raise TableError(
        f"unknown database URL {url!r}: use sqlite:///FILE or postgresql://...", code="bad-database"
    )
