"""Randomness of the kernel (internal): the deal of :func:`~threeup3down.new_game`
and the dealing of hidden cards of :func:`~threeup3down.sample_state`, from a JAX key.
"""

from __future__ import annotations

import jax
import jax.numpy as jnp

from threeup3down.core.rules import CARDS_PER_PLAYER, CARDS_TO_CHOOSE, DOWN_CARDS, Rules
from threeup3down.kernel._play import SETUP
from threeup3down.kernel._state import TableState, canonical
from threeup3down.kernel._tables import KINDS, Params

__all__ = ["deal_one", "sample_one"]


def _counts(kinds: jax.Array) -> jax.Array:
    """Copies of each kind in ``kinds`` along the last axis (``-1``: no card)."""
    return (kinds[..., None] == jnp.arange(KINDS)).sum(axis=-2).astype(jnp.int32)


def _pile_swap(t: Params, key: jax.Array) -> jax.Array:
    """O5: a uniformly random pile swap, drawn as :func:`~threeup3down.core.deal.random_pile_swap`
    draws it: permutations until one is a pile swap of :attr:`Rules.pile_swap_seats`;
    ``-1`` for every seat without the pile swap."""
    players = t.players
    seats = jnp.arange(players)

    def fits(order: jax.Array) -> jax.Array:
        return ~t.pile_swap | jnp.where(t.every_seat_swaps, jnp.all(order != seats), jnp.any(order != seats))

    def draw(carry: tuple[jax.Array, jax.Array]) -> tuple[jax.Array, jax.Array]:
        key, _ = carry
        key, now = jax.random.split(key)
        return key, jax.random.permutation(now, players)

    _, order = jax.lax.while_loop(lambda carry: ~fits(carry[1]), draw, (key, seats))
    return jnp.where(t.pile_swap, order, -1).astype(jnp.int32)


def deal_one(t: Params, rules: Rules, key: jax.Array) -> TableState:
    """S2-S5, O5, O9: one table shuffled and dealt as :func:`~threeup3down.core.deal.deal_from`
    deals a deck: three 3DOWN cards to each seat, then six to each hand, the rest
    to the draw pile."""
    players = t.players
    cards = t.cards
    shuffle_key, first_key, swap_key = jax.random.split(key, 3)
    deck = t.deck[jax.random.permutation(shuffle_key, cards)]
    dealt = CARDS_PER_PLAYER * players
    hands = deck[DOWN_CARDS * players : dealt].reshape(players, CARDS_TO_CHOOSE)
    first = jnp.where(t.random_first, jax.random.randint(first_key, (), 0, players, jnp.int32), t.first_seat)
    nobody = jnp.full(players, -1, jnp.int32)
    zeros = jnp.zeros((players, KINDS), jnp.int32)
    return canonical(TableState(
        rules=rules,
        phase=jnp.asarray(SETUP, jnp.int32),
        current_player=jnp.asarray(0, jnp.int32),
        hand=_counts(hands),
        up=zeros,
        known=zeros,
        down=deck[: DOWN_CARDS * players].reshape(players, DOWN_CARDS),
        draw_pile=jnp.concatenate([deck[dealt:], jnp.full(dealt, -1, jnp.int32)]),
        draw_size=jnp.asarray(cards - dealt, jnp.int32),
        discard_pile=jnp.full(cards, -1, jnp.int32),
        discard_size=jnp.asarray(0, jnp.int32),
        discard_counts=jnp.zeros(KINDS, jnp.int32),
        out_of_game=jnp.zeros(KINDS, jnp.int32),
        owed_plays=jnp.asarray(0, jnp.int32),
        may_draw=jnp.asarray(False),
        may_decline=jnp.asarray(False),
        swap_offered=jnp.asarray(False),
        direction=jnp.asarray(1, jnp.int32),
        turn=jnp.asarray(0, jnp.int32),
        finished=nobody,
        finished_count=jnp.asarray(0, jnp.int32),
        first_player=first,
        pile_swap=_pile_swap(t, swap_key),
    ))


def sample_one(t: Params, s: TableState, seat: jax.Array, key: jax.Array) -> TableState:
    """One table as ``seat`` might find it: the cards it cannot see shuffled and
    dealt into the places it cannot see, as :func:`~threeup3down.sample_state`
    deals them; a pile swap still to come drawn afresh (O5)."""
    players = t.players
    cards = t.cards
    shuffle_key, swap_key = jax.random.split(key)
    seats = jnp.arange(players)
    receiver = jnp.where(t.chosen_faces, (seat + 1) % players, seat)
    shown = (s.phase != SETUP) | (seats == receiver)  # S3, O6
    others = seats != seat
    up_size = s.up.sum(axis=1)
    seen = (
        s.hand[seat]
        + (s.up * shown[:, None]).sum(axis=0)
        + (s.known * others[:, None]).sum(axis=0)
        + s.discard_counts
        + s.out_of_game
    )
    unseen = t.deck_counts - seen
    # the unseen cards in card order, then shuffled: the first ``total`` of ``shuffled``
    total = unseen.sum()
    places = jnp.arange(cards)
    in_order = jnp.searchsorted(jnp.cumsum(unseen), places, side="right").astype(jnp.int32)
    noise = jnp.where(places < total, jax.random.uniform(shuffle_key, (cards,)), 2.0)
    shuffled = in_order[jnp.argsort(noise)]
    # dealt seat by seat (the hand's unknown cards, the hidden 3UP cards, the 3DOWN
    # cards), then to the draw pile
    down_size = (s.down >= 0).sum(axis=1)
    sizes = jnp.stack(
        [
            (s.hand.sum(axis=1) - s.known.sum(axis=1)) * others,
            up_size * ~shown,
            down_size,
        ],
        axis=1,
    ).reshape(-1)
    starts = jnp.cumsum(sizes) - sizes
    draw_start = sizes.sum()
    segment = starts.reshape(players, 3)
    lengths = sizes.reshape(players, 3)
    inside = (places[None, None, :] >= segment[:, :, None]) & (places[None, None, :] < (segment + lengths)[:, :, None])
    onehot = (shuffled[:, None] == jnp.arange(KINDS)[None, :]).astype(jnp.int32)
    dealt = jnp.einsum("psd,dk->psk", inside.astype(jnp.int32), onehot)
    hand = jnp.where(others[:, None], s.known + dealt[:, 0], s.hand)
    up = jnp.where(shown[:, None], s.up, dealt[:, 1])
    slots = jnp.arange(s.down.shape[1])
    down = jnp.where(
        slots[None, :] < down_size[:, None],
        shuffled[jnp.minimum(segment[:, 2:3] + slots[None, :], cards - 1)],
        -1,
    )
    draw = jnp.where(places < s.draw_size, shuffled[jnp.minimum(draw_start + places, cards - 1)], -1)
    pending = s.pile_swap[0] >= 0
    swap = jnp.where(pending, _pile_swap(t, swap_key), s.pile_swap)
    return canonical(TableState(
        rules=s.rules,
        phase=s.phase,
        current_player=s.current_player,
        hand=hand,
        up=up,
        known=s.known,
        down=down,
        draw_pile=draw,
        draw_size=s.draw_size,
        discard_pile=s.discard_pile,
        discard_size=s.discard_size,
        discard_counts=s.discard_counts,
        out_of_game=s.out_of_game,
        owed_plays=s.owed_plays,
        may_draw=s.may_draw,
        may_decline=s.may_decline,
        swap_offered=s.swap_offered,
        direction=s.direction,
        turn=s.turn,
        finished=s.finished,
        finished_count=s.finished_count,
        first_player=s.first_player,
        pile_swap=swap,
    ))
