"""The ``threeup3down`` command line.

``threeup3down demo`` deals a game and lets bots play it, printing every turn;
``threeup3down play`` lets a person play one seat against bots in the
terminal; ``threeup3down simulate`` plays many games between bots and counts
who wins; ``threeup3down arena`` plays a rated tournament between bots in any
language. ``python -m threeup3down`` works too. Each takes ``--seed`` and an
option for every field of :class:`~threeup3down.Rules`
(:mod:`~threeup3down.cli.rule_options`; ``--help`` lists them).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from collections.abc import Callable, Sequence

from threeup3down import __version__
from threeup3down.cli import arena as arena_command
from threeup3down.cli import serve as serve_command
from threeup3down.cli import simulate as simulate_command
from threeup3down.bots import AnyBot, decide, make_bot
from threeup3down.cli.bot_options import NAMES_HELP, bot_name, names_help
from threeup3down.core.cards import format_cards
from threeup3down.core.deal import new_game
from threeup3down.views.events import GameOver, NextPlayer, apply_with_events
from threeup3down.views.narration import describe
from threeup3down.core.errors import BotError, LocaleError, NotationError, RulesError
from threeup3down.core.i18n import languages, translation
from threeup3down.core.rules import RULES_VERSION, Rules
from threeup3down.cli.rule_options import add_rule_options, rules_error_message, rules_from_args
from threeup3down.cli.terminal import play_in_terminal
from threeup3down.core.phase import Phase
from threeup3down.core.state import GameState

__all__ = ["main", "table_line"]

USAGE_ERROR = 2
"""The exit status for a command line that cannot be run as typed."""
INTERRUPTED = simulate_command.INTERRUPTED
"""The exit status after Ctrl-C (128 + SIGINT), as shells report it, for every command."""


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line ``argv`` (default: ``sys.argv[1:]``); return the exit status.

    The status is 0 on success, 2 for a command line that cannot be run
    (the subcommand's usage and the reason go to stderr), 1 for a
    ``simulate`` run that failed (a bot raised or ran out of time, a worker
    died), and 130 after Ctrl-C, with one line on stderr saying so and no
    traceback, whatever the command.

    .. versionchanged:: 0.4.0
       ``simulate`` exits 130 after Ctrl-C, as the other commands do (it exited 1).

    .. versionchanged:: 0.2.0
       Returns 2 for a usage error instead of raising :class:`SystemExit`;
       ``--version``; 130 after Ctrl-C.

    >>> main(["demo", "--players", "2", "--seed", "4", "--quiet"])
    Player 0 wins after 91 turns.
    0
    >>> main(["--version"])  # doctest: +ELLIPSIS
    threeup3down 0.4.0 (rules version ...)
    0
    """
    argv = sys.argv[1:] if argv is None else list(argv)
    parser, commands = _parser(_language(argv))
    try:
        args = parser.parse_args(argv)
        return _run(commands[args.command], args)
    except SystemExit as exit:  # argparse: --help, --version, or a usage error
        return exit.code if isinstance(exit.code, int) else USAGE_ERROR
    except KeyboardInterrupt:  # Ctrl-C: stop at once, without a traceback
        print("\nthreeup3down: interrupted", file=sys.stderr)  # after the ^C the terminal echoed
        return INTERRUPTED
    except BrokenPipeError:  # the reader (say, `head`) stopped listening: stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


def _language(argv: Sequence[str]) -> str | None:
    """The language asked for: ``--lang``'s value, else the ``LANG`` variable; ``None`` for
    one that is not a language tag (``--lang`` then reports it, ``LANG`` is ignored)."""
    wanted = os.environ.get("LANG") or None
    for index, word in enumerate(argv):
        if word == "--lang" and index + 1 < len(argv):
            wanted = argv[index + 1]
        elif word.startswith("--lang="):
            wanted = word.removeprefix("--lang=")
    try:
        translation(wanted)
    except LocaleError:
        return None
    return wanted


def _locale(text: str) -> str:
    """``--lang``'s value: a language tag (one without a catalog reads in English)."""
    try:
        translation(text)
    except LocaleError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    return text


def _add_language(parser: argparse.ArgumentParser, locale: str | None, _: Callable[[str], str]) -> None:
    """``--lang``, whose default is ``locale`` (from ``LANG``)."""
    parser.add_argument(
        "--lang", type=_locale, default=locale, metavar="LANGUAGE",
        help=_("the language of the texts: %(languages)s; a language without a catalog reads in "
               "English (default: the LANG environment variable)") % {"languages": ", ".join(("en", *languages()))},
    )


