"""Game records as readable text: tag lines, then the moves turn by turn.

Like a chess PGN, a record is a block of ``[Tag "value"]`` lines, a blank
line, and the moves in move notation::

    [Format "threeup3down/record"]
    [Version "1"]
    [Rules "players=2 reverse_on_one"]
    [Seed "42"]
    [Player0 "Ann"]
    [Player1 "Bob"]
    [Date "2024-05-01"]
    [Result "1"]

    setup p0 up:4g,9r,Cb p1 up:2g,5b,10r
    1. p0 7r
    2. p1 8b,8g
    3. p0 C+1g draw 9r

The ``Rules`` tag lists the rules fields that differ from their defaults
(:func:`format_rules`); ``Seed`` is the seed of the deal. ``Player0``... name
the seats, ``Date`` and ``Result`` (as :func:`~threeup3down.formats.records.game_result`
writes it) are optional. Each line of moves is one turn: its number (turns
count from 1) and the seat playing it, then its moves; the setup choices
come first, each after the seat choosing. Turn numbers and seats are there
for the reader: :func:`parse_record` skips them and
:func:`~threeup3down.formats.records.replay` checks the moves.

>>> from threeup3down import Rules, legal_moves
>>> from threeup3down.formats.records import record_game
>>> record = record_game(Rules(players=2), 3, lambda state: legal_moves(state)[0])
>>> parse_record(format_record(record)) == record
True
"""

from __future__ import annotations

import datetime
import enum
import re
import types
import typing
from typing import Union

import attrs

from threeup3down.core.cards import Card, Colour, format_cards, parse_cards
from threeup3down.core.errors import NotationError, ThreeUpError
from threeup3down.core.limits import MAX_INPUT_SIZE, seed_problem, size_problem
from threeup3down.core.memos import Memo, weigh
from threeup3down.core.moves import Move, parse_move
from threeup3down.formats.records import GameRecord, replay
from threeup3down.core.rules import Rules
from threeup3down.core.phase import Phase

__all__ = ["format_record", "format_rules", "parse_record", "parse_rules"]

_FORMAT = "threeup3down/record"
_VERSION = "1"


# --------------------------------------------------------------------- rules


def format_rules(rules: Rules) -> str:
    """``rules`` as space-separated ``field=value`` words: the players, then
    every field that differs from its default (a true flag is its bare name).

    >>> from threeup3down import Colour
    >>> format_rules(Rules(players=3, places=True, turn_limit=None))
    'players=3 places turn_limit=none'
    >>> format_rules(Rules(players=2, omitted_colours=frozenset({Colour.BLUE})))
    'players=2 omitted_colours=b'
    """
    words = [f"players={rules.players}"]
    for field in attrs.fields(Rules):
        value = getattr(rules, field.name)
        if field.name == "players" or value == field.default:
            continue
        words.append(field.name if value is True else f"{field.name}={_format_value(value)}")
    return " ".join(words)


def _format_value(value: object) -> str:
    match value:
        case None:
            return "none"
        case bool():
            return "true" if value else "false"
        case enum.Enum():
            return str(value.value)
        case tuple():
            return format_cards(typing.cast(tuple[Card, ...], value))
        case frozenset():
            return ",".join(colour.letter for colour in Colour if colour in value) or "-"
        case _:
            return str(value)


def parse_rules(text: str) -> Rules:
    """The rules written as ``text`` by :func:`format_rules`.

    >>> parse_rules("players=2 draw_instead deck=literal").deck
    <Deck.LITERAL: 'literal'>
    >>> parse_rules("players=2 speed=3")
    Traceback (most recent call last):
    ...
    threeup3down.core.errors.NotationError: invalid rules: unknown field 'speed'
    """
    if not isinstance(text, str):
        raise NotationError(f"invalid rules: {text!r} is not a string of rules notation")
    hints = typing.get_type_hints(Rules)
    values: dict[str, object] = {}
    for word in text.split():
        name, equals, value = word.partition("=")
        if name not in hints:
            raise NotationError(f"invalid rules: unknown field {name!r}")
        if name in values:
            raise NotationError(f"invalid rules: {name} is given twice")
        values[name] = _parse_value(name, value if equals else "true", hints[name])
    try:
        return Rules(**values)  # type: ignore[arg-type]
    except ThreeUpError as error:
        raise NotationError(f"invalid rules: {error}") from error


