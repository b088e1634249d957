"""The OpenSpiel game passes OpenSpiel's own random simulation test (threeup3down.adapters.openspiel)."""

from __future__ import annotations

import math
import random
from collections import Counter
from itertools import permutations
from typing import Any

import attrs
import pytest
from hypothesis import given

from tests.extras import require
from tests.strategies import rules

pyspiel = require("pyspiel", "openspiel")
import numpy as np  # noqa: E402

from threeup3down import (  # noqa: E402
    Card,
    Colour,
    Deck,
    EarlyDraw,
    FirstPlayer,
    Play,
    Rules,
    ScoreScope,
    ThreeUpError,
    legal_moves,
    observe,
    parse_cards,
)
from threeup3down.adapters.encoding import (  # noqa: E402
    PADDED_SEATS,
    ActionCodec,
    observation_shape,
    observation_tensor,
    rewards,
)
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
    "3 players, padded to six seats": {"players": 3, "turn_limit": 80, "padded": True},
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
    assert set(game.get_parameters()) == {field.name for field in attrs.fields(Rules)} | {"padded"}
    assert game.get_parameters()["padded"] is False
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


def test_observations_are_equal_for_states_the_seat_cannot_tell_apart() -> None:
    """Observation strings and tensors are equal for a resampled state, and legal actions too."""
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
    assert sampled.observation_string(player) == state.observation_string(player)
    assert sampled.observation_tensor(player) == state.observation_tensor(player)
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


KINDS = {
    f"recall={recall} public={public} private={private.name}": (recall, public, private)
    for recall in (False, True)
    for public in (False, True)
    for private in (pyspiel.PrivateInfoType.NONE, pyspiel.PrivateInfoType.SINGLE_PLAYER)
}


@pytest.mark.parametrize("kind", KINDS.values(), ids=KINDS.keys())
def test_every_kind_of_observation_works_on_random_play(kind: tuple[bool, bool, Any]) -> None:
    """make_observation(game, kind), as OpenSpiel's observer tests use it: a fixed tensor
    whose dict pieces are views of it, in bounds, and equal for a state resampled from
    what the seat sees when the kind has no perfect recall."""
    from open_spiel.python.observation import make_observation

    recall, public, private = kind
    game = pyspiel.load_game("python_threeup3down", {"players": 3, "turn_limit": 60, "chosen_faces": True})
    observation = make_observation(
        game, pyspiel.IIGObservationType(perfect_recall=recall, public_info=public, private_info=private)
    )
    assert ("hand" in observation.dict) == (private == pyspiel.PrivateInfoType.SINGLE_PLAYER)
    assert ("history" in observation.dict) == (recall and public)
    assert ("discard_pile" in observation.dict) == public
    size = observation.tensor.size
    assert size == sum(piece.size for piece in observation.dict.values())
    bound = len(game.rules.deck_cards())
    state = _dealt(game, 11)
    rng = random.Random(5)
    again = resampler(game, seed=3)
    while not state.is_terminal():
        for player in range(game.num_players()):
            observation.set_from(state, player)
            assert observation.tensor.size == size
            assert 0 <= observation.tensor.min(initial=0)
            assert observation.tensor.max(initial=0) <= max(bound, game.num_distinct_actions())
            text = observation.string_from(state, player)
            if not recall:
                other = again(state, player)
                before = observation.tensor.copy()
                observation.set_from(other, player)
                assert np.array_equal(observation.tensor, before)
                assert observation.string_from(other, player) == text
        state.apply_action(rng.choice(state.legal_actions()))


def test_an_observer_of_every_hand_is_refused() -> None:
    """private_info=ALL_PLAYERS would be the whole state: a ThreeUpError says it is not supported."""
    game = ThreeUpGame({"players": 2})
    with pytest.raises(ThreeUpError, match="every seat's private information"):
        game.make_py_observer(
            pyspiel.IIGObservationType(perfect_recall=False, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS)
        )
    with pytest.raises(ThreeUpError, match="not supported"):
        game.make_py_observer(None, {"single_tensor": True})


def test_the_information_state_is_the_observation_and_a_perfect_recall_of_the_past() -> None:
    """The info-state tensor begins with the observation tensor; its history grows by one row a
    decision and never changes a row (perfect recall); a resampled state, equal to see, differs."""
    game = ThreeUpGame({"players": 3, "turn_limit": 60})
    state = _dealt(game, 4)
    rng = random.Random(2)
    size = len(state.observation_tensor(0))
    rows: list[list[float]] = [[] for _ in range(3)]
    for decisions in range(1, 60):
        state.apply_action(rng.choice(state.legal_actions()))
        if state.is_terminal():
            break
        for player in range(3):
            info = state.information_state_tensor(player)
            assert info[:size] == state.observation_tensor(player)
            history = np.array(info[size:]).reshape(game.max_game_length(), 41)
            assert history[:decisions, 0].min() >= 1 and not history[decisions:].any()
            assert history[: decisions - 1].tolist() == rows[player]
            rows[player] = history[:decisions].tolist()
    player = state.current_player()
    sampled = resampler(game, seed=1)(state, player)
    assert sampled.observation_tensor(player) == state.observation_tensor(player)
    assert sampled.information_state_tensor(player) != state.information_state_tensor(player)


