"""Fixed action and observation encodings, the base of the learning adapters.

Reinforcement-learning frameworks speak in integers and arrays. This module
(numpy only; install the extra ``[pettingzoo]``, ``[openspiel]`` or
``[gymnasium]``) gives each :class:`~threeup3down.Rules` a stable numbering
of every move that can ever be legal, a legal-action mask, a fixed-shape
observation tensor and rewards by finishing place. The adapters
:mod:`threeup3down.adapters.pettingzoo`, :mod:`threeup3down.adapters.openspiel` and
:mod:`threeup3down.adapters.gymnasium` are built on it.

>>> from threeup3down import GameState, Rules
>>> state = GameState.from_notation("play 0 4g,7g,7r,Cb|-|-/9b|-|- - 5r *", Rules(players=2))
>>> codec = ActionCodec(state.rules)
>>> [codec.describe(action) for action in codec.legal_actions(state)]
['7', '7 x2', 'C']
>>> str(codec.decode(codec.encode(parse_move("7r,7g")), state))
'7g,7r'
>>> observation_tensor(observe(state, 0)).shape == observation_shape(state.rules)
True
"""

from __future__ import annotations

import operator
from collections import Counter
from collections.abc import Iterator
from itertools import combinations_with_replacement
from typing import SupportsIndex, assert_never

import numpy as np
import numpy.typing as npt

from threeup3down.core.cards import Card, Rank
from threeup3down.core.engine import legal_moves
from threeup3down.core.errors import ThreeUpError
from threeup3down.core.memos import Memo, weigh
from threeup3down.core.moves import (
    ChooseUp,
    DeclineSwap,
    Draw,
    DrawInstead,
    FlipDown,
    Move,
    PickUp,
    Play,
    Source,
    Swap,
    parse_move,
)
from threeup3down.views.observation import Observation, observe
from threeup3down.core.rules import DOWN_CARDS, UP_CARDS, Rules
from threeup3down.core.phase import Phase
from threeup3down.core.state import GameState

__all__ = [
    "PADDED_SEATS",
    "ActionCodec",
    "observation_fields",
    "observation_shape",
    "observation_tensor",
    "place_reward",
    "seat_slots",
    "rewards",
]

_CARDS = tuple(Card)
_CARD_INDEX = {card: index for index, card in enumerate(_CARDS)}
_TOP_CARDS = 4
"""The top cards of the discard pile shown one by one: four cover C4 and O7."""

Position = GameState | Observation
"""A full state, or one seat's observation of it."""
_Key = tuple[object, ...]
"""What an action stands for: its kind and what tells it apart (``("flip", 2)``,
``("play", "up", (Rank.SEVEN,))``); a play's source by its value, which hashes
as fast as a string does."""


