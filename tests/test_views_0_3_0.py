"""Position notation, SVG pictures and the text view are written as release 0.3.0 wrote them,
but for the pictures that now draw known cards."""

from __future__ import annotations

import json

import pytest

from tests.view_fixtures import FIXTURE, REDRAWN, redrawn, views

EXPECTED: dict[str, str] = json.loads(FIXTURE.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def written() -> dict[str, str]:
    """What today's code writes of the fixture values."""
    return views()


def test_the_same_values_are_written() -> None:
    """The fixture holds the notation, pictures and text views of states and observations alike."""
    kinds = {name.rpartition(".")[2] for name in EXPECTED}
    assert kinds == {"notation", "svg-sha256", "text"}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_each_text_is_the_one_0_3_0_wrote(name: str, written: dict[str, str]) -> None:
    """Today's notation, picture (by its digest) or text view of a value is byte for byte 0.3.0's."""
    assert written[name] == EXPECTED[name]


def test_nothing_more_is_written(written: dict[str, str]) -> None:
    """Every view today's code writes of the fixture values was written by 0.3.0 too."""
    assert set(written) == set(EXPECTED)


def test_only_the_pictures_with_known_cards_were_redrawn() -> None:
    """The fixture's rewritten pictures are exactly those of observations in which another
    seat's hand has known cards, which 0.4.0 draws; every other entry is 0.3.0's."""
    assert REDRAWN == redrawn()
    assert REDRAWN <= set(EXPECTED)
