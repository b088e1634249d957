"""simulate(): determinism across executors, tallies against records, bad arguments, failures."""

from __future__ import annotations

import concurrent.futures
import json
import multiprocessing
import multiprocessing.synchronize
import os
from collections.abc import Callable
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import ParamSpec, TypeVar

import attrs
import pytest

from threeup3down import Rules, apply_with_events, replay
from threeup3down.cli import main
from threeup3down.core.errors import BotError, SimulationCancelled, SimulationError
from threeup3down.views.events import CardsDrawn, DownCardTurned, DrawKind, PileCleared, PilePickedUp
from threeup3down.simulation import (
    Rate,
    SimulationResult,
    read_records,
    simulate,
    tally_games,
    wilson_interval,
)

_P = ParamSpec("_P")
_R = TypeVar("_R")

TABLE = Rules(players=3, draw_instead=True, places=True)
BOTS = ["heuristic", "random", "lowest"]
GAMES = 12


@pytest.fixture(scope="module")
def reference() -> SimulationResult:
    """The result of the reference run, played in this process."""
    return simulate(TABLE, BOTS, GAMES, seed=7, workers=1, batch_size=5)


def test_the_same_seed_gives_the_same_result_in_one_process(reference: SimulationResult) -> None:
    """Batch size does not change the result, only how work is cut up."""
    assert simulate(TABLE, BOTS, GAMES, seed=7, workers=1, batch_size=24) == reference
    assert simulate(TABLE, BOTS, GAMES, seed=8, workers=1) != reference


def test_two_processes_give_the_result_of_one(reference: SimulationResult) -> None:
    """Two worker processes, batches finishing in any order, give the same result."""
    with concurrent.futures.ProcessPoolExecutor(max_workers=2) as pool:
        assert simulate(TABLE, BOTS, GAMES, seed=7, executor=pool, batch_size=3) == reference
    assert simulate(TABLE, BOTS, GAMES, seed=7, workers=2, batch_size=7) == reference


@pytest.mark.filterwarnings(
    # Dask warns when making its scratch space takes over a second: a busy machine, not a result
    "ignore:Creating scratch directories is taking a surprisingly long time:UserWarning"
)
def test_dask_gives_the_result_of_one_process(reference: SimulationResult, tmp_path: Path) -> None:
    """A Dask LocalCluster's executor gives the same result (extra [dask])."""
    distributed = pytest.importorskip("distributed", reason="needs the dask extra")
    dask = pytest.importorskip("dask", reason="needs the dask extra")
    with dask.config.set({"temporary-directory": str(tmp_path)}):  # not the machine's shared one
        cluster = distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
            dashboard_address="127.0.0.1:0",
        )
    with cluster, distributed.Client(cluster) as client:
        result = simulate(TABLE, BOTS, GAMES, seed=7, executor=client.get_executor(), batch_size=4)
    assert result == reference


