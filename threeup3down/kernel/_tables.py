"""What the kernel needs to know of a :class:`~threeup3down.Rules`, worked out once
(internal): the rules it covers, and each action's meaning as arrays.

The meaning of each action number is read from
:class:`~threeup3down.adapters.encoding.ActionCodec` (its
:meth:`~threeup3down.adapters.encoding.ActionCodec.representative` move), so the
kernel numbers its actions exactly as the adapters do.
"""

from __future__ import annotations

import dataclasses
import functools

import attrs
import jax
import jax.numpy as jnp
import numpy as np
import numpy.typing as npt

from threeup3down.adapters.encoding import ActionCodec
from threeup3down.core.cards import Card, Colour, Rank
from threeup3down.core.errors import RulesError
from threeup3down.core.moves import ChooseUp, DeclineSwap, Draw, DrawInstead, FlipDown, PickUp, Play, Source, Swap
from threeup3down.core.rules import ClearTwoDraw, EarlyDraw, FirstPlayer, PileSwapSeats, Rules

__all__ = [
    "CHOOSE",
    "COLOURS",
    "DRAW",
    "FLIP",
    "FLIP_BITS",
    "KEEP",
    "KINDS",
    "PICK",
    "PLAY_HAND",
    "PLAY_UP",
    "RANKS",
    "SWAP",
    "TAKE",
    "Params",
    "Tables",
    "check_covered",
    "params",
    "shape_rules",
    "tables",
]

KINDS = len(Card)
"""The 39 kinds of card; a kind's index is its place in card order."""
RANKS = len(Rank)
"""The 13 ranks; a kind's rank is ``kind // 3 + 1``."""
COLOURS = len(Colour)
"""The 3 colours; a kind's colour is ``kind % 3``, its place in :class:`~threeup3down.Colour`."""
assert all(
    card.rank == index // COLOURS + 1 and card.colour is tuple(Colour)[index % COLOURS]
    for index, card in enumerate(Card)
), "card order runs by rank, then colour"

PICK, DRAW, FLIP, TAKE, PLAY_HAND, PLAY_UP, CHOOSE, KEEP, SWAP = range(9)
"""What an action does, as :class:`Tables.kind` codes it."""
FLIP_BITS = 9
"""The first of :attr:`Params.bit`'s bits for flips, one per 3DOWN position."""

_REFUSED: tuple[tuple[str, object, str], ...] = (
    ("custom_cards", None, "custom cards"),
    ("decks", 1, "two decks (O11): the kernel seats 2-6 players"),
)
"""The fields of :class:`~threeup3down.Rules` whose values other than the default the
kernel refuses, and what they are, for the refusal."""


def check_covered(rules: Rules) -> None:
    """Raise :class:`~threeup3down.RulesError` naming the first option of ``rules``
    the kernel does not cover.

    >>> check_covered(Rules(players=2, same_colour_swap=True))   # O7 is covered
    >>> check_covered(Rules(players=8, decks=2))
    Traceback (most recent call last):
    ...
    threeup3down.core.errors.RulesError: decks: the kernel does not cover two decks (O11): the kernel seats 2-6 players
    """
    if not isinstance(rules, Rules):
        raise RulesError(f"the kernel needs a Rules value, not {rules!r}", fields=())
    for name, default, what in _REFUSED:
        if getattr(rules, name) != default:
            raise RulesError(f"the kernel does not cover {what}", fields=(name,))


