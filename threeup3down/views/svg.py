"""Pictures of the table: a game as a self-contained SVG image.

:func:`observation_svg` draws what one seat may see (an
:class:`~threeup3down.views.observation.Observation`): its own hand face up,
every other hand as face-down backs with a count, but for the cards every
player saw go into that hand (a picked-up pile, T3;
:attr:`~threeup3down.views.observation.SeatView.known`), drawn face up and
marked as known (a dotted inner border, the title "known to be in this
hand"), the 3UP cards over the
3DOWN piles, the draw pile's count, the top of the discard pile, the
out-of-game count, whose turn it is, the direction of play and the extra
plays owed. The picture is drawn from the observation alone, so it cannot
show a card the seat may not see. :func:`state_svg` draws a full
:class:`~threeup3down.GameState` for debugging, every hidden card face up
and marked as hidden. :func:`to_svg` takes either.

Every card shows its card notation, its rank in large print and its colour
as a word and a shape (green triangle, red circle, blue square), so colour
is never the only cue. For front ends, each seat's group carries
``data-seat``; each card in a hand, 3UP or 3DOWN place carries ``data-zone``
(``hand``, ``up``, ``down``, and ``known`` for a known card of another seat's
hand) and ``data-index`` or, for 3DOWN cards, the
``data-position`` that :class:`~threeup3down.FlipDown` takes; a face-up card
carries ``data-card`` (card notation).

>>> from threeup3down import GameState, Rules
>>> from threeup3down.views.observation import observe
>>> state = GameState.from_notation("play 0 7r,9g|2b|4g,1b,1b/8b|3r|5r,1r,1r 6g 8g *", Rules(players=2))
>>> picture = observation_svg(observe(state, 0))
>>> picture.startswith("<svg")
True
>>> 'data-card="7r"' in picture, 'data-card="8b"' in picture
(True, False)
>>> from threeup3down import apply, parse_move
>>> after = apply(GameState.from_notation(
...     "play 0 3b,8g|-|-/7r|-|- 10r 2r,9r *", Rules(players=2)), parse_move("pick"))
>>> picture = observation_svg(observe(after, 1))  # seat 1 saw seat 0 pick up 2r and 9r
>>> picture.count('data-zone="known"'), 'data-card="9r"' in picture, 'data-card="8g"' in picture
(2, True, False)

In IPython or Jupyter, ``%load_ext threeup3down.views.svg`` shows every
state and observation as its picture (:func:`load_ipython_extension`).
"""

from __future__ import annotations

import functools
import gettext
import math
import re
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, assert_never

import attrs

from threeup3down.core.cards import Card, Colour
from threeup3down.core.errors import ThreeUpError
from threeup3down.core.i18n import N_, translation
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
)
from threeup3down.views.narration import ordinal
from threeup3down.views.observation import Observation, check_seat, type_name
from threeup3down.views.spectator import SpectatorView
from threeup3down.core.phase import Phase
from threeup3down.core.state import GameState

__all__ = [
    "LastMove",
    "load_ipython_extension",
    "observation_svg",
    "spectator_svg",
    "state_svg",
    "to_svg",
]


@attrs.frozen
class LastMove:
    """A move to highlight: the seat that made it, and the move.

    >>> from threeup3down import parse_move
    >>> LastMove(player=1, move=parse_move("9g")).move
    Play(cards=(Card.GREEN_9,), source=<Source.HAND: 'hand'>)
    """

    player: int
    """The seat that made the move."""
    move: Move
    """The move it made."""

    def describe(self, viewer: int | None = None, *, locale: str | None = None) -> str:
        """The move in words, as seat ``viewer`` may know it (``None``: every card shown),
        in the language of ``locale``.

        Another seat's setup choice is told without its cards (S3). The
        pictures' status lines use it, and so may a front end that explains
        the highlight.

        .. versionchanged:: 0.4.0
           The ``locale`` argument.

        .. versionadded:: 0.2.0

        >>> from threeup3down import parse_move
        >>> LastMove(player=1, move=parse_move("^9g")).describe()
        'player 1 played 9g from 3UP'
        >>> LastMove(player=1, move=parse_move("up:2g,5r,9b")).describe(viewer=0)
        'player 1 chose 3UP cards'
        >>> LastMove(player=1, move=parse_move("pick")).describe(locale="vi")
        'người chơi 1 đã nhặt cọc bài'
        """
        _ = translation(locale).gettext
        player, move = self.player, self.move
        match move:
            case ChooseUp():
                if viewer is None or player == viewer:
                    text = _("player %(player)s chose %(cards)s as 3UP cards")
                else:
                    text = _("player %(player)s chose 3UP cards")
                return text % {"player": player, "cards": _cards(move.cards)}
            case Play():
                if move.source is Source.UP:
                    text = _("player %(player)s played %(cards)s from 3UP")
                else:
                    text = _("player %(player)s played %(cards)s")
                return text % {"player": player, "cards": _cards(move.cards)}
            case FlipDown():
                return _("player %(player)s turned over 3DOWN card %(position)s") % {
                    "player": player, "position": move.position
                }
            case PickUp():
                return _("player %(player)s picked up the pile") % {"player": player}
            case Draw():
                return _("player %(player)s drew before an extra play") % {"player": player}
            case DrawInstead():
                return _("player %(player)s took a card instead of playing") % {"player": player}
            case Swap():
                return _("player %(player)s swapped %(hand_card)s (hand) for %(up_card)s (3UP)") % {
                    "player": player, "hand_card": str(move.hand_card), "up_card": str(move.up_card)
                }
            case DeclineSwap():
                return _("player %(player)s kept their cards") % {"player": player}
            case _:
                assert_never(move)


