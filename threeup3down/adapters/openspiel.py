"""threeup3down as an OpenSpiel game, ``python_threeup3down`` (extra ``[openspiel]``).

Importing this module registers the game with OpenSpiel. It is sequential,
of imperfect information, with explicit chance: the chance player deals the
shuffled deck card by card (each outcome a card kind, in proportion to the
copies left), then draws a random first player (O9) and the pile swap
(O5, one seat at a time, uniform over the derangements, or with
:attr:`PileSwapSeats.SOME <threeup3down.PileSwapSeats.SOME>` over every
permutation but the identity) when those rules are
on. Actions are the numbers of :class:`~threeup3down.adapters.encoding.ActionCodec`;
returns come at the end, by place (:func:`~threeup3down.adapters.encoding.rewards`).

The game's parameters are the fields of :class:`~threeup3down.Rules`, named
alike, with the same defaults (:func:`parameters` writes them for any rules):
a ``bool`` or ``int`` field as it is, an enumeration as its value (such as
``"dealers-left"``), ``omitted_colours`` as colour letters (such as
``"rb"``), ``custom_cards`` in card notation (empty for none) and
``turn_limit`` at least 1 (OpenSpiel needs a bounded game). One more
parameter, ``padded`` (default ``False``), lays the observation out for six
seats whatever the table, seat-relative
(:func:`~threeup3down.adapters.encoding.observation_fields`), so that one
network reads every table of 2 to 6 players.

A seat's observation is its :class:`~threeup3down.Observation`: a string of
its view and the tensor of
:func:`~threeup3down.adapters.encoding.observation_tensor`. It includes what
every player remembers, the cards known to be in each hand
(:attr:`~threeup3down.SeatView.known`), so it carries the history that
matters for play (OpenSpiel's ISMCTS can key its tree by it,
``use_observation_string=True``). The information state adds perfect recall:
every decision since the deal, as the seat saw it.
:meth:`ThreeUpGame.make_py_observer` honours every ``iig_obs_type`` as
OpenSpiel's own Python games do (:class:`ThreeUpObserver`).

>>> import pyspiel
>>> game = pyspiel.load_game("python_threeup3down", {"players": 3, "turn_limit": 100})
>>> game.num_players(), game.num_distinct_actions(), game.max_game_length()
(3, 553, 227)
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 37)
"""

from __future__ import annotations

import array
import enum
import functools
import math
import operator
import random
import typing
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import attrs
import numpy as np
import numpy.typing as npt
import pyspiel

from threeup3down.core.cards import Card, Colour, format_cards, parse_cards
from threeup3down.core.deal import deal_from
from threeup3down.adapters.encoder import encoder
from threeup3down.adapters.encoding import PADDED_SEATS, observation_fields, rewards
from threeup3down.core.engine import apply
from threeup3down.core.errors import ThreeUpError
from threeup3down.core.moves import Move
from threeup3down.views.observation import observe, sample_state
from threeup3down.core.phase import Phase
from threeup3down.core.rules import FirstPlayer, PileSwapSeats, Rules
from threeup3down.core.state import GameState
from threeup3down.views.text import render_view

__all__ = [
    "ThreeUpGame",
    "ThreeUpObserver",
    "ThreeUpState",
    "max_game_length",
    "parameters",
    "resampler",
    "rules_from_parameters",
]

SHORT_NAME = "python_threeup3down"
"""The name OpenSpiel knows the game by."""


def _same(value: Any) -> Any:
    return value


@attrs.frozen
class _Parameter:
    """How a field of :class:`~threeup3down.Rules` is written as a game parameter."""

    encode: Callable[[Any], bool | int | str]
    """The parameter for a value of the field."""
    decode: Callable[[Any], Any]
    """The field's value from the parameter."""


def _bounded(turn_limit: int | None) -> int:
    """The turn limit (O10), which OpenSpiel needs to bound the game."""
    if turn_limit is None:
        raise ThreeUpError("OpenSpiel needs a turn limit (O10) to bound the game")
    return turn_limit


