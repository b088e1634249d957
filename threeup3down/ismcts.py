"""Information-set Monte Carlo tree search: :class:`~threeup3down.ismcts.ISMCTSBot`
and :class:`~threeup3down.ismcts.CheatingBot`.

:class:`ISMCTSBot` is single-observer ISMCTS (SO-ISMCTS, Algorithm 3 of
Cowling, Powley and Whitehouse, "Information Set Monte Carlo Tree Search",
*IEEE Transactions on Computational Intelligence and AI in Games* 4(2),
2012). Every iteration deals the cards the bot cannot see at random with
:func:`~threeup3down.sample_state` (a *determinization*) and walks one tree
whose nodes are moves, restricted to the moves legal in that deal. Children
are chosen by UCB1 where a child's exploration term counts how often it was
*available* rather than how often its parent was visited; the first untried
move of a node is expanded; the game is then played on by a fast rollout
policy (lowest card first, with a little noise) for at most
``rollout_moves`` decisions (default 30), scored by who holds the fewest
cards if it has not ended; the reward of each seat is backed up to the nodes
of the moves that seat made. The tree grows at most
``tree_depth`` moves deep (default 3). The move played is the root move
visited most. The 3UP cards of setup are chosen as
:class:`~threeup3down.heuristic.HeuristicBot` chooses them.

The budget is a number of iterations (reproducible: all randomness comes from
the ``rng`` given to :meth:`ISMCTSBot.choose`) or a time in seconds (not
reproducible, since how many iterations fit depends on the machine).

:class:`CheatingBot` runs the same search on the true state instead of
random deals: it sees every card, and is the upper bound for experiments.

>>> import random
>>> from threeup3down import Rules, new_game, observe
>>> view = observe(new_game(Rules(players=2), seed=1), 0)
>>> bot = ISMCTSBot(iterations=20)
>>> bot.choose(view, random.Random(3)) == bot.choose(view, random.Random(3))
True
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence

from threeup3down.cards import Rank
from threeup3down.engine import apply, legal_moves
from threeup3down.errors import ThreeUpError
from threeup3down.moves import Draw, Move, PickUp, Play
from threeup3down.heuristic import HeuristicBot
from threeup3down.observation import Observation, observe, sample_state
from threeup3down.state import GameState, Phase

__all__ = ["CheatingBot", "ISMCTSBot"]

_SETUP = HeuristicBot()
"""Chooses the 3UP cards: twenty-odd choices of a whole game's plan are
beyond a small search budget, so setup follows the heuristic's rule 1."""
_EXPLORATION = 0.7
"""UCB1's exploration constant (rewards lie in [0, 1])."""
_ROLLOUT_MOVES = 30
"""Rollouts stop after this many decisions and score the position."""
_TREE_DEPTH = 3
"""The tree grows this many moves deep; below, rollouts take over."""
_NOISE = 0.1
"""The share of rollout decisions made uniformly at random."""
_SHARPNESS = 0.35
"""How steeply a cut-off rollout's reward falls with the cards a seat still holds."""


class _Node:
    """A move in the tree: the seat that made it, its statistics and its children."""

    __slots__ = ("available", "children", "player", "reward", "visits")

    def __init__(self, player: int) -> None:
        self.player = player
        self.visits = 0
        self.available = 1
        self.reward = 0.0
        self.children: dict[Move, _Node] = {}

    def ucb(self, exploration: float) -> float:
        return self.reward / self.visits + exploration * math.sqrt(
            math.log(self.available) / self.visits
        )


