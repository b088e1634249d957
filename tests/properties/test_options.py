"""Properties of the optional rules that change the flow of play: O3, O7, O9 (and S5, S6)."""

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
    DeclineSwap,
    FirstPlayer,
    GameState,
    Move,
    Phase,
    Rank,
    Swap,
    legal_moves,
)

RUN_OF_COLOUR = 4
"""O7: four cards of the same colour on top of the discard pile."""


def _next_seat(seat: int, direction: int, players: int, finished: tuple[int, ...]) -> int:
    """S6, O3: the next seat in the direction of play that still takes turns."""
    seat = (seat + direction) % players
    while seat in finished:
        seat = (seat + direction) % players
    return seat


def _check_direction(step: Step) -> None:
    """O3: the direction flips exactly on a play containing a 1; S6: play passes on."""
    laid = laid_cards(step) or ()
    ones = sum(card.rank is Rank.ONE for card in laid)
    if step.before.rules.reverse_each_one:
        ones %= 2
    reverses = step.before.rules.reverse_on_one and ones > 0
    expected = -step.before.direction if reverses else step.before.direction
    assert step.after.direction == expected, str(step)
    if step.before.phase is Phase.PLAY and step.after.phase is Phase.PLAY:
        if step.after.turn == step.before.turn + 1:
            rules = step.before.rules
            seat = _next_seat(step.player, expected, rules.players, step.after.finished)
            assert step.after.current_player == seat, str(step)
        else:
            assert step.after.turn == step.before.turn, str(step)
            assert step.after.current_player == step.player, str(step)


@pytest.mark.spec("O3", "S6")
@given(games(st.one_of(rules(reverse_on_one=st.just(True)), rules(), base_rules())), st.data())
def test_a_one_reverses_the_direction_of_play(game: GameState, data: st.DataObject) -> None:
    """O3: "whenever a 1 is played, the direction of play flips" (once per play), and never otherwise; S6: play passes to the next seat in that direction."""
    for step in playout(game, drawn_from(data)):
        _check_direction(step)


def _expected_swap_offer(step: Step) -> bool:
    """O7, worked out from the move: the player's play leaves four cards of one colour on
    top of an uncleared pile (with colour_run_in_play: puts four on top as any of its cards
    lands), and they hold a hand card and a 3UP card."""
    laid = laid_cards(step)
    if laid is None or not step.before.rules.same_colour_swap:
        return False
    pile = step.before.discard_pile + laid
    cleared = any(card.rank.is_clear for card in laid) or (
        len(pile) >= 3 and pile[-1].rank == pile[-2].rank == pile[-3].rank
    )
    # the pile as the play leaves it or, with colour_run_in_play, as each laid card lands on it
    landed = range(1, len(laid) + 1) if step.before.rules.colour_run_in_play else [len(laid)]
    tops = [(step.before.discard_pile + laid[:count])[-RUN_OF_COLOUR:] for count in landed]
    one_colour = any(len(top) == RUN_OF_COLOUR and len({card.colour for card in top}) == 1 for top in tops)
    return not cleared and one_colour and bool(step.seat_after.hand and step.seat_after.up)


def _swap_choices(state: GameState) -> set[Move]:
    """O7: every exchange of a hand card for a different 3UP card, and declining (an
    exchange of identical cards changes nothing, D3, so declining stands for it)."""
    seat = state.seats[state.current_player]
    swaps: set[Move] = {
        Swap(hand_card, up_card)
        for hand_card in seat.hand
        for up_card in seat.up
        if hand_card is not up_card
    }
    return swaps | {DeclineSwap()}


def _check_swap(step: Step) -> None:
    """O7: a swap moves one card each way between hand and 3UP and nothing else."""
    assert isinstance(step.move, Swap)
    before, after = step.seat_before, step.seat_after
    hand = Counter(before.hand) - Counter([step.move.hand_card]) + Counter([step.move.up_card])
    turn_ended = step.after.turn == step.before.turn + 1
    drawn: tuple[Card, ...] = ()
    if turn_ended:
        drawn = end_of_turn_draw(tuple(hand.elements()), step.before.draw_pile)
    assert Counter(after.hand) == hand + Counter(drawn), str(step)
    up = Counter(before.up) - Counter([step.move.up_card]) + Counter([step.move.hand_card])
    assert Counter(after.up) == up, str(step)
    assert after.down == before.down, str(step)
    assert step.after.discard_pile == step.before.discard_pile, str(step)
    assert step.after.out_of_game == step.before.out_of_game, str(step)
    others = [seat for seat in range(len(step.before.seats)) if seat != step.player]
    assert all(step.after.seats[seat] == step.before.seats[seat] for seat in others), str(step)


@pytest.mark.spec("O7", "D3")
@given(
    games(st.one_of(rules(same_colour_swap=st.just(True)), rules(same_colour_swap=st.just(True), short_game=True), rules())),
    st.data(),
)
def test_same_colour_swap_is_offered_exactly_after_a_run_of_four(game: GameState, data: st.DataObject) -> None:
    """O7: "if four cards of the same colour lie on top of the discard pile in a row", the player who completed the run "may swap one card from their hand with one of their 3UP cards, or decline", and a swap only exchanges those two cards."""
    for step in playout(game, drawn_from(data)):
        offered = _expected_swap_offer(step)
        assert step.after.swap_offered == offered, str(step)
        moves = set(legal_moves(step.after))
        if offered:
            assert moves == _swap_choices(step.after), str(step)
        else:
            assert not any(isinstance(move, (Swap, DeclineSwap)) for move in moves), str(step)
        if isinstance(step.move, Swap):
            _check_swap(step)


def _expected_first_player(state: GameState) -> int | None:
    """S5, O9: the seat that opens play, or ``None`` when it is drawn at random."""
    rules = state.rules
    match rules.first_player:
        case FirstPlayer.SEAT:
            return rules.first_seat
        case FirstPlayer.DEALERS_LEFT:
            return (rules.dealer + 1) % rules.players
        case _:
            return None


@pytest.mark.spec("S3", "S5", "O9")
@given(games(st.one_of(rules(), base_rules())), st.data())
def test_setup_then_the_first_player_opens(game: GameState, data: st.DataObject) -> None:
    """S3, S5, O9: each seat chooses its 3UP cards, then play opens with "a fixed seat, the dealer's left, or random"."""
    chooser = 0
    for step in playout(game, drawn_from(data)):
        if step.before.phase is not Phase.SETUP:
            break
        assert step.player == chooser, str(step)
        chooser += 1
        if step.after.phase is Phase.PLAY:
            assert chooser == game.rules.players, str(step)
            first = _expected_first_player(game)
            assert step.after.current_player == (first if first is not None else game.first_player)
            assert 0 <= step.after.current_player < game.rules.players
            assert all(len(seat.hand) == 3 and len(seat.up) == 3 for seat in step.after.seats)
