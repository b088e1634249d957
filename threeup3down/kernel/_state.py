"""The kernel's state: a batch of tables as arrays of fixed shape (internal), and
its exchange with the engine's :class:`~threeup3down.GameState`.

Every field has a leading batch axis. Cards are kinds, their index in card order
(``1g, 1r, 1b, 2g, …``); a place whose order does not matter (a hand, the 3UP
cards, what a hand is known to hold, the cleared cards) is 39 counts; a place in
order (the 3DOWN cards, the draw pile, the discard pile) is an array of kinds
with its length, ``-1`` past the end.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

import jax
import jax.numpy as jnp
import numpy as np
import numpy.typing as npt

from threeup3down.core.cards import Card
from threeup3down.core.errors import ThreeUpError
from threeup3down.core.phase import Phase
from threeup3down.core.rules import DOWN_CARDS, Rules
from threeup3down.core.state import GameState, Seat
from threeup3down.kernel._tables import KINDS, tables

__all__ = ["DTYPES", "PHASES", "TableState", "canonical", "from_game_states", "to_game_state", "to_game_states"]

PHASES = tuple(Phase)
"""The phases by their code in :attr:`TableState.phase`: setup 0, play 1, over 2."""
_CARDS = tuple(Card)
_KIND = {card: index for index, card in enumerate(_CARDS)}


@dataclasses.dataclass(frozen=True)
class TableState:
    """A batch of tables under one :class:`~threeup3down.Rules`, as arrays of fixed
    shape with a leading batch axis ``B`` (``P`` players, ``D`` cards in the deck).

    Cards and their counts are ``int8``, counters ``int32``, flags ``bool``.
    A JAX pytree whose one static part is :attr:`rules`: it passes through
    ``jax.jit``, ``jax.vmap`` and ``jax.lax.scan``. Make one with
    :func:`~threeup3down.kernel.init` or :func:`~threeup3down.kernel.from_game_states`.

    .. versionadded:: 0.5.0
    """

    rules: Rules
    """The rules of every table of the batch (static)."""
    phase: jax.Array
    """``[B]`` setup 0, play 1, over 2 (:class:`~threeup3down.Phase` in order)."""
    current_player: jax.Array
    """``[B]`` the seat to decide (:attr:`GameState.current_player <threeup3down.GameState.current_player>`)."""
    hand: jax.Array
    """``[B, P, 39]`` copies of each kind in each hand."""
    up: jax.Array
    """``[B, P, 39]`` copies of each kind among each seat's 3UP cards."""
    known: jax.Array
    """``[B, P, 39]`` the cards every player knows to be in each hand (:attr:`Seat.known <threeup3down.Seat.known>`)."""
    down: jax.Array
    """``[B, P, 3]`` each seat's 3DOWN cards by position, ``-1`` past the last."""
    draw_pile: jax.Array
    """``[B, D]`` the draw pile from the bottom, its top at ``draw_size - 1``."""
    draw_size: jax.Array
    """``[B]`` cards in the draw pile."""
    discard_pile: jax.Array
    """``[B, D]`` the discard pile from the bottom."""
    discard_size: jax.Array
    """``[B]`` cards in the discard pile."""
    discard_counts: jax.Array
    """``[B, 39]`` copies of each kind in the discard pile."""
    out_of_game: jax.Array
    """``[B, 39]`` copies of each kind cleared out of the game."""
    owed_plays: jax.Array
    """``[B]`` extra plays owed (C2, C3, C5)."""
    may_draw: jax.Array
    """``[B]`` whether the early draw is on offer (C2, C3)."""
    may_decline: jax.Array
    """``[B]`` whether the extra play of a Clear +1 may be declined (C2)."""
    swap_offered: jax.Array
    """``[B]`` whether the same-colour swap is on offer (O7)."""
    direction: jax.Array
    """``[B]`` +1, or -1 once reversed (O3)."""
    turn: jax.Array
    """``[B]`` turns completed (O10)."""
    finished: jax.Array
    """``[B, P]`` the seats gone out, in order, ``-1`` past the last."""
    finished_count: jax.Array
    """``[B]`` how many seats have gone out."""
    first_player: jax.Array
    """``[B]`` the seat that opens play (S5, O9)."""
    pile_swap: jax.Array
    """``[B, P]`` O5's pile swap still to come (seat *i* gets the piles of seat
    ``pile_swap[i]``), ``-1`` when none is."""

    @property
    def batch(self) -> int:
        """How many tables the batch holds."""
        return int(self.phase.shape[0])


jax.tree_util.register_dataclass(
    TableState,
    data_fields=[field.name for field in dataclasses.fields(TableState) if field.name != "rules"],
    meta_fields=["rules"],
)

_ARRAYS = tuple(field.name for field in dataclasses.fields(TableState) if field.name != "rules")


def _counts(cards: Sequence[Card]) -> list[int]:
    counts = [0] * KINDS
    for card in cards:
        counts[_KIND[card]] += 1
    return counts


def _padded(values: Sequence[int], length: int) -> list[int]:
    return list(values) + [-1] * (length - len(values))


