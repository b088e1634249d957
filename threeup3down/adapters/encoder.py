"""The observation tensor and the legal-action mask of a state, in one pass.

:func:`~threeup3down.adapters.encoding.observation_tensor` defines the tensor
field by field from an :class:`~threeup3down.Observation`. The environments
need it at every step, so an :class:`ObservationEncoder` writes the same
tensor straight from the :class:`~threeup3down.GameState` and the observing
seat, without making the observation: where each field of each seat slot
starts comes from :func:`~threeup3down.adapters.encoding.observation_fields`
once per :class:`~threeup3down.Rules` (so the layout has one definition), the
copies of each card kind of a tuple of cards are counted once and looked up
again (states share every tuple a move leaves unchanged), and which 3UP cards
a seat sees during setup is asked of
:func:`~threeup3down.views.observation.shows_up_cards`, as
:func:`~threeup3down.observe` asks it. The tests check the two tensors equal
in random games under random rules. The mask comes from the same listing of
legal moves that names the move of each action.

>>> from threeup3down import Rules, new_game, observe
>>> from threeup3down.adapters.encoding import observation_tensor
>>> state = new_game(Rules(players=3), seed=2)
>>> encoded = encoder(state.rules).encode(state, state.current_player)
>>> bool((encoded.tensor == observation_tensor(observe(state, state.current_player))).all())
True
>>> int(encoded.mask.sum()) == len(encoded.moves)
True
"""

from __future__ import annotations

import array
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from threeup3down.adapters.encoding import ActionCodec, observation_fields
from threeup3down.core.cards import Card
from threeup3down.core.errors import ThreeUpError
from threeup3down.core.memos import Memo, weigh
from threeup3down.core.moves import Move
from threeup3down.core.phase import Phase
from threeup3down.core.rules import Rules
from threeup3down.core.state import GameState
from threeup3down.views.observation import check_seat, shows_up_cards

__all__ = ["Encoded", "ObservationEncoder", "encoder"]

_CARDS = tuple(Card)
_TOP_CARDS = 4  # the rows of ``discard_top``, as observation_fields lays them out


class Encoded(NamedTuple):
    """What an environment hands a seat at one step.

    >>> from threeup3down import new_game
    >>> state = new_game(Rules(players=2), seed=1)
    >>> tensor, mask, moves = encoder(state.rules).encode(state, 1)
    >>> tensor.shape, int(mask.sum()), moves
    ((452,), 0, {})
    """

    tensor: npt.NDArray[np.float32]
    """The seat's observation tensor."""
    mask: npt.NDArray[np.int8]
    """The legal-action mask: all zeros unless the seat is to move."""
    moves: dict[int, Move]
    """The seat's legal actions and the move of each (empty unless it is to move)."""


