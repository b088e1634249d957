"""Random playouts for property tests of observations and events.

:func:`tables` draws 2–6 player tables (S1) with every option that changes
what a seat sees or what happens in a turn; :func:`playout` plays random
legal moves from a fresh deal and yields every step; :func:`cards_in` finds
every card a value names.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from itertools import islice

import attrs
from hypothesis import strategies as st

from threeup3down import (
    Card,
    ClearTwoDraw,
    EarlyDraw,
    FirstPlayer,
    GameState,
    Move,
    Rules,
    apply,
    legal_moves,
    new_game,
)

__all__ = ["Step", "cards_in", "playout", "state_after", "tables"]

Step = tuple[GameState, Move, GameState]
"""A state, the move made in it, and the state after."""


def tables() -> st.SearchStrategy[Rules]:
    """2–6 player tables with the options that touch hidden cards or turns (C1–C5, O1–O3, O5–O7)."""
    return st.booleans().flatmap(
        lambda reverses: st.builds(
            Rules,
            players=st.integers(2, 6),
            first_player=st.sampled_from(FirstPlayer),
            clear_two_draw=st.sampled_from(ClearTwoDraw),
            early_draw=st.sampled_from(EarlyDraw),
            clear_ends_turn=st.booleans(),
            places=st.booleans(),
            draw_instead=st.booleans(),
            reverse_on_one=st.just(reverses),
            reverse_each_one=st.booleans() if reverses else st.just(False),
            pile_swap=st.booleans(),
            chosen_faces=st.booleans(),
            same_colour_swap=st.booleans(),
            turn_limit=st.integers(1, 400),
        )
    )


def playout(rules: Rules, seed: int, max_moves: int = 2000) -> Iterator[Step]:
    """Every step of a game dealt from ``seed`` and played by uniformly random legal moves."""
    rng = random.Random(seed)
    state = new_game(rules, rng=rng)
    for _ in range(max_moves):
        moves = legal_moves(state)
        if not moves:
            return
        move = rng.choice(moves)
        after = apply(state, move)
        yield state, move, after
        state = after


def state_after(rules: Rules, seed: int, steps: int) -> GameState:
    """The state of :func:`playout` after ``steps`` moves (or at its end)."""
    state = new_game(rules, seed=seed)
    for _, _, state in islice(playout(rules, seed), steps):
        pass
    return state


def cards_in(value: object) -> Iterator[Card]:
    """Every card reachable from ``value`` through attrs fields and tuples."""
    if isinstance(value, Card):
        yield value
    elif isinstance(value, tuple):
        for item in value:
            yield from cards_in(item)
    else:
        cls = type(value)
        if attrs.has(cls) and cls is not Rules:
            for field in attrs.fields(cls):
                yield from cards_in(getattr(value, field.name))
