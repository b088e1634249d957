"""The server's store: a table's rules, seed, seats and move log, committed and read back."""

from __future__ import annotations

import queue
from pathlib import Path

import pytest

from tests.extras import require

require("starlette", "server")

from threeup3down import Rules, TableError  # noqa: E402
from threeup3down.server.store import NewMove, StoredTable, digest, open_store  # noqa: E402


def a_table(table_id: str = "t1") -> StoredTable:
    return StoredTable(
        id=table_id, rules=Rules(players=3, turn_limit=50), seed=2**62 + 5,
        players=("human", "lowest", "human"), invites=(digest("a"), None, digest("c")), created=1.0,
        settings={"bot_time_limit": 2.0},
    )


def test_a_table_reads_back_as_it_was_stored(store_url: str) -> None:
    """Rules, a 63-bit seed, players, invites, settings and moves survive closing the store."""
    store = open_store(store_url)
    store.create_table(a_table())
    store.append_move("t1", 1, "up:1g,2g,3g")
    store.append_move("t1", 2, "up:4g,5g,6g")
    store.close()
    again = open_store(store_url)
    stored = again.load_table("t1")
    again.close()
    assert stored is not None
    assert stored.rules == Rules(players=3, turn_limit=50) and stored.seed == 2**62 + 5
    assert stored.players == ("human", "lowest", "human") and stored.settings == {"bot_time_limit": 2.0}
    assert stored.moves == ("up:1g,2g,3g", "up:4g,5g,6g")
    assert stored.tokens == (None, None, None) and stored.result is None


def test_a_move_number_is_stored_once(store_url: str) -> None:
    """Two writers of the same move number: the second is refused, the log unchanged."""
    store = open_store(store_url)
    store.create_table(a_table())
    store.append_move("t1", 1, "up:1g,2g,3g", made=5.0)
    with pytest.raises(TableError) as refused:
        store.append_move("t1", 1, "up:7g,8g,9g", made=6.0)
    assert refused.value.code == "stale-move"
    assert store.moves_after("t1", 0) == [("up:1g,2g,3g", 5.0)]
    store.close()


def test_moves_of_several_tables_commit_together_and_a_taken_number_changes_nothing(store_url: str) -> None:
    """One transaction of moves of two tables: each stored but the one whose number is
    taken, which is refused alone; a move that ends a game stores the result."""
    store = open_store(store_url)
    store.create_table(a_table("t1"))
    store.create_table(a_table("t2"))
    store.append_move("t1", 1, "up:1g,2g,3g", made=1.0)
    stored = store.append_moves([
        NewMove("t1", 1, "up:7g,8g,9g", made=2.0),
        NewMove("t2", 1, "up:4g,5g,6g", made=2.0),
        NewMove("t1", 2, "up:4g,5g,6g", result="1", made=3.0),
    ])
    assert stored == [False, True, True]
    assert store.moves_after("t1", 0) == [("up:1g,2g,3g", 1.0), ("up:4g,5g,6g", 3.0)]
    assert store.moves_after("t2", 0) == [("up:4g,5g,6g", 2.0)]
    assert store.table_ids(unfinished=True) == ["t2"]
    store.close()


def test_an_invite_is_good_for_one_join_and_only_hashes_are_kept(tmp_path: Path) -> None:
    """Joining sets the seat's token hash once; neither invite nor token is in the file."""
    path = tmp_path / "tables.db"
    store = open_store(f"sqlite:///{path}")
    store.create_table(a_table())
    assert store.join("t1", digest("c"), digest("secret-token-xyz")) == 2
    with pytest.raises(TableError, match="seat 2 of table 't1' is taken"):
        store.join("t1", digest("c"), digest("another"))
    with pytest.raises(TableError) as wrong:
        store.join("t1", digest("zzz"), digest("another"))
    assert wrong.value.code == "bad-invite"
    store.close()
    assert b"secret-token-xyz" not in path.read_bytes()
    stored = open_store(f"sqlite:///{path}").load_table("t1")
    assert stored is not None and stored.tokens == (None, None, digest("secret-token-xyz"))


def test_finished_tables_are_told_from_those_in_play(store_url: str) -> None:
    """The move that ends a game stores its result; table_ids(unfinished=True) leaves it out."""
    store = open_store(store_url)
    store.create_table(a_table("t1"))
    store.create_table(a_table("t2"))
    store.append_move("t2", 1, "pick", result="1")
    assert store.table_ids() == ["t1", "t2"] and store.table_ids(unfinished=True) == ["t1"]
    assert store.load_table("nothing") is None
    store.close()


def test_an_invite_joins_once_in_either_store(store_url: str) -> None:
    """The second join of an invite is refused in PostgreSQL as in SQLite."""
    store = open_store(store_url)
    store.create_table(a_table())
    assert store.join("t1", digest("a"), digest("one")) == 0
    with pytest.raises(TableError) as taken:
        store.join("t1", digest("a"), digest("two"))
    assert taken.value.code == "seat-taken"
    store.close()


