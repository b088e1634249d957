"""Play 3UP 3DOWN in a browser: you at seat 0, bots at the other seats.

Run it, then open the address it prints::

    python examples/web/server.py [--port 8000]

The server keeps each game's full state and sends the page only what seat 0
may know: its observation (as a JSON document and as an SVG picture), its
legal moves in move notation, and the events of every move, hidden
information removed and told in the game's language. The page sends back
moves in move notation. The server does not check them: the engine does, and
a move it refuses comes back with the engine's message and the rule it breaks.

Every text is in the language the page asks for (``?lang=km`` in its address,
else the browser's language; English without a catalog): the engine's texts
from the package's catalogs, the page's own from ``locale/`` here (domain
``web``, :data:`PAGE_TEXTS`). Notation, JSON and rule IDs are the same in
every language.

JSON endpoints (every answer is a JSON object):

``GET /api/texts?lang=km``
    The page's texts in that language: ``lang`` (the tag to put on the page,
    ``en`` without a catalog), ``texts`` (:data:`PAGE_TEXTS`, translated) and
    ``languages``, each ``[tag, name]`` with a catalog, English first.
``POST /api/games``  ``{"rules": {...}, "seed": 7, "locale": "km"}``
    Start a game (every field optional; ``rules`` holds
    :class:`~threeup3down.Rules` fields; ``locale`` is the language of the
    game's texts). Answers the view (below), 201.
``GET /api/games/ID``
    The view: ``game``, ``observation``, ``svg``, ``legal_moves``,
    ``to_move``, ``over``, ``result``, and ``last_move``: the move the
    picture highlights, told by
    :meth:`LastMove.describe <threeup3down.views.svg.LastMove.describe>` (``null``
    before the first).
``POST /api/games/ID/moves``  ``{"move": "7r,7g"}``
    Make seat 0's move, then let the bots move until seat 0 is to move again
    or the game is over. Answers the view and ``events``, the move's and the
    bots' events as ``{"text": ..., "event": {...}}``. A move the engine
    refuses answers 422 with ``error`` (the engine's message, in English),
    ``rule`` and ``message`` (the refusal told to you in the game's language);
    text that is no move at all, 400 with ``error``.

Bad requests get a JSON answer, never a dropped connection: a body that is
not JSON, nested too deeply or larger than :data:`MAX_BODY` bytes, a
``Content-Length`` that is no number, unknown game ids and paths. A request
that is not fully sent within ``--timeout`` seconds is closed, at most
``--max-connections`` are served at once (more are answered 503 at once),
and the listen backlog holds :data:`BACKLOG` waiting connections. Bots play
every seat but yours, so a game must have a turn limit (O10) of at most
:data:`MAX_TURN_LIMIT`: without one a game of bots could go on for ever.
"""

from __future__ import annotations

import argparse
import json
import random
import secrets
import socket
import sys
import threading
from collections.abc import Callable, Sequence
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs

from threeup3down import (
    DocumentError,
    GameState,
    IllegalMoveError,
    Move,
    NotationError,
    Rules,
    new_game,
    parse_move,
)
from threeup3down.bots import LowestCardBot, decide
from threeup3down.core.errors import LocaleError
from threeup3down.core.i18n import N_, languages, translation
from threeup3down.formats.codec import JsonValue, decode
from threeup3down.views.events import Event, GameOver, apply_with_events, events_for
from threeup3down.views.narration import describe
from threeup3down.views.observation import observe
from threeup3down.formats.serialization import to_dict
from threeup3down.views.svg import LastMove, observation_svg

__all__ = ["HUMAN", "Game", "Lobby", "main", "make_server"]

