"""Properties of the discard pile: when it clears, when it is picked up, what may follow."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.playouts import Step, drawn_from, playout
from tests.properties.playout import end_of_turn_draw, laid_cards
from tests.strategies import base_rules, games, rules
from threeup3down import (
    Card,
    FlipDown,
    GameState,
    IllegalMoveError,
    Phase,
    PickUp,
    Play,
    Source,
    apply,
    legal_moves,
)

def _clears(pile: tuple[Card, ...], laid: tuple[Card, ...]) -> bool:
    """C1–C4, worked out from the rules: a Clear kind, or three equal numbers on top."""
    cards = pile + laid
    return any(card.rank.is_clear for card in laid) or (
        len(cards) >= 3 and cards[-1].rank == cards[-2].rank == cards[-3].rank
    )


def _check_lay(step: Step, laid: tuple[Card, ...]) -> None:
    """The laid cards go on the pile, or the pile and they leave the game (C1, C4, C6)."""
    pile = step.before.discard_pile
    out_before, out_after = Counter(step.before.out_of_game), Counter(step.after.out_of_game)
    if _clears(pile, laid):
        assert step.after.discard_pile == (), f"no clear: {step}"
        assert out_after == out_before + Counter(pile + laid), f"clear lost cards: {step}"
    else:
        assert step.after.discard_pile[: len(pile)] == pile, f"pile changed under: {step}"
        assert Counter(step.after.discard_pile[len(pile) :]) == Counter(laid), str(step)
        assert len(step.after.discard_pile) == len(pile) + len(laid), str(step)
        assert out_after == out_before, f"cleared without cause: {step}"


def _check_pick_up(step: Step, flipped: tuple[Card, ...]) -> None:
    """The whole pile (and a flipped card that failed) goes to the hand (T3, F4), then T4."""
    pile = step.before.discard_pile
    taken = step.seat_before.hand + pile + flipped
    drawn = end_of_turn_draw(taken, step.before.draw_pile)
    assert step.after.discard_pile == (), str(step)
    assert Counter(step.seat_after.hand) == Counter(taken + drawn), str(step)
    assert step.after.out_of_game == step.before.out_of_game, str(step)


def _check_step(step: Step) -> None:
    """The discard pile and out-of-game pile after ``step``, worked out from the move."""
    laid = laid_cards(step)
    if laid is not None:
        _check_lay(step, laid)
    elif isinstance(step.move, FlipDown):
        _check_pick_up(step, (step.seat_before.down[step.move.position],))
    elif isinstance(step.move, PickUp):
        _check_pick_up(step, ())
    else:
        assert step.after.discard_pile == step.before.discard_pile, str(step)
        assert step.after.out_of_game == step.before.out_of_game, str(step)


def _check_pile_shape(state: GameState) -> None:
    """The pile holds numbers only and never ends in three equal numbers (C1, C4)."""
    pile = state.discard_pile
    assert not any(card.rank.is_clear for card in pile), state.notation()
    assert not (len(pile) >= 3 and pile[-1].rank == pile[-2].rank == pile[-3].rank), state.notation()


@pytest.mark.spec("C1", "C4", "C6", "T3", "F4")
@given(games(st.one_of(base_rules(), rules())), st.data())
def test_pile_clears_exactly_on_a_clear_or_three_of_a_kind(game: GameState, data: st.DataObject) -> None:
    """C1, C4: "the discard pile, the Clear included, leaves the game", as does a run of "three or more cards of the same number", never otherwise; T3, F4: a pick-up takes "the whole discard pile" (and the turned-over card)."""
    for step in playout(game, drawn_from(data)):
        _check_step(step)
        _check_pile_shape(step.after)


def _check_anything_goes(state: GameState) -> None:
    """On an empty pile every card of the place played from may be played (P2, C5)."""
    seat = state.seats[state.current_player]
    if state.swap_offered or (state.owed_plays and not seat.hand and state.draw_pile):
        return  # the swap (O7) or the forced draw (C5) comes first
    if seat.hand or seat.up:
        source, cards = (Source.HAND, seat.hand) if seat.hand else (Source.UP, seat.up)
        for card in set(cards):
            try:
                apply(state, Play((card,), source))
            except IllegalMoveError as error:
                raise AssertionError(f"{card} refused on an empty pile: {state.notation()}") from error
        return
    for position in range(len(seat.down)):
        after = apply(state, FlipDown(position))
        assert after.seats[state.current_player].hand == (), f"v{position} failed: {state.notation()}"


@pytest.mark.spec("C1", "C5", "P2", "P3")
@given(games(st.one_of(base_rules(), rules())), st.data())
def test_any_card_may_follow_a_clear(game: GameState, data: st.DataObject) -> None:
    """P2, C5: "on an empty discard pile any card may be played", so after a clear (or a pick-up) every card may be played, from the hand, the 3UP cards or a 3DOWN flip."""
    for step in playout(game, drawn_from(data)):
        after = step.after
        if after.phase is Phase.PLAY and after.discard_pile == ():
            assert legal_moves(after), after.notation()
            _check_anything_goes(after)
