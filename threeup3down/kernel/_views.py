"""What one seat sees of a table, and the rewards (internal): the observation
tensor of :mod:`threeup3down.adapters.encoding`, laid out as its
:func:`~threeup3down.adapters.encoding.observation_fields` lists the fields, and
its :func:`~threeup3down.adapters.encoding.rewards`.
"""

from __future__ import annotations

import jax
import jax.numpy as jnp

from threeup3down.adapters.encoding import PADDED_SEATS, place_reward
from threeup3down.core.phase import Phase
from threeup3down.kernel._play import OVER, SETUP, pick
from threeup3down.kernel._state import TableState
from threeup3down.kernel._tables import KINDS, Params

__all__ = ["observe_one", "rewards_one"]

_TOP_CARDS = 4
"""The rows of ``discard_top``: the fields' length over the 39 kinds."""


def observe_one(t: Params, s: TableState, seat: jax.Array, fields: tuple[tuple[str, int], ...], padded: bool) -> jax.Array:
    """The observation tensor of ``seat`` at one table (``float32``)."""
    players = t.players
    empty = (PADDED_SEATS if padded else players) - players
    order = (seat + jnp.arange(players)) % players
    receiver = jnp.where(t.chosen_faces, (seat + 1) % players, seat)
    shown = (s.phase != SETUP) | (order == receiver)  # S3, O6
    gone = jnp.any(s.finished[None, :] == order[:, None], axis=1)
    depth = jnp.arange(_TOP_CARDS)
    tops = s.discard_pile[jnp.maximum(s.discard_size - 1 - depth, 0)]
    top = (tops[:, None] == jnp.arange(KINDS)[None, :]) & (depth < s.discard_size)[:, None]

    def per_seat(values: jax.Array) -> jax.Array:
        return jnp.concatenate([values.reshape(-1).astype(jnp.float32), jnp.zeros(empty * values[0].size, jnp.float32)])

    def one(value: jax.Array) -> jax.Array:
        return jnp.reshape(value, (1,)).astype(jnp.float32)

    parts = {
        "hand": s.hand[seat],
        "up": per_seat(s.up[order] * shown[:, None]),
        "known": per_seat(s.known[order]),
        "hand_size": per_seat(s.hand[order].sum(axis=1)),
        "up_size": per_seat(s.up[order].sum(axis=1)),
        "down_size": per_seat((s.down[order] >= 0).sum(axis=1)),
        "finished": per_seat(gone),
        "to_move": per_seat((order == s.current_player) & (s.phase != OVER)),
        "first_player": per_seat(order == s.first_player),
        "discard_pile": s.discard_counts,
        "discard_top": top.reshape(-1),
        "discard_size": one(s.discard_size),
        "out_of_game": s.out_of_game,
        "draw_pile_size": one(s.draw_size),
        "phase": jnp.arange(len(Phase)) == s.phase,
        "owed_plays": one(s.owed_plays),
        "may_draw": one(s.may_draw),
        "swap_offered": one(s.swap_offered),
        "reversed": one(s.direction < 0),
        "pile_swap_pending": one(s.pile_swap[0] >= 0),
        "turn_fraction": one(_fraction(s.turn, t.turn_limit)),
        "seated": per_seat(jnp.ones(players)),
        "may_decline": one(s.may_decline),
    }
    return jnp.concatenate(
        [jnp.asarray(parts[name]).astype(jnp.float32).reshape(-1) for name, _ in fields]
    )


def _fraction(turn: jax.Array, limit: jax.Array) -> jax.Array:
    """O10: ``turn / limit`` rounded to ``float32`` as the adapters round Python's
    quotient (to nearest, ties to even; 0 without a limit). Worked out by long
    division in integers, since XLA's division of floats may be a unit in the last
    place off: 25 bits of the quotient, the rest telling which way to round."""
    limited = limit > 0
    limit = jnp.maximum(limit, 1)
    below = jnp.minimum(turn, limit)

    def digit(_: int, carry: tuple[jax.Array, jax.Array, jax.Array]) -> tuple[jax.Array, jax.Array, jax.Array]:
        rest, quotient, places = carry
        going = quotient < 1 << 24
        doubled = 2 * rest
        bit = doubled >= limit
        return (
            jnp.where(going, doubled - bit * limit, rest),
            jnp.where(going, 2 * quotient + bit, quotient),
            places + going,
        )

    zero = jnp.zeros((), jnp.int32)
    rest, quotient, places = jax.lax.fori_loop(0, 48, digit, (below, zero, zero))
    kept = quotient >> 1
    up = (quotient & 1) & ((rest != 0) | (kept & 1))
    fraction = jnp.ldexp((kept + up).astype(jnp.float32), -(places - 1))
    return jnp.where(turn >= limit, 1.0, jnp.where(turn > 0, fraction, 0.0)) * limited


def rewards_one(t: Params, s: TableState) -> jax.Array:
    """Each seat's reward for one table as it stands (``float32[P]``): its place's
    :func:`~threeup3down.adapters.encoding.place_reward` once placed, else an equal
    share of the places still open, worked out as the adapters work it out (in
    Python's floats, then rounded) for each count of seats placed."""
    players = t.players
    values = [place_reward(place, players) for place in range(players)]
    shares = jnp.array(
        [sum(values[placed:]) / (players - placed) if placed < players else 0.0 for placed in range(players + 1)],
        jnp.float32,
    )
    places = jnp.arange(players)
    placed = places < s.finished_count
    rewards = jnp.full(players, pick(shares, s.finished_count), jnp.float32)
    for place in range(players):
        rewards = jnp.where(placed[place] & (places == s.finished[place]), jnp.float32(values[place]), rewards)
    return rewards