_ENCODINGS: dict[str, _Parameter] = {
    "omitted_colours": _Parameter(
        encode=lambda colours: "".join(colour.letter for colour in Colour if colour in colours),
        decode=lambda letters: frozenset(map(Colour.parse, letters)),
    ),
    "custom_cards": _Parameter(
        encode=lambda cards: "" if cards is None else format_cards(cards),
        decode=lambda text: parse_cards(text) if text else None,
    ),
    "turn_limit": _Parameter(encode=_bounded, decode=_same),
}
"""The fields a game parameter writes its own way: colours by letter, cards in
notation, a turn limit always. The others follow their type (:func:`_parameter`)."""


def _parameter(name: str, hint: Any) -> _Parameter:
    """How field ``name`` of type ``hint`` is written: as :data:`_ENCODINGS` says,
    else a ``bool`` or ``int`` as it is and an enumeration as its value."""
    if name in _ENCODINGS:
        return _ENCODINGS[name]
    if hint in (bool, int):
        return _Parameter(encode=_same, decode=_same)
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return _Parameter(encode=operator.attrgetter("value"), decode=functools.partial(_enum, hint, name=name))
    raise TypeError(f"Rules.{name} has no game parameter: add it to _ENCODINGS")


def _enum(kind: type[enum.Enum], value: object, *, name: str) -> enum.Enum:
    try:
        return kind(value)
    except ValueError:
        choices = ", ".join(repr(member.value) for member in kind)
        raise ThreeUpError(f"game parameter {name}={value!r} is not one of {choices}") from None


def _parameters() -> dict[str, _Parameter]:
    hints = typing.get_type_hints(Rules)
    return {field.name: _parameter(field.name, hints[field.name]) for field in attrs.fields(Rules)}


_PARAMETERS = _parameters()
"""Each field's game parameter, in the fields' order."""


def parameters(rules: Rules, *, padded: bool = False) -> dict[str, bool | int | str]:
    """The OpenSpiel game parameters that name ``rules``, one for every field,
    and ``padded``; :func:`rules_from_parameters` reads the rules back.

    >>> from threeup3down import Colour
    >>> table = Rules(players=3, omitted_colours=frozenset({Colour.BLUE}), turn_limit=100)
    >>> parameters(table)["omitted_colours"], parameters(table)["first_player"]
    ('b', 'seat')
    >>> pyspiel.load_game(SHORT_NAME, parameters(table)).rules == table
    True
    >>> pyspiel.load_game(SHORT_NAME, parameters(table, padded=True)).observation_tensor_shape()
    [794]

    .. versionchanged:: 0.5.0
       ``padded``.
    """
    fields = {name: parameter.encode(getattr(rules, name)) for name, parameter in _PARAMETERS.items()}
    return {**fields, _PADDED: padded}


_PADDED = "padded"
"""The parameter of the padded observation layout, the one that is not a field of the rules."""
_DEFAULTS = parameters(Rules())
"""The game's parameters and their defaults, the defaults of the fields (and unpadded)."""
_KINDS = tuple(Card)
_KIND_INDEX = {card: index for index, card in enumerate(_KINDS)}
_CHANCE = int(pyspiel.PlayerId.CHANCE)
_TERMINAL = int(pyspiel.PlayerId.TERMINAL)
_OVER = Phase.OVER

_GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="3UP 3DOWN",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=12,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    provides_factored_observation_string=False,
    parameter_specification=_DEFAULTS,
)


def rules_from_parameters(parameters: dict[str, Any]) -> Rules:
    """The :class:`~threeup3down.Rules` that OpenSpiel game parameters name
    (defaults for those not given; ``padded`` is read by :class:`ThreeUpGame`).

    >>> rules_from_parameters({"players": 2, "first_player": "dealers-left", "omitted_colours": "b"})
    Rules(players=2, ..., omitted_colours=frozenset({<Colour.BLUE: 'b'>}), first_player=<FirstPlayer.DEALERS_LEFT: 'dealers-left'>, ...)
    >>> rules_from_parameters({"turn_limit": 0})
    Traceback (most recent call last):
    ...
    threeup3down.core.errors.RulesError: turn_limit: a turn limit is 1 to 1,000,000 turns, not 0 (O10)
    """
    unknown = set(parameters) - set(_DEFAULTS)
    if unknown:
        raise ThreeUpError(f"unknown game parameters: {', '.join(sorted(unknown))}")
    values = {**_DEFAULTS, **parameters}  # padded lays out the observation, not the rules
    return Rules(**{name: parameter.decode(values[name]) for name, parameter in _PARAMETERS.items()})


