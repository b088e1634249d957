"""The table server as an ASGI application (Starlette): the lobby and the tables' WebSockets.

The lobby speaks JSON over HTTP:

=========================================  ====================================================
``POST /api/tables``                       create a table (``create-table`` → ``table-created``)
``GET /api/tables/{table}``                what anyone may know of it (``table``)
``POST /api/tables/{table}/join``          take a seat with its invite (``join`` → ``joined``)
``GET /api/tables/{table}/record``         the game record, seed included, once the table is over
``WS /api/tables/{table}/play``            play or watch (:mod:`threeup3down.server.protocol`)
=========================================  ====================================================

A plain ``GET`` of the WebSocket's path, without the upgrade, is answered
426 ``upgrade-required``, saying to open it as a WebSocket.

With ``static``, every other path is a file of that directory (a front end's
page, its script and its style sheet), so the page and the API share one
origin; ``/`` is its ``index.html``.

Every refused request gets a JSON body ``{"error": {"code": ..., "message": ...}}``
with its status. A client address may create tables, join them and open
connections only within :class:`~threeup3down.server.limits.Limits`; nothing a
client does removes another's table. A WebSocket whose ``Origin`` is neither
the server's own nor among ``origins`` is refused (403); CORS for the lobby is
allowed to the ``cors`` origins only.

WebSocket close codes: 4400 a bad or missing hello, 4401 a wrong token, 4404
no such table (or one abandoned and deleted meanwhile), 4408 no hello in time, 4429 too many messages or connections,
1009 a message over :data:`~threeup3down.server.protocol.MAX_MESSAGE_SIZE`.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
from collections.abc import AsyncIterator, Sequence
from typing import NoReturn, cast

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.cors import CORSMiddleware
from starlette.requests import HTTPConnection, Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from starlette.websockets import WebSocket, WebSocketDisconnect

from threeup3down.core.errors import TableError, ThreeUpError
from threeup3down.formats.codec import JsonValue
from threeup3down.formats.serialization import RECORD, RULES
from threeup3down.server.clocks import TimeControl
from threeup3down.server.frames import FrameCursor
from threeup3down.server.limits import Connections, Limits, Rate, RateTable
from threeup3down.server.protocol import (
    MAX_MESSAGE_SIZE,
    PROTOCOL_VERSION,
    Hello,
    MoveMessage,
    error_message,
    parse_client_message,
)
from threeup3down.server.store import Store
from threeup3down.server.tables import DEFAULT_BOT_TIME_LIMIT, HUMAN, LiveTable, TableHub

__all__ = ["create_app"]

_STATUS = {
    "no-such-table": 404,
    "bad-invite": 403,
    "seat-taken": 409,
    "in-play": 409,
    "rate-limited": 429,
    "too-large": 413,
    "bad-rules": 422,
    "timeout": 408,
    "upgrade-required": 426,
}
"""The HTTP status of each refusal; any other is 400."""


def _error(code: str, message: str, status: int | None = None) -> JSONResponse:
    body = {"error": {"code": code, "message": message}}
    return JSONResponse(body, status_code=status or _STATUS.get(code, 400))


def _client(connection: HTTPConnection) -> str:
    return connection.client.host if connection.client else "unknown"


async def _read_json(request: Request, limit: int) -> dict[str, object]:
    """The request's body: one JSON object of at most ``limit`` bytes."""
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > limit:
        raise TableError(f"a body of {declared} bytes is over the limit of {limit}", code="too-large")
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > limit:
            raise TableError(f"the body is over the limit of {limit} bytes", code="too-large")
    if not body.strip():
        raise TableError("the request needs a JSON object as its body", code="bad-request")
    try:
        document = json.loads(body, parse_constant=_refuse_constant)
    except ValueError as error:
        raise TableError(f"the body is not JSON: {error}", code="bad-json") from None
    if not isinstance(document, dict):
        raise TableError("the body must be a JSON object", code="bad-request")
    return cast(dict[str, object], document)


def _refuse_constant(name: str) -> object:
    raise ValueError(f"{name} is not a JSON number")


def _only(body: dict[str, object], allowed: Sequence[str], what: str) -> None:
    unknown = sorted(set(body) - set(allowed))
    if unknown:
        hint = " (the server chooses the seed, and keeps it secret until the game ends)" if (
            "seed" in unknown
        ) else ""
        raise TableError(
            f"unknown field {unknown[0]!r} in {what}: the fields are {', '.join(allowed)}{hint}",
            code="bad-request",
        )