class _Search:
    """Budget and tuning shared by :class:`ISMCTSBot` and :class:`CheatingBot`."""

    DEFAULT_ITERATIONS = 100
    """The budget when none is given."""

    def __init__(
        self,
        iterations: int | None = None,
        *,
        seconds: float | None = None,
        exploration: float = _EXPLORATION,
        rollout_moves: int = _ROLLOUT_MOVES,
        tree_depth: int = _TREE_DEPTH,
    ) -> None:
        if seconds is None and iterations is None:
            iterations = self.DEFAULT_ITERATIONS
        if iterations is not None and (not isinstance(iterations, int) or iterations < 1):
            raise ThreeUpError(f"iterations must be a whole number of at least 1, not {iterations!r}")
        if seconds is not None and not seconds > 0:
            raise ThreeUpError(f"seconds must be a positive time, not {seconds!r}")
        self.iterations = iterations
        """The number of iterations per decision, or ``None`` to search by time."""
        self.seconds = seconds
        """The time per decision, if it searches by time (then :attr:`iterations` is a cap)."""
        self.exploration = exploration
        """UCB1's exploration constant."""
        self.rollout_moves = rollout_moves
        """How many decisions a rollout plays before it scores the position."""
        self.tree_depth = tree_depth
        """How many moves deep the tree grows (1: a flat search of the root moves)."""

    def _search(
        self, player: int, moves: Sequence[Move], deal: Callable[[], GameState], rng: random.Random
    ) -> Move:
        if len(moves) == 1:
            return moves[0]
        root = _Node(player)
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        done = 0
        while (self.iterations is None or done < self.iterations) and (
            deadline is None or done == 0 or time.perf_counter() < deadline
        ):
            self._iterate(root, deal(), rng)
            done += 1
        return max(moves, key=lambda move: _visits(root, move))

    def _iterate(self, root: _Node, state: GameState, rng: random.Random) -> None:
        node, path = root, list[_Node]()
        while not state.is_over and len(path) < self.tree_depth:
            legal = legal_moves(state)
            untried = [move for move in legal if move not in node.children]
            if untried:
                move = untried[rng.randrange(len(untried))]
                child = node.children[move] = _Node(state.current_player)
                for other in legal:
                    if other is not move and other in node.children:
                        node.children[other].available += 1
                state = apply(state, move)
                path.append(child)
                break
            children = [node.children[move] for move in legal]
            for child in children:
                child.available += 1
            best = max(range(len(legal)), key=lambda index: children[index].ucb(self.exploration))
            state = apply(state, legal[best])
            node = children[best]
            path.append(node)
        rewards = _rollout(state, rng, self.rollout_moves)
        for node in path:
            node.visits += 1
            node.reward += rewards[node.player]


def _visits(root: _Node, move: Move) -> int:
    child = root.children.get(move)
    return child.visits if child else -1


def _rollout_key(move: Move) -> tuple[int, int, int]:
    """Lowest card first: draw, then numbers low to high (widest first), Clears last."""
    if isinstance(move, Draw):
        return (0, 0, 0)
    if isinstance(move, Play):
        rank = move.cards[0].rank
        return (1, rank + (100 if rank >= Rank.CLEAR else 0), -len(move.cards))
    if isinstance(move, PickUp):
        return (3, 0, 0)
    return (2, 0, 0)


def _rollout(state: GameState, rng: random.Random, limit: int) -> list[float]:
    """Play on with the rollout policy; each seat's reward in [0, 1], summing to 1."""
    for _ in range(limit):
        if state.is_over:
            break
        moves = legal_moves(state)
        if len(moves) == 1 or rng.random() >= _NOISE:
            move = min(moves, key=_rollout_key)
        else:
            move = moves[rng.randrange(len(moves))]
        state = apply(state, move)
    players = state.rules.players
    if state.winner is not None:
        return [1.0 if seat == state.winner else 0.0 for seat in range(players)]
    weights = [math.exp(-_SHARPNESS * seat.card_count) for seat in state.seats]
    total = sum(weights)
    return [weight / total for weight in weights]


class ISMCTSBot(_Search):
    """Single-observer ISMCTS over deals drawn with :func:`~threeup3down.sample_state`.

    Give it ``iterations`` (default 100) or ``seconds``
    per decision.

    >>> import random
    >>> from threeup3down import GameState, Rules, observe
    >>> state = GameState.from_notation("play 0 4g,Cb|-|-/9b|-|- - 5r *", Rules(players=2))
    >>> str(ISMCTSBot(iterations=50).choose(observe(state, 0), random.Random(1)))
    'Cb'
    >>> ISMCTSBot(iterations=0)
    Traceback (most recent call last):
    ...
    threeup3down.errors.ThreeUpError: iterations must be a whole number of at least 1, not 0
    """

    def choose(self, observation: Observation, rng: random.Random) -> Move:
        """The root move visited most by the search (in setup, the heuristic's choice)."""
        if observation.phase is Phase.SETUP:
            return _SETUP.choose(observation, rng)
        return self._search(
            observation.player, observation.legal_moves(), lambda: sample_state(observation, rng), rng
        )


class CheatingBot(_Search):
    """The same search on the true state: it sees every card (an upper bound).

    >>> import random
    >>> from threeup3down import GameState, Rules
    >>> state = GameState.from_notation("play 0 4g,Cb|-|-/9b|-|- - 5r *", Rules(players=2))
    >>> str(CheatingBot(iterations=50).choose_state(state, random.Random(1)))
    'Cb'
    """

    def choose_state(self, state: GameState, rng: random.Random) -> Move:
        """The root move visited most by a search of ``state`` itself."""
        if state.phase is Phase.SETUP:
            return _SETUP.choose(observe(state, state.current_player), rng)
        return self._search(state.current_player, legal_moves(state), lambda: state, rng)
