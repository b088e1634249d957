"""A tournament's fault policies: a bot that faults forfeits the game and the tournament goes on, or the run stops."""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.extras import require
from tests.subprocesses import ROOT
from threeup3down import BotFailed, BotProtocolError, Move, Observation, Rules, SimulationError
from threeup3down.arena import FALLBACK, ON_FAULT, POLICIES, Clock, Entrant, ProcessBot, tournament
from threeup3down.arena.protocol import REFUSALS
from threeup3down.bots import RandomBot
from threeup3down.core.moves import PickUp
from threeup3down.cli import main
from threeup3down.formats.records import replay
from threeup3down.simulation import read_records

require("openskill", "arena")

MISBEHAVING = str(ROOT / "tests" / "protocol_bots.py")
TABLE = Rules(players=2)


def misbehaving(behaviour: str, *arguments: str) -> ProcessBot:
    return ProcessBot([sys.executable, MISBEHAVING, behaviour, *arguments])


class Raises(RandomBot):
    """A bot in this process that raises at its first decision of every game."""

    def choose(self, observation: Observation, rng: random.Random) -> Move:
        raise RuntimeError("out of ideas")


class PicksInSetup(RandomBot):
    """A bot in this process that answers every decision with a pick-up, which setup refuses (S3)."""

    def choose(self, observation: Observation, rng: random.Random) -> Move:
        return PickUp()


@pytest.mark.parametrize(
    ("entrant", "fault", "says"),
    [
        (lambda: misbehaving("crash"), "crash", "exited (status 3) instead of sending its move"),
        (lambda: misbehaving("hang"), "clock", "ran out of its clock (0.2+0)"),
        (lambda: misbehaving("slow"), "clock", "ran out of its clock (0.2+0)"),
        (lambda: misbehaving("spawns"), "clock", "ran out of its clock (0.2+0)"),
        (lambda: misbehaving("illegal-unheard"), "clock",
         "waiting for another answer, after its answer '{\"type\": \"move\", \"move\": \"pick\"}' was refused "
         "(S3: cannot pick up"),
        (lambda: misbehaving("garbage"), "refused", f"gave {REFUSALS} answers that are no legal move"),
        (lambda: misbehaving("illegal"), "refused", "S3: cannot pick up the discard pile during setup"),
        (lambda: misbehaving("flood"), "flood", "wrote a line longer than 65536 bytes"),
        (Raises, "raised", "raised RuntimeError: out of ideas"),
        (PicksInSetup, "illegal", "chose pick, which the rules refuse (S3: cannot pick up"),
    ],
)
def test_each_fault_forfeits_the_game_and_the_tournament_goes_on(
    entrant: Callable[[], Entrant], fault: str, says: str, tmp_path: Path, no_bot_left: object
) -> None:
    """By default a bot that faults at its first decision of every game loses
    every game (last place, no win), each fault counted and listed with its
    kind; the other bots play every game out; no process is left."""
    bots: dict[str, Entrant] = {"bad": entrant(), "lowest": "lowest", "heuristic": "heuristic"}
    records = tmp_path / "games.jsonl"
    clock = Clock.parse("0.2+0" if fault == "clock" else "5+1")  # the tournament's clock is every process bot's
    result = tournament(TABLE, bots, 12, seed=2, workers=1, records=records, clock=clock)
    assert fault in POLICIES or fault in ("raised", "illegal")
    rows = {row.bot: row for row in result.leaderboard}
    assert rows["bad"].games == rows["bad"].faults == 8  # 2 of 3 tables, 4 games at each
    assert rows["bad"].wins == 0 and rows["bad"].places == (0, 8)  # each forfeit a last place
    assert result.leaderboard[-1].bot == "bad"
    assert {row.fault for row in result.faults} == {fault}
    assert all(says in row.message for row in result.faults)
    assert rows["lowest"].faults == rows["heuristic"].faults == 0
    for pair in result.head_to_head:
        if pair.bot != "bad" and pair.other == "bad":
            assert pair.ahead == pair.games == 4  # the forfeit is behind every other seat
    forfeited = [record.names for record in read_records(records) if any("forfeited" in name for name in record.names)]
    assert len(forfeited) == 8
    assert all(f"bad (forfeited: {fault}; then {FALLBACK})" in names for names in forfeited)


def test_a_process_bot_is_held_to_its_clock_not_the_decision_time_limit(no_bot_left: object) -> None:
    """A hanging process bot is a clock fault when its clock runs out, even with
    a decision time limit of the same length, which would end the run."""
    result = tournament(TABLE, {"hang": misbehaving("hang"), "lowest": "lowest"}, 2, seed=1, workers=1,
                        clock=Clock.parse("0.3+0"), decision_time_limit=0.3)
    assert [fault.fault for fault in result.faults] == ["clock", "clock"]