class ActionCodec:
    """A bijection between the moves that can ever be legal under ``rules``
    and the integers ``0 … num_actions - 1``.

    A move is numbered by what it does, not by which copy of a card it uses:
    while no rule looks at colours (:attr:`Rules.colour_matters`), a play or
    a 3UP choice is numbered by its ranks, so colour twins are one action, as
    they are one entry of :func:`~threeup3down.legal_moves`; with the
    same-colour swap (O7) on, by its cards. The actions, in this order:

    ========================  ===============================================
    Actions                   Moves
    ========================  ===============================================
    0                         ``pick`` (T3)
    1                         ``draw`` (C2, C3, C5)
    2, 3, 4                   ``v0``, ``v1``, ``v2`` (F3, by position)
    next, with O2 only        ``take`` (O2)
    next, with O7 only        ``keep`` (O7)
    then                      hand plays: by rank, then count (then colours)
    then                      3UP plays: likewise, at most three cards
    then                      3UP choices (S3, O6): multisets of three, in order
    then, with O7 only        swaps (O7): hand card, then 3UP card
    ========================  ===============================================

    Plays and choices list only what the deck can supply: no more copies of
    a card than :meth:`Rules.deck_cards` holds, and Clears one at a time (P4).

    >>> codec = ActionCodec(Rules(players=2))
    >>> codec.num_actions, codec.describe(0), codec.describe(5), codec.describe(codec.num_actions - 1)
    (553, 'pick', '1', 'up:C+1,C+1,C+2')
    >>> codec.encode(parse_move("^7r,7g")) == codec.encode(parse_move("^7g,7b"))
    True
    >>> ActionCodec(Rules(players=2, same_colour_swap=True)).num_actions
    10949
    """

    def __init__(self, rules: Rules) -> None:
        if not isinstance(rules, Rules):
            raise ThreeUpError(f"ActionCodec needs a Rules value, not {rules!r}")
        self.rules = rules
        """The rules whose moves are numbered."""
        self._colour = rules.colour_matters
        self._seen = _MOVE_KEYS[self._colour]
        self._keys: tuple[_Key, ...] = tuple(_all_keys(rules))
        self._index = {key: action for action, key in enumerate(self._keys)}

    @property
    def num_actions(self) -> int:
        """How many actions there are (the size of a mask)."""
        return len(self._keys)

    def encode(self, move: Move) -> int:
        """The action number of ``move``.

        Raises :class:`~threeup3down.ThreeUpError` for a move that can never
        be legal under these rules.

        >>> codec = ActionCodec(Rules(players=2))
        >>> codec.encode(parse_move("pick")), codec.encode(parse_move("v2"))
        (0, 4)
        >>> codec.encode(parse_move("Cr,Cg"))
        Traceback (most recent call last):
        ...
        threeup3down.core.errors.ThreeUpError: Cg,Cr is never a legal move under these rules (no action number)
        """
        try:
            return self._index[self._key(move)]
        except KeyError:
            raise ThreeUpError(
                f"{move} is never a legal move under these rules (no action number)"
            ) from None

    def decode(self, action: SupportsIndex, position: Position) -> Move:
        """The legal move numbered ``action`` in ``position`` (a state, or the
        observation of the seat to move), with the cards
        :func:`~threeup3down.legal_moves` lists for it.

        Raises :class:`~threeup3down.ThreeUpError` if ``action`` is not a
        legal action there.

        >>> from threeup3down import GameState
        >>> state = GameState.from_notation("play 0 4g,7g,7r,Cb|-|-/9b|-|- - 5r *", Rules(players=2))
        >>> codec = ActionCodec(state.rules)
        >>> codec.decode(codec.encode(parse_move("7r")), state)
        Play(cards=(Card.GREEN_7,), source=<Source.HAND: 'hand'>)
        >>> codec.decode(0, state)
        Traceback (most recent call last):
        ...
        threeup3down.core.errors.ThreeUpError: action 0 (pick) is not legal now; legal actions: 47, 48, 75
        """
        action = self._check_action(action)
        legal = self._legal(position)
        for move in legal:
            if self.encode(move) == action:
                return move
        numbers = ", ".join(str(self.encode(move)) for move in legal) or "none"
        raise ThreeUpError(
            f"action {action} ({self.describe(action)}) is not legal now; legal actions: {numbers}"
        )

    def legal_actions(self, position: Position) -> tuple[int, ...]:
        """The legal actions in ``position``, ascending; empty if the observer
        is not to move or the game is over.

        >>> from threeup3down import new_game
        >>> state = new_game(Rules(players=2), seed=1)
        >>> len(ActionCodec(state.rules).legal_actions(state)) == len(legal_moves(state))
        True
        """
        return tuple(sorted(self.encode(move) for move in self._legal(position)))

    def moves_by_action(self, position: Position) -> dict[int, Move]:
        """Each legal action in ``position`` with the move :meth:`decode` gives
        for it, in the order :func:`~threeup3down.legal_moves` lists them: the
        mask and the moves of one position from one listing of its moves.

        >>> from threeup3down import GameState
        >>> state = GameState.from_notation("play 0 4g,7g,7r,Cb|-|-/9b|-|- - 5r *", Rules(players=2))
        >>> {action: str(move) for action, move in ActionCodec(state.rules).moves_by_action(state).items()}
        {47: '7g', 48: '7g,7r', 75: 'Cb'}
        """
        index = self._index
        seen = self._seen.table
        moves = {}
        for move in self._legal(position):
            entry = seen.get(id(move))  # _key, inlined: this runs at every step of an environment
            moves[index[entry[1] if entry is not None and entry[0] is move else self._key(move)]] = move
        return moves

    def mask(self, position: Position) -> npt.NDArray[np.int8]:
        """The legal-action mask: ``numpy.int8``, 1 at each legal action.

        >>> from threeup3down import new_game
        >>> state = new_game(Rules(players=2), seed=1)
        >>> mask = ActionCodec(state.rules).mask(state)
        >>> mask.dtype.name, int(mask.sum()) == len(legal_moves(state))
        ('int8', True)
        """
        mask = np.zeros(self.num_actions, dtype=np.int8)
        mask[list(self.legal_actions(position))] = 1
        return mask

    def representative(self, action: SupportsIndex) -> Move:
        """A move numbered ``action``, without a position: the first cards of
        the deck in card order that fit (any colour twin has the same number).
        Useful to compute features of an action, such as the ranks it plays.

        >>> codec = ActionCodec(Rules(players=2))
        >>> [str(codec.representative(action)) for action in (0, 4, 48)]
        ['pick', 'v2', '7g,7g']
        """
        key = self._keys[self._check_action(action)]
        match key:
            case ("pick",):
                return PickUp()
            case ("draw",):
                return Draw()
            case ("take",):
                return DrawInstead()
            case ("keep",):
                return DeclineSwap()
            case ("flip", int(position)):
                return FlipDown(position)
            case ("swap", Card() as hand_card, Card() as up_card):
                return Swap(hand_card, up_card)
            case ("up", tuple(units)):
                return ChooseUp(self._cards_for(units))
            case ("play", str(source), tuple(units)):
                return Play(self._cards_for(units), Source(source))
        raise AssertionError(f"unknown action key {key!r}")

    def _cards_for(self, units: tuple[object, ...]) -> tuple[Card, ...]:
        """The first cards of the deck, in card order, for these ranks or cards."""
        if self._colour:
            return tuple(unit for unit in units if isinstance(unit, Card))
        needed = Counter(units)
        cards = []
        for card in self.rules.deck_cards():
            if needed[card.rank] > 0:
                needed[card.rank] -= 1
                cards.append(card)
        return tuple(cards)

    def describe(self, action: SupportsIndex) -> str:
        """The action in move notation, ranks alone while colours do not matter
        (``7 x2`` is any two 7s; ``^`` marks a play from the 3UP cards).

        >>> codec = ActionCodec(Rules(players=2))
        >>> codec.describe(codec.encode(parse_move("^10g,10r")))
        '^10 x2'
        """
        key = self._keys[self._check_action(action)]
        kind = key[0]
        if kind in ("pick", "draw", "take", "keep"):
            return str(kind)
        if kind == "flip":
            return f"v{key[1]}"
        if kind == "swap":
            return f"swap:{key[1]}/{key[2]}"
        units = key[-1]
        assert isinstance(units, tuple)
        if kind == "up":
            return "up:" + ",".join(_unit_text(unit) for unit in units)
        prefix = "^" if key[1] == Source.UP.value else ""
        if self._colour:
            return prefix + ",".join(map(str, units))
        count = f" x{len(units)}" if len(units) > 1 else ""
        return f"{prefix}{_unit_text(units[0])}{count}"

    def _check_action(self, action: object) -> int:
        try:
            number = operator.index(action)  # type: ignore[arg-type]
        except TypeError:
            raise ThreeUpError(f"an action is an int, not {action!r}") from None
        if not 0 <= number < self.num_actions:
            raise ThreeUpError(f"action {number} is not between 0 and {self.num_actions - 1}")
        return number

    def _legal(self, position: Position) -> tuple[Move, ...]:
        if isinstance(position, GameState):
            return legal_moves(position)
        if isinstance(position, Observation):
            return position.legal_moves()
        raise ThreeUpError(f"needs a GameState or an Observation, not {position!r}")

    def _key(self, move: Move) -> _Key:
        """The key of ``move``, looked up for a move object seen lately (the
        engine hands out the same move objects again, :mod:`~threeup3down.core.memos`)."""
        entry = self._seen.table.get(id(move))
        if entry is not None and entry[0] is move:
            return entry[1]
        return self._seen.remember(id(move), (move, self._new_key(move)))[1]

    def _new_key(self, move: Move) -> _Key:
        match move:
            case ChooseUp():
                return ("up", self._units(move.cards))
            case Play():
                return ("play", move.source.value, self._units(move.cards))
            case FlipDown():
                return ("flip", move.position)
            case PickUp():
                return ("pick",)
            case Draw():
                return ("draw",)
            case DrawInstead():
                return ("take",)
            case DeclineSwap():
                return ("keep",)
            case Swap():
                return ("swap", move.hand_card, move.up_card)
            case _:
                assert_never(move)

    def _units(self, cards: tuple[Card, ...]) -> tuple[Card | Rank, ...]:
        return cards if self._colour else tuple(card.rank for card in cards)


