"""The command line as a user meets it: version, exit statuses, usage errors, help, bots, rule options."""

from __future__ import annotations

import argparse
import inspect
import io
import re
import sys

import attrs
import pytest
from hypothesis import given

import threeup3down
from tests.strategies import rules
from threeup3down import ClearTwoDraw, Colour, Deck, EarlyDraw, FirstPlayer, Rules, ScoreScope, parse_cards
from threeup3down.cli import main
from threeup3down.cli.commands import _parser
from threeup3down.cli.rule_options import rule_flags, rules_from_args


def test_version_names_the_package_and_rules_versions(capsys: pytest.CaptureFixture[str]) -> None:
    """--version prints the package version and the rules version, and exits 0."""
    assert main(["--version"]) == 0
    out = capsys.readouterr().out
    assert out == f"threeup3down {threeup3down.__version__} (rules version {threeup3down.RULES_VERSION})\n"


@pytest.mark.parametrize(
    ("argv", "usage"),
    [
        ([], "usage: threeup3down [-h]"),
        (["fly"], "usage: threeup3down [-h]"),
        (["demo", "--players", "x"], "usage: threeup3down demo"),
        (["demo", "--players", "13"], "usage: threeup3down demo"),
        (["play", "--seat", "4", "--players", "3"], "usage: threeup3down play"),
        (["play", "--bots", "lowest,lowest"], "usage: threeup3down play"),
    ],
)
def test_usage_errors_exit_2_with_the_subcommands_usage(
    argv: list[str], usage: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """A command line that cannot run exits 2 and shows the usage of the command it names."""
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith(usage) and "error: " in err


def test_ctrl_c_exits_130_without_a_traceback(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Ctrl-C at the prompt stops the game with status 130 and no traceback."""

    class Interrupted(io.StringIO):
        def read(self, size: int | None = -1) -> str:
            raise KeyboardInterrupt

    stdin = Interrupted()
    monkeypatch.setattr(stdin, "readline", stdin.read)
    monkeypatch.setattr(sys, "stdin", stdin)
    assert main(["play", "--players", "2", "--seed", "1"]) == 130
    assert "Traceback" not in capsys.readouterr().err


def test_help_describes_every_switch_in_words(capsys: pytest.CaptureFixture[str]) -> None:
    """Every switch's help says what it does in words; rule IDs only follow in brackets."""
    for command in ("demo", "play", "simulate"):
        assert main([command, "--help"]) == 0
        text = capsys.readouterr().out
        options = text.split("options:", 1)[1]
        entries = re.split(r"\n  (?=-)", options)
        for entry in entries[1:]:
            words = re.sub(r"\([^)]*\)", "", entry.split("  ", 1)[-1] if "  " in entry else entry)
            assert len(re.findall(r"[a-z]{3,}", words)) >= 3, entry


@pytest.mark.parametrize(
    ("bots", "kinds"),
    [
        ("random", ["RandomBot"] * 2),
        ("lowest,random", ["LowestCardBot", "RandomBot"]),
        ("heuristic,ismcts:50", ["HeuristicBot", "ISMCTSBot"]),
    ],
)
def test_play_takes_the_opponents_bots_by_name(
    bots: str, kinds: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """--bots names one bot for every opponent, or one per opponent in seat order."""
    seen: list[str] = []

    def record(rules: object, **options: object) -> None:
        players = options["bots"]
        assert isinstance(players, list)
        seen.extend(type(bot).__name__ for number, bot in enumerate(players) if number != 1)

    monkeypatch.setattr("threeup3down.cli.commands.play_in_terminal", record)
    assert main(["play", "--players", "3", "--seat", "1", "--bots", bots]) == 0
    assert seen == kinds


def _options_by_dest(command: str) -> dict[str, argparse.Action]:
    """The options of ``command`` by dest."""
    return {action.dest: action for action in _parser()[1][command]._actions}


@pytest.mark.parametrize("command", ["demo", "play", "simulate"])
def test_every_rules_field_is_an_option(command: str) -> None:
    """Each field of Rules is an option of the command, whose dest is the field and whose help cites a rule."""
    options = _options_by_dest(command)
    for field in attrs.fields(Rules):
        assert field.name in options, f"{command} has no option for Rules.{field.name}"
        assert re.search(r"\([A-Z]\d+\b[^()]*\)$", options[field.name].help or ""), field.name


@given(rules())
def test_rule_flags_read_back_as_the_same_rules(table: Rules) -> None:
    """Parsing rule_flags(rules) gives back every field of the rules, whatever the table."""
    back = rules_from_args(_parser()[1]["demo"].parse_args(rule_flags(table)))
    for field in attrs.fields(Rules):
        assert getattr(back, field.name) == getattr(table, field.name), f"{field.name} does not read back"


def test_without_rule_options_the_table_is_the_default() -> None:
    """A command line without rule options plays Rules(): the base game for four players."""
    assert rules_from_args(_parser()[1]["play"].parse_args([])) == Rules()
    assert rule_flags(Rules()) == []


@pytest.mark.parametrize(
    ("argv", "table"),
    [
        (["--players", "3", "--omit", "rb"], Rules(players=3, omitted_colours={Colour.RED, Colour.BLUE})),
        (["--players", "8", "--decks", "2", "--deck", "literal"], Rules(players=8, decks=2, deck=Deck.LITERAL)),
        (["--turn-limit", "0"], Rules(turn_limit=None)),
        (["--turn-limit", "50"], Rules(turn_limit=50)),
        (
            ["--first-player", "dealers-left", "--dealer", "2"],
            Rules(first_player=FirstPlayer.DEALERS_LEFT, dealer=2),
        ),
        (["--first-player", "random"], Rules(first_player=FirstPlayer.RANDOM)),
        (["--first-seat", "3"], Rules(first_seat=3)),
        (["--clear-two-draw", "each", "--early-draw", "one"], Rules(clear_two_draw=ClearTwoDraw.EACH, early_draw=EarlyDraw.ONE)),
        (["--score-scope", "all"], Rules(score_scope=ScoreScope.ALL)),
        (
            ["--players", "2", "--custom-cards", ",".join(["1r", "2g", "3b"] * 6)],
            Rules(players=2, custom_cards=parse_cards(",".join(["1r", "2g", "3b"] * 6))),
        ),
        (
            ["--places", "--draw-instead", "--reverse-on-one", "--reverse-each-one", "--clear-ends-turn",
             "--pile-swap", "--chosen-faces", "--same-colour-swap"],
            Rules(places=True, draw_instead=True, reverse_on_one=True, reverse_each_one=True, clear_ends_turn=True,
                  pile_swap=True, chosen_faces=True, same_colour_swap=True),
        ),
    ],
)
def test_the_rule_options_keep_their_names_and_meanings(argv: list[str], table: Rules) -> None:
    """Each rule option sets its field as it always has: --omit takes letters, --turn-limit 0 means no limit."""
    assert rules_from_args(_parser()[1]["simulate"].parse_args(argv)) == table


def test_a_rule_options_help_is_its_fields_docstring(capsys: pytest.CaptureFixture[str]) -> None:
    """The help of a rule option is its field's docstring in the command line's words, rules cited last."""
    assert main(["demo", "--help"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "--places after the winner, play on to settle every place (O1)" in text
    assert "--dealer DEALER the dealer's seat, for --first-player dealers-left (default 0) (O9)" in text
    assert "stalemate; 0 for none (default 1000) (O10)" in text
    assert "seat = the seat --first-seat plays first" in text


def test_the_command_line_runs_without_the_source(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Installed without its source, the command line still runs: its rule options just go undescribed."""

    def no_source(thing: object) -> str:
        raise OSError("could not get source code")

    monkeypatch.setattr(inspect, "getsource", no_source)
    assert main(["demo", "--players", "2", "--seed", "4", "--quiet"]) == 0
    assert capsys.readouterr().out == "Player 0 wins after 91 turns.\n"
    assert main(["demo", "--help"]) == 0
    help = capsys.readouterr().out
    assert "--places" in help and "settle every place" not in help
