"""What every game state satisfies, checked independently of the library's own checks.

:func:`assert_invariants` is written from the rules specification, not from
:mod:`threeup3down.core.validation`: every card of the deck in exactly one place
(D1), one seat per player (S1), sorted hands, at most three 3UP and 3DOWN
cards (S2, S3), the cards known to be in a hand in it, a discard pile that holds only numbers and does not end in
three of a kind (C1, C4), and legal moves exactly while the game is not over.
"""

from __future__ import annotations

from collections import Counter

from threeup3down import Card, GameState, apply, legal_moves

__all__ = ["assert_invariants", "assert_next_states_valid"]


def assert_invariants(state: GameState) -> None:
    """Fail unless ``state`` is a position the rules allow (D1, S1–S3, C1, C4, W1)."""
    rules = state.rules
    assert len(state.seats) == rules.players
    assert 0 <= state.current_player < rules.players
    zones: list[Card] = [*state.draw_pile, *state.discard_pile, *state.out_of_game]
    for seat in state.seats:
        zones += [*seat.hand, *seat.up, *seat.down]
        assert list(seat.hand) == sorted(seat.hand) and list(seat.up) == sorted(seat.up)
        assert len(seat.up) <= 3 and len(seat.down) <= 3
        assert list(seat.known) == sorted(seat.known)
        assert not Counter(seat.known) - Counter(seat.hand), "known cards are in the hand"
    assert Counter(zones) == Counter(rules.deck_cards()), "every card in exactly one place"
    pile = state.discard_pile
    assert not any(card.rank.is_clear for card in pile)
    assert not (len(pile) >= 3 and pile[-1].rank == pile[-2].rank == pile[-3].rank)
    assert state.direction in (1, -1) and state.owed_plays >= 0 and state.turn >= 0
    assert len(set(state.finished)) == len(state.finished)
    assert bool(legal_moves(state)) is not state.is_over, "moves exactly while not over"


def assert_next_states_valid(state: GameState, limit: int = 12) -> None:
    """Fail unless every state one legal move away (the first ``limit``) satisfies the invariants."""
    for move in legal_moves(state)[:limit]:
        assert_invariants(apply(state, move))
