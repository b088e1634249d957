"""D1–D3: the standard and literal decks, colours, and equivalent moves."""

from __future__ import annotations

from collections import Counter

import pytest

from tests.helpers import moves, play, position
from tests.spec.expect import refused
from threeup3down import (
    Card,
    Colour,
    Deck,
    Rank,
    Rules,
    literal_deck,
    new_game,
    parse_cards,
    standard_deck,
)

NUMBERS = [Rank(number) for number in range(1, 11)]

THIRD_COPY = {1: "r", 2: "b", 3: "g", 4: "r", 5: "b", 6: "g", 7: "r", 8: "b", 9: "g", 10: "r"}
"""D2: the colour holding the third copy of each number (n mod 3 = 0, 1, 2: green, red, blue)."""


def _count(text: str) -> int:
    """How many copies of the card ``text`` the standard deck holds."""
    return Counter(standard_deck())[Card.parse(text)]


@pytest.mark.spec("D1")
def test_standard_deck_has_84_cards() -> None:
    """The standard deck is 70 numbered cards (seven of each number), 7 Clear, 6 Clear +1, 1 Clear +2."""
    ranks = Counter(card.rank for card in standard_deck())
    assert len(standard_deck()) == 84
    assert {number: ranks[number] for number in NUMBERS} == {number: 7 for number in NUMBERS}
    assert sum(ranks[number] for number in NUMBERS) == 70
    assert ranks[Rank.CLEAR] == 7
    assert ranks[Rank.CLEAR_PLUS_1] == 6
    assert ranks[Rank.CLEAR_PLUS_2] == 1


@pytest.mark.spec("D1")
def test_literal_deck_has_74_cards() -> None:
    """GR's literal deck: each colour two of 1–10, Clear and Clear +1, plus two green Clear +2."""
    expected: Counter[Card] = Counter()
    for colour in "grb":
        for symbol in [str(number) for number in range(1, 11)] + ["C", "C+1"]:
            expected[Card.parse(symbol + colour)] = 2
    expected[Card.GREEN_CLEAR_PLUS_2] = 2
    assert len(literal_deck()) == 74
    assert Counter(literal_deck()) == expected


@pytest.mark.spec("D1")
def test_rules_choose_the_deck() -> None:
    """The standard deck is the default; the literal deck is a named alternative that deals from 74 cards."""
    assert Rules().deck_cards() == standard_deck()
    assert Rules(deck=Deck.LITERAL).deck_cards() == literal_deck()
    state = new_game(Rules(players=3, deck=Deck.LITERAL), seed=4)
    assert len(state.draw_pile) == 74 - 9 * 3
    dealt = [card for seat in state.seats for card in seat.hand + seat.up + seat.down]
    assert Counter(dealt + list(state.draw_pile)) == Counter(literal_deck())


@pytest.mark.spec("D2")
def test_each_colour_has_28_cards() -> None:
    """The colours are spread evenly: 28 green, 28 red and 28 blue cards."""
    colours = Counter(card.colour for card in standard_deck())
    assert colours == {Colour.GREEN: 28, Colour.RED: 28, Colour.BLUE: 28}


@pytest.mark.spec("D2")
@pytest.mark.parametrize("number", range(1, 11))
def test_third_copy_of_a_number(number: int) -> None:
    """Number n has three copies in one colour (green, red, blue for n mod 3 = 0, 1, 2) and two in the others."""
    third = THIRD_COPY[number]
    for colour in "grb":
        assert _count(f"{number}{colour}") == (3 if colour == third else 2)


@pytest.mark.spec("D2")
def test_clear_kinds_colours() -> None:
    """The Clear has its third copy in blue, Clear +1 comes two per colour, the one Clear +2 is green."""
    assert [_count(f"C{colour}") for colour in "grb"] == [2, 2, 3]
    assert [_count(f"C+1{colour}") for colour in "grb"] == [2, 2, 2]
    assert [_count(f"C+2{colour}") for colour in "grb"] == [1, 0, 0]


@pytest.mark.spec("D2")
def test_colour_never_decides_a_play() -> None:
    """A card of another colour plays on an equal number, and a lower card of the same colour does not."""
    state = position("play 0 6b,7g,9r|-|-/5g,5r,5b|-|- - 7b *")
    assert moves(state) == ["7g", "9r"]
    assert refused(state, "6b") == "P2"
    assert play(state, "7g").discard_pile == parse_cards("7b,7g")


@pytest.mark.spec("D3")
def test_identical_cards_are_one_move() -> None:
    """Two copies of the same card give one move per number of cards, not one per copy."""
    state = position("play 0 7r,7r,9b|-|-/5g,5r,5b|-|- - 5b *")
    assert moves(state) == ["7r", "7r,7r", "9b"]


@pytest.mark.spec("D3")
def test_colour_only_differences_listed_once() -> None:
    """While no rule looks at colours, plays that differ only in colour are listed once, first cards in card order."""
    state = position("play 0 7g,7r,7r,9b|-|-/5g,5r,5b|-|- - 5b *")
    assert moves(state) == ["7g", "7g,7r", "7g,7r,7r", "9b"]


@pytest.mark.spec("D3")
def test_other_colour_is_accepted() -> None:
    """A play of the same numbers in colours other than the listed one is accepted and takes those cards."""
    state = position("play 0 7g,7r,7r,9b|-|-/5g,5r,5b|-|- - 5b *")
    after = play(state, "7r")
    assert after.seats[0].hand == parse_cards("7g,7r,9b")
    assert after.discard_pile == parse_cards("5b,7r")
    after = play(state, "7r,7r")
    assert after.seats[0].hand == parse_cards("7g,9b")
    assert after.discard_pile == parse_cards("5b,7r,7r")


@pytest.mark.spec("D3")
def test_other_colour_is_accepted_from_3up() -> None:
    """3UP plays are listed once per number of cards too, and the other colour is accepted."""
    state = position("play 0 -|4g,4b,9r|8g,1b,1b/5g,5r,5b|-|- - 3r *")
    assert moves(state) == ["^4g", "^4g,4b", "^9r"]
    after = play(state, "^4b")
    assert after.seats[0].up == parse_cards("4g,9r")


@pytest.mark.spec("D3")
def test_colour_distinct_moves_while_o7_is_on() -> None:
    """With the same-colour swap on, colours are real choices, but identical copies still give one move."""
    state = position("play 0 7g,7r,7r,9b|-|-/5g,5r,5b|-|- - 5b *", same_colour_swap=True)
    assert moves(state) == ["7g", "7r", "7g,7r", "7r,7r", "7g,7r,7r", "9b"]
