"""The action and observation encodings the learning adapters share (threeup3down.adapters.encoding)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.extras import require

np = require("numpy", "gymnasium")

from threeup3down import (  # noqa: E402
    Card,
    GameState,
    Rules,
    ThreeUpError,
    apply,
    legal_moves,
    observe,
    parse_move,
    sample_state,
)
from threeup3down.adapters.encoding import (  # noqa: E402
    ActionCodec,
    observation_fields,
    observation_shape,
    observation_tensor,
    place_reward,
    rewards,
)
from tests.helpers import position  # noqa: E402
from tests.playouts import random_steps, tables  # noqa: E402


@given(rules=tables(), seed=st.integers(0, 2**32 - 1))
def test_every_reachable_state_has_one_action_per_distinct_legal_move(rules: Rules, seed: int) -> None:
    """In random games, the mask has one 1 per legal move, and decoding an encoded move gives it back."""
    codec = ActionCodec(rules)
    for state in _states(rules, seed, 300):
        moves = legal_moves(state)
        actions = [codec.encode(move) for move in moves]
        assert len(set(actions)) == len(moves)
        mask = codec.mask(state)
        assert mask.dtype == np.int8 and mask.shape == (codec.num_actions,)
        assert sorted(np.flatnonzero(mask).tolist()) == sorted(actions)
        for move, action in zip(moves, actions):
            decoded = codec.decode(action, state)
            assert decoded == move
            apply(state, decoded)  # accepted
        view = observe(state, state.current_player)
        assert np.array_equal(codec.mask(view), mask)


@pytest.mark.spec("D3", "P4")
def test_colour_twins_are_one_action_while_colours_do_not_matter() -> None:
    """Without O7, 7g and 7r are one action, and two 7s of any colours another (P4: several of one number)."""
    codec = ActionCodec(Rules(players=2))
    assert codec.encode(parse_move("7g")) == codec.encode(parse_move("7r")) == codec.encode(parse_move("7b"))
    assert codec.encode(parse_move("7g,7r")) == codec.encode(parse_move("7r,7b"))
    assert codec.encode(parse_move("7g")) != codec.encode(parse_move("7g,7r"))
    assert codec.encode(parse_move("7g")) != codec.encode(parse_move("^7g"))
    assert codec.encode(parse_move("up:7g,9r,Cb")) == codec.encode(parse_move("up:7r,9b,Cg"))


@pytest.mark.spec("O7")
def test_with_the_same_colour_swap_colours_are_separate_actions() -> None:
    """With O7 colour matters: 7g and 7r are two actions, and every swap has its own."""
    codec = ActionCodec(Rules(players=2, same_colour_swap=True))
    assert codec.encode(parse_move("7g")) != codec.encode(parse_move("7r"))
    swaps = {codec.encode(parse_move("swap:7r/9g")), codec.encode(parse_move("swap:9g/7r"))}
    assert len(swaps) == 2
    assert codec.describe(codec.encode(parse_move("swap:7r/9g"))) == "swap:7r/9g"
    assert codec.describe(codec.encode(parse_move("keep"))) == "keep"


@pytest.mark.spec("P4", "S3")
def test_the_numbering_counts_what_the_deck_can_supply() -> None:
    """Two players, standard deck: 5 fixed actions, 73 hand plays (seven copies of each number,
    Clears one at a time), 33 3UP plays (at most three cards), and 442 3UP choices (multisets of
    three of the 13 ranks, C(15, 3) = 455, less the 13 with the single Clear +2 twice)."""
    codec = ActionCodec(Rules(players=2))
    assert codec.num_actions == 5 + 73 + 33 + 442
    assert [codec.describe(action) for action in range(5)] == ["pick", "draw", "v0", "v1", "v2"]
    with pytest.raises(ThreeUpError, match="never a legal move"):
        codec.encode(parse_move("up:C+2r,C+2g,7r"))
    with pytest.raises(ThreeUpError, match="never a legal move"):
        codec.encode(parse_move("take"))  # O2 is off
    assert ActionCodec(Rules(players=2, draw_instead=True)).describe(5) == "take"


def test_bad_actions_are_refused_with_library_errors() -> None:
    """An action out of range, not an int, or not legal now raises ThreeUpError saying so."""
    state = position("play 0 7r,9g|-|-/8b|-|- - 8g *")
    codec = ActionCodec(state.rules)
    with pytest.raises(ThreeUpError, match="between 0 and 552"):
        codec.decode(553, state)
    with pytest.raises(ThreeUpError, match="an action is an int"):
        codec.decode("1", state)  # type: ignore[arg-type]
    with pytest.raises(ThreeUpError, match=r"action 0 \(pick\) is not legal now"):
        codec.decode(0, state)
    with pytest.raises(ThreeUpError, match="needs a Rules value"):
        ActionCodec(2)  # type: ignore[arg-type]
    assert codec.decode(np.int64(codec.encode(parse_move("9g"))), state) == parse_move("9g")


@given(rules=tables(), seed=st.integers(0, 2**32 - 1), steps=st.integers(0, 120))
def test_the_tensor_shows_nothing_the_seat_cannot_see(rules: Rules, seed: int, steps: int) -> None:
    """States that differ only in cards hidden from a seat give it equal tensors, of the fixed shape."""
    state = _state_after(rules, seed, steps)
    rng = random.Random(seed)
    for seat in range(rules.players):
        view = observe(state, seat)
        tensor = observation_tensor(view)
        other = sample_state(view, rng)
        assert tensor.shape == observation_shape(rules) and tensor.dtype == np.float32
        assert np.array_equal(observation_tensor(observe(other, seat)), tensor)
        assert 0 <= tensor.min() and tensor.max() <= len(rules.deck_cards())


def _states(rules: Rules, seed: int, limit: int) -> Iterator[GameState]:
    """The positions before each of the first ``limit`` random moves of the game dealt from ``seed``."""
    for step in random_steps(rules, seed, limit):
        yield step.before


def _state_after(rules: Rules, seed: int, steps: int) -> GameState:
    state = None
    for state in _states(rules, seed, steps + 1):
        pass
    assert state is not None
    return state


def test_the_tensor_fields_hold_what_the_seat_sees() -> None:
    """Field by field, seats relative to the observer: its hand, others' counts, the top cards."""
    state = position("play 1 7r,9g|8b|2b,6r,7b/5b,6b,6g|9r|3g,10g,10b 4r 8g,8r *", turn_limit=100)
    tensor = observation_tensor(observe(state, 1))
    fields = _split(tensor, state.rules)
    kinds = [str(card) for card in Card]
    assert {kinds[i]: int(n) for i, n in enumerate(fields["hand"]) if n} == {"5b": 1, "6g": 1, "6b": 1}
    assert fields["hand_size"].tolist() == [3, 2]  # the observer first
    assert fields["down_size"].tolist() == [3, 3]
    assert {kinds[i] for i in np.flatnonzero(fields["up"][:39])} == {"9r"}
    assert {kinds[i] for i in np.flatnonzero(fields["up"][39:])} == {"8b"}
    assert fields["to_move"].tolist() == [1, 0]
    assert kinds[int(np.argmax(fields["discard_top"][:39]))] == "8r"
    assert kinds[int(np.argmax(fields["discard_top"][39:78]))] == "8g"
    assert fields["discard_top"][78:].sum() == 0
    assert fields["draw_pile_size"].tolist() == [1]
    assert fields["phase"].tolist() == [0, 1, 0]
    assert fields["turn_fraction"].tolist() == [0.0]