def max_game_length(rules: Rules) -> int:
    """A bound on the decisions in a game (O10 bounds the turns, not the moves).

    Setup takes one decision per seat. A turn takes one play, or a pick-up or
    take, unless the play owes further plays (C2, C3, C5); only the Clear +1
    and Clear +2 cards owe them, so the deck bounds the owed plays of a whole
    game. Each play may be followed by a same-colour swap decision (O7), and
    each owed play by one early draw. So: seats + 2 × (turn limit + owed
    plays) + owed plays.

    >>> max_game_length(Rules(players=4, turn_limit=100))
    228
    """
    owed = sum(card.rank.extra_plays for card in rules.deck_cards())
    return rules.players + 2 * (_bounded(rules.turn_limit) + owed) + owed


class ThreeUpGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel is untyped
    """The game; OpenSpiel makes one with ``pyspiel.load_game("python_threeup3down", params)``.

    >>> game = ThreeUpGame({"players": 2})
    >>> game.num_players(), game.max_chance_outcomes(), game.rules.players
    (2, 39, 2)
    >>> ThreeUpGame({"players": 3, "padded": True}).observation_tensor_shape()
    [794]
    """

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        parameters = dict(params or {})
        padded = parameters.get(_PADDED, False)
        if not isinstance(padded, bool):
            raise ThreeUpError(f"game parameter padded={padded!r} is not a bool")
        self.encoder = encoder(rules_from_parameters(parameters), padded=padded)
        """The observations' tensors (padded or not) and the numbering of the
        actions, shared by every state of the game.

        .. versionadded:: 0.5.0"""
        rules = self.encoder.rules  # one Rules object for every state
        info = pyspiel.GameInfo(
            num_distinct_actions=self.encoder.codec.num_actions,
            max_chance_outcomes=max(len(_KINDS), rules.players),
            num_players=rules.players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=max_game_length(rules),
        )
        super().__init__(_GAME_TYPE, info, {**_DEFAULTS, **parameters})
        self.rules = rules
        """The rules the game is played by."""

    def new_initial_state(self) -> ThreeUpState:
        """A state before the deal: the chance player deals first.

        >>> ThreeUpGame({"players": 2}).new_initial_state().is_chance_node()
        True
        """
        return ThreeUpState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> ThreeUpObserver:
        """The observer of ``iig_obs_type`` (``pyspiel.IIGObservationType``; by
        default the observation: public and the observer's private information,
        without perfect recall), as :class:`ThreeUpObserver` describes. The
        information state is ``pyspiel.IIGObservationType(perfect_recall=True)``.

        >>> game = ThreeUpGame({"players": 2})
        >>> game.make_py_observer().tensor.shape
        (452,)
        >>> kind = pyspiel.IIGObservationType(perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE)
        >>> list(game.make_py_observer(kind).dict)[:2]
        ['up', 'known']
        """
        if params:
            raise ThreeUpError(f"observation parameters are not supported: {params}")
        return ThreeUpObserver(self.rules, iig_obs_type, padded=self.encoder.padded)


