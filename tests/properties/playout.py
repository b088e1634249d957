"""What the property tests ask of a playout's steps: card totals, cards laid, draws.

The playout itself is :func:`tests.playouts.playout`, its moves drawn by
Hypothesis (:func:`tests.playouts.drawn_from`).
"""

from __future__ import annotations

from collections import Counter

from tests.playouts import Step
from threeup3down import Card, FlipDown, GameState, Play

__all__ = ["HAND_SIZE", "all_cards", "end_of_turn_draw", "laid_cards"]

HAND_SIZE = 3
"""T4: players draw until they hold three cards."""

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
