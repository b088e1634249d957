"""Terminal play, driven through stdin and stdout as a person would use it."""

from __future__ import annotations

import io
import sys

import pytest

from threeup3down import EarlyDraw, Rules
from threeup3down.cli import commands
from threeup3down.cli import main
from threeup3down.cli.terminal import play_in_terminal


def run(text: str, rules: Rules | None = None, seed: int = 3) -> tuple[str, bool]:
    """Play with ``text`` as the typed input; return the output and whether the game ended."""
    out = io.StringIO()
    final = play_in_terminal(
        rules or Rules(players=2), seed=seed, stdin=io.StringIO(text), stdout=out
    )
    return out.getvalue(), final.is_over


def test_a_whole_game_by_move_numbers() -> None:
    """Typing 1 at every prompt plays a game to its end and prints the result, once."""
    output, over = run("1\n" * 2000)
    assert over
    last = output.rstrip().splitlines()[-1]
    assert last == "You win!" or last.startswith("Player 1 wins")
    assert "Game over" not in output and output.count("win") == 1


def test_bad_input_asks_again_without_losing_the_game() -> None:
    """Gibberish, an out-of-range number and help re-prompt; the game then goes on."""
    output, _ = run("xx\n99\n?\n1\nq\n")
    assert "Not understood: not a move: 'xx'" in output
    assert "Choose a number from 1 to 14." in output
    assert "Type the number of a move" in output
    assert "You choose your 3UP cards" in output
    assert output.rstrip().endswith("Game abandoned.")


def test_an_illegal_move_is_refused_with_its_rule() -> None:
    """A move in notation that the rules refuse shows the engine's message and rule ID:
    ``pick`` on the empty pile of the first turn says why it is refused."""
    # Seed 3, two players: seat 0 holds 1b,6g,6b,7r,8r,9g and keeps 7r,8r,9g after "1";
    # player 0 opens with 7r, player 1 answers 8b, so 7r is no longer in hand.
    output, _ = run("1\npick\n7r\nq\n")
    said = " ".join(output.split())  # refusals are wrapped to the terminal's width
    assert "(rule S3)" not in said
    assert "Not allowed: you cannot pick up the discard pile: the discard pile is empty, so any card" in said
    assert "(rule T2)" in said
    assert output.rstrip().endswith("Game abandoned.")


def test_a_refusal_stays_in_sight_next_to_the_prompt() -> None:
    """On an 80x24 terminal, a refused move's reason is printed after the table, on the
    lines just before the prompt asks again, each line at most 80 columns."""
    # Seed 3: seat 0 keeps 7r,8r,9g as 3UP cards, plays 8r; player 1 lays 8b, so the
    # hand is 5r,7r,9g against an 8, and 7r is too low (P2).
    output, _ = run("1\n2\n7r\nq\n")
    lines = output.splitlines()
    prompts = [number for number, line in enumerate(lines) if line.startswith("Your move (")]
    refused, asked_again = prompts[-2], prompts[-1]
    assert lines[refused].endswith(": 7r")
    answer = lines[refused + 1 : asked_again]
    assert " ".join(" ".join(answer).split()) == (
        "Not allowed: you cannot play 7r: a 7 is lower than the 8 on top of the discard pile (rule P2)"
    )
    assert all(len(line) <= 80 for line in answer)
    screen = lines[asked_again - 23 : asked_again + 1]  # what 24 rows show when the prompt is at the bottom
    table = max(number for number, line in enumerate(lines[:refused]) if line.startswith("--- Turn"))
    assert lines[table] in screen and all(line in screen for line in answer)
    assert table < refused < asked_again


def test_end_of_input_abandons_the_game() -> None:
    """When the input ends, the game stops cleanly instead of crashing."""
    output, over = run("")
    assert not over
    assert output.rstrip().endswith("Game abandoned.")


def test_other_hands_never_appear() -> None:
    """The table view shows the other seat's hand as a count, never its cards."""
    output, _ = run("1\nq\n")
    assert "Player 1: 6 cards in hand" in output
    assert "Player 1 chooses their 3UP cards." in output  # no cards named (S3)


def test_cli_play_with_options(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """`threeup3down play` takes table options and reads moves from stdin."""
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 3000))
    assert main(["play", "--players", "3", "--seed", "5", "--places", "--reverse-on-one"]) == 0
    output = capsys.readouterr().out
    # With places (O1) the result names the whole finishing order: three seats, each once.
    last = output.rstrip().splitlines()[-1]
    assert "Places: " in last
    places = last.split("Places: ")[1].rstrip(".").split(", ")
    assert sorted(places) == ["player 1", "player 2", "you"]


@pytest.mark.spec("C2", "C1", "C4", "O3")
def test_cli_play_takes_the_rules_1_1_switches(monkeypatch: pytest.MonkeyPatch) -> None:
    """`threeup3down play` passes --early-draw, --clear-ends-turn and --reverse-each-one on to Rules."""
    tables: list[Rules] = []
    monkeypatch.setattr(commands, "play_in_terminal", lambda rules, **_: tables.append(rules))
    switches = ["--early-draw", "one", "--clear-ends-turn", "--reverse-on-one", "--reverse-each-one"]
    assert main(["play", "--players", "3", "--seed", "5", *switches]) == 0
    assert tables == [
        Rules(
            players=3, early_draw=EarlyDraw.ONE, clear_ends_turn=True, reverse_on_one=True, reverse_each_one=True
        )
    ]


def test_cli_refuses_impossible_tables(capsys: pytest.CaptureFixture[str]) -> None:
    """An impossible table is refused by the command line with the Rules error."""
    assert main(["play", "--players", "5", "--omit", "b"]) == 2
    assert "error: --omit, --players: leaving colours out (O8)" in capsys.readouterr().err


def test_a_refusal_in_setup_is_told_to_you() -> None:
    """A refusal that names the person's seat in its reason says "you" there too."""
    output, _ = run("pick\nq\n")
    said = " ".join(output.split())  # refusals are wrapped to the terminal's width
    assert "Not allowed: cannot pick up the discard pile during setup: you choose 3UP cards (rule S3)" in said
    assert "player 0" not in output


def test_the_person_is_told_you() -> None:
    """The person's own moves and results are told as "you", the bots' by seat number."""
    output, _ = run("1\n" * 2000)
    assert "You choose your 3UP cards" in output and "Player 0 " not in output
    assert "  You play " in output and "  Player 1 plays " in output


def test_the_colour_note_is_shown_once() -> None:
    """Where colours never matter the note says so once, not before every move."""
    output, _ = run("1\n" * 2000)
    assert output.count("Colours never matter") == 1


def test_at_a_terminal_moves_are_read_with_input(monkeypatch: pytest.MonkeyPatch) -> None:
    """At an interactive terminal the prompt is input()'s, which gives line editing and history."""

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    prompts: list[str] = []
    answers = iter(["1", "q"])

    def typed(prompt: str) -> str:
        prompts.append(prompt)
        return next(answers)

    out = Terminal()
    monkeypatch.setattr(sys, "stdin", Terminal())
    monkeypatch.setattr(sys, "stdout", out)
    monkeypatch.setattr("builtins.input", typed)
    play_in_terminal(Rules(players=2), seed=3, stdin=sys.stdin, stdout=sys.stdout)
    assert len(prompts) == 2 and prompts[0].startswith("Your move")
    assert out.getvalue().rstrip().endswith("Game abandoned.")
