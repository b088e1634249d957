"""Shuffling and dealing: :func:`new_game`, where all of a game's randomness lives.

After the deal everything is deterministic: the same rules and seed give the
same game, and (rules, seed, moves) replays it exactly.

>>> from threeup3down import Rules
>>> state = new_game(Rules(players=2), seed=7)
>>> state.phase.value, [len(seat.hand) for seat in state.seats], len(state.draw_pile)
('setup', [6, 6], 66)
"""

from __future__ import annotations

import random
from typing import assert_never

from threeup3down.cards import sort_key
from threeup3down.errors import ThreeUpError
from threeup3down.rules import CARDS_PER_PLAYER, FirstPlayer, Rules
from threeup3down.state import GameState, Phase, Seat

__all__ = ["new_game", "random_pile_swap"]


def new_game(
    rules: Rules | None = None, *, seed: int | None = None, rng: random.Random | None = None
) -> GameState:
    """Shuffle and deal a new game (S1–S5).

    All randomness of a game happens here: the shuffle, a random first player
    (O9) and the pile swap (O5) are drawn from ``rng`` (or a
    :class:`random.Random` seeded with ``seed``), so the same rules and seed
    always give the same game.

    >>> from threeup3down import Rules
    >>> new_game(Rules(players=3), seed=1) == new_game(Rules(players=3), seed=1)
    True
    >>> state = new_game(Rules(players=3), seed=1)
    >>> [len(seat.down) for seat in state.seats], len(state.draw_pile)
    ([3, 3, 3], 57)
    """
    rules = Rules() if rules is None else rules
    if not isinstance(rules, Rules):
        raise ThreeUpError(f"new_game needs a Rules value, not {rules!r}")
    if rng is None:
        if not (seed is None or isinstance(seed, int)) or isinstance(seed, bool):
            raise ThreeUpError(f"the seed must be an int (or None for a random deal), not {seed!r}")
        rng = random.Random(seed)
    elif not isinstance(rng, random.Random):
        raise ThreeUpError(f"rng must be a random.Random, not {rng!r}")
    deck = list(rules.deck_cards())
    rng.shuffle(deck)
    players = rules.players
    downs = [tuple(deck[3 * seat : 3 * seat + 3]) for seat in range(players)]
    dealt = deck[3 * players : CARDS_PER_PLAYER * players]
    seats = tuple(
        Seat(hand=tuple(sorted(dealt[6 * seat : 6 * seat + 6], key=sort_key)), down=down)
        for seat, down in enumerate(downs)
    )
    return GameState(
        rules=rules,
        phase=Phase.SETUP,
        current_player=0,
        seats=seats,
        draw_pile=tuple(deck[CARDS_PER_PLAYER * players :]),
        discard_pile=(),
        out_of_game=(),
        first_player=_first_player(rules, rng),
        pile_swap=random_pile_swap(players, rng) if rules.pile_swap else (),
    )


def _first_player(rules: Rules, rng: random.Random) -> int:
    """S5, O9: the seat that opens play."""
    match rules.first_player:
        case FirstPlayer.SEAT:
            return rules.first_seat
        case FirstPlayer.DEALERS_LEFT:
            return (rules.dealer + 1) % rules.players
        case FirstPlayer.RANDOM:
            return rng.randrange(rules.players)
        case _:
            assert_never(rules.first_player)


def random_pile_swap(players: int, rng: random.Random) -> tuple[int, ...]:
    """O5: a uniformly random derangement: every seat gets another seat's piles.

    >>> import random
    >>> swap = random_pile_swap(4, random.Random(1))
    >>> sorted(swap), any(seat == source for seat, source in enumerate(swap))
    ([0, 1, 2, 3], False)
    """
    while True:
        order = list(range(players))
        rng.shuffle(order)
        if all(seat != source for seat, source in enumerate(order)):
            return tuple(order)
