"""Speed of the table server: moves per second, move-to-frame latency, frames lost, memory per table.

It starts ``threeup3down serve``'s server (:func:`threeup3down.server.run.serve`)
in a child process on a free loopback port, over an SQLite file in a
temporary directory (or ``--database``), and measures two things:

* **idle tables**: the server's resident memory (RSS, from ``/proc``) after
  ``--idle`` tables are created that nobody joins, less its RSS before,
  divided by ``--idle``. Each table is a person's seat 0, who moves first,
  and ``--players`` - 1 bots (``--bot``): nothing moves at it. Target: 1,000
  idle tables in at most 200 MB (200 KB a table).
* **busy tables**: then ``--tables`` tables of the same seats, each with one
  WebSocket client of this process playing seat 0 like a person: it answers
  each frame that gives it moves with a random one after a pause drawn from
  an exponential distribution of mean ``--think`` seconds (default 1), so
  that the tables' moves come at random times, not in step. The bots answer
  at once in the server. A table whose game ends is replaced by a new one.
  Over ``--seconds`` it counts

  - *moves per second*: the frames the clients receive (one per move, the
    bots' and theirs), with the CPU time of the server per move and the
    share of a core it used;
  - *move-to-frame latency*: from a client sending its move to its
    receiving the frame of that move (the server reads it, checks it,
    commits it to the database, and sends the frame). Frames carry no time
    stamp, so the bots' moves are not timed. Its median and 99th
    percentile. Target: at most 50 ms at the 99th percentile with 200
    tables;
  - *frames lost*: the frames are numbered by the moves made, so a client
    checks that each frame is the one after the last it received; after the
    run (each client stops when it is to move, so nothing is in flight) the
    frames a table's client received must be every move the server stored
    for it (``GET /api/tables/{table}``). A move refused, or a frame not
    received within 30 seconds, counts as lost too. Target: none;
  - the server's RSS with the busy tables connected, less its RSS with
    the idle ones only, per busy table.

With ``--think 0`` every client answers at once, so the server never
waits: moves per second is then what it can do at most, and the latency is
the time every other table's move takes before one's own (it grows with the
tables, whatever the speed), not the latency of a table among people.

Every client is on 127.0.0.1, one client address: the child server lifts the
limits a server applies per address (tables created and joined per minute,
connections, messages per second) that would refuse them. The clients
share the machine's cores with the server (their share of a core is
printed), and the latencies hold any wait for a core; the load average is
printed before and after.

Run ``python benchmarks/server.py [--tables 200] [--seconds 20] [--idle 1000]``;
``--tables 4 --seconds 1 --idle 10`` is a smoke run of a few seconds.
``--profile FILE`` writes cProfile statistics of the server's event loop
thread to ``FILE`` (read them with ``python -m pstats FILE``).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any, cast
from urllib import request

import attrs
from websockets.asyncio.client import ClientConnection, connect

__all__ = ["FrameCheck", "Tally", "percentile"]

ROOT = Path(__file__).resolve().parent.parent

FRAME_WAIT = 30.0
"""Seconds a client waits for the next frame before it counts it lost."""

_SERVE = """
import cProfile, sys
from threeup3down.server.limits import Limits
from threeup3down.server.run import serve
database, port, profile = sys.argv[1], int(sys.argv[2]), sys.argv[3]
unbounded = Limits(
    tables_per_minute=1e9, tables_burst=10**9, joins_per_minute=1e9,
    messages_per_second=1e9, messages_burst=10**9, connections_per_client=10**9,
)
profiler = cProfile.Profile() if profile else None
if profiler is not None:
    profiler.enable()
try:
    serve(database, port=port, limits=unbounded)
except KeyboardInterrupt:  # uvicorn raises again the SIGINT it stopped for
    pass
finally:
    if profiler is not None:
        profiler.disable()
        profiler.dump_stats(profile)
"""
"""The child server: ``serve`` without the bounds per client address (all the clients are one)."""


def percentile(values: Sequence[float], fraction: float) -> float:
    """The nearest-rank percentile of ``values``: the smallest value that at least
    ``fraction`` of them are at most.

    >>> percentile([5.0, 1.0, 4.0, 2.0, 3.0], 0.5), percentile(range(1, 101), 0.99)
    (3.0, 99)
    >>> percentile([7.0], 0.99), percentile([1.0, 2.0], 0.0)
    (7.0, 1.0)
    """
    if not values:
        raise ValueError("no values to take a percentile of")
    ordered = sorted(values)
    rank = max(1, math.ceil(fraction * len(ordered)))
    return ordered[rank - 1]


@attrs.define
class FrameCheck:
    """The frame numbers one client has received of a table: which were missed
    or repeated.

    >>> check = FrameCheck()
    >>> for number in (0, 1, 2, 4, 4, 5):
    ...     check.see(number)
    >>> check.last, check.missed, check.repeated
    (5, 1, 1)
    >>> check.end(stored=7); check.missed
    3
    """

    last: int = -1
    """The highest frame number received (``-1``: none yet)."""
    missed: int = 0
    """Frame numbers skipped over, or stored and never received (:meth:`end`)."""
    repeated: int = 0
    """Frames received out of order or twice."""

    def see(self, number: int) -> None:
        """Frame ``number`` is received."""
        if number <= self.last:
            self.repeated += 1
            return
        self.missed += number - self.last - 1
        self.last = number

    def end(self, stored: int) -> None:
        """The table's game is at move ``stored``: frames 0 to ``stored`` are due."""
        self.missed += max(0, stored - self.last)

    @property
    def lost(self) -> int:
        """Frames missed or out of order."""
        return self.missed + self.repeated