def test_ray_gives_the_result_of_one_process(
    reference: SimulationResult, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A local Ray, through ray_executor(), gives the same result (extra [ray])."""
    ray = pytest.importorskip("ray", reason="needs the ray extra")
    from threeup3down.simulation import ray_executor

    # on a busy machine the metrics agent can start too late for the raylet
    monkeypatch.setenv("RAY_enable_metrics_collection", "0")

    # address="local": a Ray of its own, never one found through RAY_ADDRESS or
    # /tmp/ray/ray_current_cluster (another checkout's, whose workers run other code)
    ray.init(address="local", num_cpus=2, include_dashboard=False, _node_ip_address="127.0.0.1",
             log_to_driver=False, configure_logging=False)
    try:
        result = simulate(TABLE, BOTS, GAMES, seed=7, executor=ray_executor(), batch_size=6)
    finally:
        ray.shutdown()
    assert result == reference


def test_tallies_equal_what_replaying_the_records_gives(tmp_path: Path) -> None:
    """Every game is written as a record; replaying the records and counting their
    events independently gives the tallies of the run."""
    path = tmp_path / "games.jsonl"
    result = simulate(TABLE, BOTS, 12, seed=3, workers=1, records=path)
    records = list(read_records(path))
    assert len(records) == 12
    assert tally_games(records, seed=3) == result
    clears = pick_ups = failed = draws = stalemates = 0
    wins = [0, 0, 0]
    for record in records:
        states = replay(record)
        for before, move in zip(states, record.moves):
            _, events = apply_with_events(before, move)
            flipped = any(isinstance(event, DownCardTurned) for event in events)
            for event in events:
                pick_ups += isinstance(event, PilePickedUp) and not flipped
                clears += isinstance(event, PileCleared)
                failed += isinstance(event, DownCardTurned) and not event.played
                draws += isinstance(event, CardsDrawn) and event.kind is not DrawKind.END_OF_TURN
        final = states[-1]
        stalemates += final.is_stalemate
        if final.winner is not None:
            wins[final.winner] += 1
    assert (result.clears, result.failed_flips, result.draws) == (clears, failed, draws)
    assert result.pick_ups == pick_ups and result.stalemates == stalemates
    assert list(result.seat_wins) == wins


def test_tallying_a_record_of_an_unfinished_game_is_refused(tmp_path: Path) -> None:
    """A record whose moves stop before the game is over is not counted as a game."""
    path = tmp_path / "games.jsonl"
    simulate(TABLE, BOTS, 2, seed=3, workers=1, records=path)
    first, second = read_records(path)
    cut = attrs.evolve(second, moves=second.moves[:10], result=None)
    with pytest.raises(SimulationError, match="record 1 is of a game that is not over"):
        tally_games([first, cut])


def test_seats_rotate_and_each_deal_is_played_in_every_rotation(tmp_path: Path) -> None:
    """With rotate, game g shifts the bots g seats and deal g // players is reused."""
    path = tmp_path / "games.jsonl"
    simulate(Rules(players=2), ["heuristic", "random"], 4, seed=1, workers=1, rotate=True, records=path)
    records = list(read_records(path))
    assert [record.names for record in records] == [
        ("heuristic", "random"), ("random", "heuristic"), ("heuristic", "random"), ("random", "heuristic"),
    ]
    seeds = [record.seed for record in records]
    assert seeds[0] == seeds[1] != seeds[2] == seeds[3]


@pytest.mark.parametrize(
    ("bots", "games", "error", "message"),
    [
        (BOTS, 0, SimulationError, "games must be a whole number of at least 1, not 0"),
        (BOTS, -3, SimulationError, "not -3"),
        (BOTS[:2], 5, SimulationError, "2 bots for a table of 3 players"),
        (["heuristic", "genius", "random"], 5, BotError, "unknown bot 'genius'"),
        ("heuristic", 5, SimulationError, "bots must be a list of bot names"),
    ],
)
def test_bad_arguments_raise_library_errors_naming_the_problem(
    bots: list[str], games: int, error: type[Exception], message: str
) -> None:
    """No games, a wrong number of bots or an unknown bot is refused before any game."""
    with pytest.raises(error, match=message):
        simulate(TABLE, bots, games, seed=1, workers=1)


@pytest.mark.parametrize("batch_size", [0, -2, 2.5, True])
def test_a_bad_batch_size_is_refused(batch_size: object) -> None:
    """A batch size that is not a whole number of at least 1 raises SimulationError naming it."""
    with pytest.raises(SimulationError, match=f"batch_size must be a whole number of at least 1, not {batch_size!r}"):
        simulate(TABLE, BOTS, 4, seed=1, workers=1, batch_size=batch_size)  # type: ignore[arg-type]


def _die() -> None:
    os._exit(3)


def _die_once_set(event: multiprocessing.synchronize.Event) -> None:
    event.wait(60)
    os._exit(3)


class _PoolThatDiesOnceAllAreSubmitted(concurrent.futures.ProcessPoolExecutor):
    """One worker, which dies (status 3) as soon as ``submissions`` tasks have been
    submitted: every batch is then pending when it dies, however busy the machine."""

    def __init__(self, submissions: int) -> None:
        self._all_submitted = multiprocessing.Event()
        self._left = submissions
        super().__init__(max_workers=1, initializer=_die_once_set, initargs=(self._all_submitted,))

    def submit(
        self, fn: Callable[_P, _R], /, *args: _P.args, **kwargs: _P.kwargs
    ) -> concurrent.futures.Future[_R]:
        future = super().submit(fn, *args, **kwargs)
        self._left -= 1
        if self._left == 0:
            self._all_submitted.set()
        return future


def test_a_worker_that_dies_is_reported_and_no_result_is_returned() -> None:
    """A worker process that dies stops the run with SimulationCancelled saying so.

    The worker dies once the three batches are submitted (a worker that dies at
    once may die before they are, which is the case below).
    """
    with _PoolThatDiesOnceAllAreSubmitted(submissions=3) as pool:
        with pytest.raises(SimulationCancelled, match="a worker died .* no result is reported"):
            simulate(TABLE, BOTS, 6, seed=1, executor=pool, batch_size=2)
    assert not [child for child in multiprocessing.active_children() if child.is_alive()]


def test_a_pool_that_broke_before_the_run_is_reported_and_no_result_is_returned() -> None:
    """A pool whose worker died before every batch was submitted stops the run with
    SimulationCancelled too, rather than letting BrokenProcessPool out of submit()."""
    with concurrent.futures.ProcessPoolExecutor(max_workers=1, initializer=_die) as pool:
        with pytest.raises(BrokenProcessPool):
            pool.submit(int).result()  # the pool is marked broken before this future fails
        with pytest.raises(SimulationCancelled, match="a worker died .* no result is reported"):
            simulate(TABLE, BOTS, 6, seed=1, executor=pool, batch_size=2)
    assert not [child for child in multiprocessing.active_children() if child.is_alive()]


def test_an_interrupted_run_is_reported_and_no_result_is_returned() -> None:
    """Ctrl-C during a run (here: in the progress callback) raises SimulationCancelled
    naming how many games had finished, instead of returning a partial result."""
    seen = []

    def progress(done: int, total: int) -> None:
        seen.append(done)
        raise KeyboardInterrupt

    with pytest.raises(SimulationCancelled, match="interrupted after 2 of 6 games"):
        simulate(TABLE, BOTS, 6, seed=1, workers=1, batch_size=2, progress=progress)
    assert seen == [2]


def test_wilson_interval_matches_the_formula() -> None:
    """Wilson's interval for 0 of 10 is [0, 0.2775]; for 5 of 10, [0.2366, 0.7634]."""
    low, high = wilson_interval(0, 10)
    assert low == 0.0 and high == pytest.approx(0.2775, abs=1e-4)
    low, high = wilson_interval(5, 10)
    assert low == pytest.approx(0.2366, abs=1e-4) and high == pytest.approx(0.7634, abs=1e-4)
    assert str(Rate(5, 10)) == "50.0% [23.7%, 76.3%]"


def test_lengths_summarise_every_game(reference: SimulationResult) -> None:
    """Mean, median, p95 and max come from the lengths of all the games."""
    lengths = sorted(length for length, count in reference.length_histogram for _ in range(count))
    assert len(lengths) == GAMES
    assert reference.mean_length == pytest.approx(sum(lengths) / GAMES)
    assert reference.median_length == lengths[(GAMES - 1) // 2]
    assert reference.max_length == lengths[-1]
    assert lengths[0] <= reference.p95_length <= lengths[-1]


def test_the_command_line_writes_json_whose_timing_is_apart(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Two runs of the same work with different workers write equal documents
    once the one `timing` key is set aside."""
    documents = []
    for workers in ("1", "2"):
        path = tmp_path / f"run{workers}.json"
        status = main(["simulate", "--games", "8", "--players", "2", "--bots", "heuristic,random",
                       "--seed", "5", "--workers", workers, "--json", str(path)])
        assert status == 0
        document = json.loads(path.read_text())
        assert set(document["timing"]) >= {"elapsed_s", "games_per_s"}
        del document["timing"]
        documents.append(document)
    assert documents[0] == documents[1]
    output = capsys.readouterr().out
    assert "win rate [95% CI]" in output and "games/s" in output


def test_the_command_line_reports_bad_arguments(capsys: pytest.CaptureFixture[str]) -> None:
    """An unknown bot or a wrong number of bots is one line on stderr and status 2."""
    assert main(["simulate", "--games", "4", "--players", "3", "--bots", "random,random"]) == 2
    assert "2 bots for a table of 3 players" in capsys.readouterr().err
    assert main(["simulate", "--games", "4", "--players", "2", "--bots", "genius"]) == 2
    assert "unknown bot 'genius'" in capsys.readouterr().err
