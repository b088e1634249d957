"""The observation tensor and the legal-action mask of a state, in one pass.

:func:`~threeup3down.adapters.encoding.observation_tensor` defines the tensor
field by field from an :class:`~threeup3down.Observation`. The environments
need it at every step, so an :class:`ObservationEncoder` writes the same
tensor straight from the :class:`~threeup3down.GameState` and the observing
seat, without making the observation: where each field of each seat slot
starts comes from :func:`~threeup3down.adapters.encoding.observation_fields`
once per :class:`~threeup3down.Rules` (so the layout has one definition), a
few cards are counted card by card and the copies of each card kind of a
longer tuple counted once and looked up again (states share every tuple a
move leaves unchanged), and which 3UP cards
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
import sys
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
_KINDS = len(_CARDS)
_CARD_INDEX = {card: index for index, card in enumerate(_CARDS)}
_TOP_CARDS = 4  # the rows of ``discard_top``, as observation_fields lays them out
_FLOAT32 = np.dtype(np.float32)
_INT8 = np.dtype(np.int8)
"""numpy's dtypes, made once: ``np.frombuffer`` takes a third as long given a
dtype, positionally, as given a type to make one of, by keyword."""


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
        """Where each field of each seat slot (0 the observer) starts, and the
        tensor before anything is written, made once per rules."""
        at = self.offsets
        players = rules.players
        self._players = players
        self._limit = float(rules.turn_limit or 0)
        self._slots = tuple(
            (
                at["up"] + _KINDS * slot,
                at["known"] + _KINDS * slot,
                at["hand_size"] + slot,
                at["up_size"] + slot,
                at["down_size"] + slot,
            )
            for slot in range(players)
        )
        """For each seat slot: where its ``up`` and ``known`` counts start, and
        its entries of ``hand_size``, ``up_size`` and ``down_size``."""
        self._phase = {id(phase): at["phase"] + index for index, phase in enumerate(Phase)}
        """Where each phase's one-hot entry is, by the phase's ``id`` (an
        enumeration member hashes in Python, an ``int`` in C)."""
        self._flags = tuple(at[name] for name in ("may_draw", "swap_offered", "reversed", "pile_swap_pending"))
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
        buffer = self._blank[:]
        self.write(buffer, state, seat)
        return np.frombuffer(buffer, _FLOAT32)  # positional: numpy parses keywords slowly

    def write(self, buffer: array.array[float], state: GameState, seat: int) -> None:
        """Write what :meth:`tensor` gives into ``buffer``, an ``array.array("f")``
        holding :attr:`blank` (as a copy of it, or after ``buffer[:] = blank``):
        for a caller that keeps one buffer, such as OpenSpiel's observer.

        >>> from threeup3down import new_game
        >>> state = new_game(Rules(players=2), seed=4)
        >>> fast = encoder(state.rules)
        >>> buffer = fast.blank[:]
        >>> fast.write(buffer, state, 0)
        >>> bool((np.frombuffer(buffer, dtype=np.float32) == fast.tensor(state, 0)).all())
        True

        .. versionadded:: 0.5.0
        """
        players = self._players
        if state.__class__ is not GameState or state.rules is not self.rules:
            if not isinstance(state, GameState) or state.rules != self.rules:
                raise ThreeUpError(f"this encoder is for a GameState of {self.rules!r}, not {state!r}")
        if seat.__class__ is not int or not 0 <= seat < players:
            check_seat(seat, players)
        at = self.offsets
        seats = state.seats
        hand = seats[seat].hand
        if hand:
            _add_counts(buffer, at["hand"], hand)
        setup = state.phase is Phase.SETUP
        number = seat
        for up, known, hand_size, up_size, down_size in self._slots:
            view = seats[number]
            if view.up:
                if not setup or shows_up_cards(state, seat, number):
                    _add_counts(buffer, up, view.up)
                buffer[up_size] = len(view.up)
            if view.known:
                _add_counts(buffer, known, view.known)
            buffer[hand_size] = len(view.hand)
            buffer[down_size] = len(view.down)
            number += 1
            if number == players:
                number = 0
        for number in state.finished:
            buffer[at["finished"] + (number - seat) % players] = 1.0
        if state.phase is not Phase.OVER:
            buffer[at["to_move"] + (state.current_player - seat) % players] = 1.0
        buffer[at["first_player"] + (state.first_player - seat) % players] = 1.0
        pile = state.discard_pile
        if pile:
            _add_counts(buffer, at["discard_pile"], pile)
            top = at["discard_top"]
            for card in reversed(pile[-_TOP_CARDS:]):
                buffer[top + _CARD_INDEX[card]] = 1.0
                top += _KINDS
            buffer[at["discard_size"]] = len(pile)
        if state.out_of_game:
            _add_counts(buffer, at["out_of_game"], state.out_of_game)
        buffer[at["draw_pile_size"]] = len(state.draw_pile)
        buffer[self._phase[id(state.phase)]] = 1.0
        buffer[at["owed_plays"]] = state.owed_plays
        may_draw, swap_offered, reversed_at, pile_swap_pending = self._flags
        if state.may_draw:
            buffer[may_draw] = 1.0
        if state.swap_offered:
            buffer[swap_offered] = 1.0
        if state.direction < 0:
            buffer[reversed_at] = 1.0
        if state.pile_swap:
            buffer[pile_swap_pending] = 1.0
        if self._limit:
            buffer[at["turn_fraction"]] = state.turn / self._limit
        if state.may_decline:  # only with Rules.clear_one_optional (C2)
            buffer[at["may_decline"]] = 1.0

    def __reduce__(self) -> tuple[object, tuple[Rules, bool]]:
        """Pickled as its rules and layout, read back as the memo's encoder of them."""
        return _shared, (self.rules, self.padded)

    def __deepcopy__(self, memo: dict[int, object]) -> ObservationEncoder:
        """Itself: an encoder never changes once made (OpenSpiel deep-copies every
        state it clones, and a state holds its game's encoder)."""
        return self

    @property
    def blank(self) -> array.array[float]:
        """The tensor before anything of a state is written (zeros, but for
        ``seated``), for :meth:`write`; copy it (``blank[:]``), never write to it.

        .. versionadded:: 0.5.0
        """
        return self._blank

    def encode(self, state: GameState, seat: int) -> Encoded:
        """The tensor of :meth:`tensor`, the mask of ``seat`` and its moves by action.

        >>> from threeup3down import new_game
        >>> state = new_game(Rules(players=2), seed=4)
        >>> fast = encoder(state.rules)
        >>> len(fast.encode(state, 0).moves) == int(fast.codec.mask(state).sum()), fast.encode(state, 1).moves
        (True, {})
        """
        tensor = self.tensor(state, seat)
        mask = np.zeros(self.codec.num_actions, _INT8)
        if state.phase is Phase.OVER or state.current_player != seat:
            return Encoded(tensor, mask, {})
        moves = self.codec.moves_by_action(state)
        for action in moves:  # a few actions: cheaper one by one than as an index array
            mask[action] = 1
        return Encoded(tensor, mask, moves)