def _key_weight(key: int, entry: tuple[Move, _Key]) -> int:
    """The bytes an entry of :data:`_MOVE_KEYS` keeps alive: the move and its
    cards too, which a large play makes the most of."""
    move, action_key = entry
    return weigh(key, entry, move, action_key, getattr(move, "cards", ()))


_MOVE_KEYS: tuple[Memo[int, tuple[Move, _Key]], Memo[int, tuple[Move, _Key]]] = (
    Memo("action keys of moves, colours alike", weight_of=_key_weight, limit=4096, size=1 << 20),
    Memo("action keys of moves, by colour", weight_of=_key_weight, limit=4096, size=1 << 20),
)
"""The action key of each move seen lately, by the move's ``id``, the move kept
alive beside its key so that its ``id`` cannot pass to another; colours alike
``[0]`` or told apart ``[1]`` (O7)."""


def _unit_text(unit: object) -> str:
    return unit.symbol if isinstance(unit, Rank) else str(unit)


def _all_keys(rules: Rules) -> Iterator[_Key]:
    """Every action's key, in action order (see :class:`ActionCodec`)."""
    yield ("pick",)
    yield ("draw",)
    for position in range(DOWN_CARDS):
        yield ("flip", position)
    if rules.draw_instead:
        yield ("take",)
    if rules.same_colour_swap:
        yield ("keep",)
    deck = Counter(rules.deck_counts)
    units: Counter[Card | Rank] = (
        Counter(deck) if rules.colour_matters else Counter(card.rank for card in deck.elements())
    )
    for source, largest in ((Source.HAND, len(deck)), (Source.UP, UP_CARDS)):
        for group in _groups_by_rank(units):
            rank = group[0] if isinstance(group[0], Rank) else group[0].rank
            most = 1 if rank.is_clear else min(largest, sum(units[unit] for unit in group))
            for size in range(1, most + 1):
                for chosen in _multisets(group, size, units):
                    yield ("play", source.value, chosen)
    for chosen in _multisets(sorted(units, key=_unit_order), UP_CARDS, units):
        yield ("up", chosen)
    if rules.same_colour_swap:
        cards = sorted(deck, key=_unit_order)
        for hand_card in cards:
            for up_card in cards:
                if hand_card is not up_card:
                    yield ("swap", hand_card, up_card)


