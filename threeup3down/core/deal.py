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
from collections.abc import Sequence
from typing import assert_never

from threeup3down.core.cards import Card, sort_cards, sort_key
from threeup3down.core.errors import ThreeUpError
from threeup3down.core.rules import (
    CARDS_PER_PLAYER,
    CARDS_TO_CHOOSE,
    DOWN_CARDS,
    FirstPlayer,
    PileSwapSeats,
    Rules,
    is_pile_swap,
)
from threeup3down.core.phase import Phase
from threeup3down.core.state import GameState, make_seat, make_state

__all__ = ["deal_from", "new_game", "random_pile_swap"]


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
    return _deal(
        rules,
        deck,
        _first_player(rules, rng),
        random_pile_swap(rules.players, rng, rules.pile_swap_seats) if rules.pile_swap else (),
    )


def deal_from(
    rules: Rules,
    deck: Sequence[Card],
    *,
    first_player: int | None = None,
    pile_swap: Sequence[int] = (),
) -> GameState:
    """The game dealt from ``deck`` in the given order, as :func:`new_game`
    deals a shuffled deck: three 3DOWN cards to each seat, then six to each
    hand, the rest to the draw pile, its last card on top (S2–S4).

    ``first_player`` is needed only with :attr:`FirstPlayer.RANDOM` (O9), and
    ``pile_swap`` (seat *i* receives the piles of seat ``pile_swap[i]``) only
    with the pile swap (O5). This is for dealing from outside randomness,
    such as a game framework's chance player; otherwise use :func:`new_game`.

    >>> from threeup3down import Rules
    >>> rules = Rules(players=2)
    >>> state = deal_from(rules, rules.deck_cards())
    >>> [str(card) for card in state.seats[0].down], state.seats[1].hand[0], state.first_player
    (['1g', '1g', '1r'], Card.BLUE_2, 0)
    >>> deal_from(rules, rules.deck_cards()[1:])
    Traceback (most recent call last):
    ...
    threeup3down.core.errors.ThreeUpError: the deck to deal must be the 84 cards of the rules' deck, in any order
    """
    if sorted(deck, key=sort_key) != list(rules.deck_cards()):
        raise ThreeUpError(
            f"the deck to deal must be the {len(rules.deck_cards())} cards of the rules' deck, in any order"
        )
    if (rules.first_player is FirstPlayer.RANDOM) != (first_player is not None):
        raise ThreeUpError("a first player is given exactly when it is drawn at random (O9)")
    if first_player is None:
        first_player = _first_player(rules, random.Random(0))
    elif not 0 <= first_player < rules.players:
        raise ThreeUpError(f"seat {first_player} is not at a table of {rules.players} players")
    swap = tuple(pile_swap)
    if not (len(swap) == rules.players and is_pile_swap(swap, rules.pile_swap_seats)) if rules.pile_swap else bool(swap):
        raise ThreeUpError(
            _PILE_SWAP_NEEDS[rules.pile_swap_seats]
            if rules.pile_swap
            else "a pile swap is given only with the pile swap rule (O5)"
        )
    return _deal(rules, list(deck), first_player, swap)


_PILE_SWAP_NEEDS = {
    PileSwapSeats.EVERY: "the pile swap must give every seat another seat's piles (O5)",
    PileSwapSeats.SOME: "the pile swap must give two or more seats one another's piles (O5)",
}
"""What a pile swap given to :func:`deal_from` must be, by :attr:`Rules.pile_swap_seats`."""


def _deal(
    rules: Rules, deck: list[Card], first_player: int, pile_swap: tuple[int, ...]
) -> GameState:
    """S2–S4: deal ``deck`` in order: three 3DOWN cards to each seat, then six
    to each hand, the rest to the draw pile."""
    players = rules.players
    hands = deck[DOWN_CARDS * players : CARDS_PER_PLAYER * players]
    seats = tuple(
        make_seat(
            hand=sort_cards(hands[CARDS_TO_CHOOSE * seat : CARDS_TO_CHOOSE * (seat + 1)]),
            up=(),
            down=tuple(deck[DOWN_CARDS * seat : DOWN_CARDS * (seat + 1)]),
            known=(),
        )
        for seat in range(players)
    )
    return make_state(
        rules=rules,
        phase=Phase.SETUP,
        current_player=0,
        seats=seats,
        draw_pile=tuple(deck[CARDS_PER_PLAYER * players :]),
        discard_pile=(),
        out_of_game=(),
        owed_plays=0,
        may_draw=False,
        swap_offered=False,
        direction=1,
        turn=0,
        finished=(),
        first_player=first_player,
        pile_swap=pile_swap,
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


def random_pile_swap(
    players: int, rng: random.Random, seats: PileSwapSeats = PileSwapSeats.EVERY
) -> tuple[int, ...]:
    """O5: a random pile swap, seat *i* receiving the piles of seat ``order[i]``:
    a uniformly random derangement (every seat gets another seat's piles), or
    with :attr:`PileSwapSeats.SOME` a uniformly random permutation other than
    the identity (two or more seats swap, the others keep their own).

    >>> import random
    >>> swap = random_pile_swap(4, random.Random(1))
    >>> sorted(swap), any(seat == source for seat, source in enumerate(swap))
    ([0, 1, 2, 3], False)
    >>> random_pile_swap(4, random.Random(1), PileSwapSeats.SOME)  # seat 2 keeps its piles
    (3, 0, 2, 1)
    """
    while True:
        order = list(range(players))
        rng.shuffle(order)
        if is_pile_swap(order, seats):
            return tuple(order)
