"""What players remember: the cards every player knows to be in a hand (``Seat.known``).

Knowledge is not a rule of the game but what the rules let every player see.
A card is known to be in a hand once every player saw it go in (the discard
pile picked up, T3, F4; a 3UP card swapped into the hand, O7) and until every
player sees it leave (played from the hand, P1; swapped onto the 3UP cards,
O7). Drawn cards (T4, C2, O2) are seen by their owner only, and so is the
card of a failed flip (F4: "the other players need not see what the card was").
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.helpers import play, position
from tests.playouts import random_steps, tables
from threeup3down import NotationError, Rules, new_game, parse_cards, parse_move
from threeup3down.core.errors import DocumentError
from threeup3down.views.events import (
    CardsPlayed,
    CardsSwapped,
    DownCardTurned,
    Event,
    PilePickedUp,
    Zone,
    apply_with_events,
    events_for,
)
from threeup3down.views.observation import observe, sample_state
from threeup3down.formats.serialization import OBSERVATION, STATE, from_json, to_json
from threeup3down.core.phase import Phase
from threeup3down.core.state import GameState


def known(state: GameState, seat: int) -> str:
    """The cards known to be in ``seat``'s hand, in card notation."""
    return ",".join(str(card) for card in state.seats[seat].known) or "-"


# ------------------------------------------------------- cards going in


@pytest.mark.spec("T3", "T4")
def test_a_picked_up_pile_is_known_and_the_draw_is_not() -> None:
    """T3: every player sees the pile go into the hand; T4: the card drawn after it is the owner's secret."""
    after = play(position("play 0 3b|-|-/7r|-|- 10r 2r,9r *"), "pick")
    assert after.seats[0].hand == parse_cards("2r,3b,9r")  # three cards: nothing to draw
    assert known(after, 0) == "2r,9r"
    drawn = play(position("play 0 3b|-|-/7r|-|- 10r 9r *"), "pick")
    assert drawn.seats[0].hand == parse_cards("3b,9r,10r")  # 9r picked up; 10r drawn
    assert known(drawn, 0) == "9r"
    assert known(after, 1) == "-"


@pytest.mark.spec("T3")
def test_a_pick_up_adds_to_what_is_already_known() -> None:
    """A second pick-up adds the new pile to the cards already known, sorted."""
    state = position("play 0 2b,3b|-|-/7r|-|- 10r,10g 9r,9b * known=2b/-")
    after = play(state, "pick")
    assert after.seats[0].hand == parse_cards("2b,3b,9r,9b")
    assert known(after, 0) == "2b,9r,9b"


@pytest.mark.spec("T3", "F1", "F2")
def test_a_pick_up_while_playing_3up_cards_is_known() -> None:
    """With an empty hand, 3UP cards that cannot beat the top lead to a pick-up every player sees."""
    after = play(position("play 0 -|2g,3g|4b,1b,1b/7r|-|- - 9r,9b *"), "pick")
    assert after.seats[0].hand == parse_cards("9r,9b") and after.seats[0].up == parse_cards("2g,3g")
    assert known(after, 0) == "9r,9b"


@pytest.mark.spec("F4")
def test_a_failed_flip_makes_the_pile_known_but_not_the_card() -> None:
    """F4: the pile goes into the hand for all to see; the turned card only its owner need know."""
    state = position("play 0 -|-|3g,9b/8b|-|- - 5r,8r *")
    after, events = apply_with_events(state, parse_move("v0"))
    assert after.seats[0].hand == parse_cards("3g,5r,8r")
    assert known(after, 0) == "5r,8r"
    view = observe(after, 1)
    assert view.seats[0].known == parse_cards("5r,8r") and view.seats[0].hand_size == 3
    assert events_for(events, 1)[0] == DownCardTurned(player=0, position=0, card=None, played=False)
    for seed in range(20):  # the third card could be any card seat 1 has not seen
        hand = sample_state(view, random.Random(seed)).seats[0].hand
        assert not Counter(parse_cards("5r,8r")) - Counter(hand)


