"""Running the server: uvicorn, guarded against slow and malformed clients.

uvicorn reads HTTP with h11. The guard (:func:`guarded_http`) adds what a
server on a network needs and uvicorn leaves out: a deadline for each whole
request, from its first byte to its last (a client that trickles a byte at
a time cannot hold a connection), which also bounds a WebSocket's handshake;
a cap on the connections one client address holds open; and a JSON body on
the answers to requests h11 cannot read (a bad request line, oversized
headers, conflicting ``Content-Length`` headers), which uvicorn would answer
in plain text.
"""

from __future__ import annotations

import asyncio
import gc
import json
import os

import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

from threeup3down.server.app import _check_static, create_app
from threeup3down.server.limits import Connections, Limits
from threeup3down.server.store import open_store
from threeup3down.server.tables import TableHub

__all__ = ["guarded_http", "serve"]


def _raw_response(status: int, reason: str, code: str, message: str) -> bytes:
    body = json.dumps({"error": {"code": code, "message": message}}).encode()
    head = (
        f"HTTP/1.1 {status} {reason}\r\ncontent-type: application/json\r\n"
        f"content-length: {len(body)}\r\nconnection: close\r\n\r\n"
    )
    return head.encode("ascii") + body


def guarded_http(limits: Limits) -> type[H11Protocol]:
    """uvicorn's h11 protocol, with a deadline per request, a cap on connections
    per client address and JSON answers to unreadable requests.

    >>> protocol = guarded_http(Limits(request_time=3.0))
    >>> protocol.limits.request_time, protocol.__name__
    (3.0, 'GuardedH11Protocol')
    """
    connections = Connections(cap=limits.connections_per_client)

    class GuardedH11Protocol(H11Protocol):
        """h11, guarded (see :func:`guarded_http`)."""

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            self._address = self.client[0] if self.client else "unknown"
            self._counted = connections.open(self._address)
            self._deadline: asyncio.TimerHandle | None = None
            if not self._counted:
                transport.write(_raw_response(
                    429, "Too Many Requests", "rate-limited",
                    "too many connections from this address",
                ))
                transport.close()
                return
            self._arm()

        def _arm(self) -> None:
            if self._deadline is None:
                self._deadline = self.loop.call_later(limits.request_time, self._timed_out)

        def _disarm(self) -> None:
            if self._deadline is not None:
                self._deadline.cancel()
                self._deadline = None

        def _release(self) -> None:
            self._disarm()
            if self._counted:
                self._counted = False
                connections.close(self._address)

        def _timed_out(self) -> None:
            self._deadline = None
            if self.transport.is_closing():
                return
            if self.cycle is None or not self.cycle.response_started:
                self.transport.write(_raw_response(
                    408, "Request Timeout", "timeout",
                    f"the request took over {limits.request_time:g} seconds",
                ))
            self.transport.close()

        def data_received(self, data: bytes) -> None:
            self._arm()  # the first byte of a request starts its clock
            super().data_received(data)

        def on_response_complete(self) -> None:
            self._disarm()
            super().on_response_complete()

        def handle_websocket_upgrade(self, event: object) -> None:
            self._release()  # the app counts the WebSocket and bounds its hello
            super().handle_websocket_upgrade(event)  # type: ignore[arg-type]

        def connection_lost(self, exc: Exception | None) -> None:
            self._release()
            super().connection_lost(exc)

        def send_400_response(self, msg: str) -> None:
            self.transport.write(_raw_response(
                400, "Bad Request", "bad-request", "the request is not HTTP/1.1 the server can read",
            ))
            self.transport.close()

    GuardedH11Protocol.limits = limits  # type: ignore[attr-defined]
    return GuardedH11Protocol


def serve(
    database: str = "sqlite:///tables.db",
    *,
    host: str = "127.0.0.1",
    port: int = 8000,
    limits: Limits | None = None,
    origins: tuple[str, ...] = (),
    cors: tuple[str, ...] = (),
    expire_after: float | None = None,
    static: str | os.PathLike[str] | None = None,
) -> None:
    """Serve the tables of ``database`` on ``host``:``port`` until interrupted,
    deleting tables abandoned for ``expire_after`` seconds (``None``: never), and
    the files of the directory ``static`` (a front end) at ``/``.

    A database that cannot be opened is refused before the server starts:

    >>> serve("mysql://db")
    Traceback (most recent call last):
    ...
    threeup3down.core.errors.TableError: unknown database URL 'mysql://db': use sqlite:///FILE or postgresql://...
    """
    limits = limits or Limits()
    if static is not None:  # before the database is opened, or created
        _check_static(static)
    store = open_store(database)
    hub = TableHub(store, expire_after=expire_after)
    app = create_app(store, limits=limits, origins=origins, cors=cors, hub=hub, static=static)
    config = uvicorn.Config(
        app,
        host=host,
        port=port,
        http=guarded_http(limits),
        ws="websockets-sansio",
        ws_max_size=65536,
        timeout_keep_alive=5,
        log_level="warning",
        lifespan="on",
    )
    gc.freeze()  # what is loaded by now lasts the server's life: no collection looks at it again
    uvicorn.Server(config).run()
