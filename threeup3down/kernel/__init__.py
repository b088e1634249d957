"""The game as pure JAX functions over a batch of tables (the extra ``[jax]``).

A :class:`TableState` holds a batch of tables under one
:class:`~threeup3down.Rules` as arrays of fixed shape. The functions below are
pure and compiled with ``jax.jit`` (once per rules and batch size); each runs every
table of the batch at once. Actions are numbered exactly as
:class:`~threeup3down.adapters.encoding.ActionCodec` numbers them and
:func:`observation` is the tensor of
:func:`~threeup3down.adapters.encoding.observation_tensor`, so a policy trained
here plays through the adapters, and the other way round.

>>> import jax
>>> from threeup3down import Rules
>>> tables = init(jax.random.key(0), Rules(players=2), 4)
>>> mask = legal_action_mask(tables)          # 4 tables, each choosing its 3UP cards (S3)
>>> mask.shape, bool(mask.any(axis=1).all())
((4, 553), True)
>>> tables = step(tables, mask.argmax(axis=1))
>>> [int(player) for player in tables.current_player]
[1, 1, 1, 1]
>>> observation(tables, 0).shape
(4, 452)

It covers every rule that changes play (the refusals are listed at :func:`init`),
proven the same game as the engine by a test that plays both in lock step.
:func:`to_game_states` and :func:`from_game_states` convert to and from the
engine's :class:`~threeup3down.GameState`.

.. versionadded:: 0.5.0
"""

from __future__ import annotations

import dataclasses
from typing import SupportsIndex

import jax
import jax.numpy as jnp
from jax.typing import ArrayLike

from threeup3down.adapters.encoding import observation_fields
from threeup3down.core.errors import ThreeUpError
from threeup3down.core.rules import Rules
from threeup3down.kernel._deal import deal_one, sample_one
from threeup3down.kernel._play import SETUP, mask_one, step_one
from threeup3down.kernel._state import TableState, from_game_states, to_game_state, to_game_states
from threeup3down.kernel._tables import Params, check_covered, params, shape_rules, tables
from threeup3down.kernel._views import observe_one, rewards_one

__all__ = [
    "TableState",
    "check_covered",
    "from_game_states",
    "init",
    "legal_action_mask",
    "num_actions",
    "observation",
    "random_actions",
    "rewards",
    "sample",
    "step",
    "to_game_state",
    "to_game_states",
]


def num_actions(rules: Rules) -> int:
    """How many actions there are under ``rules``: the length of a mask, as
    :attr:`ActionCodec.num_actions <threeup3down.adapters.encoding.ActionCodec.num_actions>`.

    >>> num_actions(Rules(players=2))
    553

    .. versionadded:: 0.5.0
    """
    return tables(rules).actions


def init(key: jax.Array, rules: Rules, batch: int) -> TableState:
    """``batch`` tables shuffled and dealt from ``key`` under ``rules``, each in
    setup (S2-S5): seat 0 chooses its 3UP cards first, as after
    :func:`~threeup3down.new_game`. The first player (O9) and the pile swap (O5)
    are drawn from ``key`` too.

    The kernel covers the base game and every option that changes play, the
    same-colour swap (O7) included (its actions name colours, as the
    :class:`~threeup3down.adapters.encoding.ActionCodec` numbers them); it refuses
    custom cards and two decks (O11) with a :class:`~threeup3down.RulesError`
    naming the option. The scoring of a match (O4) is outside any one game, so it
    is no concern here.

    >>> import jax
    >>> tables = init(jax.random.key(1), Rules(players=3), 2)
    >>> tables.hand.sum(axis=2).tolist(), tables.draw_size.tolist()
    ([[6, 6, 6], [6, 6, 6]], [57, 57])
    >>> init(jax.random.key(1), Rules(players=3, same_colour_swap=True), 2).swap_offered.tolist()
    [False, False]
    >>> init(jax.random.key(1), Rules(players=8, decks=2), 2)
    Traceback (most recent call last):
    ...
    threeup3down.core.errors.RulesError: decks: the kernel does not cover two decks (O11): the kernel seats 2-6 players

    .. versionadded:: 0.5.0
    """
    check_covered(rules)
    if not isinstance(batch, int) or isinstance(batch, bool) or batch < 1:
        raise ThreeUpError(f"a batch holds one table or more, not {batch!r}")
    dealt: TableState = _init(params(rules), shape_rules(rules), key, batch)
    return dataclasses.replace(dealt, rules=rules)


@jax.jit(static_argnames=("rules", "batch"))
def _init(p: Params, rules: Rules, key: jax.Array, batch: int) -> TableState:
    dealt: TableState = jax.vmap(lambda one: deal_one(p, rules, one))(jax.random.split(key, batch))
    return dealt