class ThreeUpState(pyspiel.State):  # type: ignore[misc]  # pyspiel is untyped
    """A game state for OpenSpiel: the deal so far, then a :class:`~threeup3down.GameState`.

    >>> game = ThreeUpGame({"players": 2})
    >>> state = game.new_initial_state()
    >>> while state.is_chance_node():
    ...     state.apply_action(state.chance_outcomes()[0][0])
    >>> state.current_player(), state.game_state.phase.value
    (0, 'setup')
    >>> state.is_terminal(), state.returns()
    (False, [0.0, 0.0])
    """

    def __init__(self, game: ThreeUpGame, game_state: GameState | None = None) -> None:
        super().__init__(game)
        self.rules = game.rules
        """The rules the game is played by."""
        self._encoder = game.encoder  # shared by copies, pickled as a reference to the encoders' memo
        self.game_state = game_state
        """The game once dealt; ``None`` while the chance player deals."""
        self._deck: list[Card] = []
        self._first_player: int | None = None
        self._pile_swap: list[int] = []
        self.record_start = game_state
        """The game state the :attr:`record` starts from (``None`` before the deal)."""
        self.record: _Record = _Record()
        """Every decision since the deal (or since :func:`resampler` dealt this
        state): the seat, its action and the game state after it."""
        self._shown: _Shown = _Shown()
        self._listed = _Listed()
        """What each decision of the record showed each observer, with or
        without its private information (:class:`ThreeUpObserver`)."""

    # ---------------------------------------------------------- whose turn

    def current_player(self) -> int:
        """The seat to decide, ``pyspiel.PlayerId.CHANCE`` during the deal, or
        ``pyspiel.PlayerId.TERMINAL`` once over."""
        game_state = self.game_state  # OpenSpiel asks several times a step: read each value once
        if game_state is None:
            return _CHANCE
        if game_state.phase is _OVER:
            return _TERMINAL
        return game_state.current_player

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self.game_state is not None and self.game_state.is_over

    def returns(self) -> list[float]:
        """Each seat's reward by place once over; zeros before."""
        if not self.is_terminal():
            return [0.0] * self.rules.players
        assert self.game_state is not None
        return list(rewards(self.game_state))

    # -------------------------------------------------------------- moves

    def _legal_actions(self, player: int) -> list[int]:
        assert self.game_state is not None and player == self.game_state.current_player
        moves = self._encoder.codec.moves_by_action(self.game_state)
        self._listed.state, self._listed.moves = self.game_state, moves
        return sorted(moves)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The next card kind of the deal in proportion to the copies left,
        then a random first player (O9), then the pile swap seat by seat (O5)."""
        if len(self._deck) < len(self.rules.deck_cards()):
            left = Counter(self.rules.deck_cards())
            left.subtract(self._deck)
            total = left.total()
            return [
                (index, left[card] / total) for index, card in enumerate(_KINDS) if left[card] > 0
            ]
        if self.rules.first_player is FirstPlayer.RANDOM and self._first_player is None:
            players = self.rules.players
            return [(seat, 1 / players) for seat in range(players)]
        return _pile_swap_step(self.rules.players, self._pile_swap, self.rules.pile_swap_seats)

    def _apply_action(self, action: int) -> None:
        if self.game_state is not None:
            seat = self.game_state.current_player
            listed = self._listed
            move = listed.moves.get(action) if listed.state is self.game_state else None
            if move is None:  # the moves of another state were listed last
                move = self._encoder.codec.decode(action, self.game_state)
            self.game_state = apply(self.game_state, move)
            self.record.append((seat, action, self.game_state))
            return
        if len(self._deck) < len(self.rules.deck_cards()):
            self._deck.append(_KINDS[action])
        elif self.rules.first_player is FirstPlayer.RANDOM and self._first_player is None:
            self._first_player = action
        else:
            self._pile_swap.append(action)
        if self._dealt():
            self.game_state = self.record_start = deal_from(
                self.rules,
                self._deck,
                first_player=self._first_player,
                pile_swap=self._pile_swap,
            )

    def _dealt(self) -> bool:
        rules = self.rules
        return (
            len(self._deck) == len(rules.deck_cards())
            and (rules.first_player is not FirstPlayer.RANDOM or self._first_player is not None)
            and (not rules.pile_swap or len(self._pile_swap) == rules.players)
        )

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            if len(self._deck) < len(self.rules.deck_cards()):
                return f"deal {_KINDS[action]}"
            return f"seat {action}"
        return self._encoder.codec.describe(action)

    def __str__(self) -> str:
        if self.game_state is None:
            return f"dealing: {len(self._deck)} cards dealt"
        return self.game_state.notation()


class _Listed:
    """The legal moves by action of the game state whose legal actions were
    listed last, so that applying one of them needs no second listing; one per
    OpenSpiel state, set at each listing. A copy of the OpenSpiel state starts
    without them (they are quick to list again)."""

    __slots__ = ("moves", "state")

    def __init__(self) -> None:
        self.state: GameState | None = None
        self.moves: dict[int, Move] = {}

    def __deepcopy__(self, memo: dict[int, Any]) -> _Listed:
        return _Listed()

    def __getstate__(self) -> None:
        return None  # a state read back lists its moves again

    def __setstate__(self, state: None) -> None:
        self.state, self.moves = None, {}


class _Record(list[tuple[int, int, GameState]]):
    """A state's decisions: immutable entries, shared by the copies OpenSpiel
    makes of a state (a deep copy would copy every past state, each clone)."""

    def __deepcopy__(self, memo: dict[int, Any]) -> _Record:
        return _Record(self)


class _Shown(dict[tuple[int, bool], list[Counter[Card]]]):
    """What each decision showed each observer: counters never changed once
    made, shared by the copies of a state as :class:`_Record` is."""

    def __deepcopy__(self, memo: dict[int, Any]) -> _Shown:
        return _Shown((key, list(value)) for key, value in self.items())


def _pile_swap_step(players: int, chosen: Sequence[int], seats: PileSwapSeats) -> list[tuple[int, float]]:
    """O5: the source of the next seat's piles, each with its share of the
    pile swaps (:func:`~threeup3down.core.rules.is_pile_swap`) that complete
    ``chosen``, so the whole swap is uniform."""
    before = _swaps_completing(players, chosen, seats)
    outcomes = []
    for source in range(players):
        if source in chosen:
            continue
        ways = _swaps_completing(players, [*chosen, source], seats)
        if ways:
            outcomes.append((source, ways / before))
    return outcomes


def _swaps_completing(players: int, chosen: Sequence[int], seats: PileSwapSeats) -> int:
    """How many pile swaps begin with ``chosen``: derangements, or with
    :attr:`PileSwapSeats.SOME` every permutation but the identity."""
    if any(seat == source for seat, source in enumerate(chosen)) and seats is PileSwapSeats.EVERY:
        return 0
    sources = [source for source in range(players) if source not in chosen]
    if seats is PileSwapSeats.EVERY:
        return _completions(range(len(chosen), players), sources)
    identity_so_far = all(seat == source for seat, source in enumerate(chosen))
    return math.factorial(len(sources)) - identity_so_far


def _completions(seats: Sequence[int], sources: Sequence[int]) -> int:
    """How many ways the remaining ``seats`` can take the remaining ``sources``
    with no seat taking its own (inclusion–exclusion over the seats whose own
    piles are still free)."""
    free = len(set(seats) & set(sources))
    size = len(seats)
    return sum(
        (-1) ** count * math.comb(free, count) * math.factorial(size - count)
        for count in range(free + 1)
    )


def _history_rows(rules: Rules, padded: bool) -> int:
    """The rows of the ``history`` piece: :func:`max_game_length`, and when
    ``padded`` room for the setup decision (one a seat) of every seat of
    :data:`~threeup3down.adapters.encoding.PADDED_SEATS`, so that every table
    of one deck and one turn limit has one information-state shape."""
    return max_game_length(rules) + (PADDED_SEATS - rules.players if padded else 0)


_PRIVATE_FIELDS = ("hand",)
"""The fields of the observation tensor private to the observer: its hand. The
3UP cards it chose are private too while setup lasts (S3), in the field ``up``."""


class ThreeUpObserver:
    """OpenSpiel's Python observer: what a seat knows of a state, as a tensor
    (with named pieces in :attr:`dict`) and as a string, as ``iig_obs_type``
    asks (by default the observation).

    * **private information** of the observer (``private_info`` is
      ``SINGLE_PLAYER``): its hand, and during setup the 3UP cards it chose
      (S3, in ``up``); ``NONE`` leaves them out. ``ALL_PLAYERS`` is refused:
      every hand is the full state, not an observation.
    * **public information** (``public_info``): everything else of
      :func:`~threeup3down.adapters.encoding.observation_fields`, in its order.
    * **perfect recall** (``perfect_recall``, with public information): one
      more piece, ``history``, a row for every decision so far, up to the
      game's maximum length: the deciding seat's slot + 1 (the observer is
      slot 0, then the seats after it), its action + 1 (0 for a 3UP choice
      the observer did not make, S3), and the copies of each card kind the
      decision showed the observer (cards played, 3UP cards turned over when
      setup ends, and with private information the cards it drew or flipped
      into its hand, F4).

    Public and private information without perfect recall is the observation
    tensor of the other adapters,
    :func:`~threeup3down.adapters.encoding.observation_tensor`; the
    information state (the same with perfect recall) adds the history, so two
    decisions with equal observations but different pasts have different
    information states.

    >>> game = ThreeUpGame({"players": 2})
    >>> state = game.new_initial_state()
    >>> while state.is_chance_node():
    ...     state.apply_action(state.chance_outcomes()[-1][0])
    >>> observer = game.make_py_observer()
    >>> observer.set_from(state, 1)
    >>> int(observer.dict["hand_size"][0]), observer.string_from(state, 1).splitlines()[0]
    (6, '--- Setup: choose your 3UP cards ---')
    >>> recall = game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=True))
    >>> recall.dict["history"].shape == (game.max_game_length(), 2 + len(_KINDS))
    True
    """

    def __init__(self, rules: Rules, iig_obs_type: Any = None, *, padded: bool = False) -> None:
        if iig_obs_type is None:
            iig_obs_type = pyspiel.IIGObservationType(perfect_recall=False)
        if iig_obs_type.private_info == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ThreeUpError("an observer of every seat's private information is not supported")
        self._private = iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER
        self._public = bool(iig_obs_type.public_info)
        self._recall = bool(iig_obs_type.perfect_recall) and self._public
        self._rules = rules
        self._encoder = encoder(rules, padded=padded)
        fields = [
            (name, length)
            for name, length in observation_fields(rules, padded=padded)
            if (self._private if name in _PRIVATE_FIELDS else self._public)
        ]
        start = self._encoder.offsets[fields[0][0]] if fields else 0
        self._span = (start, start + sum(length for _, length in fields))
        """Where the chosen fields lie in the observation tensor: one run of
        fields, since the private field (the hand) comes first."""
        pieces: list[tuple[str, tuple[int, ...]]] = [(name, (length,)) for name, length in fields]
        if self._recall:
            pieces.append(("history", (_history_rows(rules, padded), 2 + len(_KINDS))))
        self._buffer = array.array("f", bytes(4 * sum(math.prod(shape) for _, shape in pieces)))
        self.tensor: npt.NDArray[np.float32] = np.frombuffer(self._buffer, dtype=np.float32)
        """The flat tensor: the pieces of :attr:`dict`, in order."""
        self._whole = self._private and self._public
        """Whether the tensor begins with the whole observation tensor, which
        the encoder then writes in place (:meth:`ObservationEncoder.write
        <threeup3down.adapters.encoder.ObservationEncoder.write>`)."""
        self.dict: dict[str, npt.NDArray[np.float32]] = {}
        """The tensor's pieces by name (views into :attr:`tensor`)."""
        start = 0
        for name, shape in pieces:
            size = math.prod(shape)
            self.dict[name] = self.tensor[start : start + size].reshape(shape)
            start += size

    def set_from(self, state: ThreeUpState, player: int) -> None:
        """Fill :attr:`tensor` with what ``player`` knows of ``state`` (zeros during the deal)."""
        if state.game_state is None:
            self.tensor.fill(0)
            return
        start, stop = self._span
        if self._whole:
            self._buffer[:stop] = self._encoder.blank
            self._encoder.write(self._buffer, state.game_state, player)
            if self._recall:
                self.tensor[stop:] = 0
        else:
            self.tensor.fill(0)
            observation = self._encoder.tensor(state.game_state, player)
            if not self._private and state.game_state.phase is Phase.SETUP:
                observation[self._encoder.offsets["up"] : self._encoder.offsets["known"]] = 0
            self.tensor[: stop - start] = observation[start:stop]
        if self._recall:
            history = self.dict["history"]
            for row, (seat, action, shown) in enumerate(self._history(state, player)):
                history[row, 0] = seat + 1
                history[row, 1] = action + 1
                for card, copies in shown.items():
                    history[row, 2 + _KIND_INDEX[card]] = copies

    def string_from(self, state: ThreeUpState, player: int) -> str:
        """What ``player`` knows of ``state``, as text. The observation (public
        and private, no recall) is the seat's view and the exact
        :class:`~threeup3down.Observation`; other kinds list their tensor's
        nonzero entries by piece; with perfect recall each decision follows,
        as seat slot, action (``?`` for one not seen) and the cards it showed."""
        if state.game_state is None:
            return f"dealing: {len(state._deck)} cards dealt"
        lines = []
        if self._private and self._public:
            view = observe(state.game_state, player)
            lines.append(f"{render_view(view)}\n{view!r}")  # the repr lists every field
        else:
            self.set_from(state, player)
            for name, piece in self.dict.items():
                if name != "history":
                    entries = ",".join(f"{index}:{value:g}" for index, value in enumerate(piece) if value)
                    lines.append(f"{name} {entries}")
        if self._recall:
            codec = self._encoder.codec
            for seat, action, shown in self._history(state, player):
                said = codec.describe(action) if action >= 0 else "?"
                lines.append(f"seat +{seat}: {said} {format_cards(tuple(shown.elements()))}".rstrip())
        return "\n".join(lines)

    def _history(self, state: ThreeUpState, player: int) -> Iterator[tuple[int, int, Counter[Card]]]:
        """Each decision of ``state.record`` as ``player`` saw it: the seat's
        slot, the action (-1 if hidden) and the cards it showed. What each
        decision showed is worked out once per state, observer and kind."""
        players = self._rules.players
        shown = state._shown.setdefault((player, self._private), [])
        if len(shown) < len(state.record):
            start = state.record_start if not shown else state.record[len(shown) - 1][2]
            assert start is not None
            seen = self._seen(start, player)
            for _, _, after in state.record[len(shown) :]:
                now = self._seen(after, player)
                shown.append(now - seen)
                seen = now
        before = state.record_start
        for (seat, action, after), cards in zip(state.record, shown):
            assert before is not None
            hidden = before.phase is Phase.SETUP and (seat != player or not self._private)
            yield (seat - player) % players, -1 if hidden else action, cards
            before = after

    def _seen(self, game_state: GameState, player: int) -> Counter[Card]:
        """The cards ``player`` sees in ``game_state``, as this observer shows
        them: face up, known in a hand, and its own hand with private information."""
        view = observe(game_state, player)
        seen = Counter(view.discard_pile) + Counter(view.out_of_game)
        for number, seat in enumerate(view.seats):
            if number != player or not self._private:
                seen.update(seat.known)
            if game_state.phase is not Phase.SETUP or self._private:
                seen.update(seat.up)
        if self._private:
            seen.update(view.hand)
        return seen


def resampler(game: ThreeUpGame, seed: int = 0) -> Callable[[ThreeUpState, int], ThreeUpState]:
    """A resampler for OpenSpiel's Python ISMCTS bot (``bot.set_resampler``):
    a state consistent with what ``player`` sees, the unseen cards dealt at
    random by :func:`~threeup3down.sample_state`. The sampled state has the
    observation, not the past: its :attr:`ThreeUpState.record` starts at the
    sample, so key the search by observation strings
    (``ISMCTSBot(..., use_observation_string=True)``).

    >>> game = ThreeUpGame({"players": 2})
    >>> state = game.new_initial_state()
    >>> while state.is_chance_node():
    ...     state.apply_action(state.chance_outcomes()[0][0])
    >>> sampled = resampler(game, seed=1)(state, 0)
    >>> sampled.observation_string(0) == state.observation_string(0)
    True
    """
    rng = random.Random(seed)

    def resample(state: ThreeUpState, player: int) -> ThreeUpState:
        if state.game_state is None:
            raise ThreeUpError("there is nothing to resample before the deal")
        return ThreeUpState(game, sample_state(observe(state.game_state, player), rng))

    return resample


pyspiel.register_game(_GAME_TYPE, ThreeUpGame)
