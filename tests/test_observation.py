"""Observations: what each seat may know (S2, S3, F3, F4, O5, O6), sampling, and moves."""

from __future__ import annotations

import random
from collections import Counter

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.helpers import play, position
from tests.playouts import cards_in, random_game, state_after, tables
from threeup3down import (
    Card,
    ChooseUp,
    DeclineSwap,
    Draw,
    DrawInstead,
    FlipDown,
    GameState,
    Move,
    PickUp,
    Play,
    Rules,
    Source,
    ThreeUpError,
    apply,
    is_legal,
    legal_moves,
    new_game,
    parse_cards,
)
from threeup3down.core.cards import sort_cards
from threeup3down.views.observation import Observation, SeatView, observe, sample_state
from threeup3down.core.phase import Phase
from threeup3down.core.state import Seat


def chooser(rules: Rules, seat: int) -> int:
    """The seat that chose the 3UP cards of ``seat`` (S3; O6: the seat before)."""
    return (seat - 1) % rules.players if rules.chosen_faces else seat


def up_hidden_from(state: GameState, seat: int, player: int) -> bool:
    """S3: during setup, 3UP cards another seat chose are hidden."""
    return state.phase is Phase.SETUP and chooser(state.rules, seat) != player


def visible_cards(state: GameState, player: int) -> Counter[Card]:
    """The cards ``player`` may see in ``state``: own hand, 3UP cards, discards, out of
    game; and, once per seat, the cards every player knows to be in its hand."""
    seen = Counter(state.seats[player].hand)
    for seat, cards in enumerate(state.seats):
        if not up_hidden_from(state, seat, player):
            seen.update(cards.up)
        seen.update(cards.known)
    seen.update(state.discard_pile + state.out_of_game)
    return seen


def reshuffle_hidden(state: GameState, player: int, data: st.DataObject) -> GameState:
    """``state`` with every card hidden from ``player`` permuted among the hidden places,
    and a pending pile swap (O5) replaced by another derangement. Cards every
    player knows to be in a hand stay there."""
    hidden: list[Card] = []
    for seat, cards in enumerate(state.seats):
        if seat != player:
            hidden += (Counter(cards.hand) - Counter(cards.known)).elements()
        if up_hidden_from(state, seat, player):
            hidden += cards.up
        hidden += cards.down
    hidden += state.draw_pile
    cards_left = iter(data.draw(st.permutations(hidden)))

    def take(count: int) -> tuple[Card, ...]:
        return tuple(next(cards_left) for _ in range(count))

    seats = []
    for seat, cards in enumerate(state.seats):
        if seat == player:
            hand = cards.hand
        else:
            hand = sort_cards(cards.known + take(len(cards.hand) - len(cards.known)))
        up = tuple(sorted(take(len(cards.up)))) if up_hidden_from(state, seat, player) else cards.up
        seats.append(Seat(hand=hand, up=up, down=take(len(cards.down)), known=cards.known))
    players = state.rules.players
    shift = data.draw(st.integers(1, players - 1))
    pile_swap = tuple((seat + shift) % players for seat in range(players)) if state.pile_swap else ()
    return attrs.evolve(
        state, seats=tuple(seats), draw_pile=take(len(state.draw_pile)), pile_swap=pile_swap
    )


def candidate_moves(state: GameState) -> list[Move]:
    """The legal moves, and moves near them that may be illegal."""
    seat = state.seats[state.current_player]
    candidates: list[Move] = list(legal_moves(state))
    candidates += [Play((card,)) for card in seat.hand] + [Play((card,), Source.UP) for card in seat.up]
    candidates += [FlipDown(position) for position in range(4)]
    candidates += [PickUp(), Draw(), DrawInstead(), DeclineSwap()]
    return candidates


# ------------------------------------------------------------ hand-built


