"""OpenSpiel's ISMCTS bot plays threeup3down against our heuristic bot.

The bot is OpenSpiel's own Python ISMCTS (``open_spiel.python.algorithms.ismcts``);
its leaves are evaluated by one random playout, run on the engine directly
(much faster than stepping OpenSpiel states). Python games cannot override OpenSpiel's
``ResampleFromInfostate``, so the bot's resampler hook gets
:func:`threeup3down.adapters.openspiel.resampler`, which deals the cards the bot cannot
see at random with :func:`threeup3down.sample_state`; a resampled state knows
the observation, not the past, so the bot keys its tree by observation
strings (the observation carries what every player remembers). Seats alternate between
games; the result is ISMCTS's win rate with a 95 % confidence interval.

Needs the ``[openspiel]`` extra. Run (about a second a game at the defaults)::

    python examples/openspiel_ismcts.py --games 20 --simulations 30
"""

from __future__ import annotations

import argparse
import random
import time

import numpy as np
from open_spiel.python.algorithms import ismcts, mcts
from win_rate import format_win_rate

from threeup3down import GameState, Move, apply, legal_moves
from threeup3down.bots import AnyBot, decide, make_bot
from threeup3down.adapters.encoding import ActionCodec, rewards
from threeup3down.adapters.openspiel import ThreeUpGame, ThreeUpState, resampler


def opponent_move(bot: AnyBot, state: GameState, rng: random.Random) -> Move:
    """The one call to our bot: its move in ``state`` (it is to move there)."""
    return decide(bot, state, rng)


class PlayoutEvaluator(mcts.Evaluator):  # type: ignore[misc]  # open_spiel is untyped
    """Values a leaf by one random playout of its game state; uniform priors."""

    def __init__(self, seed: int) -> None:
        self._rng = random.Random(seed)

    def evaluate(self, state: ThreeUpState) -> list[float]:
        """The rewards by place of one random playout from ``state``."""
        game_state = state.game_state
        assert game_state is not None
        while not game_state.is_over:
            game_state = apply(game_state, self._rng.choice(legal_moves(game_state)))
        return list(rewards(game_state))

    def prior(self, state: ThreeUpState) -> list[tuple[int, float]]:
        """Every legal action equally likely."""
        actions = state.legal_actions()
        return [(action, 1 / len(actions)) for action in actions]


def deal(game: ThreeUpGame, rng: random.Random) -> ThreeUpState:
    """A new game, the chance player's deal sampled with ``rng``."""
    state = game.new_initial_state()
    while state.is_chance_node():
        actions, probabilities = zip(*state.chance_outcomes())
        state.apply_action(rng.choices(actions, probabilities)[0])
    return state


def play(game: ThreeUpGame, ismcts_seat: int, simulations: int, seed: int) -> ThreeUpState:
    """One game, ISMCTS at ``ismcts_seat`` and our heuristic bot at the other seat."""
    searcher = ismcts.ISMCTSBot(
        game=game,
        evaluator=PlayoutEvaluator(seed),
        uct_c=2.0,
        max_simulations=simulations,
        random_state=np.random.RandomState(seed),
        use_observation_string=True,  # resampled states have the observation, not the past
    )
    searcher.set_resampler(resampler(game, seed))
    codec = ActionCodec(game.rules)
    opponent = make_bot("heuristic")
    opponent_rng = random.Random(seed + 1)
    state = deal(game, random.Random(seed))
    while not state.is_terminal():
        assert state.game_state is not None
        if state.current_player() == ismcts_seat:
            action = searcher.step(state)
        else:
            action = codec.encode(opponent_move(opponent, state.game_state, opponent_rng))
        state.apply_action(action)
    return state


def main() -> None:
    """Play the match and print ISMCTS's win rate."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--simulations", type=int, default=30)
    parser.add_argument("--turn-limit", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    arguments = parser.parse_args()
    game = ThreeUpGame({"players": 2, "turn_limit": arguments.turn_limit})
    wins = stalemates = 0
    started = time.perf_counter()
    for number in range(arguments.games):
        seat = number % 2
        final = play(game, seat, arguments.simulations, arguments.seed + number)
        assert final.game_state is not None
        wins += final.game_state.winner == seat
        stalemates += final.game_state.is_stalemate
    elapsed = time.perf_counter() - started
    print(
        f"ISMCTS ({arguments.simulations} simulations a move) against our heuristic bot, "
        f"2 players: wins {format_win_rate(wins, arguments.games)}; "
        f"{stalemates} stalemates; {elapsed:.1f} s"
    )


if __name__ == "__main__":
    main()