@attrs.frozen(eq=False)
class Tables:
    """The rules' constants, as numpy arrays the traced functions close over."""

    rules: Rules
    deck: npt.NDArray[np.int32]
    """The kinds of the deck's cards, in card order (``D`` cards)."""
    deck_counts: npt.NDArray[np.int32]
    """Copies of each kind in the deck (39)."""
    kind: npt.NDArray[np.int32]
    """Each action's :data:`PICK` … :data:`CHOOSE` code."""
    rank: npt.NDArray[np.int32]
    """The rank a play action plays (1-13; 0 for other actions)."""
    size: npt.NDArray[np.int32]
    """How many cards a play action plays (0 for other actions)."""
    position: npt.NDArray[np.int32]
    """The 3DOWN position a flip turns over (0 for other actions)."""
    need: npt.NDArray[np.int32]
    """For each action, the cards of each unit it takes (:attr:`units` per
    action): a 3UP choice its three, a play its cards; 0 for other actions. A unit
    is a rank, or with colours told apart (O7) a kind, as the
    :class:`~threeup3down.adapters.encoding.ActionCodec` numbers the moves."""
    swap_hand: npt.NDArray[np.int32]
    """O7: the kind a swap takes from the hand (0 for other actions)."""
    swap_up: npt.NDArray[np.int32]
    """O7: the kind a swap takes from the 3UP cards (0 for other actions)."""
    most_played: int
    """The most cards one action plays."""

    @property
    def players(self) -> int:
        return self.rules.players

    @property
    def cards(self) -> int:
        return int(self.deck.shape[0])

    @property
    def actions(self) -> int:
        return int(self.kind.shape[0])

    @property
    def colours(self) -> bool:
        """Whether moves name colours (O7): the units of :attr:`need` are kinds, not ranks."""
        return self.rules.colour_matters


def _meaning(move: object) -> tuple[int, int, int, int, tuple[Card, ...]]:
    """An action's code, rank, size, position and cards: the cards it takes (the
    first in card order of its ranks, unless colours are told apart), or a swap's
    hand card and 3UP card."""
    match move:
        case PickUp():
            return PICK, 0, 0, 0, ()
        case Draw():
            return DRAW, 0, 0, 0, ()
        case FlipDown():
            return FLIP, 0, 0, move.position, ()
        case DrawInstead():
            return TAKE, 0, 0, 0, ()
        case DeclineSwap():
            return KEEP, 0, 0, 0, ()
        case Swap():
            return SWAP, 0, 0, 0, (move.hand_card, move.up_card)
        case Play():
            code = PLAY_HAND if move.source is Source.HAND else PLAY_UP
            return code, int(move.cards[0].rank), len(move.cards), 0, move.cards
        case ChooseUp():
            return CHOOSE, 0, 0, 0, move.cards
    raise AssertionError(f"unknown move {move!r}")


@functools.lru_cache(maxsize=16)
def tables(rules: Rules) -> Tables:
    """The :class:`Tables` of ``rules`` (checked first), made once per rules (at most
    16 kept: each is a few tens of kilobytes)."""
    check_covered(rules)
    codec = ActionCodec(rules)
    meanings = [_meaning(codec.representative(action)) for action in range(codec.num_actions)]
    kinds = {card: index for index, card in enumerate(Card)}
    colours = rules.colour_matters
    need = np.zeros((len(meanings), KINDS if colours else RANKS), dtype=np.int32)
    swap_hand = np.zeros(len(meanings), dtype=np.int32)
    swap_up = np.zeros(len(meanings), dtype=np.int32)
    for action, (code, _, _, _, cards) in enumerate(meanings):
        if code == SWAP:
            swap_hand[action], swap_up[action] = (kinds[card] for card in cards)
            continue
        for card in cards:
            need[action, kinds[card] if colours else card.rank - 1] += 1
    deck = np.array([kinds[card] for card in rules.deck_cards()], dtype=np.int32)
    return Tables(
        rules=rules,
        deck=deck,
        deck_counts=np.bincount(deck, minlength=KINDS).astype(np.int32),
        kind=np.array([meaning[0] for meaning in meanings], dtype=np.int32),
        rank=np.array([meaning[1] for meaning in meanings], dtype=np.int32),
        size=np.array([meaning[2] for meaning in meanings], dtype=np.int32),
        position=np.array([meaning[3] for meaning in meanings], dtype=np.int32),
        need=need,
        swap_hand=swap_hand,
        swap_up=swap_up,
        most_played=max(meaning[2] for meaning in meanings),
    )