@pytest.mark.spec("S2", "F3")
def test_observation_shows_own_hand_3up_cards_and_counts() -> None:
    """A seat sees its hand, every 3UP card and the piles, and only counts of hands, 3DOWN and draw pile."""
    state = position(
        "play 1 5b,8g,9r|2b,3b,4b|5g,6g,8b/7r|1r,1g,Cr|2g,2r,3g/10b|9b|4g,1b,1b 10r,10g 7g * dir=- turn=7"
    )
    view = observe(state, 1)
    assert view.player == 1 and view.current_player == 1 and view.is_to_move
    assert view.hand == (Card.RED_7,)
    assert view.seats == (
        SeatView(hand_size=3, up=parse_cards("2b,3b,4b"), up_size=3, down_size=3),
        SeatView(hand_size=1, up=parse_cards("1g,1r,Cr"), up_size=3, down_size=3),
        SeatView(hand_size=1, up=(Card.BLUE_9,), up_size=1, down_size=3),
    )
    assert view.draw_pile_size == 2
    assert view.discard_pile == (Card.GREEN_7,) and view.top_card is Card.GREEN_7
    assert view.out_of_game == state.out_of_game
    assert (view.direction, view.turn, view.phase) == (-1, 7, Phase.PLAY)
    assert not view.is_over and view.winner is None and not view.is_stalemate


@pytest.mark.spec("S2", "F3")
def test_no_other_hand_no_3down_card_and_no_draw_card_is_observed() -> None:
    """The one Clear +2 of the deck lies in a 3DOWN pile: no observation names it (S2, F3)."""
    state = position("play 0 7r,9g|-|C+2g/8b|-|1r 5b,6b 8g *")
    for player in (0, 1):
        seen = Counter(cards_in(observe(state, player)))
        assert Card.GREEN_CLEAR_PLUS_2 not in seen
        assert seen == visible_cards(state, player)
    assert Card.BLUE_8 not in observe(state, 0).hand
    assert observe(state, 0).seats[1].hand_size == 1


@pytest.mark.spec("F4")
def test_card_of_a_failed_flip_is_known_to_its_owner_only() -> None:
    """After a failed flip the card is in its owner's hand, seen by them and no one else (F4)."""
    rules = {"custom_cards": parse_cards("1b,9g,8b,5r,8r") + (Card.RED_10,) * 13}
    state = play(position("play 0 -|-|1b,9g/8b|-|- - 5r,8r *", **rules), "v0")
    assert Card.BLUE_1 in observe(state, 0).hand
    assert Card.BLUE_1 not in list(cards_in(observe(state, 1)))
    assert observe(state, 1).seats[0].hand_size == 3


@pytest.mark.spec("S3")
def test_setup_choice_is_hidden_until_every_seat_has_chosen() -> None:
    """During setup a seat sees its own 3UP choice, not another's, until all have chosen (S3)."""
    state = new_game(Rules(players=3), seed=5)
    choice = legal_moves(state)[-1]
    assert isinstance(choice, ChooseUp)
    state = play(state, str(choice))
    assert observe(state, 0).seats[0].up == choice.cards
    for player in (1, 2):
        view = observe(state, player)
        assert view.seats[0] == SeatView(hand_size=3, up=(), up_size=3, down_size=3)
        assert not list(cards_in(view.seats))  # nobody else has chosen yet
    state = play(state, str(legal_moves(state)[0]))
    assert observe(state, 0).seats[1].up == () and observe(state, 2).seats[1].up == ()
    state = play(state, str(legal_moves(state)[0]))
    assert state.phase is Phase.PLAY
    for player in range(3):
        assert [seat.up for seat in observe(state, player).seats] == [s.up for s in state.seats]


@pytest.mark.spec("S3", "O6")
def test_chosen_faces_show_a_seat_the_cards_it_chose_for_the_next() -> None:
    """With chosen faces a seat sees the 3UP cards it chose for the next seat, and not its own (O6)."""
    state = new_game(Rules(players=3, chosen_faces=True), seed=5)
    first = legal_moves(state)[0]
    assert isinstance(first, ChooseUp)
    state = play(state, str(first))
    state = play(state, str(legal_moves(state)[-1]))
    assert observe(state, 0).seats[1].up == state.seats[1].up == first.cards
    assert observe(state, 0).seats[2].up == () and observe(state, 0).seats[2].up_size == 3
    assert observe(state, 1).seats[1].up == () and observe(state, 1).seats[1].up_size == 3
    assert observe(state, 1).seats[2].up == state.seats[2].up
    assert observe(state, 2).seats[1].up == observe(state, 2).seats[2].up == ()