def to_svg(
    value: Observation | SpectatorView | GameState, *, last_move: LastMove | None = None, locale: str | None = None
) -> str:
    """The picture of an observation (:func:`observation_svg`), a spectator's
    view (:func:`spectator_svg`) or a full state (:func:`state_svg`), its labels
    in the language of ``locale``.

    .. versionchanged:: 0.5.0
       The ``locale`` argument, and a spectator's view.

    >>> from threeup3down import Rules, new_game
    >>> to_svg(new_game(Rules(players=3), seed=1)).count('class="seat')
    3
    """
    if isinstance(value, Observation):
        return observation_svg(value, last_move=last_move, locale=locale)
    if isinstance(value, SpectatorView):
        return spectator_svg(value, last_move=last_move, locale=locale)
    if not isinstance(value, GameState):
        raise ThreeUpError(
            "to_svg draws an Observation, a SpectatorView or a GameState, "
            f"not {type_name(value)}"
        )
    return state_svg(value, last_move=last_move, locale=locale)


def _check_last_move(last_move: object) -> None:
    if last_move is not None and not isinstance(last_move, LastMove):
        raise ThreeUpError(
            f"last_move must be a LastMove(player, move) or None, not {type_name(last_move)}"
        )


def observation_svg(
    observation: Observation, *, last_move: LastMove | None = None, locale: str | None = None
) -> str:
    """The table as seat ``observation.player`` sees it, that seat at the bottom, its
    labels in the language of ``locale`` (cards in card notation in every language).

    A last move made by another seat during setup is shown without its
    cards (S3).

    .. versionchanged:: 0.4.0
       The ``locale`` argument.

    >>> from threeup3down import Rules, new_game
    >>> from threeup3down.views.observation import observe
    >>> picture = observation_svg(observe(new_game(Rules(players=2), seed=1), 1))
    >>> picture.count('data-zone="hand"'), picture.count('class="back"') >= 12
    (6, True)
    >>> "គំនរចាប់ឆ្នោត" in observation_svg(observe(new_game(Rules(players=2), seed=1), 1), locale="km")
    True
    >>> observation_svg(new_game(Rules(players=2), seed=1))
    Traceback (most recent call last):
    ...
    threeup3down.core.errors.ThreeUpError: observation_svg draws an Observation, not a GameState: use state_svg for a full state, or observe(state, seat)
    """
    if not isinstance(observation, Observation):
        hint = (
            ": use state_svg for a full state, or observe(state, seat)"
            if isinstance(observation, GameState)
            else ""
        )
        raise ThreeUpError(
            f"observation_svg draws an Observation, not {type_name(observation)}{hint}"
        )
    _check_last_move(last_move)
    view = observation
    seats = []
    for number, seat in enumerate(view.seats):
        mine = number == view.player
        hand = view.hand if mine else (None,) * seat.hand_size
        up = seat.up if len(seat.up) == seat.up_size else (None,) * seat.up_size
        seats.append(_Seat(number, hand, up, (None,) * seat.down_size, () if mine else seat.known))
    draw_pile = (None,) * view.draw_pile_size
    table = _Table(
        view, view.player, view.player, tuple(seats), draw_pile, view.pile_swap_pending, translation(locale), locale
    )
    return _render(table, last_move)


def spectator_svg(view: SpectatorView, *, last_move: LastMove | None = None, locale: str | None = None) -> str:
    """The table as a spectator sees it (:func:`~threeup3down.views.spectator.spectate`),
    seat 0 at the bottom: every hand face down but for its known cards, its
    labels in the language of ``locale``.

    .. versionadded:: 0.5.0

    A last move made during setup is shown without its cards (S3).

    >>> from threeup3down import GameState, Rules
    >>> from threeup3down.views.spectator import spectate
    >>> state = GameState.from_notation("play 0 7r,9g|2b|4g,1b,1b/8b|3r|5r,1r,1r 6g 8g *", Rules(players=2))
    >>> picture = spectator_svg(spectate(state))
    >>> 'data-card="7r"' in picture, 'data-card="3r"' in picture, "a spectator sees" in picture
    (False, True, True)
    >>> spectator_svg(state)
    Traceback (most recent call last):
    ...
    threeup3down.core.errors.ThreeUpError: spectator_svg draws a SpectatorView, not a GameState: spectate(state) gives one
    """
    if not isinstance(view, SpectatorView):
        hint = ": spectate(state) gives one" if isinstance(view, GameState) else ""
        raise ThreeUpError(f"spectator_svg draws a SpectatorView, not {type_name(view)}{hint}")
    _check_last_move(last_move)
    seats = tuple(
        _Seat(
            number,
            (None,) * seat.hand_size,
            seat.up if len(seat.up) == seat.up_size else (None,) * seat.up_size,
            (None,) * seat.down_size,
            seat.known,
        )
        for number, seat in enumerate(view.seats)
    )
    draw_pile = (None,) * view.draw_pile_size
    table = _Table(
        view, None, 0, seats, draw_pile, view.pile_swap_pending, translation(locale), locale, spectator=True
    )
    return _render(table, last_move)