HUMAN = 0
"""The seat the person plays; bots play every other seat."""
MAX_GAMES = 200
"""Games kept at once; starting another forgets the oldest."""
MAX_BODY = 65536
"""The largest request body read, in bytes."""
MAX_TURN_LIMIT = 10000
"""The largest turn limit (O10) a game may have; every game must have one."""
BACKLOG = 128
"""Connections the operating system holds while every worker is busy."""
READ_TIMEOUT = 10.0
"""Seconds a client has to send each part of its request (default of ``--timeout``)."""
MAX_CONNECTIONS = 64
"""Connections served at once (default of ``--max-connections``)."""
STATIC = Path(__file__).resolve().parent / "static"
_FILES = {
    "/": ("index.html", "text/html; charset=utf-8"),
    "/static/app.js": ("app.js", "text/javascript; charset=utf-8"),
    "/static/style.css": ("style.css", "text/css; charset=utf-8"),
}

LOCALE = Path(__file__).resolve().parent / "locale"
"""The page's own catalogs (domain ``web``): ``locale/<language>/LC_MESSAGES/web.mo``."""
PAGE_TEXTS = {
    # The name of the language of the catalog, as its speakers write it (in the language picker).
    "language_name": N_("English"),
    "language": N_("Language"),
    "players": N_("Players"),
    "seed": N_("Seed"),
    "random": N_("random"),
    "places": N_("places"),
    "draw_instead": N_("draw instead"),
    "reverse_on_one": N_("1 reverses"),
    "reverse_each_one": N_("each 1 reverses"),
    "early_draw_one": N_("early draw: one card"),
    "clear_ends_turn": N_("Clear ends the turn"),
    "same_colour_swap": N_("same-colour swap"),
    "new_game": N_("New game"),
    "table": N_("the table"),
    "hint": N_("Start a game: you are player 0, bots play the other seats."),
    "select_hint": N_("Click your cards to select them; click a 3DOWN card to turn it over."),
    "play": N_("Play selected"),
    "choose": N_("Choose selected as 3UP"),
    "swap": N_("Swap selected"),
    "swap_title": N_("one hand card and one 3UP card (O7)"),
    "clear": N_("Clear selection"),
    "pick": N_("Pick up the pile"),
    "draw": N_("Draw first"),
    "take": N_("Take a card instead"),
    "keep": N_("Keep my cards"),
    "legal_moves": N_("Legal moves now"),
    "what_happened": N_("What happened"),
    "over": N_("The game is over."),
    "your_move": N_("Your move."),
    "waiting": N_("Waiting for player %(player)s."),
    "last_move": N_("Outlined in purple on the table: the last move, %(move)s."),
    "selected": N_("Selected: %(cards)s"),
    "not_allowed": N_("Not allowed: %(message)s (rule %(rule)s)"),
    "cannot_start": N_("Cannot start: %(error)s"),
    "you_played": N_("You: %(move)s"),
    "new_game_log": N_("New game %(game)s"),
}
"""Every text of the page (index.html, app.js), by the key the page looks it up by.
A text with ``%(name)s`` is filled in by the page."""


def page_texts(locale: str | None) -> Json:
    """The answer of ``GET /api/texts``: the page's texts in the language of ``locale``.

    Raises :class:`Refused` (400) for a locale that is not a language tag.
    """
    try:
        catalog = translation(locale, domain="web", directory=LOCALE)
    except LocaleError as error:
        raise Refused(HTTPStatus.BAD_REQUEST, f"lang: {error}") from None
    offered = languages(domain="web", directory=LOCALE)
    tag = next((language for language in offered if _same_language(language, locale)), "en")
    names: list[JsonValue] = [["en", "English"]]
    for language in offered:
        names.append([language, translation(language, domain="web", directory=LOCALE).gettext("English")])
    return {
        "lang": tag,
        "texts": {key: catalog.gettext(text) for key, text in PAGE_TEXTS.items()},
        "languages": names,
    }


def _same_language(language: str, locale: str | None) -> bool:
    """Whether ``locale`` (``km-KH``, ``km_KH.UTF-8``) is in ``language`` (``km``)."""
    return locale is not None and locale.replace("-", "_").split("_")[0].split(".")[0].lower() == language


Json = dict[str, JsonValue]
_Handle = Callable[[], tuple[HTTPStatus, Json]]