@pytest.mark.spec("O7")
def test_a_3up_card_swapped_into_the_hand_is_known() -> None:
    """O7: the 3UP card taken into the hand was face up, so it is known; the hand card left for all to see."""
    state = position("play 0 8g,9r,Cb|2r,3b|4b,1b,1b/9b,10r|-|- 5b 5g,6g,7g * known=9r/-", same_colour_swap=True)
    swapped = play(state, "8g", "swap:9r/2r")
    assert swapped.seats[0].hand == parse_cards("2r,5b,Cb")
    assert known(swapped, 0) == "2r"  # 9r went onto the 3UP cards; 5b was drawn
    unknown_given = play(state, "8g", "swap:Cb/3b")
    assert known(unknown_given, 0) == "3b,9r"
    declined = play(state, "8g", "keep")
    assert known(declined, 0) == "9r"


# ------------------------------------------------------- cards leaving


@pytest.mark.spec("P1")
def test_a_known_card_played_is_no_longer_known() -> None:
    """P1: a played card leaves the hand in sight of all; an unknown card played leaves the known ones."""
    state = position("play 0 2r,9r,9b|-|-/7r,8b|-|- 10r,10g 5g * known=9r/-")
    assert known(play(state, "9r"), 0) == "-"
    assert known(play(state, "9b"), 0) == "9r"
    assert known(play(state, "9r,9b"), 0) == "-"


@pytest.mark.spec("P1", "D3")
def test_of_twins_one_known_the_one_left_is_not_known() -> None:
    """D3: with two identical cards, one known, playing one leaves a card nobody can tell apart."""
    state = position("play 0 2r,9b,9b|-|-/7r,8b|-|- 10r,10g 5g * known=9b/-")
    after = play(state, "9b")
    assert after.seats[0].hand.count(parse_cards("9b")[0]) == 1
    assert known(after, 0) == "-"


@pytest.mark.spec("T4", "C2", "O2")
def test_drawing_keeps_what_is_known() -> None:
    """Cards drawn (T4, the early draw C2, taking a card O2) are unknown; the known ones stay."""
    early = position("play 0 9b|-|-/7r|-|- 10r,10g - * owed=1 draw known=9b/-")
    assert play(early, "draw").seats[0].hand == parse_cards("9b,10g,10r")
    assert known(play(early, "draw"), 0) == "9b"
    take = position("play 0 9r,9b|-|-/7r|-|- 10r,10g 5g * known=9b/-", draw_instead=True)
    assert play(take, "take").seats[0].hand == parse_cards("9r,9b,10g")
    assert known(play(take, "take"), 0) == "9b"


@pytest.mark.spec("W1")
def test_a_player_out_has_nothing_known() -> None:
    """W1: playing the last, known, card leaves an empty hand with nothing known."""
    after = play(position("play 0 9b|-|-/7r|-|- - 5g * known=9b/-"), "9b")
    assert after.is_over and after.seats[0].known == ()


@pytest.mark.spec("S3", "O5", "O6")
def test_setup_and_the_pile_swap_make_nothing_known() -> None:
    """S3, O6: hands are chosen in secret; O5 moves 3UP/3DOWN piles, never hand cards."""
    state = new_game(Rules(players=3, pile_swap=True, chosen_faces=True), seed=4)
    while state.phase is Phase.SETUP:
        state = play(state, "up:" + ",".join(str(card) for card in state.seats[state.current_player].hand[:3]))
    assert all(seat.known == () for seat in state.seats)


# ------------------------------------------------------- formats and checks


def test_knowledge_round_trips_in_notation_and_json() -> None:
    """Position notation writes known= only when something is known; JSON writes a seat's known cards likewise."""
    state = play(position("play 0 3b|-|-/7r|-|- 10r 2r,9r *"), "pick")
    assert state.notation().endswith(" known=2r,9r/-")
    assert GameState.from_notation(state.notation(), state.rules) == state
    seats = json.loads(to_json(state))["seats"]
    assert seats[0]["known"] == ["2r", "9r"] and "known" not in seats[1]
    assert from_json(to_json(state), STATE) == state
    view = observe(state, 1)
    assert from_json(to_json(view), OBSERVATION) == view


