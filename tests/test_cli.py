"""The command line as a user meets it: version, exit statuses, usage errors, help, bots."""

from __future__ import annotations

import io
import re
import sys

import pytest

import threeup3down
from threeup3down.cli import main


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
