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
from threeup3down import BotFailed, Move, Observation, Rules, SimulationError
from threeup3down.arena import FALLBACK, ON_FAULT, POLICIES, Clock, Entrant, ProcessBot, tournament
from threeup3down.arena.protocol import REFUSALS
from threeup3down.bots import RandomBot
from threeup3down.core.moves import PickUp
from threeup3down.cli import main
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
        (lambda: misbehaving("garbage"), "refused", f"gave {REFUSALS} answers that are no legal move"),
        (lambda: misbehaving("illegal"), "refused", "S3: cannot pick up the discard pile during setup"),
        (lambda: misbehaving("flood"), "flood", "wrote a line longer than 65536 bytes"),
        (lambda: misbehaving("old"), "handshake", "hello protocol must be 1, the protocol version this arena speaks, not 0"),
        (lambda: ProcessBot(["/no/such/bot"]), "crash", "could not be started"),
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
    assert rows["bad"].wins == 0 and sum(rows["bad"].places) == 0
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
    assert sum(rows["once"].places) + rows["lowest"].places[0] == 8 - result.simulation.stalemates


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
    assert "game 0, seat 0, crashes: crash: raised BotProtocolError: bot 'crash' exited (status 3)" in printed
    document = json.loads(out.read_text())
    assert document["on_fault"] == "forfeit"
    assert {row["bot"]: row["faults"] for row in document["leaderboard"]} == {"crashes": 4, "random": 0}
    assert [fault["game"] for fault in document["faults"]] == [0, 1, 2, 3]
