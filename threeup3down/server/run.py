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
import errno
import gc
import json
import os
import socket

import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

from threeup3down.core.errors import TableError
from threeup3down.server.app import _check_static, create_app
from threeup3down.server.limits import Connections, Limits
from threeup3down.server.store import open_store
from threeup3down.server.tables import TableHub

__all__ = ["guarded_http", "listen", "serve"]


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


def listen(host: str, port: int) -> list[socket.socket]:
    """Sockets bound to every address of ``host`` on ``port`` (0: a free port,
    the same for each), listening; :class:`~threeup3down.core.errors.TableError`
    naming the address and port when one is in use or cannot be had.

    .. versionadded:: 0.5.0

    >>> sockets = listen("127.0.0.1", 0)
    >>> taken = sockets[0].getsockname()[1]
    >>> listen("127.0.0.1", taken)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    threeup3down.core.errors.TableError: port ... on 127.0.0.1 is in use: stop what listens there, or give another --port
    >>> for bound in sockets:
    ...     bound.close()
    """
    try:
        addresses = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except socket.gaierror as error:
        raise TableError(f"cannot listen on {host!r}: {error.strerror}", code="bad-address") from None
    sockets: list[socket.socket] = []
    for family, kind, proto, _, address in dict.fromkeys(info for info in addresses):
        bound = socket.socket(family, kind, proto)
        sockets.append(bound)
        bound.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        if family == socket.AF_INET6:
            bound.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
        wanted = port if port or len(sockets) == 1 else int(sockets[0].getsockname()[1])
        if wanted != port:
            address = (address[0], wanted, *address[2:])
        try:
            bound.bind(address)
            bound.listen(2048)
        except OSError as error:
            for opened in sockets:
                opened.close()
            if error.errno == errno.EADDRINUSE:
                raise TableError(
                    f"port {wanted} on {host} is in use: stop what listens there, or give another --port",
                    code="address-in-use",
                ) from None
            raise TableError(f"cannot listen on port {port} of {host}: {error.strerror}", code="bad-address") from None
    return sockets


def _url(host: str, port: int) -> str:
    """The address a browser opens, ``http://127.0.0.1:8000`` (IPv6 in brackets)."""
    return f"http://[{host}]:{port}" if ":" in host else f"http://{host}:{port}"


class _Server(uvicorn.Server):
    """uvicorn's server, saying on standard output where it listens once it does."""

    def __init__(self, config: uvicorn.Config, url: str) -> None:
        super().__init__(config)
        self.url = url

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        await super().startup(sockets)
        print(f"listening on {self.url}", flush=True)


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
    the files of the directory ``static`` (a front end) at ``/``. Once it
    listens, it prints one line on standard output, ``listening on
    http://127.0.0.1:8000`` (the port it was given, or the one it found for
    ``port=0``).

    A database that cannot be opened, and a port already in use (:func:`listen`),
    are refused before the server starts:

    >>> serve("mysql://db")
    Traceback (most recent call last):
    ...
    threeup3down.core.errors.TableError: unknown database URL 'mysql://db': use sqlite:///FILE or postgresql://...
    """
    limits = limits or Limits()
    if static is not None:  # before the database is opened, or created
        _check_static(static)
    store = open_store(database)
    try:
        sockets = listen(host, port)
    except TableError:
        store.close()
        raise
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
    _Server(config, _url(host, sockets[0].getsockname()[1])).run(sockets=sockets)
