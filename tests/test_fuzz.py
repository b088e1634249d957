"""The fuzzer (``scripts/fuzz.py``), run with a fixed small budget: mutated input of every kind
raises only library errors, and whatever loads reads back and plays."""

from __future__ import annotations

import random

import pytest

from scripts.fuzz import Failure, check, fuzz, inputs, main, mutate
from threeup3down import Rules

KINDS = ("json", "position", "record", "rules", "move")
"""Every reader of text: JSON documents, position notation, record text, rules text, move notation."""


def test_a_fixed_budget_of_mutated_inputs_raises_only_library_errors() -> None:
    """Four hundred mutated inputs (seed 1) are each refused with a ThreeUpError or load, read back
    and play; inputs of every kind are read, and some of each kind are refused."""
    counts = fuzz(1, documents=400, timed=False)
    assert counts["read"] >= 400
    for kind in KINDS:
        assert counts[f"{kind} refused"] > 0, kind
    assert sum(counts[f"{kind} loaded"] for kind in KINDS) > 0


def test_unmutated_inputs_of_every_kind_load() -> None:
    """The inputs the fuzzer mutates are valid: each one, unchanged, loads and reads back."""
    rng = random.Random(4)
    kinds = set()
    for _ in range(5):
        for kind, text, rules in inputs(rng):
            assert check(kind, text, rules, timed=False), (kind, text)
            kinds.add(kind)
    assert kinds == set(KINDS)


def test_a_reader_raising_anything_else_is_a_failure(monkeypatch: pytest.MonkeyPatch) -> None:
    """The fuzzer reports a reader that raises an error that is not the library's."""

    def broken(text: str) -> object:
        raise KeyError(text)

    monkeypatch.setattr("scripts.fuzz.from_json", broken)
    with pytest.raises(Failure, match="KeyError"):
        check("json", "{}", Rules(players=2), timed=False)


def test_mutations_change_the_text() -> None:
    """Each mutation is seeded: the same seed changes a text the same way."""
    text = '{"format": "threeup3down/rules", "version": 1, "players": 3}'
    assert mutate(text, random.Random(7)) == mutate(text, random.Random(7))
    assert any(mutate(text, random.Random(seed)) != text for seed in range(5))


def test_the_command_prints_what_it_read(capsys: pytest.CaptureFixture[str]) -> None:
    """``python -m scripts.fuzz --documents N --seed S --no-time`` reads N inputs and says so."""
    main(["--documents", "30", "--seed", "3", "--no-time"])
    assert capsys.readouterr().out.startswith("fuzz: ")
