"""The one-pass encoder writes the tensor the encoding defines, and its mask (threeup3down.adapters.encoder)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.extras import require

np = require("numpy", "gymnasium")

from threeup3down import Card, Rules, ThreeUpError, observe  # noqa: E402
from threeup3down.adapters.encoder import ObservationEncoder, encoder  # noqa: E402
from threeup3down.adapters.encoding import (  # noqa: E402
    PADDED_SEATS,
    ActionCodec,
    observation_fields,
    observation_shape,
    observation_tensor,
)
from threeup3down.core.memos import MEMOS, clear_memos  # noqa: E402
from tests.helpers import position  # noqa: E402
from tests.playouts import random_steps, tables  # noqa: E402


@settings(max_examples=30)
@given(rules=tables(), seed=st.integers(0, 2**32 - 1), padded=st.booleans())
def test_the_encoder_writes_the_tensor_and_mask_the_encoding_defines(
    rules: Rules, seed: int, padded: bool
) -> None:
    """In random games under random rules, for every seat, the encoder's tensor equals
    observation_tensor(observe(...)), and its mask and moves equal the codec's."""
    fast = encoder(rules, padded=padded)
    codec = ActionCodec(rules)
    for step in random_steps(rules, seed, 120):
        for state in (step.before, step.after) if step.after.is_over else (step.before,):
            for seat in range(rules.players):
                encoded = fast.encode(state, seat)
                expected = observation_tensor(observe(state, seat), padded=padded)
                assert encoded.tensor.dtype == np.float32 and encoded.tensor.shape == fast.shape
                assert np.array_equal(encoded.tensor, expected)
                if seat == state.current_player and not state.is_over:
                    assert np.array_equal(encoded.mask, codec.mask(state))
                    assert encoded.moves == {action: codec.decode(action, state) for action in encoded.moves}
                else:
                    assert not encoded.mask.any() and encoded.moves == {}


def test_the_padded_layout_has_six_seat_slots_whatever_the_table() -> None:
    """Padded: one shape for 2 to 6 players; the seats fill the first slots, observer first,
    the empty slots are zero and ``seated`` marks the filled ones."""
    shapes = {observation_shape(Rules(players=players), padded=True) for players in range(2, 7)}
    assert len(shapes) == 1
    state = position("play 1 7r,9g|8b|2b,6r,7b/5b,6b,6g|9r|3g,10g,10b 4r 8g,8r *", turn_limit=100)
    fields = _split(encoder(state.rules, padded=True).tensor(state, 1), state.rules, padded=True)
    assert fields["hand_size"].tolist() == [3, 2, 0, 0, 0, 0]
    assert fields["down_size"].tolist() == [3, 3, 0, 0, 0, 0]
    assert fields["to_move"].tolist() == [1, 0, 0, 0, 0, 0]
    assert fields["seated"].tolist() == [1, 1, 0, 0, 0, 0]
    kinds = list(Card)
    assert {str(kinds[i]) for i in np.flatnonzero(fields["up"][:39])} == {"9r"}
    assert {str(kinds[i]) for i in np.flatnonzero(fields["up"][39:78])} == {"8b"}
    assert not fields["up"][78:].any() and len(fields["up"]) == 39 * PADDED_SEATS
    plain = _split(observation_tensor(observe(state, 1)), state.rules, padded=False)
    for name, values in plain.items():
        assert np.array_equal(fields[name][: len(values)], values), name


def test_the_padded_layout_refuses_a_table_of_more_than_six() -> None:
    """O11 tables (7-12 players) do not fit six slots: a ThreeUpError says so."""
    with pytest.raises(ThreeUpError, match="room for 6 seats, not the 8"):
        observation_fields(Rules(players=8, decks=2), padded=True)
    with pytest.raises(ThreeUpError, match="room for 6 seats"):
        ObservationEncoder(Rules(players=7, decks=2), padded=True)


def test_the_encoder_refuses_what_it_cannot_encode() -> None:
    """A state of other rules, a seat that is not at the table, or rules that are not Rules: ThreeUpError."""
    state = position("play 0 7r,9g|-|-/8b|-|- - 8g *")
    with pytest.raises(ThreeUpError, match="this encoder is for a GameState"):
        encoder(Rules(players=3)).tensor(state, 0)
    with pytest.raises(ThreeUpError, match="seat 2 is not at a table of 2 players"):
        encoder(state.rules).encode(state, 2)
    with pytest.raises(ThreeUpError, match="needs a Rules value"):
        ObservationEncoder(2)  # type: ignore[arg-type]


def test_the_encoders_tables_are_memos_that_clear() -> None:
    """The encoders, card counts and action keys are listed memos; after clear_memos the tensors are the same."""
    for name in ("observation encoders", "card counts of card tuples", "action keys of moves, colours alike"):
        assert name in MEMOS
    state = position("play 0 7r,9g|8b|2b,6r,7b/8b|-|- - 8g *")
    before = encoder(state.rules).encode(state, 0)
    clear_memos()
    assert len(MEMOS["observation encoders"]) == 0
    after = encoder(state.rules).encode(state, 0)
    assert np.array_equal(before.tensor, after.tensor) and np.array_equal(before.mask, after.mask)


def _split(tensor: Any, rules: Rules, *, padded: bool) -> dict[str, Any]:
    """The tensor's fields by name."""
    parts, start = {}, 0
    for name, length in observation_fields(rules, padded=padded):
        parts[name] = tensor[start : start + length]
        start += length
    return parts


def test_an_encoder_writes_into_a_buffer_and_is_shared_by_copies_and_pickles() -> None:
    """write() into a copy of blank gives tensor()'s numbers; a deep copy or a pickled and
    read-back encoder is the memo's encoder of the same rules and layout (no second numbering)."""
    import copy
    import pickle

    state = position("play 1 7r,9g|8b|2b,6r,7b/5b,6b,6g|9r|3g,10g,10b 4r 8g,8r *")
    fast = encoder(state.rules, padded=True)
    buffer = fast.blank[:]
    fast.write(buffer, state, 0)
    assert np.array_equal(np.frombuffer(buffer, dtype=np.float32), observation_tensor(observe(state, 0), padded=True))
    assert copy.deepcopy(fast) is fast
    assert pickle.loads(pickle.dumps(fast)) is fast


def test_the_card_counts_memo_weighs_its_entries_as_weigh_does() -> None:
    """An entry of the card counts memo weighs what weigh(key, entry, cards, counts) gives,
    for tuples of cards of every length up to a whole deck."""
    from threeup3down.adapters import encoder as module
    from threeup3down.core.memos import weigh

    deck = Rules(players=2).deck_cards()
    for length in (9, 10, 30, len(deck)):
        cards = tuple(deck[:length])
        counts = module._counts(cards)
        entry = (cards, counts)
        assert module._counts_weight(id(cards), entry) == weigh(id(cards), entry, cards, counts)
