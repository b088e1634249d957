"""simulate() fails the same way on every executor: a bot that raises or never
answers, Ctrl-C, and how the command line reports them.

Each failing case runs on the four executors: this process (``workers=1``),
worker processes (``workers=2``), a Dask LocalCluster and a local Ray, the
last two started once for the module (extras ``[dask]`` and ``[ray]``: their
tests skip without them, and fail under ``THREEUP3DOWN_REQUIRE_EXTRAS=1``).
"""

from __future__ import annotations

import os
import pickle
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import threeup3down
import threeup3down.simulation
from tests.extras import require
from tests.failing_bots import (
    MESSAGE,
    NoMoveAtSeat0,
    PicksAtSeat0,
    RaisesAtSeat0,
    SleepsAtSeat0,
    Unpicklable,
    UnpicklableAtSeat0,
)
from tests.subprocesses import child_environment
from threeup3down import Rules
from threeup3down.bots import AnyBot, RandomBot
from threeup3down.cli import main
from threeup3down.core.errors import (
    BotExceptionText,
    BotFailed,
    BotTimedOut,
    IllegalMoveError,
    SimulationCancelled,
    SimulationError,
    SimulationInterrupted,
    ThreeUpError,
)
from threeup3down.simulation import SimulationResult, game_seed, simulate

TABLE = Rules(players=2)
SEED = 11
EXECUTORS = ("here", "processes", "dask", "ray")

Run = dict[str, Any]
"""The keyword arguments of simulate() that pick an executor."""


@pytest.fixture(scope="module")
def dask_run(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Run]:
    """A Dask LocalCluster of two worker processes on 127.0.0.1, for the module."""
    distributed = require("distributed", "dask")
    dask = require("dask", "dask")
    with dask.config.set({"temporary-directory": str(tmp_path_factory.mktemp("dask"))}):
        cluster = distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
            dashboard_address="127.0.0.1:0",
        )
    with cluster, distributed.Client(cluster) as client:
        yield {"executor": client.get_executor()}


@pytest.fixture(scope="module")
def ray_run() -> Iterator[Run]:
    """A local Ray of two CPUs, of its own (never one found through RAY_ADDRESS), for the module.

    Its worker processes inherit this environment, with the repository root on
    ``PYTHONPATH`` so that they import :mod:`tests.failing_bots`.
    """
    ray = require("ray", "ray")
    from threeup3down.simulation import ray_executor

    saved = dict(os.environ)
    os.environ.update(child_environment())
    os.environ["RAY_enable_metrics_collection"] = "0"  # it can start too late on a busy machine
    try:
        ray.init(address="local", num_cpus=2, include_dashboard=False, _node_ip_address="127.0.0.1",
                 log_to_driver=False, configure_logging=False)
    finally:
        os.environ.clear()
        os.environ.update(saved)
    try:
        yield {"executor": ray_executor()}
    finally:
        ray.shutdown()


@pytest.fixture(params=EXECUTORS)
def run(request: pytest.FixtureRequest) -> Run:
    """Each executor in turn."""
    name: str = request.param
    if name == "here":
        return {"workers": 1}
    if name == "processes":
        return {"workers": 2}
    fixture: Run = request.getfixturevalue(f"{name}_run")
    return fixture


def _fail(bot: AnyBot, run: Run, **options: Any) -> BotFailed:
    """The error of two games, seats rotated, ``bot`` at seat 1 in game 0 and
    at seat 0 in game 1, where it fails (both games in one batch)."""
    with pytest.raises(BotFailed) as caught:
        simulate(TABLE, ["lowest", bot], 2, seed=SEED, rotate=True, batch_size=2, **run, **options)
    return caught.value


def _assert_names_game_1_seat_0(error: BotFailed, bot: str) -> None:
    """Game 1 replays the deal of game 0 with the seats rotated (the duplicate
    format), so its seed is the seed of deal 0."""
    assert (error.game, error.seat, error.bot) == (1, 0, bot)
    assert error.seed == game_seed(SEED, 0)
    assert f"game 1 (deal seed {game_seed(SEED, 0)}), seat 0, bot {bot!r}" in str(error)
    assert "no result is reported" in str(error)


def test_a_bot_that_raises_is_reported_with_its_exception_as_the_cause(run: Run) -> None:
    """BotFailed names the game, its seed, the seat and the bot; the bot's
    RuntimeError, with its message, is the cause."""
    error = _fail(RaisesAtSeat0(), run)
    assert type(error) is BotFailed and isinstance(error, SimulationError)
    _assert_names_game_1_seat_0(error, "RaisesAtSeat0")
    assert f"raised RuntimeError: {MESSAGE}" in str(error)
    assert type(error.__cause__) is RuntimeError and str(error.__cause__) == MESSAGE