@attrs.define
class Tally:
    """What the clients measured during the run."""

    latencies: list[float] = attrs.field(factory=list)
    """Seconds from each client move to its frame."""
    frames: int = 0
    """Frames of moves received within the run."""
    lost: int = 0
    """Frames lost, moves refused, and frames waited for in vain."""
    games: int = 0
    """Games played to the end."""
    tables: int = 0
    """Tables played at (those replaced included)."""


class _Server:
    """The child server process over ``database`` on a free port."""

    def __init__(self, database: str, profile: str) -> None:
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port: int = probe.getsockname()[1]
        environment = dict(os.environ)
        environment["PYTHONPATH"] = os.pathsep.join(
            [str(ROOT), *filter(None, environment.get("PYTHONPATH", "").split(os.pathsep))]
        )
        self.process = subprocess.Popen(
            [sys.executable, "-c", _SERVE, database, str(self.port), profile], env=environment,
        )
        for _ in range(600):
            if self.process.poll() is not None:
                raise RuntimeError(f"the server exited with {self.process.returncode}")
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                return
            except OSError:
                time.sleep(0.1)
        self.stop()
        raise RuntimeError("the server did not listen within a minute")

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def rss(self) -> int:
        """The server's resident memory, in bytes."""
        for line in Path(f"/proc/{self.process.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
        raise RuntimeError("no VmRSS in /proc/PID/status")

    def cpu(self) -> float:
        """The server's CPU seconds so far (user and system)."""
        fields = Path(f"/proc/{self.process.pid}/stat").read_text().rpartition(")")[2].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def stop(self) -> None:
        """Stop it (SIGINT, so that a profile is written) and wait."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            self.process.wait(timeout=120)


def _http(method: str, url: str, body: object = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    sent = request.Request(url, data=data, method=method, headers={"content-type": "application/json"})
    with request.urlopen(sent, timeout=60) as answer:
        return json.loads(answer.read())


async def _new_table(server: str, seats: list[str]) -> tuple[str, str]:
    """A new table's id, and the token of seat 0."""
    created = await asyncio.to_thread(_http, "POST", f"{server}/api/tables", {"seats": seats})
    joined = await asyncio.to_thread(
        _http, "POST", f"{server}/api/tables/{created['table']}/join", {"invite": created["invites"][0]}
    )
    return cast(str, created["table"]), cast(str, joined["token"])


async def _create_idle(server: str, seats: list[str], count: int) -> None:
    """Create ``count`` tables nobody joins, a few requests at a time."""
    pending = list(range(count))

    async def creator() -> None:
        while pending:
            pending.pop()
            await asyncio.to_thread(_http, "POST", f"{server}/api/tables", {"seats": seats})

    await asyncio.gather(*(creator() for _ in range(4)))


class _Run:
    """The busy tables: the clients, their clock and what they measure."""

    def __init__(self, server: _Server, seats: list[str], tables: int, seconds: float, think: float) -> None:
        self.server = server
        self.seats = seats
        self.tables = tables
        self.seconds = seconds
        self.think = think
        self.tally = Tally()
        self.ready = 0
        self.all_ready = asyncio.Event()
        self.start = self.stop = math.inf
        self.cpu = self.own_cpu = 0.0
        """The server's and this process's CPU seconds during the run."""
        self.rss = 0
        """The server's RSS at the end of the run, in bytes."""

    async def client(self, index: int) -> None:
        """Play tables, one after the other, until the run is over."""
        rng = random.Random(index)
        first = True
        while time.perf_counter() < self.stop:
            table, token = await _new_table(self.server.url, self.seats)
            self.tally.tables += 1
            check = FrameCheck()
            url = f"ws://127.0.0.1:{self.server.port}/api/tables/{table}/play"
            async with connect(url, max_size=2**20) as websocket:
                await websocket.send(json.dumps({"type": "hello", "version": 1, "token": token}))
                welcome = json.loads(await websocket.recv())
                if welcome.get("type") != "welcome":
                    raise RuntimeError(f"table {table}: {welcome}")
                if first:
                    first = False
                    self.ready += 1
                    if self.ready == self.tables:
                        self.all_ready.set()
                    await self.all_ready.wait()
                await self.play(websocket, check, rng)
            summary = await asyncio.to_thread(_http, "GET", f"{self.server.url}/api/tables/{table}")
            check.end(summary["moves"])
            self.tally.lost += check.lost

    async def play(self, websocket: ClientConnection, check: FrameCheck, rng: random.Random) -> None:
        """Play seat 0 until the game ends or, after the run, until it is to move."""
        waiting, sent = -1, 0.0
        while True:
            try:
                text = await asyncio.wait_for(websocket.recv(), FRAME_WAIT)
            except TimeoutError:
                self.tally.lost += 1
                return
            now = time.perf_counter()
            message = json.loads(text)
            if message["type"] != "frame":  # a refused move
                self.tally.lost += 1
                return
            number = message["n"]
            check.see(number)
            if number and self.start <= now <= self.stop:
                self.tally.frames += 1
            if number == waiting and self.start <= sent <= self.stop:
                self.tally.latencies.append(now - sent)
            if message["result"] != "*":
                self.tally.games += 1
                return
            if message["moves"]:
                if self.think:
                    await asyncio.sleep(rng.expovariate(1 / self.think))
                if time.perf_counter() > self.stop:
                    return
                move = rng.choice(message["moves"])
                waiting, sent = number + 1, time.perf_counter()
                await websocket.send(json.dumps({"type": "move", "move": move}))

    async def clock(self) -> None:
        """Start the run when every client is in, and time it."""
        await self.all_ready.wait()
        cpu, own = self.server.cpu(), time.process_time()
        self.start = time.perf_counter()
        self.stop = self.start + self.seconds
        await asyncio.sleep(self.seconds)
        self.cpu, self.own_cpu = self.server.cpu() - cpu, time.process_time() - own
        self.rss = self.server.rss()

    async def run(self) -> Tally:
        """Play, and what was measured."""
        await asyncio.gather(self.clock(), *(self.client(index) for index in range(self.tables)))
        return self.tally


def main() -> None:
    """Measure and print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=200, help="busy tables, one client each (default 200)")
    parser.add_argument("--seconds", type=float, default=20.0, help="seconds of play measured (default 20)")
    parser.add_argument("--idle", type=int, default=1000, help="idle tables for the memory figure (default 1000)")
    parser.add_argument("--players", type=int, default=2, help="seats at each table (default 2)")
    parser.add_argument("--bot", default="heuristic", help="the bot at the other seats (default heuristic)")
    parser.add_argument("--think", type=float, default=1.0,
                        help="a client's mean pause before each move, in seconds (default 1; 0: at once)")
    parser.add_argument("--database", metavar="URL",
                        help="the server's database (default: an SQLite file in a temporary directory)")
    parser.add_argument("--profile", default="", metavar="FILE",
                        help="write the server's cProfile statistics to FILE")
    args = parser.parse_args()
    if min(args.tables, args.idle, args.players - 1) < 1 or args.seconds <= 0 or args.think < 0:
        parser.error("--tables, --idle and --seconds must be above 0, --players at least 2, "
                     "--think not below 0")
    seats = ["human"] + [args.bot] * (args.players - 1)
    print(f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.2f} at the start")
    with tempfile.TemporaryDirectory() as scratch:
        database = args.database or f"sqlite:///{scratch}/tables.db"
        server = _Server(database, args.profile)
        try:
            print(f"server on {server.url} over {database.partition(':')[0]}; tables of "
                  f"{args.players} seats: a client's at seat 0, {args.bot} at the others")
            asyncio.run(_create_idle(server.url, seats, 10))  # the first tables load what they need
            before = server.rss()
            asyncio.run(_create_idle(server.url, seats, args.idle))
            idle = server.rss()
            busy = _Run(server, seats, args.tables, args.seconds, args.think)
            tally = asyncio.run(busy.run())
        finally:
            server.stop()
    print(f"{args.idle} idle tables (nobody joined): RSS {before / 2**20:.1f} MB before, "
          f"{idle / 2**20:.1f} MB after: {(idle - before) / args.idle / 1024:.1f} KB a table "
          f"(target: 1,000 in at most 200 MB)")
    print(f"{args.tables} busy tables for {args.seconds:g} s, a client each answering after "
          f"{args.think:g} s on average: {tally.tables} tables played at, {tally.games} games ended")
    print(f"  moves: {tally.frames / args.seconds:,.0f}/s (every seat's); the server: "
          f"{busy.cpu * 1e3 / max(tally.frames, 1):.2f} ms of CPU a move, {busy.cpu / args.seconds:.0%} "
          f"of a core (the clients: {busy.own_cpu / args.seconds:.0%})")
    if tally.latencies:
        print(f"  move-to-frame latency of {len(tally.latencies):,} client moves: "
              f"p50 {percentile(tally.latencies, 0.5) * 1e3:.1f} ms, "
              f"p99 {percentile(tally.latencies, 0.99) * 1e3:.1f} ms (target: p99 at most 50 ms)")
    print(f"  frames lost: {tally.lost} (target: none)")
    print(f"  RSS {busy.rss / 2**20:.1f} MB: {(busy.rss - idle) / args.tables / 1024:.1f} KB a busy table "
          "with its client, beyond the idle tables")
    print(f"load average {os.getloadavg()[0]:.2f} at the end")


if __name__ == "__main__":
    main()