@pytest.mark.spec("O5")
def test_pending_pile_swap_is_hidden() -> None:
    """Setup states that differ only in the pile swap to come look the same (O5)."""
    state = new_game(Rules(players=4, pile_swap=True), seed=2)
    other = attrs.evolve(state, pile_swap=tuple(reversed(state.pile_swap)))
    assert other.pile_swap != state.pile_swap
    assert observe(state, 0) == observe(other, 0)
    assert observe(state, 0).pile_swap_pending


def test_a_seat_off_the_table_is_refused() -> None:
    """Observing a seat that is not at the table raises the library's error."""
    with pytest.raises(ThreeUpError, match="seat 5"):
        observe(new_game(Rules(players=2), seed=1), 5)


def test_sample_state_deals_exactly_the_unseen_cards() -> None:
    """The sampled state keeps what is seen and deals the unseen cards to the hidden places."""
    state = position("play 0 7r,9g|-|-/8b|-|1r 5b,6b 8g *")
    sampled = sample_state(observe(state, 0), random.Random(1))
    unseen = Counter(sampled.seats[1].hand + sampled.seats[1].down + sampled.draw_pile)
    assert unseen == Counter(parse_cards("8b,1r,5b,6b"))
    assert sampled.seats[0] == state.seats[0] and sampled.discard_pile == state.discard_pile
    assert GameState.from_notation(sampled.notation(), state.rules) == sampled


def test_sample_state_refuses_an_observation_the_deck_cannot_fill() -> None:
    """An observation whose counts do not fit the deck raises the library's error."""
    view = observe(position("play 0 7r,9g|-|-/8b|-|1r 5b,6b 8g *"), 0)
    with pytest.raises(ThreeUpError, match="unseen"):
        sample_state(attrs.evolve(view, draw_pile_size=3), random.Random(1))
    with pytest.raises(ThreeUpError, match="more cards than the deck"):
        sample_state(attrs.evolve(view, out_of_game=view.out_of_game + (Card.GREEN_1,)), random.Random(1))
    with pytest.raises(ThreeUpError, match="hand size"):
        sample_state(attrs.evolve(view, hand=(Card.GREEN_1,)), random.Random(1))
    with pytest.raises(ThreeUpError, match="negative"):
        sample_state(attrs.evolve(view, draw_pile_size=-1), random.Random(1))
    with pytest.raises(ThreeUpError, match="1 of the 3 3UP cards"):
        seats = (view.seats[0], attrs.evolve(view.seats[1], up=(Card.RED_1,), up_size=3))
        sample_state(attrs.evolve(view, seats=seats), random.Random(1))


def test_moves_of_the_player_to_move_are_listed_from_the_observation() -> None:
    """The mover's observation lists the engine's moves; other seats have none."""
    state = position("play 0 -|-|3g,9b/8b|-|- - 5r,8r *")
    assert observe(state, 0).legal_moves() == legal_moves(state) == (FlipDown(0), FlipDown(1))
    assert observe(state, 0).is_legal(FlipDown(1)) and not observe(state, 0).is_legal(FlipDown(2))
    assert observe(state, 1).legal_moves() == () and not observe(state, 1).is_legal(Play((Card.BLUE_8,)))


# ------------------------------------------------------------ properties


@pytest.mark.spec("S2", "S3", "F3", "F4", "O5")
@given(tables(), st.integers(0, 2**32 - 1), st.integers(0, 300), st.data())
def test_states_differing_only_in_hidden_cards_look_the_same(
    rules: Rules, seed: int, steps: int, data: st.DataObject
) -> None:
    """Permuting the cards hidden from a seat (and the pile swap to come) leaves its observation unchanged."""
    state = state_after(rules, seed, steps)
    player = data.draw(st.integers(0, rules.players - 1))
    other = reshuffle_hidden(state, player, data)
    assert observe(other, player) == observe(state, player)
    assert Counter(cards_in(observe(state, player))) == visible_cards(state, player)


@given(tables(), st.integers(0, 2**32 - 1))
def test_sampled_states_show_the_same_observation(rules: Rules, seed: int) -> None:
    """observe(sample_state(observe(s, p)), p) == observe(s, p) at every step of a random game."""
    rng = random.Random(seed)
    for number, state in enumerate(random_game(rules, seed, seed)[0][:-1]):
        player = number % rules.players
        view = observe(state, player)
        sampled = sample_state(view, rng)
        assert observe(sampled, player) == view
        if number % 50 == 0:
            assert GameState.from_notation(sampled.notation(), rules) == sampled


