"""The ``threeup3down`` command line.

``threeup3down demo`` deals a game and lets bots play it, printing every turn;
``threeup3down play`` lets a person play one seat against bots in the
terminal. ``python -m threeup3down`` works too. Both take ``--players``,
``--seed`` and a switch for each optional rule (``--help`` lists them).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from threeup3down.bots import Bot, LowestCardBot, RandomBot
from threeup3down.cards import Colour, format_cards
from threeup3down.deal import new_game
from threeup3down.events import NextPlayer, apply_with_events
from threeup3down.narration import describe
from threeup3down.errors import NotationError, RulesError
from threeup3down.rules import ClearTwoDraw, Deck, FirstPlayer, Rules
from threeup3down.terminal import play_in_terminal
from threeup3down.state import GameState, Phase

__all__ = ["main", "table_line"]


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line ``argv`` (default: ``sys.argv[1:]``); return the exit status.

    >>> main(["demo", "--players", "2", "--seed", "4", "--quiet"])
    Player 0 wins after 91 turns.
    0
    """
    parser = argparse.ArgumentParser(prog="threeup3down", description="The 3UP 3DOWN rules engine.")
    commands = parser.add_subparsers(dest="command", required=True)
    demo = commands.add_parser("demo", help="watch bots play a game, turn by turn")
    _add_table_options(demo, seed=1)
    demo.add_argument(
        "--bot", choices=("lowest", "random"), default="lowest",
        help="which bot plays every seat (default: lowest card first)",
    )
    demo.add_argument("--quiet", action="store_true", help="print only the result")
    play = commands.add_parser("play", help="play one seat against bots in the terminal")
    _add_table_options(play, seed=None)
    play.add_argument("--seat", type=int, default=0, help="your seat (default 0)")
    args = parser.parse_args(argv)
    try:
        return _run(parser, args)
    except BrokenPipeError:  # the reader (say, `head`) stopped listening: stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


def _run(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    try:
        rules = _rules(args)
    except (RulesError, NotationError) as error:
        parser.error(str(error))
    if args.command == "play":
        if not 0 <= args.seat < rules.players:
            parser.error(f"--seat {args.seat} is not at a table of {rules.players}")
        play_in_terminal(rules, seed=args.seed, stdin=sys.stdin, stdout=sys.stdout, seat=args.seat)
        return 0
    return _demo(rules, args.seed, args.bot, args.quiet)


_SWITCHES = {
    "places": "O1: play on to settle every place",
    "draw_instead": "O2: a player may take a card instead of playing",
    "reverse_on_one": "O3: a 1 reverses the direction of play",
    "pile_swap": "O5: 3UP/3DOWN piles change owners after setup",
    "chosen_faces": "O6: choose the next player's 3UP cards",
    "same_colour_swap": "O7: four of one colour offers a hand/3UP swap",
}


def _add_table_options(parser: argparse.ArgumentParser, *, seed: int | None) -> None:
    parser.add_argument("--players", type=int, default=4, help="2-6, or 7-12 with --decks 2 (default 4)")
    parser.add_argument("--seed", type=int, default=seed, help=f"deal seed (default {seed or 'random'})")
    for name, text in _SWITCHES.items():
        parser.add_argument(f"--{name.replace('_', '-')}", action="store_true", help=text)
    parser.add_argument("--deck", choices=[deck.value for deck in Deck], default="standard", help="D1")
    parser.add_argument("--decks", type=int, default=1, help="O11: 2 for 7-12 players")
    parser.add_argument(
        "--omit", default="", metavar="COLOURS", help="O8: colour letters to leave out, e.g. b or rb"
    )
    parser.add_argument(
        "--first-player", choices=[mode.value for mode in FirstPlayer], default="seat", help="S5, O9"
    )
    parser.add_argument(
        "--clear-two-draw", choices=[mode.value for mode in ClearTwoDraw], default="first", help="C3"
    )
    parser.add_argument(
        "--turn-limit", type=int, default=1000, help="O10: stalemate after this many turns (0: none)"
    )


def _rules(args: argparse.Namespace) -> Rules:
    return Rules(
        players=args.players,
        deck=Deck(args.deck),
        decks=args.decks,
        omitted_colours=frozenset(Colour.parse(letter) for letter in args.omit),
        first_player=FirstPlayer(args.first_player),
        clear_two_draw=ClearTwoDraw(args.clear_two_draw),
        turn_limit=args.turn_limit or None,
        **{name: getattr(args, name) for name in _SWITCHES},
    )


def _demo(rules: Rules, seed: int, bot_name: str, quiet: bool) -> int:
    state = new_game(rules, seed=seed)
    bots: list[Bot] = [
        LowestCardBot() if bot_name == "lowest" else RandomBot(seed * 100 + seat)
        for seat in range(rules.players)
    ]
    if not quiet:
        print(f"3UP 3DOWN: {rules.players} players, seed {seed}, {bot_name} bots")
    while not state.is_over:
        if not quiet and state.phase is Phase.PLAY and state.owed_plays == 0:
            print(table_line(state))
        state, events = apply_with_events(state, bots[state.current_player].choose(state))
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
