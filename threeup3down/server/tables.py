"""The tables in play: their games, the seats' tokens, and the bots that play server-side.

A :class:`TableHub` holds the tables a server has opened, each loaded from
the store on first use and replayed from its rules, seed and moves. Every
move, a client's or a bot's, goes through :meth:`TableHub.move`: it is
checked by the engine, committed to the store, and only then added to the
table, whose watchers (the connections) are woken to send the new frames.

A table may have a clock for its people's seats
(:mod:`threeup3down.server.clocks`): the hub watches the seat to move, and
when it runs out of time makes its fallback bot's move for it, or ends the
table with its forfeit, through the same checks and commit as any move.

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
import contextlib
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
from threeup3down.core.engine import apply, is_legal
from threeup3down.core.errors import BotError, TableError
from threeup3down.core.moves import Move, parse_move
from threeup3down.core.rules import Rules
from threeup3down.core.state import GameState
from threeup3down.formats.records import GameRecord, forfeit_result, game_result
from threeup3down.server.clocks import FORFEIT, TimeControl, Timeline
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
    ...         commits.commit(NewMove("t1", 1, "up:1g,2g,3g", made=0.0)),
    ...         commits.commit(NewMove("t1", 1, "up:4g,5g,6g", made=0.0))))
    >>> asyncio.run(two_at_once()), store.moves_after("t1", 0)
    ([True, False], [('up:1g,2g,3g', 0.0)])
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
    >>> table.to_move(0), table.timeline(), table.deadline()  # seat 0 to move, untimed
    (0, None, None)
    >>> table.awaits_joins()  # nobody has taken a seat yet
    True
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
    joined: list[float | None] = attrs.field(factory=list)
    """When each seat was joined, ``None`` until it is."""
    made: list[float] = attrs.field(factory=list)
    """When each move was committed."""
    movers: list[int] = attrs.field(factory=list)
    """The seat that made each move."""
    clock: TimeControl | None = None
    """The table's clock; ``None`` if it is untimed."""
    forfeit: int | None = None
    """The seat that forfeited the table on its clock, if one did."""
    lock: asyncio.Lock = attrs.field(factory=asyncio.Lock)
    """Held while a move is checked and committed."""
    watchers: set[asyncio.Event] = attrs.field(factory=set)
    """One event per connection, set when there are new frames to send."""
    bots: dict[int, AnyBot] = attrs.field(factory=dict)
    """The bots of the bots' seats, made on first use."""
    bot_task: asyncio.Task[None] | None = None
    """The bot move being thought of, if any."""
    clock_task: asyncio.Task[None] | None = None
    """The watch on the clock of the seat to move, if it runs."""
    expired: bool = False
    """Whether the table was abandoned and deleted (:meth:`TableHub.expire`)."""

    @property
    def id(self) -> str:
        """The table's id."""
        return self.stored.id

    @property
    def ended(self) -> bool:
        """Whether the table is over: its game is, or a seat forfeited it."""
        return self.state.is_over or self.forfeit is not None

    @property
    def result(self) -> str:
        """``*`` while in play, the game's result once over, ``forfeit SEAT`` once forfeited."""
        return forfeit_result(self.state, (self.forfeit,)) if self.forfeit is not None else game_result(self.state)

    def to_move(self, number: int) -> int | None:
        """The seat to move after move ``number`` (``None``: the table is over)."""
        if number < len(self.movers):
            return self.movers[number]
        return None if self.ended else self.state.current_player

    def timeline(self) -> Timeline | None:
        """The clock and the times of the moves (``None`` for an untimed table)."""
        clock = self.clock
        if clock is None:
            return None
        people = tuple(player == HUMAN for player in self.stored.players)
        joined = [when for when, person in zip(self.joined, people) if person]
        known = [when for when in joined if when is not None]
        started = max(known) if known and len(known) == len(joined) else None
        return Timeline(clock, people=people, started=started, turns=tuple(zip(self.movers, self.made)))

    def deadline(self) -> float | None:
        """When the seat to move runs out of time (``None``: no clock runs)."""
        timeline = self.timeline()
        if timeline is None or self.ended:
            return None
        return timeline.deadline(self.state.current_player)

    def wake(self) -> None:
        """Tell every watcher there is news."""
        for event in self.watchers:
            event.set()

    def awaits_joins(self) -> bool:
        """Whether a person's seat is still to be joined."""
        return any(
            player == HUMAN and token is None for player, token in zip(self.stored.players, self.tokens)
        )

    def seat_of(self, token: str) -> int:
        """The seat whose token ``token`` is, or :class:`TableError` (``bad-token``)."""
        hashed = digest(token)
        for seat, known in enumerate(self.tokens):
            if known is not None and secrets.compare_digest(known, hashed):
                return seat
        raise TableError(f"that token holds no seat at table {self.id!r}", code="bad-token")

    def record(self) -> GameRecord:
        """The game record, seed included: for a finished table only (a forfeited
        one's ends at the forfeit, its result ``forfeit SEAT``)."""
        if not self.ended:
            raise TableError(
                f"table {self.id!r} is still in play: its record is published when it ends",
                code="in-play",
            )
        return GameRecord(
            rules=self.stored.rules, seed=self.stored.seed, moves=tuple(self.moves),
            result=self.result,
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
        now: Callable[[], float] = time.time,
    ) -> None:
        self.store = store
        self.expire_after = expire_after
        self.now = now
        """The server's time, as the clocks count it (seconds since the epoch)."""
        self._seeds = seeds
        self._fallback = RandomBot()
        self._tables: dict[str, LiveTable] = {}
        self._catching_up: set[asyncio.Task[None]] = set()
        self._closed = False
        self._rng = rng or random.Random(secrets.randbits(64))
        self._thinking = concurrent.futures.ThreadPoolExecutor(
            max_workers=BOT_THREADS, thread_name_prefix="threeup3down-bot"
        )
        self._commits = _Commits(store)

    def close(self) -> None:
        """Stop the bots and the clocks: no new move is thought of (one being
        thought of is dropped), and what other processes announce is no longer heard."""
        self._closed = True
        for table in self._tables.values():
            _stop(table)
        for task in self._catching_up:
            task.cancel()
        self._thinking.shutdown(wait=False, cancel_futures=True)

    async def create(
        self, rules: Rules, players: tuple[str, ...], *, bot_time_limit: float = DEFAULT_BOT_TIME_LIMIT,
        clock: TimeControl | None = None,
    ) -> tuple[str, list[str | None]]:
        """Open a table, its people's seats timed by ``clock`` (``None``: untimed);
        return its id and each seat's invite code (``None`` for a bot)."""
        if clock is not None and HUMAN not in players:
            raise TableError("a clock times people's seats, and this table seats only bots", code="bad-clock")
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
            joined=(None,) * len(players),
            created=time.time(),
            settings={"bot_time_limit": bot_time_limit, **(clock.settings() if clock else {})},
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
        when = self.now()
        seat = await asyncio.to_thread(self.store.join, table_id, digest(invite), digest(token), when=when)
        table.tokens[seat] = digest(token)
        table.joined[seat] = when
        table.wake()
        self._schedule_clock(table)
        return seat, token

    @property
    def open_tables(self) -> tuple[str, ...]:
        """The ids of the tables in play that this process holds in memory: those
        asked for since it started or resumed, until they end or expire."""
        return tuple(self._tables)

    async def seat_of(self, table: LiveTable, token: str) -> int:
        """The seat of ``token`` at ``table``, or :class:`TableError` (``bad-token``).

        A seat may have been joined through another server process sharing the
        store, just now: a token this process does not know is looked for in the
        store before it is refused."""
        try:
            return table.seat_of(token)
        except TableError:
            if not table.awaits_joins():
                raise
        async with table.lock:
            await self._read_new_moves(table)
        return table.seat_of(token)

    def listen(self) -> None:
        """Hear the moves other server processes commit to the shared store, and show
        them to this process's clients (a store one process uses announces none)."""
        loop = asyncio.get_running_loop()

        def announced(table_id: str, gone: bool) -> None:  # in the store's listening thread
            with contextlib.suppress(RuntimeError):  # the loop has closed: nobody is left to tell
                loop.call_soon_threadsafe(self._announced, table_id, gone)

        self.store.listen(announced)

    def _announced(self, table_id: str, gone: bool) -> None:
        if self._closed:
            return
        if gone:
            self._let_go(table_id)
            return
        table = self._tables.get(table_id)
        if table is not None:
            task = asyncio.get_running_loop().create_task(self._catch_up(table))
            self._catching_up.add(task)
            task.add_done_callback(self._catching_up.discard)

    async def _catch_up(self, table: LiveTable) -> None:
        async with table.lock:
            await self._read_new_moves(table)
        table.wake()
        self._schedule_bot(table)
        self._schedule_clock(table)

    async def _read_new_moves(self, table: LiveTable) -> None:
        """Add to ``table`` the moves stored after those it has (made by another
        process), and the joins and forfeit stored meanwhile."""
        for text, made in await asyncio.to_thread(self.store.moves_after, table.id, len(table.moves)):
            self._add(table, parse_move(text), made)
        if table.awaits_joins() or (table.clock is not None and table.clock.on_timeout == FORFEIT):
            stored = await asyncio.to_thread(self.store.load_table, table.id)
            if stored is not None:  # a seat once joined stays joined: a join made here meanwhile stands
                for seat, (token, when) in enumerate(zip(stored.tokens, stored.joined)):
                    if table.tokens[seat] is None:
                        table.tokens[seat], table.joined[seat] = token, when
                if table.forfeit is None:
                    table.forfeit = _forfeit_of(stored.result)

    @staticmethod
    def _add(table: LiveTable, move: Move, made: float) -> None:
        table.movers.append(table.state.current_player)
        table.made.append(made)
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
            self._let_go(table_id)
        return gone

    def _let_go(self, table_id: str) -> None:
        """Forget a table deleted from the store: its bot and clock stop, its clients are told."""
        table = self._tables.pop(table_id, None)
        if table is not None:
            table.expired = True
            _stop(table)
            table.wake()

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

    async def move(
        self, table: LiveTable, seat: int, move: Move, *, at: int | None = None, timeout: bool = False
    ) -> None:
        """Make ``move`` for ``seat`` (after move ``at``, if given): checked,
        committed, then shown to the watchers. ``timeout``: the move is the
        fallback bot's, for a seat out of time.

        Raises :class:`~threeup3down.IllegalMoveError` for a move the rules
        refuse, :class:`TableError` when it is not the seat's turn, the seat is
        out of time, the table is over, or the game has gone past move ``at``.
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
            if table.ended:
                raise TableError(f"the game at table {table.id!r} is over", code="game-over")
            if state.current_player != seat:
                raise TableError(
                    f"seat {seat} is not to move: seat {state.current_player} is",
                    code="not-your-turn",
                )
            made = self.now()
            deadline = table.deadline()
            if not timeout and deadline is not None and made > deadline:
                raise TableError(
                    f"seat {seat} is out of time: its move is made for it", code="out-of-time"
                )
            after = apply(state, move)
            number = len(table.moves) + 1
            result = game_result(after) if after.is_over else None
            if await self._commits.commit(NewMove(table.id, number, str(move), result, made)):
                stale = False
                self._add(table, move, made)
            else:  # another process stored move `number` first, or ended the table
                await self._read_new_moves(table)
                stale = True
        self._changed(table)
        if stale:
            raise TableError(
                f"another move was made first: the game is at move {len(table.moves)}",
                code="stale-move",
            )

    def _changed(self, table: LiveTable) -> None:
        """Show the table's news, and set its bot thinking or its clock running; a
        table that has ended is no longer kept open (its clients hold it still)."""
        table.wake()
        if table.ended:
            self._tables.pop(table.id, None)
        self._schedule_bot(table)
        self._schedule_clock(table)

    async def forfeit(self, table: LiveTable, seat: int, *, at: int) -> None:
        """End the table after move ``at`` with the forfeit of ``seat``, to move and
        out of time: committed (``forfeit SEAT`` as its result), then shown.

        Raises :class:`TableError` (``stale-move``) if the game has gone past
        move ``at`` or the table has ended, here or in another process.

        >>> import asyncio
        >>> from threeup3down.server.store import open_store
        >>> async def give_up() -> tuple[str, bool]:
        ...     hub = TableHub(open_store("sqlite://"))
        ...     table_id, _ = await hub.create(Rules(players=2), ("human", "human"))
        ...     table = await hub.get(table_id)
        ...     await hub.forfeit(table, 0, at=0)
        ...     return table.result, table.record().result
        >>> asyncio.run(give_up())
        ('forfeit 0', 'forfeit 0')
        """
        async with table.lock:
            if table.expired or table.ended or at != len(table.moves) or table.state.current_player != seat:
                raise TableError(f"table {table.id!r} is past move {at}", code="stale-move")
            try:
                await asyncio.to_thread(self.store.end, table.id, forfeit_result(table.state, (seat,)), at=at)
            except TableError:
                await self._read_new_moves(table)
                stale = True
            else:
                stale = False
                table.forfeit = seat
        self._changed(table)
        if stale:
            raise TableError(f"table {table.id!r} went past move {at} first", code="stale-move")

    async def time_out(self) -> list[str]:
        """Act now for every seat out of time: its fallback bot's move, or its
        forfeit; return the ids of those tables. The hub does so by itself at
        each deadline; a test whose hub tells the time calls it after setting it.

        >>> import asyncio
        >>> from threeup3down.server.store import open_store
        >>> clock_time = [1000.0]
        >>> async def too_slow() -> tuple[list[str], bool, str]:
        ...     hub = TableHub(open_store("sqlite://"), now=lambda: clock_time[0])
        ...     clock = TimeControl(per_move=60.0, bank=0.0, on_timeout=FORFEIT)
        ...     table_id, invites = await hub.create(Rules(players=2), ("human", "human"), clock=clock)
        ...     for invite in invites:
        ...         await hub.join(table_id, invite)
        ...     early = await hub.time_out()
        ...     clock_time[0] += 60
        ...     late = await hub.time_out()
        ...     hub.close()
        ...     return early, late == [table_id], (await hub.get(table_id)).result
        >>> asyncio.run(too_slow())
        ([], True, 'forfeit 0')
        """
        when = self.now()
        late = []
        for table in list(self._tables.values()):
            deadline = table.deadline()
            if deadline is not None and when >= deadline:
                late.append(table.id)
                await self._time_out(table, table.state.current_player, len(table.moves))
        return late

    async def _time_out(self, table: LiveTable, seat: int, at: int) -> None:
        """The seat's fallback bot moves for it, or it forfeits (unless the game moved on)."""
        clock = table.clock
        assert clock is not None
        try:
            if clock.on_timeout == FORFEIT:
                await self.forfeit(table, seat, at=at)
                return
            bot = table.bots.get(seat)
            if bot is None:
                bot = table.bots[seat] = make_bot(clock.on_timeout)
            state = table.state
            limit = float(table.stored.settings.get("bot_time_limit", DEFAULT_BOT_TIME_LIMIT))
            move = await self._think(bot, state, limit)
            await self.move(table, seat, move, at=at, timeout=True)
        except TableError as error:
            if error.code not in ("stale-move", "game-over", "no-such-table"):
                raise
            # the seat moved in time, or another process acted first: that stands

    def _schedule_clock(self, table: LiveTable) -> None:
        """Watch the clock of the seat to move, if it runs (and stop watching any other)."""
        if table.clock_task is not None and table.clock_task is not asyncio.current_task():
            table.clock_task.cancel()
        table.clock_task = None
        deadline = table.deadline()
        if deadline is None or table.expired:
            return
        table.clock_task = asyncio.get_running_loop().create_task(
            self._watch(table, table.state.current_player, len(table.moves), deadline)
        )

    async def _watch(self, table: LiveTable, seat: int, at: int, deadline: float) -> None:
        while (left := deadline - self.now()) > 0:
            await asyncio.sleep(left)
        await self._time_out(table, seat, at)

    def _open(self, stored: StoredTable) -> LiveTable:
        deal = new_game(stored.rules, seed=stored.seed)
        state, moves, movers = deal, [], []
        for text in stored.moves:
            move = parse_move(text)
            movers.append(state.current_player)
            state = apply(state, move)
            moves.append(move)
        table = LiveTable(
            stored=stored, deal=deal, state=state, moves=moves, tokens=list(stored.tokens),
            joined=list(stored.joined), made=list(stored.made), movers=movers,
            clock=TimeControl.from_settings(stored.settings), forfeit=_forfeit_of(stored.result),
        )
        if not table.ended:  # a finished table is read from the store when asked for
            self._tables[stored.id] = table
        self._schedule_clock(table)
        return table

    def _schedule_bot(self, table: LiveTable) -> None:
        """Start the bot of the seat to move, if a bot is to move and none is thinking."""
        state = table.state
        if table.ended or table.stored.players[state.current_player] == HUMAN:
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
        move = await self._think(bot, state, limit)
        table.bot_task = None
        try:
            await self.move(table, seat, move, at=at)
        except TableError as error:
            if error.code != "stale-move":
                raise
            # another process moved for the bot first: its move stands

    async def _think(self, bot: AnyBot, state: GameState, limit: float) -> Move:
        """``bot``'s move in ``state``, thought of in a worker thread for at most
        ``limit`` seconds; any legal move instead if it is late, fails (any error
        it raises) or answers a move the rules refuse."""
        rng = random.Random(self._rng.getrandbits(64))
        try:
            thought = asyncio.get_running_loop().run_in_executor(self._thinking, decide, bot, state, rng)
            move = await asyncio.wait_for(thought, limit)
        except Exception:
            move = None
        if move is None or not is_legal(state, move):
            move = decide(self._fallback, state, rng)
        return move


def _forfeit_of(result: str | None) -> int | None:
    """The seat a stored result says forfeited, if it does."""
    if result is None or not result.startswith(f"{FORFEIT} "):
        return None
    return int(result.removeprefix(f"{FORFEIT} "))


def _stop(table: LiveTable) -> None:
    """Stop the table's bot and its clock."""
    for task in (table.bot_task, table.clock_task):
        if task is not None:
            task.cancel()
