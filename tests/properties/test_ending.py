"""Properties of the end of a game: who goes out, when it is over, and that it always ends."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.playouts import drawn_from, playout
from tests.strategies import base_rules, games, rules
from threeup3down import GameState, IllegalMoveError, PickUp, apply, legal_moves


def _check_finished(state: GameState) -> None:
    """W1, O1: the seats listed as out are exactly those without cards (the last one
    listed once places are settled excepted)."""
    out = {seat for seat, cards in enumerate(state.seats) if cards.is_out}
    settled = state.is_over and state.rules.places and len(state.finished) == state.rules.players
    listed = state.finished[:-1] if settled else state.finished
    assert set(listed) == out, state.notation()
    assert len(set(state.finished)) == len(state.finished), state.notation()


@pytest.mark.spec("W1", "O10")
@given(games(st.one_of(base_rules(), rules())), st.data())
def test_no_legal_move_exactly_when_the_game_is_over(game: GameState, data: st.DataObject) -> None:
    """W1: "the first player with no cards left … wins, at once", and legal_moves is empty exactly when the game is over, when every move is refused."""
    state = game
    for step in playout(game, drawn_from(data)):
        assert not step.before.is_over, str(step)
        _check_finished(step.after)
        mover_out = step.seat_after.is_out and not step.seat_before.is_out
        if mover_out:
            assert step.after.finished[: len(step.before.finished) + 1] == (
                *step.before.finished, step.player,
            ), str(step)
        if mover_out and not game.rules.places:
            assert step.after.is_over and step.after.winner == step.player, str(step)
        state = step.after
    assert state.is_over and legal_moves(state) == (), state.notation()
    with pytest.raises(IllegalMoveError) as refused:
        apply(state, PickUp())
    assert refused.value.rule == "W1"


@pytest.mark.spec("O10", "W1", "O1")
@given(games(st.one_of(base_rules(), rules())), st.data())
def test_every_game_ends_by_the_turn_limit(game: GameState, data: st.DataObject) -> None:
    """O10: "a turn limit after which an unfinished game ends as a stalemate", so every game ends, decided or stalemated."""
    limit = game.rules.turn_limit
    assert limit is not None
    state = game
    for step in playout(game, drawn_from(data)):
        assert step.after.turn <= limit, str(step)
        state = step.after
    assert state.is_over, state.notation()
    decided = len(state.finished) == (game.rules.players if game.rules.places else 1)
    assert state.is_stalemate == (not decided), state.notation()
    if state.is_stalemate:
        assert state.turn == limit, state.notation()
    else:
        assert state.winner is not None and state.seats[state.winner].is_out


@pytest.mark.spec("O1")
@given(games(st.one_of(rules(places=st.just(True)), base_rules())), st.data())
def test_places_rank_every_seat(game: GameState, data: st.DataObject) -> None:
    """O1: "after the winner, the others play on to settle second, third, … place, until one player is left holding cards", so the places are a permutation of the seats."""
    state = game
    for step in playout(game, drawn_from(data)):
        state = step.after
    if state.is_stalemate:
        return
    if game.rules.places:
        assert sorted(state.places) == list(range(game.rules.players)), state.notation()
        assert all(state.seats[seat].is_out for seat in state.places[:-1]), state.notation()
        assert not state.seats[state.places[-1]].is_out, state.notation()
    else:
        assert len(state.places) == 1, state.notation()
