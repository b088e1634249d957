"""Which positions load: every reachable one, and none the rules can never reach."""

from __future__ import annotations

from typing import Any

import attrs
import pytest
from hypothesis import given

from tests.helpers import position
from tests.playouts import random_game
from tests.strategies import rules, seeds
from threeup3down import Card, GameState, NotationError, Rules, parse_cards
from threeup3down.core.state import parse_position
from threeup3down.formats.serialization import STATE, from_json, to_json
from threeup3down.core.validation import position_problems

SETUP_SEAT_0_CHOOSES = "setup 0 1g,2g,3g,4g,5g,6g|-|1r,2r,3r/1b,2b,3b,4b,5b,6b|-|7r,8r,9r - - -"
"""Two players, nobody has chosen 3UP cards yet (S2, S3), with a custom 18-card deck."""
SMALL_DECK = "1g,2g,3g,4g,5g,6g,1r,2r,3r,1b,2b,3b,4b,5b,6b,7r,8r,9r"


def small(text: str, **options: object) -> GameState:
    """The position ``text`` at a two-player table with the 18 cards of :data:`SMALL_DECK`."""
    return position(text, custom_cards=parse_cards(SMALL_DECK), **options)


@pytest.mark.spec("D1", "S1", "S3", "W1", "O1", "O10")
@given(rules(), seeds(), seeds())
def test_every_reachable_state_loads(table: Rules, seed: int, move_seed: int) -> None:
    """Every state of a random game has no problems and reads back from notation and JSON."""
    states, _ = random_game(table, seed, move_seed)
    for state in states[:: max(1, len(states) // 8)] + states[-1:]:
        assert position_problems(state) == ()
        assert parse_position(state.notation(), table) == state
        assert from_json(to_json(state), STATE) == state


@pytest.mark.spec("O1")
def test_finished_game_with_places_loads() -> None:
    """With places (O1) a finished game lists the last seat too, though it still holds cards."""
    state = position("over 2 -|-|-/5r|-|-/-|-|- - - * fin=2,0,1", places=True)
    assert state.finished == (2, 0, 1) and state.seats[1].hand
    assert parse_position(state.notation(), state.rules) == state


@pytest.mark.spec("S2", "S3")
def test_setup_positions() -> None:
    """During setup, seats before the chooser hold three cards and three 3UP, the rest six in hand."""
    small(SETUP_SEAT_0_CHOOSES)
    small("setup 1 4g,5g,6g|1g,2g,3g|1r,2r,3r/1b,2b,3b,4b,5b,6b|-|7r,8r,9r - - -")
    with pytest.raises(NotationError, match=r"during setup seat 0 holds 6 cards in hand, 0 3UP"):
        small("setup 0 4g,5g,6g|1g,2g,3g|1r,2r,3r/1b,2b,3b,4b,5b,6b|-|7r,8r,9r - - -")
    with pytest.raises(NotationError, match=r"nothing is played during setup \(S4\)"):
        small("setup 0 1g,2g,3g,4g,5g,6g|-|1r,2r,3r/1b,2b,3b,4b,5b|-|7r,8r,9r - 6b -")


@pytest.mark.spec("O6")
def test_setup_with_chosen_faces() -> None:
    """With chosen faces (O6) seat 0's choice lies on seat 1's 3DOWN cards while seat 1 chooses."""
    text = "setup 1 4g,5g,6g|-|1r,2r,3r/1b,2b,3b,4b,5b,6b|1g,2g,3g|7r,8r,9r - - -"
    assert small(text, chosen_faces=True).seats[1].up
    with pytest.raises(NotationError, match="during setup seat 0 holds 3 cards in hand, 3 3UP"):
        small(text)


@pytest.mark.spec("O5")
def test_pile_swap_is_pending_only_in_setup() -> None:
    """With O5 a setup position carries the swap to come, a derangement; in play it is done."""
    small(SETUP_SEAT_0_CHOOSES + " perm=1,0", pile_swap=True)
    with pytest.raises(NotationError, match="must give every seat another seat's piles"):
        small(SETUP_SEAT_0_CHOOSES + " perm=0,1", pile_swap=True)
    seats = [f"1{c},2{c},3{c},4{c},5{c},6{c}|-|7{c},8{c},9{c}" for c in "grb"]
    three = f"setup 0 {'/'.join(seats)} - - -"
    deck = parse_cards(",".join(f"{n}{c}" for c in "grb" for n in range(1, 10)))
    with pytest.raises(NotationError, match="must give every seat another seat's piles"):
        position(three + " perm=1,0", pile_swap=True, custom_cards=deck)
    position(three + " perm=1,2,0", pile_swap=True, custom_cards=deck)
    with pytest.raises(NotationError, match="pending but O5 is off"):
        small(SETUP_SEAT_0_CHOOSES + " perm=1,0")
    with pytest.raises(NotationError, match=r"happens when setup ends \(O5\)"):
        position("play 0 5r|-|-/6r|-|- - - * perm=1,0", pile_swap=True)


@pytest.mark.spec("O10")
def test_no_turn_at_or_past_the_turn_limit() -> None:
    """Play stops at the turn limit (O10): a position to play at it, or over past it, is refused."""
    position("play 0 5r|-|-/6r|-|- - - * turn=9", turn_limit=10)
    with pytest.raises(NotationError, match="reached the turn limit of 10"):
        position("play 0 5r|-|-/6r|-|- - - * turn=10", turn_limit=10)
    with pytest.raises(NotationError, match="past the turn limit of 10"):
        position("over 0 5r|-|-/6r|-|- - - * turn=11", turn_limit=10)


@pytest.mark.spec("W1", "O1", "O10")
def test_over_means_decided_or_out_of_turns() -> None:
    """A game is over once decided (W1, O1) or at its turn limit (O10), never otherwise."""
    with pytest.raises(NotationError, match="neither decided"):
        position("over 0 5r|-|-/6r|-|- - - * turn=3")
    position("over 0 5r|-|-/6r|-|- - - * turn=3", turn_limit=3)
    with pytest.raises(NotationError, match="neither decided"):
        position("over 0 -|-|-/6r|-|-/7r|-|- - - * fin=0", places=True)


@pytest.mark.spec("W1", "O1")
def test_play_goes_on_only_while_undecided() -> None:
    """Without places the first seat out ends the game (W1); with them, the last but one (O1)."""
    with pytest.raises(NotationError, match=r"1 seat is out, which ends the game"):
        position("play 1 -|-|-/6r|-|-/7r|-|- - - * fin=0")
    position("play 1 -|-|-/6r|-|-/7r|-|- - - * fin=0", places=True)
    with pytest.raises(NotationError, match=r"2 seats are out, which ends the game"):
        position("play 2 -|-|-/-|-|-/7r|-|- - - * fin=0,1", places=True)


@pytest.mark.spec("S6", "O3")
def test_table_problems_are_reported_alone() -> None:
    """Seat numbers off the table are reported without the checks that need them."""
    state = position("play 0 5r|-|-/6r|-|- - - *")
    broken = attrs.evolve(state, current_player=3, direction=0)
    assert position_problems(broken) == (
        "seat 3 is not at the table",
        "the direction of play is +1 or -1, not 0 (S6, O3)",
    )


def test_position_numbers_must_be_ascii_digits() -> None:
    """Flags take ASCII digits: other digits and endless numbers are notation errors, not crashes."""
    with pytest.raises(NotationError, match="turn must be a whole number"):
        position("play 0 5r|-|-/6r|-|- - - * turn=\u00b2")
    with pytest.raises(NotationError, match="too large"):
        position("play 0 5r|-|-/6r|-|- - - * turn=" + "9" * 5000)


@pytest.mark.spec("T4")
def test_every_seat_drew_at_the_end_of_its_turn() -> None:
    """While the draw pile has cards, no seat but the one in its turn holds cards with an empty hand (T4)."""
    text = "play 0 5r,6g,7b|-|-/-|8g,9g,10g|1g,2g,3g 4r,4b - *"
    with pytest.raises(NotationError, match=r"seat 1 has an empty hand while the draw pile has cards \(T4"):
        position(text)
    position("play 0 5r,6g,7b|-|-/-|8g,9g,10g|1g,2g,3g - - *")
    with pytest.raises(NotationError, match=r"seat 1 has an empty hand while the draw pile"):
        position("over 0 5r|-|-/-|8g|1g,2g,3g 4r - * turn=3", turn_limit=3)


@pytest.mark.spec("C2", "C3", "C6")
def test_owed_plays_come_from_clear_cards_out_of_the_game() -> None:
    """Owed plays number at most the extra plays of the Clear +1 and +2 cards already swept out."""
    with pytest.raises(NotationError, match=r"9 plays are owed but .* granted 8 \(C2, C3, C6\)"):
        position("play 0 7r|-|-/8b|-|- - 8g * owed=9")
    with pytest.raises(NotationError, match=r"plays are owed"):
        position("play 0 7r|-|-/8b|-|- - 8g * owed=" + "1" + "0" * 30)
    assert position("play 0 7r|-|-/8b|-|- - 8g * owed=8").owed_plays == 8
    held = "C+1g,C+1g,C+1r,C+1r,C+1b,C+1b,C+2g"
    with pytest.raises(NotationError, match=r"1 plays are owed but .* granted 0"):
        position(f"play 0 7r|-|-/8b,{held}|-|- - 8g * owed=1")


@pytest.mark.spec("S5", "O9")
def test_the_first_player_sits_at_the_table() -> None:
    """The seat that opens play is one of the table's seats."""
    with pytest.raises(NotationError, match=r"first=2 is not at the table"):
        position("play 0 5r|-|-/6r|-|- - - * first=2")
    assert position("play 0 5r|-|-/6r|-|- - - * first=1").first_player == 1


@pytest.mark.spec("S2", "S3")
def test_at_most_three_3up_and_3down_cards() -> None:
    """Three 3DOWN cards are dealt and three 3UP cards chosen: never more."""
    with pytest.raises(NotationError, match=r"seat 0 has more than three 3UP or 3DOWN cards"):
        position("play 0 5r|2g,3g,4g,5g|6g,7g,8g/6r|-|- - - *")
    with pytest.raises(NotationError, match=r"seat 1 has more than three 3UP or 3DOWN cards"):
        position("play 0 5r|-|-/6r|-|2g,3g,4g,5g - - *")


@pytest.mark.spec("P2")
def test_the_discard_pile_never_goes_down() -> None:
    """Each card laid equals or beats the one below it, so the pile rises from bottom to top."""
    with pytest.raises(NotationError, match=r"goes down from 9g to 8g, .*\(P2\)"):
        position("play 0 7r|-|-/8b|-|- - 9g,8g *")
    position("play 0 7r|-|-/8b|-|- - 2r,8g,8b,9g *")


@pytest.mark.spec("C4")
def test_no_three_equal_numbers_in_a_row_on_the_pile() -> None:
    """Three equal numbers in a row cleared the pile when the third was laid (C4), wherever they lie."""
    with pytest.raises(NotationError, match=r"holds three 5s in a row, which cleared it \(C4\)"):
        position("play 0 7r|-|-/8b|-|- - 5g,5r,5b,6g *")


@pytest.mark.spec("F2")
def test_3down_cards_only_after_the_3up_cards() -> None:
    """A seat whose 3DOWN cards are fewer than three has played all its 3UP cards first."""
    with pytest.raises(NotationError, match=r"seat 0 has played a 3DOWN card but still has 3UP cards \(F2\)"):
        position("play 0 -|4g|8g,8r/8b|-|- - 3r *")
    position("play 0 -|-|8g,8r/8b|-|- - 3r *")


@pytest.mark.spec("S3", "W1")
@pytest.mark.parametrize("flag", ["owed=1", "draw", "swap"])
def test_no_flag_in_setup_or_after_the_game(flag: str) -> None:
    """Owed plays, the early draw and the swap belong to a turn: none in setup or once the game is over."""
    with pytest.raises(NotationError, match=r"no turn is taken during setup \(S3\)"):
        small(f"{SETUP_SEAT_0_CHOOSES} {flag}", same_colour_swap=True)
    with pytest.raises(NotationError, match=r"nothing is owed or offered once the game is over \(W1\)"):
        position(f"over 0 -|-|-/6r|-|- - 5g,6g,7g,8g * fin=0 {flag}", same_colour_swap=True)


@pytest.mark.spec("O7")
def test_the_swap_is_offered_on_four_of_a_colour_to_a_player_with_hand_and_3up() -> None:
    """O7 offers the swap after four cards of one colour, to a player holding hand and 3UP cards."""
    four = "play 0 5r|9r|1b,2b,3b/6r|-|- - 5g,6g,7g,8g * swap"
    assert position(four, same_colour_swap=True).swap_offered
    with pytest.raises(NotationError, match=r"swap is offered but O7 is off"):
        position(four)
    with pytest.raises(NotationError, match=r"top four cards are not of one colour \(O7\)"):
        position("play 0 5r|9r|1b,2b,3b/6r|-|- - 5g,6g,7r,8g * swap", same_colour_swap=True)
    with pytest.raises(NotationError, match=r"without both hand and 3UP cards \(O7\)"):
        position("play 0 5r|-|1b,2b,3b/6r|-|- - 5g,6g,7g,8g * swap", same_colour_swap=True)


def _flags(text: str, **changes: Any) -> tuple[str, ...]:
    """The problems of position ``text`` (O7 on) with some fields changed."""
    return position_problems(attrs.evolve(position(text, same_colour_swap=True), **changes))


def test_problems_are_reported_word_for_word() -> None:
    """Each problem reads exactly as documented: the whole text, not only a part of it, is what callers see."""
    four = "play 0 5r|9r|1b,2b,3b/6r|-|- - 5g,6g,7g,8g *"
    assert _flags(four, rules=Rules(players=2, turn_limit=None), swap_offered=True) == (
        "a same-colour swap is offered but O7 is off",
    )
    assert _flags("play 0 5r|9r|1b,2b,3b/6r|-|- - 5g,6g,7r,8g *", swap_offered=True) == (
        "a same-colour swap is offered but the top four cards are not of one colour (O7)",
    )
    assert _flags("play 0 5r|-|1b,2b,3b/6r|-|- - 5g,6g,7g,8g *", swap_offered=True) == (
        "a same-colour swap is offered to a player without both hand and 3UP cards (O7)",
    )
    over = "over 0 -|-|-/6r|-|- - 5g,6g,7g,8g * fin=0"
    assert _flags(over, finished=()) == (
        "seat 0 has no cards but is not listed in fin",
        "the game is over but is neither decided (W1, O1) nor at its turn limit (O10)",
    )
    assert _flags(over, owed_plays=1) == ("nothing is owed or offered once the game is over (W1)",)
    setup = small(SETUP_SEAT_0_CHOOSES)
    assert position_problems(attrs.evolve(setup, owed_plays=1)) == ("no turn is taken during setup (S3)",)
    swapped = attrs.evolve(small(SETUP_SEAT_0_CHOOSES + " perm=1,0", pile_swap=True), pile_swap=(0, 1))
    assert position_problems(swapped) == (
        "with O5 the pile swap (perm) must give every seat another seat's piles",
    )


def _with_draw_pile(state: GameState) -> GameState:
    """``state`` with one card of the out-of-game pile moved onto the draw pile (checks not run)."""
    return attrs.evolve(state, draw_pile=state.out_of_game[:1], out_of_game=state.out_of_game[1:])


@pytest.mark.spec("T4", "C2")
def test_turn_and_draw_problems_word_for_word() -> None:
    """The player to move with an empty hand beside a draw pile, and an early draw that would draw nothing, read exactly so."""
    empty = position("play 0 -|9r|1b,2b,3b/6r,7r,8r|-|- - - *")
    assert position_problems(_with_draw_pile(empty)) == (
        "the player to move has an empty hand and the draw pile has cards, but owes no play (T4 would have drawn)",
    )
    full_hand = position("play 0 5r,6r,7r|-|-/6g,7g,8g|-|- - - * owed=1")
    assert position_problems(attrs.evolve(_with_draw_pile(full_hand), may_draw=True)) == (
        "the early draw is offered where it would draw nothing (C2)",
    )
    short_hand = position("play 0 5r,6r|-|-/6g,7g,8g|-|- - - * owed=1")
    assert position_problems(attrs.evolve(_with_draw_pile(short_hand), may_draw=True)) == ()
    nothing_owed = position("play 0 5r,6r|-|-/6g,7g,8g|-|- - - *")
    assert position_problems(attrs.evolve(_with_draw_pile(nothing_owed), may_draw=True)) == (
        "the early draw is offered where it would draw nothing (C2)",
    )


@pytest.mark.spec("S3", "S4", "O5")
def test_setup_problems_word_for_word() -> None:
    """Setup's problems read exactly as documented."""
    setup = small(SETUP_SEAT_0_CHOOSES)
    laid = attrs.evolve(setup, draw_pile=setup.draw_pile, discard_pile=setup.seats[0].hand[:1],
                        seats=(attrs.evolve(setup.seats[0], hand=setup.seats[0].hand[1:]),) + setup.seats[1:])
    assert "nothing is played during setup (S4)" in position_problems(laid)
    assert position_problems(attrs.evolve(setup, direction=-1)) == (
        "nobody is out and play has not turned during setup (S3)",
    )
    assert position_problems(attrs.evolve(setup, pile_swap=(1, 0))) == (
        "a pile swap (perm) is pending but O5 is off",
    )


@pytest.mark.spec("O6")
def test_chosen_faces_lie_on_the_next_seat_during_setup() -> None:
    """With O6 at three seats, seat 0's choice lies on seat 1 while seat 1 chooses; seat 2 has none yet."""
    cards = parse_cards(",".join(f"{n}{c}" for c in "grb" for n in range(1, 10)))
    text = "setup 1 4g,5g,6g|-|7g,8g,9g/1r,2r,3r,4r,5r,6r|1g,2g,3g|7r,8r,9r/1b,2b,3b,4b,5b,6b|-|7b,8b,9b - - -"
    state = position(text, chosen_faces=True, custom_cards=cards)
    assert state.seats[1].up == parse_cards("1g,2g,3g")


def test_table_card_and_pile_problems_word_for_word() -> None:
    """Seats off the table by one, negative counts, missing or extra cards and cleared piles read exactly so."""
    state = position("play 0 5r|-|-/6r|-|- - - *")
    assert position_problems(attrs.evolve(state, current_player=2)) == ("seat 2 is not at the table",)
    assert position_problems(attrs.evolve(state, finished=(2,))) == ("fin and perm must name seats at the table",)
    assert position_problems(attrs.evolve(state, owed_plays=-1)) == ("owed plays cannot be negative",)
    assert position_problems(attrs.evolve(state, turn=-1)) == ("the turn count cannot be negative",)
    assert position_problems(attrs.evolve(state, out_of_game=state.out_of_game[1:])) == (
        "cards of the deck are missing: 1g (D1)",
    )
    assert position_problems(attrs.evolve(state, draw_pile=(Card.RED_5,), out_of_game=state.out_of_game)) == (
        "more cards than the deck holds: 5r (D1)",
    )
    rest = [card for card in state.out_of_game]
    for text in ("Cg", "8g,8r,8b", "3g,4g,5g,8g,8r,8b"):
        pile = parse_cards(text)
        for card in pile:
            rest.remove(card)
        loaded = attrs.evolve(state, discard_pile=pile, out_of_game=tuple(rest))
        rest = [card for card in state.out_of_game]
        expected = "a Clear card lies on the discard pile, which it clears (C1)" if text == "Cg" else (
            "the discard pile ends in three 8s, which clear it (C4)"
        )
        assert position_problems(loaded) == (expected,)


@pytest.mark.spec("T4", "W1", "O5")
def test_seat_and_fin_problems_word_for_word() -> None:
    """A seat left with only 3DOWN cards beside a draw pile, fin naming a seat twice or one holding cards, and a late pile swap read exactly so."""
    state = position("play 0 5r,6r,7r|-|-/-|-|1b,2b - - *")
    assert position_problems(_with_draw_pile(state)) == (
        "seat 1 has an empty hand while the draw pile has cards (T4: its last turn ended with a draw)",
    )
    three = position("play 1 -|-|-/6r|-|-/7r|-|- - - * fin=0", places=True)
    assert "fin must list distinct seats that have no cards left" in position_problems(
        attrs.evolve(three, finished=(0, 0))
    )
    assert "fin must list distinct seats that have no cards left" in position_problems(
        attrs.evolve(position("over 0 -|-|-/6r|-|- - - * fin=0"), finished=(1,))
    )
    assert position_problems(attrs.evolve(state, rules=attrs.evolve(state.rules, pile_swap=True), pile_swap=(1, 0))) == (
        "the pile swap (perm) happens when setup ends (O5)",
    )


@pytest.mark.spec("O1", "S3")
def test_problems_found_before_the_phase_checks_are_kept() -> None:
    """With places at three seats, only the last seat listed may still hold cards; in setup an unsorted hand is still reported."""
    over = position("over 0 -|-|-/5r|-|-/-|-|- - - * fin=0,2,1", places=True)
    assert "fin must list distinct seats that have no cards left" in position_problems(
        attrs.evolve(over, finished=(0, 1, 2))
    )
    setup = small(SETUP_SEAT_0_CHOOSES)
    hand = tuple(reversed(setup.seats[0].hand))
    unsorted = attrs.evolve(setup, seats=(attrs.evolve(setup.seats[0], hand=hand),) + setup.seats[1:])
    assert position_problems(unsorted) == ("seat 0's hand and 3UP cards must be sorted",)


@pytest.mark.spec("S1", "W1", "O1")
def test_a_seat_short_and_a_player_to_move_gone_out_word_for_word() -> None:
    """A table a seat short, and a player to move who has already gone out, read exactly so."""
    state = position("play 0 5r|-|-/6r|-|- - - *")
    assert position_problems(attrs.evolve(state, seats=state.seats[:1])) == ("1 seats for 2 players",)
    three = position("play 1 -|-|-/6r|-|-/7r|-|- - - * fin=0", places=True)
    assert position_problems(attrs.evolve(three, current_player=0)) == ("seat 0 is to play but has gone out",)
