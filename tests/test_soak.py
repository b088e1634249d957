"""The soak (``scripts/soak.py``) draws its tables from every field of Rules."""

from __future__ import annotations

import random

import attrs

from scripts.soak import random_rules
from threeup3down import Rules


def test_the_soak_varies_every_rules_field() -> None:
    """Over a few hundred tables, random_rules gives every field of Rules more than one value."""
    rng = random.Random(1)
    tables = [random_rules(rng) for _ in range(300)]
    for field in attrs.fields(Rules):
        assert len({getattr(table, field.name) for table in tables}) > 1, f"the soak never varies Rules.{field.name}"

