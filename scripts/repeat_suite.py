"""Run the whole test suite several times in a row, each time under new seeds, to catch flaky tests.

Each run is ``python -m pytest -q -p no:cacheprovider --hypothesis-seed=H`` under
``PYTHONHASHSEED=P`` and the ``default`` Hypothesis profile (``CI`` unset, so not
the derandomized ``ci`` one), with the tests in a shuffled order: the modules in
a random order, and the tests of each module in a random order (a module's
tests stay together, so its module-scoped fixtures start once). The order
comes from a third seed, ``O``, read by this module acting as a pytest plugin
(``-p scripts.repeat_suite``), so no new dependency is needed.

Run from the repository root::

    python -m scripts.repeat_suite --runs 10          # ten runs, seeds drawn at random
    python -m scripts.repeat_suite --runs 3 --seed 7  # the same three runs every time
    python -m scripts.repeat_suite --runs 1 -- tests/test_pettingzoo.py -x  # extra pytest arguments

It prints one line per run (its seeds, passed and failed counts, seconds),
keeps each run's whole output in a log directory, and exits with status 1 if
any run failed, printing for each failed run the command that repeats it.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Protocol, TypeVar

import attrs
import pytest

__all__ = [
    "ORDER_SEED",
    "REPOSITORY",
    "RunResult",
    "RunSeeds",
    "command",
    "draw_seeds",
    "main",
    "pytest_collection_modifyitems",
    "run_once",
    "shuffled",
    "summary_counts",
]

ORDER_SEED = "REPEAT_SUITE_ORDER_SEED"
"""The environment variable that holds the seed of the test order (no shuffle when unset)."""

REPOSITORY = Path(__file__).resolve().parent.parent
"""The checkout whose suite is run (each run starts there)."""

_COUNT = re.compile(r"(\d+) (passed|failed|errors?|skipped|xfailed|xpassed)\b")


@attrs.frozen
class RunSeeds:
    """The three seeds of one run."""

    hash_seed: int
    """``PYTHONHASHSEED`` (1 to 2**32 - 1)."""
    hypothesis_seed: int
    """The value of ``--hypothesis-seed``."""
    order_seed: int
    """The seed of the shuffled test order."""

    def describe(self) -> str:
        """The seeds as ``PYTHONHASHSEED=... hypothesis-seed=... order-seed=...``."""
        return (
            f"PYTHONHASHSEED={self.hash_seed} hypothesis-seed={self.hypothesis_seed} "
            f"order-seed={self.order_seed}"
        )


@attrs.frozen
class RunResult:
    """What one run of the suite gave."""

    seeds: RunSeeds
    counts: dict[str, int]
    """Tests by outcome (``passed``, ``failed``, ``error``, ``skipped``, ...)."""
    returncode: int
    seconds: float
    log: Path
    """The run's whole output."""

    @property
    def is_ok(self) -> bool:
        """True when pytest exited with status 0 and reported no failure or error."""
        return self.returncode == 0 and not self.counts.get("failed") and not self.counts.get("error")


def draw_seeds(runs: int, seed: int) -> list[RunSeeds]:
    """``runs`` sets of seeds drawn from ``seed``, each hash seed and Hypothesis seed different.

    The first runs' seeds do not depend on how many runs are asked for.

    >>> draw_seeds(3, 1)[:2] == draw_seeds(2, 1)
    True
    >>> len({s.hash_seed for s in draw_seeds(10, 1)}), len({s.hypothesis_seed for s in draw_seeds(10, 1)})
    (10, 10)
    """
    rng = random.Random(seed)
    drawn: list[RunSeeds] = []
    while len(drawn) < runs:
        seeds = RunSeeds(rng.randrange(1, 2**32), rng.randrange(2**32), rng.randrange(2**32))
        if all(seeds.hash_seed != d.hash_seed and seeds.hypothesis_seed != d.hypothesis_seed for d in drawn):
            drawn.append(seeds)
    return drawn


def command(seeds: RunSeeds, pytest_args: Sequence[str] = ()) -> list[str]:
    """The pytest command of a run (its environment comes from :func:`environment`)."""
    return [
        sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
        f"--hypothesis-seed={seeds.hypothesis_seed}", "-p", "scripts.repeat_suite", *pytest_args,
    ]


def environment(seeds: RunSeeds) -> dict[str, str]:
    """This process's environment with the run's seeds, the default profile, and no ``CI``."""
    env = {name: value for name, value in os.environ.items() if name != "CI"}
    env["PYTHONHASHSEED"] = str(seeds.hash_seed)
    env["HYPOTHESIS_PROFILE"] = "default"
    env[ORDER_SEED] = str(seeds.order_seed)
    return env


def repeat_command(seeds: RunSeeds, pytest_args: Sequence[str] = ()) -> str:
    """A shell command that repeats the run, for the report of a failure."""
    pytest_part = " ".join(command(seeds, pytest_args)[1:])
    return (
        f"PYTHONHASHSEED={seeds.hash_seed} HYPOTHESIS_PROFILE=default {ORDER_SEED}={seeds.order_seed} "
        f"python {pytest_part}"
    )


