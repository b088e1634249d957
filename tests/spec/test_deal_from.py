"""Dealing a given deck (:func:`~threeup3down.core.deal.deal_from`): who plays first (S5, O9), the pile
swap (O5), and every refusal word for word."""

from __future__ import annotations

import pytest

from threeup3down import FirstPlayer, Rules, ThreeUpError
from threeup3down.core.deal import deal_from

TWO = Rules(players=2)
DRAWN = Rules(players=2, first_player=FirstPlayer.RANDOM)
SWAPPED = Rules(players=3, pile_swap=True)


def refusal(rules: Rules, deck_cut: int = 0, **given: object) -> str:
    """The message of the error ``deal_from`` raises for the rules' deck less its first ``deck_cut`` cards."""
    with pytest.raises(ThreeUpError) as raised:
        deal_from(rules, rules.deck_cards()[deck_cut:], **given)  # type: ignore[arg-type]
    return str(raised.value)


@pytest.mark.spec("S2")
def test_the_deck_must_be_the_rules_deck() -> None:
    """Two players play with the 84-card deck; one card short is refused, naming the count."""
    assert refusal(TWO, deck_cut=1) == "the deck to deal must be the 84 cards of the rules' deck, in any order"


@pytest.mark.spec("S5", "O9")
def test_the_first_player_follows_the_rules_unless_drawn() -> None:
    """The seat after the dealer opens when the rules say so (dealer 0 of 3: seat 1); a first player is
    given exactly when it is drawn at random, and then it is the one that plays first."""
    left = Rules(players=3, first_player=FirstPlayer.DEALERS_LEFT, dealer=0)
    assert deal_from(left, left.deck_cards()).first_player == 1
    assert refusal(TWO, first_player=1) == "a first player is given exactly when it is drawn at random (O9)"
    assert refusal(DRAWN) == "a first player is given exactly when it is drawn at random (O9)"
    assert deal_from(DRAWN, DRAWN.deck_cards(), first_player=0).first_player == 0
    assert deal_from(DRAWN, DRAWN.deck_cards(), first_player=1).first_player == 1
    assert refusal(DRAWN, first_player=2) == "seat 2 is not at a table of 2 players"


@pytest.mark.spec("O5")
def test_a_pile_swap_is_given_exactly_with_the_rule() -> None:
    """Without O5 no swap is taken, not even a well-formed one; with it, every seat gets another's piles."""
    assert deal_from(TWO, TWO.deck_cards()).pile_swap == ()
    assert refusal(TWO, pile_swap=(1, 0)) == "a pile swap is given only with the pile swap rule (O5)"
    assert refusal(SWAPPED, pile_swap=(1, 0, 2)) == "the pile swap must give every seat another seat's piles (O5)"
    assert deal_from(SWAPPED, SWAPPED.deck_cards(), pile_swap=(2, 0, 1)).pile_swap == (2, 0, 1)
