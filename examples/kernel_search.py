"""A batched Monte Carlo search on the JAX kernel plays the reference bots.

At each of its decisions the search bot tries every legal action in hundreds of
random futures at once: the kernel deals the cards its seat cannot see afresh for
each (:func:`threeup3down.kernel.sample`, so it never peeks), takes the action, and
plays the game out with random legal actions, all tables of the batch in one
compiled loop. It plays the action whose futures paid its seat best on average.
The real games are played by the engine, against the library's ``random`` and
``heuristic`` bots, seats alternating; the result is the search bot's win rate
against each, with a 95 % confidence interval, and the check that against
``random`` the interval lies above an even chance.

Needs the ``[jax]`` extra. Run (some ten seconds a game at the defaults on two cores)::

    python examples/kernel_search.py --games 20 --futures 128
"""

from __future__ import annotations

import argparse
import functools
import random
import time

import jax
import jax.numpy as jnp
import numpy as np
from win_rate import format_win_rate, wilson_interval

from threeup3down import GameState, Move, Rules, new_game
from threeup3down import kernel
from threeup3down.adapters.encoding import ActionCodec
from threeup3down.bots import AnyBot, make_bot, play_game

LONGEST = 400
"""A future is played for at most this many decisions (then scored as it stands)."""


@functools.partial(jax.jit, static_argnames=("seat",))
def futures(key: jax.Array, tables: kernel.TableState, first: jax.Array, seat: int) -> jax.Array:
    """``seat``'s reward in each table's future: its hidden cards dealt afresh, the
    table's ``first`` action taken, then random legal actions to the end."""
    deal, play = jax.random.split(key)
    tables = kernel.step(kernel.sample(deal, tables, seat), first)

    def going(carry: tuple[kernel.TableState, jax.Array]) -> jax.Array:
        state, number = carry
        return (number < LONGEST) & (state.phase != 2).any()

    def decide(carry: tuple[kernel.TableState, jax.Array]) -> tuple[kernel.TableState, jax.Array]:
        state, number = carry
        actions = kernel.random_actions(jax.random.fold_in(play, number), kernel.legal_action_mask(state))
        return kernel.step(state, actions), number + 1

    final, _ = jax.lax.while_loop(going, decide, (tables, jnp.asarray(0)))
    return kernel.rewards(final)[:, seat]


class SearchBot:
    """Plays, at each decision, the legal action with the best mean reward over
    ``count`` random futures, shared out among the legal actions (among ``count``
    of them drawn at random, when there are more)."""

    def __init__(self, rules: Rules, count: int, seed: int) -> None:
        self.codec = ActionCodec(rules)
        self.count = count
        self.key = jax.random.key(seed)

    def choose_state(self, state: GameState, rng: random.Random) -> Move:
        """The search's move for the player to move in ``state`` (only what that
        seat sees is used: the kernel's sample redeals the rest)."""
        legal = self.codec.legal_actions(state)
        if len(legal) == 1:
            return self.codec.decode(legal[0], state)
        tried = legal if len(legal) <= self.count else sorted(rng.sample(legal, self.count))  # a future each at least
        self.key, now = jax.random.split(self.key)
        tables = kernel.from_game_states([state] * self.count)
        first = np.resize(np.asarray(tried, dtype=np.int32), self.count)
        paid = np.asarray(futures(now, tables, jnp.asarray(first), state.current_player))
        means = [paid[first == action].mean() for action in tried]
        return self.codec.decode(tried[int(np.argmax(means))], state)


def win_rate(rules: Rules, opponent: str, games: int, count: int, seed: int) -> tuple[int, int]:
    """The search bot's wins in ``games`` two-player games against ``opponent``, seats alternating."""
    search = SearchBot(rules, count, seed)
    other = make_bot(opponent)
    wins = 0
    for game in range(games):
        seat = game % 2
        bots: list[AnyBot] = [other, other]
        bots[seat] = search
        final = play_game(new_game(rules, seed=seed + game), bots, random.Random(game))
        wins += final.winner == seat
    return wins, games


def main() -> None:
    parser = argparse.ArgumentParser(description="A batched search on the JAX kernel against the reference bots.")
    parser.add_argument("--games", type=int, default=20, help="games against each opponent")
    parser.add_argument("--futures", type=int, default=128, help="random futures per decision")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    rules = Rules(players=2)
    for opponent in ("random", "heuristic"):
        start = time.perf_counter()
        wins, games = win_rate(rules, opponent, args.games, args.futures, args.seed)
        print(f"search vs {opponent}: {format_win_rate(wins, games)} ({time.perf_counter() - start:.0f} s)")
        if opponent == "random":
            low, _ = wilson_interval(wins, games)
            verdict = "above" if low > 0.5 else "not above"
            print(f"  the 95% interval is {verdict} an even chance against random play")


if __name__ == "__main__":
    main()