@given(tables(), st.integers(0, 2**32 - 1))
def test_legal_moves_from_the_observation_are_the_state_s(rules: Rules, seed: int) -> None:
    """The mover's observation lists exactly legal_moves(state) and judges moves as the engine does."""
    for number, state in enumerate(random_game(rules, seed, seed)[0][:-1]):
        view: Observation = observe(state, state.current_player)
        assert view.legal_moves() == legal_moves(state)
        if number % 5 == 0:
            for move in candidate_moves(state):
                assert view.is_legal(move) == is_legal(state, move)
        bystander = observe(state, (state.current_player + 1) % rules.players)
        assert bystander.legal_moves() == ()


def seen_as(state: GameState, number: int, player: int) -> SeatView:
    """How ``player`` sees seat ``number`` of ``state``, by S2, S3 and F3."""
    seat = state.seats[number]
    return SeatView(
        hand_size=len(seat.hand),
        up=() if up_hidden_from(state, number, player) else seat.up,
        up_size=len(seat.up),
        down_size=len(seat.down),
        known=seat.known,
    )


@pytest.mark.spec("S2", "S3", "F3")
@given(tables(), st.integers(0, 2**32 - 1))
def test_every_observation_shows_each_seat_as_it_is_now(rules: Rules, seed: int) -> None:
    """Observations reuse the view of a seat that a move left unchanged, yet at every
    step of a game each seat is shown as it is in that state, to every observer."""
    states = random_game(rules, seed, seed)[0]
    for state in states:
        for player in range(rules.players):
            view = observe(state, player)
            assert view.seats == tuple(
                seen_as(state, number, player) for number in range(rules.players)
            )


def test_a_seat_left_unchanged_by_a_move_keeps_its_view() -> None:
    """A seat the move did not touch is the same object in the next state, and
    its view is the same object too; the mover's seat gets a new view."""
    before = state_after(Rules(players=4), seed=5, steps=20)
    mover = before.current_player
    after = apply(before, legal_moves(before)[0])
    first, second = observe(before, mover), observe(after, mover)
    for number in range(4):
        if after.seats[number] is before.seats[number]:
            assert second.seats[number] is first.seats[number]
    assert second.seats[mover] == seen_as(after, mover, mover) != first.seats[mover]


def test_views_of_seats_that_come_and_go_are_never_mixed_up() -> None:
    """Thousands of seats made and dropped (so that a new seat may take the
    identity of an old one) are each shown as they are."""
    state = state_after(Rules(players=2), seed=3, steps=10)
    cards = tuple(Card)
    for count in range(5000):  # more than the views kept, so the store starts afresh
        hand = sort_cards(cards[count % 50 : count % 50 + count % 7])
        seat = Seat(hand=hand, up=state.seats[1].up, down=state.seats[1].down[: count % 4])
        other = attrs.evolve(state, seats=(state.seats[0], seat))
        assert observe(other, 0).seats[1] == seen_as(other, 1, 0)


def test_the_repr_of_an_observation_is_one_short_line() -> None:
    """``repr`` names the observer, the phase, who decides and the observer's hand, on one line."""
    during_play = observe(position("play 1 7r,9g|-|-/8b,Cg|-|- - 8g *"), 0)
    assert repr(during_play) == "<Observation by seat 0: play, turn 1, player 1 to move, hand 7r,9g>"
    setup = observe(new_game(Rules(players=4), seed=3), 3)
    assert repr(setup).startswith("<Observation by seat 3: setup, player 0 to choose 3UP cards, hand ")
    assert "\n" not in repr(setup) and len(repr(setup)) < 100
    won = observe(position("over 1 8b|-|-/-|-|- - - * fin=1"), 0)
    assert repr(won) == "<Observation by seat 0: over, player 1 won, hand 8b>"
    stalemate = observe(position("over 0 7r|-|-/8b|-|-/9g|-|- - - * turn=5", turn_limit=5), 2)
    assert repr(stalemate) == "<Observation by seat 2: over, stalemate, hand 9g>"