def _add_counts(buffer: array.array[float], start: int, cards: tuple[Card, ...]) -> None:
    """Add the copies of each card kind in ``cards`` to the 39 entries of
    ``buffer`` from ``start`` (zeros until then): card by card for a few cards,
    else the counts of :func:`_counts`, looked up for a tuple seen lately."""
    if len(cards) <= _FEW_CARDS:
        index = _CARD_INDEX
        for card in cards:
            buffer[start + index[card]] += 1.0
    else:
        buffer[start : start + _KINDS] = _counts(cards)


_FEW_CARDS = 8
"""The most cards :func:`_add_counts` counts one by one: counting a hand of a
few cards costs about what looking its counts up does, and far less than
counting and remembering a tuple seen for the first time (a hand changes at
nearly every move of its seat); the long tuples, the cards out of the game
above all, change seldom."""


def _counts(cards: tuple[Card, ...]) -> array.array[float]:
    """The copies of each card kind in ``cards``: looked up for a tuple seen
    lately (states share every tuple a move leaves unchanged). Never written to."""
    entry = _COUNTS.table.get(id(cards))
    if entry is not None and entry[0] is cards:
        return entry[1]
    counts = _NO_COUNTS[:]
    index = _CARD_INDEX
    for card in cards:
        counts[index[card]] += 1.0
    return _COUNTS.remember(id(cards), (cards, counts))[1]


_NO_COUNTS = array.array("f", bytes(4 * _KINDS))
"""Zero copies of every kind, copied for each new count."""


def _counts_weight(key: int, entry: tuple[tuple[Card, ...], array.array[float]]) -> int:
    """The bytes an entry of :data:`_COUNTS` keeps alive, as :func:`weigh`
    weighs ``(key, entry, *entry)``: the tuple of cards too, which a large hand
    makes the most of. All but the tuple of cards weigh the same in every
    entry (an ``id``, a pair, 39 counts), so they are weighed once, and the
    tuple by its length (:func:`sys.getsizeof` costs more than counting a few cards)."""
    return _COUNTS_ENTRY + _TUPLE_ITEM * len(entry[0])


_TUPLE_ITEM = sys.getsizeof((None,)) - sys.getsizeof(())
"""The bytes a tuple holds for each item (:func:`sys.getsizeof` of a tuple is
that of the empty tuple and this much per item)."""


def _entry_weight() -> int:
    """What :func:`weigh` gives for an entry's key, pair, counts and an empty
    tuple of cards (the counts made as :func:`_counts` makes them)."""
    counts = _NO_COUNTS[:]
    return weigh(id(counts), ((), counts), (), counts)


_COUNTS_ENTRY = _entry_weight()


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


def _shared(rules: Rules, padded: bool) -> ObservationEncoder:
    """:func:`encoder`, with positional arguments (for pickle)."""
    return encoder(rules, padded=padded)