def test_documents_without_knowledge_still_load() -> None:
    """A state document from before knowledge was kept (no known fields) reads as knowing nothing."""
    state = position("play 0 3b,8g|-|-/7r|-|- 10r 2r,9r *")
    text = to_json(state)
    assert "known" not in text
    assert from_json(text, STATE) == state


def test_knowledge_that_contradicts_a_hand_is_refused() -> None:
    """A card known to be in a hand that does not hold it is refused by notation, JSON and sample_state."""
    with pytest.raises(NotationError, match="seat 0 is known to hold 8g but its hand is 3b"):
        position("play 0 3b|-|-/7r|-|- 10r 2r,9r * known=8g/-")
    dealt = new_game(Rules(players=2), seed=1)
    with pytest.raises(NotationError, match="no card of a hand is known to the table during setup"):
        GameState.from_notation(f"{dealt.notation()} known={dealt.seats[0].hand[0]}/-", dealt.rules)
    with pytest.raises(NotationError, match="known= names 1 seats"):
        position("play 0 3b|-|-/7r|-|- 10r 2r,9r * known=3b")
    document = json.loads(to_json(position("play 0 3b|-|-/7r|-|- 10r 2r,9r *")))
    document["seats"][1]["known"] = ["7r", "7r"]
    with pytest.raises(DocumentError, match="seat 1 is known to hold 7r but its hand is 7r"):
        STATE.from_dict(document)
    view = observe(play(position("play 0 3b|-|-/7r|-|- 10r 2r,9r *"), "pick"), 1)
    too_many = json.loads(to_json(view))
    too_many["seats"][0]["known"] = ["2r", "2r", "3r", "9r", "9r"]
    with pytest.raises(DocumentError, match="knows 5 cards in the hand of seat 0, which holds 3"):
        OBSERVATION.from_dict(too_many)
    not_mine = json.loads(to_json(view))
    not_mine["seats"][1]["known"] = ["9b"]
    with pytest.raises(DocumentError, match="knows 9b to be in the hand of seat 1, which is 7r"):
        OBSERVATION.from_dict(not_mine)


# ------------------------------------------------------------ properties


def remembered(known: list[Counter[str]], events: tuple[Event, ...]) -> None:
    """Update each seat's known cards from the public events of one move, as the rules text says."""
    for event in events:
        match event:
            case PilePickedUp():  # T3, F4: the pile goes in face up
                known[event.player].update(str(card) for card in event.cards)
            case CardsPlayed() if event.source is Zone.HAND:  # P1: leaves in sight of all
                known[event.player].subtract(str(card) for card in event.cards)
            case CardsSwapped():  # O7: the hand card goes face up, the 3UP card comes in
                known[event.player].subtract([str(event.hand_card)])
                known[event.player].update([str(event.up_card)])
            case _:
                pass
        for number, counts in enumerate(known):
            known[number] = +counts  # a card not known that left takes nothing away


@given(tables(), st.integers(0, 2**32 - 1))
def test_the_events_a_bystander_sees_tell_what_every_player_knows(rules: Rules, seed: int) -> None:
    """Following the events any seat may see gives exactly Seat.known of every seat, at every step."""
    known: list[Counter[str]] = [Counter() for _ in range(rules.players)]
    for step in random_steps(rules, seed):
        state, move = step.before, step.move
        after, events = apply_with_events(state, move)
        bystander = (state.current_player + 1) % rules.players
        remembered(known, events_for(events, bystander))
        for number, seat in enumerate(after.seats):
            assert Counter(str(card) for card in seat.known) == known[number]
            assert not Counter(seat.known) - Counter(seat.hand)


@given(tables(), st.integers(0, 2**32 - 1))
def test_sampled_states_agree_with_public_knowledge(rules: Rules, seed: int) -> None:
    """Every state sample_state deals holds the known cards in each hand and is a valid position."""
    rng = random.Random(seed)
    for number, step in enumerate(random_steps(rules, seed)):
        state = step.before
        if number % 7:
            continue
        player = number % rules.players
        sampled = sample_state(observe(state, player), rng)
        for real, dealt in zip(state.seats, sampled.seats):
            assert dealt.known == real.known
            assert not Counter(dealt.known) - Counter(dealt.hand)
        assert GameState.from_notation(sampled.notation(), rules) == sampled