def legal_action_mask(state: TableState) -> jax.Array:
    """The legal actions of every table (``bool[B, A]``): at each table, true at
    the number of each move of :func:`~threeup3down.legal_moves`, as
    :meth:`ActionCodec.mask <threeup3down.adapters.encoding.ActionCodec.mask>`
    gives it; all false once the game is over.

    >>> import jax
    >>> mask = legal_action_mask(init(jax.random.key(0), Rules(players=2), 1))
    >>> mask.dtype.name, int(mask.sum()) <= 20
    ('bool', True)

    .. versionadded:: 0.5.0
    """
    _check_state(state)
    mask: jax.Array = _mask(params(state.rules), _shaped(state))
    return mask


@jax.jit
def _mask(p: Params, state: TableState) -> jax.Array:
    # The 3UP choices, most of the actions, are weighed only at the tables in setup:
    # every table's mask without them, then, for at most _FEW of the batch in setup
    # (as a batch whose finished games start over has), theirs with them in its place;
    # for more, every table's with them.
    def masks(tables: TableState, choosing: bool) -> jax.Array:
        return jax.vmap(lambda one: mask_one(p, one, choosing))(tables)

    setup = state.phase == SETUP
    in_setup = setup.sum()
    few = max(1, state.batch // _FEW)

    def some() -> jax.Array:
        playing = masks(state, False)
        (chosen,) = jnp.nonzero(setup, size=few, fill_value=0)  # the tables in setup, padded with table 0
        choosing = masks(jax.tree.map(lambda field: field[chosen], state), True)
        return playing.at[chosen].set(jnp.where(setup[chosen, None], choosing, playing[chosen]))

    mask: jax.Array = jax.lax.cond(
        in_setup == 0,
        lambda: masks(state, False),
        lambda: jax.lax.cond(in_setup <= few, some, lambda: masks(state, True)),
    )
    return mask


_FEW = 16
"""At most one table in this many in setup is weighed apart by :func:`legal_action_mask`."""


def step(state: TableState, actions: ArrayLike) -> TableState:
    """Every table after its player to move takes its action (``int[B]``), as
    :func:`~threeup3down.apply` makes the move the action numbers (the cards that
    :func:`~threeup3down.legal_moves` lists for it). A table whose game is over
    stays as it is. The actions must be legal (:func:`legal_action_mask`): an
    illegal action's result is unspecified.

    >>> import jax
    >>> tables = init(jax.random.key(0), Rules(players=2), 2)
    >>> tables = step(tables, legal_action_mask(tables).argmax(axis=1))
    >>> tables.up.sum(axis=2).tolist()
    [[3, 0], [3, 0]]

    .. versionadded:: 0.5.0
    """
    _check_state(state)
    actions = jnp.asarray(actions)
    if actions.shape != (state.batch,) or not jnp.issubdtype(actions.dtype, jnp.integer):
        raise ThreeUpError(f"step needs one integer action per table, shape ({state.batch},), not {actions.shape}")
    after: TableState = _step(params(state.rules), _shaped(state), actions)
    return dataclasses.replace(after, rules=state.rules)


@jax.jit
def _step(p: Params, state: TableState, actions: jax.Array) -> TableState:
    after: TableState = jax.vmap(lambda one, action: step_one(p, one, action))(state, actions.astype(jnp.int32))
    return after


def random_actions(key: jax.Array, mask: ArrayLike) -> jax.Array:
    """One legal action per table drawn uniformly from ``mask`` (``bool[B, A]``, as
    :func:`legal_action_mask` gives it): ``int32[B]``, 0 where no action is legal.

    >>> import jax
    >>> tables = init(jax.random.key(0), Rules(players=2), 3)
    >>> mask = legal_action_mask(tables)
    >>> actions = random_actions(jax.random.key(1), mask)
    >>> bool(mask[jax.numpy.arange(3), actions].all())
    True

    .. versionadded:: 0.5.0
    """
    actions: jax.Array = _random_actions(key, jnp.asarray(mask, bool))
    return actions


@jax.jit
def _random_actions(key: jax.Array, mask: jax.Array) -> jax.Array:
    # One uniform draw per table picks its k-th legal action, found block by block
    # (a running count over every action, or a draw per action, costs far more):
    # the legal actions of each block counted in 8 bits (a block holds 32), the
    # mask read in whole blocks and a last short one (padding it costs more); the
    # running counts are products with a triangle of ones (exact in float32 for
    # counts this small), which XLA's CPU backend runs far faster than its cumsum.
    tables, actions = mask.shape
    whole = actions // _BLOCK * _BLOCK
    counts = mask[:, :whole].reshape(tables, whole // _BLOCK, _BLOCK).sum(axis=-1, dtype=jnp.int8)
    if whole < actions:
        counts = jnp.concatenate([counts, mask[:, whole:].sum(axis=-1, keepdims=True, dtype=jnp.int8)], axis=1)
    counts = counts.astype(jnp.float32)
    blocks = counts.shape[1]
    running = counts @ jnp.triu(jnp.ones((blocks, blocks), jnp.float32))
    chosen = jnp.floor(jax.random.uniform(key, (tables,)) * running[:, -1])
    block = jnp.argmax(running > chosen[:, None], axis=-1)
    rows = jnp.arange(tables)
    within = chosen - (running[rows, block] - counts[rows, block])
    # the chosen block's actions, read as one slice (the last block's ends the mask)
    width = min(_BLOCK, actions)
    start = jnp.minimum(block * _BLOCK, actions - width)
    window = jax.vmap(lambda row, at: jax.lax.dynamic_slice(row, (at,), (width,)))(mask, start)
    window &= start[:, None] + jnp.arange(width) >= block[:, None] * _BLOCK
    inside = window.astype(jnp.float32) @ jnp.triu(jnp.ones((width, width), jnp.float32))
    return (start + jnp.argmax(inside > within[:, None], axis=-1)).astype(jnp.int32)


_BLOCK = 32
"""The actions :func:`random_actions` counts together."""


def observation(state: TableState, seat: SupportsIndex | jax.Array, *, padded: bool = False) -> jax.Array:
    """What ``seat`` (one seat, or one per table) sees at every table: the
    ``float32[B, N]`` tensors of
    :func:`~threeup3down.adapters.encoding.observation_tensor` (``padded`` as there).

    >>> import jax
    >>> tables = init(jax.random.key(0), Rules(players=2), 3)
    >>> observation(tables, 1).shape, observation(tables, jax.numpy.array([0, 1, 0]), padded=True).shape
    ((3, 452), (3, 794))

    .. versionadded:: 0.5.0
    """
    _check_state(state)
    if padded and state.rules.players > 6:
        raise ThreeUpError("the padded observation has room for 6 seats")
    fields = observation_fields(state.rules, padded=padded)
    tensors: jax.Array = _observation(params(state.rules), _shaped(state), _seats(state, seat), fields, padded)
    return tensors


@jax.jit(static_argnames=("fields", "padded"))
def _observation(
    p: Params, state: TableState, seats: jax.Array, fields: tuple[tuple[str, int], ...], padded: bool
) -> jax.Array:
    tensors: jax.Array = jax.vmap(lambda one, seat: observe_one(p, one, seat, fields, padded))(state, seats)
    return tensors


def rewards(state: TableState) -> jax.Array:
    """Each seat's reward at every table as it stands (``float32[B, P]``), as
    :func:`~threeup3down.adapters.encoding.rewards` gives them: +1 for the winner
    down to -1 for the last place, the seats not placed sharing what is left.

    >>> import jax
    >>> rewards(init(jax.random.key(0), Rules(players=2), 1)).tolist()
    [[0.0, 0.0]]

    .. versionadded:: 0.5.0
    """
    _check_state(state)
    paid: jax.Array = _rewards(params(state.rules), _shaped(state))
    return paid


@jax.jit
def _rewards(p: Params, state: TableState) -> jax.Array:
    paid: jax.Array = jax.vmap(lambda one: rewards_one(p, one))(state)
    return paid


def sample(key: jax.Array, state: TableState, seat: SupportsIndex | jax.Array) -> TableState:
    """Every table as ``seat`` (one seat, or one per table) might find it, as
    :func:`~threeup3down.sample_state` deals it: the cards the seat cannot see
    (other hands less what every player knows is in them, every 3DOWN card, the
    3UP cards hidden during setup, the draw pile's order) shuffled from ``key`` and
    dealt back into those places; a pile swap still to come drawn afresh (O5).
    Everything the seat sees stays as it is, so its :func:`observation` is
    unchanged, and the sample depends on nothing else.

    >>> import jax
    >>> tables = init(jax.random.key(0), Rules(players=2), 2)
    >>> sampled = sample(jax.random.key(1), tables, 0)
    >>> bool((observation(sampled, 0) == observation(tables, 0)).all())
    True

    .. versionadded:: 0.5.0
    """
    _check_state(state)
    drawn: TableState = _sample(params(state.rules), key, _shaped(state), _seats(state, seat))
    return dataclasses.replace(drawn, rules=state.rules)


@jax.jit
def _sample(p: Params, key: jax.Array, state: TableState, seats: jax.Array) -> TableState:
    drawn: TableState = jax.vmap(lambda one, seat, each: sample_one(p, one, seat, each))(
        state, seats, jax.random.split(key, state.batch)
    )
    return drawn


def _shaped(state: TableState) -> TableState:
    """``state`` under its :func:`shape_rules`: the compiled functions are kept per
    shape, the options passed in as arrays (:class:`Params`)."""
    return dataclasses.replace(state, rules=shape_rules(state.rules))


def _check_state(state: object) -> None:
    if not isinstance(state, TableState):
        raise ThreeUpError(f"needs a TableState, not {type(state).__name__}")


def _seats(state: TableState, seat: SupportsIndex | jax.Array) -> jax.Array:
    seats = jnp.broadcast_to(jnp.asarray(seat, jnp.int32), (state.batch,))
    if not isinstance(seats, jax.core.Tracer) and bool(((seats < 0) | (seats >= state.rules.players)).any()):
        raise ThreeUpError(f"a seat is a number from 0 to {state.rules.players - 1}")
    return seats
