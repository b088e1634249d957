"""Properties of the plays a Clear +1 or Clear +2 owes (C2, C3, C5) and of O3 under every variant of
rules version 1.1: the early draw's amount, the draw an empty hand is forced to, a clear during owed
plays, and reversing per play or per 1."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.playouts import Step, drawn_from, playout
from tests.properties.playout import HAND_SIZE, laid_cards
from tests.strategies import clear_rich_rules, games, rules
from threeup3down import (
    ClearTwoDraw,
    Draw,
    EarlyDraw,
    GameState,
    Phase,
    PickUp,
    Rank,
    legal_moves,
)

TABLES = st.one_of(clear_rich_rules(), rules())
"""Tables under every option, half of them on a deck rich in Clear +1 and Clear +2 cards."""


def _check_early_draw(step: Step) -> None:
    """C2: the early draw refills to three, or with EarlyDraw.ONE takes one card; it uses no play."""
    before, after = step.before, step.after
    hand = step.seat_before.hand
    wanted = 1 if before.rules.early_draw is EarlyDraw.ONE else HAND_SIZE - len(hand)
    drawn = before.draw_pile[max(len(before.draw_pile) - wanted, 0) :]  # all of a short draw pile
    assert wanted > 0 and drawn, str(step)
    assert Counter(step.seat_after.hand) == Counter(hand + drawn), str(step)
    assert after.draw_pile == before.draw_pile[: len(before.draw_pile) - len(drawn)], str(step)
    assert (after.owed_plays, after.current_player, after.may_draw) == (before.owed_plays, step.player, False)


def _check_empty_hand(state: GameState) -> None:
    """C5, C3: a player owing a play with an empty hand while the draw pile has cards must draw where the
    early draw is on offer (always under ClearTwoDraw.EACH), and otherwise cannot play, so picks up."""
    seat = state.seats[state.current_player]
    if state.phase is not Phase.PLAY or state.swap_offered:
        return
    if not (state.owed_plays and not seat.hand and state.draw_pile):
        return
    if state.rules.clear_two_draw is ClearTwoDraw.EACH:
        assert state.may_draw, state.notation()
    assert legal_moves(state) == ((Draw(),) if state.may_draw else (PickUp(),)), state.notation()


@pytest.mark.spec("C2", "C3", "C5", "T3")
@given(games(TABLES), st.data())
def test_early_draw_and_forced_draw(game: GameState, data: st.DataObject) -> None:
    """C2: before an extra play the player "can choose to draw a card" (GH, EarlyDraw.ONE) or refills to three
    (default); C5: an empty hand owing a play draws first only where C3's variant allows that draw, and
    otherwise picks up (GR: "cannot draw before the third and final discard")."""
    _check_empty_hand(game)
    for step in playout(game, drawn_from(data)):
        if isinstance(step.move, Draw):
            _check_early_draw(step)
        _check_empty_hand(step.after)


def _check_owed_after_clear(step: Step) -> None:
    """C1, C4, C5: after a Clear or three of a kind made during owed plays the rest stay owed, or with
    Rules.clear_ends_turn the turn ends; a Clear +1/+2 adds its plays."""
    laid = laid_cards(step)
    before, after = step.before, step.after
    if not laid or after.phase is not Phase.PLAY or after.finished != before.finished:
        return
    pile = before.discard_pile + laid
    rank = laid[0].rank
    if not (rank.is_clear or (len(pile) >= 3 and pile[-1].rank == pile[-2].rank == pile[-3].rank)):
        return
    still_owed = max(before.owed_plays - 1, 0) + rank.extra_plays
    if rank.extra_plays == 0 and before.rules.clear_ends_turn:
        still_owed = 0
    assert after.owed_plays == still_owed, str(step)
    ended = after.turn == before.turn + 1
    assert ended == (still_owed == 0), str(step)


@pytest.mark.spec("C1", "C4", "C5", "C2", "C3")
@given(games(TABLES), st.data())
def test_a_clear_during_owed_plays(game: GameState, data: st.DataObject) -> None:
    """C1: "with a regular Clear card, your turn ends" (GH), as with three of a kind (C4), when Rules.clear_ends_turn
    reads it literally; by default (C5) the plays still owed remain owed."""
    for step in playout(game, drawn_from(data)):
        _check_owed_after_clear(step)


def _check_reversal(step: Step) -> None:
    """O3: a play of 1s reverses once, or with Rules.reverse_each_one once per 1."""
    laid = laid_cards(step) or ()
    rules = step.before.rules
    ones = sum(card.rank is Rank.ONE for card in laid)
    flips = (ones if rules.reverse_each_one else min(ones, 1)) if rules.reverse_on_one else 0
    expected = step.before.direction * (-1) ** flips
    assert step.after.direction == expected, str(step)


@pytest.mark.spec("O3")
@given(games(TABLES), st.data())
def test_reversing_per_play_or_per_one(game: GameState, data: st.DataObject) -> None:
    """O3: "whenever a 1 is played, the direction of play flips", once per play or, read per card, once per 1."""
    for step in playout(game, drawn_from(data)):
        _check_reversal(step)
