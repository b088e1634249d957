"""The tables in play: their games, the seats' tokens, and the bots that play server-side.

A :class:`TableHub` holds the tables a server has opened, each loaded from
the store on first use and replayed from its rules, seed and moves. Every
move, a client's or a bot's, goes through :meth:`TableHub.move`: it is
checked by the engine, committed to the store, and only then added to the
table, whose watchers (the connections) are woken to send the new frames.

A bot's seat is played by the bot :func:`~threeup3down.bots.make_bot` makes
from its name, in a worker thread under the table's time limit. A bot that
runs out of time, or fails, is replaced for that move by the random bot
(its move is any legal move); the late answer is dropped (a thread cannot be
stopped: it thinks on until it answers).

The seed of every deal comes from :mod:`secrets`; no client chooses or sees
it while the game is in play.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import random
import secrets
import time
from collections.abc import Callable

import attrs

from threeup3down.bots.names import make_bot
from threeup3down.bots.protocol import AnyBot, decide
from threeup3down.bots.simple import RandomBot
from threeup3down.core.deal import new_game
from threeup3down.core.engine import apply
from threeup3down.core.errors import BotError, IllegalMoveError, TableError
from threeup3down.core.moves import Move, parse_move
from threeup3down.core.rules import Rules
from threeup3down.core.state import GameState
from threeup3down.formats.records import GameRecord, game_result
from threeup3down.server.store import NewMove, Store, StoredTable, digest

__all__ = ["HUMAN", "LiveTable", "TableHub", "new_seed"]

HUMAN = "human"
"""The player name of a seat a client plays."""

DEFAULT_BOT_TIME_LIMIT = 5.0
"""Seconds a server-side bot may think about one move, unless the table sets another limit."""


BOT_THREADS = 4
"""Threads that think for the bots (apart from those that serve the store): a bot
still thinking past its time limit holds one until it ends."""


def new_seed() -> int:
    """A seed for a deal, from the operating system's cryptographic source (63 bits).

    >>> 0 <= new_seed() < 2**63
    True
    """
    return secrets.randbits(63)


class _Commits:
    """The moves of every table on their way to the store: those made while one
    commit is under way all go in the next, in one transaction, so that the
    tables wait for one write to the disk together, not each for the others'.

    >>> from threeup3down.server.store import open_store
    >>> store = open_store("sqlite://")
    >>> store.create_table(StoredTable(id="t1", rules=Rules(players=2), seed=1,
    ...     players=("human", "human"), invites=(None, None), created=0.0))
    >>> async def two_at_once() -> list[bool]:
    ...     commits = _Commits(store)
    ...     return list(await asyncio.gather(
    ...         commits.commit(NewMove("t1", 1, "up:1g,2g,3g")),
    ...         commits.commit(NewMove("t1", 1, "up:4g,5g,6g"))))
    >>> asyncio.run(two_at_once()), store.moves_after("t1", 0)
    ([True, False], ['up:1g,2g,3g'])
    """

    def __init__(self, store: Store) -> None:
        self.store = store
        self._waiting: list[tuple[NewMove, asyncio.Future[bool]]] = []
        self._committing: asyncio.Task[None] | None = None

    async def commit(self, move: NewMove) -> bool:
        """Commit ``move``; whether it is stored (``False``: its number already was)."""
        loop = asyncio.get_running_loop()
        done: asyncio.Future[bool] = loop.create_future()
        self._waiting.append((move, done))
        if self._committing is None:
            self._committing = loop.create_task(self._commit_waiting())
        return await done

    async def _commit_waiting(self) -> None:
        batch: list[tuple[NewMove, asyncio.Future[bool]]] = []
        try:
            while self._waiting:
                batch, self._waiting = self._waiting, []
                try:
                    stored = await asyncio.to_thread(self.store.append_moves, [move for move, _ in batch])
                except Exception as error:  # the database failed: every move of the batch did
                    for _, done in batch:
                        if not done.done():
                            done.set_exception(error)
                    continue
                for (_, done), was_stored in zip(batch, stored, strict=True):
                    if not done.done():
                        done.set_result(was_stored)
        finally:
            self._committing = None
            for _, done in batch + self._waiting:  # cancelled: so are the moves not answered
                done.cancel()
            self._waiting = []


@attrs.define(eq=False)
class LiveTable:
    """One table in play: its stored facts, its game now, and who watches it.

    >>> import asyncio
    >>> from threeup3down.server.store import open_store
    >>> async def open_one() -> LiveTable:
    ...     hub = TableHub(open_store("sqlite://"), seeds=lambda: 1)
    ...     table_id, _ = await hub.create(Rules(players=2), ("human", "human"))
    ...     return await hub.get(table_id)
    >>> table = asyncio.run(open_one())
    >>> table.wake(), len(table.moves), table.state == table.deal
    (None, 0, True)
    >>> table.seat_of("guess")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    threeup3down.core.errors.TableError: that token holds no seat at table '...'
    >>> table.record()  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    threeup3down.core.errors.TableError: table '...' is still in play: its record is published when it ends
    """

    stored: StoredTable
    """The table as stored when it was loaded (rules, seed, players)."""
    deal: GameState
    """The game as dealt."""
    state: GameState
    """The game now."""
    moves: list[Move]
    """Every move made, in order; move ``n`` is ``moves[n - 1]``."""
    tokens: list[str | None]
    """The hash of each seat's token, ``None`` until the seat is joined."""
    lock: asyncio.Lock = attrs.field(factory=asyncio.Lock)
    """Held while a move is checked and committed."""
    watchers: set[asyncio.Event] = attrs.field(factory=set)
    """One event per connection, set when there are new frames to send."""
    bots: dict[int, AnyBot] = attrs.field(factory=dict)
    """The bots of the bots' seats, made on first use."""
    bot_task: asyncio.Task[None] | None = None
    """The bot move being thought of, if any."""
    expired: bool = False
    """Whether the table was abandoned and deleted (:meth:`TableHub.expire`)."""

    @property
    def id(self) -> str:
        """The table's id."""
        return self.stored.id

    def wake(self) -> None:
        """Tell every watcher there is news."""
        for event in self.watchers:
            event.set()

    def seat_of(self, token: str) -> int:
        """The seat whose token ``token`` is, or :class:`TableError` (``bad-token``)."""
        hashed = digest(token)
        for seat, known in enumerate(self.tokens):
            if known is not None and secrets.compare_digest(known, hashed):
                return seat
        raise TableError(f"that token holds no seat at table {self.id!r}", code="bad-token")

    def record(self) -> GameRecord:
        """The game record, seed included: for a finished game only."""
        if not self.state.is_over:
            raise TableError(
                f"table {self.id!r} is still in play: its record is published when it ends",
                code="in-play",
            )
        return GameRecord(
            rules=self.stored.rules, seed=self.stored.seed, moves=tuple(self.moves),
            result=game_result(self.state),
        )


