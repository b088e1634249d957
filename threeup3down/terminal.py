"""Terminal play: a person plays one seat against bots, by typing moves.

The person sees only what their seat may know (an
:class:`~threeup3down.observation.Observation` and redacted events), picks a
move by its number or types it in move notation, and is asked again after a
typing mistake or a move the rules refuse; the game goes on. Everything is
told to the person as "you". At a real terminal the prompt has line editing
and a history of the moves typed (the standard library's ``readline`` module,
where the platform has it). Run it with ``threeup3down play`` (see
:mod:`threeup3down.cli`).
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable, Sequence
from typing import TextIO

from threeup3down.bots import AnyBot, LowestCardBot, decide
from threeup3down.cards import format_cards
from threeup3down.deal import new_game
from threeup3down.errors import IllegalMoveError, NotationError
from threeup3down.events import Event, apply_with_events, events_for
from threeup3down.moves import ChooseUp, Move, Play, parse_move
from threeup3down.narration import describe
from threeup3down.observation import Observation, observe
from threeup3down.rules import Rules
from threeup3down.state import GameState, Phase

__all__ = ["play_in_terminal", "render_view"]

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
        move = _ask(view, read, stdout, note=note)
        if move is None:
            print("Game abandoned.", file=stdout)
            return state
        try:
            state = _step(state, move, seat, stdout)
        except IllegalMoveError as error:
            print(f"Not allowed: {_refusal(error, seat)}", file=stdout)
    print(_result(state, seat), file=stdout)
    return state


def _step(state: GameState, move: Move, seat: int, stdout: TextIO) -> GameState:
    after, events = apply_with_events(state, move)
    _tell(events_for(events, seat), seat, stdout)
    return after


def _tell(events: Sequence[Event], seat: int, stdout: TextIO) -> None:
    for event in events:
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


def _ask(view: Observation, read: Callable[[], str], stdout: TextIO, *, note: bool) -> Move | None:
    """Read moves until one parses; ``None`` when the person quits.

    With ``note``, first say once that colours never matter here.
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
            print(_HELP, file=stdout)
            continue
        if text.isdigit():
            if 1 <= int(text) <= len(moves):
                return moves[int(text) - 1]
            print(f"Choose a number from 1 to {len(moves)}.", file=stdout)
            continue
        try:
            return parse_move(text)
        except NotationError as error:
            print(f"Not understood: {error}", file=stdout)


def render_view(view: Observation) -> str:
    """The table as the observing seat sees it, as lines of text.

    >>> from threeup3down import GameState, Rules
    >>> state = GameState.from_notation("play 0 7r,9g|8b|2b,1b,1b/5b,6b|9r|3g,1r,1r 4r 8g *", Rules(players=2))
    >>> print(render_view(observe(state, 0)))
    --- Turn 1: your move (player 0) ---
    Player 1: 2 cards in hand | 3UP 9r | 3DOWN 3
    Draw pile 1 | out of game 70 | discard pile 8g
    You: 3UP 8b | 3DOWN 3
    Your hand: 7r 9g

    Cards every player saw go into another hand, and not leave it, are named:

    >>> state = GameState.from_notation("play 0 7r,9g|8b|2b,6r,7b/5b,6b|9r|3g,10g,10b 4r 8g * known=-/6b", Rules(players=2))
    >>> render_view(observe(state, 0)).splitlines()[1]
    'Player 1: 2 cards in hand (known: 6b) | 3UP 9r | 3DOWN 3'
    """
    me = view.player
    if view.phase is Phase.SETUP:
        heading = "--- Setup: choose your 3UP cards ---"
    else:
        whose = "your move" if view.is_to_move else f"player {view.current_player} to move"
        heading = f"--- Turn {view.turn + 1}: {whose} (player {me}) ---"
    lines = [heading]
    for number, seat in enumerate(view.seats):
        if number == me:
            continue
        status = " (out)" if number in view.finished else ""
        known = f" (known: {' '.join(map(str, seat.known))})" if seat.known else ""
        lines.append(
            f"Player {number}: {_count(seat.hand_size, 'card')} in hand{known} | 3UP {format_cards(seat.up)}"
            f" | 3DOWN {seat.down_size}{status}"
        )
    pile = " ".join(map(str, view.discard_pile[-6:])) or "empty"
    if len(view.discard_pile) > 6:
        pile = f"... {pile} ({len(view.discard_pile)} cards)"
    direction = "" if view.direction > 0 else " | play runs against seat order"
    lines.append(
        f"Draw pile {view.draw_pile_size} | out of game {len(view.out_of_game)}"
        f" | discard pile {pile}{direction}"
    )
    own = view.seats[me]
    lines.append(f"You: 3UP {format_cards(own.up)} | 3DOWN {own.down_size}")
    label = f"Your {len(view.hand)} cards" if view.phase is Phase.SETUP else "Your hand"
    lines.append(f"{label}: {' '.join(map(str, view.hand)) or 'empty'}")
    if view.owed_plays and view.is_to_move:
        lines.append(f"You owe {view.owed_plays} more {'play' if view.owed_plays == 1 else 'plays'}.")
    return "\n".join(lines)


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}{'' if number == 1 else 's'}"


def _result(state: GameState, seat: int) -> str:
    if state.is_stalemate:
        return "The game ends in a stalemate (turn limit)."
    result = "You win!" if state.winner == seat else f"Player {state.winner} wins."
    places = ", ".join("you" if place == seat else f"player {place}" for place in state.places)
    return result + (f" Places: {places}." if len(state.places) > 1 else "")
