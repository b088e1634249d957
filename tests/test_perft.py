"""Move-tree counts ("perft"): how many distinct move sequences of each length start at a position.

A move is every decision :func:`~threeup3down.legal_moves` lists (a draw
counts like a play); a game that ends earlier adds nothing at greater depths
(:func:`tests.move_tree.perft`). The small depths below were worked out by
hand from the rules specification; the deep counts are golden figures that pin the
whole tree down, so that any change in what is legal shows up here.

All positions are two-player, draw pile top last, discard pile top last.

**Clears** ``play 0 5g,5r,Cb|8g|2r,1b,1b/4b,6g,9r|7b|3g,1r,1r - 4g,5b *`` (P2, C1, C4)

- depth 1 = 3: seat 0 may play ``5g``, ``5g,5r`` or ``Cb`` (5s are equal to
  the top 5b; the Clear always plays).
- depth 2 = 8: after ``5g`` the pile ends 5b,5g (two 5s, no clear) and seat 1
  may play ``6g`` or ``9r`` (2); after ``5g,5r`` the pile ends in three 5s,
  across two plays, and clears (C4), so seat 1 plays any of ``4b``, ``6g``,
  ``9r`` on the empty pile (3); after ``Cb`` the pile clears (C1): 3 again.
- depth 3 = 9: seat 0 then holds 5r,Cb after ``5g`` (only ``Cb`` beats 6 or
  9: 1 + 1), Cb after ``5g,5r`` (``Cb`` on 4, 6 or 9: 1 + 1 + 1), 5g,5r after
  ``Cb``: on 4b both ``5g`` and ``5g,5r`` (2), on 6g or 9r only ``pick`` (1 + 1).

**Clear +2 and the early draw** ``play 0 3g,9r,C+2g|10g|4r,1b,1b/4b,7b,8b|6r|2b,1r,1r 5g,2r 6g *``
(C3, C5, T3, T4)

- depth 1 = 2: ``9r`` or ``C+2g`` (3g is below the 6g).
- depth 2 = 4: after ``9r`` seat 0 draws 2r and seat 1 (4b,7b,8b) can only
  ``pick`` (1); after ``C+2g`` seat 0 owes two plays and, holding two cards
  with a draw pile, may draw first: ``draw``, ``3g``, ``9r`` (3).
- depth 3 = 8: after ``9r pick`` seat 0 (2r,3g,C+2g) plays any card on the
  empty pile (3); after ``C+2g draw`` it holds 2r,3g,9r and owes two: 3; after
  ``C+2g 3g`` it owes one, may not draw again (C3) and plays ``9r`` (1);
  after ``C+2g 9r`` the 3g cannot follow: ``pick`` (1).
- depth 4 = 21: seat 1 (4b,6g,7b,8b,9r) answers ``9r pick 2r`` and
  ``9r pick 3g`` with any of its five cards (5 + 5); ``9r pick C+2g`` owes two
  with two cards in hand: ``draw``, ``2r``, ``3g`` (3); after ``C+2g draw``:
  ``2r`` is followed by ``3g`` or ``9r`` (2), ``3g`` by ``9r`` (1), ``9r`` by
  ``pick`` (1); ``C+2g 3g 9r`` ends the turn (seat 0 draws 2r,5g) and seat 1
  must ``pick`` (1); ``C+2g 9r pick`` forfeits the owed play (C5) and seat 1
  plays any of 4b,7b,8b on the empty pile (3).
- With the GH variant (``clear_two_draw=each``) depth 3 = 10: after
  ``C+2g 3g`` seat 0 (one card) may draw again: ``draw``, ``9r`` (2); after
  ``C+2g 9r``: ``draw`` or ``pick`` (2); the other branches are unchanged (3 + 3).

**Clear +1 with an empty hand** ``play 0 C+1g|9g|5r,1b,1b/2b,7b,9b|6r|3b,1r,1r 4g,8r 5g *`` (C2, C5)

- depth 1 = 1: ``C+1g``. depth 2 = 1: the hand is empty, a play is owed and
  the draw pile has cards, so seat 0 must ``draw`` (C5). depth 3 = 2: it drew
  8r and 4g and plays either on the empty pile. depth 4 = 3: seat 1 answers
  4g with ``7b`` or ``9b``, and 8r with ``9b``. depth 5 = 3: seat 0 plays
  ``8r`` on 7b, and must ``pick`` over each 9b.

**3DOWN flips** ``play 0 -|-|2g,Cr,9b/5b,6g,8b|10r|4g,1b,1b - 7g *`` (F3, F4, C1)

- depth 1 = 3: ``v0``, ``v1``, ``v2`` (hand, 3UP and draw pile are empty).
- depth 2 = 7: ``v0`` turns up 2g, below 7g: seat 0 picks up 7g and 2g (F4)
  and seat 1 plays any of 5b,6g,8b on the empty pile (3); ``v1`` is the Clear:
  the pile clears, seat 1 again has 3; ``v2`` plays 9b and seat 1 must ``pick`` (1).
- depth 3 = 11: after ``v0`` seat 0 holds 2g,7g and answers 5b or 6g with
  ``7g`` and 8b with ``pick`` (3); after ``v1`` seat 0 (3DOWN 2g,9b) flips
  ``v0`` or ``v1`` over each of the three (6); after ``v2 pick`` it flips
  either of 2g,Cr (2).
- depth 4 = 23: ``v0 5b 7g`` and ``v0 6g 7g``: seat 1 plays 8b (1 + 1);
  ``v0 8b pick``: 5b or 6g (2); after ``v1 x``, flipping 2g fails (F4) and
  seat 1 plays either remaining card on the empty pile (2), flipping 9b
  succeeds and seat 1 picks up (1), for each x of 5b, 6g, 8b (3 × 3); after
  ``v2 pick``, both 2g and the Clear leave seat 1 (5b,6g,7g,8b,9b) five
  plays (5 + 5).

**The deal of the first golden game** (``new_game(Rules(players=2), seed=16)``, S3)

- depth 1 = 20: seat 0's six cards 2b,4r,5b,7r,8g,Cr have six different ranks,
  so C(6, 3) = 20 ways to choose its 3UP cards.
- depth 2 = 280: seat 1's 2b,3r,3b,7b,8b,Cb allow 14 choices that differ in
  ranks (3r and 3b are the same play, D3): 4 from {2, 7, 8, C}, 6 with one 3,
  4 with both 3s; 20 × 14.
- depth 3 = 840: seat 0 opens on the empty pile with any of its three
  remaining cards, which always have three different ranks: 280 × 3.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.helpers import position
from tests.move_tree import divide, perft
from threeup3down import ClearTwoDraw, GameState, Rules, new_game

CLEARS = "play 0 5g,5r,Cb|8g|2r,1b,1b/4b,6g,9r|7b|3g,1r,1r - 4g,5b *"
CLEAR_TWO = "play 0 3g,9r,C+2g|10g|4r,1b,1b/4b,7b,8b|6r|2b,1r,1r 5g,2r 6g *"
CLEAR_ONE = "play 0 C+1g|9g|5r,1b,1b/2b,7b,9b|6r|3b,1r,1r 4g,8r 5g *"
FLIPS = "play 0 -|-|2g,Cr,9b/5b,6g,8b|10r|4g,1b,1b - 7g *"

HAND_COUNTED: list[tuple[str, dict[str, Any], list[int]]] = [
    (CLEARS, {}, [3, 8, 9]),
    (CLEAR_TWO, {}, [2, 4, 8, 21]),
    (CLEAR_TWO, {"clear_two_draw": ClearTwoDraw.EACH}, [2, 4, 10]),
    (CLEAR_ONE, {}, [1, 1, 2, 3, 3]),
    (FLIPS, {}, [3, 7, 11, 23]),
]
"""Position, rules options, and the counts at depths 1, 2, ... worked out by hand."""

GOLDEN: list[tuple[str, dict[str, Any], dict[int, int]]] = [
    (CLEARS, {}, {4: 18, 8: 55, 12: 831, 16: 6496}),
    (CLEAR_TWO, {}, {5: 30, 8: 224, 12: 2667}),
    (CLEAR_TWO, {"clear_two_draw": ClearTwoDraw.EACH}, {4: 27, 8: 287, 12: 3488}),
    (CLEAR_ONE, {}, {8: 11, 12: 194, 16: 2132, 20: 31748}),
    (FLIPS, {}, {5: 25, 8: 76, 12: 585, 16: 6896}),
]
"""Position, rules options and deeper counts recorded from the engine (regression data)."""


def _ids(case: tuple[str, dict[str, Any], object]) -> str:
    text, options, _ = case
    name = {CLEARS: "clears", CLEAR_TWO: "clear-two", CLEAR_ONE: "clear-one", FLIPS: "flips"}[text]
    return name + "".join(f"-{value.value}" for value in options.values())


def _deal() -> GameState:
    return new_game(Rules(players=2), seed=16)


@pytest.mark.spec("P2", "C1", "C2", "C3", "C4", "C5", "F3", "F4", "T3", "T4")
@pytest.mark.parametrize("case", HAND_COUNTED, ids=_ids)
def test_small_depths_match_the_hand_count(case: tuple[str, dict[str, Any], list[int]]) -> None:
    """The move tree's size at each small depth is the one enumerated by hand in the module docstring."""
    text, options, counts = case
    state = position(text, **options)
    assert [perft(state, depth) for depth in range(1, len(counts) + 1)] == counts


@pytest.mark.parametrize("case", GOLDEN, ids=_ids)
def test_deep_counts_are_unchanged(case: tuple[str, dict[str, Any], dict[int, int]]) -> None:
    """The move tree's size at greater depths equals the recorded golden count."""
    text, options, counts = case
    state = position(text, **options)
    assert {depth: perft(state, depth) for depth in counts} == counts


@pytest.mark.spec("S3", "D3")
def test_setup_choices_of_the_first_golden_deal() -> None:
    """Choosing 3UP cards in the first golden game's deal gives 20, 280 and 840 sequences (counted by hand)."""
    assert [perft(_deal(), depth) for depth in (1, 2, 3)] == [20, 280, 840]


def test_deep_count_of_the_first_golden_deal() -> None:
    """From the first golden game's deal, setup and the opening plays give the recorded count."""
    assert perft(_deal(), 5) == 3806


def test_divide_splits_the_count_by_first_move() -> None:
    """Divide lists each first move with the size of its subtree, which add up to perft."""
    state = position(FLIPS)
    assert divide(state, 2) == {"v0": 3, "v1": 3, "v2": 1}
    assert sum(divide(state, 4).values()) == perft(state, 4)
