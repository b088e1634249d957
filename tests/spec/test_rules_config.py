"""Rules configuration: every option off by default, combinable, and impossible tables refused.

A refused :class:`~threeup3down.Rules` raises :class:`~threeup3down.RulesError`
naming the fields at fault (S1, D1, O8–O11).
"""

from __future__ import annotations

import pickle
from typing import Any

import pytest

from threeup3down import (
    ClearTwoDraw,
    Colour,
    Deck,
    EarlyDraw,
    FirstPlayer,
    Rules,
    RulesError,
    ScoreScope,
    ThreeUpError,
    new_game,
    standard_deck,
)

RED = frozenset({Colour.RED})
RED_BLUE = frozenset({Colour.RED, Colour.BLUE})


def refused_fields(**values: Any) -> tuple[str, ...]:
    """The fields named when ``Rules(**values)`` is refused (fails if it is accepted)."""
    with pytest.raises(RulesError) as raised:
        Rules(**values)
    return raised.value.fields


@pytest.mark.spec("O1", "O2", "O3", "O4", "O5", "O6", "O7", "O8", "O9", "O10", "O11", "C2", "C3", "C5")
def test_defaults_are_the_base_game() -> None:
    """Every optional rule is off by default, except the turn limit of 1000 turns (O10)."""
    rules = Rules()
    assert rules.players == 4 and rules.deck is Deck.STANDARD and rules.decks == 1
    assert rules.omitted_colours == frozenset()
    assert (rules.first_player, rules.first_seat, rules.dealer) == (FirstPlayer.SEAT, 0, 0)
    assert rules.clear_two_draw is ClearTwoDraw.FIRST
    assert rules.early_draw is EarlyDraw.REFILL
    assert rules.score_scope is ScoreScope.HAND
    assert not any(
        (
            rules.places,
            rules.draw_instead,
            rules.reverse_on_one,
            rules.reverse_each_one,
            rules.clear_ends_turn,
            rules.pile_swap,
            rules.chosen_faces,
            rules.same_colour_swap,
        )
    )
    assert rules.turn_limit == 1000


@pytest.mark.spec("O1", "O2", "O3", "O4", "O5", "O6", "O7", "O8", "O9", "O10", "C2", "C3", "C5")
def test_every_option_at_once() -> None:
    """All options switch on together for four players, and a game deals under them."""
    rules = Rules(
        players=4,
        omitted_colours=RED,
        first_player=FirstPlayer.DEALERS_LEFT,
        dealer=3,
        clear_two_draw=ClearTwoDraw.EACH,
        early_draw=EarlyDraw.ONE,
        clear_ends_turn=True,
        places=True,
        draw_instead=True,
        reverse_on_one=True,
        reverse_each_one=True,
        score_scope=ScoreScope.ALL,
        pile_swap=True,
        chosen_faces=True,
        same_colour_swap=True,
        turn_limit=1,
    )
    state = new_game(rules, seed=2)
    assert state.first_player == 0 and len(state.pile_swap) == 4
    assert len(state.draw_pile) == 56 - 36


@pytest.mark.spec("O11", "O1", "O3", "O9")
def test_twelve_players_with_options() -> None:
    """Two decks seat twelve, with other options on too."""
    rules = Rules(
        players=12, decks=2, places=True, reverse_on_one=True, first_player=FirstPlayer.RANDOM
    )
    assert len(new_game(rules, seed=4).draw_pile) == 168 - 108


@pytest.mark.spec("S1")
@pytest.mark.parametrize("players", [1, 0, -3])
def test_too_few_players(players: int) -> None:
    """Fewer than two players is refused, naming players."""
    assert refused_fields(players=players) == ("players",)


@pytest.mark.spec("S1", "O11")
@pytest.mark.parametrize("players", [7, 9, 12])
def test_seven_or_more_need_two_decks(players: int) -> None:
    """Seven or more players with one deck is refused, naming players and decks."""
    assert set(refused_fields(players=players)) == {"players", "decks"}


@pytest.mark.spec("O11")
@pytest.mark.parametrize("players", [2, 4, 6])
def test_two_decks_only_for_seven_to_twelve(players: int) -> None:
    """Two decks for fewer than 7 players is refused, naming decks and players (13 is refused as too many)."""
    assert set(refused_fields(players=players, decks=2)) == {"decks", "players"}