def summary_counts(output: str) -> dict[str, int]:
    """The counts of pytest's last summary line (``error`` for ``errors``).

    >>> summary_counts("...\\n= 3 failed, 1420 passed, 2 skipped, 1 error in 80.01s =\\n")
    {'failed': 3, 'passed': 1420, 'skipped': 2, 'error': 1}
    >>> summary_counts("no tests ran")
    {}
    """
    lines = [line for line in output.splitlines() if re.search(r"\bin [\d.]+s\b", line)]
    if not lines:
        return {}
    return {kind.rstrip("s") if kind.startswith("error") else kind: int(number)
            for number, kind in _COUNT.findall(lines[-1])}


def run_once(seeds: RunSeeds, log: Path, pytest_args: Sequence[str] = ()) -> RunResult:
    """Run the suite once under ``seeds``, its output written to ``log``."""
    started = time.perf_counter()
    with log.open("w") as out:
        finished = subprocess.run(
            command(seeds, pytest_args), cwd=REPOSITORY, env=environment(seeds), stdout=out,
            stderr=subprocess.STDOUT, check=False,
        )
    seconds = time.perf_counter() - started
    return RunResult(seeds, summary_counts(log.read_text()), finished.returncode, seconds, log)


def _line(number: int, runs: int, result: RunResult) -> str:
    counts = result.counts
    verdict = "ok  " if result.is_ok else "FAIL"
    return (
        f"run {number:>2}/{runs} {verdict} {result.seeds.describe()}: "
        f"{counts.get('passed', 0)} passed, {counts.get('failed', 0)} failed, "
        f"{counts.get('error', 0)} errors, {counts.get('skipped', 0)} skipped, "
        f"{counts.get('xfailed', 0)} xfailed "
        f"(exit {result.returncode}) in {result.seconds:.1f} s"
    )


def main(argv: Sequence[str] | None = None) -> int:
    """Run the suite ``--runs`` times; 0 if every run passed, else 1."""
    parser = argparse.ArgumentParser(
        prog="python -m scripts.repeat_suite",
        description="Run the test suite N times, each under a new PYTHONHASHSEED, Hypothesis seed and test order.",
    )
    parser.add_argument("--runs", type=int, default=10, help="how many runs (default 10)")
    parser.add_argument("--seed", type=int, default=None,
                        help="the seed the runs' seeds are drawn from (default: drawn at random and printed)")
    parser.add_argument("--log-dir", type=Path, default=None,
                        help="where each run's output is kept (default: a new temporary directory)")
    parser.add_argument("pytest_args", nargs="*", help="more pytest arguments, after --")
    options = parser.parse_args(argv)
    if options.runs < 1:
        parser.error(f"--runs must be at least 1, not {options.runs}")
    seed = random.SystemRandom().randrange(2**32) if options.seed is None else options.seed
    log_dir = Path(tempfile.mkdtemp(prefix="repeat_suite-")) if options.log_dir is None else options.log_dir
    log_dir.mkdir(parents=True, exist_ok=True)
    runs = f"{options.runs} run{'s' if options.runs != 1 else ''}"
    print(f"{runs} from --seed {seed}; each run's output in {log_dir}", flush=True)
    failed: list[tuple[int, RunResult]] = []
    for number, seeds in enumerate(draw_seeds(options.runs, seed), start=1):
        result = run_once(seeds, log_dir / f"run{number:02}.txt", options.pytest_args)
        print(_line(number, options.runs, result), flush=True)
        if not result.is_ok:
            failed.append((number, result))
    if not failed:
        print(f"all {options.runs} runs passed")
        return 0
    print(f"{len(failed)} of {options.runs} runs failed; to repeat one, from the repository root:")
    for number, result in failed:
        print(f"  run {number} ({result.log}):")
        print(f"    {repeat_command(result.seeds, options.pytest_args)}")
    return 1


class _Test(Protocol):
    @property
    def nodeid(self) -> str: ...


_T = TypeVar("_T", bound=_Test)


def shuffled(items: Sequence[_T], seed: int) -> list[_T]:
    """``items`` with their files in a random order and each file's items in a random order.

    Items of one file stay together, so fixtures scoped to a module are set up once.
    """
    rng = random.Random(seed)
    by_file: dict[str, list[_T]] = {}
    for item in items:
        by_file.setdefault(item.nodeid.split("::")[0], []).append(item)
    files = list(by_file.values())
    rng.shuffle(files)
    for group in files:
        rng.shuffle(group)
    return [item for group in files for item in group]


def pytest_collection_modifyitems(session: pytest.Session, config: pytest.Config, items: list[pytest.Item]) -> None:
    """As a pytest plugin (``-p scripts.repeat_suite``): shuffle the tests by ``$REPEAT_SUITE_ORDER_SEED``."""
    seed = os.environ.get(ORDER_SEED)
    if seed is not None:
        items[:] = shuffled(items, int(seed))


def pytest_report_header(config: pytest.Config) -> list[str]:
    """Say which test order the run uses."""
    seed = os.environ.get(ORDER_SEED)
    return [] if seed is None else [f"test order shuffled by {ORDER_SEED}={seed} (scripts/repeat_suite.py)"]


if __name__ == "__main__":
    sys.exit(main())
