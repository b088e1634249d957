"""The OpenSpiel game passes OpenSpiel's own random simulation test (threeup3down.adapters.openspiel)."""

from __future__ import annotations

import math
import random
from itertools import permutations
from typing import Any

import attrs
import pytest
from hypothesis import given

from tests.extras import require
from tests.strategies import rules

pyspiel = require("pyspiel", "openspiel")

from threeup3down import (  # noqa: E402
    Card,
    Colour,
    Deck,
    EarlyDraw,
    FirstPlayer,
    Rules,
    ScoreScope,
    ThreeUpError,
    legal_moves,
    observe,
    parse_cards,
)
from threeup3down.adapters.encoding import rewards  # noqa: E402
from threeup3down.adapters.openspiel import (  # noqa: E402
    ThreeUpGame,
    ThreeUpState,
    max_game_length,
    parameters,
    resampler,
    rules_from_parameters,
)

SIMULATED: dict[str, dict[str, Any]] = {
    "2 players": {"players": 2, "turn_limit": 80},
    "4 players": {"players": 4, "turn_limit": 80},
    "4 players, every option": {
        "players": 4, "turn_limit": 60, "places": True, "pile_swap": True,
        "first_player": "random", "same_colour_swap": True, "draw_instead": True,
        "reverse_on_one": True, "chosen_faces": True, "clear_two_draw": "each",
    },
}


@pytest.mark.parametrize("parameters", SIMULATED.values(), ids=SIMULATED.keys())
def test_openspiel_random_sim_test(parameters: dict[str, Any]) -> None:
    """pyspiel.random_sim_test passes, serializing and deserializing every state."""
    game = pyspiel.load_game("python_threeup3down", parameters)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_the_parameters_are_the_rules_fields() -> None:
    """Each game parameter sets the Rules field of the same name; the player count reaches GameInfo."""
    game = pyspiel.load_game(
        "python_threeup3down",
        {"players": 3, "places": True, "first_player": "dealers-left", "dealer": 1, "turn_limit": 50},
    )
    assert game.num_players() == 3
    assert game.rules == Rules(
        players=3, places=True, first_player=FirstPlayer.DEALERS_LEFT, dealer=1, turn_limit=50
    )
    assert rules_from_parameters({"omitted_colours": "rb", "players": 2}).omitted_colours == {
        Card.RED_1.colour, Card.BLUE_1.colour,
    }
    assert set(game.get_parameters()) == {field.name for field in attrs.fields(Rules)}
    assert rules_from_parameters({"early_draw": "one", "clear_ends_turn": True}) == Rules(
        early_draw=EarlyDraw.ONE, clear_ends_turn=True
    )
    with pytest.raises(ThreeUpError, match="unknown game parameters: player"):
        rules_from_parameters({"player": 2})
    with pytest.raises(ThreeUpError, match="first_player='sometimes' is not one of"):
        rules_from_parameters({"first_player": "sometimes"})


PARAMETERS_0_3 = {
    "players": 4, "deck": "standard", "custom_cards": "", "decks": 1, "omitted_colours": "",
    "first_player": "seat", "first_seat": 0, "dealer": 0, "clear_two_draw": "first",
    "early_draw": "refill", "clear_ends_turn": False, "places": False, "draw_instead": False,
    "reverse_on_one": False, "reverse_each_one": False, "score_scope": "hand", "pile_swap": False,
    "chosen_faces": False, "same_colour_swap": False, "turn_limit": 1000,
}
"""The game's parameters and defaults in threeup3down 0.3.0, which saved games and scripts name."""


def test_the_parameters_of_0_3_keep_their_names_defaults_and_types() -> None:
    """Every parameter of 0.3.0 is still a parameter, with the same default of the same type."""
    specification = pyspiel.load_game("python_threeup3down").get_type().parameter_specification
    for name, default in PARAMETERS_0_3.items():
        assert name in specification, name
        assert (specification[name], type(specification[name])) == (default, type(default)), name


