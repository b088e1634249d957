"""The ``threeup3down`` command line.

``threeup3down demo`` deals a game and lets bots play it, printing every turn;
``threeup3down play`` lets a person play one seat against bots in the
terminal; ``threeup3down simulate`` plays many games between bots and counts
who wins. ``python -m threeup3down`` works too. Each takes ``--seed`` and an
option for every field of :class:`~threeup3down.Rules`, made from the field's
type and described by its docstring (``--help`` lists them; :func:`rule_flags`
writes them).
"""

from __future__ import annotations

import argparse
import ast
import enum
import inspect
import itertools
import operator
import os
import random
import re
import sys
import types
import typing
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import attrs

from threeup3down import __version__
from threeup3down.cli import simulate as simulate_command
from threeup3down.bots import BOT_NAMES, AnyBot, decide, make_bot
from threeup3down.core import rules as rules_module
from threeup3down.core.cards import Colour, format_cards, parse_cards
from threeup3down.core.deal import new_game
from threeup3down.views.events import NextPlayer, apply_with_events
from threeup3down.views.narration import describe
from threeup3down.core.errors import BotError, NotationError, RulesError
from threeup3down.core.rules import RULES_VERSION, Rules
from threeup3down.cli.terminal import play_in_terminal
from threeup3down.core.phase import Phase
from threeup3down.core.state import GameState

__all__ = ["main", "rule_flags", "table_line"]