class _Server:
    """The application's handlers, over one hub."""

    def __init__(self, hub: TableHub, limits: Limits, origins: Sequence[str]) -> None:
        self.hub = hub
        self.limits = limits
        self.origins = frozenset(origins)
        self.creations = RateTable(
            per_second=limits.tables_per_minute / 60, burst=limits.tables_burst
        )
        self.joins = RateTable(per_second=limits.joins_per_minute / 60, burst=10)
        self.sockets = Connections(cap=limits.connections_per_client)

    # ---------------------------------------------------------------- lobby

    async def create(self, request: Request) -> Response:
        if not self.creations.allow(_client(request)):
            raise TableError("too many tables created from this address: wait a little", code="rate-limited")
        body = await _read_json(request, self.limits.body_size)
        _only(body, ("rules", "seats", "bot_time_limit", "clock"), "a table")
        seats = body.get("seats")
        if (
            not isinstance(seats, list)
            or not seats
            or not all(isinstance(seat, str) and 0 < len(seat) <= 40 for seat in seats)
        ):
            raise TableError(
                "seats must be a list naming who sits at each seat: \"human\" or a bot's name",
                code="bad-request",
            )
        fields = body.get("rules", {})
        if not isinstance(fields, dict):
            raise TableError("rules must be an object: the fields of a rules document", code="bad-request")
        try:
            rules = RULES.from_dict(
                {"players": len(seats), **fields, "format": RULES.name, "version": 1}
            )
        except ThreeUpError as error:
            raise TableError(f"rules: {error}", code="bad-rules") from None
        limit = body.get("bot_time_limit", DEFAULT_BOT_TIME_LIMIT)
        if isinstance(limit, bool) or not isinstance(limit, (int, float)) or not 0 < limit <= 60:
            raise TableError("bot_time_limit must be a number of seconds, above 0 and at most 60", code="bad-request")
        clock = None if body.get("clock") is None else TimeControl.from_json(body["clock"])
        table_id, invites = await self.hub.create(
            rules, tuple(cast(list[str], seats)), bot_time_limit=float(limit), clock=clock
        )
        return JSONResponse({"table": table_id, "invites": invites}, status_code=201)

    async def summary(self, request: Request) -> Response:
        table = await self.hub.get(request.path_params["table"])
        return JSONResponse(
            {
                "table": table.id,
                "players": list(table.stored.players),
                "joined": [
                    player != HUMAN or token is not None
                    for player, token in zip(table.stored.players, table.tokens)
                ],
                "moves": len(table.moves),
                "result": table.result,
                "clock": None if table.clock is None else table.clock.to_json(),
            }
        )

    async def join(self, request: Request) -> Response:
        if not self.joins.allow(_client(request)):
            raise TableError("too many joins from this address: wait a little", code="rate-limited")
        body = await _read_json(request, self.limits.body_size)
        _only(body, ("invite",), "a join")
        invite = body.get("invite")
        if not isinstance(invite, str) or not invite:
            raise TableError("invite must be the invite code of a seat", code="bad-request")
        seat, token = await self.hub.join(request.path_params["table"], invite)
        return JSONResponse({"seat": seat, "token": token})

    async def record(self, request: Request) -> Response:
        table = await self.hub.get(request.path_params["table"])
        return JSONResponse(RECORD.to_dict(table.record()))

    # ----------------------------------------------------------------- play

    async def upgrade_required(self, request: Request) -> Response:
        """426: the play path is a WebSocket, and this request did not ask to upgrade."""
        refused = _error(
            "upgrade-required",
            f"{request.url.path} is a WebSocket endpoint: open it as a WebSocket "
            "(ws:// or wss://), not with a plain HTTP request",
        )
        refused.headers["upgrade"] = "websocket"
        return refused

    def origin_allowed(self, websocket: WebSocket) -> bool:
        origin = websocket.headers.get("origin")
        if origin is None or origin in self.origins:
            return True  # not a browser, or a page the operator allows
        host = websocket.headers.get("host")
        return host is not None and origin in (f"http://{host}", f"https://{host}")

    async def play(self, websocket: WebSocket) -> None:
        if not self.origin_allowed(websocket):
            await websocket.close(code=4403)  # before the handshake: the client sees 403
            return
        client = _client(websocket)
        if not self.sockets.open(client):
            await websocket.close(code=4429)
            return
        try:
            await websocket.accept()
            await _Session(self, websocket).run(websocket.path_params["table"])
        except WebSocketDisconnect:
            pass
        finally:
            self.sockets.close(client)


class _Closed(Exception):
    """The session is over: the client left, or was sent away."""


