"""A bot writer's own bot in simulate and play: an object, a factory or an import path, on every executor."""

from __future__ import annotations

import pytest

from tests.user_bots import FirstMoveBot, lowest
from threeup3down import BotError, Rules, SimulationError
from threeup3down.bots import make_bot
from threeup3down.cli import main
from threeup3down.simulation import play_tables, simulate

TABLE = Rules(players=2)


def test_an_import_path_makes_the_bot_it_names() -> None:
    """package.module:Class calls the class with no argument, ...:Class:budget with the budget."""
    assert make_bot("tests.user_bots:FirstMoveBot") == FirstMoveBot()
    assert make_bot("tests.user_bots:FirstMoveBot:3") == FirstMoveBot(3)


@pytest.mark.parametrize(
    ("path", "problem"),
    [
        ("tests.no_such_module:Bot", "cannot import tests.no_such_module"),
        ("tests.user_bots:Missing", "module tests.user_bots has no Missing"),
        ("tests.user_bots:not_a_bot", "which has no choose() or choose_state()"),
        ("tests.user_bots:FirstMoveBot:0", "must be a whole number of iterations, at least 1"),
        ("tests.user_bots:lowest:2", "lowest() raised TypeError"),
    ],
)
def test_a_bad_import_path_is_a_bot_error_naming_the_problem(path: str, problem: str) -> None:
    """Every way an import path can fail is a BotError that says which."""
    with pytest.raises(BotError) as raised:
        make_bot(path)
    assert problem in str(raised.value)


@pytest.mark.parametrize("workers", [1, 2])
def test_a_factory_plays_as_the_bot_it_makes(workers: int) -> None:
    """A factory is named by its name and plays exactly as the bot it makes, in
    this process and in worker processes."""
    mine = simulate(TABLE, [lowest, "random"], 12, seed=4, workers=workers, rotate=True)
    library = simulate(TABLE, ["lowest", "random"], 12, seed=4, workers=1, rotate=True)
    assert mine.bot_places["lowest"] == library.bot_places["lowest"]
    assert mine.seat_places == library.seat_places
    assert mine.bot_seats == {"lowest": 12, "random": 12}


@pytest.mark.parametrize("workers", [1, 2])
def test_an_import_path_plays_in_worker_processes(workers: int) -> None:
    """An import path is a bot name: each worker imports it."""
    path = "tests.user_bots:FirstMoveBot"
    by_path = simulate(TABLE, [path, "random"], 6, seed=2, workers=workers)
    by_object = simulate(TABLE, [FirstMoveBot(), "random"], 6, seed=2, workers=1)
    assert by_path.seat_places == by_object.seat_places
    assert by_path.bot_seats == {path: 6, "random": 6}


def test_a_factory_that_makes_no_bot_is_refused_before_any_game() -> None:
    """The factory is called once up front."""
    from tests.user_bots import not_a_bot

    with pytest.raises(SimulationError, match="the bot factory 'not_a_bot' made 42, which is not a bot"):
        simulate(TABLE, [not_a_bot, "random"], 2, seed=1, workers=1)  # type: ignore[list-item]


def test_play_tables_plays_named_objects_at_every_table() -> None:
    """A name given in bots is played by its object; the tables take turns a deal each."""
    tables = [("mine", "random"), ("mine", "lowest")]
    result, finishes = play_tables(
        TABLE, tables, 8, seed=1, workers=1, rotate=True, bots={"mine": FirstMoveBot()}
    )
    assert [finish.bots for finish in finishes[:4]] == [
        ("mine", "random"), ("random", "mine"), ("mine", "lowest"), ("lowest", "mine"),
    ]
    assert result.bot_seats == {"mine": 8, "random": 4, "lowest": 4}
    assert [finish.game for finish in finishes] == list(range(8))
    assert all(len(finish.places) <= 1 for finish in finishes)  # the winner; places is off
    assert sum(not finish.places for finish in finishes) == result.stalemates


def test_play_takes_an_import_path_for_an_opponent(monkeypatch: pytest.MonkeyPatch) -> None:
    """play --bots takes an import path as it takes a library bot's name."""
    seen: dict[str, object] = {}

    def record(rules: Rules, **options: object) -> None:
        seen.update(options)

    monkeypatch.setattr("threeup3down.cli.commands.play_in_terminal", record)
    assert main(["play", "--players", "2", "--seed", "1", "--bots", "tests.user_bots:FirstMoveBot:2"]) == 0
    assert seen["bots"] == [FirstMoveBot(2), FirstMoveBot(2)]
