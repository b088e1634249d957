"""The table server: ``threeup3down serve``, for front ends in any language.

Front ends that cannot import Python play through it: a lobby over JSON on
HTTP creates tables and hands out seats, and play goes over a WebSocket, each
seat shown only what it may see. Every move is committed to a database
before any frame about it is sent. It needs the ``[server]`` extra
(Starlette, uvicorn, websockets).

The protocol is in :mod:`threeup3down.server.protocol`; the frames a seat is
sent in :mod:`threeup3down.server.frames`; the database in
:mod:`threeup3down.server.store`; the tables in play in
:mod:`threeup3down.server.tables`; their clocks in
:mod:`threeup3down.server.clocks`; the web application in
:mod:`threeup3down.server.app`.
"""

__all__: list[str] = []
