"""The arena: tournaments in the duplicate format, their ratings, the same leaderboard on every executor."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from tests.extras import require
from tests.subprocesses import ROOT
from threeup3down import Rules, SimulationError
from threeup3down.arena import Entrant, ProcessBot, tables_of, tournament
from threeup3down.bots import Bot, RandomBot
from threeup3down.cli import main
from threeup3down.simulation import game_seed, read_records

require("openskill", "arena")

FIRST_MOVE = str(ROOT / "examples" / "bots" / "first_move.py")


def test_every_table_plays_each_deal_in_every_rotation(tmp_path: Path) -> None:
    """Duplicate format: the tables of every 3 of 4 bots take turns a deal each,
    and a deal is played once in each rotation of its table's seats."""
    bots = ["random", "lowest", "heuristic", "ismcts:2"]
    records = tmp_path / "games.jsonl"
    result = tournament(Rules(players=3), bots, 24, seed=5, workers=1, records=records)
    assert result.tables == tables_of(bots, 3) and len(result.tables) == 4
    games = list(read_records(records))
    for deal in range(8):
        table = result.tables[deal % 4]
        rotations = [games[deal * 3 + shift] for shift in range(3)]
        assert {record.seed for record in rotations} == {game_seed(5, deal)}
        assert [record.names for record in rotations] == [
            tuple(table[(seat + shift) % 3] for seat in range(3)) for shift in range(3)
        ]
    assert all(row.games == 18 for row in result.leaderboard)  # 3 tables of 4, 6 games at each


def test_the_ratings_recover_the_known_order_of_three_bots() -> None:
    """In 240 two-player games (80 at each table) the leaderboard ranks
    heuristic above lowest above random, as their win rates against each
    other order them (docs/howto/opponents.rst)."""
    result = tournament(Rules(players=2), ["random", "lowest", "heuristic"], 240, seed=1, workers=1)
    assert [row.bot for row in result.leaderboard] == ["heuristic", "lowest", "random"]
    best, _, worst = result.leaderboard
    assert best.mu > worst.mu and best.win_rate.low > worst.win_rate.high


def test_every_place_counts_with_places_on() -> None:
    """With the places rule a decided game ranks every seat: the places add up to the games."""
    result = tournament(Rules(players=3, places=True), ["random", "lowest", "heuristic"], 30, seed=2, workers=1)
    stalemates = result.simulation.stalemates
    for row in result.leaderboard:
        assert row.games == 30 and sum(row.places) == 30 - stalemates
    assert [row.bot for row in result.leaderboard][0] == "heuristic"


@pytest.mark.filterwarnings(
    # Dask warns when making its scratch space takes over a second: a busy machine, not a result
    "ignore:Creating scratch directories is taking a surprisingly long time:UserWarning"
)
def test_the_same_seed_gives_the_same_leaderboard_on_every_executor(tmp_path: Path) -> None:
    """In this process, on two worker processes, and on a Dask cluster when the
    extra is installed: one leaderboard, one head-to-head table."""
    bots: dict[str, Entrant] = {
        "mine": ProcessBot([sys.executable, FIRST_MOVE]), "lowest": "lowest", "random": "random",
    }
    here = tournament(Rules(players=2), bots, 24, seed=9, workers=1)
    pool = tournament(Rules(players=2), bots, 24, seed=9, workers=2)
    assert here == pool
    distributed = pytest.importorskip("distributed", reason="needs the dask extra")
    dask = pytest.importorskip("dask", reason="needs the dask extra")
    with dask.config.set({"temporary-directory": str(tmp_path)}):
        cluster = distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1", dashboard_address="127.0.0.1:0",
        )
    with cluster, distributed.Client(cluster) as client:
        assert tournament(Rules(players=2), bots, 24, seed=9, executor=client.get_executor()) == here