@pytest.mark.spec("S3")
def test_a_move_the_rules_refuse_is_reported_with_the_rule(run: Run) -> None:
    """A bot that chooses a move the rules refuse (pick during setup, S3) gives BotFailed
    naming the game, seat, bot, the move and the rule, the engine's refusal as the cause."""
    error = _fail(PicksAtSeat0(), run)
    _assert_names_game_1_seat_0(error, "PicksAtSeat0")
    assert "chose pick, which the rules refuse (S3: cannot pick up the discard pile during setup" in str(error)
    cause = error.__cause__
    assert isinstance(cause, IllegalMoveError) and cause.rule == "S3"


def test_an_answer_that_is_no_move_is_reported(run: Run) -> None:
    """A bot that answers something that is not a move gives BotFailed saying so."""
    error = _fail(NoMoveAtSeat0(), run)
    _assert_names_game_1_seat_0(error, "NoMoveAtSeat0")
    assert "chose 'pick', which is not a move (" in str(error)
    assert isinstance(error.__cause__, ThreeUpError)


def test_an_exception_that_cannot_be_pickled_keeps_its_type_name_and_message(run: Run) -> None:
    """From a worker process the cause is a BotExceptionText with the type name
    and message; in this process it is the exception itself."""
    error = _fail(UnpicklableAtSeat0(), run)
    _assert_names_game_1_seat_0(error, "UnpicklableAtSeat0")
    assert f"raised Unpicklable: {MESSAGE}" in str(error)
    cause = error.__cause__
    if run == {"workers": 1}:
        assert type(cause) is Unpicklable
    else:
        assert isinstance(cause, BotExceptionText)
        assert (cause.type_name, cause.message) == ("Unpicklable", MESSAGE)


def test_a_bot_that_never_answers_ends_the_run_at_the_time_limit(run: Run) -> None:
    """A bot that waits forever ends the run with BotTimedOut naming the game,
    seat, bot and the limit, rather than stalling it."""
    error = _fail(SleepsAtSeat0(), run, decision_time_limit=0.5)
    assert isinstance(error, BotTimedOut)
    _assert_names_game_1_seat_0(error, "SleepsAtSeat0")
    assert error.limit == 0.5
    assert "no move within the decision time limit of 0.5 s" in str(error)


def test_a_time_limit_changes_no_result() -> None:
    """Games watched by the time limit (the default) count as games without one."""
    bots: list[str | AnyBot] = ["heuristic", RandomBot()]
    watched = simulate(TABLE, bots, 6, seed=SEED, workers=1, batch_size=4)
    assert watched == simulate(TABLE, bots, 6, seed=SEED, workers=1, batch_size=4, decision_time_limit=None)
    assert watched.bot_seat_games("RandomBot") == 6


@pytest.mark.parametrize("limit", [0, -1, float("nan"), float("inf"), "5", True])
def test_a_bad_time_limit_is_refused(limit: object) -> None:
    """The limit is a positive, finite number of seconds, or None."""
    with pytest.raises(SimulationError, match="decision_time_limit must be a positive number"):
        simulate(TABLE, ["random", "random"], 2, seed=1, workers=1, decision_time_limit=limit)  # type: ignore[arg-type]


def test_bot_objects_are_named_by_their_class_and_must_be_bots() -> None:
    """Two unequal bots of one class would share a name, so they are refused;
    an object without choose() is no bot."""
    class Counting(RandomBot):  # equal only to itself
        pass

    with pytest.raises(SimulationError, match="two different bots named 'Counting'"):
        simulate(TABLE, [Counting(), Counting()], 2, seed=1, workers=1)
    bot = Counting()
    assert simulate(TABLE, [bot, bot], 2, seed=1, workers=1).bot_seat_games("Counting") == 4
    with pytest.raises(SimulationError, match=r"a bot is a bot name, an object with choose\(\), or a function"):
        simulate(TABLE, ["random", 3], 2, seed=1, workers=1)  # type: ignore[list-item]


def test_the_errors_pickle_with_their_context() -> None:
    """The errors keep their class, message and context through pickling, as
    they do coming back from a worker."""
    failed = BotFailed("m", game=1, seed=2, seat=3, bot="b")
    timed_out = BotTimedOut("t", game=4, seed=5, seat=0, bot="c", limit=1.5)
    text = BotExceptionText(type_name="E", message="x")
    for error in (failed, timed_out, text, SimulationInterrupted("i")):
        copy = pickle.loads(pickle.dumps(error))
        assert type(copy) is type(error) and str(copy) == str(error) and vars(copy) == vars(error)