def state_svg(
    state: GameState, *, last_move: LastMove | None = None, bottom: int = 0, locale: str | None = None
) -> str:
    """The whole state, every hidden card shown and marked, seat ``bottom`` at the bottom,
    its labels in the language of ``locale``.

    .. versionchanged:: 0.4.0
       The ``locale`` argument.

    For debugging: never show this picture to a player.

    >>> from threeup3down import GameState, Rules
    >>> state = GameState.from_notation("play 0 7r|-|4g/8b|-|- 6g 5r *", Rules(players=2))
    >>> picture = state_svg(state)
    >>> 'data-card="8b"' in picture, 'data-card="4g"' in picture, "next: 6g" in picture
    (True, True, True)
    """
    if not isinstance(state, GameState):
        hint = ": use observation_svg for an observation" if isinstance(state, Observation) else ""
        raise ThreeUpError(f"state_svg draws a GameState, not {type_name(state)}{hint}")
    check_seat(bottom, state.rules.players)
    _check_last_move(last_move)
    seats = tuple(_Seat(n, seat.hand, seat.up, seat.down) for n, seat in enumerate(state.seats))
    table = _Table(
        state, None, bottom, seats, state.draw_pile, bool(state.pile_swap), translation(locale), locale
    )
    return _render(table, last_move)


class _Formatter(Protocol):
    def for_type(self, kind: type, printer: Callable[[Any], str]) -> object: ...


class _DisplayFormatter(Protocol):
    @property
    def formatters(self) -> Mapping[str, _Formatter]: ...


class _Shell(Protocol):
    @property
    def display_formatter(self) -> _DisplayFormatter: ...


def load_ipython_extension(ipython: _Shell) -> None:
    """Show states and observations as their pictures in IPython and Jupyter:
    ``%load_ext threeup3down.views.svg`` calls this with the running shell.

    A :class:`~threeup3down.GameState` is drawn by :func:`state_svg`, an
    :class:`~threeup3down.Observation` by :func:`observation_svg`, a
    :class:`~threeup3down.SpectatorView` by :func:`spectator_svg`.

    .. versionadded:: 0.4.0
       Before, both drew themselves in notebooks without it.

    >>> class Formatter:
    ...     def for_type(self, kind, printer):
    ...         print(kind.__name__, printer.__name__)
    >>> class Shell:
    ...     class display_formatter:
    ...         formatters = {"image/svg+xml": Formatter()}
    >>> load_ipython_extension(Shell())
    GameState state_svg
    Observation observation_svg
    SpectatorView spectator_svg
    """
    formatter = ipython.display_formatter.formatters["image/svg+xml"]
    formatter.for_type(GameState, state_svg)
    formatter.for_type(Observation, observation_svg)
    formatter.for_type(SpectatorView, spectator_svg)


# ------------------------------------------------------------ what is drawn


@attrs.frozen
class _Seat:
    """One seat's cards as drawn; ``None`` is a card drawn face down."""

    number: int
    hand: tuple[Card | None, ...]
    up: tuple[Card | None, ...]
    down: tuple[Card | None, ...]
    known: tuple[Card, ...] = ()
    """The cards of a hand drawn face down that the viewer knows are in it,
    drawn face up and marked (:attr:`~threeup3down.views.observation.SeatView.known`)."""


@attrs.frozen
class _Table:
    """Everything drawn: the game's public fields, and its seats as drawn."""

    game: Observation | SpectatorView | GameState  # phase, piles, turn, direction, owed plays, ...
    viewer: int | None  # None: the full state, for debugging, or a spectator's view
    bottom: int
    seats: tuple[_Seat, ...]
    draw_pile: tuple[Card | None, ...]
    pile_swap_pending: bool
    words: gettext.NullTranslations  # the labels' language
    locale: str | None

    def _(self, text: str, **values: object) -> str:
        """``text`` in the table's language, its placeholders filled from ``values``."""
        return self.words.gettext(text) % values

    def n_(self, one: str, other: str, count: int, **values: object) -> str:
        """The form of ``one``/``other`` for ``count`` in the table's language, filled."""
        return self.words.ngettext(one, other, count) % {"count": count, **values}
    spectator: bool = False  # seen from no seat: only what every seat sees

    @property
    def to_move(self) -> int | None:
        """The seat to decide, if the game is not over."""
        return None if self.game.is_over else self.game.current_player


# ------------------------------------------------------------------ geometry

CARD_W, CARD_H = 44, 62
STEP = 30  # the closest horizontal step between overlapping face-up cards
FULL_STEP = CARD_W + 6  # ... between cards side by side
BACK_STEP = 9  # ... between the backs of a hidden hand
MAX_BACKS = 10
PANEL_W, BOTTOM_W = 250, 580
CENTRE_W, CENTRE_H = 460, 230
MARGIN, GAP = 16, 18
DISCARD_SHOWN, DISCARD_STEP = 6, 38
KNOWN_LINE = 22  # the line under a hand whose every card is known
FONT = "DejaVu Sans, Verdana, Arial, sans-serif"

_COLOURS = {  # ink (border and print), tint (face): Okabe-Ito hues, darkened for contrast
    Colour.GREEN: ("#00745a", "#e2f4ec"),
    Colour.RED: ("#b34700", "#fbe8dc"),
    Colour.BLUE: ("#005a8f", "#e1eef8"),
}
_TURN, _LAST = "#d99a00", "#7a3c9e"
_GREY, _DARK = "#444", "#222"