class TableHub:
    """The tables a server process has opened, over one store.

    ``seeds`` gives each new table's seed (:func:`new_seed`); ``rng`` seeds the
    bots' random choices (by default from :mod:`secrets`). Tests pass both to
    repeat a game. A table still in play that no move or join has changed for
    ``expire_after`` seconds is abandoned: :meth:`expire` deletes it
    (``None``: never).

    >>> import asyncio
    >>> from threeup3down import legal_moves
    >>> from threeup3down.server.store import open_store
    >>> async def one_move() -> tuple[int, int, int, int]:
    ...     hub = TableHub(open_store("sqlite://"), seeds=lambda: 1)
    ...     hub.listen()
    ...     table_id, invites = await hub.create(Rules(players=2), ("human", "human"))
    ...     seat, token = await hub.join(table_id, invites[0])
    ...     table = await hub.get(table_id)
    ...     await hub.move(table, seat, legal_moves(table.state)[0])
    ...     opened = await hub.resume()
    ...     hub.close()
    ...     return seat, table.seat_of(token), len(table.moves), opened
    >>> asyncio.run(one_move())
    (0, 0, 1, 1)
    """

    def __init__(
        self,
        store: Store,
        *,
        seeds: Callable[[], int] = new_seed,
        rng: random.Random | None = None,
        expire_after: float | None = None,
    ) -> None:
        self.store = store
        self.expire_after = expire_after
        self._seeds = seeds
        self._fallback = RandomBot()
        self._tables: dict[str, LiveTable] = {}
        self._rng = rng or random.Random(secrets.randbits(64))
        self._thinking = concurrent.futures.ThreadPoolExecutor(
            max_workers=BOT_THREADS, thread_name_prefix="threeup3down-bot"
        )
        self._commits = _Commits(store)

    def close(self) -> None:
        """Stop the bots: no new move is thought of (one being thought of is dropped)."""
        for table in self._tables.values():
            if table.bot_task is not None:
                table.bot_task.cancel()
        self._thinking.shutdown(wait=False, cancel_futures=True)

    async def create(
        self, rules: Rules, players: tuple[str, ...], *, bot_time_limit: float = DEFAULT_BOT_TIME_LIMIT
    ) -> tuple[str, list[str | None]]:
        """Open a table; return its id and each seat's invite code (``None`` for a bot)."""
        if len(players) != rules.players:
            raise TableError(
                f"{len(players)} seats named for a table of {rules.players} players",
                code="bad-request",
            )
        for player in players:
            if player != HUMAN:
                try:
                    make_bot(player)
                except BotError as error:
                    raise TableError(f"seat player {player!r}: {error}", code="bad-request") from None
        invites = [secrets.token_urlsafe(12) if player == HUMAN else None for player in players]
        stored = StoredTable(
            id=secrets.token_urlsafe(9),
            rules=rules,
            seed=self._seeds(),
            players=players,
            invites=tuple(None if code is None else digest(code) for code in invites),
            tokens=(None,) * len(players),
            created=time.time(),
            settings={"bot_time_limit": bot_time_limit},
        )
        await asyncio.to_thread(self.store.create_table, stored)
        table = self._open(stored)
        self._schedule_bot(table)
        return stored.id, invites

    async def get(self, table_id: str) -> LiveTable:
        """The table ``table_id``, loaded from the store if it is not open yet."""
        table = self._tables.get(table_id)
        if table is not None:
            return table
        stored = await asyncio.to_thread(self.store.load_table, table_id)
        if stored is None:
            raise TableError(f"no table {table_id!r}", code="no-such-table")
        table = self._tables.get(table_id)  # opened by another request meanwhile
        if table is None:
            table = self._open(stored)
            self._schedule_bot(table)
        return table

    async def join(self, table_id: str, invite: str) -> tuple[int, str]:
        """Take the seat of an invite; return the seat and its new token."""
        table = await self.get(table_id)
        token = secrets.token_urlsafe(32)
        seat = await asyncio.to_thread(self.store.join, table_id, digest(invite), digest(token))
        table.tokens[seat] = digest(token)
        return seat, token

    def listen(self) -> None:
        """Hear the moves other server processes commit to the shared store, and show
        them to this process's clients (a store one process uses announces none)."""
        loop = asyncio.get_running_loop()

        def announced(table_id: str) -> None:  # in the store's listening thread
            loop.call_soon_threadsafe(self._announced, table_id)

        self.store.listen(announced)

    def _announced(self, table_id: str) -> None:
        table = self._tables.get(table_id)
        if table is not None:
            asyncio.get_running_loop().create_task(self._catch_up(table))

    async def _catch_up(self, table: LiveTable) -> None:
        async with table.lock:
            await self._read_new_moves(table)
        table.wake()
        self._schedule_bot(table)

    async def _read_new_moves(self, table: LiveTable) -> None:
        """Add to ``table`` the moves stored after those it has (made by another process)."""
        for text in await asyncio.to_thread(self.store.moves_after, table.id, len(table.moves)):
            move = parse_move(text)
            table.state = apply(table.state, move)
            table.moves.append(move)

    async def expire(self, now: float | None = None) -> list[str]:
        """Delete the abandoned tables (see the class); return their ids. Their
        clients are told, and their bots stop.

        >>> import asyncio
        >>> from threeup3down.server.store import open_store
        >>> async def abandon() -> tuple[list[str], list[str]]:
        ...     hub = TableHub(open_store("sqlite://"), expire_after=3600.0)
        ...     table_id, _ = await hub.create(Rules(players=2), ("human", "human"))
        ...     kept = await hub.expire()
        ...     gone = await hub.expire(now=time.time() + 7200)
        ...     return kept, [table_id] == gone
        >>> asyncio.run(abandon())
        ([], True)
        """
        if self.expire_after is None:
            return []
        before = (time.time() if now is None else now) - self.expire_after
        gone = await asyncio.to_thread(self.store.expire, before)
        for table_id in gone:
            table = self._tables.pop(table_id, None)
            if table is not None:
                table.expired = True
                if table.bot_task is not None:
                    table.bot_task.cancel()
                table.wake()
        return gone

    async def keep_expiring(self) -> None:
        """Run :meth:`expire` now and then (every quarter of ``expire_after``, at
        most a minute apart), until cancelled; at once return if nothing expires.

        >>> import asyncio
        >>> from threeup3down.server.store import open_store
        >>> asyncio.run(TableHub(open_store("sqlite://")).keep_expiring()) is None
        True
        """
        if self.expire_after is None:
            return
        while True:
            await asyncio.sleep(min(60.0, self.expire_after / 4))
            await self.expire()

    async def resume(self) -> int:
        """Open every table still in play (after a restart), so its bots move again;
        return how many."""
        ids = await asyncio.to_thread(self.store.table_ids, unfinished=True)
        for table_id in ids:
            await self.get(table_id)
        return len(ids)

    async def move(self, table: LiveTable, seat: int, move: Move, *, at: int | None = None) -> None:
        """Make ``move`` for ``seat`` (after move ``at``, if given): checked,
        committed, then shown to the watchers.

        Raises :class:`~threeup3down.IllegalMoveError` for a move the rules
        refuse, :class:`TableError` when it is not the seat's turn, the game
        is over, or the game has gone past move ``at``.
        """
        async with table.lock:
            if table.expired:
                raise TableError(f"table {table.id!r} was abandoned and is gone", code="no-such-table")
            if at is not None and at != len(table.moves):
                raise TableError(
                    f"the move was chosen after move {at}, and the game is at {len(table.moves)}",
                    code="stale-move",
                )
            state = table.state
            if state.is_over:
                raise TableError(f"the game at table {table.id!r} is over", code="game-over")
            if state.current_player != seat:
                raise TableError(
                    f"seat {seat} is not to move: seat {state.current_player} is",
                    code="not-your-turn",
                )
            after = apply(state, move)
            number = len(table.moves) + 1
            result = game_result(after) if after.is_over else None
            if await self._commits.commit(NewMove(table.id, number, str(move), result)):
                stale = False
                table.moves.append(move)
                table.state = after
            else:  # another process stored move `number` first
                await self._read_new_moves(table)
                stale = True
        if stale:
            table.wake()
            self._schedule_bot(table)
            raise TableError(
                f"another move was made first: the game is at move {len(table.moves)}",
                code="stale-move",
            )
        table.wake()
        self._schedule_bot(table)

    def _open(self, stored: StoredTable) -> LiveTable:
        deal = new_game(stored.rules, seed=stored.seed)
        state, moves = deal, []
        for text in stored.moves:
            move = parse_move(text)
            state = apply(state, move)
            moves.append(move)
        table = LiveTable(
            stored=stored, deal=deal, state=state, moves=moves, tokens=list(stored.tokens)
        )
        self._tables[stored.id] = table
        return table

    def _schedule_bot(self, table: LiveTable) -> None:
        """Start the bot of the seat to move, if a bot is to move and none is thinking."""
        state = table.state
        if state.is_over or table.stored.players[state.current_player] == HUMAN:
            return
        if table.bot_task is not None and not table.bot_task.done():
            return
        table.bot_task = asyncio.get_running_loop().create_task(self._bot_moves(table))

    async def _bot_moves(self, table: LiveTable) -> None:
        state, at = table.state, len(table.moves)
        seat = state.current_player
        bot = table.bots.get(seat)
        if bot is None:
            bot = table.bots[seat] = make_bot(table.stored.players[seat])
        limit = float(table.stored.settings.get("bot_time_limit", DEFAULT_BOT_TIME_LIMIT))
        rng = random.Random(self._rng.getrandbits(64))
        try:
            thought = asyncio.get_running_loop().run_in_executor(self._thinking, decide, bot, state, rng)
            move = await asyncio.wait_for(thought, limit)
        except Exception:  # a late or failing bot (any error it raises): any legal move
            move = decide(self._fallback, state, rng)
        table.bot_task = None
        try:
            try:
                await self.move(table, seat, move, at=at)
            except IllegalMoveError:  # the bot broke the rules: any legal move instead
                await self.move(table, seat, decide(self._fallback, state, rng), at=at)
        except TableError as error:
            if error.code != "stale-move":
                raise
            # another process moved for the bot first: its move stands