def _split(tensor: Any, rules: Rules) -> dict[str, Any]:
    """The tensor's fields by name."""
    parts = {}
    start = 0
    for name, length in observation_fields(rules):
        parts[name] = tensor[start : start + length]
        start += length
    return parts


@pytest.mark.spec("W1", "O1", "O10")
def test_rewards_follow_the_places_and_sum_to_zero() -> None:
    """Winner +1, last -1, evenly between; unplaced seats share what is left; two players: +1/-1."""
    assert [place_reward(place, 3) for place in range(3)] == [1.0, 0.0, -1.0]
    assert rewards(position("over 1 8b|-|-/-|-|- - - * fin=1")) == (-1.0, 1.0)
    places = position("over 0 -|-|-/-|-|-/8b|-|-/-|-|- - - * fin=3,0,1,2", places=True)
    assert list(rewards(places)) == pytest.approx([1 / 3, -1 / 3, -1.0, 1.0])
    halfway = position(
        "over 0 -|-|-/7r|-|-/8b|-|-/-|-|- - - * fin=3,0 turn=5", places=True, turn_limit=5
    )
    assert list(rewards(halfway)) == pytest.approx([1 / 3, -2 / 3, -2 / 3, 1.0])
    stalemate = position("over 0 7r|-|-/8b|-|-/9g|-|- - - * turn=5", turn_limit=5)
    assert rewards(stalemate) == (0.0, 0.0, 0.0)
    with pytest.raises(ThreeUpError):
        place_reward(3, 3)


@pytest.mark.parametrize(
    "rules",
    [
        Rules(players=2),
        Rules(players=3, same_colour_swap=True, draw_instead=True),
        Rules(players=8, decks=2),
    ],
    ids=["base", "swap and take", "two decks"],
)
def test_every_action_has_a_representative_move_that_encodes_to_it(rules: Rules) -> None:
    """The numbering is a bijection: every action number stands for a move, which encodes back to it."""
    codec = ActionCodec(rules)
    assert [codec.encode(codec.representative(action)) for action in range(codec.num_actions)] == list(
        range(codec.num_actions)
    )
