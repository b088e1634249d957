"""Commands that do what they say: defaults that run, options refused before any game,
bot names and budgets named alike everywhere, rule errors in flags, help in order."""

from __future__ import annotations

import argparse
import builtins
import re
from pathlib import Path
from typing import Any

import pytest

from threeup3down import Rules
from threeup3down.bots import BOT_NAMES
from threeup3down.cli import main
from threeup3down.cli import simulate as simulate_command
from threeup3down.cli.commands import _parser
from threeup3down.simulation import SimulationResult, simulate

ROOT = Path(__file__).resolve().parent.parent
BUDGET = "iterations per move"
"""The one name of a search bot's budget, in every command's help, the README and the docs."""


class Recorder:
    """Stands in for :func:`~threeup3down.simulation.simulate`: records each call,
    then plays it for real with at most ``games`` games on one process."""

    def __init__(self, games: int = 6) -> None:
        self.games = games
        self.calls: list[dict[str, Any]] = []

    def __call__(self, rules: Rules, bots: list[str], games: int, **options: Any) -> SimulationResult:
        self.calls.append({"rules": rules, "bots": bots, "games": games, **options})
        return simulate(rules, bots, min(games, self.games), seed=options["seed"], workers=1)


@pytest.fixture
def recorder(monkeypatch: pytest.MonkeyPatch) -> Recorder:
    """``simulate`` as the command calls it, recorded and cut to a few games."""
    fake = Recorder()
    monkeypatch.setattr(simulate_command, "simulate", fake)
    return fake


def test_simulate_with_no_arguments_runs(recorder: Recorder, capsys: pytest.CaptureFixture[str]) -> None:
    """`threeup3down simulate` alone plays the default table, four players, with a bot for every seat."""
    assert main(["simulate"]) == 0
    [call] = recorder.calls
    assert call["rules"] == Rules()
    assert call["bots"] == ["heuristic", "random", "random", "random"]
    assert call["games"] == 1000
    out = capsys.readouterr().out
    assert out.startswith(f"{recorder.games} games, 4 players, seed ")
    assert "heuristic" in out and "random" in out


def test_simulate_help_states_the_seed_it_uses(recorder: Recorder, capsys: pytest.CaptureFixture[str]) -> None:
    """The default seed that `simulate --help` states is the seed of a run without --seed,
    as the summary reports it."""
    assert main(["simulate", "--help"]) == 0
    help_text = " ".join(capsys.readouterr().out.split())
    stated = re.search(r"--seed SEED the seed of the run\b[^()]*\(default (\d+)\)", help_text)
    assert stated is not None, help_text
    assert main(["simulate", "--players", "2"]) == 0
    assert recorder.calls[0]["seed"] == int(stated[1])
    assert capsys.readouterr().out.startswith(f"{recorder.games} games, 2 players, seed {stated[1]}\n")


