"""Every bot :func:`~threeup3down.bots.make_bot` names: what it sees, how strong, how slow.

For each bot (``random``, ``lowest``, ``heuristic``, ``ismcts:N`` and
``cheating:N``, the search bots at ``--budget`` iterations per move) it prints
one row of the table in the how-to "Choose an opponent":

* what the bot is shown (its legal moves, its seat's observation, or the
  whole state), from the kind of bot :func:`~threeup3down.bots.decide` sees;
* its win rate with a 95% Wilson interval at a table of two against the
  heuristic, played by :func:`~threeup3down.simulation.simulate` in the
  duplicate format (each deal twice, the seats swapped). The heuristic uses
  no randomness, so against itself it wins exactly half: it is the field;
* the CPU time it takes per decision, over the decisions with more than one
  legal move in a sample of two-player heuristic games.

Run ``python benchmarks/opponents.py`` (``--games`` for the fast bots,
``--search-games`` for the two search bots, which take seconds of CPU a game).
The figures of the docs and the command that made them are in the how-to.
"""

from __future__ import annotations

import argparse
import datetime
import os
import random
import resource
import time

import attrs

from threeup3down import GameState, Rules, legal_moves, new_game
from threeup3down.bots import MovesBot, StateBot, decide, make_bot, playout
from threeup3down.bots.ismcts import ISMCTSBot
from threeup3down.simulation import Rate, simulate

__all__ = ["FIELD", "Row", "decision_states", "measure", "sees"]

FIELD = "heuristic"
"""The bot every other bot plays against."""
PLAYERS = 2


@attrs.frozen
class Row:
    """One bot's figures."""

    name: str
    """The bot's name for :func:`~threeup3down.bots.make_bot`."""
    sees: str
    """What the bot is shown at a decision."""
    win_rate: Rate | None
    """Its win rate against :data:`FIELD` (None for the field itself)."""
    ms_per_decision: float
    """CPU milliseconds per decision with a choice."""


def sees(name: str) -> str:
    """What the bot called ``name`` is shown when it decides.

    >>> sees("random"), sees("heuristic"), sees("cheating")
    ('its legal moves', "its seat's observation", 'every card, hidden ones included')
    """
    bot = make_bot(name)
    if isinstance(bot, StateBot):
        return "every card, hidden ones included"
    if isinstance(bot, MovesBot):
        return "its legal moves"
    return "its seat's observation"


def decision_states(games: int, seed: int = 0) -> list[GameState]:
    """The states of ``games`` two-player heuristic games where the player to
    move has more than one legal move.

    >>> states = decision_states(1)
    >>> all(len(legal_moves(state)) > 1 for state in states), len(states) > 10
    (True, True)
    """
    states = []
    for game in range(games):
        first = new_game(Rules(players=PLAYERS), seed=seed + game)
        for state, _, _ in playout(first, [make_bot(FIELD)] * PLAYERS):
            if len(legal_moves(state)) > 1:
                states.append(state)
    return states


def _ms_per_decision(name: str, states: list[GameState], decisions: int) -> float:
    """CPU milliseconds ``name`` takes per decision over ``decisions`` of ``states``
    (repeated until a fifth of a second of CPU is spent, for the fast bots)."""
    rng = random.Random(1)
    sample = rng.sample(states, min(decisions, len(states)))
    bot = make_bot(name)
    done, start = 0, time.process_time()
    while True:
        for state in sample:
            decide(bot, state, rng)
        done += len(sample)
        spent = time.process_time() - start
        if spent > 0.2:
            return spent / done * 1000


def measure(name: str, games: int, seed: int, workers: int | None, states: list[GameState],
            decisions: int = 40) -> Row:
    """The row of the bot called ``name``: ``games`` games against the field.

    >>> row = measure("lowest", 4, seed=1, workers=1, states=decision_states(1), decisions=5)
    >>> row.sees, row.win_rate.trials
    ('its legal moves', 4)
    """
    rate = None
    if name != FIELD:
        games -= games % PLAYERS  # every deal with the seats both ways
        result = simulate(Rules(players=PLAYERS), [name, FIELD], games, seed=seed, rotate=True, workers=workers)
        rate = result.win_rate(name)
    return Row(name, sees(name), rate, _ms_per_decision(name, states, decisions))


def _cpu() -> float:
    """CPU seconds of this process and of its ended children."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def main() -> None:
    """Measure every bot and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games of each fast bot (default 2000)")
    parser.add_argument("--search-games", type=int, default=100, help="games of each search bot (default 100)")
    parser.add_argument("--budget", type=int, default=ISMCTSBot.DEFAULT_ITERATIONS,
                        help="iterations per move of the search bots (default: theirs)")
    parser.add_argument("--decisions", type=int, default=40, help="decisions timed per bot (default 40)")
    parser.add_argument("--workers", type=int, default=None, help="worker processes (default: every core)")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()

    print(f"opponents, {datetime.date.today()}, seed {args.seed}, {PLAYERS} players against {FIELD}, "
          f"duplicate format; load average {os.getloadavg()[0]:.1f}")
    states = decision_states(4)
    cpu, start = _cpu(), time.perf_counter()
    print(f"{'bot':<12} {'games':>6}  {'win rate [95% Wilson]':<22} {'ms/decision':>11}  sees")
    for name in ("random", "lowest", FIELD, f"ismcts:{args.budget}", f"cheating:{args.budget}"):
        search = ":" in name
        row = measure(name, args.search_games if search else args.games, args.seed, args.workers,
                      states, args.decisions)
        rate = "the field (50%)" if row.win_rate is None else str(row.win_rate)
        games = "" if row.win_rate is None else str(row.win_rate.trials)
        print(f"{row.name:<12} {games:>6}  {rate:<22} {row.ms_per_decision:>11.3f}  {row.sees}", flush=True)
    print(f"{time.perf_counter() - start:.0f} s, {_cpu() - cpu:.0f} s of CPU; "
          f"load average {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
