"""Events: what a move did, for front ends to animate, and what each seat may see of it."""

from __future__ import annotations

import random
from collections import Counter

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.helpers import play, position
from tests.playouts import at_random, cards_in, playout, tables
from threeup3down import (
    Card,
    ChooseUp,
    GameState,
    Rules,
    apply,
    legal_moves,
    new_game,
    parse_cards,
    parse_move,
)
from threeup3down.views.events import (
    CardsDrawn,
    CardsPlayed,
    CardsSwapped,
    ClearCause,
    DirectionReversed,
    DownCardTurned,
    DrawKind,
    Event,
    ExtraPlaysOwed,
    GameOver,
    NextPlayer,
    PileCleared,
    PilePickedUp,
    PilesSwapped,
    PlayerOut,
    SwapDeclined,
    SwapOffered,
    UpCardsChosen,
    UpCardsRevealed,
    Zone,
    apply_with_events,
    events_for,
)
from threeup3down.views.observation import observe


def events(state: GameState, move: str) -> tuple[Event, ...]:
    """The unredacted events of the move written ``move``, checking the state matches apply."""
    after, happened = apply_with_events(state, parse_move(move))
    assert after == apply(state, parse_move(move))
    return happened


def cards(text: str) -> tuple[Card, ...]:
    """Cards in card notation, as events list them."""
    return parse_cards(text)


# ------------------------------------------------------------ plays and clears


@pytest.mark.spec("C2", "T4")
def test_clear_plus_1_clears_owes_a_play_and_allows_an_early_draw() -> None:
    """A Clear +1: played, pile cleared, one play owed; the early draw; the extra play; the turn's draw."""
    state = position("play 0 5r,7b,C+1g|-|-/8b,9b,10b|-|- 2g,3g,4g 6r *")
    assert events(state, "C+1g") == (
        CardsPlayed(0, cards("C+1g"), Zone.HAND),
        PileCleared(0, cards("6r,C+1g"), ClearCause.CLEAR_PLUS_1),
        ExtraPlaysOwed(0, added=1, owed=1),
    )
    state = play(state, "C+1g")
    assert events(state, "draw") == (CardsDrawn(0, 1, cards("4g"), DrawKind.EARLY),)
    state = play(state, "draw")
    assert events(state, "7b") == (
        CardsPlayed(0, cards("7b"), Zone.HAND),
        CardsDrawn(0, 1, cards("3g"), DrawKind.END_OF_TURN),
        NextPlayer(1, turn=1),
    )


@pytest.mark.spec("C3")
def test_clear_plus_2_owes_two_plays() -> None:
    """A Clear +2 clears the pile and owes two plays (C3)."""
    state = position("play 0 5r,C+2g|-|-/8b|-|- 2g,3g,4g 6r *")
    assert events(state, "C+2g") == (
        CardsPlayed(0, cards("C+2g"), Zone.HAND),
        PileCleared(0, cards("6r,C+2g"), ClearCause.CLEAR_PLUS_2),
        ExtraPlaysOwed(0, added=2, owed=2),
    )


@pytest.mark.spec("C1")
def test_clear_ends_the_turn() -> None:
    """A plain Clear clears the pile and the turn passes (C1)."""
    state = position("play 0 5r,9r,Cb|-|-/8b|-|- - 6r,7r *")
    assert events(state, "Cb") == (
        CardsPlayed(0, cards("Cb"), Zone.HAND),
        PileCleared(0, cards("6r,7r,Cb"), ClearCause.CLEAR),
        NextPlayer(1, turn=1),
    )


@pytest.mark.spec("C4")
def test_three_of_a_kind_across_plays_clears() -> None:
    """A third 7 on two 7s clears the pile as a three of a kind (C4); the turn ends with the draw."""
    state = position("play 0 7b,9g|-|-/8b,9b,10b|-|- 2g,3g,4g 4r,7r,7g *")
    assert events(state, "7b") == (
        CardsPlayed(0, cards("7b"), Zone.HAND),
        PileCleared(0, cards("4r,7r,7g,7b"), ClearCause.THREE_OF_A_KIND),
        CardsDrawn(0, 2, cards("4g,3g"), DrawKind.END_OF_TURN),
        NextPlayer(1, turn=1),
    )


@pytest.mark.spec("C4")
def test_three_of_a_kind_in_one_play_clears() -> None:
    """Three 7s played at once clear the pile (C4)."""
    state = position("play 1 4g|-|-/7g,7r,7b,9r|-|- - 5b *")
    assert events(state, "7g,7r,7b") == (
        CardsPlayed(1, cards("7g,7r,7b"), Zone.HAND),
        PileCleared(1, cards("5b,7g,7r,7b"), ClearCause.THREE_OF_A_KIND),
        NextPlayer(0, turn=1),
    )


