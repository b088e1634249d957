"""The web page (examples/web/static) as tests serve it, and the plan its players follow.

:func:`serving_the_page` runs ``threeup3down serve --static examples/web/static``
(:class:`tests.server_support.ServerProcess`: 127.0.0.1, a free port, a temporary
SQLite file), the one command examples/web/README.md gives. :func:`choose` is a
fixed, simple plan for a seat (highest cards face up, lowest play first,
Clears last), so a deal gives the same game every run.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from tests.server_support import ServerProcess
from threeup3down import (
    ChooseUp,
    DeclineSwap,
    Draw,
    DrawInstead,
    FlipDown,
    PickUp,
    Play,
    Swap,
    parse_move,
)

__all__ = ["STATIC", "choose", "serving_the_page"]

STATIC = Path(__file__).resolve().parent.parent / "examples" / "web" / "static"
"""The page's files."""


@contextmanager
def serving_the_page(folder: Path) -> Iterator[ServerProcess]:
    """``threeup3down serve --static examples/web/static`` over a SQLite file in ``folder``."""
    with ServerProcess(f"sqlite:///{folder / 'tables.db'}", "--static", str(STATIC)) as server:
        yield server


def choose(moves: list[str]) -> str:
    """A seat's plan: draw when offered, highest cards as 3UP, the lowest widest play
    (Clears last), keep on a swap offer, turn over 3DOWN card 0, pick up last."""

    def preference(text: str) -> tuple[int, int, int]:
        move = parse_move(text)
        match move:
            case Draw():
                return (0, 0, 0)
            case ChooseUp():
                return (1, -sum(card.rank for card in move.cards), 0)
            case Play():
                rank = move.cards[0].rank
                return (2, rank + (100 if rank.is_clear else 0), -len(move.cards))
            case FlipDown() | DeclineSwap():
                return (3, 0, 0)
            case Swap():
                return (4, 0, 0)
            case DrawInstead():
                return (5, 0, 0)
            case PickUp():
                return (6, 0, 0)
        raise AssertionError(text)

    return min(moves, key=preference)