class _Session:
    """One WebSocket: the hello, then frames out and moves in."""

    def __init__(self, server: _Server, websocket: WebSocket) -> None:
        self.server = server
        self.websocket = websocket
        self.sending = asyncio.Lock()
        self.rate = Rate(
            per_second=server.limits.messages_per_second, burst=server.limits.messages_burst
        )

    async def send(self, message: dict[str, JsonValue]) -> None:
        async with self.sending:
            await self.websocket.send_text(json.dumps(message, separators=(",", ":")))

    async def send_away(self, error: ThreeUpError, close: int) -> NoReturn:
        """Tell the client why, and close the connection with code ``close``."""
        await self.send(error_message(error))
        await self.websocket.close(code=close)
        raise _Closed

    async def receive(self) -> str:
        received = await self.websocket.receive()
        if received["type"] == "websocket.disconnect":
            raise _Closed
        text = received.get("text")
        if text is None:
            data = received.get("bytes") or b""
            if len(data) > MAX_MESSAGE_SIZE:
                await self.websocket.close(code=1009)
                raise _Closed
            try:
                text = data.decode("utf-8")
            except UnicodeDecodeError:
                return "\ufffd"  # not JSON: refused as such
        if len(text.encode()) > MAX_MESSAGE_SIZE:
            await self.send(error_message(TableError(
                f"a message over {MAX_MESSAGE_SIZE} bytes", code="too-large"
            )))
            await self.websocket.close(code=1009)
            raise _Closed
        return cast(str, text)

    async def run(self, table_id: str) -> None:
        with contextlib.suppress(_Closed):
            try:
                text = await asyncio.wait_for(self.receive(), self.server.limits.hello_time)
            except TimeoutError:
                await self.websocket.close(code=4408)
                return
            hello = await self.hello(text)
            try:
                table = await self.server.hub.get(table_id)
            except TableError as error:
                await self.send_away(error, 4404)
            seat = None
            if hello.token is not None:
                try:
                    seat = await self.server.hub.seat_of(table, hello.token)
                except TableError as error:
                    await self.send_away(error, 4401)
            if hello.last is not None and hello.last > len(table.moves):
                await self.send_away(TableError(
                    f"frame {hello.last} was never sent: the last is {len(table.moves)}",
                    code="bad-message",
                ), 4400)
            await self.send({
                "type": "welcome", "version": PROTOCOL_VERSION, "table": table.id, "seat": seat,
                "players": list(table.stored.players),
                "clock": None if table.clock is None else table.clock.to_json(),
            })
            await self.attend(table, seat, hello)

    async def hello(self, text: str) -> Hello:
        try:
            message = parse_client_message(text)
        except TableError as error:
            await self.send_away(error, 4400)
        if not isinstance(message, Hello):
            await self.send_away(TableError("the first message must be a hello", code="hello-first"), 4400)
        return message

    async def attend(self, table: LiveTable, seat: int | None, hello: Hello) -> None:
        news = asyncio.Event()
        news.set()
        table.watchers.add(news)
        sender = asyncio.get_running_loop().create_task(self.send_frames(table, seat, hello, news))
        try:
            while True:
                text = await self.receive()
                if not self.rate.allow():
                    await self.send_away(TableError(
                        "too many messages: the connection is closed", code="rate-limited"
                    ), 4429)
                await self.handle(table, seat, hello, text)
        finally:
            table.watchers.discard(news)
            sender.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await sender

    async def handle(self, table: LiveTable, seat: int | None, hello: Hello, text: str) -> None:
        try:
            message = parse_client_message(text)
            if isinstance(message, Hello):
                raise TableError("hello was already sent", code="bad-message")
            assert isinstance(message, MoveMessage)
            if seat is None:
                raise TableError("a spectator makes no moves", code="spectator")
            if message.seat is not None and message.seat != seat:
                raise TableError(
                    f"this token moves for seat {seat}, not seat {message.seat}", code="not-your-seat"
                )
            await self.server.hub.move(table, seat, message.move)
        except ThreeUpError as error:
            await self.send(error_message(error, locale=hello.locale, seat=seat))

    async def send_frames(self, table: LiveTable, seat: int | None, hello: Hello, news: asyncio.Event) -> None:
        cursor = FrameCursor(table.deal, table.moves, seat, hello.last, svg=hello.svg, locale=hello.locale)
        running: int | None = None  # the seat whose clock this client was last told runs
        told_forfeit = False
        while True:
            await news.wait()
            news.clear()
            if table.expired:
                await self.send(error_message(TableError(
                    f"table {table.id!r} was abandoned and is gone", code="no-such-table"
                )))
                await self.websocket.close(code=4404)
                return
            moves, timeline = list(table.moves), table.timeline()  # as of now: more may come while sending
            for frame in cursor.frames(moves):
                if timeline is not None:
                    clock = timeline.to_json(
                        cast(int, frame["n"]), table.to_move(cast(int, frame["n"])), when=self.server.hub.now()
                    )
                    frame["clock"], running = clock, cast(int | None, clock["running"])
                await self.send(frame)
            if timeline is not None and cursor.sent is not None:
                latest = len(moves)
                clock = timeline.to_json(latest, table.to_move(latest), when=self.server.hub.now())
                if clock["running"] != running:  # the clock started, or stopped at a forfeit
                    running = cast(int | None, clock["running"])
                    await self.send({"type": "clock", "n": latest, **clock})
            if table.forfeit is not None and not told_forfeit and cursor.sent == len(table.moves):
                told_forfeit = True
                await self.send({"type": "forfeit", "seat": table.forfeit, "n": len(table.moves),
                                 "result": table.result})


