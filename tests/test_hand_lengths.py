"""Hands of every length, short and long: the same plays listed, taken and drawn.

The engine walks a short hand and searches a long one; these tests hold both
to the rules at each length from one card to fourteen.
"""

from __future__ import annotations

import pytest

from threeup3down import GameState, IllegalMoveError, Rules, apply, legal_moves
from threeup3down.core.cards import Card, parse_cards, sort_cards
from threeup3down.core.moves import Move, PickUp, Play

CARDS = parse_cards("1g,2g,2r,3b,4g,5r,5b,6g,7r,8b,9g,9r,10b,Cb")
"""The hands: the first ``n`` of these sorted cards, with runs of two fives and two nines."""
TOP = "5g"
DRAW_PILE = parse_cards("3r,6b,7b")
"""Its top card is the last one, 7b."""


def _position(length: int) -> GameState:
    hand = ",".join(str(card) for card in CARDS[:length])
    draw = ",".join(str(card) for card in DRAW_PILE)
    return GameState.from_notation(f"play 0 {hand}|-|-/8b|-|- {draw} {TOP} *", Rules(players=2))


def _expected_plays(hand: tuple[Card, ...]) -> list[Play]:
    """P1–P4: each number at least the top's, one card or several of it; a Clear alone."""
    plays = []
    for rank in sorted({card.rank for card in hand}):
        if rank < parse_cards(TOP)[0].rank:
            continue
        run = tuple(card for card in hand if card.rank is rank)
        largest = 1 if rank.is_clear else len(run)
        plays += [Play(run[:size]) for size in range(1, largest + 1)]
    return plays


@pytest.mark.spec("P1", "P2", "P4", "T4", "C1")
@pytest.mark.parametrize("length", range(1, len(CARDS) + 1))
def test_plays_from_a_hand_of_any_length(length: int) -> None:
    """Every play at least the top's is listed, in card order, and each leaves the hand
    less its cards, refilled to three from the top of the draw pile, sorted."""
    state = _position(length)
    hand = CARDS[:length]
    expected = _expected_plays(hand)
    moves = legal_moves(state)
    listed: list[Move] = [*expected] if expected else [PickUp()]
    assert list(moves) == listed
    for play in expected:
        left = list(hand)
        for card in play.cards:
            left.remove(card)
        drawn = DRAW_PILE[len(DRAW_PILE) - max(0, 3 - len(left)) :]
        after = apply(state, play)
        assert after.seats[0].hand == sort_cards(left + list(drawn))
        assert after.draw_pile == DRAW_PILE[: len(DRAW_PILE) - len(drawn)]
        pile = (parse_cards(TOP)[0], *play.cards)
        cleared = play.cards[0].rank.is_clear or (len(pile) >= 3 and {card.rank for card in pile} == {pile[0].rank})
        assert after.discard_pile == (() if cleared else pile)  # C1-C4: a Clear or three fives


@pytest.mark.spec("T3", "T4")
@pytest.mark.parametrize("length", range(1, 5))
def test_a_short_hand_below_the_top_picks_up(length: int) -> None:
    """A hand with nothing that beats the top picks up the pile, refilled to three
    from the draw pile, kept sorted."""
    state = _position(length)
    held = CARDS[:length] + parse_cards(TOP)
    drawn = DRAW_PILE[len(DRAW_PILE) - max(0, 3 - len(held)) :]
    after = apply(state, PickUp())
    assert after.seats[0].hand == sort_cards(held + drawn)
    assert after.discard_pile == ()


@pytest.mark.spec("P1")
@pytest.mark.parametrize("length", [3, 8, 9, 14])
def test_a_card_not_in_the_hand_is_refused_at_any_length(length: int) -> None:
    """A card the hand does not hold is refused (P1), whether the hand is walked or searched."""
    state = _position(length)
    with pytest.raises(IllegalMoveError, match="not all in the hand") as refusal:
        apply(state, Play(parse_cards("10g")))
    assert refusal.value.rule == "P1"