def test_a_renamed_library_bot_plays_as_itself() -> None:
    """A mapping may name a library bot as it likes; it plays as the bot it names."""
    renamed = tournament(Rules(players=2), {"a": "lowest", "b": "random"}, 8, seed=3, workers=1)
    plain = tournament(Rules(players=2), ["lowest", "random"], 8, seed=3, workers=1)
    assert [(row.bot, row.wins) for row in renamed.leaderboard] == [
        ({"lowest": "a", "random": "b"}[row.bot], row.wins) for row in plain.leaderboard
    ]


@pytest.mark.parametrize(
    ("entrants", "games", "problem"),
    [
        (["random", "lowest"], 7, "games must be a positive multiple of 2"),
        (["random"], 8, "1 entrants for a table of 2 players"),
        (["random", "random"], 8, "two entrants named 'random'"),
        # three tables of two (random-lowest, random-heuristic, lowest-heuristic): 2 games
        # would leave the third table unplayed, 8 would give two bots more games than the third
        (["random", "lowest", "heuristic"], 2, "games must be a positive multiple of 6, .* 3 tables"),
        (["random", "lowest", "heuristic"], 8, "games must be a positive multiple of 6"),
    ],
)
def test_bad_tournaments_are_refused_before_any_game(entrants: list[str], games: int, problem: str) -> None:
    """Too few entrants, two with one name, or games that leave a deal short of its
    rotations or a table short of deals, so that not every bot plays as many games."""
    with pytest.raises(SimulationError, match=problem):
        tournament(Rules(players=2), entrants, games, seed=1, workers=1)


def test_without_openskill_a_tournament_is_refused_before_any_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """The ratings need OpenSkill: without it the tournament is refused, naming
    the extra, before a game is played or a bot made."""
    made: list[str] = []

    def counted() -> Bot:
        made.append("bot")
        return RandomBot()

    monkeypatch.setitem(sys.modules, "openskill", None)  # as if it were not installed
    monkeypatch.setitem(sys.modules, "openskill.models", None)
    played: list[int] = []
    with pytest.raises(SimulationError, match=r"the arena's ratings need OpenSkill: pip install 'threeup3down\[arena\]'"):
        tournament(Rules(players=2), {"counted": counted, "lowest": "lowest"}, 4, seed=1, workers=1,
                   progress=lambda done, games: played.append(done))
    assert made == [] and played == []


def test_the_command_writes_the_leaderboard_as_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], no_bot_left: object
) -> None:
    """arena --json writes the leaderboard, head-to-head and settings; the
    protocol bot's process is ended when the run ends."""
    out = tmp_path / "arena.json"
    status = main([
        "arena", "--bot", f"mine={sys.executable} {FIRST_MOVE}", "--bot", "heuristic", "--bot", "random",
        "--players", "2", "--games", "12", "--seed", "4", "--workers", "2", "--clock", "2+0.5",
        "--json", str(out),
    ])
    assert status == 0
    document = json.loads(out.read_text())
    assert document["clock"] == "2+0.5" and document["games"] == 12
    assert {row["bot"] for row in document["leaderboard"]} == {"mine", "heuristic", "random"}
    assert sum(row["wins"] for row in document["leaderboard"]) == 12 - document["simulation"]["stalemates"]
    assert len(document["head_to_head"]) == 6
    assert "rank bot" in capsys.readouterr().out


def test_the_command_stops_at_a_faulty_bot_and_exits_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], no_bot_left: object
) -> None:
    """With --on-fault stop a bot that crashes fails the run with status 1, one line naming the game, seat and bot."""
    crash = f"{sys.executable} {ROOT / 'tests' / 'protocol_bots.py'} crash"
    status = main(["arena", "--bot", f"crashes={crash}", "--bot", "random", "--players", "2",
                   "--games", "4", "--workers", "1", "--on-fault", "stop"])
    err = capsys.readouterr().err
    assert status == 1
    assert "bot 'crashes'" in err and "exited (status 3)" in err


def test_the_command_refuses_two_entrants_of_one_name(capsys: pytest.CaptureFixture[str]) -> None:
    """Two --bot values with one name exit 2, naming it."""
    status = main(["arena", "--bot", "x=./a", "--bot", "x=./b", "--players", "2", "--games", "2"])
    assert status == 2
    assert "--bot names x more than once" in capsys.readouterr().err
