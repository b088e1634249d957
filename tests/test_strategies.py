"""The test strategies draw what they promise: :func:`tests.strategies.rules` varies every field of Rules."""

from __future__ import annotations

from collections import defaultdict

import attrs
from hypothesis import given, settings

from tests.strategies import rules
from threeup3down import Rules


def test_the_rules_strategy_varies_every_field() -> None:
    """Over a few hundred tables, rules() gives every field of Rules more than one value."""
    seen: defaultdict[str, set[object]] = defaultdict(set)

    @settings(max_examples=300, derandomize=True, database=None)
    @given(rules())
    def collect(table: Rules) -> None:
        for field in attrs.fields(Rules):
            seen[field.name].add(getattr(table, field.name))

    collect()
    for field in attrs.fields(Rules):
        assert len(seen[field.name]) > 1, f"rules() never varies Rules.{field.name}"
