"""The rules as array functions of one table (internal): the legal-action mask and
the step, written without branches so that ``jax.vmap`` runs a batch of tables in
lock step. Each block cites the rule it implements, as the engine does
(:mod:`threeup3down.core.engine`); the differential test proves the two the same.
"""

from __future__ import annotations

import dataclasses

import jax
import jax.numpy as jnp

from threeup3down.core.rules import DOWN_CARDS, HAND_SIZE
from threeup3down.core.cards import Rank
from threeup3down.kernel._state import TableState, canonical
from threeup3down.kernel._tables import (
    CHOOSE,
    COLOURS,
    DRAW,
    FLIP,
    FLIP_BITS,
    KEEP,
    KINDS,
    PICK,
    PLAY_HAND,
    PLAY_UP,
    RANKS,
    SWAP,
    TAKE,
    Params,
)

__all__ = ["mask_one", "pick", "put", "rank_of", "step_one"]

SETUP, PLAY, OVER = 0, 1, 2
_CLEAR = int(Rank.CLEAR)
_CLEAR_PLUS_1 = int(Rank.CLEAR_PLUS_1)
_ONE = int(Rank.ONE)


def rank_of(kind: jax.Array) -> jax.Array:
    """The rank of a kind (1-13); 0 for ``-1``, no card."""
    return jnp.where(kind >= 0, kind // 3 + 1, 0)


def _rank_counts(counts: jax.Array) -> jax.Array:
    """Cards of each rank, indexed by rank (index 0, no rank, holds 0): ``[14]``."""
    return jnp.concatenate([jnp.zeros(1, counts.dtype), counts.reshape(RANKS, 3).sum(axis=1)])


def pick(values: jax.Array, index: jax.Array) -> jax.Array:
    """``values[index]`` along the first axis, ``0`` (or ``-1`` for kinds) if out of
    range: written as a comparison and a sum, which vectorize over a batch, where an
    index into each table's array would gather one by one."""
    chosen = jnp.arange(values.shape[0]) == index
    return jnp.where(chosen.reshape((-1,) + (1,) * (values.ndim - 1)), values, 0).sum(axis=0).astype(values.dtype)


def _kind_at(kinds: jax.Array, index: jax.Array) -> jax.Array:
    """The kind at ``index`` of a place in order, ``-1`` past its ends: an index into
    the array (over a batch, one gather of a card per table, where :func:`pick`'s
    comparison would read the whole pile)."""
    inside = (index >= 0) & (index < kinds.shape[0])
    return jnp.where(inside, kinds[jnp.clip(index, 0, kinds.shape[0] - 1)], -1)


def put(values: jax.Array, index: jax.Array, value: jax.Array) -> jax.Array:
    """``values`` with ``values[index]`` replaced by ``value`` (first axis), as :func:`pick` reads."""
    chosen = jnp.arange(values.shape[0]) == index
    return jnp.where(chosen.reshape((-1,) + (1,) * (values.ndim - 1)), value, values)


def _top_rank(s: TableState) -> jax.Array:
    """P2, P3: the rank a play must equal or beat; 0 on an empty pile."""
    return rank_of(_kind_at(s.discard_pile, s.discard_size - 1))


def _unit_counts(t: Params, counts: jax.Array) -> jax.Array:
    """Cards of each unit the actions take, indexed from 1 (index 0, none, holds 0):
    by kind when moves name colours (O7), else by rank."""
    if t.colours:
        return jnp.concatenate([jnp.zeros(1, counts.dtype), counts])
    return _rank_counts(counts)


def _onehot(kind: jax.Array) -> jax.Array:
    return (jnp.arange(KINDS) == kind).astype(jnp.int32)


def mask_one(t: Params, s: TableState, choosing: bool) -> jax.Array:
    """The legal-action mask of one table (``bool[A]``), as
    :func:`~threeup3down.legal_moves` lists the moves; without ``choosing``, for a
    table not in setup (the 3UP choices, most of the actions, are not weighed).

    What is on offer at the table is worked out once for each kind of action, then
    every action reads its kind's and whether the cards it takes are held: two
    shifts of a word each (:attr:`Params.bit`; :attr:`Params.word`, ``shift`` and
    ``copies``), which vectorize over the actions, where a condition per action
    or an index into the table's counts would not."""
    player = s.current_player
    hand = pick(s.hand, player)
    up = pick(s.up, player)
    hand_size = hand.sum()
    down_size = (pick(s.down + 1, player) > 0).sum()
    # F1, F2: the hand while it or the draw pile holds cards, then the 3UP cards, then a flip
    from_hand = (hand_size > 0) | (s.draw_size > 0)
    from_up = ~from_hand & (up.sum() > 0)
    flipping = ~from_hand & ~from_up
    # P1-P4: a play takes cards of one rank, equal to or above the pile's top: the
    # counts of each unit (rank, or kind with O7) held, those below the top as none
    top = jnp.where(s.phase == PLAY, _top_rank(s), 0)
    held = jnp.where(t.unit_rank >= top, _unit_counts(t, jnp.where(from_hand, hand, up)), 0)
    # whether each action's cards are held: each unit's count (no more than
    # most_played matters) packed into a few words that every action shifts;
    # without choosing, only an action's first unit is weighed (a play's one rank;
    # its three kinds with O7)
    counts = jnp.minimum(held, t.most_played).astype(jnp.int32)
    counts = jnp.pad(counts, (0, -counts.shape[0] % t.per_word)).reshape(-1, t.per_word)
    packed = (counts << (t.bits * jnp.arange(t.per_word))).sum(axis=1)
    enough = jnp.ones(t.kind.shape[0], bool)
    for slot in range(3 if choosing or t.colours else 1):
        word = packed[0]
        for number in range(1, packed.shape[0]):
            word = jnp.where(t.word[slot] == number, packed[number], word)
        enough &= (word >> t.shift[slot]) & ((1 << t.bits) - 1) >= t.copies[slot]
    source = jnp.where(from_hand, PLAY_HAND, PLAY_UP)
    can_play = ~flipping & ((t.kind[: t.front] == source) & enough[: t.front]).any()
    instead = t.draw_instead & (s.owed_plays == 0) & (s.draw_size > 0)  # O2
    must_draw = s.may_draw & (s.owed_plays > 0) & (hand_size == 0) & (s.draw_size > 0)  # C5
    playing = (s.phase == PLAY) & ~s.swap_offered
    usual = playing & ~must_draw
    offered = {
        CHOOSE: (s.phase == SETUP) & choosing,  # S3: any three of the six dealt cards
        PLAY_HAND: usual & from_hand,
        PLAY_UP: usual & from_up,
        TAKE: usual & ~flipping & can_play & instead,
        PICK: usual & ((~flipping & ~can_play) | (s.may_decline & (flipping | ~instead))),  # T3; C2: declining
        DRAW: playing & s.may_draw,  # C2, C3
        KEEP: (s.phase == PLAY) & s.swap_offered,  # O7
        SWAP: (s.phase == PLAY) & s.swap_offered,
        **{FLIP_BITS + position: usual & flipping & (position < down_size) for position in range(DOWN_CARDS)},  # F3
    }
    offers = sum(on.astype(jnp.int32) << bit for bit, on in offered.items())
    legal = ((offers >> t.bit) & 1 > 0) & enough
    if t.colours:  # O7: every exchange of a hand card with a different 3UP card
        legal &= (t.kind != SWAP) | ((hand > 0)[t.swap_hand] & (up > 0)[t.swap_up])
    return legal


def _taken(t: Params, counts: jax.Array, action: jax.Array) -> jax.Array:
    """P1, S3: the cards ``action`` takes out of ``counts``: the kinds it names when
    moves name colours (O7), else the first in card order of its ranks (D3)."""
    need = t.need[action]
    return need if t.colours else _take_first(counts, need)


def _take_first(counts: jax.Array, need: jax.Array) -> jax.Array:
    """D3: the first cards in card order of each rank that ``need`` (``[13]``) asks
    for, out of ``counts``, as :func:`~threeup3down.legal_moves` picks them."""
    by_rank = counts.reshape(RANKS, 3)
    green = jnp.minimum(need, by_rank[:, 0])
    red = jnp.minimum(need - green, by_rank[:, 1])
    return jnp.stack([green, red, need - green - red], axis=1).reshape(KINDS)


def _draw(hand: jax.Array, pile: jax.Array, size: jax.Array, count: jax.Array) -> tuple[jax.Array, jax.Array]:
    """T4, C2, O2: ``count`` cards (at most three) from the top of the draw pile into ``hand``."""
    count = jnp.clip(count, 0, size)
    drawn = sum(
        (_onehot(_kind_at(pile, size - 1 - depth)) * (depth < count) for depth in range(HAND_SIZE)),
        jnp.zeros(KINDS, jnp.int32),
    )
    return hand + drawn, size - count


def _colour_runs(pile: jax.Array) -> jax.Array:
    """O7: whether the card at each place of a pile in order tops four cards of one
    colour (a kind's colour is ``kind % 3``)."""
    colour = jnp.where(pile >= 0, pile % COLOURS, -1)
    runs = colour >= 0
    for depth in range(1, 4):
        runs &= jnp.concatenate([jnp.full(depth, -2, colour.dtype), colour[:-depth]]) == colour
    return runs


def _next_seat(players: int, player: jax.Array, direction: jax.Array, gone: jax.Array) -> jax.Array:
    """S6, O3, O1: the next seat in the direction of play that still holds cards."""
    seats = (player + direction * jnp.arange(1, players + 1)) % players
    return seats[jnp.argmax(~gone[seats])]


def _gone(players: int, finished: jax.Array) -> jax.Array:
    return jnp.any(finished[None, :] == jnp.arange(players)[:, None], axis=1)


def _choose_up(t: Params, s: TableState, action: jax.Array) -> TableState:
    """S3, O6, O5: the seat to choose puts three of its six cards face up; after the
    last seat, the piles change owners (O5) and play begins."""
    players = t.players
    player = s.current_player
    chosen = _taken(t, pick(s.hand, player), action)
    receiver = jnp.where(t.chosen_faces, (player + 1) % players, player)
    hand = put(s.hand, player, pick(s.hand, player) - chosen)
    up = put(s.up, receiver, chosen)
    last = player + 1 >= players
    swap = jnp.where(s.pile_swap[0] >= 0, s.pile_swap, jnp.arange(players))
    return dataclasses.replace(
        s,
        hand=hand,
        up=jnp.where(last, up[swap], up),
        down=jnp.where(last, s.down[swap], s.down),
        phase=jnp.where(last, PLAY, SETUP),
        current_player=jnp.where(last, s.first_player, player + 1),
        pile_swap=jnp.where(last, -1, s.pile_swap),
    )


def _play(t: Params, s: TableState, action: jax.Array) -> TableState:
    """T, P, C, F, W and the options that change them: one decision of play."""
    players = t.players
    cards = t.cards
    player = s.current_player
    code = t.kind[action]
    hand, up, known = pick(s.hand, player), pick(s.up, player), pick(s.known, player)
    down = pick(s.down + 1, player) - 1
    top = _top_rank(s)
    positions = jnp.arange(cards)

    # P1, D3: a play takes the first cards of its rank from the hand or the 3UP cards
    from_hand = code == PLAY_HAND
    playing = from_hand | (code == PLAY_UP)
    played = _taken(t, jnp.where(from_hand, hand, up), action) * playing
    # F3: a flip turns over the card at its position; the others close up
    flipping = code == FLIP
    at = t.position[action]
    flipped = _kind_at(down, at)
    slots = jnp.arange(down.shape[0])
    closed = jnp.where(slots < at, down, jnp.concatenate([down[1:], jnp.full(1, -1, down.dtype)]))
    down_after = jnp.where(flipping, closed, down)
    flip_rank = rank_of(flipped)
    laid = playing | (flipping & (flip_rank >= top))  # F4: else the card goes to the hand
    rank = jnp.where(flipping, flip_rank, t.rank[action])
    count = jnp.where(flipping, 1, t.size[action])
    laid_counts = jnp.where(flipping, _onehot(flipped), played)
    # the cards laid, in card order (P1), onto the discard pile
    first = 3 * (rank - 1)
    green, red = laid_counts[first], laid_counts[first + 1]
    laying = positions - s.discard_size
    new = jnp.where(laying < green, first, jnp.where(laying < green + red, first + 1, first + 2))
    pile = jnp.where(laid & (laying >= 0) & (laying < count), new, s.discard_pile)
    pile_size = s.discard_size + count * laid
    pile_counts = s.discard_counts + laid_counts * laid
    hand_after = jnp.where(from_hand, hand - played, hand)
    up_after = jnp.where(code == PLAY_UP, up - played, up)
    known_after = jnp.where(from_hand, jnp.maximum(known - played, 0), known)

    # C1-C4: a Clear kind, or three or more equal numbers in a row, clears the pile
    def rank_at(depth: int) -> jax.Array:
        return rank_of(_kind_at(pile, pile_size - depth))

    three = (pile_size >= 3) & (rank_at(2) == rank) & (rank_at(3) == rank)
    clears = laid & ((rank >= _CLEAR) | three)
    out = jnp.where(clears, s.out_of_game + pile_counts, s.out_of_game)  # C6
    pile = jnp.where(clears, -1, pile)
    pile_size = jnp.where(clears, 0, pile_size)
    pile_counts = jnp.where(clears, 0, pile_counts)
    extra = jnp.maximum(rank - _CLEAR, 0)
    owed = jnp.maximum(s.owed_plays - 1, 0)
    after_clear = jnp.where(extra > 0, owed + extra, jnp.where(t.clear_ends_turn, 0, owed))  # C2, C3, C5
    owed = jnp.where(clears, after_clear, owed)
    # O3: a play of 1s reverses the direction, once, or once per 1
    reverses = t.reverse_on_one & laid & (rank == _ONE) & (~t.reverse_each_one | (count % 2 == 1))
    direction = jnp.where(reverses, -s.direction, s.direction)

    # T3, F4: a pick-up, or a flip that cannot be laid, takes the discard pile
    picks = (code == PICK) | (flipping & ~laid)
    hand_after = jnp.where(picks, hand + s.discard_counts + _onehot(flipped) * flipping, hand_after)
    known_after = jnp.where(picks, known + s.discard_counts, known_after)
    pile = jnp.where(picks, -1, pile)
    pile_size = jnp.where(picks, 0, pile_size)
    pile_counts = jnp.where(picks, 0, pile_counts)
    # C2, C3: the early draw; O2: one card instead of a play
    early = code == DRAW
    refill = jnp.where(t.early_one, 1, HAND_SIZE - hand.sum())
    drawn, draw_size = _draw(hand, s.draw_pile, s.draw_size, jnp.where(early, refill, 1))
    takes = code == TAKE
    hand_after = jnp.where(early | takes, drawn, hand_after)
    draw_size = jnp.where(early | takes, draw_size, s.draw_size)
    if t.colours:
        # O7: a swap exchanges a hand card with a 3UP card, seen by all; keep changes nothing
        swapping = code == SWAP
        given, taken = _onehot(t.swap_hand[action]) * swapping, _onehot(t.swap_up[action]) * swapping
        hand_after = hand_after - given + taken
        up_after = up_after - taken + given
        known_after = jnp.maximum(known_after - given, 0) + taken
        resumes = (swapping | (code == KEEP)) & (s.owed_plays > 0)  # then the owed plays, else the turn ends
        # O7: a play that leaves four cards of one colour on top (with colour_run_in_play,
        # a run topped by any card it laid) offers the swap to a player holding hand and 3UP cards
        lowest = pile_size - jnp.where(t.colour_run_in_play, count, 1)
        completes = (_colour_runs(pile) & (positions >= lowest) & (positions < pile_size)).any()
        offers = laid & completes & (hand_after.sum() > 0) & (up_after.sum() > 0)
    else:
        resumes = offers = jnp.asarray(False)

    held = hand_after.sum() + up_after.sum() + (down_after >= 0).sum()
    goes_out = laid & (held == 0)  # W1, C7
    goes_on = laid & ~goes_out & ((owed > 0) | offers)  # C2, C3, C5, O7: the turn goes on
    # W1, O1: the seat goes out; the game ends, or play goes on for the places
    finished = jnp.where(goes_out, put(s.finished, s.finished_count, player), s.finished)
    finished_count = s.finished_count + goes_out
    settled = jnp.where(t.places, players, 1)
    decided = goes_out & (finished_count + 1 >= settled)
    gone = _gone(players, finished)
    last = jnp.argmax(~gone)
    fill = decided & (finished_count < settled)
    finished = jnp.where(fill, put(finished, finished_count, last), finished)
    finished_count = finished_count + fill
    # T4: the end of a turn: draw up to three, then the next seat (S6); O10: the turn limit
    ends = ~early & ~goes_on & ~decided & ~resumes
    refilled, refilled_size = _draw(
        hand_after, s.draw_pile, draw_size, jnp.where(held > 0, HAND_SIZE - hand_after.sum(), 0)
    )
    hand_after = jnp.where(ends, refilled, hand_after)
    draw_size = jnp.where(ends, refilled_size, draw_size)
    turn = s.turn + (ends | decided)
    limited = ends & (t.turn_limit > 0) & (turn >= t.turn_limit)
    following = _next_seat(players, player, direction, gone)
    next_player = jnp.where(ends & ~limited, following, player)
    phase = jnp.where(decided | limited, OVER, PLAY)
    may_draw = jnp.where(
        early | resumes,
        s.may_draw & resumes,
        goes_on
        & (owed > 0)
        & (s.draw_size > 0)
        & ((hand_after.sum() < HAND_SIZE) | t.early_one)
        & ((extra > 0) | t.clear_two_each),
    )
    may_decline = jnp.where(
        early | resumes,
        s.may_decline,
        goes_on & (rank == _CLEAR_PLUS_1) & (owed == 1) & t.clear_one_optional,
    )
    owed = jnp.where(early | resumes, s.owed_plays, jnp.where(goes_on, owed, 0))
    return dataclasses.replace(
        s,
        phase=phase,
        current_player=next_player,
        hand=put(s.hand, player, hand_after),
        up=put(s.up, player, up_after),
        known=put(s.known, player, known_after),
        down=put(s.down, player, down_after),
        draw_pile=jnp.where(positions < draw_size, s.draw_pile, -1),
        draw_size=draw_size,
        discard_pile=pile,
        discard_size=pile_size,
        discard_counts=pile_counts,
        out_of_game=out,
        owed_plays=owed,
        may_draw=may_draw,
        may_decline=may_decline,
        swap_offered=offers,
        direction=jnp.where(early, s.direction, direction),
        turn=turn,
        finished=finished,
        finished_count=finished_count,
    )


def step_one(t: Params, s: TableState, action: jax.Array) -> TableState:
    """One table after its player takes ``action``; a table whose game is over
    stays as it is."""
    chosen = _choose_up(t, s, action)
    played = _play(t, s, action)
    after: TableState = jax.tree.map(
        lambda setup, play, over: jnp.where(s.phase == SETUP, setup, jnp.where(s.phase == PLAY, play, over)),
        chosen,
        played,
        s,
    )
    return canonical(after)
