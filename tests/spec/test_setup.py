"""S1–S6: players, the deal, choosing 3UP cards, the first player and the direction of play."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import MutableSequence
from typing import Any

import pytest

from tests.helpers import moves, play, position
from tests.spec.expect import exact_position, refused
from threeup3down import (
    ChooseUp,
    FirstPlayer,
    GameState,
    Move,
    Phase,
    PickUp,
    Play,
    Rules,
    RulesError,
    apply,
    legal_moves,
    new_game,
    standard_deck,
)
from threeup3down.core.deal import deal_from, random_pile_swap

SETUP = "setup 0 2g,2r,5b,9g,Cb,C+1r|-|3g,3r,3b/4g,4r,4b,6g,6r,6b|-|7g,7r,7b 8g,8r - *"
"""Two players in setup: seat 0 chooses its 3UP cards from six."""


def _choose_first_three(state: GameState) -> GameState:
    """``state`` after the seat to choose puts its first three cards (in card order) face up."""
    return apply(state, ChooseUp(state.seats[state.current_player].hand[:3]))


def _finish_setup(state: GameState) -> GameState:
    """``state`` after every seat has chosen its first three cards as 3UP cards."""
    while state.phase is Phase.SETUP:
        state = _choose_first_three(state)
    return state


def _one_card_or_pick_up(state: GameState) -> Move:
    """A move that ends the turn: a single number card if one may be played, else the pick-up."""
    for move in legal_moves(state):
        if isinstance(move, Play) and len(move.cards) == 1 and not move.cards[0].rank.is_clear:
            return move
    return PickUp()


@pytest.mark.spec("S1")
@pytest.mark.parametrize("players", range(2, 7))
def test_two_to_six_players_with_one_deck(players: int) -> None:
    """Two to six players are dealt from one deck."""
    state = new_game(Rules(players=players), seed=players)
    assert len(state.seats) == players


@pytest.mark.spec("S1")
@pytest.mark.parametrize(("players", "fields"), [(1, ("players",)), (7, ("players", "decks"))])
def test_too_few_or_too_many_players(players: int, fields: tuple[str, ...]) -> None:
    """One player, or seven with one deck, is refused when the rules are made, naming the fields."""
    with pytest.raises(RulesError) as error:
        Rules(players=players)
    assert error.value.fields == fields


@pytest.mark.spec("S2", "S3", "S4")
@pytest.mark.parametrize("players", range(2, 7))
def test_deal_sizes(players: int) -> None:
    """Each player gets 3 3DOWN cards and 6 to choose from; the rest is the draw pile; no discard pile."""
    state = new_game(Rules(players=players), seed=11)
    assert state.phase is Phase.SETUP
    assert [len(seat.down) for seat in state.seats] == [3] * players
    assert [len(seat.hand) for seat in state.seats] == [6] * players
    assert [len(seat.up) for seat in state.seats] == [0] * players
    assert len(state.draw_pile) == 84 - 9 * players
    assert state.discard_pile == ()
    assert state.out_of_game == ()
    dealt = [card for seat in state.seats for card in seat.hand + seat.down]
    assert Counter(dealt + list(state.draw_pile)) == Counter(standard_deck())


@pytest.mark.spec("S2")
def test_seeds_are_reproducible() -> None:
    """The same rules and seed (or an equally seeded generator) give the same deal."""
    rules = Rules(players=4)
    assert new_game(rules, seed=5) == new_game(rules, seed=5)
    assert new_game(rules, rng=random.Random(5)) == new_game(rules, seed=5)


@pytest.mark.spec("S2")
def test_the_deck_is_shuffled() -> None:
    """Different seeds give different deals."""
    rules = Rules(players=4)
    deals = {new_game(rules, seed=seed).notation() for seed in range(5)}
    assert len(deals) == 5


@pytest.mark.spec("S2")
@pytest.mark.parametrize(
    "rules",
    [
        Rules(players=2),
        Rules(players=4, first_player=FirstPlayer.RANDOM, pile_swap=True),
        Rules(players=8, decks=2),
    ],
)
def test_the_deck_is_shuffled_as_random_shuffle_orders_it(rules: Rules) -> None:
    """new_game deals the deck in the order random.Random.shuffle gives it, and
    draws the random first player and pile swap (O9, O5) from where the shuffle
    left the generator."""
    for seed in range(20):
        deck = list(rules.deck_cards())
        rng = random.Random(seed)
        rng.shuffle(deck)
        first = rng.randrange(rules.players) if rules.first_player is FirstPlayer.RANDOM else None
        swap = random_pile_swap(rules.players, rng) if rules.pile_swap else ()
        expected = deal_from(rules, deck, first_player=first, pile_swap=swap)
        assert new_game(rules, seed=seed) == expected


def test_a_generator_of_its_own_shuffles_the_deck() -> None:
    """A generator that is not a plain random.Random (a subclass with its own
    shuffle) shuffles the deck itself."""

    class Reversing(random.Random):
        def shuffle(self, x: MutableSequence[Any]) -> None:
            x.reverse()

    rules = Rules(players=2)
    assert new_game(rules, rng=Reversing(0)) == deal_from(rules, rules.deck_cards()[::-1])


@pytest.mark.spec("S3")
def test_choices_of_3up_cards() -> None:
    """The choices are the distinct sets of three of the six cards, colour-only differences listed once."""
    state = exact_position(SETUP)
    assert moves(state) == [
        "up:2g,2r,5b",
        "up:2g,2r,9g",
        "up:2g,2r,Cb",
        "up:2g,2r,C+1r",
        "up:2g,5b,9g",
        "up:2g,5b,Cb",
        "up:2g,5b,C+1r",
        "up:2g,9g,Cb",
        "up:2g,9g,C+1r",
        "up:2g,Cb,C+1r",
        "up:5b,9g,Cb",
        "up:5b,9g,C+1r",
        "up:5b,Cb,C+1r",
        "up:9g,Cb,C+1r",
    ]


@pytest.mark.spec("S3", "D3")
def test_choosing_3up_cards() -> None:
    """The chosen cards go face up on the 3DOWN cards, the other three stay in hand, and the next seat chooses."""
    state = play(exact_position(SETUP), "up:2r,5b,9g")
    assert state == exact_position(
        "setup 1 2g,Cb,C+1r|2r,5b,9g|3g,3r,3b/4g,4r,4b,6g,6r,6b|-|7g,7r,7b 8g,8r - *"
    )


@pytest.mark.spec("S3")
def test_play_starts_after_the_last_choice() -> None:
    """Seats choose in seat order; after the last choice play starts with an empty discard pile."""
    state = play(exact_position(SETUP), "up:2g,2r,5b", "up:4g,4r,6g")
    assert state == exact_position("play 0 9g,Cb,C+1r|2g,2r,5b|3g,3r,3b/4b,6r,6b|4g,4r,6g|7g,7r,7b 8g,8r - *")


@pytest.mark.spec("S3")
def test_setup_on_a_new_game() -> None:
    """In a new game every seat chooses once, in seat order, and ends with 3 in hand and 3 face up."""
    state = new_game(Rules(players=3), seed=2)
    for seat in range(3):
        assert state.phase is Phase.SETUP
        assert state.current_player == seat
        state = _choose_first_three(state)
    assert state.phase is Phase.PLAY
    assert [(len(seat.hand), len(seat.up), len(seat.down)) for seat in state.seats] == [(3, 3, 3)] * 3


@pytest.mark.spec("S3")
def test_choices_do_not_depend_on_earlier_choices() -> None:
    """What a seat may choose does not depend on what an earlier seat chose (choices are simultaneous in effect)."""
    state = exact_position(SETUP)
    first = play(state, "up:2g,2r,5b")
    second = play(state, "up:9g,Cb,C+1r")
    assert legal_moves(first) == legal_moves(second)
    assert first.seats[1] == second.seats[1] == state.seats[1]


@pytest.mark.spec("S3")
@pytest.mark.parametrize("move", ["up:2g,2r", "up:2g,2r,5b,9g", "up:2g,5b,10r", "up:2g,2g,5b"])
def test_choice_of_other_than_three_own_cards(move: str) -> None:
    """A choice of other than three of the seat's own cards is refused."""
    assert refused(exact_position(SETUP), move) == "S3"


