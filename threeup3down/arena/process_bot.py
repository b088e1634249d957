"""A bot in any language: a process that plays the bot protocol over its standard input and output.

:class:`ProcessBot` is a :class:`~threeup3down.bots.Bot` like any other, so
:func:`~threeup3down.simulation.simulate`, the arena and
:func:`~threeup3down.bots.play_game` play it. It starts its command at its
first decision, keeps it for the games of a batch, and ends it when it is
closed (:func:`~threeup3down.simulation.simulate` closes it at the end of each
batch) or when it faults (:data:`~threeup3down.arena.protocol.POLICIES`). It
pickles as its command and clock, so worker processes start their own.
Reading uses :func:`select.select` on a pipe: POSIX only.

>>> import random, sys
>>> from threeup3down import Rules, new_game
>>> from threeup3down.bots import RandomBot, play_game
>>> bot = ProcessBot([sys.executable, "examples/bots/first_move.py"])
>>> final = play_game(new_game(Rules(players=2), seed=1), [bot, RandomBot()], random.Random(1))
>>> final.is_over, bot.name
(True, 'first-move')
>>> bot.close()
"""

from __future__ import annotations

import os
import random
import select
import signal
import subprocess
import time
import weakref
from collections.abc import Sequence

from threeup3down.core.engine import apply
from threeup3down.core.errors import BotClockExceeded, BotProtocolError, IllegalMoveError, NotationError
from threeup3down.core.moves import Move, parse_move
from threeup3down.core.phase import Phase
from threeup3down.formats.serialization import to_dict
from threeup3down.views.observation import Observation, sample_state
from threeup3down.arena.protocol import (
    BYE_TIME,
    DEFAULT_CLOCK,
    HANDSHAKE_TIME,
    MAX_LINE,
    REFUSALS,
    Clock,
    ClockState,
    DecideWriter,
    bye_message,
    read_answer,
    read_hello,
    refused_message,
)

__all__ = ["ProcessBot"]