def test_a_bot_that_faulted_is_started_afresh_for_its_next_game(tmp_path: Path, no_bot_left: object) -> None:
    """A bot that crashes in its first game only forfeits that game: a new
    process plays its later games, and its places come from play."""
    bot = misbehaving("crash-once", str(tmp_path / "crashed"))
    result = tournament(TABLE, {"once": bot, "lowest": "lowest"}, 8, seed=3, workers=1)
    rows = {row.bot: row for row in result.leaderboard}
    assert [(fault.game, fault.bot, fault.fault) for fault in result.faults] == [(0, "once", "crash")]
    assert rows["once"].faults == 1 and rows["once"].games == 8
    assert rows["once"].places[0] + rows["lowest"].places[0] == 8 - result.simulation.stalemates
    assert rows["once"].places[1] == 1  # without places (O1) only the forfeit is a counted last place


@pytest.mark.parametrize("workers", [1, 2])
def test_forfeits_end_every_bot_process_on_any_executor(workers: int, no_bot_left: object) -> None:
    """Bots that crash, hang and spawn children forfeit on worker processes as
    in this one, with the same result, and no process of theirs is left."""
    bots: dict[str, Entrant] = {
        "crash": misbehaving("crash"), "spawns": misbehaving("spawns"), "lowest": "lowest",
    }
    clock = Clock.parse("0.2+0")
    result = tournament(TABLE, bots, 12, seed=4, workers=workers, clock=clock)
    assert {row.bot: row.faults for row in result.leaderboard} == {"crash": 8, "spawns": 8, "lowest": 0}
    assert [row.bot for row in result.leaderboard][0] == "lowest"


def test_stop_ends_the_run_at_the_first_fault(no_bot_left: object) -> None:
    """on_fault="stop": the first fault is a BotFailed naming the game, seat and
    bot, its cause the protocol error; no result."""
    with pytest.raises(BotFailed) as raised:
        tournament(TABLE, {"random": "random", "bad": misbehaving("crash")}, 4, seed=1, workers=1, on_fault="stop")
    assert raised.value.game == 0 and raised.value.seat == 1 and raised.value.bot == "bad"
    assert "exited (status 3)" in str(raised.value)


def test_stop_reports_the_earliest_fault_in_game_order_on_two_workers(no_bot_left: object) -> None:
    """on_fault="stop" on two workers: game 1's fault comes first (its bot crashes at
    once, game 0's after 2 s), yet the run reports game 0's, the first in game order,
    and ends every worker and bot process."""
    bots: dict[str, Entrant] = {"late": misbehaving("crash-late-at-seat-0"), "lowest": "lowest"}
    with pytest.raises(BotFailed) as raised:
        tournament(TABLE, bots, 4, seed=1, workers=2, on_fault="stop")
    assert (raised.value.game, raised.value.seat, raised.value.bot) == (0, 0, "late")
    assert "exited (status 3)" in str(raised.value)


@pytest.mark.parametrize(
    ("command", "says"),
    [
        (["/nonexistent/prog"], "bot ['/nonexistent/prog'] could not be started"),
        ([sys.executable, "-c", "import sys; sys.exit(3)"], "exited (status 3) instead of sending its hello"),
        ([sys.executable, MISBEHAVING, "old"], "hello protocol must be 1, the protocol version this arena speaks, not 0"),
    ],
)
@pytest.mark.parametrize("on_fault", sorted(ON_FAULT))
def test_a_bot_that_cannot_start_is_refused_before_the_first_game(
    command: list[str], says: str, on_fault: str, no_bot_left: object
) -> None:
    """Each process bot is started, greeted and ended once before any game: one
    that cannot start, exits before its hello or speaks another protocol version
    is refused by name, whatever on_fault says, and no game is played."""
    played: list[int] = []
    with pytest.raises(BotProtocolError, match="entrant 'x' cannot play") as raised:
        tournament(TABLE, {"x": ProcessBot(command), "lowest": "lowest"}, 4, seed=1, workers=1,
                   on_fault=on_fault, progress=lambda done, games: played.append(done))
    assert says in str(raised.value)
    assert played == []


