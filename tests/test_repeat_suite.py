"""scripts/repeat_suite.py: the seeds of each run, the summary it reads, the order it shuffles."""

from __future__ import annotations

import re
from pathlib import Path

import attrs

from scripts.repeat_suite import RunSeeds, draw_seeds, repeat_command, run_once, shuffled, summary_counts


def test_each_run_has_a_hash_seed_and_a_hypothesis_seed_of_its_own() -> None:
    """Ten runs get ten PYTHONHASHSEEDs (1 to 2**32 - 1) and ten Hypothesis seeds, the same from the same seed."""
    runs = draw_seeds(10, 7)
    assert len({run.hash_seed for run in runs}) == len({run.hypothesis_seed for run in runs}) == 10
    assert all(1 <= run.hash_seed < 2**32 for run in runs)
    assert draw_seeds(10, 7) == runs and draw_seeds(3, 7) == runs[:3]
    assert draw_seeds(10, 8) != runs


def test_the_counts_come_from_the_last_summary_line() -> None:
    """passed, failed, skipped and errors are read from pytest's closing line, errors as "error"."""
    output = "3 passed in the name of a test\n= 2 failed, 1425 passed, 2 skipped, 3 errors in 81.20s (0:01:21) =\n"
    assert summary_counts(output) == {"failed": 2, "passed": 1425, "skipped": 2, "error": 3}
    assert summary_counts("1 passed, 1 xfailed, 1 warning in 0.01s") == {"passed": 1, "xfailed": 1}
    assert summary_counts("INTERNALERROR> no summary") == {}


@attrs.frozen
class _Item:
    nodeid: str


def test_a_shuffled_order_keeps_each_file_together() -> None:
    """Every test is run once; a file's tests stay next to each other; the seed picks the order."""
    items = [_Item(f"tests/test_{name}.py::test_{number}") for name in "abcdef" for number in range(5)]
    order = shuffled(items, 1)
    assert sorted(order, key=items.index) == items
    files = [item.nodeid.split("::")[0] for item in order]
    assert len(set(files)) == sum(1 for a, b in zip(files, files[1:] + [""]) if a != b)  # one block each
    assert order == shuffled(items, 1) and order != shuffled(items, 2) and order != items


def test_a_run_passes_its_seeds_and_shuffles_the_tests(tmp_path: Path) -> None:
    """A run sees its PYTHONHASHSEED, the default Hypothesis profile and no CI, in the shuffled
    order; its counts are read, a failure marks it failed, and the repeat command names the seeds."""
    seeds = RunSeeds(hash_seed=1234, hypothesis_seed=99, order_seed=5)
    checks = tmp_path / "test_checks.py"
    checks.write_text(
        "import os\n"
        "def test_hash_seed():\n    assert os.environ['PYTHONHASHSEED'] == '1234'\n"
        "def test_profile():\n    assert os.environ['HYPOTHESIS_PROFILE'] == 'default'\n"
        "def test_no_ci():\n    assert 'CI' not in os.environ\n"
        "def test_fails():\n    assert False\n"
        + "".join(f"def test_{number}():\n    pass\n" for number in range(8)),
        encoding="utf-8",
    )
    log = tmp_path / "run.txt"
    result = run_once(seeds, log, ["-vv", "--rootdir", str(tmp_path), str(checks)])
    assert result.counts == {"failed": 1, "passed": 11}
    assert not result.is_ok and result.returncode == 1 and result.log == log
    ran = re.findall(r"^\S+::(test_\w+) (?:PASSED|FAILED)", log.read_text(), re.MULTILINE)
    written = ["test_hash_seed", "test_profile", "test_no_ci", "test_fails", *(f"test_{n}" for n in range(8))]
    assert sorted(ran) == sorted(written) and ran != written
    assert repeat_command(seeds).startswith(
        "PYTHONHASHSEED=1234 HYPOTHESIS_PROFILE=default REPEAT_SUITE_ORDER_SEED=5 python -m pytest"
    )
    assert "--hypothesis-seed=99" in repeat_command(seeds)