@dataclasses.dataclass(frozen=True)
class Params:
    """The rules as the traced functions read them: the sizes static, the action
    tables and every option that changes play as arrays. Rules of one
    :func:`shape_rules` share their compiled functions, whatever their options."""

    players: int
    cards: int
    most_played: int
    front: int
    """How many actions come before the 3UP choices, which close the numbering
    (the swaps after them, with O7)."""
    colours: bool
    """O7: moves name colours, so :attr:`need` counts kinds, not ranks (:attr:`Tables.colours`)."""
    kind: jax.Array
    rank: jax.Array
    size: jax.Array
    position: jax.Array
    need: jax.Array
    bits: int
    """The bits that hold a count of one unit in :func:`~threeup3down.kernel._play.mask_one`'s
    packed counts (enough for :attr:`most_played`)."""
    per_word: int
    """The units whose counts one word (31 bits) of the packed counts holds."""
    unit_rank: jax.Array
    """The rank of each unit of :attr:`need` (from 1; 0 for unit 0, none)."""
    bit: jax.Array
    """``int32[A]``: the bit of :func:`~threeup3down.kernel._play.mask_one`'s word
    of what is on offer that each action reads: its kind's code, or for a flip
    :data:`FLIP_BITS` plus its position."""
    word: jax.Array
    """``int32[3, A]``: for each action, up to three units (ranks, or kinds with
    O7) it takes, as the word of the packed counts that holds each unit's count
    (units from 1; unit 0, none, holds no cards)…"""
    shift: jax.Array
    """… and where in that word (``int32[3, A]``)…"""
    copies: jax.Array
    """… and how many cards of each unit it takes (``int32[3, A]``; 0: none), so
    that whether a hand holds each action's cards is a shift and a comparison per
    unit, which vectorize over the actions."""
    draw_instead: jax.Array
    """O2."""
    reverse_on_one: jax.Array
    """O3."""
    reverse_each_one: jax.Array
    """O3, each 1."""
    clear_ends_turn: jax.Array
    """C1, C4, C5 (GH)."""
    clear_one_optional: jax.Array
    """C2: the play of a Clear +1 may be declined."""
    early_one: jax.Array
    """C2: the early draw takes one card (:attr:`EarlyDraw.ONE`)."""
    clear_two_each: jax.Array
    """C3: the early draw before each extra play (:attr:`ClearTwoDraw.EACH`)."""
    places: jax.Array
    """O1."""
    chosen_faces: jax.Array
    """O6."""
    turn_limit: jax.Array
    """O10; 0 for none."""
    deck: jax.Array
    """The kinds of the deck's cards, in card order."""
    deck_counts: jax.Array
    """Copies of each kind in the deck."""
    random_first: jax.Array
    """O9: the first player is drawn at random (:attr:`FirstPlayer.RANDOM`)."""
    first_seat: jax.Array
    """S5, O9: the seat that plays first when it is not drawn at random."""
    pile_swap: jax.Array
    """O5."""
    every_seat_swaps: jax.Array
    """O5: the pile swap moves every seat (:attr:`PileSwapSeats.EVERY`)."""
    swap_hand: jax.Array
    """O7: the kind each swap takes from the hand (:attr:`Tables.swap_hand`)."""
    swap_up: jax.Array
    """O7: the kind each swap takes from the 3UP cards."""
    colour_run_in_play: jax.Array
    """O7: a run completed by any card of a play counts (:attr:`Rules.colour_run_in_play`)."""


_STATIC = ("players", "cards", "most_played", "front", "colours", "bits", "per_word")
"""The fields of :class:`Params` that are sizes and switches of the compiled code."""

jax.tree_util.register_dataclass(
    Params,
    data_fields=[field.name for field in dataclasses.fields(Params) if field.name not in _STATIC],
    meta_fields=list(_STATIC),
)