class _RequestTimeout:
    """Bound the time of a whole HTTP request in the application (408 if it runs out
    before the answer starts)."""

    def __init__(self, app: ASGIApp, seconds: float) -> None:
        self.app = app
        self.seconds = seconds

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = False

        async def send_tracked(message: Message) -> None:
            nonlocal started
            started = True
            await send(message)

        try:
            async with asyncio.timeout(self.seconds):
                await self.app(scope, receive, send_tracked)
        except TimeoutError:
            if not started:
                response = _error("timeout", f"the request took over {self.seconds:g} seconds")
                await response(scope, receive, send)


async def _http_error(request: Request, error: Exception) -> Response:
    assert isinstance(error, HTTPException)
    codes = {404: "not-found", 405: "method-not-allowed"}
    return _error(codes.get(error.status_code, "bad-request"), str(error.detail), error.status_code)


async def _table_error(request: Request, error: Exception) -> Response:
    assert isinstance(error, TableError)
    return _error(error.code, str(error))


async def _server_error(request: Request, error: Exception) -> Response:
    return _error("server-error", "the server failed on this request", 500)


def _check_static(static: str | os.PathLike[str]) -> None:
    """Refuse ``static`` unless it is a directory (of a front end's files to serve).

    >>> _check_static("no/such/folder")
    Traceback (most recent call last):
    ...
    threeup3down.core.errors.TableError: static: no/such/folder is not a directory of files to serve
    """
    if not os.path.isdir(static):
        raise TableError(f"static: {os.fspath(static)} is not a directory of files to serve", code="bad-static")


def create_app(
    store: Store,
    *,
    limits: Limits | None = None,
    origins: Sequence[str] = (),
    cors: Sequence[str] = (),
    hub: TableHub | None = None,
    static: str | os.PathLike[str] | None = None,
) -> Starlette:
    """The table server over ``store``: every table in it resumes when the app starts;
    with ``static``, the files of that directory are served at ``/`` (beneath the API).

    >>> from threeup3down.server.store import open_store
    >>> app = create_app(open_store("sqlite://"))
    >>> sorted({route.path for route in app.routes})  # doctest: +NORMALIZE_WHITESPACE
    ['/api/tables', '/api/tables/{table}', '/api/tables/{table}/join',
     '/api/tables/{table}/play', '/api/tables/{table}/record']

    A directory that does not exist is refused at once:

    >>> create_app(open_store("sqlite://"), static="no/such/folder")
    Traceback (most recent call last):
    ...
    threeup3down.core.errors.TableError: static: no/such/folder is not a directory of files to serve

    .. versionchanged:: 0.5.0
       ``static``.
    """
    limits = limits or Limits()
    hub = hub or TableHub(store)
    server = _Server(hub, limits, origins)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        hub.listen()
        await hub.resume()
        expiring = asyncio.get_running_loop().create_task(hub.keep_expiring())
        try:
            yield
        finally:
            expiring.cancel()
            hub.close()
            await asyncio.sleep(0)  # the cancelled tasks end before the loop does

    routes: list[BaseRoute] = [
        Route("/api/tables", server.create, methods=["POST"]),
        Route("/api/tables/{table}", server.summary, methods=["GET"]),
        Route("/api/tables/{table}/join", server.join, methods=["POST"]),
        Route("/api/tables/{table}/record", server.record, methods=["GET"]),
        WebSocketRoute("/api/tables/{table}/play", server.play),
        Route("/api/tables/{table}/play", server.upgrade_required, methods=["GET"]),
    ]
    if static is not None:
        _check_static(static)
        routes.append(Mount("/", app=StaticFiles(directory=static, html=True), name="static"))
    app = Starlette(
        routes=routes,
        middleware=[
            Middleware(_RequestTimeout, seconds=limits.request_time),
            Middleware(CORSMiddleware, allow_origins=list(cors), allow_methods=["GET", "POST"],
                       allow_headers=["content-type"]),
        ],
        exception_handlers={
            HTTPException: _http_error,
            TableError: _table_error,
            Exception: _server_error,
        },
        lifespan=lifespan,
    )
    app.state.hub = hub
    return app
