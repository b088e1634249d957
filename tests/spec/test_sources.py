"""What the specification attributes to which source (rules version 1.1): additions of the library are
marked as such, and a decision is never stated as the sources' rule."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

SPEC = (Path(__file__).resolve().parents[2] / "docs" / "rules.rst").read_text(encoding="utf-8")


def _words(text: str) -> str:
    """``text`` with its line breaks and indentation folded into single spaces."""
    return " ".join(text.split())


def rule_text(rule: str) -> str:
    """The text of ``rule`` on the specification page, from its ``.. rule::`` line to the next rule or example."""
    start = SPEC.index(f".. rule:: {rule}\n")
    following = re.compile(r"^(\.\. rule:: |>>> |\S)", re.MULTILINE)
    match = following.search(SPEC, SPEC.index("\n", start) + 1)
    return _words(SPEC[start : match.start() if match else len(SPEC)])


def decisions(rule: str) -> list[str]:
    """The decision boxes of ``rule``, each as one line of text."""
    return [_words(box) for box in rule_text(rule).split(".. decision::")[1:]]


@pytest.mark.spec("O10", "O11", "S1")
@pytest.mark.parametrize("rule", ["O10", "O11"])
def test_additions_of_the_library_are_marked(rule: str) -> None:
    """The turn limit and two decks come from no source text: their decision says so."""
    assert any("An addition of the library, not of any source" in box for box in decisions(rule))


@pytest.mark.spec("S1", "O11")
def test_s1_does_not_give_two_decks_to_the_sources() -> None:
    """S1's parenthesis on seven to twelve players names two decks as the library's addition."""
    assert "is an addition of the library, not a rule of any source" in rule_text("S1")


@pytest.mark.spec("O1", "O8", "O9", "O10", "O11")
def test_only_o1_to_o8_are_gh_s_optional_rules() -> None:
    """Neither the page's introduction nor section O's claims every optional rule for GH."""
    text = _words(SPEC)
    assert "Only *GH* describes the optional rules of section O" not in text
    assert ":rule:`O1` to :rule:`O8` are *GH*'s optional rules" in text
    assert ":rule:`O10` and :rule:`O11` are additions of the library, in no source" in text


@pytest.mark.spec("D1")
def test_d1_says_which_text_gives_which_count() -> None:
    """D1 no longer claims that every source says 84: GH gives no count, GR says 84 but lists 74, and the
    default composition is a component list's."""
    (box,) = decisions("D1")
    assert "every source" not in box
    assert "*GH* gives no count" in box and "adds up to 74 cards" in box
    assert "comes from none of the three texts" in box and "published component list" in box


@pytest.mark.spec("D2")
def test_d2_names_red_and_blue_as_the_library_s() -> None:
    """The sources name only green; a decision says red and blue are the library's names."""
    assert any("*red* and *blue* are the library's names" in box for box in decisions("D2"))


@pytest.mark.spec("S3")
def test_s3_choosing_together_is_a_reading() -> None:
    """That all players choose together is marked as the library's reading, not stated as the rule."""
    (box,) = decisions("S3")
    assert "choose together" in box and "is the library's reading" in box
    assert "All players choose together" not in rule_text("S3").split(".. decision::")[0]


@pytest.mark.spec("F4")
def test_f4_where_the_failed_card_goes_is_a_decision() -> None:
    """The rule says only that the pile is picked up; the failed card joining the hand is a decision."""
    rule, *boxes = rule_text("F4").split(".. decision::")
    assert "together with that card" not in rule
    assert any("into the hand together with the pile" in _words(box) for box in boxes)


@pytest.mark.spec("C2", "C3", "C5", "O3")
@pytest.mark.parametrize(
    ("rule", "field"),
    [("C2", "early_draw"), ("C5", "clear_ends_turn"), ("O3", "reverse_each_one"), ("C3", "clear_two_draw")],
)
def test_each_variant_is_a_decision_quoting_the_sources(rule: str, field: str) -> None:
    """Each rules 1.1 variant has its own decision box under its rule, titled with its Rules field and
    quoting the source it follows."""
    titled = [box for box in decisions(rule) if box.startswith(f"Rules.{field} ")]
    assert len(titled) == 1 and '"' in titled[0]