def _unit_order(unit: Card | Rank) -> int:
    return int(unit) if isinstance(unit, Rank) else _CARD_INDEX[unit]


def _groups_by_rank(units: Counter[Card | Rank]) -> Iterator[list[Card | Rank]]:
    """The units of each rank of the deck, rank by rank."""
    for rank in Rank:
        group = [
            unit
            for unit in sorted(units, key=_unit_order)
            if (unit if isinstance(unit, Rank) else unit.rank) is rank
        ]
        if group:
            yield group


def _multisets(
    units: list[Card | Rank], size: int, available: Counter[Card | Rank]
) -> Iterator[tuple[Card | Rank, ...]]:
    """The ``size``-element multisets of ``units`` the deck can supply, in order."""
    for chosen in combinations_with_replacement(units, size):
        if all(count <= available[unit] for unit, count in Counter(chosen).items()):
            yield chosen


# ------------------------------------------------------------- observations


def observation_fields(rules: Rules, *, padded: bool = False) -> tuple[tuple[str, int], ...]:
    """The observation tensor's layout: each field's name and length, in order.

    Seats are listed relative to the observer: the observer first, then the
    seats after it in seat order. Card counts are per card kind, in card
    order (``1g, 1r, 1b, 2g, …, C+2b``: 39 kinds).

    With ``padded``, every per-seat field has room for :data:`PADDED_SEATS`
    seats whatever the table's size (S1: 2–6 players, one deck), the slots
    after the last seat all zero, and one more field, ``seated``, marks the
    slots with a seat in them: one network reads every table of one deck.
    The padded layout refuses a table of more than six (O11).

    =======================  ========  ==================================================
    Field                    Length    Content
    =======================  ========  ==================================================
    ``hand``                 39        own hand: copies of each card kind
    ``up``                   39 × n    each seat's 3UP cards as seen (empty while hidden, S3)
    ``known``                39 × n    cards every player knows to be in each seat's hand
                                       (:attr:`~threeup3down.SeatView.known`)
    ``hand_size``            n         cards in each seat's hand
    ``up_size``              n         each seat's 3UP cards, seen or not
    ``down_size``            n         each seat's 3DOWN cards
    ``finished``             n         1 for a seat that has gone out (W1, O1)
    ``to_move``              n         1 for the seat to decide now (none once over)
    ``first_player``         n         1 for the seat that opens play (S5, O9)
    ``discard_pile``         39        the discard pile: copies of each kind
    ``discard_top``          39 × 4    the top four discard cards, top first, one-hot
    ``discard_size``         1         cards in the discard pile
    ``out_of_game``          39        cards cleared out of the game (C1, C6)
    ``draw_pile_size``       1         cards in the draw pile (S4)
    ``phase``                3         setup, play, over: one-hot
    ``owed_plays``           1         extra plays owed this turn (C2, C3, C5)
    ``may_draw``             1         1 while the early draw is on offer (C2, C3)
    ``swap_offered``         1         1 while a same-colour swap is on offer (O7)
    ``reversed``             1         1 once play runs against seat order (O3)
    ``pile_swap_pending``    1         1 while the pile swap is still to come (O5)
    ``turn_fraction``        1         turns completed over the turn limit (O10), else 0
    ``seated``               n         padded only: 1 for each slot with a seat in it
    ``may_decline``          1         1 while the extra play of a Clear +1 may be declined
                                       (C2; only with :attr:`Rules.clear_one_optional
                                       <threeup3down.Rules.clear_one_optional>`)
    =======================  ========  ==================================================

    Here *n* is the number of players, or :data:`PADDED_SEATS` when padded.

    >>> fields = observation_fields(Rules(players=2))
    >>> fields[:3], sum(length for _, length in fields)
    ((('hand', 39), ('up', 78), ('known', 78)), 452)
    >>> padded = observation_fields(Rules(players=2), padded=True)
    >>> padded[1], padded[-1], padded == observation_fields(Rules(players=5), padded=True)
    (('up', 234), ('seated', 6), True)
    """
    kinds = len(_CARDS)
    seats = seat_slots(rules, padded=padded)
    return (
        ("hand", kinds),
        ("up", kinds * seats),
        ("known", kinds * seats),
        ("hand_size", seats),
        ("up_size", seats),
        ("down_size", seats),
        ("finished", seats),
        ("to_move", seats),
        ("first_player", seats),
        ("discard_pile", kinds),
        ("discard_top", kinds * _TOP_CARDS),
        ("discard_size", 1),
        ("out_of_game", kinds),
        ("draw_pile_size", 1),
        ("phase", len(Phase)),
        ("owed_plays", 1),
        ("may_draw", 1),
        ("swap_offered", 1),
        ("reversed", 1),
        ("pile_swap_pending", 1),
        ("turn_fraction", 1),
    ) + (("seated", seats),) * padded + (("may_decline", 1),) * rules.clear_one_optional


