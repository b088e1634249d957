"""The engine against an independent model of the rules (tests/reference/reference.py), over random games."""

from __future__ import annotations

import random

import pytest

from tests.reference.reference import reference_moves
from threeup3down import (
    Card,
    ChooseUp,
    ClearTwoDraw,
    Colour,
    Deck,
    DrawInstead,
    EarlyDraw,
    GameState,
    Move,
    PickUp,
    PileSwapSeats,
    Play,
    Rules,
    apply,
    legal_moves,
    new_game,
)

HEAVY = (
    tuple(card for card in Card if not card.rank.is_clear and card.colour is not Colour.BLUE) * 2
    + (Card.GREEN_5, Card.GREEN_6, Card.GREEN_7, Card.GREEN_8)
    + (Card.GREEN_CLEAR_PLUS_2,) * 3
    + (Card.RED_CLEAR_PLUS_1,) * 3
    + (Card.BLUE_CLEAR,) * 2
)
"""A small deck rich in Clear +1 and Clear +2 cards and long runs of one colour, to reach owed plays often."""

TABLES = [
    Rules(players=2, turn_limit=200),
    Rules(players=4, turn_limit=200),
    Rules(players=3, deck=Deck.LITERAL, places=True, reverse_on_one=True, turn_limit=200),
    Rules(players=2, custom_cards=HEAVY, same_colour_swap=True, clear_two_draw=ClearTwoDraw.EACH, turn_limit=200),
    Rules(players=3, custom_cards=HEAVY, places=True, draw_instead=True, reverse_on_one=True, turn_limit=200),
    Rules(players=4, custom_cards=HEAVY, same_colour_swap=True, places=True, reverse_on_one=True, turn_limit=200),
    Rules(players=3, pile_swap=True, chosen_faces=True, same_colour_swap=True, draw_instead=True, turn_limit=40),
    Rules(players=4, custom_cards=HEAVY, pile_swap=True, clear_two_draw=ClearTwoDraw.EACH, draw_instead=True, turn_limit=30),
    Rules(players=3, custom_cards=HEAVY, early_draw=EarlyDraw.ONE, clear_ends_turn=True, turn_limit=200),
    Rules(
        players=3, custom_cards=HEAVY, early_draw=EarlyDraw.ONE, clear_two_draw=ClearTwoDraw.EACH,
        reverse_on_one=True, reverse_each_one=True, turn_limit=200,
    ),
    Rules(players=4, deck=Deck.LITERAL, clear_ends_turn=True, reverse_on_one=True, reverse_each_one=True, turn_limit=200),
    Rules(players=2, custom_cards=HEAVY, same_colour_swap=True, colour_run_in_play=True, turn_limit=200),
    Rules(players=3, custom_cards=HEAVY, clear_one_optional=True, turn_limit=200),
    Rules(players=2, custom_cards=HEAVY, clear_one_optional=True, early_draw=EarlyDraw.ONE, turn_limit=200),
    Rules(players=4, pile_swap=True, pile_swap_seats=PileSwapSeats.SOME, chosen_faces=True, turn_limit=40),
]


def _colour_blind(move: Move) -> object:
    """A move with its cards' colours forgotten (D3: while O7 is off colours change nothing)."""
    if isinstance(move, (Play, ChooseUp)):
        source = move.source if isinstance(move, Play) else None
        return (type(move).__name__, source, tuple(card.rank for card in move.cards))
    return move


def _sensible(move: Move) -> tuple[int, int]:
    """A plain strategy that ends games: the lowest play, as many cards as possible, before anything else."""
    if isinstance(move, Play):
        return (int(move.cards[0].rank), -len(move.cards))
    return (0, 0) if not isinstance(move, (PickUp, DrawInstead)) else (99, 0)


def _check(state: GameState) -> dict[Move, GameState]:
    """The engine lists the reference's moves (once per colour choice while O7 is off) and reaches the same positions."""
    expected = reference_moves(state)
    listed = legal_moves(state)
    assert set(listed) <= set(expected), state.notation()
    if state.rules.same_colour_swap:
        assert set(listed) == set(expected), state.notation()
    else:
        assert {_colour_blind(move) for move in listed} == {_colour_blind(move) for move in expected}
    for move, after in expected.items():
        assert apply(state, move) == after, f"{move} at {state.notation()}"
    return expected


@pytest.mark.spec(
    "S3", "S5", "S6", "T1", "T2", "T3", "T4", "P1", "P2", "P3", "P4", "C1", "C2", "C3", "C4", "C5",
    "C7", "F1", "F2", "F3", "F4", "W1", "O1", "O2", "O3", "O5", "O6", "O7", "O10",
)
@pytest.mark.parametrize("rules", TABLES, ids=lambda rules: f"{rules.players}p")
def test_engine_matches_the_reference_model(rules: Rules) -> None:
    """In random games every position's legal moves and their outcomes are those an independent model of the rules gives."""
    for seed in range(4):
        rng = random.Random(seed)
        state = new_game(rules, seed=seed)
        while not state.is_over:
            expected = _check(state)
            choices = sorted(expected, key=str)
            move = rng.choice(choices) if rng.random() < 0.3 else min(choices, key=_sensible)
            state = expected[move]
