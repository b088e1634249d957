"""Terminal play: a person plays one seat against bots, by typing moves.

The person sees only what their seat may know (an
:class:`~threeup3down.views.observation.Observation` and redacted events), picks a
move by its number or types it in move notation, and is asked again after a
typing mistake or a move the rules refuse; the game goes on. Everything is
told to the person as "you". At a real terminal the prompt has line editing
and a history of the moves typed (the standard library's ``readline`` module,
where the platform has it). Run it with ``threeup3down play`` (see
:mod:`threeup3down.cli`).
"""

from __future__ import annotations

import functools
import random
import sys
import textwrap
from collections.abc import Callable, Sequence
from typing import TextIO

from threeup3down.bots import AnyBot, LowestCardBot, decide
from threeup3down.core.deal import new_game
from threeup3down.core.errors import IllegalMoveError, NotationError
from threeup3down.views.events import Event, GameOver, apply_with_events, events_for
from threeup3down.core.moves import ChooseUp, Move, Play, parse_move
from threeup3down.views.narration import describe
from threeup3down.views.observation import Observation, observe
from threeup3down.views.text import render_view
from threeup3down.core.rules import Rules
from threeup3down.core.state import GameState

__all__ = ["play_in_terminal"]

_HELP = (
    "Type the number of a move, or the move in notation: 7r or 7r,7g (hand), "
    "^9g (3UP), v0 (3DOWN position), pick, draw, take, keep, swap:7r/9g, "
    "up:7r,9g,Cb (setup). q quits."
)


def play_in_terminal(
    rules: Rules,
    *,
    seed: int | None,
    stdin: TextIO,
    stdout: TextIO,
    seat: int = 0,
    bots: Sequence[AnyBot] | None = None,
) -> GameState:
    """Play a game in which a person at ``seat`` types moves; the bots move the others.

    Returns the last state: finished, or as it stood when the person quit.

    >>> import io
    >>> from threeup3down import Rules
    >>> out = io.StringIO()
    >>> final = play_in_terminal(Rules(players=2), seed=3, stdin=io.StringIO("1\\nq\\n"), stdout=out)
    >>> "Your 6 cards:" in out.getvalue(), out.getvalue().splitlines()[-2:]
    (True, ['Your move (number or notation, ? for help, q to quit): q', 'Game abandoned.'])
    >>> final.phase.value
    'play'
    """
    state = new_game(rules, seed=seed)
    players = bots if bots is not None else [LowestCardBot()] * rules.players
    read = _reader(stdin, stdout)
    colours_noted = False
    rng = random.Random(seed)
    while not state.is_over:
        if state.current_player != seat:
            state = _step(state, decide(players[state.current_player], state, rng), seat, stdout)
            continue
        view = observe(state, seat)
        print(render_view(view), file=stdout)
        note = not colours_noted and _colours_never_matter(view)
        colours_noted = colours_noted or note
        after = _ask(view, read, stdout, note=note, play=functools.partial(_step, state, seat=seat, stdout=stdout))
        if after is None:
            print("Game abandoned.", file=stdout)
            return state
        state = after
    print(_result(state, seat), file=stdout)
    return state


def _step(state: GameState, move: Move, seat: int, stdout: TextIO) -> GameState:
    after, events = apply_with_events(state, move)
    _tell(events_for(events, seat), seat, stdout)
    return after


def _tell(events: Sequence[Event], seat: int, stdout: TextIO) -> None:
    for event in events:
        if not isinstance(event, GameOver):  # the result is printed once, last
            print(f"  {describe(event, you=seat)}", file=stdout)


def _refusal(error: IllegalMoveError, seat: int) -> str:
    """The engine's refusal told to the person: ``you cannot play 7r: ... (rule P2)``."""
    text = str(error).removeprefix(f"{error.rule}: ")
    mover = f"player {seat}"
    if text.startswith(f"{mover} "):
        text = "you" + text.removeprefix(mover)
    for told, said in _SECOND_PERSON:
        text = text.replace(f"{mover} {told}", f"you {said}")
    return f"{text} (rule {error.rule})"


_SECOND_PERSON = (("chooses", "choose"), ("first swaps or keeps", "first swap or keep"), ("owes", "owe"))
"""The verbs the engine's refusals use of the player to move, and the same told to "you"."""


_PROMPT = "Your move (number or notation, ? for help, q to quit): "


def _reader(stdin: TextIO, stdout: TextIO) -> Callable[[], str]:
    """How to read one typed line ('' at the end of input).

    At an interactive terminal this is :func:`input`, with the line editing
    and history of ``readline`` where the platform has it; otherwise a
    plain read that echoes the line, so a transcript reads well.
    """
    if stdin is sys.stdin and stdout is sys.stdout and stdin.isatty():
        try:
            import readline  # noqa: F401  (importing it gives input() editing and history)
        except ImportError:  # not every platform has it; input() still works
            pass

        def interactive() -> str:
            try:
                return input(_PROMPT) + "\n"
            except EOFError:
                return ""

        return interactive

    def plain() -> str:
        print(_PROMPT, end="", file=stdout)
        line = stdin.readline()
        if not stdin.isatty():
            print(line.rstrip("\n"), file=stdout)  # echo typed input, so a transcript reads well
        return line

    return plain


def _colours_never_matter(view: Observation) -> bool:
    """Whether the move list leaves colours out: no option makes them matter, and cards are chosen."""
    return not view.rules.colour_matters and any(
        isinstance(move, (Play, ChooseUp)) for move in view.legal_moves()
    )


def _ask(
    view: Observation,
    read: Callable[[], str],
    stdout: TextIO,
    *,
    note: bool,
    play: Callable[[Move], GameState],
) -> GameState | None:
    """Read moves until one parses and ``play`` accepts it; the state after it,
    or ``None`` when the person quits.

    A typing mistake or a move the rules refuse is answered under the table,
    just before the prompt asks again, so it stays in sight. With ``note``,
    first say once that colours never matter here.
    """
    moves = view.legal_moves()
    for number, move in enumerate(moves, start=1):
        print(f"  {number:>2}) {move}", file=stdout)
    if note:
        print("  (Colours never matter in this game: one move is listed per choice of numbers,"
              " and you may type other colours.)", file=stdout)
    while True:
        line = read()
        if not line:
            return None
        text = line.strip()
        if text in ("q", "quit"):
            return None
        if text in ("?", "help", ""):
            _say(_HELP, stdout)
            continue
        if text.isdigit():
            if 1 <= int(text) <= len(moves):
                return play(moves[int(text) - 1])
            print(f"Choose a number from 1 to {len(moves)}.", file=stdout)
            continue
        try:
            return play(parse_move(text))
        except NotationError as error:
            _say(f"Not understood: {error}", stdout)
        except IllegalMoveError as error:
            _say(f"Not allowed: {_refusal(error, view.player)}", stdout)


_WIDTH = 80
"""The width of the smallest usual terminal: an answer is wrapped to fit it."""


def _say(text: str, stdout: TextIO) -> None:
    """Print ``text`` wrapped to :data:`_WIDTH` columns, later lines indented."""
    print(textwrap.fill(text, width=_WIDTH, subsequent_indent="  ", break_on_hyphens=False), file=stdout)


def _result(state: GameState, seat: int) -> str:
    if state.is_stalemate:
        return "The game ends in a stalemate (turn limit)."
    result = "You win!" if state.winner == seat else f"Player {state.winner} wins."
    places = ", ".join("you" if place == seat else f"player {place}" for place in state.places)
    return result + (f" Places: {places}." if len(state.places) > 1 else "")
