"""The search bot's options for tables of three or more: a loss scored by its
place (``place_share``) and opponents' hands dealt with the heuristic's ranks
(``hand_prior``); against one opponent both change nothing."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from tests.playouts import state_after
from threeup3down import Card, GameState, Observation, Rules, legal_moves, observe, parse_move, sample_state
from threeup3down.core.errors import ThreeUpError
from threeup3down.bots.ismcts import CheatingBot, ISMCTSBot, _reward, _with_hand_prior

THREE = Rules(players=3, turn_limit=None)

SECOND_OR_TIED = "play 0 3r,9b,9g|-|-/9r|-|-/5b,6b|-|- - - *"
"""Seat 1 goes out on its 9 whatever seat 0 plays (P2, W1): after the 3, seat 0
holds two cards like seat 2 (tied second); after the pair of 9s, one card
(second alone)."""


def midgame(players: int, seed: int = 5) -> Observation:
    """The observation of the player to move some turns into a dealt game, with a choice."""
    for steps in range(20, 80):
        state = state_after(Rules(players=players), seed=seed, steps=steps)
        if not state.is_over and len(legal_moves(state)) > 1:
            return observe(state, state.current_player)
    raise AssertionError("no decision with a choice in this game")


def test_a_loss_scores_its_share_of_the_losers_it_beats() -> None:
    """Seat 0 has gone out (W1); among the losers, seat 2 (one card) holds fewer
    than both others, seat 1 (two) than one, seat 3 (three) than none."""
    over = GameState.from_notation("over 0 -|-|-/5g,7r|-|-/3b|-|-/4g,6g,8g|-|- - - * fin=0", Rules(players=4))
    assert [_reward(over, seat, 0.4) for seat in range(4)] == pytest.approx([1.0, 0.2, 0.4, 0.0])
    assert [_reward(over, seat) for seat in range(4)] == [1.0, 0.0, 0.0, 0.0]


def test_losers_holding_as_many_cards_share_the_place() -> None:
    """Two losers with two cards each beat half of each other."""
    over = GameState.from_notation("over 0 -|-|-/5g,7r|-|-/3b,4b|-|- - - * fin=0", THREE)
    assert _reward(over, 1, 0.5) == _reward(over, 2, 0.5) == 0.25


def test_with_place_share_the_search_plays_for_second_place() -> None:
    """Where every move loses, the policy sheds its 3 (tied second) and the search
    with ``place_share`` plays the pair of 9s (second alone); without it, every
    move scores 0 and it keeps the policy's."""
    state = GameState.from_notation(SECOND_OR_TIED, THREE)
    assert CheatingBot(iterations=1).choose_state(state, random.Random(0)) == parse_move("3r")
    chosen = CheatingBot(iterations=1, place_share=0.5).choose_state(state, random.Random(0))
    assert chosen == parse_move("9g,9b")


def test_against_one_opponent_the_options_change_nothing() -> None:
    """With one opponent left the search with both options makes the same choice
    as without, from the same random numbers."""
    view = midgame(2)
    plain, tuned = random.Random(6), random.Random(6)
    for _ in range(3):
        expected = ISMCTSBot(iterations=3).choose(view, plain)
        assert ISMCTSBot(iterations=3, place_share=0.5, hand_prior=True).choose(view, tuned) == expected
    assert plain.random() == tuned.random()


@pytest.mark.parametrize(
    ("arguments", "expected"),
    [
        ({"place_share": 1}, "place_share must be a number from 0 up to \\(not including\\) 1, not 1"),
        ({"place_share": -0.1}, "place_share must be a number from 0 up to \\(not including\\) 1, not -0.1"),
        ({"place_share": True}, "place_share must be a number from 0 up to \\(not including\\) 1, not True"),
        ({"hand_prior": 1}, "hand_prior must be True or False, not 1"),
        ({"hands_only": 1}, "hands_only must be True or False, not 1"),
    ],
)
def test_bad_options_are_library_errors(arguments: dict[str, object], expected: str) -> None:
    """An option out of its range raises ThreeUpError naming it."""
    bot = CheatingBot if "hands_only" in arguments else ISMCTSBot
    with pytest.raises(ThreeUpError, match=expected):
        bot(**arguments)  # type: ignore[arg-type]


def test_a_deal_with_the_hand_prior_agrees_with_the_observation() -> None:
    """Re-dealt, a sampled state still shows the observer exactly what it saw, and
    every place keeps its count; the same rng gives the same deal."""
    view = midgame(4)
    for seed in range(20):
        sampled = _with_hand_prior(_sampled(view, seed), view.player, random.Random(seed))
        assert observe(sampled, view.player) == view
        assert sampled == _with_hand_prior(_sampled(view, seed), view.player, random.Random(seed))


def _sampled(view: Observation, seed: int) -> GameState:
    """The deal :func:`~threeup3down.sample_state` draws from ``view`` with ``seed``."""
    return sample_state(view, random.Random(seed))


def test_the_hand_prior_weights_a_hands_card_by_its_rank() -> None:
    """With one unknown card in seat 1's hand and a 10 and a Clear unseen, the
    hand gets the Clear with chance 1.18 / (1.18 + 0.74) = 0.615, the weights
    of the measured prior (0.5 if dealt uniformly)."""
    state = GameState.from_notation("play 0 3r|-|-/Cg|-|- 10b - *", Rules(players=2))
    rng = random.Random(2)
    counts = Counter(_with_hand_prior(state, 0, rng).seats[1].hand for _ in range(4000))
    assert counts[(Card.GREEN_CLEAR,)] / 4000 == pytest.approx(0.615, abs=0.03)