def test_the_simulation_errors_are_exported_where_the_others_are() -> None:
    """threeup3down.simulation and threeup3down offer the errors simulate raises."""
    names = ["BotExceptionText", "BotFailed", "BotTimedOut", "SimulationCancelled",
             "SimulationError", "SimulationInterrupted"]
    for module in (threeup3down.simulation, threeup3down):
        assert set(names) <= set(module.__all__)
        assert all(getattr(module, name) is getattr(threeup3down.core.errors, name) for name in names)
    assert issubclass(SimulationInterrupted, SimulationCancelled)


def test_ctrl_c_during_a_run_raises_simulation_interrupted(monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C while a batch plays (here: raised from it) is SimulationInterrupted."""
    def interrupted(batch: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr("threeup3down.simulation.play._play_batch", interrupted)
    with pytest.raises(SimulationInterrupted, match="interrupted after 0 of 2 games"):
        simulate(TABLE, ["random", "random"], 2, seed=1, workers=1)


ARGV = {
    "play": ["play", "--players", "2", "--seed", "1"],
    "simulate": ["simulate", "--games", "4", "--players", "2", "--workers", "1", "--seed", "1"],
}


@pytest.mark.parametrize("command", sorted(ARGV))
def test_ctrl_c_exits_130_with_one_line_and_no_traceback(
    command: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """play (Ctrl-C at its prompt) and simulate (Ctrl-C while games play) both
    exit 130, the shell's status for SIGINT, with one line on stderr."""
    def interrupted(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr("threeup3down.cli.commands.play_in_terminal", interrupted)
    monkeypatch.setattr("threeup3down.simulation.play._play_batch", interrupted)
    assert main(ARGV[command]) == 130
    captured = capsys.readouterr()
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1 and "interrupted" in lines[0] and captured.out == ""


def test_sigint_stops_simulate_with_status_130(tmp_path: Path) -> None:
    """A real SIGINT to ``threeup3down simulate`` exits 130 with one line on stderr.

    The child sends the signal to itself from its progress callback, so it
    arrives while games are being played, however slow the machine. It first
    restores Python's handler: a job a shell runs in the background inherits
    SIGINT ignored, and Python then leaves it ignored.
    """
    script = (
        "import os, signal, sys\n"
        "signal.signal(signal.SIGINT, signal.default_int_handler)\n"
        "import threeup3down.cli.simulate as command\n"
        "from threeup3down.cli import main\n"
        "command._progress_bar = lambda games: __import__('contextlib').nullcontext("
        "lambda done, total: os.kill(os.getpid(), signal.SIGINT))\n"
        "sys.exit(main(['simulate', '--games', '40', '--players', '2', '--workers', '1', '--seed', '1']))\n"
    )
    child = subprocess.run([sys.executable, "-c", script], env=child_environment(), cwd=tmp_path,
                           capture_output=True, text=True, timeout=120)
    assert child.returncode == 130, child.stderr
    lines = child.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("threeup3down simulate: interrupted after "), lines
    assert child.stdout == ""


def test_a_failed_run_exits_1_naming_the_bot(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """A bot that raises makes ``threeup3down simulate`` exit 1 with the error in one line."""
    def with_a_failing_bot(rules: Rules, bots: list[str], games: int, **options: Any) -> SimulationResult:
        return simulate(rules, ["lowest", RaisesAtSeat0()], games, **{**options, "rotate": True})

    monkeypatch.setattr("threeup3down.cli.simulate.simulate", with_a_failing_bot)
    assert main(ARGV["simulate"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("threeup3down simulate: game 1 (deal seed ") and "RaisesAtSeat0" in err
    assert len(err.strip().splitlines()) == 1


@pytest.mark.parametrize(("text", "limit"), [("0.5", 0.5), ("120", 120.0), ("none", None), ("None", None)])
def test_the_command_line_passes_the_time_limit(
    text: str, limit: float | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """--decision-time-limit reaches simulate(); 'none' turns it off; the default is simulate's."""
    seen = []

    def recording(rules: Rules, bots: list[str], games: int, **options: Any) -> SimulationResult:
        seen.append(options["decision_time_limit"])
        return simulate(rules, bots, games, **options)

    monkeypatch.setattr("threeup3down.cli.simulate.simulate", recording)
    assert main([*ARGV["simulate"], "--decision-time-limit", text]) == 0
    assert main(ARGV["simulate"]) == 0
    assert seen == [limit, threeup3down.simulation.DECISION_TIME_LIMIT]


@pytest.mark.parametrize("text", ["0", "-2", "soon", "inf"])
def test_the_command_line_refuses_a_bad_time_limit(text: str, capsys: pytest.CaptureFixture[str]) -> None:
    """A limit that is not a positive number of seconds is a usage error (status 2)."""
    assert main([*ARGV["simulate"], "--decision-time-limit", text]) == 2
    assert "--decision-time-limit" in capsys.readouterr().err