def _parser(locale: str | None = None) -> tuple[argparse.ArgumentParser, dict[str, argparse.ArgumentParser]]:
    """The command line's parser, and each subcommand's parser by name; ``play``'s
    texts in the language of ``locale``."""
    _ = translation(locale).gettext
    parser = argparse.ArgumentParser(
        prog="threeup3down",
        description="The 3UP 3DOWN rules engine: watch bots play, or play against them.",
    )
    parser.add_argument(
        "--version", action="version",
        version=f"%(prog)s {__version__} (rules version {RULES_VERSION})",
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    demo = commands.add_parser(
        "demo", help="watch bots play a game, turn by turn",
        description="Deal a game and let bots play every seat, printing every turn.",
    )
    _add_seed(demo, seed=1, what=_DEAL)
    demo.add_argument(
        "--bot", type=bot_name, default="lowest", metavar="NAME",
        help="which bot plays every seat: lowest plays its lowest cards first, random "
        "picks any legal move, heuristic follows a written-down strategy, ismcts "
        f"searches, cheating searches seeing every card; {NAMES_HELP} (default: lowest)",
    )
    demo.add_argument("--quiet", action="store_true", help="print only the result")
    play = commands.add_parser(
        "play", help="play one seat against bots in the terminal",
        description=_("Play one seat against bots: pick a move by its number or type it "
                      "in move notation (? at the prompt explains it)."),
    )
    play.add_argument(
        "--seed", type=int, default=None,
        help=_("the seed of the shuffle, for a repeatable deal (default random)"),
    )
    play.add_argument("--seat", type=int, default=0, help=_("your seat, from 0 (default 0)"))
    play.add_argument(
        "--bots", default="lowest", metavar="NAME[,NAME...]",
        help=_("the opponents' bots: one name for all, or one per opponent in seat order; "
               "%(names)s (default: lowest)") % {"names": names_help(locale)},
    )
    _add_language(play, locale, _)
    simulate = commands.add_parser(
        "simulate", help="play many games between bots and count who wins",
        description=simulate_command.DESCRIPTION,
    )
    _add_seed(
        simulate, seed=0,
        what="the seed of the run: each game's deal and bots are seeded from it and the "
        "game's number, for repeatable results",
    )
    simulate_command.add_arguments(simulate)
    arena = commands.add_parser(
        "arena", help="play a rated tournament between bots, in any language",
        description=arena_command.DESCRIPTION,
    )
    _add_seed(
        arena, seed=0,
        what="the seed of the tournament: each game's deal and bots are seeded from it and the "
        "game's number, for repeatable results",
    )
    arena_command.add_arguments(arena)
    add_rule_options(demo, simulate, arena)
    add_rule_options(play, locale=locale)
    serve = commands.add_parser(
        "serve", help="serve tables to front ends over HTTP and WebSockets",
        description=serve_command.DESCRIPTION,
    )
    serve_command.add_arguments(serve)
    return parser, {"demo": demo, "play": play, "simulate": simulate, "arena": arena, "serve": serve}


def _run(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """Run the subcommand whose parser is ``parser``; its usage errors exit with status 2."""
    if args.command == "serve":
        return serve_command.run(args)
    try:
        rules = rules_from_args(args)
    except RulesError as error:
        parser.error(rules_error_message(error))
    except NotationError as error:
        parser.error(str(error))
    if args.command == "play":
        if not 0 <= args.seat < rules.players:
            parser.error(f"--seat {args.seat} is not at a table of {rules.players}")
        bots = _opponents(parser, args.bots, rules.players, args.seat)
        play_in_terminal(
            rules, seed=args.seed, stdin=sys.stdin, stdout=sys.stdout, seat=args.seat, bots=bots,
            locale=args.lang,
        )
        return 0
    if args.command == "simulate":
        if (problem := simulate_command.unwritable_output(args)) is not None:
            parser.error(problem)
        return simulate_command.run(rules, args)
    if args.command == "arena":
        if (problem := simulate_command.unwritable_output(args)) is not None:
            parser.error(problem)
        return arena_command.run(rules, args)
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


_DEAL = "the seed of the shuffle, for a repeatable deal"


def _add_seed(parser: argparse.ArgumentParser, *, seed: int | None, what: str) -> None:
    """``--seed``, whose help says ``what`` it seeds and its default, ``seed``."""
    parser.add_argument(
        "--seed", type=int, default=seed,
        help=f"{what} (default {'random' if seed is None else seed})",
    )


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
            if not quiet and not isinstance(event, (NextPlayer, GameOver)):  # the result comes last
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
    places = f" Places: {', '.join(map(str, state.places))}." if len(state.places) > 1 else ""
    return f"Player {state.winner} wins after {state.turn} turns.{places}"
