"""Write the golden playthroughs in ``tests/golden/``: complete games, move by move.

Each transcript is one seeded game played to the end by a deterministic bot
and written as text (see :func:`format_transcript`)::

    # comment lines
    rules players=2
    seed 16
    bot random-choice
    start setup 0 1g,3r,...
    1 up:7b,9g,10r setup 1 ...
    2 up:...       play 0 ...
    ...
    result winner=1 turns=86

``rules`` lists the players and every :class:`~threeup3down.Rules` field that
differs from its default; ``seed`` is the seed of the deal
(:func:`~threeup3down.new_game`); ``start`` is the dealt position; each
numbered line is one decision: the move in move notation, then the position
after it in position notation. The bot is ``random.Random(seed).choice`` over
:func:`~threeup3down.legal_moves`, so a transcript depends on the deal, the
order of the legal moves and every rule of the engine.

``tests/test_golden.py`` replays every transcript and fails on the first move
or position that differs. After a deliberate change of behaviour, regenerate::

    python scripts/make_golden.py           # rewrite tests/golden/*.txt
    python scripts/make_golden.py --check   # exit 1 if any transcript is stale

and review ``git diff tests/golden``: every changed line is a change in how
games play, and must be one the change intended.
"""

from __future__ import annotations

import argparse
import enum
import random
import sys
from collections.abc import Iterator
from pathlib import Path

import attrs

from threeup3down import (
    ClearTwoDraw,
    Colour,
    Deck,
    EarlyDraw,
    FirstPlayer,
    GameState,
    Move,
    NotationError,
    Rules,
    ScoreScope,
    apply,
    format_cards,
    legal_moves,
    new_game,
    parse_cards,
)

__all__ = [
    "GAMES",
    "GOLDEN",
    "Step",
    "Transcript",
    "bot_moves",
    "format_rules",
    "format_transcript",
    "main",
    "parse_rules",
    "parse_transcript",
    "play_transcript",
    "result_line",
]

GOLDEN = Path(__file__).resolve().parent.parent / "tests" / "golden"
"""Where the transcripts live."""

BOT = "random-choice"
"""The bot's name in a transcript: ``random.Random(seed).choice(legal_moves(state))``."""

GAMES: dict[str, tuple[Rules, int]] = {
    "two-players": (Rules(players=2), 16),
    "four-players": (Rules(players=4), 19),
    "six-players": (Rules(players=6), 9),
    "four-players-options": (
        Rules(
            players=4,
            places=True,
            draw_instead=True,
            reverse_on_one=True,
            pile_swap=True,
            chosen_faces=True,
            same_colour_swap=True,
            first_player=FirstPlayer.RANDOM,
            clear_two_draw=ClearTwoDraw.EACH,
        ),
        38,
    ),
    "three-players-literal-deck": (
        Rules(
            players=3,
            deck=Deck.LITERAL,
            omitted_colours=frozenset({Colour.BLUE}),
            first_player=FirstPlayer.DEALERS_LEFT,
            dealer=1,
        ),
        13,
    ),
}
"""Every transcript: file stem -> (rules, seed)."""


# --------------------------------------------------------------------- rules


_ENUMS: dict[str, type[enum.Enum]] = {
    "deck": Deck,
    "first_player": FirstPlayer,
    "clear_two_draw": ClearTwoDraw,
    "early_draw": EarlyDraw,
    "score_scope": ScoreScope,
}


def format_rules(rules: Rules) -> str:
    """``rules`` as ``players=N`` and ``field=value`` for every field off its default."""
    words = [f"players={rules.players}"]
    for field in attrs.fields(Rules):
        value = getattr(rules, field.name)
        if field.name != "players" and value != field.default:
            words.append(f"{field.name}={_format_value(value)}")
    return " ".join(words)


def _format_value(value: object) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, enum.Enum):
        return str(value.value)
    if isinstance(value, frozenset):
        return "".join(colour.letter for colour in Colour if colour in value)
    if isinstance(value, tuple):
        return format_cards(card for card in value)
    return str(value)


def parse_rules(text: str) -> Rules:
    """The rules written by :func:`format_rules`."""
    values: dict[str, object] = {}
    defaults = {field.name: field.default for field in attrs.fields(Rules)}
    for word in text.split():
        name, _, value = word.partition("=")
        if name not in defaults:
            raise NotationError(f"unknown rules field {name!r}")
        values[name] = _parse_value(name, value, defaults[name])
    return Rules(**values)  # type: ignore[arg-type]  # checked by Rules itself


