"""Checks shared by the specification tests: positions to compare with, refusals that change nothing."""

from __future__ import annotations

import copy

import attrs

from tests.helpers import position, refusal
from threeup3down import GameState, parse_cards
from threeup3down.core.cards import sort_cards

__all__ = ["canonical", "refused", "exact_position"]


def canonical(state: GameState) -> GameState:
    """``state`` with its out-of-game pile sorted, to compare with a position written with ``*``.

    The rules never look at the order in which cards left the game (C6), so
    positions are compared with the out-of-game pile as a multiset.
    """
    return attrs.evolve(state, out_of_game=sort_cards(state.out_of_game))


def refused(state: GameState, text: str) -> str:
    """The rule ID cited when ``text`` is refused in ``state``, checking that ``state`` is unchanged."""
    before = copy.deepcopy(state)
    rule = refusal(state, text)
    if state != before or state.notation() != before.notation():
        raise AssertionError(f"refusing {text} changed the state to {state.notation()}")
    return rule


def exact_position(text: str) -> GameState:
    """The position ``text`` dealt from a deck of exactly the cards it names, none out of the game (as in setup, S4)."""
    seats, draw_pile = text.split()[2:4]
    cards = [card for seat in seats.split("/") for zone in seat.split("|") for card in parse_cards(zone)]
    return position(text, custom_cards=tuple(cards) + parse_cards(draw_pile))
