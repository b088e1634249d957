"""Which ranks the heuristic keeps in hand, against the cards no one has seen.

In games the heuristic plays at every seat, at every decision of the play
phase it counts, from the seat to move's point of view, the ranks of the
cards in the other seats' hands that no one has seen go in (the hand less
its known cards, :attr:`~threeup3down.Seat.known`) and the ranks of every
card that seat cannot see (those, the draw pile and every 3DOWN card): the
pool :func:`~threeup3down.sample_state` deals from uniformly. It prints, by
rank, how much more often a rank is in such a hand than in the pool (the
ratio of the two frequencies), the prior that
:attr:`~threeup3down.bots.ismcts.ISMCTSBot.hand_prior` deals with. The documented
run and its command are in the docs (:doc:`/howto/opponents`)::

    python benchmarks/hand_ranks.py --players 4 --games 1000
"""

from __future__ import annotations

import argparse
import random
from collections import Counter

from threeup3down import GameState, Rules, new_game
from threeup3down.bots import make_bot, playout
from threeup3down.core.cards import Card, Rank

__all__ = ["count_ranks"]


def count_ranks(state: GameState) -> tuple[Counter[Rank], Counter[Rank]]:
    """The ranks in the other seats' unknown hand cards, and in every card the
    seat to move cannot see, at ``state``.

    >>> state = GameState.from_notation("play 0 3r|-|-/8g,9b|-|- - - *", Rules(players=2))
    >>> hands, pool = count_ranks(state)
    >>> sorted(hands.elements()) == sorted(pool.elements()) == [Rank.EIGHT, Rank.NINE]
    True
    """
    hands: Counter[Rank] = Counter()
    pool: Counter[Rank] = Counter(card.rank for card in state.draw_pile)
    for number, seat in enumerate(state.seats):
        pool.update(card.rank for card in seat.down)
        if number != state.current_player:
            unknown = Counter[Card](seat.hand) - Counter(seat.known)
            hands.update(card.rank for card in unknown.elements())
    pool.update(hands)
    return hands, pool


def main() -> None:
    """Count over heuristic games and print the ratio by rank."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=10_000, help="the first game's deal (the next ones follow)")
    args = parser.parse_args()
    hands: Counter[Rank] = Counter()
    pool: Counter[Rank] = Counter()
    bots = [make_bot("heuristic")] * args.players
    for game in range(args.games):
        start = new_game(Rules(players=args.players), seed=args.seed + game)
        for state, _, _ in playout(start, bots, random.Random(game)):
            if state.phase.value == "play":
                in_hands, in_pool = count_ranks(state)
                hands.update(in_hands)
                pool.update(in_pool)
    hand_total, pool_total = sum(hands.values()), sum(pool.values())
    print(f"{args.players} players, {args.games} heuristic games from deal {args.seed}: "
          f"{hand_total} unknown hand cards, {pool_total} unseen")
    print(f"{'rank':<14} {'in hands':>9} {'unseen':>9} {'ratio':>6}")
    for rank in Rank:
        ratio = (hands[rank] / hand_total) / (pool[rank] / pool_total) if pool[rank] else 0.0
        print(f"{rank.name:<14} {hands[rank]:>9} {pool[rank]:>9} {ratio:>6.2f}")


if __name__ == "__main__":
    main()