def _parse_value(name: str, text: str, default: object) -> object:
    if name in _ENUMS:
        return _ENUMS[name](text)
    if name == "omitted_colours":
        return frozenset(Colour.parse(letter) for letter in text)
    if name == "custom_cards":
        return None if text == "none" else parse_cards(text)
    if isinstance(default, bool):
        return text == "true"
    return None if text == "none" else int(text)


# ---------------------------------------------------------------- transcripts


@attrs.frozen
class Step:
    """One decision of a transcript."""

    move: str
    """The move, in move notation."""
    position: str
    """The position after it, in position notation."""


@attrs.frozen
class Transcript:
    """A complete game: how it was dealt, every decision, how it ended."""

    rules: Rules
    """The rules it was played by."""
    seed: int
    """The seed of the deal, and of the bot."""
    start: str
    """The dealt position, in position notation."""
    steps: tuple[Step, ...]
    """Every decision, in order."""
    result: str
    """How the game ended (:func:`result_line`)."""


def bot_moves(state: GameState, seed: int) -> Iterator[tuple[Move, GameState]]:
    """The bot's moves from ``state`` to the end of the game, each with the state after it."""
    rng = random.Random(seed)
    while not state.is_over:
        move = rng.choice(legal_moves(state))
        state = apply(state, move)
        yield move, state


def result_line(state: GameState) -> str:
    """How a finished game ended: winner or places, or stalemate (O10), and turns played."""
    if state.is_stalemate:
        outcome = "stalemate"
    elif state.rules.places:
        outcome = "places=" + ",".join(map(str, state.places))
    else:
        outcome = f"winner={state.winner}"
    return f"{outcome} turns={state.turn}"


def play_transcript(rules: Rules, seed: int) -> Transcript:
    """The game dealt from ``seed`` and played to the end by the bot."""
    start = new_game(rules, seed=seed)
    final = start
    steps: list[Step] = []
    for move, final in bot_moves(start, seed):
        steps.append(Step(str(move), final.notation()))
    return Transcript(rules, seed, start.notation(), tuple(steps), result_line(final))


_HEADER = """\
# Golden playthrough of threeup3down: a seeded game played to the end by a bot,
# each decision as "number move position-after". Replayed by tests/test_golden.py.
# Regenerate with `python scripts/make_golden.py` and review the diff: every
# changed line is a change in how games play.
"""


def format_transcript(transcript: Transcript) -> str:
    """``transcript`` as the text of a golden file."""
    lines = [
        _HEADER.rstrip("\n"),
        f"rules {format_rules(transcript.rules)}",
        f"seed {transcript.seed}",
        f"bot {BOT}",
        f"start {transcript.start}",
    ]
    lines += [f"{number} {step.move} {step.position}" for number, step in enumerate(transcript.steps, 1)]
    lines.append(f"result {transcript.result}")
    return "\n".join(lines) + "\n"


def parse_transcript(text: str) -> Transcript:
    """The transcript written by :func:`format_transcript`."""
    lines = [line for line in text.splitlines() if line and not line.startswith("#")]
    tags: dict[str, str] = {}
    steps: list[Step] = []
    for number, line in enumerate(lines):
        key, _, rest = line.partition(" ")
        if key.isdigit():
            if int(key) != len(steps) + 1:
                raise NotationError(f"step {key} is out of order (line {number + 1})")
            move, _, position = rest.partition(" ")
            steps.append(Step(move, position))
        else:
            tags[key] = rest
    if tags.get("bot") != BOT:
        raise NotationError(f"unknown bot {tags.get('bot')!r}")
    return Transcript(
        rules=parse_rules(tags["rules"]),
        seed=int(tags["seed"]),
        start=tags["start"],
        steps=tuple(steps),
        result=tags["result"],
    )


# ---------------------------------------------------------------------- main


def main(argv: list[str] | None = None) -> int:
    """Write every transcript of :data:`GAMES` (or, with ``--check``, compare)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--check", action="store_true", help="only report stale transcripts")
    args = parser.parse_args(argv)
    stale = []
    for name, (rules, seed) in GAMES.items():
        path = GOLDEN / f"{name}.txt"
        text = format_transcript(play_transcript(rules, seed))
        old = path.read_text() if path.exists() else None
        if old == text:
            continue
        stale.append(path.name)
        if not args.check:
            path.write_text(text)
    unknown = sorted({path.stem for path in GOLDEN.glob("*.txt")} - set(GAMES))
    verb = "stale" if args.check else "written"
    print(f"{verb}: {', '.join(stale) or 'none'}; not in GAMES: {', '.join(unknown) or 'none'}")
    return 1 if args.check and (stale or unknown) else 0


if __name__ == "__main__":
    sys.exit(main())