PADDED_SEATS = 6
"""The seats of the padded layout: the largest table of one deck (S1)."""


def seat_slots(rules: Rules, *, padded: bool = False) -> int:
    """How many seats each per-seat field of the tensor has room for: the
    table's players, or :data:`PADDED_SEATS` when ``padded``.

    >>> seat_slots(Rules(players=3)), seat_slots(Rules(players=3), padded=True)
    (3, 6)
    >>> seat_slots(Rules(players=8, decks=2), padded=True)
    Traceback (most recent call last):
    ...
    threeup3down.core.errors.ThreeUpError: the padded observation has room for 6 seats, not the 8 of this table (O11)
    """
    if not padded:
        return rules.players
    if rules.players > PADDED_SEATS:
        raise ThreeUpError(
            f"the padded observation has room for {PADDED_SEATS} seats, "
            f"not the {rules.players} of this table (O11)"
        )
    return PADDED_SEATS


def observation_shape(rules: Rules, *, padded: bool = False) -> tuple[int]:
    """The shape of :func:`observation_tensor` under ``rules``.

    >>> observation_shape(Rules(players=4)), observation_shape(Rules(players=4), padded=True)
    ((620,), (794,))
    """
    return (sum(length for _, length in observation_fields(rules, padded=padded)),)


def observation_tensor(observation: Observation, *, padded: bool = False) -> npt.NDArray[np.float32]:
    """``observation`` as a flat ``float32`` vector laid out as
    :func:`observation_fields` lists (``padded`` as there).

    This is the definition of the encoding, written field by field;
    :class:`~threeup3down.adapters.encoder.ObservationEncoder` writes the same
    tensor from a state in one pass, for the environments.

    It is built from the observation alone, so no hidden card can enter it:
    two states that differ only in what the seat cannot see give equal tensors.
    Every entry lies between 0 and the number of cards in the deck.

    >>> from threeup3down import GameState, Rules
    >>> state = GameState.from_notation("play 0 7r,9g|-|-/8b|-|- - 8g *", Rules(players=2))
    >>> tensor = observation_tensor(observe(state, 0))
    >>> tensor.dtype.name, float(tensor[_CARD_INDEX[Card.RED_7]]), float(tensor.sum()) > 0
    ('float32', 1.0, True)
    """
    if not isinstance(observation, Observation):
        raise ThreeUpError(f"observation_tensor needs an Observation, not {observation!r}")
    rules = observation.rules
    seats = rules.players
    empty = seat_slots(rules, padded=padded) - seats
    order = [(observation.player + offset) % seats for offset in range(seats)]
    views = [observation.seats[seat] for seat in order]
    no_cards = [np.zeros(len(_CARDS), dtype=np.float32)] * empty
    top = np.zeros((_TOP_CARDS, len(_CARDS)), dtype=np.float32)
    for depth, card in enumerate(reversed(observation.discard_pile[-_TOP_CARDS:])):
        top[depth, _CARD_INDEX[card]] = 1
    parts = {
        "hand": _counts(observation.hand),
        "up": np.concatenate([_counts(view.up) for view in views] + no_cards),
        "known": np.concatenate([_counts(view.known) for view in views] + no_cards),
        "hand_size": [view.hand_size for view in views] + [0] * empty,
        "up_size": [view.up_size for view in views] + [0] * empty,
        "down_size": [view.down_size for view in views] + [0] * empty,
        "finished": [seat in observation.finished for seat in order] + [False] * empty,
        "to_move": [
            seat == observation.current_player and not observation.is_over for seat in order
        ] + [False] * empty,
        "first_player": [seat == observation.first_player for seat in order] + [False] * empty,
        "discard_pile": _counts(observation.discard_pile),
        "discard_top": top.ravel(),
        "discard_size": [len(observation.discard_pile)],
        "out_of_game": _counts(observation.out_of_game),
        "draw_pile_size": [observation.draw_pile_size],
        "phase": [observation.phase is phase for phase in Phase],
        "owed_plays": [observation.owed_plays],
        "may_draw": [observation.may_draw],
        "swap_offered": [observation.swap_offered],
        "reversed": [observation.direction < 0],
        "pile_swap_pending": [observation.pile_swap_pending],
        "turn_fraction": [observation.turn / rules.turn_limit if rules.turn_limit else 0.0],
        "seated": [True] * seats + [False] * empty,
        "may_decline": [observation.may_decline],
    }
    return np.concatenate(
        [np.asarray(parts[name], dtype=np.float32) for name, _ in observation_fields(rules, padded=padded)]
    )