def _parse_value(name: str, text: str, hint: object) -> object:
    if typing.get_origin(hint) in (Union, types.UnionType):
        if text == "none":
            return None
        (hint,) = [arg for arg in typing.get_args(hint) if arg is not type(None)]
    try:
        if hint is bool and text in ("true", "false"):
            return text == "true"
        if hint is int and re.fullmatch(rf"-?[0-9]{{1,{_INT_DIGITS}}}", text):
            return int(text)  # Rules checks its bounds, as it does for every reader
        if typing.get_origin(hint) is tuple:
            return parse_cards(text)
        if typing.get_origin(hint) is frozenset:
            colours = [Colour.parse(letter) for letter in text.split(",")] if text != "-" else []
            if len(set(colours)) == len(colours):  # each named once, as in a JSON document
                return frozenset(colours)
        if isinstance(hint, type) and issubclass(hint, enum.Enum):
            return hint(text)
    except ValueError:  # an unknown enumeration value, card or colour
        pass
    raise NotationError(f"invalid rules: {name}={text[:40]} is not a valid value")


_INT_DIGITS = 100
"""The most digits a number in rules text has: far more than any field's
largest value (:class:`~threeup3down.Rules` refuses the rest, whoever reads
them), few enough that ``int()`` reads them at once."""



# -------------------------------------------------------------------- record


def format_record(record: GameRecord) -> str:
    """``record`` as text: its tags, a blank line, then one line per turn.

    The game is replayed to number its turns, so an illegal move raises
    :class:`~threeup3down.IllegalMoveError`.

    >>> from threeup3down import Rules, new_game, parse_move
    >>> format_cards(new_game(Rules(players=2), seed=3).seats[0].hand)
    '1b,6g,6b,7r,8r,9g'
    >>> record = GameRecord(Rules(players=2), 3, (parse_move("up:6g,7r,9g"),), names=("Ann", 'B "2"'))
    >>> print(format_record(record))
    [Format "threeup3down/record"]
    [Version "1"]
    [Rules "players=2"]
    [Seed "3"]
    [Player0 "Ann"]
    [Player1 "B \\"2\\""]
    <BLANKLINE>
    setup p0 up:6g,7r,9g
    """
    tags = [("Format", _FORMAT), ("Version", _VERSION), ("Rules", format_rules(record.rules))]
    tags.append(("Seed", str(record.seed)))
    tags += [(f"Player{seat}", name) for seat, name in enumerate(record.names)]
    if record.date is not None:
        tags.append(("Date", record.date.isoformat()))
    if record.result is not None:
        tags.append(("Result", record.result))
    lines = [f'[{tag} "{_escape(value)}"]' for tag, value in tags]
    return "\n".join([*lines, "", *_turn_lines(record)])


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def _turn_lines(record: GameRecord) -> list[str]:
    """One line per turn, after a line of setup choices."""
    setup: list[str] = []
    turns: list[str] = []
    current: tuple[int, int] | None = None
    for state, move in zip(replay(record), record.moves):
        seat = state.current_player
        if state.phase is Phase.SETUP:
            setup.append(f"p{seat} {move}")
            continue
        if (state.turn, seat) != current:
            current = (state.turn, seat)
            turns.append(f"{state.turn + 1}. p{seat}")
        turns[-1] += f" {move}"
    return ([f"setup {' '.join(setup)}"] if setup else []) + turns


_TAG = re.compile(r'\[([A-Za-z0-9]+) "((?:[^"\\]|\\.)*)"\]')
_LABEL = re.compile(r"setup|[0-9]+\.|p[0-9]+")
_PLAYER_TAG = re.compile(r"Player(0|[1-9][0-9]?)")


