"""The library's exceptions: one root, :class:`ThreeUpError`.

Every error the library raises on bad input is a :class:`ThreeUpError` and a
:class:`ValueError`, so callers may catch either. Errors pickle: their extra
context is keyword-only and kept in ``args``.

>>> issubclass(IllegalMoveError, ThreeUpError) and issubclass(IllegalMoveError, ValueError)
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from threeup3down.core.i18n import Message

__all__ = [
    "BotClockExceeded",
    "BotError",
    "BotExceptionText",
    "BotFailed",
    "BotProtocolError",
    "BotTimedOut",
    "DocumentError",
    "IllegalMoveError",
    "LocaleError",
    "MatchError",
    "NotationError",
    "RecordError",
    "RulesError",
    "SimulationCancelled",
    "SimulationError",
    "SimulationInterrupted",
    "TableError",
    "ThreeUpError",
]


class ThreeUpError(ValueError):
    """Root of every error threeup3down raises on bad input.

    >>> from threeup3down import parse_move
    >>> try:
    ...     parse_move("7x")
    ... except ThreeUpError as error:
    ...     type(error).__name__, isinstance(error, ValueError)
    ('NotationError', True)
    """


class NotationError(ThreeUpError):
    """A card, move or position string that is not valid notation.

    >>> from threeup3down import Card
    >>> Card.parse("7x")
    Traceback (most recent call last):
    ...
    threeup3down.core.errors.NotationError: unknown colour 'x': expected g, r or b
    """


class MatchError(ThreeUpError):
    """A game that cannot be scored or recorded, or a match that cannot be (O4).

    >>> from threeup3down import new_game, Rules, score
    >>> score(new_game(Rules(players=2), seed=1))
    Traceback (most recent call last):
    ...
    threeup3down.core.errors.MatchError: only a finished game is scored (O4); this one is in setup
    """


class RulesError(ThreeUpError):
    """A :class:`~threeup3down.Rules` whose values are impossible or do not combine.

    :attr:`fields` names the offending configuration fields.

    >>> from threeup3down import Rules
    >>> Rules(players=1)
    Traceback (most recent call last):
    ...
    threeup3down.core.errors.RulesError: players: a table needs at least 2 players, not 1 (S1)
    """

    def __init__(self, message: str, *, fields: tuple[str, ...]) -> None:
        super().__init__(f"{', '.join(fields)}: {message}")
        self.fields = fields
        """The names of the :class:`~threeup3down.Rules` fields at fault."""

    def __reduce__(self) -> tuple[object, ...]:
        return (_rebuild_rules_error, (self.args[0], self.fields))


def _rebuild_rules_error(text: str, fields: tuple[str, ...]) -> RulesError:
    error = RulesError.__new__(RulesError)
    ValueError.__init__(error, text)
    error.fields = fields
    return error


class IllegalMoveError(ThreeUpError):
    """A move that the rules do not allow in the given state.

    :attr:`rule` is the ID of the rule the move breaks (for example ``"P2"``),
    as numbered in the rules specification; the message says what was tried
    and why it is refused. :meth:`message` tells it in a player's language;
    ``str(error)`` and :attr:`rule` are the same in every language.

    .. versionchanged:: 0.4.0
       :meth:`message` and :attr:`reason`.

    >>> from threeup3down import apply, GameState, Rules, parse_move
    >>> state = GameState.from_notation("play 0 7r,9g|-|-/8b|-|- - 8g *", Rules(players=2))
    >>> apply(state, parse_move("7r"))
    Traceback (most recent call last):
    ...
    threeup3down.core.errors.IllegalMoveError: P2: player 0 cannot play 7r: a 7 is lower than the 8 on top of the discard pile
    >>> try:
    ...     apply(state, parse_move("7r"))
    ... except IllegalMoveError as error:
    ...     error.rule, error.message("vi", you=0)
    ('P2', 'bạn không thể chơi 7r: lá 7 thấp hơn lá 8 trên cùng cọc loại bỏ')
    """

    def __init__(self, message: str | Message, *, rule: str) -> None:
        super().__init__(f"{rule}: {message}")
        self.rule = rule
        """The ID of the rule the refused move breaks."""
        self.reason = message
        """The human message (without the rule's ID): a
        :class:`~threeup3down.core.i18n.Message` when the library made it."""

    def message(self, locale: str | None = None, *, you: int | None = None) -> str:
        """The human message in the language of ``locale``, without the rule's ID; with
        ``you``, the player at that seat is told "you" (English without a catalog)."""
        if isinstance(self.reason, str):
            return self.reason
        return self.reason.render(locale, you=you)

    def __reduce__(self) -> tuple[object, ...]:
        return (_rebuild_illegal_move_error, (self.args[0], self.rule, self.reason))


def _rebuild_illegal_move_error(text: str, rule: str, reason: str | Message | None = None) -> IllegalMoveError:
    error = IllegalMoveError.__new__(IllegalMoveError)
    ValueError.__init__(error, text)
    error.rule = rule
    error.reason = reason if reason is not None else text.removeprefix(f"{rule}: ")
    return error


class LocaleError(ThreeUpError):
    """A locale that is not a language tag (a language without a catalog reads in English).

    .. versionadded:: 0.5.0

    >>> from threeup3down.core.i18n import translation
    >>> translation("km/../..")
    Traceback (most recent call last):
    ...
    threeup3down.core.errors.LocaleError: not a language tag: 'km/../..' (expected one such as 'km', 'vi_VN.UTF-8' or 'te-IN')
    """


class DocumentError(ThreeUpError):
    """A JSON document (or text record) that is not valid data for the library.

    .. versionchanged:: 0.2.0
       Defined here (it was in :mod:`threeup3down.formats.codec`).

    :attr:`path` locates the offending value in JSONPath form, ``$`` being the
    whole document.

    >>> error = DocumentError("expected an integer", path="$.seats[1]")
    >>> str(error), error.path
    ('$.seats[1]: expected an integer', '$.seats[1]')
    """

    def __init__(self, message: str, *, path: str = "$") -> None:
        super().__init__(f"{path}: {message}")
        self.path = path
        """Where in the document the problem is (``$`` is the whole document)."""

    def __reduce__(self) -> tuple[object, ...]:
        return (_rebuild_document_error, (self.args[0], self.path))


def _rebuild_document_error(text: str, path: str) -> DocumentError:
    error = DocumentError.__new__(DocumentError)
    ValueError.__init__(error, text)
    error.path = path
    return error


class RecordError(ThreeUpError):
    """A game record whose metadata do not fit its game.

    .. versionchanged:: 0.2.0
       Defined here (it was in :mod:`threeup3down.formats.records`).

    >>> from threeup3down import GameRecord, Rules
    >>> GameRecord(rules=Rules(players=2), seed=1, names=("Ann",))
    Traceback (most recent call last):
    ...
    threeup3down.core.errors.RecordError: 1 names for 2 players: name every seat or none
    """


class BotError(ThreeUpError):
    """A bot name or budget that names no bot, or a bot that broke the protocol.

    .. versionadded:: 0.2.0

    >>> from threeup3down.bots import make_bot
    >>> make_bot("genius")
    Traceback (most recent call last):
    ...
    threeup3down.core.errors.BotError: unknown bot 'genius': the bots are random, lowest, heuristic, ismcts, cheating
    """


class BotProtocolError(BotError):
    """A bot playing over standard input and output broke the bot protocol
    (:mod:`threeup3down.arena.protocol`): it crashed, did not greet in time,
    answered three times with no legal move, or flooded its output. The bot's
    process has been ended; :attr:`policy` names the fault, as the protocol's
    page lists them.

    .. versionadded:: 0.5.0

    >>> import pickle
    >>> error = pickle.loads(pickle.dumps(BotProtocolError("bot 'c' exited", policy="crash")))
    >>> str(error), error.policy
    ("bot 'c' exited", 'crash')
    """

    def __init__(self, message: str, *, policy: str) -> None:
        super().__init__(message)
        self.policy = policy
        """The fault: ``crash``, ``handshake``, ``refused``, ``flood`` or ``clock``."""

    def __reduce__(self) -> tuple[object, ...]:
        return (_rebuild_protocol_error, (type(self), self.args[0], vars(self)))


def _rebuild_protocol_error(
    kind: type[BotProtocolError], text: str, context: dict[str, object]
) -> BotProtocolError:
    error = kind.__new__(kind)
    ValueError.__init__(error, text)
    vars(error).update(context)
    return error


class BotClockExceeded(BotProtocolError):
    """A bot playing over standard input and output did not answer before its
    clock ran out; its process has been ended.

    .. versionadded:: 0.5.0

    >>> issubclass(BotClockExceeded, BotProtocolError)
    True
    """


class TableError(ThreeUpError):
    """A request the table server refuses: no such table, a seat already
    taken, a wrong token, a message the protocol does not know.

    :attr:`code` names the refusal in the protocol's words (``"no-such-table"``,
    ``"bad-token"``, ...), as error frames and JSON error bodies carry it.

    .. versionadded:: 0.5.0

    >>> error = TableError("no table 'x1'", code="no-such-table")
    >>> str(error), error.code
    ("no table 'x1'", 'no-such-table')
    """

    def __init__(self, message: str, *, code: str) -> None:
        super().__init__(message)
        self.code = code
        """The refusal's name in the server protocol."""

    def __reduce__(self) -> tuple[object, ...]:
        return (_rebuild_table_error, (self.args[0], self.code))


