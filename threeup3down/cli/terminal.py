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
import gettext
import textwrap
from collections.abc import Callable, Sequence
from typing import TextIO

import attrs

from threeup3down.bots import AnyBot, LowestCardBot, decide
from threeup3down.core.deal import new_game
from threeup3down.core.errors import IllegalMoveError, NotationError
from threeup3down.core.i18n import N_, translation
from threeup3down.views.events import GameOver, apply_with_events, events_for
from threeup3down.core.moves import ChooseUp, Move, Play, parse_move
from threeup3down.views.narration import describe
from threeup3down.views.observation import Observation, observe
from threeup3down.views.text import render_view
from threeup3down.core.rules import Rules
from threeup3down.core.state import GameState

__all__ = ["play_in_terminal"]

_HELP = N_(
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
    locale: str | None = None,
) -> GameState:
    """Play a game in which a person at ``seat`` types moves; the bots move the others.

    Everything is told in the language of ``locale`` (English without a
    catalog); moves are typed in move notation in every language. Returns the
    last state: finished, or as it stood when the person quit.

    .. versionchanged:: 0.4.0
       The ``locale`` argument.

    >>> import io
    >>> from threeup3down import Rules
    >>> out = io.StringIO()
    >>> final = play_in_terminal(Rules(players=2), seed=3, stdin=io.StringIO("1\\nq\\n"), stdout=out)
    >>> "Your 6 cards:" in out.getvalue(), out.getvalue().splitlines()[-2:]
    (True, ['Your move (number or notation, ? for help, q to quit): q', 'Game abandoned.'])
    >>> final.phase.value
    'play'
    >>> out = io.StringIO()
    >>> _ = play_in_terminal(Rules(players=2), seed=3, stdin=io.StringIO("q\\n"), stdout=out, locale="km")
    >>> out.getvalue().splitlines()[-1]
    'ហ្គេមត្រូវបានបោះបង់។'
    """
    tell = _Teller(seat, stdout, translation(locale), locale)
    state = new_game(rules, seed=seed)
    players = bots if bots is not None else [LowestCardBot()] * rules.players
    read = _reader(stdin, stdout, tell.gettext(_PROMPT))
    colours_noted = False
    rng = random.Random(seed)
    while not state.is_over:
        if state.current_player != seat:
            state = _step(state, decide(players[state.current_player], state, rng), tell)
            continue
        view = observe(state, seat)
        print(render_view(view, locale=locale), file=stdout)
        note = not colours_noted and _colours_never_matter(view)
        colours_noted = colours_noted or note
        after = _ask(view, read, tell, note=note, play=functools.partial(_step, state, tell=tell))
        if after is None:
            print(tell.gettext("Game abandoned."), file=stdout)
            return state
        state = after
    print(_result(state, tell), file=stdout)
    return state


@attrs.frozen
class _Teller:
    """Who is told (the person's seat), where (their terminal) and in which language."""

    seat: int
    stdout: TextIO
    catalog: gettext.NullTranslations
    locale: str | None

    def gettext(self, text: str) -> str:
        return self.catalog.gettext(text)

    def say(self, text: str) -> None:
        """Print ``text`` wrapped to :data:`_WIDTH` columns, later lines indented."""
        print(textwrap.fill(text, width=_WIDTH, subsequent_indent="  ", break_on_hyphens=False), file=self.stdout)


def _step(state: GameState, move: Move, tell: _Teller) -> GameState:
    after, events = apply_with_events(state, move)
    for event in events_for(events, tell.seat):
        if not isinstance(event, GameOver):  # the result is printed once, last
            print(f"  {describe(event, you=tell.seat, locale=tell.locale)}", file=tell.stdout)
    return after


def _refusal(error: IllegalMoveError, tell: _Teller) -> str:
    """The engine's refusal told to the person: ``you cannot play 7r: ... (rule P2)``."""
    text = error.message(tell.locale, you=tell.seat)
    return tell.gettext("%(refusal)s (rule %(rule)s)") % {"refusal": text, "rule": error.rule}


_PROMPT = N_("Your move (number or notation, ? for help, q to quit): ")


def _reader(stdin: TextIO, stdout: TextIO, prompt: str) -> Callable[[], str]:
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
                return input(prompt) + "\n"
            except EOFError:
                return ""

        return interactive

    def plain() -> str:
        print(prompt, end="", file=stdout)
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
    tell: _Teller,
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
        print(f"  {number:>2}) {move}", file=tell.stdout)
    if note:
        print("  " + tell.gettext(
            "(Colours never matter in this game: one move is listed per choice of numbers,"
            " and you may type other colours.)"), file=tell.stdout)
    while True:
        line = read()
        if not line:
            return None
        text = line.strip()
        if text in ("q", "quit"):
            return None
        if text in ("?", "help", ""):
            tell.say(tell.gettext(_HELP))
            continue
        if text.isdigit():
            if 1 <= int(text) <= len(moves):
                return play(moves[int(text) - 1])
            print(tell.gettext("Choose a number from 1 to %(last)s.") % {"last": len(moves)}, file=tell.stdout)
            continue
        try:
            return play(parse_move(text))
        except NotationError as error:
            tell.say(tell.gettext("Not understood: %(error)s") % {"error": error})
        except IllegalMoveError as error:
            tell.say(tell.gettext("Not allowed: %(refusal)s") % {"refusal": _refusal(error, tell)})


_WIDTH = 80
"""The width of the smallest usual terminal: an answer is wrapped to fit it."""


def _result(state: GameState, tell: _Teller) -> str:
    _ = tell.gettext
    if state.is_stalemate:
        return _("The game ends in a stalemate (turn limit).")
    result = _("You win!") if state.winner == tell.seat else _("Player %(player)s wins.") % {"player": state.winner}
    if len(state.places) <= 1:
        return result
    places = ", ".join(_("you") if place == tell.seat else _("player %(player)s") % {"player": place} for place in state.places)
    return _("%(result)s Places: %(places)s.") % {"result": result, "places": places}