class ProcessBot:
    """The bot that the process ``command`` plays (the program and its arguments),
    on ``clock`` (default :data:`~threeup3down.arena.protocol.DEFAULT_CLOCK`),
    one clock per seat it plays and game.

    :attr:`name` is the name of its hello once it has started. Two bots
    are equal when their command, clock and working directory are.

    >>> import pickle, sys
    >>> bot = ProcessBot([sys.executable, "examples/bots/first_move.py"], clock=Clock.parse("2+0.5"))
    >>> pickle.loads(pickle.dumps(bot)) == bot, bot.pid is None  # not started until it decides
    (True, True)
    """

    __slots__ = (
        "__weakref__", "_buffer", "_clocks", "_ender", "_process", "_writer", "clock", "command", "cwd", "name",
    )

    keeps_own_time = True
    """Every decision ends by the bot's clock (answered, or a ``clock`` fault), so the
    decision time limit of :func:`~threeup3down.simulation.simulate` does not watch it.

    .. versionadded:: 0.5.0"""

    def __init__(self, command: Sequence[str], *, clock: Clock = DEFAULT_CLOCK, cwd: str | None = None) -> None:
        if isinstance(command, str) or not command or not all(isinstance(part, str) for part in command):
            raise BotProtocolError(
                f"a bot's command is a list of strings, the program first, not {command!r}", policy="crash"
            )
        self.command = tuple(command)
        self.clock = clock
        self.cwd = cwd
        self.name: str | None = None
        self._process: subprocess.Popen[bytes] | None = None
        self._ender: weakref.finalize[..., ProcessBot] | None = None
        self._buffer = b""
        self._clocks: dict[int, tuple[int, Phase, ClockState]] = {}
        self._writer = DecideWriter()

    def __reduce__(self) -> tuple[object, ...]:
        return (_rebuilt, (self.command, self.clock, self.cwd))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ProcessBot):
            return NotImplemented
        return (self.command, self.clock, self.cwd) == (other.command, other.clock, other.cwd)

    def __hash__(self) -> int:
        return hash((self.command, self.clock, self.cwd))

    def __repr__(self) -> str:
        return f"ProcessBot({list(self.command)!r}, clock=Clock.parse({str(self.clock)!r}))"

    @property
    def pid(self) -> int | None:
        """The process id of the running bot, or ``None`` when it is not running."""
        return None if self._process is None else self._process.pid

    def choose(self, observation: Observation, rng: random.Random) -> Move:
        """The bot's answer to ``observation``, asked over the protocol; a
        :class:`~threeup3down.core.errors.BotProtocolError` if it faults.

        >>> import sys
        >>> from threeup3down import Rules, new_game, observe
        >>> bot = ProcessBot([sys.executable, "examples/bots/first_move.py"])
        >>> view = observe(new_game(Rules(players=2), seed=1), 0)
        >>> bot.choose(view, random.Random(0)) == view.legal_moves()[0]
        True
        >>> bot.close()
        """
        if self._process is None:
            self._start()
        seat = observation.player
        clock = self._clock(seat, observation)
        moves = observation.legal_moves()
        notations = [str(move) for move in moves]
        document = to_dict(observation)
        started = time.monotonic()
        deadline = started + clock.remaining
        self._write(self._writer.line(clock, notations, document, observation.rules, rng.getrandbits(63)))
        waiting = "its move"
        for refusal in range(1, REFUSALS + 1):
            line = self._line(deadline, waiting)
            try:
                move = self._legal(line, observation, moves, notations)
            except _Refusal as refused:
                if refusal == REFUSALS:
                    self._end()
                    raise BotProtocolError(
                        f"bot {self._label()} gave {REFUSALS} answers that are no legal move; the last: "
                        f"{refused.error}", policy="refused",
                    ) from None
                self._send(refused_message(refused.error, refused.rule_id, REFUSALS - refusal))
                waiting = f"another answer, after its answer {line[:200]!r} was refused ({refused.error})"
                continue
            self._clocks[seat] = (observation.turn, observation.phase, clock.after(time.monotonic() - started))
            return move
        raise AssertionError("unreachable")  # pragma: no cover

    def check(self) -> str:
        """Start the bot, complete its handshake and end it; the name of its hello.
        A :class:`~threeup3down.core.errors.BotProtocolError` says why it cannot
        play (it cannot be started, exits or sends no valid hello in time), and
        no process is left.

        .. versionadded:: 0.5.0

        >>> import sys
        >>> ProcessBot([sys.executable, "examples/bots/first_move.py"]).check()
        'first-move'
        >>> ProcessBot(["/no/such/bot"]).check()  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        threeup3down.core.errors.BotProtocolError: bot ['/no/such/bot'] could not be started: [Errno 2] No such file or directory: ...
        """
        self.close()
        self._start()
        assert self.name is not None
        self.close()
        return self.name

    def close(self) -> None:
        """End the bot's process: ``bye``, standard input closed, killed if it
        has not exited within :data:`~threeup3down.arena.protocol.BYE_TIME`
        seconds. The next decision starts it again.

        >>> import sys
        >>> from threeup3down import Rules, new_game, observe
        >>> bot = ProcessBot([sys.executable, "examples/bots/first_move.py"])
        >>> _ = bot.choose(observe(new_game(Rules(players=2), seed=1), 0), random.Random(0))
        >>> bot.pid is None
        False
        >>> bot.close()
        >>> bot.pid is None
        True
        """
        process = self._process
        if process is None:
            return
        try:
            self._send(bye_message())
        except BotProtocolError:
            pass
        self._end(wait=BYE_TIME)

    def _start(self) -> None:
        try:
            process = subprocess.Popen(
                self.command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, cwd=self.cwd,
                start_new_session=True, bufsize=0,
            )
        except OSError as error:
            raise BotProtocolError(
                f"bot {list(self.command)!r} could not be started: {error}", policy="crash"
            ) from error
        self._process = process
        self._buffer = b""
        self._clocks = {}
        self._ender = weakref.finalize(self, _kill, process)
        line = self._line(time.monotonic() + HANDSHAKE_TIME, "its hello", policy="handshake")
        try:
            self.name = read_hello(line)
        except ValueError as error:
            self._end()
            raise BotProtocolError(f"bot {self._label()}: {error}", policy="handshake") from None

    def _clock(self, seat: int, observation: Observation) -> ClockState:
        """The clock of ``seat``: a new game's when the turn went back or setup began again."""
        last = self._clocks.get(seat)
        if last is None:
            return self.clock.start()
        turn, phase, clock = last
        if observation.turn < turn or (observation.phase is Phase.SETUP and phase is not Phase.SETUP):
            return self.clock.start()
        return clock

    def _legal(self, line: str, observation: Observation, moves: tuple[Move, ...], notations: list[str]) -> Move:
        """The legal move that ``line`` answers (``notations`` are the ``moves`` as
        sent); else :class:`_Refusal` saying why not."""
        try:
            text = read_answer(line)
        except ValueError as error:
            raise _Refusal(str(error), None) from None
        if text in notations:  # the notation sent, as most bots answer: no need to read it again
            return moves[notations.index(text)]
        try:
            move = parse_move(text)
        except NotationError as error:
            raise _Refusal(str(error), None) from None
        if move in moves:
            return move
        try:  # no hidden card decides what is legal: any state the observation allows says why
            apply(sample_state(observation, random.Random(0)), move)
        except IllegalMoveError as error:
            raise _Refusal(str(error), error.rule) from None
        raise _Refusal(f"{text!r} is not one of the legal moves", None)  # pragma: no cover

    def _send(self, line: str) -> None:
        self._write(line.encode() + b"\n")

    def _write(self, data: bytes) -> None:
        assert self._process is not None and self._process.stdin is not None
        try:
            self._process.stdin.write(data)
        except OSError:  # the bot exited: its output says so next
            pass

    def _line(self, deadline: float, what: str, *, policy: str = "crash") -> str:
        """The bot's next line, read by ``deadline`` (a :func:`time.monotonic` time)."""
        process = self._process
        assert process is not None and process.stdout is not None
        descriptor = process.stdout.fileno()
        while b"\n" not in self._buffer:
            if len(self._buffer) > MAX_LINE:
                self._end()
                raise BotProtocolError(
                    f"bot {self._label()} wrote a line longer than {MAX_LINE} bytes", policy="flood"
                )
            left = deadline - time.monotonic()
            ready = left > 0 and select.select([descriptor], [], [], left)[0]
            if not ready:
                self._end()
                if policy == "handshake":
                    raise BotProtocolError(
                        f"bot {self._label()} sent no hello within {HANDSHAKE_TIME:g} s", policy="handshake"
                    )
                raise BotClockExceeded(f"bot {self._label()} ran out of its clock ({self.clock}) waiting for "
                                       f"{what}", policy="clock")
            chunk = os.read(descriptor, MAX_LINE + 1)
            if not chunk:
                status = self._end(wait=BYE_TIME)
                raise BotProtocolError(
                    f"bot {self._label()} exited (status {status}) instead of sending {what}", policy=policy
                )
            self._buffer += chunk
        line, _, self._buffer = self._buffer.partition(b"\n")
        if len(line) > MAX_LINE:
            self._end()
            raise BotProtocolError(f"bot {self._label()} wrote a line longer than {MAX_LINE} bytes", policy="flood")
        return line.decode("utf-8", errors="replace")

    def _label(self) -> str:
        return repr(self.name) if self.name is not None else repr(" ".join(self.command))

    def _end(self, wait: float = 0.0) -> int | None:
        """End the process (its whole session), after ``wait`` seconds for it to exit; its status."""
        process, self._process = self._process, None
        if process is None:
            return None
        assert self._ender is not None
        self._ender.detach()
        if process.stdin is not None:
            try:
                process.stdin.close()
            except OSError:
                pass
        try:
            status = process.wait(wait) if wait else None
        except subprocess.TimeoutExpired:
            status = None
        _kill(process)
        return process.returncode if status is None else status


class _Refusal(Exception):
    def __init__(self, error: str, rule: str | None) -> None:
        super().__init__(error)
        self.error = error
        self.rule_id = rule


def _kill(process: subprocess.Popen[bytes]) -> None:
    """Kill ``process`` and every process of its session, and reap it."""
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
    process.wait()
    if process.stdout is not None:
        process.stdout.close()
    if process.stdin is not None:
        try:
            process.stdin.close()
        except OSError:
            pass


def _rebuilt(command: tuple[str, ...], clock: Clock, cwd: str | None) -> ProcessBot:
    return ProcessBot(command, clock=clock, cwd=cwd)