def parse_record(text: str, *, max_size: int = MAX_INPUT_SIZE) -> GameRecord:
    """The record written as ``text`` by :func:`format_record`.

    Turn numbers (``12.``), seats (``p0``) and ``setup`` between the moves
    are skipped. The moves are not checked here: :func:`~threeup3down.formats.records.replay` does.
    Text longer than ``max_size`` characters is refused (:mod:`threeup3down.core.limits`);
    reading takes time linear in its length.

    >>> parse_record('[Format "threeup3down/record"]\\n[Version "1"]\\n[Rules "players=2"]\\n\\nup:1g')
    Traceback (most recent call last):
    ...
    threeup3down.core.errors.NotationError: invalid record: the Seed tag is missing
    """
    if not isinstance(text, str):
        raise NotationError(f"invalid record: a record is text (a str), not {type(text).__name__}")
    too_long = size_problem(text, max_size)
    if too_long:
        raise NotationError(f"invalid record: {too_long}")
    lines = text.strip().splitlines()
    tags: dict[str, str] = {}
    start = 0
    while start < len(lines) and lines[start].startswith("["):
        line = lines[start].strip()
        start += 1
        match = _TAG.fullmatch(line)
        if match is None:
            raise NotationError(f'invalid record: {line!r} is not a tag line like [Seed "42"]')
        if match[1] in tags:
            raise NotationError(f"invalid record: the {match[1]} tag is given twice")
        value = match[2]
        tags[match[1]] = re.sub(r"\\(.)", r"\1", value) if "\\" in value else value
    tokens = " ".join(lines[start:]).split()
    moves = tuple(_parse_move(token) for token in tokens if not _LABEL.fullmatch(token))
    return _record(tags, moves)


def _parse_move(token: str) -> Move:
    """The move ``token`` writes, read once per token a record repeats (a short
    one: every move of a game is, and the memo stays small whatever a record holds)."""
    move = _MOVES.table.get(token)
    if move is not None:
        return move
    try:
        move = parse_move(token)
    except NotationError as error:
        raise NotationError(f"invalid record: {error}") from None
    return _MOVES.remember(token, move) if len(token) <= _SHORT_MOVE else move


def _move_weight(token: str, move: Move) -> int:
    cards: object = getattr(move, "cards", ())  # the cards of a play or a 3UP choice
    return weigh(token, move, cards)


_MOVES: Memo[str, Move] = Memo("moves read from records", weight_of=_move_weight, limit=1024, size=1 << 18)
_SHORT_MOVE = 64
"""The longest move text :data:`_MOVES` keeps, in characters."""


def _record(tags: dict[str, str], moves: tuple[Move, ...]) -> GameRecord:
    for tag in ("Format", "Version", "Rules", "Seed"):
        if tag not in tags:
            raise NotationError(f"invalid record: the {tag} tag is missing")
    if tags["Format"] != _FORMAT or tags["Version"] != _VERSION:
        raise NotationError(
            f"invalid record: format {tags['Format']} version {tags['Version']} "
            f"(this library reads {_FORMAT} version {_VERSION})"
        )
    names = _names(tags)
    unknown = set(tags) - {"Format", "Version", "Rules", "Seed", "Date", "Result"}
    unknown -= {f"Player{seat}" for seat in range(len(names))}
    if unknown:
        raise NotationError(f"invalid record: unknown tags {', '.join(sorted(unknown))}")
    if not re.fullmatch(r"-?[0-9]+", tags["Seed"]):
        raise NotationError(f"invalid record: the seed {tags['Seed'][:40]!r} is not a whole number")
    too_long = seed_problem(tags["Seed"])  # before int(), which is slow on (or refuses) long text
    if too_long:
        raise NotationError(f"invalid record: {too_long}")
    try:
        date = datetime.date.fromisoformat(tags["Date"]) if "Date" in tags else None
        if "Date" in tags and not re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", tags["Date"]):
            raise ValueError(tags["Date"])
    except ValueError:
        raise NotationError(f"invalid record: the date {tags['Date']!r} is not YYYY-MM-DD") from None
    try:
        return GameRecord(
            rules=parse_rules(tags["Rules"]),
            seed=int(tags["Seed"]),
            moves=moves,
            names=names,
            date=date,
            result=tags.get("Result"),
        )
    except NotationError:
        raise
    except ThreeUpError as error:
        raise NotationError(f"invalid record: {error}") from error


def _names(tags: dict[str, str]) -> tuple[str, ...]:
    """The names of the ``Player0``, ``Player1``... tags, which number the seats from 0."""
    seats = sorted(int(match[1]) for tag in tags if (match := _PLAYER_TAG.fullmatch(tag)))
    if seats != list(range(len(seats))):
        raise NotationError("invalid record: Player tags name the seats from Player0 on, each once")
    return tuple(tags[f"Player{seat}"] for seat in seats)