def _rebuild_table_error(text: str, code: str) -> TableError:
    return TableError(text, code=code)


class SimulationError(ThreeUpError):
    """Bad arguments to :func:`~threeup3down.simulation.simulate`, or a run that
    failed before it finished.

    .. versionadded:: 0.2.0

    >>> from threeup3down import Rules
    >>> from threeup3down.simulation import simulate
    >>> simulate(Rules(players=2), ["random", "random"], 0, seed=1)
    Traceback (most recent call last):
    ...
    threeup3down.core.errors.SimulationError: games must be a whole number of at least 1, not 0
    """


class SimulationCancelled(SimulationError):
    """A run stopped before every game was played; no result is reported.

    .. versionadded:: 0.2.0

    >>> issubclass(SimulationCancelled, SimulationError)
    True
    """


class SimulationInterrupted(SimulationCancelled):
    """A run stopped by Ctrl-C (:class:`KeyboardInterrupt`); no result is reported.

    .. versionadded:: 0.4.0

    >>> issubclass(SimulationInterrupted, SimulationCancelled)
    True
    """


class BotFailed(SimulationError):
    """A bot raised an exception in a game of a simulation; no result is reported.

    It reads the same on every executor: it names the game (:attr:`game`, its
    index in the run, and :attr:`seed`, the seed of its deal), the seat and
    the bot, and the bot's exception is its ``__cause__`` (or, when that
    exception could not be sent back from a worker process, a
    :class:`BotExceptionText` with its type name and message).

    .. versionadded:: 0.4.0

    >>> import pickle
    >>> error = BotFailed("bot 'mine' raised", game=3, seed=12, seat=1, bot="mine")
    >>> copy = pickle.loads(pickle.dumps(error))
    >>> str(copy), copy.game, copy.seed, copy.seat, copy.bot
    ("bot 'mine' raised", 3, 12, 1, 'mine')
    """

    def __init__(self, message: str, *, game: int, seed: int, seat: int, bot: str) -> None:
        super().__init__(message)
        self.game = game
        """The index of the game in the run (from 0)."""
        self.seed = seed
        """The seed of the game's deal: ``new_game(rules, seed=seed)`` deals it again."""
        self.seat = seat
        """The seat the bot played."""
        self.bot = bot
        """The bot's name."""

    def __reduce__(self) -> tuple[object, ...]:
        return (_rebuild_bot_failed, (type(self), self.args[0], vars(self)))