@pytest.mark.parametrize(
    ("command", "says"),
    [
        ("/nonexistent/prog", "could not be started: [Errno 2] No such file or directory"),
        (f"{sys.executable} -c 'import sys; sys.exit(3)'", "exited (status 3) instead of sending its hello"),
    ],
)
def test_the_command_refuses_a_bot_that_cannot_start_with_status_2(
    command: str, says: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], no_bot_left: object
) -> None:
    """arena refuses a NAME=COMMAND bot that cannot start or exits before its hello:
    status 2 (a run it cannot run with), one line naming the bot and why, and no
    game is played: no records are written."""
    records = tmp_path / "games.jsonl"
    status = main(["arena", "--bot", f"x={command}", "--bot", "random", "--players", "2",
                   "--games", "4", "--workers", "1", "--records", str(records)])
    captured = capsys.readouterr()
    assert status == 2
    [line] = captured.err.splitlines()
    assert line.startswith("threeup3down arena: entrant 'x' cannot play") and says in line
    assert not records.exists() and captured.out == ""


def test_a_forfeited_game_is_recorded_with_the_result_that_was_rated(tmp_path: Path, no_bot_left: object) -> None:
    """The record of a game a seat forfeited names the bot, its fault and what
    played on; its result ranks the forfeiting seat last, the others in the order
    they went out (O1); it replays, and its places are the leaderboard's."""
    records = tmp_path / "games.jsonl"
    bots: dict[str, Entrant] = {"bad": misbehaving("crash"), "lowest": "lowest", "heuristic": "heuristic"}
    result = tournament(Rules(players=3, places=True), bots, 6, seed=2, workers=1, records=records)
    games = list(read_records(records))
    assert [fault.game for fault in result.faults] == list(range(6))
    counted = {"lowest": [0, 0, 0], "heuristic": [0, 0, 0]}
    for record, fault in zip(games, result.faults):
        assert record.names[fault.seat] == f"bad (forfeited: crash; then {FALLBACK})"
        final = replay(record)[-1]
        assert final.is_over and not final.is_stalemate and len(final.places) == 3
        ahead = [seat for seat in final.places if seat != fault.seat]
        assert record.result == f"{ahead[0]},{ahead[1]} forfeit {fault.seat}"
        for place, seat in enumerate(ahead):
            counted[record.names[seat]][place] += 1
    rows = {row.bot: row for row in result.leaderboard}
    assert {bot: list(rows[bot].places) for bot in counted} == counted
    assert sum(counted["lowest"]) == sum(counted["heuristic"]) == 6  # one table: every game


def test_a_two_player_forfeit_is_recorded_behind_the_other_seat(tmp_path: Path, no_bot_left: object) -> None:
    """Without places only the winner is ranked (W1): a forfeited game's record
    says ``0 forfeit 1`` when the other seat went out first, and ``forfeit 1``
    alone when the seat played on for the bot that forfeited went out first;
    either way the forfeiting seat is last, and the record replays."""
    records = tmp_path / "games.jsonl"
    tournament(TABLE, {"bad": misbehaving("crash"), "random": "random"}, 8, seed=5, workers=1, records=records)
    results = set()
    for record in read_records(records):
        seat = next(seat for seat, name in enumerate(record.names) if name.startswith("bad "))
        [winner] = replay(record)[-1].places
        expected = f"forfeit {seat}" if winner == seat else f"{winner} forfeit {seat}"
        assert record.result == expected
        results.add(record.result.startswith("forfeit"))
    assert results == {True, False}  # both cases were played


def test_an_unknown_fault_policy_is_refused() -> None:
    """on_fault names one of ON_FAULT's policies."""
    assert sorted(ON_FAULT) == ["forfeit", "stop"]
    with pytest.raises(SimulationError, match="on_fault must be one of forfeit, stop, not 'ignore'"):
        tournament(TABLE, ["random", "lowest"], 4, seed=1, workers=1, on_fault="ignore")


def test_the_command_counts_and_lists_the_forfeits(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], no_bot_left: object
) -> None:
    """arena forfeits by default: status 0, a faults column, each forfeit listed,
    and the faults in --json."""
    crash = f"{sys.executable} {MISBEHAVING} crash"
    out = tmp_path / "arena.json"
    status = main(["arena", "--bot", f"crashes={crash}", "--bot", "random", "--players", "2",
                   "--games", "4", "--workers", "1", "--json", str(out)])
    printed = capsys.readouterr().out
    assert status == 0
    assert "faults" in printed.splitlines()[2]
    assert "game 0, seat 0, crashes: crash: bot 'crash' exited (status 3)" in printed
    document = json.loads(out.read_text())
    assert document["on_fault"] == "forfeit"
    assert {row["bot"]: row["faults"] for row in document["leaderboard"]} == {"crashes": 4, "random": 0}
    assert [fault["game"] for fault in document["faults"]] == [0, 1, 2, 3]
