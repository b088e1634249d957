"""Game records: a whole game as its rules, its seed and its moves.

All the randomness of a game is in the deal (:func:`~threeup3down.new_game`),
so the rules, the seed and the moves made are the whole game: :func:`replay`
reproduces every state of it exactly. A :class:`GameRecord` also keeps
optional metadata: the players' names, the date, and the result.

>>> from threeup3down import Rules, legal_moves
>>> record = record_game(Rules(players=2), seed=5, strategy=lambda state: legal_moves(state)[0])
>>> states = replay(record)
>>> len(states) == len(record.moves) + 1, states[-1].is_over
(True, True)
>>> record.result == game_result(states[-1])
True

Records are stored as JSON (:mod:`threeup3down.formats.serialization`) or as text
(:mod:`threeup3down.formats.record_text`).
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Callable

import attrs

from threeup3down.core.deal import new_game
from threeup3down.core.engine import apply
from threeup3down.core.errors import IllegalMoveError, RecordError
from threeup3down.core.i18n import message
from threeup3down.core.limits import seed_problem
from threeup3down.core.moves import Move
from threeup3down.core.rules import Rules
from threeup3down.core.state import GameState

__all__ = ["GameRecord", "forfeit_result", "game_result", "record_game", "replay"]


def game_result(state: GameState) -> str:
    """The result of the game in ``state``, as a :class:`GameRecord` stores it.

    ``*`` while the game goes on; once it is over, the seats in the order they
    went out, winner first (``2``, or with places, O1, ``2,0,1``); after the
    turn limit (O10) ``stalemate``, followed by the places settled before it
    (O1), as in ``stalemate 2,0``.

    >>> from threeup3down import GameState, Rules
    >>> state = GameState.from_notation("over 1 5r|-|-/-|-|- - - * fin=1", Rules(players=2))
    >>> game_result(state)
    '1'
    >>> game_result(GameState.from_notation("play 0 5r|-|-/4g|-|- - - *", Rules(players=2)))
    '*'
    """
    places = ",".join(str(seat) for seat in state.places)
    if not state.is_over:
        return "*"
    if state.is_stalemate:
        return f"stalemate {places}" if places else "stalemate"
    return places


def forfeit_result(state: GameState, seats: tuple[int, ...]) -> str:
    """The result of the game in ``state`` when ``seats`` forfeited it, as a
    :class:`GameRecord` stores it: the result :func:`game_result` writes, the
    forfeiting seats left out of its finishing order, then ``forfeit`` and
    those seats, in seat order, ranked last. Without places (O1) only the
    winner is ranked: ``forfeit 1`` alone when the seat that forfeited went out
    first. A game that ended at the forfeit, not played out, is ``forfeit 1``,
    as the table server writes a table's result.

    .. versionadded:: 0.5.0

    >>> from threeup3down import GameState, Rules
    >>> over = GameState.from_notation("over 2 -|-|-/5r|-|-/-|-|- - - * fin=2,0,1", Rules(players=3, places=True))
    >>> forfeit_result(over, (0,)), forfeit_result(over, (2,)), forfeit_result(over, (0, 1))
    ('2,1 forfeit 0', '0,1 forfeit 2', '2 forfeit 0,1')
    >>> won = GameState.from_notation("over 1 5r|-|-/-|-|- - - * fin=1", Rules(players=2))
    >>> forfeit_result(won, (0,)), forfeit_result(won, (1,))
    ('1 forfeit 0', 'forfeit 1')
    """
    forfeited = ",".join(str(seat) for seat in sorted(seats))
    if not state.is_over:
        return f"{_FORFEIT} {forfeited}"
    places = ",".join(str(seat) for seat in state.places if seat not in seats)
    played = ("stalemate " if state.is_stalemate else "") + places
    return f"{played.strip()} {_FORFEIT} {forfeited}".lstrip()


_FORFEIT = "forfeit"
"""The word of a result that says which seats forfeited (the table server's ``forfeit SEAT``)."""

_SEATS = "[0-9]{1,3}(?:,[0-9]{1,3})*"
_RESULT = re.compile(rf"\*|stalemate|(?:stalemate )?({_SEATS})")
_FORFEITED = re.compile(rf"(?:(.+) )?{_FORFEIT} ({_SEATS})")


def _seats(text: str | None) -> list[int]:
    return [int(seat) for seat in text.split(",")] if text else []


def _forfeited_seats(result: str | None) -> tuple[int, ...]:
    """The seats that ``result`` says forfeited the game (none for most games)."""
    forfeit = None if result is None else _FORFEITED.fullmatch(result)
    return () if forfeit is None else tuple(_seats(forfeit[2]))


def _result_problem(result: str, rules: Rules) -> str | None:
    """Why ``result`` cannot be the result of a game by ``rules``; ``None`` if it can."""
    forfeit = _FORFEITED.fullmatch(result)
    played = result if forfeit is None else forfeit[1]
    forfeited = [] if forfeit is None else _seats(forfeit[2])
    match = None if played is None else _RESULT.fullmatch(played)
    if played is not None and (match is None or (forfeit is not None and played == "*")):
        return (
            f"result {result!r} is not '*', 'stalemate' or seats in finishing order like '2,0', "
            f"each optionally followed by '{_FORFEIT} ' and the seats that forfeited, like '2,0 {_FORFEIT} 1'"
        )
    seats = _seats(match[1]) if match is not None else []
    settled = rules.places_to_settle
    every = seats + forfeited
    if len(set(every)) != len(every) or any(seat >= rules.players for seat in every):
        return f"result {result!r} must name distinct seats of the table, 0-{rules.players - 1}"
    if forfeited != sorted(forfeited):
        return f"result {result!r} must name the seats that forfeited in seat order"
    if played is not None and played.startswith("stalemate"):
        # O1: once all but one are out, the last takes the last place and the game is decided
        most = max(0, settled - 2)
        if len(seats) > most:
            return f"result {result!r}: a game stalemated by these rules settles at most {most} places (W1, O1, O10)"
    elif forfeit is not None:
        if rules.places and seats and len(seats) != rules.players - len(forfeited):
            return (
                f"result {result!r}: a game decided by these rules ranks every seat that did not "
                "forfeit it (W1, O1)"
            )
        if len(seats) > settled:
            return f"result {result!r}: a game decided by these rules settles {settled} places (W1, O1)"
    elif seats and len(seats) != settled:
        return f"result {result!r}: a game decided by these rules settles {settled} places (W1, O1)"
    return None


def _type_name(value: object) -> str:
    if value is None:
        return "None"
    name = type(value).__name__
    return f"an {name}" if name[:1].lower() in "aeiou" else f"a {name}"


def _check_rules(record: GameRecord, attribute: object, rules: Rules) -> None:
    if not isinstance(rules, Rules):
        raise RecordError(f"rules must be a Rules, not {_type_name(rules)}")


def _check_seed(record: GameRecord | None, attribute: object, seed: int) -> None:
    if seed is None:
        raise RecordError("seed is None: a record needs the int seed that dealt its game")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise RecordError(
            f"seed {seed!r} must be an int (the seed of new_game), not {_type_name(seed)}"
        )
    too_long = seed_problem(seed)
    if too_long:
        raise RecordError(too_long)


def _check_moves(record: GameRecord, attribute: object, moves: tuple[Move, ...]) -> None:
    if not isinstance(moves, tuple):
        raise RecordError(f"moves must be a tuple of moves, not {_type_name(moves)}")
    for number, move in enumerate(moves, start=1):
        if not isinstance(move, Move):
            raise RecordError(
                f"move {number} is {_type_name(move)}, not a move (parse_move reads move notation)"
            )


def _check_date(record: GameRecord, attribute: object, date: datetime.date | None) -> None:
    if date is not None and not isinstance(date, datetime.date):
        raise RecordError(f"date must be a datetime.date or None, not {_type_name(date)}")


def _check_names(record: GameRecord, attribute: object, names: tuple[str, ...]) -> None:
    if not isinstance(names, tuple):
        raise RecordError(f"names must be a tuple of strings, not {_type_name(names)}")
    for name in names:
        if not isinstance(name, str):
            raise RecordError(f"player name {name!r} must be a string, not {_type_name(name)}")
    if names and len(names) != record.rules.players:
        raise RecordError(
            f"{len(names)} names for {record.rules.players} players: name every seat or none"
        )
    for name in names:
        if not name or not name.isprintable():
            raise RecordError(f"player name {name!r} must be a non-empty line of printable text")


def _check_result(record: GameRecord, attribute: object, result: str | None) -> None:
    if result is not None and not isinstance(result, str):
        raise RecordError(f"result must be a string or None, not {_type_name(result)}")
    problem = None if result is None else _result_problem(result, record.rules)
    if problem:
        raise RecordError(problem)


@attrs.frozen
class GameRecord:
    """A game: the rules, the seed of the deal, the moves, and optional metadata.

    The moves are those of :func:`~threeup3down.legal_moves` (or any other
    legal move), setup choices included, in the order they were made. The
    record is not checked against the game until :func:`replay`.

    >>> from threeup3down import Rules, parse_move
    >>> record = GameRecord(rules=Rules(players=2), seed=1, moves=(parse_move("up:1g,2g,3g"),))
    >>> record.moves
    (ChooseUp(cards=(Card.GREEN_1, Card.GREEN_2, Card.GREEN_3)),)
    >>> GameRecord(rules=Rules(players=2), seed=None)
    Traceback (most recent call last):
    ...
    threeup3down.core.errors.RecordError: seed is None: a record needs the int seed that dealt its game
    """

    rules: Rules = attrs.field(validator=_check_rules)
    """The rules the game was played by."""
    seed: int = attrs.field(validator=_check_seed)
    """The seed of :func:`~threeup3down.new_game`, which decides the deal: at most
    :data:`~threeup3down.core.limits.MAX_SEED_DIGITS` digits."""
    moves: tuple[Move, ...] = attrs.field(default=(), validator=_check_moves)
    """Every move made, in order."""
    names: tuple[str, ...] = attrs.field(default=(), validator=_check_names)
    """The players' names by seat number, or none."""
    date: datetime.date | None = attrs.field(default=None, validator=_check_date)
    """The day the game was played."""
    result: str | None = attrs.field(default=None, validator=_check_result)
    """How the game ended, as :func:`game_result` writes it (``*`` if it had
    not), or :func:`forfeit_result` for a game that seats forfeited (``0
    forfeit 1``); ``None`` if not recorded. :func:`replay` checks it.

    .. versionchanged:: 0.5.0
       A result may say which seats forfeited (:func:`forfeit_result`)."""


def record_game(
    rules: Rules,
    seed: int,
    strategy: Callable[[GameState], Move],
    *,
    names: tuple[str, ...] = (),
    date: datetime.date | None = None,
) -> GameRecord:
    """Play a game from the deal to its end, each move chosen by ``strategy``,
    and record it with its result.

    ``strategy`` is asked for a move in every state that is not over. With no
    turn limit (O10), it must end the game by itself.

    >>> from threeup3down import Rules, legal_moves
    >>> def first(state: GameState) -> Move:
    ...     return legal_moves(state)[0]
    >>> record = record_game(Rules(players=3), 8, first, names=("Ann", "Bo", "Cy"))
    >>> record.moves[:4] == tuple(legal_moves(state)[0] for state in replay(record)[:4])
    True
    >>> record.result == game_result(replay(record)[-1]) != "*"
    True
    """
    _check_seed(None, None, seed)  # before the game is played, not after
    state = new_game(rules, seed=seed)
    moves = []
    while not state.is_over:
        move = strategy(state)
        state = apply(state, move)
        moves.append(move)
    return GameRecord(
        rules=rules, seed=seed, moves=tuple(moves), names=names, date=date, result=game_result(state)
    )


def replay(record: GameRecord) -> tuple[GameState, ...]:
    """Every state of the recorded game: the deal, then the state after each move.

    Raises :class:`~threeup3down.IllegalMoveError` (naming the move by its
    number, from 1) if a recorded move is not legal where it was made, and
    :class:`RecordError` if the recorded result is not how the moves end (for a
    result that says seats forfeited, :func:`forfeit_result` of those seats).

    >>> from threeup3down import Rules, parse_move
    >>> record = GameRecord(rules=Rules(players=2), seed=1, moves=(parse_move("pick"),))
    >>> replay(record)
    Traceback (most recent call last):
    ...
    threeup3down.core.errors.IllegalMoveError: S3: move 1 (pick): cannot pick up the discard pile during setup: player 0 chooses 3UP cards
    """
    if not isinstance(record, GameRecord):
        raise RecordError(f"replay needs a GameRecord, not {_type_name(record)}")
    states = [new_game(record.rules, seed=record.seed)]
    for number, move in enumerate(record.moves, start=1):
        try:
            states.append(apply(states[-1], move))
        except IllegalMoveError as error:
            detail = message(
                "move %(number)s (%(move)s): %(detail)s", number=number, move=str(move), detail=error.reason
            )
            raise IllegalMoveError(detail, rule=error.rule) from None
    forfeited = _forfeited_seats(record.result)
    ending = forfeit_result(states[-1], forfeited) if forfeited else game_result(states[-1])
    if record.result is not None and record.result != ending:
        raise RecordError(f"the record says the result is {record.result!r}, but its moves end with {ending!r}")
    return tuple(states)
