"""What the specification attributes to which source (rules versions 1.1 and 1.2): additions of the library are
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


@pytest.mark.spec("C2", "O5", "O7")
@pytest.mark.parametrize(
    ("rule", "field", "quoted"),
    [
        ("C2", "clear_one_optional", '"allows the same player to discard again"'),
        ("O5", "pile_swap_seats", '"choose players at random to swap their piles"'),
        ("O7", "colour_run_in_play", '"four cards of the same colour in a row"'),
    ],
)
def test_each_rules_1_2_variant_is_a_decision_quoting_the_sources(rule: str, field: str, quoted: str) -> None:
    """Each rules 1.2 variant has its own decision box under its rule, titled with its Rules field,
    quoting the source sentence it reads and naming the default."""
    titled = [box for box in decisions(rule) if box.startswith(f"Rules.{field} ")]
    assert len(titled) == 1 and quoted in titled[0]
    assert "default" in titled[0]


@pytest.mark.spec("F3", "C2", "C3")
def test_f3_one_flip_per_play_is_a_decision_quoting_both_sources() -> None:
    """GH's "once per turn" flip against the Clear +2 rules of GR and GH: one flip per play is marked a decision."""
    rule, *boxes = rule_text("F3").split(".. decision::")
    assert "may turn over another" not in rule
    (box,) = [box for box in boxes if "once per turn" in box]
    assert "*GR*" in box and "*GH*'s own" in box and "one 3DOWN card per play" in box


@pytest.mark.spec("O6")
def test_o6_the_receiving_seat_is_a_decision() -> None:
    """GH says "other players' piles"; that the next seat receives is marked as the library's choice."""
    assert any('"choose cards from their hand for the face up cards of other players\' piles"' in box
               and "The next seat is the library's choice" in box for box in decisions("O6"))


@pytest.mark.spec("S5", "O9")
def test_the_dealer_and_a_random_first_player_are_the_library_s() -> None:
    """No source mentions a dealer: S5's decision and O9 say the ways of choosing the first player are the library's."""
    (box,) = decisions("S5")
    assert "These three ways are the library's: no source mentions a dealer" in box
    assert "These ways are the library's (no source mentions a dealer" in rule_text("O9")


@pytest.mark.spec("D1")
def test_d1_states_the_standard_deck_as_the_library_s() -> None:
    """The rule gives GR's count and calls the 70/7/6/1 composition the library's standard deck, a decision."""
    rule = rule_text("D1").split(".. decision::")[0]
    assert "The deck has 84 cards (*GR*)" in rule and "The library's standard deck, a decision below" in rule


@pytest.mark.spec("T4", "C5")
def test_t4_says_when_the_draw_after_a_pick_up_matters() -> None:
    """The note on drawing after a pick-up says it can take a card only during owed plays."""
    (box,) = decisions("T4")
    assert "it can take a card only during owed plays" in box
    assert "fewer than three cards" not in box