def _rebuild_bot_failed(kind: type[BotFailed], text: str, context: dict[str, object]) -> BotFailed:
    error = kind.__new__(kind)
    ValueError.__init__(error, text)
    vars(error).update(context)
    return error


class BotTimedOut(BotFailed):
    """A bot did not decide within the decision time limit of a simulation
    (:attr:`limit` seconds); no result is reported.

    .. versionadded:: 0.4.0

    >>> import pickle
    >>> error = BotTimedOut("too slow", game=0, seed=5, seat=0, bot="mine", limit=0.5)
    >>> copy = pickle.loads(pickle.dumps(error))
    >>> type(copy).__name__, copy.limit, copy.bot
    ('BotTimedOut', 0.5, 'mine')
    """

    def __init__(self, message: str, *, game: int, seed: int, seat: int, bot: str, limit: float) -> None:
        super().__init__(message, game=game, seed=seed, seat=seat, bot=bot)
        self.limit = limit
        """The decision time limit, in seconds."""


class BotExceptionText(Exception):
    """Stands for a bot's exception that could not be pickled back from a worker
    process: the :attr:`type_name` and :attr:`message` of the exception it was.

    It is the ``__cause__`` of a :class:`BotFailed` in that case; it is not a
    :class:`ThreeUpError`, as it reports no bad input.

    .. versionadded:: 0.4.0

    >>> str(BotExceptionText(type_name="LockError", message="cannot pickle"))
    'LockError: cannot pickle'
    """

    def __init__(self, *, type_name: str, message: str) -> None:
        super().__init__(f"{type_name}: {message}")
        self.type_name = type_name
        """The name of the exception's class."""
        self.message = message
        """The exception's message, ``str()`` of it."""

    def __reduce__(self) -> tuple[object, ...]:
        return (_rebuild_bot_exception_text, (self.type_name, self.message))


def _rebuild_bot_exception_text(type_name: str, message: str) -> BotExceptionText:
    return BotExceptionText(type_name=type_name, message=message)
