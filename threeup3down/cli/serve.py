"""``threeup3down serve``: run the table server (it needs the ``[server]`` extra).

>>> import argparse
>>> parser = argparse.ArgumentParser()
>>> add_arguments(parser)
>>> args = parser.parse_args(["--port", "8100"])
>>> args.host, args.port, args.database
('127.0.0.1', 8100, 'sqlite:///tables.db')
"""

from __future__ import annotations

import argparse
import sys

__all__ = ["DESCRIPTION", "add_arguments", "run"]

DESCRIPTION = (
    "Serve tables that front ends in any language play through: a lobby over JSON on HTTP, "
    "play over WebSockets, every move committed to the database before it is shown."
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``serve``.

    >>> parser = argparse.ArgumentParser()
    >>> add_arguments(parser)
    >>> parser.parse_args(["--request-time", "2", "--origin", "https://a.example"]).origin
    ['https://a.example']
    """
    parser.add_argument("--host", default="127.0.0.1", help="the address to listen on (default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=8000, help="the port to listen on (default 8000)")
    parser.add_argument(
        "--database", default="sqlite:///tables.db", metavar="URL",
        help="where the tables are kept: sqlite:///FILE (default sqlite:///tables.db) "
        "or postgresql://...",
    )
    parser.add_argument(
        "--static", metavar="DIR",
        help="serve the files of DIR (a web front end: index.html and its scripts) at /, "
        "on the same origin as the API under /api",
    )
    parser.add_argument(
        "--origin", action="append", default=[], metavar="ORIGIN",
        help="a web page origin (https://example.org) whose pages may open the WebSockets, "
        "besides the server's own; repeat for more",
    )
    parser.add_argument(
        "--cors", action="append", default=[], metavar="ORIGIN",
        help="an origin whose pages may call the lobby (CORS); repeat for more",
    )
    parser.add_argument(
        "--request-time", type=_seconds, default=10.0, metavar="SECONDS",
        help="the longest a whole HTTP request (or WebSocket handshake) may take (default 10)",
    )
    parser.add_argument(
        "--expire-after", type=_hours, default=168.0, metavar="HOURS",
        help="delete a table still in play after this many hours without a move or a join "
        "(default 168, a week); finished tables stay as game records",
    )
    parser.add_argument(
        "--max-connections", type=_count, default=32, metavar="N",
        help="the most connections one client address may hold open (default 32)",
    )


def _seconds(text: str) -> float:
    try:
        seconds = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not 0 < seconds <= 3600:
        raise argparse.ArgumentTypeError(f"{text} seconds: give a number above 0 and at most 3600")
    return seconds


def _hours(text: str) -> float:
    try:
        hours = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of hours: {text!r}") from None
    if not 0 < hours <= 87600:
        raise argparse.ArgumentTypeError(f"{text} hours: give a number above 0 and at most 87600")
    return hours


def _count(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"not a whole number of at least 1: {text!r}")
    return int(text)


def run(args: argparse.Namespace) -> int:
    """Serve until interrupted, after one line on stdout saying where it listens
    (``listening on http://127.0.0.1:8000``); 2 if the ``[server]`` extra is missing,
    the database cannot be opened or the port is in use (the reason goes to stderr,
    in one line).

    >>> parser = argparse.ArgumentParser()
    >>> add_arguments(parser)
    >>> run(parser.parse_args(["--database", "mysql://db"]))
    2
    >>> run(parser.parse_args(["--database", "sqlite://", "--static", "no/such/folder"]))
    2
    """
    try:
        from threeup3down.server.run import serve
    except ModuleNotFoundError as error:
        print(
            f"threeup3down serve: needs {error.name}, from the [server] extra: "
            "pip install 'threeup3down[server]'",
            file=sys.stderr,
        )
        return 2
    from threeup3down.core.errors import TableError
    from threeup3down.server.limits import Limits

    limits = Limits(request_time=args.request_time, connections_per_client=args.max_connections)
    try:
        serve(
            args.database, host=args.host, port=args.port, limits=limits,
            origins=tuple(args.origin), cors=tuple(args.cors), expire_after=args.expire_after * 3600,
            static=args.static,
        )
    except TableError as error:
        print(f"threeup3down serve: {error}", file=sys.stderr)
        return 2
    return 0
