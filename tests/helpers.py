"""Helpers for building positions in tests."""

from __future__ import annotations

from typing import Any

from threeup3down import GameState, IllegalMoveError, Rules, apply, legal_moves, parse_move


def position(text: str, **rules: Any) -> GameState:
    """The position ``text`` (``out`` may be ``*``) under ``Rules(**rules)``.

    The number of players defaults to the number of seats written, and the turn
    limit to none, so positions need not count turns.
    """
    seats = text.split()[2].count("/") + 1
    rules.setdefault("players", seats)
    rules.setdefault("turn_limit", None)
    return GameState.from_notation(text, Rules(**rules))


def moves(state: GameState) -> list[str]:
    """The legal moves of ``state`` in notation, in their listed order."""
    return [str(move) for move in legal_moves(state)]


def play(state: GameState, *notations: str) -> GameState:
    """``state`` after the moves written in ``notations``."""
    for text in notations:
        state = apply(state, parse_move(text))
    return state


def refusal(state: GameState, text: str) -> str:
    """The rule ID cited when ``text`` is refused in ``state`` (fails if it is accepted)."""
    try:
        apply(state, parse_move(text))
    except IllegalMoveError as error:
        return error.rule
    raise AssertionError(f"{text} was accepted in {state.notation()}")