@pytest.mark.parametrize("option", ["--json", "--records"])
def test_an_output_file_in_a_missing_folder_is_refused_before_any_game(
    option: str, tmp_path: Path, recorder: Recorder, capsys: pytest.CaptureFixture[str]
) -> None:
    """A --json or --records file whose folder does not exist: exit 2, the option and the
    path named, no game played."""
    path = tmp_path / "missing" / "out.json"
    assert main(["simulate", "--games", "2", option, str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("usage: threeup3down simulate")
    assert f"error: {option} {path}: the folder {path.parent} does not exist" in err
    assert recorder.calls == []


@pytest.mark.parametrize("option", ["--json", "--records"])
def test_an_output_file_that_is_a_folder_is_refused_before_any_game(
    option: str, tmp_path: Path, recorder: Recorder, capsys: pytest.CaptureFixture[str]
) -> None:
    """A --json or --records path that is a folder: exit 2, the option and the path named."""
    assert main(["simulate", "--games", "2", option, str(tmp_path)]) == 2
    assert f"error: {option} {tmp_path}: it is a folder, not a file" in capsys.readouterr().err
    assert recorder.calls == []


@pytest.mark.parametrize("option", ["--json", "--records"])
def test_an_unwritable_output_file_is_refused_before_any_game(
    option: str, tmp_path: Path, recorder: Recorder,
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:
    """A --json or --records file that cannot be opened for writing: exit 2, the option,
    the path and the reason named, no game played, nothing left behind."""
    path = tmp_path / "out.json"

    def refuse(*args: Any, **kwargs: Any) -> Any:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(builtins, "open", refuse)
    status = main(["simulate", "--games", "2", option, str(path)])
    monkeypatch.undo()
    assert status == 2
    assert f"error: {option} {path}: cannot be written (Permission denied)" in capsys.readouterr().err
    assert recorder.calls == [] and not path.exists()


def test_a_writable_output_file_is_checked_without_being_left_empty(tmp_path: Path) -> None:
    """The check of a new file leaves no file behind, and leaves an existing file as it was."""
    parser = argparse.ArgumentParser()
    simulate_command.add_arguments(parser)
    new, old = tmp_path / "new.json", tmp_path / "old.jsonl"
    old.write_text("kept\n", encoding="utf-8")
    assert simulate_command.unwritable_output(parser.parse_args(["--json", str(new), "--records", str(old)])) is None
    assert not new.exists() and old.read_text(encoding="utf-8") == "kept\n"


def test_simulate_writes_the_files_it_checked(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """After the check, the run writes both files: the result and one record per game."""
    result, records = tmp_path / "result.json", tmp_path / "games.jsonl"
    argv = ["simulate", "--games", "3", "--players", "2", "--workers", "1",
            "--json", str(result), "--records", str(records)]
    assert main(argv) == 0
    assert '"games": 3' in result.read_text(encoding="utf-8")
    assert len(records.read_text(encoding="utf-8").splitlines()) == 3


@pytest.mark.parametrize("name", [*BOT_NAMES, "ismcts:2", "cheating:2"])
def test_demo_takes_every_bot_name_play_and_simulate_take(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    """`demo --bot` takes each name of make_bot, a search bot with its budget, as --bots does."""
    assert main(["demo", "--players", "2", "--seed", "4", "--bot", name, "--quiet"]) == 0
    assert re.fullmatch(r"Player [01] wins after \d+ turns\.\n", capsys.readouterr().out)


def test_demo_refuses_an_unknown_bot_with_the_names(capsys: pytest.CaptureFixture[str]) -> None:
    """An unknown --bot or a bad budget exits 2 naming the bots, before any game."""
    assert main(["demo", "--bot", "genius"]) == 2
    err = capsys.readouterr().err
    assert "argument --bot: unknown bot 'genius': the bots are " + ", ".join(BOT_NAMES) in err
    assert main(["demo", "--bot", "ismcts:0"]) == 2
    assert "argument --bot: the budget in 'ismcts:0' must be a whole number of iterations" in capsys.readouterr().err


@pytest.mark.parametrize("command", ["demo", "play", "simulate"])
def test_every_command_names_the_budget_in_iterations_per_move(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Each command's help lists every bot name and calls the budget iterations per move."""
    assert main([command, "--help"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert BUDGET in text and "ismcts:16" in text
    assert all(name in text for name in BOT_NAMES)


def test_the_readme_and_docs_name_the_budget_one_way() -> None:
    """The README, the docs and the benchmarks' help call the budget iterations per move,
    and no other way."""
    pages = [
        ROOT / "README.md", *sorted((ROOT / "docs").glob("**/*.rst")), *sorted((ROOT / "benchmarks").glob("*.py"))
    ]
    others = re.compile(
        r"deals? (?:searched )?(?:per|a) (?:decision|move)|iterations a move|sets its iterations"
        r"|default \d+ deals\b|iterations \(deals"
    )
    for page in pages:
        text = " ".join(page.read_text(encoding="utf-8").split())
        assert not others.findall(text), page
    for name in ("README.md", "docs/howto/bot.rst", "docs/howto/opponents.rst", "docs/howto/gymnasium.rst"):
        assert BUDGET in " ".join((ROOT / name).read_text(encoding="utf-8").split()), name


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--players", "2", "--decks", "2"], "--decks, --players: two decks are for 7-12 players, not 2 (O11)"),
        (["--players", "5", "--omit", "b"], "--omit, --players: leaving colours out (O8) is for 2-4 players, not 5"),
        (["--reverse-each-one"],
         "--reverse-each-one, --reverse-on-one: --reverse-each-one counts the 1s of --reverse-on-one (O3), which is off"),
        (["--first-seat", "4"], "--first-seat: seat 4 is not at a table of 4"),
        (["--turn-limit", "-3"], "--turn-limit: a turn limit is 1 to 1,000,000 turns, not -3 (O10)"),
        (["--omit", "x"], "--omit x: unknown colour 'x': expected g, r or b"),
    ],
)
@pytest.mark.parametrize("command", ["demo", "play", "simulate"])
def test_rule_errors_name_the_flags(
    command: str, argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """A table the rules refuse exits 2 with the message in command-line flags, no field names."""
    assert main([command, *argv]) == 2
    err = capsys.readouterr().err
    assert err.endswith(f"threeup3down {command}: error: {message}\n")
    assert not re.search(r"\b[a-z]+_[a-z_]+\b", err.splitlines()[-1])


@pytest.mark.parametrize("command", ["demo", "play", "simulate"])
def test_help_lists_the_commands_own_options_before_the_rules(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """In --help, the command's own options come first, in usage and in the listing,
    then the group of rule options."""
    parser = _parser()[1][command]
    rules_group = next(group for group in parser._action_groups if group.title == "rules")
    rule_flags = {flag for action in rules_group._group_actions for flag in action.option_strings}
    own_flags = [
        action.option_strings[-1] for action in parser._actions
        if action.option_strings and not set(action.option_strings) & rule_flags and action.dest != "help"
    ]
    assert own_flags and rule_flags
    assert main([command, "--help"]) == 0
    text = capsys.readouterr().out
    usage, listing = text.split("\n\n", 1)
    rules_at = listing.index("\nrules:\n")
    first_rule = min(usage.index(f"[{flag}") for flag in rule_flags)
    for flag in own_flags:
        assert usage.index(f"[{flag}") < first_rule, flag
        assert listing.index(f"  {flag}") < rules_at, flag


def test_the_demo_prints_the_result_once(capsys: pytest.CaptureFixture[str]) -> None:
    """The demo's narration ends with one line of result, the same as --quiet prints."""
    assert main(["demo", "--players", "3", "--seed", "2", "--places"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert main(["demo", "--players", "3", "--seed", "2", "--places", "--quiet"]) == 0
    [result] = capsys.readouterr().out.splitlines()
    assert lines[-1] == result and re.fullmatch(r"Player \d wins after \d+ turns\. Places: \d, \d, \d\.", result)
    assert sum("wins" in line for line in lines) == 1


def test_the_demo_writes_cards_one_way(capsys: pytest.CaptureFixture[str]) -> None:
    """Every list of cards in the demo is comma-separated, in the narration as in the table lines."""
    assert main(["demo", "--players", "3", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    card = r"(?:\d{1,2}|C(?:\+[12])?)[grb]"
    assert re.search(rf"{card},{card}", out) and re.search(r"The pile \(\S+,\S+\) is cleared", out)
    assert not re.search(rf"\b{card} {card}\b", out)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--games", "0"], "argument --games: must be a whole number of at least 1, not '0'"),
        (["--games", "many"], "argument --games: must be a whole number of at least 1, not 'many'"),
        (["--workers", "0"], "argument --workers: must be a whole number of at least 1, not '0'"),
        (["--bots", "heuristic,genius"], "argument --bots: unknown bot 'genius': the bots are "),
        (["--address", "tcp://127.0.0.1:8786"],
         "--address tcp://127.0.0.1:8786: a Dask scheduler or Ray cluster needs --backend dask or ray"),
    ],
)
def test_simulate_names_the_option_at_fault_before_any_game(
    argv: list[str], message: str, recorder: Recorder, capsys: pytest.CaptureFixture[str]
) -> None:
    """A count below one, an unknown bot or an --address with no cluster to give it to is a
    usage error naming its option, with the usage line and exit 2, before any game."""
    assert main(["simulate", *argv]) == 2
    err = capsys.readouterr().err
    assert err.startswith("usage: threeup3down simulate")
    assert f"threeup3down simulate: error: {message}" in err
    assert recorder.calls == []


@pytest.mark.parametrize("command", ["demo", "play", "simulate"])
def test_no_option_shows_the_docs_markup(command: str) -> None:
    """No option's help shows the docs' markup (a field docstring's ``versionadded``): a rule
    option's help is its field's first paragraph."""
    parser = _parser()[1][command]
    for action in parser._actions:
        text = action.help or ""
        assert not re.search(r"\.\. [a-z]+::", text), (action.option_strings, text)