@pytest.mark.spec("S3", "P1")
def test_the_history_shows_a_play_to_all_and_a_3up_choice_only_to_its_maker() -> None:
    """In the history, a 3UP choice is an action only for the seat that made it (S3) and setup's end
    shows every seat the 3UP cards (S3); a play shows its cards to everyone (P1)."""
    game = ThreeUpGame({"players": 2, "turn_limit": 60})
    state = _dealt(game, 6)
    codec = ActionCodec(game.rules)
    first = state.legal_actions()[0]
    state.apply_action(first)  # seat 0 chooses its 3UP cards
    state.apply_action(state.legal_actions()[0])  # seat 1: setup is over
    assert state.game_state is not None
    ups = [state.game_state.seats[seat].up for seat in range(2)]
    observer = game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=True))
    kinds = list(Card)

    def row(player: int, number: int) -> tuple[int, int, dict[str, int]]:
        observer.set_from(state, player)
        values = observer.dict["history"][number]
        shown = {str(kinds[i]): int(n) for i, n in enumerate(values[2:]) if n}
        return int(values[0]), int(values[1]), shown

    assert row(0, 0)[:2] == (1, first + 1)  # its own choice, slot 0
    assert row(1, 0)[:2] == (2, 0)  # seat 0's choice, hidden from seat 1
    assert row(1, 1)[2] == dict(Counter(str(card) for card in ups[0]))  # shown when setup ends
    assert row(0, 1)[2] == dict(Counter(str(card) for card in ups[1]))
    mover = state.current_player()
    play = next(action for action in state.legal_actions() if codec.describe(action) not in ("pick", "draw"))
    move = codec.decode(play, state.game_state)
    assert isinstance(move, Play) and not state.game_state.seats[mover].known
    state.apply_action(play)
    assert row(1 - mover, 2) == (2, play + 1, dict(Counter(str(card) for card in move.cards)))


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


def test_padded_observations_have_one_shape_for_every_table() -> None:
    """With padded=True every table of 2 to 6 players has the observation tensor of the padded
    layout (seat-relative, six seat slots) and one information-state shape; the tensor of a seat
    is observation_tensor(observe(...), padded=True), from which the game's own tensor may not differ."""
    shapes = set()
    for players in range(2, PADDED_SEATS + 1):
        game = pyspiel.load_game("python_threeup3down", {"players": players, "turn_limit": 60, "padded": True})
        assert game.observation_tensor_shape() == list(observation_shape(game.rules, padded=True))
        shapes.add((tuple(game.observation_tensor_shape()), tuple(game.information_state_tensor_shape())))
        state = _dealt(game, players)
        rng = random.Random(players)
        for _ in range(12):
            player = state.current_player()
            assert state.game_state is not None
            expected = observation_tensor(observe(state.game_state, player), padded=True)
            assert state.observation_tensor(player) == expected.tolist()
            info = state.information_state_tensor(player)
            assert info[: expected.size] == expected.tolist()
            state.apply_action(rng.choice(state.legal_actions()))
    assert len(shapes) == 1


def test_every_kind_of_padded_observation_has_one_size_for_every_table() -> None:
    """Every kind of observer (make_observation) has one tensor size for 2 to 6 players when padded,
    and the dict pieces still name the fields, the per-seat ones six slots long."""
    from open_spiel.python.observation import make_observation

    for recall, public, private in KINDS.values():
        kind = pyspiel.IIGObservationType(perfect_recall=recall, public_info=public, private_info=private)
        sizes = set()
        for players in (2, 4, 6):
            game = pyspiel.load_game("python_threeup3down", {"players": players, "turn_limit": 40, "padded": True})
            observation = make_observation(game, kind)
            sizes.add(observation.tensor.size)
            if public:
                assert observation.dict["hand_size"].shape == (PADDED_SEATS,)
                assert observation.dict["seated"].tolist() == [0.0] * PADDED_SEATS  # before the deal
                state = _dealt(game, 7)
                observation.set_from(state, 1)
                assert observation.dict["seated"].tolist() == [1.0] * players + [0.0] * (PADDED_SEATS - players)
        assert len(sizes) == 1, (recall, public, private)


def test_the_padded_parameter_is_a_bool_for_at_most_six_seats() -> None:
    """padded must be a bool, and the padded layout refuses a table of more than six (O11)."""
    with pytest.raises(ThreeUpError, match="padded=1 is not a bool"):
        ThreeUpGame({"padded": 1})
    with pytest.raises(ThreeUpError, match="room for 6 seats, not the 8"):
        ThreeUpGame({"players": 8, "decks": 2, "padded": True})
    assert parameters(Rules(players=3), padded=True)["padded"] is True
    assert rules_from_parameters(parameters(Rules(players=3), padded=True)) == Rules(players=3)