def test_a_game_named_as_in_0_3_is_the_same_game() -> None:
    """Parameters written as in 0.3.0 load the same rules: enumerations by value, colours by letter, cards in notation."""
    game = pyspiel.load_game(
        "python_threeup3down(players=3,first_player=dealers-left,dealer=2,omitted_colours=rb,"
        "score_scope=all,early_draw=one,reverse_on_one=True,turn_limit=40)"
    )
    assert game.rules == Rules(
        players=3, first_player=FirstPlayer.DEALERS_LEFT, dealer=2,
        omitted_colours={Colour.RED, Colour.BLUE}, score_scope=ScoreScope.ALL,
        early_draw=EarlyDraw.ONE, reverse_on_one=True, turn_limit=40,
    )
    custom = ",".join(["1r", "2g", "3b", "C+1r"] * 6)
    game = pyspiel.load_game("python_threeup3down", {"players": 2, "custom_cards": custom, "deck": "literal"})
    assert game.rules == Rules(players=2, custom_cards=parse_cards(custom), deck=Deck.LITERAL)


@given(rules())
def test_parameters_read_back_as_the_rules_they_name(table: Rules) -> None:
    """rules_from_parameters(parameters(rules)) gives back every field of the rules."""
    back = rules_from_parameters(parameters(table))
    for field in attrs.fields(Rules):
        assert getattr(back, field.name) == getattr(table, field.name), f"parameter {field.name} does not read back"


def test_a_game_needs_a_turn_limit() -> None:
    """OpenSpiel needs a bounded game: rules without a turn limit (O10) have no parameters."""
    with pytest.raises(ThreeUpError, match=r"needs a turn limit \(O10\)"):
        parameters(Rules(turn_limit=None))


@pytest.mark.spec("D1", "S2", "S3", "S4")
def test_the_chance_player_deals_the_deck_in_proportion_to_the_copies_left() -> None:
    """The deal draws card kinds by copies left (D1: seven 7s, one Clear +2), then deals as new_game (S2-S4)."""
    game = ThreeUpGame({"players": 2})
    state = game.new_initial_state()
    first = dict(state.chance_outcomes())
    kinds = list(Card)
    assert sum(first.values()) == pytest.approx(1.0)
    assert first[kinds.index(Card.GREEN_CLEAR_PLUS_2)] == pytest.approx(1 / 84)
    assert sum(p for action, p in first.items() if kinds[action].rank == 7) == pytest.approx(7 / 84)
    state.apply_action(kinds.index(Card.GREEN_CLEAR_PLUS_2))
    assert kinds.index(Card.GREEN_CLEAR_PLUS_2) not in dict(state.chance_outcomes())
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    dealt = state.game_state
    assert dealt is not None
    assert dealt.seats[0].down[0] is Card.GREEN_CLEAR_PLUS_2
    assert [len(seat.hand) for seat in dealt.seats] == [6, 6] and len(dealt.draw_pile) == 66


@pytest.mark.spec("O5")
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_pile_swap_chance_is_uniform_over_derangements(players: int) -> None:
    """Seat by seat, the chance outcomes make every derangement equally likely (O5), and no other."""
    game = ThreeUpGame({"players": players, "pile_swap": True})
    state = game.new_initial_state()
    for card in game.rules.deck_cards():
        state.apply_action(list(Card).index(card))
    derangements = [p for p in permutations(range(players)) if all(s != q for s, q in enumerate(p))]
    expected = math.floor(math.factorial(players) / math.e + 0.5)  # the number of derangements
    assert len(derangements) == expected

    def probability(order: tuple[int, ...]) -> float:
        branch = state.clone()
        total = 1.0
        for source in order:
            outcomes = dict(branch.chance_outcomes())
            if source not in outcomes:
                return 0.0
            total *= outcomes[source]
            branch.apply_action(source)
        assert branch.game_state.pile_swap == order
        return total

    for order in permutations(range(players)):
        assert probability(order) == pytest.approx(1 / expected if order in derangements else 0.0)


