"""A discard pile read from outside is refused by the rule it breaks, each problem compared word for word."""

from __future__ import annotations

import pytest

from tests.helpers import position
from threeup3down import NotationError


@pytest.mark.spec("P2", "C4")
@pytest.mark.parametrize(
    ("pile", "problem"),
    [
        ("5g,6g,5r", "the discard pile goes down from 6g to 5r, but plays equal or beat the top (P2)"),
        ("6g,5g,6r", "the discard pile goes down from 6g to 5g, but plays equal or beat the top (P2)"),
    ],
)
def test_a_pile_falling_back_to_a_number_two_below_the_top_breaks_p2_not_c4(pile: str, problem: str) -> None:
    """The top card and the card two below it show the same number, the one between another:
    no three equal numbers in a row (C4), but a card laid on a higher one (P2)."""
    with pytest.raises(NotationError) as refused:
        position(f"play 0 7r|-|-/8b|-|- - {pile} *")
    assert str(refused.value) == f"invalid position: {problem}"
