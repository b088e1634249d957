"""Random playouts driven by Hypothesis: each decision is a choice among the legal moves.

Drawing every choice from ``st.data()`` lets Hypothesis shrink a failing game to
a short one, and replay it exactly.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from functools import cache

import attrs
from hypothesis import strategies as st

from threeup3down import Card, FlipDown, GameState, Move, Play, apply, legal_moves
from threeup3down.state import Seat

__all__ = [
    "HAND_SIZE",
    "Step",
    "all_cards",
    "choose",
    "decision_budget",
    "end_of_turn_draw",
    "laid_cards",
    "playout",
]

HAND_SIZE = 3
"""T4: players draw until they hold three cards."""

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


@cache
def _indices(count: int) -> st.SearchStrategy[int]:
    return st.integers(0, count - 1)


def choose(data: st.DataObject, moves: tuple[Move, ...]) -> Move:
    """One of ``moves``, chosen by Hypothesis (shrinking towards the first listed)."""
    if len(moves) == 1:
        return moves[0]
    return moves[data.draw(_indices(len(moves)))]


def decision_budget(state: GameState) -> int:
    """An upper bound on the decisions of a game under a turn limit (O10).

    Setup takes one decision per seat; a turn takes one play plus the extra plays
    Clear +1/+2 cards owe, each with its early draw and same-colour swap.
    """
    limit = state.rules.turn_limit
    assert limit is not None, "playouts need a turn limit (O10) to be sure to end"
    per_turn = DECISIONS_PER_PLAY * (1 + MOST_EXTRA_PLAYS_PER_DECK * state.rules.decks)
    return state.rules.players + limit * per_turn


def playout(data: st.DataObject, state: GameState) -> Iterator[Step]:
    """Every decision of a game from ``state`` until it is over, moves chosen by ``data``.

    Stops once ``legal_moves`` is empty (which should be exactly when the game is
    over: the caller checks the last state) and fails if the game outlasts
    :func:`decision_budget`.
    """
    budget = decision_budget(state)
    decisions = 0
    while moves := legal_moves(state):
        decisions += 1
        if decisions > budget:
            raise AssertionError(f"no end after {budget} decisions: {state.notation()}")
        move = choose(data, moves)
        after = apply(state, move)
        yield Step(state, move, after)
        state = after


def all_cards(state: GameState) -> Counter[Card]:
    """Every card of the game, wherever it lies: draw pile, seats, discard and out of game."""
    cards = Counter(state.draw_pile)
    for seat in state.seats:
        cards.update(seat.hand)
        cards.update(seat.up)
        cards.update(seat.down)
    cards.update(state.discard_pile)
    cards.update(state.out_of_game)
    return cards


def laid_cards(step: Step) -> tuple[Card, ...] | None:
    """The cards ``step`` puts on the discard pile, or ``None`` if it plays none.

    A 3DOWN card that cannot be played (F4) is not laid.
    """
    match step.move:
        case Play(cards=cards):
            return cards
        case FlipDown(position=position):
            card = step.seat_before.down[position]
            top = step.before.top_card
            return (card,) if top is None or card.rank >= top.rank else None
        case _:
            return None


def end_of_turn_draw(hand: tuple[Card, ...], draw_pile: tuple[Card, ...]) -> tuple[Card, ...]:
    """T4: the cards drawn from the top of ``draw_pile`` to bring ``hand`` up to three."""
    wanted = max(0, HAND_SIZE - len(hand))
    return draw_pile[len(draw_pile) - wanted :] if wanted else ()