_SHAPED = ("players", "deck", "custom_cards", "decks", "omitted_colours", "same_colour_swap")
"""The fields of :class:`~threeup3down.Rules` that decide the kernel's array shapes."""


@functools.lru_cache(maxsize=16)
def shape_rules(rules: Rules) -> Rules:
    """``rules`` with every option but those of :data:`_SHAPED` at its default: the key
    under which the compiled step, mask and observation are kept.

    >>> shape_rules(Rules(players=3, places=True)) == Rules(players=3)
    True
    """
    return Rules(**{name: getattr(rules, name) for name in _SHAPED})


def params(rules: Rules) -> Params:
    """The :class:`Params` of ``rules`` (checked first), made once per rules: as
    arrays on the device, made so even when first asked for inside a traced function."""
    with jax.ensure_compile_time_eval():
        return _params(rules)


@functools.lru_cache(maxsize=16)
def _params(rules: Rules) -> Params:
    t = tables(rules)
    actions = t.actions
    units, copies = np.zeros((2, 3, actions), dtype=np.int32)
    for action in range(actions):
        for slot, unit in enumerate(np.flatnonzero(t.need[action])):
            units[slot, action], copies[slot, action] = unit + 1, t.need[action, unit]
    bits = t.most_played.bit_length()
    per_word = 31 // bits
    unit_ranks = np.arange(KINDS) // COLOURS + 1 if t.colours else np.arange(1, RANKS + 1)  # a kind's rank, or a rank
    front = int(np.argmax(t.kind == CHOOSE))
    assert np.isin(t.kind[front:], (CHOOSE, SWAP)).all(), "the 3UP choices (then O7's swaps) close the numbering"

    def flag(value: bool) -> jax.Array:
        return jnp.asarray(value)

    return Params(
        players=rules.players,
        cards=t.cards,
        most_played=t.most_played,
        front=front,
        colours=t.colours,
        kind=jnp.asarray(t.kind),
        rank=jnp.asarray(t.rank),
        size=jnp.asarray(t.size),
        position=jnp.asarray(t.position),
        need=jnp.asarray(t.need),
        bits=bits,
        per_word=per_word,
        unit_rank=jnp.asarray(np.concatenate([[0], unit_ranks])),
        bit=jnp.asarray(np.where(t.kind == FLIP, FLIP_BITS + t.position, t.kind)),
        word=jnp.asarray(units // per_word),
        shift=jnp.asarray(units % per_word * bits),
        copies=jnp.asarray(copies),
        draw_instead=flag(rules.draw_instead),
        reverse_on_one=flag(rules.reverse_on_one),
        reverse_each_one=flag(rules.reverse_each_one),
        clear_ends_turn=flag(rules.clear_ends_turn),
        clear_one_optional=flag(rules.clear_one_optional),
        early_one=flag(rules.early_draw is EarlyDraw.ONE),
        clear_two_each=flag(rules.clear_two_draw is ClearTwoDraw.EACH),
        places=flag(rules.places),
        chosen_faces=flag(rules.chosen_faces),
        turn_limit=jnp.asarray(rules.turn_limit or 0, jnp.int32),
        deck=jnp.asarray(t.deck),
        deck_counts=jnp.asarray(t.deck_counts),
        random_first=flag(rules.first_player is FirstPlayer.RANDOM),
        first_seat=jnp.asarray(
            (rules.dealer + 1) % rules.players if rules.first_player is FirstPlayer.DEALERS_LEFT else rules.first_seat,
            jnp.int32,
        ),
        pile_swap=flag(rules.pile_swap),
        every_seat_swaps=flag(rules.pile_swap_seats is PileSwapSeats.EVERY),
        swap_hand=jnp.asarray(t.swap_hand),
        swap_up=jnp.asarray(t.swap_up),
        colour_run_in_play=flag(rules.colour_run_in_play),
    )
