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
    """The options of ``serve``."""
    parser.add_argument("--host", default="127.0.0.1", help="the address to listen on (default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=8000, help="the port to listen on (default 8000)")
    parser.add_argument(
        "--database", default="sqlite:///tables.db", metavar="URL",
        help="where the tables are kept: sqlite:///FILE (default sqlite:///tables.db) "
        "or postgresql://...",
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


def run(args: argparse.Namespace) -> int:
    """Serve until interrupted; 2 if the ``[server]`` extra is missing."""
    try:
        from threeup3down.server.run import serve
    except ModuleNotFoundError as error:
        print(
            f"threeup3down serve: needs {error.name}, from the [server] extra: "
            "pip install 'threeup3down[server]'",
            file=sys.stderr,
        )
        return 2
    serve(args.database, host=args.host, port=args.port, origins=tuple(args.origin), cors=tuple(args.cors))
    return 0
