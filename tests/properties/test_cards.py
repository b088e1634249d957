"""Properties of the deck: every card stays in exactly one place for the whole game."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.playouts import drawn_from, playout
from tests.properties.playout import all_cards
from tests.strategies import base_rules, games, rules
from threeup3down import Colour, Deck, GameState, Rules

DECK_SIZES = {Deck.STANDARD: 84, Deck.LITERAL: 74}
"""D1: the standard deck and GR's literal deck."""
COLOUR_SIZES = {
    Deck.STANDARD: {Colour.GREEN: 28, Colour.RED: 28, Colour.BLUE: 28},
    Deck.LITERAL: {Colour.GREEN: 26, Colour.RED: 24, Colour.BLUE: 24},
}
"""D2: cards of each colour (the literal deck's two Clear +2 are green)."""


def _expected_size(rules: Rules) -> int:
    """The number of cards in play, counted from D1, D2, O8 and O11 (not from the library),
    or from the custom cards by colour."""
    if rules.custom_cards is None:
        sizes = COLOUR_SIZES[rules.deck]
    else:
        sizes = Counter(card.colour for card in rules.custom_cards)
    kept = sum(count for colour, count in sizes.items() if colour not in rules.omitted_colours)
    return kept * rules.decks


@pytest.mark.spec("D1", "D2", "O8", "O11")
@given(st.one_of(base_rules(), rules()))
def test_deck_sizes(rules: Rules) -> None:
    """D1, O8, O11: "the standard deck has 84 cards" (GR's literal one 74), two decks double it and left-out colours shrink it."""
    assert sum(COLOUR_SIZES[rules.deck].values()) == DECK_SIZES[rules.deck]
    assert len(rules.deck_cards()) == _expected_size(rules)


@pytest.mark.spec("D1", "S2", "S3", "S4", "T3", "T4", "C1", "C4", "C6", "F4", "O5", "O6", "O7", "O8", "O11")
@given(games(st.one_of(base_rules(), rules())), st.data())
def test_every_card_is_in_exactly_one_place(game: GameState, data: st.DataObject) -> None:
    """D1, C6: after every move the draw pile, hands, 3UP, 3DOWN, discard and "out of the game for good" piles hold exactly the deck."""
    deck = Counter(game.rules.deck_cards())
    assert sum(deck.values()) == _expected_size(game.rules)
    assert all_cards(game) == deck, game.notation()
    for step in playout(game, drawn_from(data)):
        assert all_cards(step.after) == deck, str(step)