@attrs.frozen
class _Box:
    x: float
    y: float
    w: float
    h: float

    def overlaps(self, other: _Box) -> bool:
        return not (
            self.x + self.w + GAP <= other.x
            or other.x + other.w + GAP <= self.x
            or self.y + self.h + GAP <= other.y
            or other.y + other.h + GAP <= self.y
        )


def _hand_places(count: int, width: int) -> list[tuple[float, float]]:
    """Where ``count`` face-up cards go in a panel ``width`` wide: side by side
    while they fit, then overlapping (never closer than ``STEP``), in rows."""
    room = width - 20 - CARD_W
    rows = max(1, math.ceil(count / (room // STEP + 1)))
    in_row = math.ceil(count / rows)
    step = min(FULL_STEP, room / (in_row - 1)) if in_row > 1 else FULL_STEP
    return [(10 + (i % in_row) * step, (i // in_row) * (CARD_H + 6)) for i in range(count)]


def _face_up(cards: tuple[Card | None, ...]) -> bool:
    return bool(cards) and all(card is not None for card in cards)


def _panel_size(table: _Table, seat: _Seat) -> tuple[int, int]:
    width = BOTTOM_W if seat.number == table.bottom else PANEL_W
    return width, 44 + _hand_height(seat, width) + 8 + 20 + CARD_H + 12


def _hand_height(seat: _Seat, width: int) -> int:
    if _face_up(seat.hand):
        return int(_hand_places(len(seat.hand), width)[-1][1]) + CARD_H + 6
    if seat.known:
        known = int(_hand_places(len(seat.known), width)[-1][1]) + CARD_H + 6
        return known + (CARD_H + 6 if len(seat.hand) > len(seat.known) else KNOWN_LINE)
    return CARD_H + 6


def _layout(table: _Table) -> tuple[dict[int, _Box], _Box]:
    """Where each seat's panel and the centre go: the bottom seat below the centre,
    the others clockwise (S6) around the upper part of an ellipse, grown until
    nothing overlaps."""
    count = len(table.seats)
    order = [(table.bottom + step) % count for step in range(count)]
    others = count - 1
    below = min(36.0, 6.0 * max(0, others - 3))  # many seats reach below the sides
    angles = (
        [270.0]
        if others == 1
        else [180.0 - below + (180.0 + 2 * below) * k / (others - 1) for k in range(others)]
    )
    centre = _Box(-CENTRE_W / 2, -CENTRE_H / 2, CENTRE_W, CENTRE_H)
    sizes = {number: _panel_size(table, table.seats[number]) for number in order}
    ways = [(math.cos(math.radians(angle)), math.sin(math.radians(angle))) for angle in angles]
    scale = 1.0
    while True:
        boxes: dict[int, _Box] = {}
        for number, (cos, sin) in zip(order[1:], ways):
            w, h = sizes[number]
            cx = 300 * scale * cos
            cy = 210 * scale * sin
            boxes[number] = _Box(cx - w / 2, cy - h / 2, w, h)
        w, h = sizes[order[0]]
        boxes[order[0]] = _Box(-w / 2, CENTRE_H / 2 + GAP, w, h)
        placed = [*boxes.values(), centre]
        clash = any(a.overlaps(b) for i, a in enumerate(placed) for b in placed[i + 1 :])
        if not clash or scale > 8:
            return boxes, centre
        scale *= 1.06


# ------------------------------------------------------------------ drawing


_Out = list[str]
"""The picture's markup, written piece by piece."""


def _el(parent: _Out, tag: str, text: str | None = None, /, **attributes: object) -> None:
    """An element without children; ``font_size=`` is written ``font-size``,
    ``class_=`` ``class``. Written as :mod:`xml.etree.ElementTree` writes it."""
    if text:
        parent.append(f"<{tag}{_attributes(attributes)}>{_escape_text(text)}</{tag}>")
    else:
        parent.append(f"<{tag}{_attributes(attributes)} />")


def _attributes(attributes: Mapping[str, object]) -> str:
    """Each attribute as `` name="value"``, numbers as :func:`_fmt` writes them."""
    written = []
    for key, value in attributes.items():
        kind = type(value)
        if kind is float or kind is int:  # numbers hold no character to escape
            text = _fmt(value)
        else:
            text = _escape_attribute(str(value))
        written.append(f' {_NAMES.get(key) or _name(key)}="{text}"')
    return "".join(written)


_NAMES: dict[str, str] = {}


def _name(key: str) -> str:
    name = _NAMES[key] = key.rstrip("_").replace("_", "-")
    return name


_SPECIAL_TEXT = re.compile(r"[&<>]")
_SPECIAL_ATTRIBUTE = re.compile(r"[&<>\"\r\n\t]")
_ENTITIES = {
    "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "\r": "&#13;", "\n": "&#10;", "\t": "&#09;"
}


def _escape_text(text: str) -> str:
    return _SPECIAL_TEXT.sub(_entity, text)


def _escape_attribute(text: str) -> str:
    return _SPECIAL_ATTRIBUTE.sub(_entity, text)


def _entity(found: re.Match[str]) -> str:
    return _ENTITIES[found.group()]


def _fmt(value: object) -> str:
    if type(value) is float:
        return f"{value:.1f}".rstrip("0").rstrip(".")
    return str(value)


def _text(
    parent: _Out, x: float, y: float, text: str, size: int = 12, *, fit: float | None = None, **style: object
) -> None:
    """A text at (x, y); with ``fit``, one that would run longer than ``fit`` pixels (as
    :func:`_width` guesses, in any language) is squeezed to that length."""
    if fit is not None and _width(text, size) > fit:
        style = {**style, "textLength": fit, "lengthAdjust": "spacingAndGlyphs"}
    _el(parent, "text", text, x=x, y=y, font_size=size, **{"fill": _DARK, **style})


def _width(text: str, size: int) -> float:
    """A generous guess of the width of ``text`` at ``size`` pixels in a sans-serif font:
    0.62 em a character, marks that combine with the letter before them not counted."""
    return size * 0.62 * sum(1 for char in text if not unicodedata.combining(char) and unicodedata.category(char) != "Mc")


def _group(parent: _Out, x: float, y: float, **attributes: object) -> None:
    """Open a group; whoever opens one closes it (``parent.append("</g>")``)."""
    transform = f"translate({_fmt(float(x))},{_fmt(float(y))})"
    parent.append(f"<g{_attributes({'transform': transform, **attributes})}>")


_KINDS = {0: N_("Clear"), 1: N_("Clear +1"), 2: N_("Clear +2")}
_COLOUR_WORDS = {Colour.GREEN: N_("green"), Colour.RED: N_("red"), Colour.BLUE: N_("blue")}
"""The colour words printed on a card's face."""
_COLOUR_TITLES = {
    Colour.GREEN: N_("green %(kind)s (%(card)s)"),
    Colour.RED: N_("red %(kind)s (%(card)s)"),
    Colour.BLUE: N_("blue %(kind)s (%(card)s)"),
}


def _card_title(card: Card, words: gettext.NullTranslations) -> str:
    """A card named in words: ``red 7 (7r)``, ``green Clear +2 (C+2g)``."""
    rank = card.rank
    kind = str(int(rank)) if not rank.is_clear else words.gettext(_KINDS[rank.extra_plays])
    return words.gettext(_COLOUR_TITLES[card.colour]) % {"kind": kind, "card": str(card)}


def _shape(parent: _Out, colour: Colour, x: float, y: float) -> None:
    """A small shape naming the colour without colour: triangle, circle, square."""
    ink = _COLOURS[colour][0]
    match colour:
        case Colour.GREEN:
            _el(
                parent,
                "polygon",
                points=f"{x},{y - 4} {x + 4.5},{y + 4} {x - 4.5},{y + 4}",
                fill=ink,
            )
        case Colour.RED:
            _el(parent, "circle", cx=x, cy=y, r=4, fill=ink)
        case Colour.BLUE:
            _el(parent, "rect", x=x - 4, y=y - 4, width=8, height=8, fill=ink)
        case _:
            assert_never(colour)


def _face(
    parent: _Out,
    card: Card,
    x: float,
    y: float,
    data: dict[str, object],
    words: gettext.NullTranslations,
    hidden: bool = False,
    known: bool = False,
) -> None:
    """A face-up card: notation, rank, colour word and shape; ``hidden`` (a dashed
    border) marks a face only the debugging picture shows, ``known`` (a dotted
    inner border) a card of another seat's hand that every player saw go in."""
    translate = f"{_fmt(float(x))},{_fmt(float(y))}"
    look = _HIDDEN if hidden else _KNOWN if known else ""
    parent.append(f'<g transform="translate({translate})"{_face_class(card, look)}{_attributes(data)}>')
    parent.append(_face_body(card, look, words))


_HIDDEN, _KNOWN = "hidden-face", "known"
"""How a face is marked: hidden from the seats (the debugging picture), or
known in another seat's hand."""
_LOOK_TITLES = {"": "%(card)s", _HIDDEN: N_("face down: %(card)s"), _KNOWN: N_("known to be in this hand: %(card)s")}


@functools.cache
def _face_class(card: Card, look: str) -> str:
    """The attributes every group of this face carries after its place."""
    return _attributes({"class": f"card {look}" if look else "card", "data-card": card})


@functools.lru_cache(maxsize=1024)
def _face_body(card: Card, look: str, words: gettext.NullTranslations) -> str:
    """What a face shows, the same wherever it lies, and the end of its group:
    drawn once per card, look and language."""
    ink, tint = _COLOURS[card.colour]
    group: _Out = []
    title = words.gettext(_LOOK_TITLES[look]) if look else _LOOK_TITLES[look]
    _el(group, "title", title % {"card": _card_title(card, words)})
    dashes = {"stroke_dasharray": "4 3"} if look == _HIDDEN else {}
    _el(
        group,
        "rect",
        x=0.5,
        y=0.5,
        width=CARD_W - 1,
        height=CARD_H - 1,
        rx=5,
        fill=tint,
        stroke=ink,
        stroke_width=2,
        **dashes,
    )
    _text(group, 4, 13, str(card), 11, font_weight="bold", fill=ink)
    middle = functools.partial(_text, group, CARD_W / 2, text_anchor="middle", font_weight="bold", fill=ink)
    rank = card.rank
    if rank.is_clear:
        middle(28, "CLEAR", 9)
        middle(46, f"+{rank.extra_plays}" if rank.extra_plays else "C", 17)
    else:
        middle(43, rank.symbol, 22)
    _text(group, 4, CARD_H - 5, words.gettext(_COLOUR_WORDS[card.colour]), 8, fill=ink, fit=CARD_W - 16)
    _shape(group, card.colour, CARD_W - 9, CARD_H - 9)
    if look == _KNOWN:
        _el(
            group,
            "rect",
            x=3.5,
            y=3.5,
            width=CARD_W - 7,
            height=CARD_H - 7,
            rx=3,
            fill="none",
            stroke=ink,
            stroke_dasharray="1 2",
        )
    group.append("</g>")
    return "".join(group)


def _back(
    parent: _Out,
    x: float,
    y: float,
    data: dict[str, object],
    *,
    title: str,
    mark: str = "",
) -> None:
    """A face-down card: the same for every card, so it tells nothing; ``mark`` is printed on it."""
    _group(parent, x, y, class_="back", **data)
    parent.append(_back_body(title, mark))
    parent.append("</g>")


@functools.lru_cache(maxsize=256)
def _back_body(title: str, mark: str) -> str:
    """What a back shows: its title and mark, drawn once for each."""
    group: _Out = []
    _el(group, "title", title)
    _el(
        group,
        "rect",
        x=0.5,
        y=0.5,
        width=CARD_W - 1,
        height=CARD_H - 1,
        rx=5,
        fill="#34466e",
        stroke="#1b2540",
        stroke_width=1.5,
    )
    _el(
        group,
        "rect",
        x=5,
        y=5,
        width=CARD_W - 10,
        height=CARD_H - 10,
        rx=3,
        fill="none",
        stroke="#c8d3ea",
    )
    if mark:
        _text(
            group,
            CARD_W / 2,
            CARD_H / 2 + 6,
            mark,
            16,
            font_weight="bold",
            text_anchor="middle",
            fill="#ffffff",
        )
    else:
        mx, my = CARD_W / 2, CARD_H / 2
        diamond = f"M{mx:g} 12 L{CARD_W - 11} {my:g} L{mx:g} {CARD_H - 12} L11 {my:g} Z"
        _el(group, "path", d=diamond, fill="none", stroke="#c8d3ea")
    return "".join(group)


def _empty_place(parent: _Out, x: float, y: float) -> None:
    _el(
        parent,
        "rect",
        x=x + 0.5,
        y=y + 0.5,
        width=CARD_W - 1,
        height=CARD_H - 1,
        rx=5,
        fill="none",
        stroke="#999",
        stroke_dasharray="4 3",
    )


def _seat_title(table: _Table, seat: _Seat) -> str:
    _ = table._
    tags = []
    if seat.number == table.viewer:
        tags.append(_("you"))
    if seat.number in table.game.finished:
        place = ordinal(table.game.finished.index(seat.number) + 1, locale=table.locale)
        tags.append(_("out: %(place)s place", place=place))
    if seat.number == table.to_move:
        tags.append(_("▶ to move"))
    if not tags:
        return _("Player %(player)s", player=seat.number)
    return _("Player %(player)s — %(tags)s", player=seat.number, tags=", ".join(tags))


def _draw_seat(
    svg: _Out, table: _Table, seat: _Seat, box: _Box, last: LastMove | None
) -> None:
    group = svg
    _group(group, box.x, box.y, class_="seat", data_seat=seat.number)
    to_move = seat.number == table.to_move
    _el(
        group,
        "rect",
        x=0,
        y=0,
        width=box.w,
        height=box.h,
        rx=10,
        fill="#fdfcf7",
        stroke=_TURN if to_move else "#8a909c",
        stroke_width=4 if to_move else 1.5,
    )
    if last is not None and last.player == seat.number:
        _el(
            group,
            "rect",
            x=-5,
            y=-5,
            width=box.w + 10,
            height=box.h + 10,
            rx=13,
            fill="none",
            stroke=_LAST,
            stroke_width=2.5,
            stroke_dasharray="7 4",
        )
    _text(group, 12, 19, _seat_title(table, seat), 14, font_weight="bold", fit=box.w - 24)
    counts = table._("hand %(hand)s · 3UP %(up)s · 3DOWN %(down)s", hand=len(seat.hand), up=len(seat.up), down=len(seat.down))
    _text(group, 12, 36, counts, 11, fill=_GREY)
    _draw_hand(group, table, seat, int(box.w))
    _draw_up_and_down(group, table, seat, 44 + _hand_height(seat, int(box.w)) + 8)
    group.append("</g>")


def _draw_hand(group: _Out, table: _Table, seat: _Seat, width: int) -> None:
    """A hand the picture may show face up, else backs and a count."""
    y = 44
    if _face_up(seat.hand):
        for index, (card, (x, dy)) in enumerate(
            zip(seat.hand, _hand_places(len(seat.hand), width))
        ):
            assert card is not None
            _face(group, card, x, y + dy, {"data-zone": "hand", "data-index": index}, table.words)
    elif seat.known:
        _draw_known_hand(group, table, seat, width, y)
    elif seat.hand:
        shown = min(len(seat.hand), MAX_BACKS)
        for index in range(shown):
            _back(group, 10 + index * BACK_STEP, y, {}, title=table._("face-down card"))
        x = 10 + (shown - 1) * BACK_STEP + CARD_W + 8
        _text(group, x, y + CARD_H / 2 + 5, table._("× %(count)s in hand", count=len(seat.hand)), fill="#333")
    else:
        _text(group, 12, y + CARD_H / 2 + 5, table._("no cards in hand"), fill="#666")


def _draw_known_hand(group: _Out, table: _Table, seat: _Seat, width: int, y: float) -> None:
    """Another seat's hand with known cards: those face up and marked, in
    ``data-zone="known"``, then the backs of the rest and a count."""
    places = _hand_places(len(seat.known), width)
    for index, (card, (x, dy)) in enumerate(zip(seat.known, places)):
        _face(group, card, x, y + dy, {"data-zone": "known", "data-index": index}, table.words, known=True)
    y += places[-1][1] + CARD_H + 6
    unseen = len(seat.hand) - len(seat.known)
    if not unseen:
        label = table.n_("all %(count)s card in hand known", "all %(count)s cards in hand known", len(seat.hand))
        _text(group, 12, y + 14, label, fill="#333")
        return
    shown = min(unseen, MAX_BACKS)
    for index in range(shown):
        _back(group, 10 + index * BACK_STEP, y, {}, title=table._("face-down card"))
    x = 10 + (shown - 1) * BACK_STEP + CARD_W + 8
    label = table._("× %(count)s in hand, %(known)s known", count=len(seat.hand), known=len(seat.known))
    _text(group, x, y + CARD_H / 2 + 5, label, fill="#333")


def _draw_up_and_down(group: _Out, table: _Table, seat: _Seat, y: float) -> None:
    """Each 3UP card over a 3DOWN card, 3DOWN cards numbered by position (F3)."""
    slots = max(len(seat.up), len(seat.down))
    if not slots:
        _text(group, 12, y + 40, table._("no 3UP or 3DOWN cards"), fill="#666")
        return
    for slot in range(slots):
        x = 10 + slot * (CARD_W + 14)
        if slot < len(seat.down):
            down, data = seat.down[slot], {"data-zone": "down", "data-position": slot}
            if down is None:
                _back(group, x, y, data, title=table._("3DOWN card, position %(position)s", position=slot))
            else:
                _face(group, down, x, y, data, table.words, hidden=True)
        if slot < len(seat.up):
            up, data = seat.up[slot], {"data-zone": "up", "data-index": slot}
            if up is None:
                title = table._("3UP card, not shown until every seat has chosen (S3)")
                _back(group, x, y + 20, data, title=title, mark="?")
            else:
                _face(group, up, x, y + 20, data, table.words)
    x = 12 + slots * (CARD_W + 14)
    _text(group, x, y + 14, "3DOWN", 10, fill=_GREY)
    _text(group, x, y + 20 + CARD_H / 2, "3UP", 10, fill=_GREY)


def _draw_centre(svg: _Out, table: _Table, box: _Box, last: LastMove | None) -> None:
    group = svg
    _group(group, box.x, box.y, class_="centre")
    _draw_draw_pile(group, table)
    _draw_discard_pile(group, table, _played_on_top(table, last))
    out = len(table.game.out_of_game)
    _text(group, 360, 14, table._("Out of game"), font_weight="bold", fit=100)
    _el(
        group,
        "rect",
        x=360.5,
        y=22.5,
        width=CARD_W - 1,
        height=CARD_H - 1,
        rx=5,
        fill="#ececec",
        stroke="#999",
    )
    _text(
        group,
        360 + CARD_W / 2,
        22 + CARD_H / 2 + 6,
        str(out),
        16,
        font_weight="bold",
        text_anchor="middle",
        fill="#333",
    )
    _text(group, 360, 22 + CARD_H + 14, table._("%(count)s cleared", count=out), 10, fill=_GREY)
    for index, line in enumerate(_status(table, last)):
        weight = "bold" if index == 0 else "normal"
        _text(group, 0, 22 + CARD_H + 44 + 18 * index, line, 13, font_weight=weight, fit=CENTRE_W)
    group.append("</g>")


def _draw_draw_pile(group: _Out, table: _Table) -> None:
    pile = table.draw_pile
    _text(group, 0, 14, table._("Draw pile"), font_weight="bold", fit=80)
    if pile:
        title = table.n_("draw pile: %(count)s card", "draw pile: %(count)s cards", len(pile))
        _back(group, 0, 22, {"data-zone": "draw"}, title=title, mark=str(len(pile)))
        if pile[-1] is not None:
            _text(group, 0, 22 + CARD_H + 14, table._("next: %(card)s", card=str(pile[-1])), 10, fill=_GREY)
    else:
        _empty_place(group, 0, 22)
    _text(group, 0, 22 + CARD_H + 28, table.n_("%(count)s card", "%(count)s cards", len(pile)), 11, fill="#333")


def _draw_discard_pile(group: _Out, table: _Table, marked: int) -> None:
    """The top cards, the top one rightmost; ``marked`` top cards outlined as the last play."""
    pile = table.game.discard_pile
    x0 = 84
    label = table.n_("Discard pile: %(count)s card", "Discard pile: %(count)s cards", len(pile))
    _text(group, x0, 14, label, font_weight="bold", fit=270)
    shown = pile[-DISCARD_SHOWN:]
    if not shown:
        _empty_place(group, x0, 22)
        _text(
            group,
            x0 + CARD_W + 8,
            22 + CARD_H / 2 + 4,
            table._("empty: any card may be played"),
            11,
            fit=215,
            fill=_GREY,
        )
        return
    for index, card in enumerate(shown):
        _face(group, card, x0 + index * DISCARD_STEP, 22, {"data-zone": "discard"}, table.words)
    marked = min(marked, len(shown))
    if marked:
        x = x0 + (len(shown) - marked) * DISCARD_STEP - 4
        _el(
            group,
            "rect",
            class_="last-play",
            x=x,
            y=18,
            width=(marked - 1) * DISCARD_STEP + CARD_W + 8,
            height=CARD_H + 8,
            rx=8,
            fill="none",
            stroke=_LAST,
            stroke_width=3,
        )
    below = len(pile) - len(shown)
    if below:
        note = table._("top %(card)s · %(below)s more below", card=str(pile[-1]), below=below)
    else:
        note = table._("top %(card)s", card=str(pile[-1]))
    _text(group, x0, 22 + CARD_H + 14, note, 10, fill=_GREY)


def _played_on_top(table: _Table, last: LastMove | None) -> int:
    """How many top discard cards the highlighted play put there (0 if none)."""
    if last is None or not isinstance(last.move, Play):
        return 0
    cards, pile = last.move.cards, table.game.discard_pile
    return (
        len(cards) if len(pile) >= len(cards) and tuple(sorted(pile[-len(cards) :])) == cards else 0
    )


def _status(table: _Table, last: LastMove | None) -> list[str]:
    """Lines telling the phase, whose turn, the direction, what is owed or offered, the last move."""
    game, _ = table.game, table._
    if game.is_over and game.is_stalemate:
        lines = [_("Game over: stalemate at the turn limit (O10)")]
    elif game.is_over and len(game.finished) > 1:
        places = ", ".join(map(str, game.finished))
        lines = [_("Game over: player %(player)s wins (places %(places)s)", player=game.finished[0], places=places)]
    elif game.is_over:
        lines = [_("Game over: player %(player)s wins", player=game.finished[0])]
    elif game.phase is Phase.SETUP:
        lines = [_("Setup: player %(player)s chooses 3UP cards", player=game.current_player)]
    else:
        lines = [_("Turn %(turn)s: player %(player)s to move", turn=game.turn + 1, player=game.current_player)]
    if game.direction > 0:
        lines.append(_("Direction: ↻ clockwise, in seat order"))
    else:
        lines.append(_("Direction: ↺ reversed, against seat order"))
    extras = []
    if game.owed_plays:
        extras.append(table.n_(
            "player %(player)s owes %(count)s extra play", "player %(player)s owes %(count)s extra plays",
            game.owed_plays, player=game.current_player,
        ))
    if game.may_draw:
        extras.append(_("may draw first"))
    if game.swap_offered:
        extras.append(_("may swap a hand card with a 3UP card (O7)"))
    if table.pile_swap_pending:
        extras.append(_("3UP/3DOWN piles change owners after setup (O5)"))
    if extras:
        text = "; ".join(extras)
        lines.append(text[0].upper() + text[1:])
    if last is not None:
        lines.append(_("Last move: %(move)s", move=last.describe(_SPECTATOR if table.spectator else table.viewer, locale=table.locale)))
    return lines


_SPECTATOR = -1
"""The viewer a spectator's last move is described for: no seat, so no seat's secret."""


def _cards(cards: Sequence[Card]) -> str:
    return " ".join(map(str, cards))


def _render(table: _Table, last: LastMove | None) -> str:
    boxes, centre = _layout(table)
    felt = _Box(-CENTRE_W / 2 - 70, -CENTRE_H / 2 - 45, CENTRE_W + 140, CENTRE_H + 90)
    every = [*boxes.values(), centre, felt]
    left = min(box.x for box in every) - MARGIN
    top = min(box.y for box in every) - MARGIN - 30
    width = math.ceil(max(box.x + box.w for box in every) + MARGIN - left)
    height = math.ceil(max(box.y + box.h for box in every) + MARGIN - top)
    if table.spectator:
        who = table._("the table as a spectator sees it")
    elif table.viewer is None:
        who = table._("the whole game (every hidden card shown)")
    else:
        who = table._("the table as player %(player)s sees it", player=table.viewer)
    root = {
        "xmlns": "http://www.w3.org/2000/svg",
        "width": str(width),
        "height": str(height),
        "viewBox": f"{_fmt(left)} {_fmt(top)} {width} {height}",
        "font-family": FONT,
        "role": "img",
        "style": "max-width: 100%; height: auto",
    }
    svg: _Out = [f"<svg{_attributes(root)}>"]
    _el(svg, "title", table._("3UP 3DOWN: %(who)s", who=who))
    _el(svg, "rect", x=left, y=top, width=width, height=height, fill="#ffffff")
    _el(
        svg,
        "ellipse",
        cx=0,
        cy=0,
        rx=felt.w / 2,
        ry=felt.h / 2,
        fill="#e4ebe6",
        stroke="#b7c4bb",
        stroke_width=2,
    )
    _text(svg, left + MARGIN, top + 24, table._("3UP 3DOWN — %(who)s", who=who), 15, font_weight="bold")
    _draw_centre(svg, table, centre, last)
    for number, box in boxes.items():
        _draw_seat(svg, table, table.seats[number], box, last)
    svg.append("</svg>")
    return "".join(svg)
