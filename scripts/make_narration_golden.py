"""Write the narrated golden games in ``tests/golden/narration/``: one game, told in every language.

The game is the golden playthrough ``four-players-options`` (``tests/golden/``,
:mod:`scripts.make_golden`): four players under the optional rules that make
the most kinds of event (places, drawing instead of playing, reversing on a 1,
the 3UP/3DOWN piles changing hands, chosen 3UP cards, the same-colour swap).
Every event of every move is told with :func:`~threeup3down.views.narration.describe`,
as a spectator reads it, one line each, in English (``en.txt``) and in every
language with a catalog (``<language>.txt``). Line *n* of every file tells the
same event.

``tests/test_i18n.py`` tells the game again and fails on the first line that
differs. After a deliberate change of a text or a translation, regenerate::

    python -m scripts.make_narration_golden           # rewrite tests/golden/narration/*.txt
    python -m scripts.make_narration_golden --check   # exit 1 if a file is stale

and review ``git diff tests/golden/narration``.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from pathlib import Path

from scripts.make_golden import GAMES, GOLDEN, bot_moves
from threeup3down import new_game
from threeup3down.core.i18n import languages
from threeup3down.views.events import Event, apply_with_events
from threeup3down.views.narration import describe

__all__ = ["GAME", "NARRATION", "events", "main", "narration"]

GAME = "four-players-options"
"""The golden playthrough that is narrated."""
NARRATION = GOLDEN / "narration"
"""Where the narrated games live."""


def events() -> Iterator[Event]:
    """Every event of the game, in order."""
    rules, seed = GAMES[GAME]
    state = new_game(rules, seed=seed)
    for move, _ in bot_moves(state, seed):
        state, told = apply_with_events(state, move)
        yield from told


def narration(locale: str | None) -> str:
    """The whole game told in the language of ``locale`` (``None``: English), one event a line."""
    lines = [f"# {GAME} (tests/golden/{GAME}.txt), every event as describe(event, locale={locale!r}) tells it"]
    lines.extend(describe(event, locale=locale) for event in events())
    return "\n".join(lines) + "\n"


def _files() -> dict[Path, str]:
    written = {NARRATION / "en.txt": narration(None)}
    written.update({NARRATION / f"{language}.txt": narration(language) for language in languages()})
    return written


def main(argv: list[str] | None = None) -> int:
    """Write the files, or with ``--check`` report those that differ; the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if any file is stale")
    args = parser.parse_args(argv)
    stale = [path for path, text in _files().items() if not path.exists() or path.read_text(encoding="utf-8") != text]
    if args.check:
        for path in stale:
            print(f"stale: {path.relative_to(GOLDEN.parent.parent)}", file=sys.stderr)
        return 1 if stale else 0
    NARRATION.mkdir(exist_ok=True)
    for path, text in _files().items():
        path.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