def _encode(state: GameState, cards: int) -> dict[str, object]:
    players = state.rules.players
    return {
        "phase": PHASES.index(state.phase),
        "current_player": state.current_player,
        "hand": [_counts(seat.hand) for seat in state.seats],
        "up": [_counts(seat.up) for seat in state.seats],
        "known": [_counts(seat.known) for seat in state.seats],
        "down": [_padded([_KIND[card] for card in seat.down], DOWN_CARDS) for seat in state.seats],
        "draw_pile": _padded([_KIND[card] for card in state.draw_pile], cards),
        "draw_size": len(state.draw_pile),
        "discard_pile": _padded([_KIND[card] for card in state.discard_pile], cards),
        "discard_size": len(state.discard_pile),
        "discard_counts": _counts(state.discard_pile),
        "out_of_game": _counts(state.out_of_game),
        "owed_plays": state.owed_plays,
        "may_draw": state.may_draw,
        "may_decline": state.may_decline,
        "swap_offered": state.swap_offered,
        "direction": state.direction,
        "turn": state.turn,
        "finished": _padded(state.finished, players),
        "finished_count": len(state.finished),
        "first_player": state.first_player,
        "pile_swap": list(state.pile_swap) if state.pile_swap else [-1] * players,
    }


DTYPES: dict[str, type] = {
    **{name: np.int32 for name in _ARRAYS},
    **{name: np.int8 for name in ("hand", "up", "known", "down", "draw_pile", "discard_pile", "discard_counts", "out_of_game")},
    "may_draw": np.bool_,
    "may_decline": np.bool_,
    "swap_offered": np.bool_,
}
"""Each field's type: cards and their counts in 8 bits (a deck holds at most 84
cards), which keeps a table small; counters in 32; flags as booleans."""


def canonical(state: TableState) -> TableState:
    """``state`` with each field of its :data:`DTYPES` type (the step works in
    wider integers)."""
    return TableState(
        rules=state.rules, **{name: getattr(state, name).astype(DTYPES[name]) for name in _ARRAYS}
    )


def from_game_states(states: Sequence[GameState]) -> TableState:
    """A batch holding the engine's ``states``, in order, all under one rules.

    Raises :class:`~threeup3down.RulesError` if the rules have an option the kernel
    does not cover, :class:`~threeup3down.ThreeUpError` if the states are not of one
    rules.

    >>> from threeup3down import Rules, new_game
    >>> batch = from_game_states([new_game(Rules(players=2), seed=seed) for seed in range(3)])
    >>> batch.batch, batch.hand.shape, int(batch.draw_size[0])
    (3, (3, 2, 39), 66)

    .. versionadded:: 0.5.0
    """
    states = list(states)
    if not states or not all(isinstance(state, GameState) for state in states):
        raise ThreeUpError("from_game_states needs one GameState or more")
    rules = states[0].rules
    if any(state.rules != rules for state in states):
        raise ThreeUpError("the states of one batch are played by one rules")
    cards = tables(rules).cards
    encoded = [_encode(state, cards) for state in states]
    return TableState(
        rules=rules,
        **{
            name: jnp.asarray(np.array([entry[name] for entry in encoded], dtype=DTYPES[name]))
            for name in _ARRAYS
        },
    )


def _cards_of(counts: npt.NDArray[np.int32]) -> tuple[Card, ...]:
    return tuple(card for card, count in zip(_CARDS, counts.tolist()) for _ in range(count))


def _in_order(kinds: npt.NDArray[np.int32], size: int) -> tuple[Card, ...]:
    return tuple(_CARDS[kind] for kind in kinds[:size].tolist())


def to_game_states(state: TableState) -> list[GameState]:
    """The engine's :class:`~threeup3down.GameState` of every table of the batch:
    the inverse of :func:`from_game_states`.

    >>> from threeup3down import Rules, new_game
    >>> games = [new_game(Rules(players=3), seed=seed) for seed in range(2)]
    >>> to_game_states(from_game_states(games)) == games
    True

    .. versionadded:: 0.5.0
    """
    arrays = {name: np.asarray(getattr(state, name)) for name in _ARRAYS}
    return [_decode(state.rules, arrays, index) for index in range(state.batch)]


def to_game_state(state: TableState, index: int) -> GameState:
    """The engine's :class:`~threeup3down.GameState` of table ``index`` of the batch.

    >>> from threeup3down import Rules, new_game
    >>> game = new_game(Rules(players=2), seed=5)
    >>> to_game_state(from_game_states([game]), 0) == game
    True

    .. versionadded:: 0.5.0
    """
    if not 0 <= index < state.batch:
        raise ThreeUpError(f"table {index} is not in a batch of {state.batch}")
    arrays = {name: np.asarray(getattr(state, name)[index : index + 1]) for name in _ARRAYS}
    return _decode(state.rules, arrays, 0)


def _decode(rules: Rules, arrays: dict[str, npt.NDArray[np.int32]], index: int) -> GameState:
    def field(name: str) -> npt.NDArray[np.int32]:
        return np.asarray(arrays[name][index], dtype=np.int32)

    seats = tuple(
        Seat(
            hand=_cards_of(field("hand")[seat]),
            up=_cards_of(field("up")[seat]),
            down=tuple(_CARDS[kind] for kind in field("down")[seat].tolist() if kind >= 0),
            known=_cards_of(field("known")[seat]),
        )
        for seat in range(rules.players)
    )
    swap = field("pile_swap").tolist()
    return GameState(
        rules=rules,
        phase=PHASES[int(field("phase"))],
        current_player=int(field("current_player")),
        seats=seats,
        draw_pile=_in_order(field("draw_pile"), int(field("draw_size"))),
        discard_pile=_in_order(field("discard_pile"), int(field("discard_size"))),
        out_of_game=_cards_of(field("out_of_game")),
        owed_plays=int(field("owed_plays")),
        may_draw=bool(field("may_draw")),
        swap_offered=bool(field("swap_offered")),
        direction=int(field("direction")),
        turn=int(field("turn")),
        finished=tuple(field("finished").tolist()[: int(field("finished_count"))]),
        first_player=int(field("first_player")),
        pile_swap=tuple(swap) if swap[0] >= 0 else (),
        may_decline=bool(field("may_decline")),
    )