class Refused(Exception):
    """A request the server answers with an error status and a JSON message."""

    def __init__(self, status: HTTPStatus, message: str, rule: str | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.body: Json = {"error": message, "rule": rule}


class Game:
    """One game: its full state (kept here, never sent) and the last move made."""

    def __init__(self, game_id: str, state: GameState, locale: str | None = None) -> None:
        self.game_id = game_id
        self.state = state
        self.locale = locale
        """The language of the game's texts (``None``: English)."""
        self.last_move: LastMove | None = None
        self.lock = threading.Lock()
        self.bot = LowestCardBot()
        self.rng = random.Random(game_id)

    def view(self) -> Json:
        """What seat 0 may know now, as JSON."""
        observation = observe(self.state, HUMAN)
        result = None
        if self.state.is_over:
            result = describe(
                GameOver(self.state.winner, self.state.places, self.state.is_stalemate), you=HUMAN,
                locale=self.locale,
            )
        return {
            "game": self.game_id,
            "observation": to_dict(observation),
            "svg": observation_svg(observation, last_move=self.last_move, locale=self.locale),
            "legal_moves": [str(move) for move in observation.legal_moves()],
            "to_move": observation.is_to_move,
            "over": observation.is_over,
            "result": result,
            "last_move": (
                None if self.last_move is None else self.last_move.describe(HUMAN, locale=self.locale)
            ),
        }

    def play(self, text: str) -> list[Json]:
        """Make seat 0's move written ``text``, then the bots' moves; their events for seat 0.

        Raises :class:`Refused` if it is not seat 0's turn, if ``text`` is no
        move, or if the engine refuses the move.
        """
        if self.state.is_over:
            raise Refused(HTTPStatus.CONFLICT, "the game is over")
        if self.state.current_player != HUMAN:
            raise Refused(HTTPStatus.CONFLICT, "it is not your turn")
        try:
            move = parse_move(text)
        except NotationError as error:
            raise Refused(HTTPStatus.BAD_REQUEST, str(error)) from None
        try:
            events = list(self._make(move))
        except IllegalMoveError as error:
            refusal = Refused(HTTPStatus.UNPROCESSABLE_ENTITY, str(error), error.rule)
            refusal.body["message"] = error.message(self.locale, you=HUMAN)
            raise refusal from None
        while not self.state.is_over and self.state.current_player != HUMAN:
            events.extend(self._make(decide(self.bot, self.state, self.rng)))
        return [
            {"text": describe(event, you=HUMAN, locale=self.locale), "event": to_dict(event)}
            for event in events
        ]

    def _make(self, move: Move) -> tuple[Event, ...]:
        player = self.state.current_player
        self.state, events = apply_with_events(self.state, move)
        self.last_move = LastMove(player, move)
        return events_for(events, HUMAN)


class Lobby:
    """Every game the server hosts, by id."""

    def __init__(self) -> None:
        self.games: dict[str, Game] = {}
        self.lock = threading.Lock()

    def start(self, request: Json) -> Game:
        """A new game from a request ``{"rules": {...}, "seed": N, "locale": "km"}``."""
        unknown = set(request) - {"rules", "seed", "locale"}
        if unknown:
            raise Refused(HTTPStatus.BAD_REQUEST, f"unknown fields: {', '.join(sorted(unknown))}")
        seed = request.get("seed")
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
            raise Refused(HTTPStatus.BAD_REQUEST, "seed: expected an integer or null")
        try:
            rules = decode(request.get("rules", {}), Rules, "$.rules")
        except DocumentError as error:
            raise Refused(HTTPStatus.BAD_REQUEST, str(error)) from None
        assert isinstance(rules, Rules)
        if rules.turn_limit is None or rules.turn_limit > MAX_TURN_LIMIT:
            raise Refused(
                HTTPStatus.BAD_REQUEST,
                f"$.rules.turn_limit: bots play here, so a game needs a turn limit (O10) of at most "
                f"{MAX_TURN_LIMIT}, not {rules.turn_limit}",
            )
        locale = request.get("locale")
        if locale is not None and not isinstance(locale, str):
            raise Refused(HTTPStatus.BAD_REQUEST, "locale: expected a language tag such as 'km', or null")
        try:
            translation(locale)
        except LocaleError as error:
            raise Refused(HTTPStatus.BAD_REQUEST, f"locale: {error}") from None
        game = Game(secrets.token_hex(8), new_game(rules, seed=seed), locale)
        with self.lock:
            while len(self.games) >= MAX_GAMES:
                del self.games[next(iter(self.games))]
            self.games[game.game_id] = game
        return game

    def find(self, game_id: str) -> Game:
        """The game ``game_id``; :class:`Refused` (404) if there is none."""
        with self.lock:
            game = self.games.get(game_id)
        if game is None:
            raise Refused(HTTPStatus.NOT_FOUND, f"no game {game_id!r}")
        return game


class Handler(BaseHTTPRequestHandler):
    """Serves the page and the JSON endpoints of one :class:`Lobby`."""

    server: LobbyServer
    server_version = "threeup3down-example"

    def do_GET(self) -> None:
        path, _, query = self.path.partition("?")
        if path in _FILES:
            name, content_type = _FILES[path]
            self._send(HTTPStatus.OK, (STATIC / name).read_bytes(), content_type)
        elif path == "/api/texts":
            wanted = parse_qs(query).get("lang", [None])[-1]
            self._answer(lambda: (HTTPStatus.OK, page_texts(wanted)))
        elif path.startswith("/api/games/") and path.count("/") == 3:
            self._answer(
                lambda: (HTTPStatus.OK, self.server.lobby.find(path.rsplit("/", 1)[1]).view())
            )
        else:
            self._json(HTTPStatus.NOT_FOUND, {"error": f"no page {path}"})

    def do_POST(self) -> None:
        parts = self.path.split("?", 1)[0].strip("/").split("/")
        if parts == ["api", "games"]:
            self._answer(lambda: (HTTPStatus.CREATED, self.server.lobby.start(self._body()).view()))
        elif len(parts) == 4 and parts[:2] == ["api", "games"] and parts[3] == "moves":
            self._answer(lambda: self._move(parts[2]))
        else:
            self._json(HTTPStatus.NOT_FOUND, {"error": f"no endpoint {self.path}"})

    def _move(self, game_id: str) -> tuple[HTTPStatus, Json]:
        body = self._body()
        text = body.get("move")
        if not isinstance(text, str) or set(body) != {"move"}:
            raise Refused(HTTPStatus.BAD_REQUEST, 'send {"move": "<move notation>"}')
        game = self.server.lobby.find(game_id)
        with game.lock:
            events = game.play(text)
            return HTTPStatus.OK, {**game.view(), "events": list[JsonValue](events)}

    def _answer(self, handle: _Handle) -> None:
        try:
            status, body = handle()
        except Refused as refusal:
            status, body = refusal.status, refusal.body
        except Exception as error:  # a bug: answer it, log it, keep serving
            self.log_error("error answering %s: %r", self.path, error)
            self.close_connection = True
            status, body = HTTPStatus.INTERNAL_SERVER_ERROR, {"error": "internal error"}
        self._json(status, body)

    def _body(self) -> Json:
        text = self.headers.get("Content-Length") or "0"
        if not text.isascii() or not text.isdigit():
            self.close_connection = True  # the body's end is unknown: read no further
            raise Refused(HTTPStatus.BAD_REQUEST, f"Content-Length {text!r} is not a number of bytes")
        length = int(text)
        if length > MAX_BODY:
            self.close_connection = True
            raise Refused(
                HTTPStatus.REQUEST_ENTITY_TOO_LARGE, f"request too large: at most {MAX_BODY} bytes"
            )
        try:
            data = self.rfile.read(length)
        except TimeoutError:
            self.close_connection = True
            raise Refused(HTTPStatus.REQUEST_TIMEOUT, "the request body was not sent in time") from None
        try:
            body = json.loads(data or b"{}")
        except (ValueError, RecursionError):  # RecursionError: nested too deeply
            raise Refused(HTTPStatus.BAD_REQUEST, "the request body is not JSON") from None
        if not isinstance(body, dict):
            raise Refused(HTTPStatus.BAD_REQUEST, "the request body is not a JSON object")
        return body

    def _json(self, status: HTTPStatus, body: Json) -> None:
        self._send(status, json.dumps(body).encode("utf-8"), "application/json")

    def _send(self, status: HTTPStatus, payload: bytes, content_type: str) -> None:
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(payload)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self.wfile.write(payload)

    def log_message(self, format: str, *args: object) -> None:
        if not self.server.quiet:
            super().log_message(format, *args)


class LobbyServer(ThreadingHTTPServer):
    """A threading HTTP server that hosts a :class:`Lobby`.

    Each connection has ``timeout`` seconds for every read; at most
    ``max_connections`` are served at once, and any more are answered 503 at
    once rather than given a thread.
    """

    daemon_threads = True
    request_queue_size = BACKLOG

    def __init__(
        self, port: int, *, quiet: bool = False, timeout: float = READ_TIMEOUT,
        max_connections: int = MAX_CONNECTIONS,
    ) -> None:
        handler = type("TimedHandler", (Handler,), {"timeout": timeout})
        super().__init__(("127.0.0.1", port), handler)
        self.lobby = Lobby()
        self.quiet = quiet
        self.slots = threading.BoundedSemaphore(max_connections)

    def process_request(
        self, request: socket.socket | tuple[bytes, socket.socket], client_address: Any
    ) -> None:
        """Serve ``request`` in a thread of its own if a slot is free; else answer 503."""
        if self.slots.acquire(blocking=False):
            super().process_request(request, client_address)
            return
        assert isinstance(request, socket.socket)
        body = b'{"error": "the server is busy: try again shortly"}'
        try:
            request.settimeout(1.0)
            request.sendall(
                b"HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\n"
                b"Retry-After: 1\r\nConnection: close\r\n"
                + f"Content-Length: {len(body)}\r\n\r\n".encode() + body
            )
        except OSError:
            pass
        self.shutdown_request(request)

    def process_request_thread(
        self, request: socket.socket | tuple[bytes, socket.socket], client_address: Any
    ) -> None:
        """Serve ``request``, then free its slot."""
        try:
            super().process_request_thread(request, client_address)
        finally:
            self.slots.release()


def make_server(
    port: int = 0, *, quiet: bool = False, timeout: float = READ_TIMEOUT,
    max_connections: int = MAX_CONNECTIONS,
) -> LobbyServer:
    """A server on 127.0.0.1 (only), at ``port`` (0: any free port)."""
    return LobbyServer(port, quiet=quiet, timeout=timeout, max_connections=max_connections)


def main(argv: Sequence[str] | None = None) -> int:
    """Serve until interrupted."""
    parser = argparse.ArgumentParser(description="Play 3UP 3DOWN against bots in a browser.")
    parser.add_argument(
        "--port", type=int, default=8000, help="port on 127.0.0.1 (0: any free port)"
    )
    parser.add_argument("--quiet", action="store_true", help="do not log requests")
    parser.add_argument(
        "--timeout", type=float, default=READ_TIMEOUT,
        help=f"seconds a client has to send each part of a request (default {READ_TIMEOUT:g})",
    )
    parser.add_argument(
        "--max-connections", type=int, default=MAX_CONNECTIONS,
        help=f"connections served at once; more are answered 503 (default {MAX_CONNECTIONS})",
    )
    options = parser.parse_args(argv)
    server = make_server(
        options.port, quiet=options.quiet, timeout=options.timeout,
        max_connections=options.max_connections,
    )
    print(f"Serving 3UP 3DOWN on http://127.0.0.1:{server.server_address[1]}/", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