class ObservationEncoder:
    """Writes observation tensors and masks of states under ``rules`` (laid
    out as :func:`~threeup3down.adapters.encoding.observation_fields` with
    ``padded``); :func:`encoder` keeps one per rules.

    >>> from threeup3down import GameState
    >>> state = GameState.from_notation("play 0 7r,9g|-|-/8b|-|- - 8g *", Rules(players=2))
    >>> fast = ObservationEncoder(state.rules, padded=True)
    >>> fast.shape, float(fast.tensor(state, 0)[fast.offsets["seated"] + 1])
    ((794,), 1.0)
    """

    def __init__(self, rules: Rules, *, padded: bool = False) -> None:
        if not isinstance(rules, Rules):
            raise ThreeUpError(f"ObservationEncoder needs a Rules value, not {rules!r}")
        self.rules = rules
        """The rules of the states it encodes."""
        self.padded = padded
        """Whether the per-seat fields have room for six seats."""
        self.codec = ActionCodec(rules)
        """The numbering of the actions of the mask."""
        fields = observation_fields(rules, padded=padded)
        self.offsets: dict[str, int] = {}
        """Where each field starts in the tensor."""
        start = 0
        for name, length in fields:
            self.offsets[name] = start
            start += length
        self.shape = (start,)
        """The tensor's shape."""
        self._tables(rules)

    def _tables(self, rules: Rules) -> None:
        """Where each field of each seat slot (0 the observer) starts."""
        at = self.offsets
        kinds = len(_CARDS)
        players = rules.players
        self._players = players
        self._limit = rules.turn_limit
        self._slots = [
            (
                at["up"] + kinds * slot,
                at["known"] + kinds * slot,
                at["hand_size"] + slot,
                at["up_size"] + slot,
                at["down_size"] + slot,
            )
            for slot in range(players)
        ]
        self._phase = {phase: at["phase"] + index for index, phase in enumerate(Phase)}
        self._flags = [at[name] for name in ("may_draw", "swap_offered", "reversed", "pile_swap_pending")]
        self._blank = array.array("f", bytes(4 * self.shape[0]))
        """The tensor before any card is counted: zeros, but for ``seated``."""
        if self.padded:
            for slot in range(players):
                self._blank[at["seated"] + slot] = 1.0

    def tensor(self, state: GameState, seat: int) -> npt.NDArray[np.float32]:
        """What ``seat`` sees of ``state``: equal to
        ``observation_tensor(observe(state, seat), padded=self.padded)``.

        >>> from threeup3down import new_game, observe
        >>> from threeup3down.adapters.encoding import observation_tensor
        >>> state = new_game(Rules(players=2), seed=4)
        >>> bool((encoder(state.rules).tensor(state, 1) == observation_tensor(observe(state, 1))).all())
        True
        """
        if not isinstance(state, GameState) or (state.rules is not self.rules and state.rules != self.rules):
            raise ThreeUpError(f"this encoder is for a GameState of {self.rules!r}, not {state!r}")
        check_seat(seat, self._players)
        at = self.offsets
        players = self._players
        seats = state.seats
        tensor = self._blank[:]
        setup = state.phase is Phase.SETUP
        hand = seats[seat].hand
        if hand:
            tensor[at["hand"] : at["hand"] + _KINDS] = _counts(hand)
        for slot, (up, known, hand_size, up_size, down_size) in enumerate(self._slots):
            number = (seat + slot) % players
            view = seats[number]
            if view.up and (not setup or shows_up_cards(state, seat, number)):
                tensor[up : up + _KINDS] = _counts(view.up)
            if view.known:
                tensor[known : known + _KINDS] = _counts(view.known)
            tensor[hand_size] = len(view.hand)
            tensor[up_size] = len(view.up)
            tensor[down_size] = len(view.down)
        for number in state.finished:
            tensor[at["finished"] + (number - seat) % players] = 1.0
        if state.phase is not Phase.OVER:
            tensor[at["to_move"] + (state.current_player - seat) % players] = 1.0
        tensor[at["first_player"] + (state.first_player - seat) % players] = 1.0
        pile = state.discard_pile
        if pile:
            tensor[at["discard_pile"] : at["discard_pile"] + _KINDS] = _counts(pile)
            top = at["discard_top"]
            for card in reversed(pile[-_TOP_CARDS:]):
                tensor[top + _CARD_INDEX[card]] = 1.0
                top += _KINDS
        tensor[at["discard_size"]] = len(pile)
        if state.out_of_game:
            tensor[at["out_of_game"] : at["out_of_game"] + _KINDS] = _counts(state.out_of_game)
        tensor[at["draw_pile_size"]] = len(state.draw_pile)
        tensor[self._phase[state.phase]] = 1.0
        tensor[at["owed_plays"]] = state.owed_plays
        for where, flag in zip(
            self._flags, (state.may_draw, state.swap_offered, state.direction < 0, state.pile_swap)
        ):
            if flag:
                tensor[where] = 1.0
        if self._limit:
            tensor[at["turn_fraction"]] = state.turn / self._limit
        if state.may_decline:  # only with Rules.clear_one_optional (C2)
            tensor[at["may_decline"]] = 1.0
        return np.frombuffer(tensor, dtype=np.float32)

    def encode(self, state: GameState, seat: int) -> Encoded:
        """The tensor of :meth:`tensor`, the mask of ``seat`` and its moves by action.

        >>> from threeup3down import new_game
        >>> state = new_game(Rules(players=2), seed=4)
        >>> fast = encoder(state.rules)
        >>> len(fast.encode(state, 0).moves) == int(fast.codec.mask(state).sum()), fast.encode(state, 1).moves
        (True, {})
        """
        tensor = self.tensor(state, seat)
        mask = bytearray(self.codec.num_actions)
        if state.phase is Phase.OVER or state.current_player != seat:
            return Encoded(tensor, np.frombuffer(mask, dtype=np.int8), {})
        moves = self.codec.moves_by_action(state)
        for action in moves:
            mask[action] = 1
        return Encoded(tensor, np.frombuffer(mask, dtype=np.int8), moves)


_CARD_INDEX = {card: index for index, card in enumerate(_CARDS)}
_KINDS = len(_CARDS)


def _counts(cards: tuple[Card, ...]) -> array.array[float]:
    """The copies of each card kind in ``cards``: looked up for a tuple seen
    lately (states share every tuple a move leaves unchanged). Never written to."""
    entry = _COUNTS.table.get(id(cards))
    if entry is not None and entry[0] is cards:
        return entry[1]
    counts = array.array("f", bytes(4 * _KINDS))
    for card in cards:
        counts[_CARD_INDEX[card]] += 1.0
    return _COUNTS.remember(id(cards), (cards, counts))[1]


def _counts_weight(key: int, entry: tuple[tuple[Card, ...], array.array[float]]) -> int:
    """The bytes an entry of :data:`_COUNTS` keeps alive: the tuple of cards too,
    which a large hand makes the most of."""
    return weigh(key, entry, *entry)


_COUNTS: Memo[int, tuple[tuple[Card, ...], array.array[float]]] = Memo(
    "card counts of card tuples", weight_of=_counts_weight, limit=4096, size=1 << 21
)
"""The counts of each tuple of cards seen lately, by the tuple's ``id``, the
tuple kept alive beside its counts so that its ``id`` cannot pass to another."""


def _encoder_weight(key: tuple[Rules, bool], encoder: ObservationEncoder) -> int:
    """The bytes an encoder keeps: the rules' custom cards, and a key and an
    index entry per action of its numbering (a custom deck of many copies
    numbers many plays)."""
    rules, _ = key
    return weigh(key, rules.custom_cards, encoder) + encoder.codec.num_actions * _ACTION


_ACTION = 256
"""The bytes an action of a numbering holds at most: its key (a tuple of a few
cards or ranks) and its entries in the numbering's tuple and dictionary."""

_ENCODERS: Memo[tuple[Rules, bool], ObservationEncoder] = Memo(
    "observation encoders", weight_of=_encoder_weight, limit=32, size=1 << 22
)


def encoder(rules: Rules, *, padded: bool = False) -> ObservationEncoder:
    """The :class:`ObservationEncoder` of ``rules`` (and ``padded``), made once
    and kept in a memo (:mod:`threeup3down.core.memos`).

    >>> encoder(Rules(players=2)) is encoder(Rules(players=2)), encoder(Rules(players=2)).shape
    (True, (452,))
    """
    key = (rules, padded)
    found = _ENCODERS.table.get(key)
    return found if found is not None else _ENCODERS.remember(key, ObservationEncoder(rules, padded=padded))