@pytest.mark.spec("O11")
@pytest.mark.parametrize("decks", [0, 3])
def test_one_or_two_decks(decks: int) -> None:
    """Only one or two decks are used."""
    assert refused_fields(decks=decks) == ("decks",)


@pytest.mark.spec("O10")
@pytest.mark.parametrize("limit", [0, -1])
def test_turn_limit_at_least_one(limit: int) -> None:
    """A turn limit below one turn is refused, naming turn_limit; None means no limit."""
    assert refused_fields(turn_limit=limit) == ("turn_limit",)
    assert Rules(turn_limit=None).turn_limit is None and Rules(turn_limit=1).turn_limit == 1


@pytest.mark.spec("O8")
@pytest.mark.parametrize("players", [5, 6])
def test_omitted_colours_only_for_two_to_four(players: int) -> None:
    """Leaving a colour out with 5 or 6 players is refused, naming omitted_colours and players."""
    assert set(refused_fields(players=players, omitted_colours=RED)) == {"omitted_colours", "players"}


@pytest.mark.spec("O8")
def test_at_most_two_colours_omitted() -> None:
    """Leaving out all three colours is refused, naming omitted_colours."""
    assert refused_fields(players=2, omitted_colours=frozenset(Colour)) == ("omitted_colours",)


@pytest.mark.spec("O8", "S2", "S3")
def test_two_colours_too_few_cards_for_four() -> None:
    """One colour's 28 cards cannot deal 9 each to 4 players (36), but can to 3 (27)."""
    fields = refused_fields(players=4, omitted_colours=RED_BLUE)
    assert {"players", "omitted_colours"} <= set(fields)
    assert len(Rules(players=3, omitted_colours=RED_BLUE).deck_cards()) == 28


@pytest.mark.spec("O9")
@pytest.mark.parametrize(("field", "seat"), [("first_seat", 3), ("first_seat", -1), ("dealer", 3)])
def test_seats_at_the_table(field: str, seat: int) -> None:
    """The first seat and the dealer must be seats at the table."""
    assert refused_fields(players=3, **{field: seat}) == (field,)


@pytest.mark.spec("D1", "O9", "C3", "O4")
@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("deck", "huge"),
        ("deck", "standard"),
        ("first_player", "seat"),
        ("clear_two_draw", "each"),
        ("early_draw", "one"),
        ("clear_ends_turn", 1),
        ("reverse_each_one", "yes"),
        ("score_scope", "all"),
        ("omitted_colours", frozenset({"r"})),
        ("players", "4"),
        ("places", 1),
        ("turn_limit", 2.5),
        ("custom_cards", ("7r",)),
    ],
)
def test_unknown_values_refused(field: str, value: object) -> None:
    """A value that is not one of the field's choices is refused, naming the field."""
    assert refused_fields(**({"players": 2} | {field: value})) == (field,)


@pytest.mark.spec("O3")
def test_reverse_each_one_needs_reverse_on_one() -> None:
    """Counting each 1 (O3's per-card reading) only means something with O3 on; alone it is refused."""
    assert set(refused_fields(players=3, reverse_each_one=True)) == {"reverse_each_one", "reverse_on_one"}
    assert Rules(players=3, reverse_on_one=True, reverse_each_one=True).reverse_each_one


def test_message_names_the_fields() -> None:
    """The message starts with the fields at fault and cites the rule."""
    with pytest.raises(RulesError) as raised:
        Rules(players=5, omitted_colours=RED)
    assert str(raised.value).startswith("omitted_colours, players: ")
    assert "(O8)" in str(raised.value)


def test_rules_error_is_a_library_value_error_and_pickles() -> None:
    """RulesError is a ThreeUpError and a ValueError, and pickles with its fields."""
    with pytest.raises(RulesError) as raised:
        Rules(turn_limit=0)
    error = raised.value
    assert isinstance(error, ThreeUpError) and isinstance(error, ValueError)
    copy = pickle.loads(pickle.dumps(error))
    assert copy.fields == ("turn_limit",) and str(copy) == str(error)


@pytest.mark.spec("S1", "O11")
def test_no_table_seats_more_than_twelve() -> None:
    """S1 seats 2-6 with one deck and O11 7-12 with two: no deck, custom or not, seats thirteen."""
    assert refused_fields(players=13, custom_cards=standard_deck() * 2) == ("players",)
    assert refused_fields(players=13, decks=2) == ("players",)
    assert Rules(players=12, custom_cards=standard_deck() * 2).players == 12
