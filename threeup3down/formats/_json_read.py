"""A state read straight from its JSON text, when the text is written as this library writes it.

:func:`~threeup3down.formats.serialization.from_json` reads a document by handing
the text to :mod:`json` and decoding the objects it makes
(:func:`~threeup3down.formats.codec.decode_fields`). A state's text written by
:func:`~threeup3down.formats.serialization.to_json` has one form only: its keys in
the order of the fields, ``": "`` after each key, ``", "`` between items,
``known`` cards written only when there are some. :func:`state_fields`
reads a text of exactly that form by cutting it at those separators, and
proves it is of that form by writing the pieces it cut back together and
comparing the result with the text: each card is looked up with its quotes
(``'"7r"'``), each number, flag and phase in a table of its written forms,
and the rules object is read by the caller (through :mod:`json`, once per
text of the rules). A text of any other form (spaces elsewhere, keys in another order, a number written
otherwise, an escape, a number outside the tables) makes it answer ``None``,
and the caller reads the text the general way, which also says what is wrong
with a text that is not a state. Position checks are the caller's, as on the
general path. ``tests/test_json_read.py`` checks that both ways read the
same values and refuse the same texts.

>>> from threeup3down import Rules, new_game
>>> from threeup3down.formats.serialization import STATE
>>> state = new_game(Rules(players=2), seed=1)
>>> fields = state_fields(STATE.to_json(state), lambda text: state.rules)
>>> fields[3] == state.seats
True
"""

from __future__ import annotations

from collections.abc import Callable

from threeup3down.core.cards import _TEXT, Card
from threeup3down.core.rules import Rules
from threeup3down.core.phase import Phase
from threeup3down.core.state import Seat, make_seat

__all__: list[str] = []

StateFields = tuple[
    Rules,
    Phase,
    int,
    tuple[Seat, ...],
    tuple[Card, ...],
    tuple[Card, ...],
    tuple[Card, ...],
    int,
    bool,
    bool,
    int,
    int,
    tuple[int, ...],
    int,
    tuple[int, ...],
]
"""Every field of a :class:`~threeup3down.GameState`, in order."""

_HEAD = '{"format": "threeup3down/state", "version": 1, "rules": '
_AFTER_RULES = '}, "phase": "'
_SEATS = ', "seats": [{'
_AFTER_SEATS = '}], "draw_pile": ['
_ITEMS = '], "'
"""What ends every array of a seat or of the piles but the last of each."""

_DISCARD = len('discard_pile": [')
_OUT = len('out_of_game": [')
_OWED = len('owed_plays": ')
_MAY_DRAW = len('may_draw": ')
_SWAP = len('swap_offered": ')
_DIRECTION = len('direction": ')
_TURN = len('turn": ')
_FINISHED = len('finished": [')
_FIRST = len('first_player": ')
_HAND = len('"hand": [')
_UP = len('up": [')
_DOWN = len('down": [')
_KNOWN = len('known": [')
"""How long the key before each value is, in the pieces the text is cut into."""

_CARD: Callable[[str], Card] = {f'"{text}"': card for card, text in _TEXT.items()}.__getitem__
"""The card written as a JSON string, quotes included."""
_NUMBER: Callable[[str], int] = {str(number): number for number in range(-1, 4096)}.__getitem__
"""The numbers read here, by their JSON text: seats, counts, the direction and
turns up to 4095; a game with more turns is read the general way."""
_FLAG: Callable[[str], bool] = {"true": True, "false": False}.__getitem__
_PHASE: Callable[[str], Phase] = {phase.value: phase for phase in Phase}.__getitem__


def state_fields(text: str, rules_of: Callable[[str], Rules | None]) -> StateFields | None:
    """The fields of the state whose document ``text`` is, if it is written as
    this library writes it; else ``None``. ``rules_of`` reads the text of the
    rules object (``None`` if it is not one).

    >>> state_fields('{"format": "threeup3down/state"}', lambda text: None) is None
    True
    """
    if not text.startswith(_HEAD):
        return None
    start = len(_HEAD)
    end = text.find(_AFTER_RULES, start) + 1  # just after the rules object's closing brace
    rules = rules_of(text[start:end]) if end else None
    if rules is None:
        return None
    head, _, rest = text[end - 1 + len(_AFTER_RULES) :].partition(_SEATS)
    seats, _, piles = rest.partition(_AFTER_SEATS)
    phase, _, player = head.partition('", "current_player": ')
    try:
        draw, discard, out, counts, last = piles.split(_ITEMS)
        owed, may_draw, swap, direction, turn, finished = counts.split(', "')
        first, _, perm = last.partition(', "pile_swap": [')
        discard, out = discard[_DISCARD:], out[_OUT:]
        fields: StateFields = (
            rules,
            _PHASE(phase),
            _NUMBER(player),
            tuple(map(_seat, seats.split("}, {"))),
            _cards(draw),
            _cards(discard),
            _cards(out),
            _NUMBER(owed[_OWED:]),
            _FLAG(may_draw[_MAY_DRAW:]),
            _FLAG(swap[_SWAP:]),
            _NUMBER(direction[_DIRECTION:]),
            _NUMBER(turn[_TURN:]),
            _numbers(finished[_FINISHED:]),
            _NUMBER(first[_FIRST:]),
            _numbers(perm[:-2]),
        )
    except (KeyError, ValueError):  # a piece missing, or not of its written form
        return None
    written = (
        f'{_HEAD}{text[start:end]}, "phase": "{phase}", "current_player": {player}, '
        f'"seats": [{{{seats}}}], "draw_pile": [{draw}], "discard_pile": [{discard}], '
        f'"out_of_game": [{out}], "owed_plays": {owed[_OWED:]}, "may_draw": {may_draw[_MAY_DRAW:]}, '
        f'"swap_offered": {swap[_SWAP:]}, "direction": {direction[_DIRECTION:]}, "turn": {turn[_TURN:]}, '
        f'"finished": [{finished[_FINISHED:]}], "first_player": {first[_FIRST:]}, "pile_swap": [{perm[:-2]}]}}'
    )
    return fields if written == text else None


def _seat(text: str) -> Seat:
    """The seat written as ``text`` between its braces; raises ``ValueError``
    (or ``KeyError``) if it is not written as this library writes it."""
    hand, up, down, *known = text.split(_ITEMS)
    hand, up = hand[_HAND:], up[_UP:]
    if known:
        (rest,) = known
        down, rest = down[_DOWN:], rest[_KNOWN:-1]
        written = f'"hand": [{hand}], "up": [{up}], "down": [{down}], "known": [{rest}]'
    else:
        down, rest = down[_DOWN:-1], ""
        written = f'"hand": [{hand}], "up": [{up}], "down": [{down}]'
    if written != text:
        raise ValueError(text)
    return make_seat(  # each array's cards as _cards reads them, without a call per array
        tuple(map(_CARD, hand.split(", "))) if hand else (),
        tuple(map(_CARD, up.split(", "))) if up else (),
        tuple(map(_CARD, down.split(", "))) if down else (),
        tuple(map(_CARD, rest.split(", "))) if rest else (),
    )


def _cards(text: str) -> tuple[Card, ...]:
    """The cards of an array's text between its brackets (``'"7r", "8g"'``)."""
    return tuple(map(_CARD, text.split(", "))) if text else ()


def _numbers(text: str) -> tuple[int, ...]:
    """The numbers of an array's text between its brackets (``"0, 2"``)."""
    return tuple(map(_NUMBER, text.split(", "))) if text else ()