def _counts(cards: tuple[Card, ...]) -> npt.NDArray[np.float32]:
    indices = [_CARD_INDEX[card] for card in cards]
    return np.bincount(indices, minlength=len(_CARDS)).astype(np.float32)


# ------------------------------------------------------------------ rewards


def place_reward(place: int, players: int) -> float:
    """The reward of finishing in ``place`` (0 for first) among ``players``:
    from +1 for the winner down to -1 for the last, evenly spaced, so the
    rewards of all places sum to zero.

    >>> [place_reward(place, 4) for place in range(4)]
    [1.0, 0.333..., -0.333..., -1.0]
    """
    if not 0 <= place < players:
        raise ThreeUpError(f"place {place} is not a place among {players} players")
    return 1.0 - 2.0 * place / (players - 1)


def rewards(position: Position) -> tuple[float, ...]:
    """Each seat's reward for a game as it stands: the :func:`place_reward` of
    every settled place (W1, O1), and for the seats not placed (the rest
    after a winner without O1, or everyone left at a stalemate, O10) an equal
    share of the places still open. The rewards always sum to zero; with two
    players they are +1 and -1, or 0 each at a stalemate.

    >>> from threeup3down import GameState, Rules
    >>> state = GameState.from_notation("over 0 -|-|-/8b|-|-/9r|-|- - - * fin=0", Rules(players=3))
    >>> rewards(state)
    (1.0, -0.5, -0.5)
    """
    if isinstance(position, GameState):
        position = observe(position, 0)
    if not isinstance(position, Observation):
        raise ThreeUpError(f"rewards needs a GameState or an Observation, not {position!r}")
    players = position.rules.players
    values = [place_reward(place, players) for place in range(players)]
    placed = {seat: values[place] for place, seat in enumerate(position.finished)}
    unplaced = players - len(placed)
    share = sum(values[len(placed) :]) / unplaced if unplaced else 0.0
    return tuple(placed.get(seat, share) for seat in range(players))

