"""Playouts: one loop that plays a game move by move, whoever chooses the moves.

:func:`playout` is the only playout loop of the tests. It yields every
decision as a :class:`Step` and fails if a game outlasts
:func:`decision_budget`. The moves are chosen by :func:`at_random` (a seeded
``random.Random``) or by :func:`drawn_from` (Hypothesis, which then shrinks
a failing game to a short one and replays it exactly). :func:`random_game`
and :func:`state_after` are its shortcuts for a dealt game; :func:`tables`
draws tables, and :func:`cards_in` finds every card a value names.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from functools import cache
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
from threeup3down.core.state import Seat

__all__ = [
    "Chooser",
    "Step",
    "at_random",
    "cards_in",
    "decision_budget",
    "drawn_from",
    "playout",
    "random_game",
    "state_after",
    "tables",
]

Chooser = Callable[[tuple[Move, ...]], Move]
"""Picks one of the legal moves listed (never an empty list)."""

MOST_EXTRA_PLAYS_PER_DECK = 6 + 2
"""C2, C3: six Clear +1 and one Clear +2 owe at most eight extra plays in a turn."""
DECISIONS_PER_PLAY = 3
"""An early draw (C2), the play, a same-colour swap (O7)."""


@attrs.frozen
class Step:
    """One decision of a playout: the position, the move chosen, and the position after it."""

    before: GameState
    move: Move
    after: GameState

    @property
    def player(self) -> int:
        """The seat that made the move."""
        return self.before.current_player

    @property
    def seat_before(self) -> Seat:
        """The mover's cards before the move."""
        return self.before.seats[self.player]

    @property
    def seat_after(self) -> Seat:
        """The mover's cards after the move."""
        return self.after.seats[self.player]

    def __str__(self) -> str:
        return f"{self.move} in {self.before.notation()}  ->  {self.after.notation()}"


def at_random(rng: random.Random) -> Chooser:
    """Choose uniformly at random with ``rng``."""
    return rng.choice


@cache
def _indices(count: int) -> st.SearchStrategy[int]:
    return st.integers(0, count - 1)


def drawn_from(data: st.DataObject) -> Chooser:
    """Let Hypothesis choose (shrinking towards the first move listed)."""

    def choose(moves: tuple[Move, ...]) -> Move:
        return moves[0] if len(moves) == 1 else moves[data.draw(_indices(len(moves)))]

    return choose


def decision_budget(state: GameState) -> int | None:
    """An upper bound on the decisions of a game under a turn limit (O10); ``None`` without one.

    Setup takes one decision per seat; a turn takes one play plus the extra plays
    Clear +1/+2 cards owe, each with its early draw and same-colour swap.
    """
    limit = state.rules.turn_limit
    if limit is None:
        return None
    per_turn = DECISIONS_PER_PLAY * (1 + MOST_EXTRA_PLAYS_PER_DECK * state.rules.decks)
    return state.rules.players + limit * per_turn


def playout(state: GameState, choose: Chooser) -> Iterator[Step]:
    """Every decision of a game from ``state`` until it is over, each move picked by ``choose``.

    Stops once ``legal_moves`` is empty (which should be exactly when the game is
    over: the caller checks the last state) and fails if the game outlasts
    :func:`decision_budget`.
    """
    budget = decision_budget(state)
    decisions = 0
    while moves := legal_moves(state):
        decisions += 1
        if budget is not None and decisions > budget:
            raise AssertionError(f"no end after {budget} decisions: {state.notation()}")
        move = choose(moves)
        after = apply(state, move)
        yield Step(state, move, after)
        state = after


def random_game(rules: Rules, seed: int, move_seed: int) -> tuple[list[GameState], list[Move]]:
    """The states and moves of a game dealt from ``seed``, played by random legal moves."""
    start = new_game(rules, seed=seed)
    steps = list(playout(start, at_random(random.Random(move_seed))))
    return [start, *(step.after for step in steps)], [step.move for step in steps]


def random_steps(rules: Rules, seed: int, limit: int | None = None) -> Iterator[Step]:
    """The first ``limit`` steps (all, by default) of the game dealt from ``seed`` and
    played by random legal moves, one generator seeded once serving both."""
    rng = random.Random(seed)
    return islice(playout(new_game(rules, rng=rng), at_random(rng)), limit)


def state_after(rules: Rules, seed: int, steps: int) -> GameState:
    """The state after ``steps`` random moves (or at the end) of the game dealt from ``seed``."""
    state = new_game(rules, seed=seed)
    for step in islice(playout(state, at_random(random.Random(seed))), steps):
        state = step.after
    return state


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
