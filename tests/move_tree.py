"""Move-tree counts ("perft", as chess engines call it) for golden regression tests."""

from __future__ import annotations

from threeup3down import GameState, apply, legal_moves

__all__ = ["divide", "perft"]


def perft(state: GameState, depth: int) -> int:
    """How many distinct sequences of exactly ``depth`` legal moves start at ``state``.

    Every decision is a move (a draw, a swap or a keep counts like a play); a
    game that ends sooner contributes nothing, as in chess.
    """
    if depth == 0:
        return 1
    moves = legal_moves(state)
    if depth == 1:
        return len(moves)
    return sum(perft(apply(state, move), depth - 1) for move in moves)


def divide(state: GameState, depth: int) -> dict[str, int]:
    """:func:`perft` split by the first move (in notation), for finding where two counts differ."""
    return {str(move): perft(apply(state, move), depth - 1) for move in legal_moves(state)}
