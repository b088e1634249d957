"""The card counts of the position checks: the deck (D1) and the known cards of a hand
(T3), each compared with counts made independently by :class:`collections.Counter`,
and the order of the arrays a state's JSON is read with."""

from __future__ import annotations

import json
from collections import Counter

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.playouts import random_game
from tests.strategies import rules, seeds
from threeup3down import Card, GameState, Rules, from_json, new_game, to_dict
from threeup3down.core.cards import format_cards, sort_cards
from threeup3down.formats.serialization import STATE, from_dict
from threeup3down.core.state import Seat
from threeup3down.core.validation import position_problems

PLACES = ("draw_pile", "discard_pile", "out_of_game", "hand", "up", "down")
"""Where a card may be put or taken from: the piles of the table, and a seat's three."""


def _placed(state: GameState) -> Counter[Card]:
    """Every card of ``state``, counted."""
    cards = Counter(state.draw_pile + state.discard_pile + state.out_of_game)
    for seat in state.seats:
        cards.update(seat.hand + seat.up + seat.down)
    return cards


def _moved(state: GameState, place: str, seat: int, cards: tuple[Card, ...]) -> GameState:
    """``state`` with ``place`` (a seat's, for a seat's place) holding ``cards``."""
    if place in ("hand", "up", "down"):
        old = state.seats[seat]
        held = {"hand": old.hand, "up": old.up, "down": old.down, place: cards}
        seats = list(state.seats)
        seats[seat] = Seat(hand=held["hand"], up=held["up"], down=held["down"], known=old.known)
        return attrs.evolve(state, seats=tuple(seats))
    piles = {
        "draw_pile": state.draw_pile,
        "discard_pile": state.discard_pile,
        "out_of_game": state.out_of_game,
        place: cards,
    }
    return attrs.evolve(
        state, draw_pile=piles["draw_pile"], discard_pile=piles["discard_pile"], out_of_game=piles["out_of_game"]
    )


def _cards_of(state: GameState, place: str, seat: int) -> tuple[Card, ...]:
    cards: tuple[Card, ...] = getattr(state.seats[seat] if place in ("hand", "up", "down") else state, place)
    return cards


@pytest.mark.spec("D1")
@given(rules(), seeds(), seeds(), st.data())
def test_the_cards_too_many_and_missing_are_those_a_counter_finds(
    table: Rules, seed: int, move_seed: int, data: st.DataObject
) -> None:
    """Cards added to and taken from any places of a reachable position are named,
    sorted, as too many or missing, exactly as counting every card against the deck finds them."""
    states, _ = random_game(table, seed, move_seed)
    state = data.draw(st.sampled_from(states))
    for _ in range(data.draw(st.integers(1, 3))):
        place = data.draw(st.sampled_from(PLACES))
        seat = data.draw(st.integers(0, table.players - 1))
        cards = _cards_of(state, place, seat)
        if data.draw(st.booleans()) and cards:
            cards = cards[1:]
        else:
            cards = cards + (data.draw(st.sampled_from(list(Card))),)
        state = _moved(state, place, seat, cards)
    deck = Counter(table.deck_cards())
    placed = _placed(state)
    expected = []
    if placed - deck:
        expected.append(f"more cards than the deck holds: {format_cards(sort_cards((placed - deck).elements()))} (D1)")
    if deck - placed:
        expected.append(f"cards of the deck are missing: {format_cards(sort_cards((deck - placed).elements()))} (D1)")
    found = [problem for problem in position_problems(state) if problem.endswith("(D1)")]
    assert found == expected


@pytest.mark.spec("T3")
@given(rules(), seeds(), seeds(), st.data())
def test_known_cards_are_refused_exactly_when_the_hand_does_not_hold_them(
    table: Rules, seed: int, move_seed: int, data: st.DataObject
) -> None:
    """Known cards drawn from the hand, twins included, and from the whole deck are
    refused exactly when some are not in the hand as many times as they are known,
    and the refusal names those."""
    states, _ = random_game(table, seed, move_seed)
    state = data.draw(st.sampled_from([s for s in states if s.phase.value == "play"] or states[-1:]))
    number = data.draw(st.integers(0, table.players - 1))
    seat = state.seats[number]
    held = list(seat.hand) * 2  # a card of the hand may be named more often than it is held
    known = data.draw(st.lists(st.sampled_from(held + list(Card)) if held else st.sampled_from(list(Card)), max_size=6))
    seats = list(state.seats)
    seats[number] = Seat(hand=seat.hand, up=seat.up, down=seat.down, known=sort_cards(known))
    unheld = Counter(known) - Counter(seat.hand)
    problems = [p for p in position_problems(attrs.evolve(state, seats=tuple(seats))) if "is known to hold" in p]
    if unheld:
        assert problems == [
            f"seat {number} is known to hold {format_cards(sort_cards(unheld.elements()))} "
            f"but its hand is {format_cards(seat.hand)}"
        ]
    else:
        assert problems == []


@pytest.mark.spec("D3")
@pytest.mark.parametrize("place", ["hand", "up", "known", "out_of_game"])
def test_each_array_written_out_of_order_is_read_sorted(place: str) -> None:
    """A hand, 3UP, known cards or out-of-game pile written in reverse is read sorted,
    by the straight reader and the general path alike; one card out of place is enough."""
    state = _with_every_array_long(Rules(players=2))
    document = to_dict(state)
    if place == "out_of_game":
        cards = document["out_of_game"]
        assert isinstance(cards, list) and len(cards) >= 2
        document["out_of_game"] = cards[::-1]
    else:
        seats = document["seats"]
        assert isinstance(seats, list) and isinstance(seats[0], dict)
        cards = seats[0][place]
        assert isinstance(cards, list) and len(cards) >= 2
        seats[0][place] = cards[1:] + cards[:1]
    text = json.dumps(document, ensure_ascii=False)
    assert text != STATE.to_json(state)
    assert from_json(text) == state == from_dict(json.loads(text), STATE)


def _with_every_array_long(table: Rules) -> GameState:
    """A reachable position where seat 0 has two known cards and cards are out of the game."""
    for seed in range(200):
        states, _ = random_game(table, seed, seed)
        for state in states:
            if len(state.seats[0].known) >= 2 and len(state.out_of_game) >= 2 and len(state.seats[0].up) >= 2:
                return state
    raise AssertionError("no such position in 200 games")  # pragma: no cover


def test_a_new_game_reads_back_from_its_text() -> None:
    """The plainest state, its arrays all in order, reads back equal."""
    state = new_game(Rules(players=4), seed=7)
    assert from_json(STATE.to_json(state)) == state