@pytest.mark.spec("F1", "F2")
def test_play_from_3up_names_its_source() -> None:
    """A play of 3UP cards says they came from 3UP (F1, F2)."""
    state = position("play 0 -|8g,8r|5b,1b,1b/9b|-|- - 6r *")
    assert events(state, "^8g,8r")[0] == CardsPlayed(0, cards("8g,8r"), Zone.UP)


@pytest.mark.spec("T3", "T4")
def test_pick_up_then_draw_to_three() -> None:
    """A player who cannot play picks up the pile, then draws up to three (T3, T4)."""
    state = position("play 0 2g|-|-/8b|-|- 3g,4g,6g 7r *")
    assert events(state, "pick") == (
        PilePickedUp(0, cards("7r")),
        CardsDrawn(0, 1, cards("6g"), DrawKind.END_OF_TURN),
        NextPlayer(1, turn=1),
    )


# ------------------------------------------------------------ 3DOWN


@pytest.mark.spec("F4")
def test_failed_flip_picks_up_and_hides_the_card_from_the_others() -> None:
    """A 3 turned onto an 8 cannot play: the pile is picked up, and only the owner learns the card (F4)."""
    state = position("play 0 -|-|3g,9b/8b|-|-/9r|-|- - 5r,8r *")
    happened = events(state, "v0")
    assert happened == (
        DownCardTurned(0, position=0, card=Card.GREEN_3, played=False),
        PilePickedUp(0, cards("5r,8r")),
        NextPlayer(1, turn=1),
    )
    assert events_for(happened, 0) == happened
    for other in (1, 2):
        seen = events_for(happened, other)
        assert seen[0] == DownCardTurned(0, position=0, card=None, played=False)
        assert Card.GREEN_3 not in list(cards_in(seen))


@pytest.mark.spec("F3", "W1")
def test_played_flip_of_the_last_card_wins() -> None:
    """A 9 turned onto an 8 is played, for all to see; the player is out and wins (F3, W1)."""
    state = position("play 0 -|-|9b/8b|-|- - 5r,8r *")
    happened = events(state, "v0")
    assert happened == (
        DownCardTurned(0, position=0, card=Card.BLUE_9, played=True),
        CardsPlayed(0, cards("9b"), Zone.DOWN),
        PlayerOut(0, place=1),
        GameOver(winner=0, places=(0,), stalemate=False),
    )
    assert events_for(happened, 1) == happened


# ------------------------------------------------------------ optional rules


@pytest.mark.spec("O3")
def test_a_one_reverses_the_direction() -> None:
    """A 1 reverses play: the turn passes to the seat before (O3)."""
    state = position("play 0 1g,5r|-|-/8b|-|-/9b|-|- - - *", reverse_on_one=True)
    assert events(state, "1g") == (
        CardsPlayed(0, cards("1g"), Zone.HAND),
        DirectionReversed(-1),
        NextPlayer(2, turn=1),
    )


@pytest.mark.spec("O2", "T4")
def test_take_instead_of_playing_then_draw() -> None:
    """Taking a card instead of playing is one draw; the turn's draw up to three follows (O2, T4)."""
    state = position("play 0 9g|-|-/8b|-|- 2g,3g,4g 6r *", draw_instead=True)
    happened = events(state, "take")
    assert happened == (
        CardsDrawn(0, 1, cards("4g"), DrawKind.TAKE),
        CardsDrawn(0, 1, cards("3g"), DrawKind.END_OF_TURN),
        NextPlayer(1, turn=1),
    )
    assert events_for(happened, 1)[:2] == (
        CardsDrawn(0, 1, (), DrawKind.TAKE),
        CardsDrawn(0, 1, (), DrawKind.END_OF_TURN),
    )


@pytest.mark.spec("O7")
def test_same_colour_run_offers_a_swap() -> None:
    """Four reds on top offer a swap; the swap, the draw and the next player follow (O7)."""
    state = position(
        "play 0 5r,9r|2b,3b,4b|1b,1b,1r/8b|-|- 2g,3g,4g 1r,2r,4r *", same_colour_swap=True
    )
    assert events(state, "5r") == (CardsPlayed(0, cards("5r"), Zone.HAND), SwapOffered(0))
    state = play(state, "5r")
    assert events(state, "swap:9r/2b") == (
        CardsSwapped(0, hand_card=Card.RED_9, up_card=Card.BLUE_2),
        CardsDrawn(0, 2, cards("4g,3g"), DrawKind.END_OF_TURN),
        NextPlayer(1, turn=1),
    )
    assert events(state, "keep")[0] == SwapDeclined(0)