@pytest.mark.spec("S3")
@pytest.mark.parametrize("move", ["2g", "pick", "draw", "v0", "take", "keep", "swap:2g/3g"])
def test_only_choices_during_setup(move: str) -> None:
    """During setup the only move is choosing 3UP cards; anything else is refused."""
    assert refused(exact_position(SETUP), move) == "S3"


@pytest.mark.spec("S3")
def test_no_choice_during_play() -> None:
    """Choosing 3UP cards is refused once play has started."""
    state = position("play 0 2g,5r,9b|-|3g/4g,4r,4b|-|7g - - *")
    assert refused(state, "up:2g,5r,9b") == "S3"


@pytest.mark.spec("S4")
def test_no_discard_pile_at_start() -> None:
    """When setup ends the discard pile is empty and the rest of the deck is the draw pile."""
    state = new_game(Rules(players=4), seed=8)
    draw_pile = state.draw_pile
    state = _finish_setup(state)
    assert state.discard_pile == ()
    assert state.draw_pile == draw_pile
    assert len(draw_pile) == 84 - 36


@pytest.mark.spec("S5")
def test_seat_0_plays_first_by_default() -> None:
    """By default seat 0 opens play."""
    assert _finish_setup(new_game(Rules(players=4), seed=3)).current_player == 0


@pytest.mark.spec("S5")
def test_configured_first_seat() -> None:
    """A configured first seat opens play after setup; setup still starts at seat 0."""
    state = new_game(Rules(players=4, first_seat=2), seed=3)
    assert state.current_player == 0
    assert _finish_setup(state).current_player == 2


@pytest.mark.spec("S5")
def test_random_first_player_from_the_seed() -> None:
    """A random first player is drawn from the seed: reproducible, and varying with the seed."""
    rules = Rules(players=4, first_player=FirstPlayer.RANDOM)
    firsts = [_finish_setup(new_game(rules, seed=seed)).current_player for seed in range(30)]
    again = [_finish_setup(new_game(rules, seed=seed)).current_player for seed in range(30)]
    assert firsts == again
    assert set(firsts) == {0, 1, 2, 3}


@pytest.mark.spec("S6")
def test_play_passes_to_the_next_seat() -> None:
    """After each turn the next seat number plays, and the last seat passes to seat 0."""
    state = position("play 1 2g,3g,9r|-|-/4g,5g,6g|-|-/7r,8r,10g|-|- - - *")
    state = play(state, "4g")
    assert state.current_player == 2
    state = play(state, "7r")
    assert state.current_player == 0
    state = play(state, "9r")
    assert state.current_player == 1


@pytest.mark.spec("S6")
def test_first_turns_of_a_new_game_go_clockwise() -> None:
    """In a dealt game of four, the first four turns are taken by seats 0, 1, 2, 3."""
    state = _finish_setup(new_game(Rules(players=4), seed=6))
    seen = []
    for _ in range(4):
        seen.append(state.current_player)
        state = apply(state, _one_card_or_pick_up(state))
    assert seen == [0, 1, 2, 3]
    assert state.current_player == 0