USAGE_ERROR = 2
"""The exit status for a command line that cannot be run as typed."""
INTERRUPTED = 130
"""The exit status after Ctrl-C (128 + SIGINT), as shells report it."""


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line ``argv`` (default: ``sys.argv[1:]``); return the exit status.

    The status is 0 on success, 2 for a command line that cannot be run
    (the subcommand's usage and the reason go to stderr), 130 after Ctrl-C.

    .. versionchanged:: 0.2.0
       Returns 2 for a usage error instead of raising :class:`SystemExit`;
       ``--version``; 130 after Ctrl-C.

    >>> main(["demo", "--players", "2", "--seed", "4", "--quiet"])
    Player 0 wins after 91 turns.
    0
    >>> main(["--version"])  # doctest: +ELLIPSIS
    threeup3down 0.3.0 (rules version ...)
    0
    """
    parser, commands = _parser()
    try:
        args = parser.parse_args(argv)
        return _run(commands[args.command], args)
    except SystemExit as exit:  # argparse: --help, --version, or a usage error
        return exit.code if isinstance(exit.code, int) else USAGE_ERROR
    except KeyboardInterrupt:  # Ctrl-C: stop at once, without a traceback
        print(file=sys.stderr)
        return INTERRUPTED
    except BrokenPipeError:  # the reader (say, `head`) stopped listening: stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


def _parser() -> tuple[argparse.ArgumentParser, dict[str, argparse.ArgumentParser]]:
    """The command line's parser, and each subcommand's parser by name."""
    parser = argparse.ArgumentParser(
        prog="threeup3down",
        description="The 3UP 3DOWN rules engine: watch bots play, or play against them.",
    )
    parser.add_argument(
        "--version", action="version",
        version=f"%(prog)s {__version__} (rules version {RULES_VERSION})",
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    docs = _attribute_docs(rules_module)
    demo = commands.add_parser(
        "demo", help="watch bots play a game, turn by turn",
        description="Deal a game and let bots play every seat, printing every turn.",
    )
    _add_table_options(demo, docs, seed=1)
    demo.add_argument(
        "--bot", choices=BOT_NAMES, default="lowest",
        help="which bot plays every seat: lowest plays its lowest cards first, random "
        "picks any legal move, heuristic follows a written-down strategy, ismcts "
        "searches, cheating searches seeing every card (default: lowest)",
    )
    demo.add_argument("--quiet", action="store_true", help="print only the result")
    play = commands.add_parser(
        "play", help="play one seat against bots in the terminal",
        description="Play one seat against bots: pick a move by its number or type it "
        "in move notation (? at the prompt explains it).",
    )
    _add_table_options(play, docs, seed=None)
    play.add_argument("--seat", type=int, default=0, help="your seat, from 0 (default 0)")
    play.add_argument(
        "--bots", default="lowest", metavar="NAME[,NAME...]",
        help=f"the opponents' bots: one name for all, or one per opponent in seat order; "
        f"names: {', '.join(BOT_NAMES)}; ismcts:N searches N iterations a move (default: lowest)",
    )
    simulate = commands.add_parser(
        "simulate", help="play many games between bots and count who wins",
        description=simulate_command.DESCRIPTION,
    )
    _add_table_options(simulate, docs, seed=0)
    simulate_command.add_arguments(simulate)
    return parser, {"demo": demo, "play": play, "simulate": simulate}


def _run(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """Run the subcommand whose parser is ``parser``; its usage errors exit with status 2."""
    try:
        rules = _rules(args)
    except (RulesError, NotationError) as error:
        parser.error(str(error))
    if args.command == "play":
        if not 0 <= args.seat < rules.players:
            parser.error(f"--seat {args.seat} is not at a table of {rules.players}")
        bots = _opponents(parser, args.bots, rules.players, args.seat)
        play_in_terminal(
            rules, seed=args.seed, stdin=sys.stdin, stdout=sys.stdout, seat=args.seat, bots=bots
        )
        return 0
    if args.command == "simulate":
        return simulate_command.run(rules, args)
    return _demo(rules, args.seed, args.bot, args.quiet)


def _opponents(parser: argparse.ArgumentParser, names: str, players: int, seat: int) -> list[AnyBot]:
    """A bot for every seat but ``seat``, from ``--bots`` (the entry at ``seat`` is unused)."""
    wanted = [name.strip() for name in names.split(",")]
    if len(wanted) == 1:
        wanted *= players - 1
    if len(wanted) != players - 1:
        parser.error(f"--bots names {len(wanted)} bots; a table of {players} has {players - 1} opponents")
    wanted.insert(seat, wanted[0])
    try:
        return [make_bot(name) for name in wanted]
    except BotError as error:
        parser.error(f"--bots: {error}")


def _add_table_options(
    parser: argparse.ArgumentParser, docs: Mapping[str, str], *, seed: int | None
) -> None:
    """Add ``--seed`` and an option for every field of :class:`Rules` to ``parser``."""
    parser.add_argument(
        "--seed", type=int, default=seed,
        help="the seed of the shuffle, for a repeatable deal "
        f"(default {'random' if seed is None else seed})",
    )
    group = parser.add_argument_group("rules", "the table's rules (default: the base game for four players)")
    for option in _RULE_OPTIONS:
        text = _help(option, docs).replace("%", "%%")
        spelling = option.spelling
        if spelling.parse is None:
            group.add_argument(option.flag, dest=option.field, action="store_true", help=text)
        else:
            group.add_argument(
                option.flag, dest=option.field, default=option.default, type=spelling.parse,
                metavar=spelling.metavar, choices=spelling.values(), help=text,
            )


def _rules(args: argparse.Namespace) -> Rules:
    return Rules(
        **{option.field: option.spelling.read(getattr(args, option.field)) for option in _RULE_OPTIONS}
    )


def rule_flags(rules: Rules) -> list[str]:
    """The options of ``demo``, ``play`` and ``simulate`` that set up ``rules``,
    in the fields' order, leaving out those at their default.

    >>> from threeup3down import FirstPlayer
    >>> rule_flags(Rules(players=3, first_player=FirstPlayer.RANDOM, places=True, turn_limit=None))
    ['--players', '3', '--first-player', 'random', '--places', '--turn-limit', '0']
    """
    flags: list[str] = []
    for option in _RULE_OPTIONS:
        value = option.spelling.write(getattr(rules, option.field))
        if value != option.default:
            flags += [option.flag] if option.spelling.is_switch else [option.flag, str(value)]
    return flags


# ------------------------------------------------------------ the rule options


def _same(value: Any) -> Any:
    return value


@attrs.frozen
class _Spelling:
    """How the command line writes the values of a field of :class:`Rules`."""

    read: Callable[[Any], Any] = _same
    """The field's value from the option's."""
    write: Callable[[Any], object] = _same
    """The option's value for a value of the field."""
    flag: str | None = None
    """The option, if not the field's name with dashes."""
    parse: Callable[[str], object] | None = None
    """What ``argparse`` makes of the text given; ``None`` for a switch."""
    metavar: str | None = None
    choices: type[enum.Enum] | None = None
    """The enumeration whose values the option takes."""
    how: str = ""
    """How a value is written, for the help."""
    none: str = "None"
    """How ``None`` is written, where the field's docstring names it."""

    @property
    def is_switch(self) -> bool:
        """Whether the option takes no value: the field is on if it is given."""
        return self.parse is None

    def values(self) -> list[object] | None:
        """The values the option takes, if only some."""
        return None if self.choices is None else [member.value for member in self.choices]


_SPELLINGS: dict[str, _Spelling] = {
    "omitted_colours": _Spelling(
        flag="--omit", parse=str, metavar="COLOURS", how="by letter, e.g. b or rb",
        read=lambda letters: frozenset(map(Colour.parse, letters)),
        write=lambda colours: "".join(colour.letter for colour in Colour if colour in colours),
    ),
    "custom_cards": _Spelling(
        parse=str, metavar="CARDS", how="in card notation, e.g. 1r,1g,2b,...",
        read=lambda text: None if text is None else parse_cards(text),
        write=lambda cards: None if cards is None else format_cards(cards),
    ),
    "turn_limit": _Spelling(
        parse=int, none="0", read=lambda limit: limit or None, write=lambda limit: limit or 0
    ),
}
"""The fields the command line spells its own way: colours by letter, cards in
notation, no turn limit as 0. The others follow their type (:func:`_spelling`)."""


def _spelling(name: str, hint: Any) -> _Spelling:
    """How the command line writes field ``name`` of type ``hint``: as
    :data:`_SPELLINGS` says, else a ``bool`` is a switch, an enumeration takes
    its values and an ``int`` a number."""
    if name in _SPELLINGS:
        return _SPELLINGS[name]
    if hint is bool:
        return _Spelling()
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return _Spelling(read=hint, write=operator.attrgetter("value"), parse=str, choices=hint)
    if hint is int:
        return _Spelling(parse=int)
    raise TypeError(f"Rules.{name} has no command-line option: add it to _SPELLINGS")


@attrs.frozen
class _RuleOption:
    """A field of :class:`Rules` as an option of ``demo``, ``play`` and ``simulate``."""

    field: str
    """The field, and the option's ``dest``."""
    spelling: _Spelling
    flag: str
    default: object
    """The option's value for the field's default."""


def _rule_options() -> tuple[_RuleOption, ...]:
    hints = typing.get_type_hints(Rules)
    options = []
    for field in attrs.fields(Rules):
        spelling = _spelling(field.name, hints[field.name])
        flag = spelling.flag or "--" + field.name.replace("_", "-")
        options.append(_RuleOption(field.name, spelling, flag, spelling.write(field.default)))
    return tuple(options)


_RULE_OPTIONS = _rule_options()
"""An option for every field of :class:`Rules`, in the fields' order."""


def _attribute_docs(module: types.ModuleType) -> dict[str, str]:
    """The docstrings under the attributes of the classes of ``module``, by
    ``Class.attribute``, read from its source as Sphinx reads them (none
    without the source).

    >>> _attribute_docs(rules_module)["Deck.LITERAL"]
    'The 74-card deck the GR rules page describes, taken literally.'
    """
    try:
        source = inspect.getsource(module)
    except OSError:  # installed without its source: options without descriptions
        return {}
    docs = {}
    for node in ast.parse(source).body:
        if not isinstance(node, ast.ClassDef):
            continue
        for attribute, after in itertools.pairwise(node.body):
            match attribute, after:
                case (
                    ast.AnnAssign(target=ast.Name(id=name)) | ast.Assign(targets=[ast.Name(id=name)]),
                    ast.Expr(value=ast.Constant(value=str() as doc)),
                ):
                    docs[f"{node.name}.{name}"] = inspect.cleandoc(doc)
    return docs


_REFERENCES = {option.field: option.flag for option in _RULE_OPTIONS} | {
    f"{choices.__name__}.{member.name}": f"{option.flag} {member.value}"
    for option in _RULE_OPTIONS
    if (choices := option.spelling.choices) is not None
    for member in choices
}
"""The command line's words for the fields and enumeration members that docstrings name."""
_REFERENCE = re.compile(r":\w+:`~?([\w.]+)`")
_LITERAL = re.compile(r"``([^`]+)``")
_CITED_FIRST = re.compile(r"(?P<rules>[A-Z]\d+\b[^:]*): (?P<text>.+)")
_CITED_LAST = re.compile(r"(?P<text>.+) \((?P<rules>[A-Z]\d+\b[^()]*)\)")
_CAPITALISED = re.compile(r"^[A-Z][a-z]*\b")


def _in_words(docstring: str, none: str) -> tuple[str, str]:
    """A docstring in the command line's words, and the rules it cites (or ""):
    a field it names is the field's option, a member of an enumeration the
    option and its value, ``None`` is ``none``.

    >>> _in_words("O3, with :attr:`reverse_on_one`: every 1 reverses.", "None")
    ('every 1 reverses', 'O3, with --reverse-on-one')
    >>> _in_words("The seat that plays first with :attr:`FirstPlayer.SEAT` (S5, O9).", "None")
    ('the seat that plays first with --first-player seat', 'S5, O9')
    """

    def reference(match: re.Match[str]) -> str:
        path = match[1].split(".")
        return _REFERENCES.get(".".join(path[-2:]), _REFERENCES.get(path[-1], path[-1]))

    text = _REFERENCE.sub(reference, " ".join(docstring.split()).removesuffix("."))
    text = _LITERAL.sub(lambda match: none if match[1] == "None" else match[1], text)
    cited = _CITED_FIRST.fullmatch(text) or _CITED_LAST.fullmatch(text)
    if cited:
        text, rules = cited["text"], cited["rules"]
    else:
        rules = ""
    return _CAPITALISED.sub(lambda match: match[0].lower(), text, count=1), rules


def _help(option: _RuleOption, docs: Mapping[str, str]) -> str:
    """The help of ``option``: its field's docstring in the command line's words,
    how a value is written, what each value means, the default and the rules cited."""
    spelling = option.spelling
    text, rules = _in_words(docs.get(f"Rules.{option.field}", ""), spelling.none)
    if spelling.how:
        text += f", {spelling.how}"
    if (choices := spelling.choices) is not None:
        meanings = []
        for member in choices:
            words, cited = _in_words(docs.get(f"{choices.__name__}.{member.name}", ""), spelling.none)
            meanings.append(f"{member.value} = {words}" + (f" ({cited})" if cited else ""))
        text += ": " + "; ".join(meanings)
    if not spelling.is_switch and option.default not in (None, ""):
        text += f" (default {option.default})"
    return text + (f" ({rules})" if rules else "")


def _demo(rules: Rules, seed: int, bot_name: str, quiet: bool) -> int:
    state = new_game(rules, seed=seed)
    bots: list[AnyBot] = [make_bot(bot_name) for _ in range(rules.players)]
    rng = random.Random(seed)
    if not quiet:
        print(f"3UP 3DOWN: {rules.players} players, seed {seed}, {bot_name} bots")
    while not state.is_over:
        if not quiet and state.phase is Phase.PLAY and state.owed_plays == 0:
            print(table_line(state))
        state, events = apply_with_events(state, decide(bots[state.current_player], state, rng))
        for event in events:
            if not quiet and not isinstance(event, NextPlayer):
                print(f"    {describe(event)}")
    print(_result(state))
    return 0


def table_line(state: GameState) -> str:
    """A one-line picture of the player to move's situation.

    >>> from threeup3down import GameState, Rules
    >>> print(table_line(GameState.from_notation("play 1 5g|-|-/7r,8b|9g|2b,4r,1b 6r 3g,5b *", Rules(players=2))))
    Turn 1, player 1: hand 7r,8b | 3UP 9g | 3DOWN 3 | pile 3g,5b | draw pile 1
    """
    seat = state.seats[state.current_player]
    pile = format_cards(state.discard_pile[-4:])
    if len(state.discard_pile) > 4:
        pile = f"...{pile} ({len(state.discard_pile)})"
    return (
        f"Turn {state.turn + 1}, player {state.current_player}: hand {format_cards(seat.hand)}"
        f" | 3UP {format_cards(seat.up)} | 3DOWN {len(seat.down)}"
        f" | pile {pile} | draw pile {len(state.draw_pile)}"
    )


def _result(state: GameState) -> str:
    if state.is_stalemate:
        return f"Stalemate: the turn limit of {state.rules.turn_limit} turns is reached (O10)."
    return f"Player {state.winner} wins after {state.turn} turns."