@pytest.mark.spec("O1", "W1")
def test_places_play_on_until_one_player_is_left() -> None:
    """With places, the winner goes out and play goes on; the second out leaves the last in third (O1)."""
    state = position("play 0 -|-|9b/10r|-|-/7g|-|- - 5r *", places=True)
    assert events(state, "v0")[2:] == (PlayerOut(0, place=1), NextPlayer(1, turn=1))
    state = play(state, "v0")
    assert events(state, "10r") == (
        CardsPlayed(1, cards("10r"), Zone.HAND),
        PlayerOut(1, place=2),
        GameOver(winner=0, places=(0, 1, 2), stalemate=False),
    )


@pytest.mark.spec("O10")
def test_turn_limit_ends_the_game_as_a_stalemate() -> None:
    """The turn that reaches the turn limit ends the game undecided (O10)."""
    state = position("play 0 5r,9g|-|-/8b|-|- - 6r * turn=4", turn_limit=5)
    assert events(state, "9g") == (
        CardsPlayed(0, cards("9g"), Zone.HAND),
        GameOver(winner=None, places=(), stalemate=True),
    )


# ------------------------------------------------------------ setup


@pytest.mark.spec("S3", "O5")
def test_setup_choices_are_hidden_then_revealed_and_piles_swapped() -> None:
    """Each 3UP choice is seen by its chooser only; after the last, all are revealed and the piles swap (S3, O5)."""
    state = new_game(Rules(players=2, pile_swap=True), seed=9)
    first = legal_moves(state)[0]
    assert isinstance(first, ChooseUp)
    happened = events(state, str(first))
    assert happened == (UpCardsChosen(0, 0, first.cards), NextPlayer(1, turn=0))
    assert events_for(happened, 1)[0] == UpCardsChosen(0, 0, ())
    state = play(state, str(first))
    second = legal_moves(state)[-1]
    assert isinstance(second, ChooseUp)
    happened = events(state, str(second))
    assert happened == (
        UpCardsChosen(1, 1, second.cards),
        UpCardsRevealed((first.cards, second.cards)),
        PilesSwapped((1, 0)),
        NextPlayer(0, turn=0),
    )
    assert apply(state, second).seats[0].up == second.cards


@pytest.mark.spec("S3", "O6")
def test_chosen_faces_name_the_receiving_seat() -> None:
    """With chosen faces a choice goes to the next seat, and only the chooser sees it (S3, O6)."""
    state = new_game(Rules(players=3, chosen_faces=True), seed=9)
    choice = legal_moves(state)[0]
    assert isinstance(choice, ChooseUp)
    happened = events(state, str(choice))
    assert happened[0] == UpCardsChosen(0, 1, choice.cards)
    assert events_for(happened, 1)[0] == UpCardsChosen(0, 1, ())


# ------------------------------------------------------------ properties


def seen_counts(state: GameState, player: int) -> Counter[Card]:
    """The cards ``player``'s observation of ``state`` shows."""
    return Counter(cards_in(observe(state, player)))


@pytest.mark.spec("S3", "F3", "F4")
@given(tables(), st.integers(0, 2**32 - 1))
def test_redacted_events_name_only_cards_the_seat_may_see(rules: Rules, seed: int) -> None:
    """Every card a seat's events name is one its observation shows before or after the move.

    Each field is checked on its own: a swap of two identical cards (O7) names one
    card twice, once as it was seen in 3UP and once as it is seen there after.
    """
    for step in playout(new_game(rules, seed=seed), at_random(random.Random(seed))):
        before, move, after = step.before, step.move, step.after
        state, happened = apply_with_events(before, move)
        assert state == after
        drawn = sum(event.count for event in happened if isinstance(event, CardsDrawn))
        assert drawn == len(before.draw_pile) - len(after.draw_pile)
        assert isinstance(happened[-1], (NextPlayer, GameOver)) == (
            after.turn != before.turn or after.phase is not before.phase
            or after.current_player != before.current_player
        )
        for player in range(rules.players):
            seen = events_for(happened, player)
            assert events_for(seen, player) == seen
            may_see = seen_counts(before, player) | seen_counts(after, player)
            for event in seen:
                for field in attrs.fields(type(event)):
                    named = Counter(cards_in(getattr(event, field.name)))
                    assert named <= may_see, (event, player)