@pytest.mark.spec("O10")
def test_max_game_length_bounds_random_games() -> None:
    """The decisions of random games at the turn limit never exceed max_game_length."""
    rng = random.Random(5)
    for parameters in SIMULATED.values():
        game = pyspiel.load_game("python_threeup3down", parameters)
        assert game.max_game_length() == max_game_length(game.rules)
        for _ in range(3):
            state = game.new_initial_state()
            decisions = 0
            while not state.is_terminal():
                if state.is_chance_node():
                    actions, probabilities = zip(*state.chance_outcomes())
                    state.apply_action(rng.choices(actions, probabilities)[0])
                else:
                    state.apply_action(rng.choice(state.legal_actions()))
                    decisions += 1
            assert decisions <= game.max_game_length()
            assert state.returns() == pytest.approx(list(rewards(state.game_state)))
            assert sum(state.returns()) == pytest.approx(0.0)


def _dealt(game: ThreeUpGame, seed: int) -> ThreeUpState:
    rng = random.Random(seed)
    state = game.new_initial_state()
    while state.is_chance_node():
        actions, probabilities = zip(*state.chance_outcomes())
        state.apply_action(rng.choices(actions, probabilities)[0])
    return state


def test_information_states_come_from_the_seat_observation() -> None:
    """Info-state strings and tensors are equal for states a seat cannot tell apart, and legal actions too."""
    game = ThreeUpGame({"players": 3, "turn_limit": 100})
    state = _dealt(game, 3)
    rng = random.Random(1)
    for _ in range(40):
        state.apply_action(rng.choice(state.legal_actions()))
    player = state.current_player()
    sampled = resampler(game, seed=2)(state, player)
    assert sampled.game_state is not None and state.game_state is not None
    assert sampled.game_state != state.game_state
    assert observe(sampled.game_state, player) == observe(state.game_state, player)
    assert sampled.information_state_string(player) == state.information_state_string(player)
    assert sampled.information_state_tensor(player) == state.information_state_tensor(player)
    assert sampled.legal_actions() == state.legal_actions()
    assert len(state.legal_actions()) == len(legal_moves(state.game_state))


def test_states_serialize_and_deserialize() -> None:
    """pyspiel's game-and-state serialization round-trips a state mid-game."""
    game = pyspiel.load_game("python_threeup3down", {"players": 2, "turn_limit": 100})
    state = _dealt(game, 4)
    state.apply_action(state.legal_actions()[0])
    text = pyspiel.serialize_game_and_state(game, state)
    _, restored = pyspiel.deserialize_game_and_state(text)
    assert restored.game_state == state.game_state
    assert str(restored) == str(state)


@pytest.mark.spec("O5")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_chance_of_a_swap_among_some_seats_is_uniform(players: int) -> None:
    """With PileSwapSeats.SOME, seat by seat, the chance outcomes make every permutation but the
    identity equally likely (two or more seats swap among themselves), and the identity impossible."""
    game = ThreeUpGame({"players": players, "pile_swap": True, "pile_swap_seats": "some"})
    state = game.new_initial_state()
    for card in game.rules.deck_cards():
        state.apply_action(list(Card).index(card))
    identity = tuple(range(players))
    expected = math.factorial(players) - 1

    def probability(order: tuple[int, ...]) -> float:
        branch = state.clone()
        total = 1.0
        for source in order:
            outcomes = dict(branch.chance_outcomes())
            if source not in outcomes:
                return 0.0
            total *= outcomes[source]
            branch.apply_action(source)
        assert branch.game_state.pile_swap == order
        return total

    for order in permutations(range(players)):
        assert probability(order) == pytest.approx(0.0 if order == identity else 1 / expected)