def test_a_move_and_an_expiry_are_announced_to_every_listener(store_url: str) -> None:
    """A PostgreSQL store announces each committed move's table to its listeners,
    and each table it deletes as gone (an SQLite store, used by one process,
    announces none)."""
    store = open_store(store_url)
    heard: queue.Queue[tuple[str, bool]] = queue.Queue()
    store.listen(lambda table_id, gone: heard.put((table_id, gone)))
    store.create_table(a_table())
    store.append_move("t1", 1, "up:1g,2g,3g")
    assert store.expire(before=2e9) == ["t1"]
    if store_url.startswith("postgresql"):
        assert heard.get(timeout=60) == ("t1", False)
        assert heard.get(timeout=60) == ("t1", True)
    else:
        assert heard.empty()
    store.close()


def test_a_table_expired_by_another_server_is_let_go_of_here(postgres_url: str) -> None:
    """Two hubs over one PostgreSQL database, as two server processes: a table open
    in both, expired by one, is gone from the other and its clients are told."""
    import asyncio

    from tests.extras import require as require_extra
    from tests.postgres_support import fresh_database
    from threeup3down.server.tables import TableHub

    require_extra("psycopg", "postgres")
    url = fresh_database(postgres_url)

    async def expire_elsewhere() -> tuple[bool, tuple[str, ...]]:
        here, there = TableHub(open_store(url)), TableHub(open_store(url), expire_after=60.0)
        here.listen()
        try:
            table_id, _ = await here.create(Rules(players=2), ("human", "human"))
            table = await here.get(table_id)
            news = asyncio.Event()
            table.watchers.add(news)
            await there.get(table_id)
            assert await there.expire(now=2e9) == [table_id]
            while not table.expired:
                await asyncio.wait_for(news.wait(), 60)
                news.clear()
            return table.expired, here.open_tables
        finally:
            for hub in (here, there):
                hub.close()
                hub.store.close()

    assert asyncio.run(expire_elsewhere()) == (True, ())


def test_an_unknown_database_url_is_refused() -> None:
    """open_store names the URLs it takes."""
    with pytest.raises(TableError) as refused:
        open_store("mysql://db")
    assert refused.value.code == "bad-database"


def test_the_clocks_times_read_back(store_url: str) -> None:
    """When each seat was joined and each move made is stored with it, for the clocks."""
    store = open_store(store_url)
    store.create_table(a_table())
    store.join("t1", digest("c"), digest("token"), when=7.5)
    store.append_move("t1", 1, "up:1g,2g,3g", made=9.25)
    stored = store.load_table("t1")
    store.close()
    assert stored is not None
    assert stored.joined == (None, None, 7.5) and stored.made == (9.25,)


def test_a_table_ends_once_and_takes_no_move_after(store_url: str) -> None:
    """A forfeit is stored only at the move it was decided after, once; no move is stored
    after it, in PostgreSQL as in SQLite."""
    store = open_store(store_url)
    store.create_table(a_table())
    store.append_move("t1", 1, "up:1g,2g,3g")
    with pytest.raises(TableError) as behind:
        store.end("t1", "forfeit 1", at=0)
    assert behind.value.code == "stale-move"
    store.end("t1", "forfeit 1", at=1)
    with pytest.raises(TableError) as ended_twice:
        store.end("t1", "forfeit 1", at=1)
    with pytest.raises(TableError) as moved_after:
        store.append_move("t1", 2, "up:4g,5g,6g")
    assert ended_twice.value.code == moved_after.value.code == "stale-move"
    stored = store.load_table("t1")
    assert stored is not None and stored.result == "forfeit 1" and stored.moves == ("up:1g,2g,3g",)
    assert store.table_ids(unfinished=True) == []
    store.close()


def test_a_seat_joined_through_another_server_is_known_to_this_one(tmp_path: Path) -> None:
    """Two hubs over one store, as two server processes: a table open in the first,
    its seat joined through the second, and the token acts in the first at once."""
    import asyncio

    from threeup3down.server.tables import TableHub

    url = f"sqlite:///{tmp_path / 'tables.db'}"

    async def join_elsewhere() -> tuple[int, int]:
        here, there = TableHub(open_store(url)), TableHub(open_store(url))
        try:
            table_id, invites = await here.create(Rules(players=2), ("human", "human"))
            table = await here.get(table_id)  # open in this process
            assert invites[1] is not None
            seat, token = await there.join(table_id, invites[1])
            return seat, await here.seat_of(table, token)
        finally:
            for hub in (here, there):
                hub.close()
                hub.store.close()

    assert asyncio.run(join_elsewhere()) == (1, 1)


def test_a_finished_table_is_let_go_of_and_read_back_from_the_store() -> None:
    """A game of two bots plays to its end: the hub no longer holds the table, and
    asking for it again reads it from the store, finished, its record whole."""
    import asyncio

    from threeup3down.server.tables import TableHub

    async def play_out() -> tuple[tuple[str, ...], bool, bool, tuple[str, ...]]:
        hub = TableHub(open_store("sqlite://"))
        try:
            table_id, _ = await hub.create(Rules(players=2), ("lowest", "lowest"))
            table = await hub.get(table_id)
            held = hub.open_tables
            news = asyncio.Event()
            table.watchers.add(news)
            while not table.ended:
                await news.wait()
                news.clear()
            again = await hub.get(table_id)
            whole = again.ended and again.record().moves == tuple(table.moves)
            return held, again is not table, whole, hub.open_tables
        finally:
            hub.close()
            hub.store.close()

    held, reloaded, whole, after = asyncio.run(play_out())
    assert len(held) == 1 and reloaded and whole and after == ()
