"""Model checking: every state reachable from small deals, every invariant, every cycle.

With a custom deck of 18–19 cards two players can be explored completely,
setup included (``scripts/explore.py`` explores larger configurations and
prints the same figures). Positions that differ only in the turn counter are
one node of the move graph, so a cycle in it is a line of play that repeats a
position: a game that can go on for ever, which the turn limit (O10) ends.

The figures asserted below (states, transitions, finished games, cycles) were
recorded from the engine; a change in them is a change in which positions the
rules reach and must be reviewed. The concrete cycle and the endless line of
play a single player can force were checked by hand (docstrings below).
"""

from __future__ import annotations

import functools
from typing import Any

import pytest

from scripts.explore import (
    Exploration,
    canonical,
    cycle_through,
    cyclic_components,
    explore,
    parse_deck,
    tiny_rules,
    unending_for,
    unfinishable,
)
from tests.helpers import moves, play, position
from threeup3down import GameState, Rules, legal_moves, new_game

CLEAR_TWO_DECK = "3g*9,7g*9,C+2g"
"""Two numbers, a Clear +2 and a one-card draw pile."""
CLEAR_ONE_DECK = "3g*8,7g*8,Cg,C+1g"
"""Two numbers, a Clear and a Clear +1, no draw pile."""

FIGURES = {
    CLEAR_TWO_DECK: {"states": 10929, "transitions": 19849, "finished": 426, "components": 133, "on_cycles": 1828},
    CLEAR_ONE_DECK: {"states": 9305, "transitions": 15698, "finished": 525, "components": 85, "on_cycles": 1104},
}
"""Recorded figures of the exploration from the deal of seed 32 of each deck."""

DECKS = pytest.mark.parametrize("deck", [CLEAR_TWO_DECK, CLEAR_ONE_DECK], ids=["clear-two", "clear-one"])


@functools.cache
def _explored(deck: str) -> Exploration:
    """The exploration of ``deck``'s seed-32 deal, made once per test session."""
    return explore([new_game(tiny_rules(deck), seed=32)])


def _figures(exploration: Exploration) -> dict[str, int]:
    components = cyclic_components(exploration.successors)
    return {
        "states": len(exploration.states),
        "transitions": exploration.transitions,
        "finished": len(exploration.terminal),
        "components": len(components),
        "on_cycles": sum(map(len, components)),
    }


@pytest.mark.slow
@pytest.mark.spec("D1", "C1", "C2", "C4", "T4", "F2", "W1")
@DECKS
def test_every_reachable_state_satisfies_the_invariants(deck: str) -> None:
    """Every state reachable from the deal keeps the invariants, and every listed move applies."""
    exploration = _explored(deck)
    assert exploration.complete
    shown = [(exploration.states[node].notation(), problem) for node, problem in exploration.violations[:5]]
    assert shown == []


@pytest.mark.slow
@DECKS
def test_the_figures_of_the_exploration_are_unchanged(deck: str) -> None:
    """The numbers of states, transitions, finished games and cycles equal the recorded figures."""
    assert _figures(_explored(deck)) == FIGURES[deck]


@pytest.mark.slow
@DECKS
def test_every_reachable_position_can_still_end(deck: str) -> None:
    """From every reachable state some sequence of moves ends the game: nothing is trapped in a cycle."""
    assert unfinishable(_explored(deck)) == 0


@pytest.mark.slow
@DECKS
def test_a_stubborn_player_can_keep_some_games_going(deck: str) -> None:
    """Each seat, in some reachable states, can avoid the end whatever the other does (checked for closure)."""
    exploration = _explored(deck)
    for seat in (0, 1):
        stubborn = unending_for(exploration, seat)
        assert stubborn
        for node in stubborn:
            targets = exploration.successors[node]
            assert targets, "a finished game is not endless"
            if exploration.states[node].current_player == seat:
                assert any(target in stubborn for target in targets)
            else:
                assert all(target in stubborn for target in targets)


CYCLE_START = "play 1 -|3g,3g|C+2g,7g,7g/3g,7g|3g,3g|7g,7g,7g - 3g *"
"""A position on a cycle of the move graph (found by the exploration).

Checked by hand: seat 0 holds no hand, 3UP 3g,3g; seat 1 holds 3g,7g; the
pile is 3g and the draw pile empty. Seat 1 plays 7g; seat 0 must play from
3UP (F1), cannot beat 7 with a 3 and picks up 3g,7g (T3); seat 1 plays its 3g
on the empty pile; seat 0 plays 7g on it; seat 1, with only its 3UP 3s, picks
up 3g,7g; seat 0 plays its last hand card, 3g: the first position again."""
CYCLE = ("7g", "pick", "3g", "7g", "pick", "3g")
"""The six moves of that cycle."""


def _clear_two(text: str, **rules: Any) -> GameState:
    return position(text, custom_cards=parse_deck(CLEAR_TWO_DECK), **rules)


@pytest.mark.spec("T2", "T3", "F1")
def test_a_line_of_play_repeats_a_position() -> None:
    """Six legal moves bring the position back, so a game can go on for ever (see CYCLE_START)."""
    start = _clear_two(CYCLE_START)
    state = start
    for move in CYCLE:
        assert move in moves(state)
        state = play(state, move)
    assert state.turn == start.turn + 6
    assert canonical(state) == canonical(start)


def test_the_repeating_line_is_a_cycle_of_the_explored_graph() -> None:
    """The exploration reaches the repeating position and finds a cycle through it."""
    exploration = _explored(CLEAR_TWO_DECK)
    start = exploration.states.index(canonical(_clear_two(CYCLE_START)))
    component = next(c for c in cyclic_components(exploration.successors) if start in c)
    cycle = cycle_through(exploration.successors, [start, *(node for node in component if node != start)])
    assert cycle[0] == start and len(cycle) == len(CYCLE)


@pytest.mark.spec("O10")
def test_the_turn_limit_ends_the_repeating_line_as_a_stalemate() -> None:
    """With a turn limit the repeating line of play ends the game undecided (O10)."""
    state = _clear_two(CYCLE_START, turn_limit=20)
    while not state.is_over:
        state = play(state, CYCLE[state.turn % 6])
    assert state.turn == 20 and state.is_stalemate and state.winner is None
    assert legal_moves(state) == ()


ENDLESS = "play 0 3g|3g,7g,7g|C+2g,7g,7g/3g|3g,3g,3g|7g,7g,7g - 7g,7g *"
"""A position from which seat 0 alone can make the game last for ever.

Checked by hand: seat 0 (hand 3g) cannot beat the 7s and picks up 7g,7g;
seat 1 must play its only hand card, 3g; seat 0 plays 7g (it could play 3g
or both 7s); seat 1, left with 3UP 3g,3g,3g, must pick up 3g,7g; seat 0 plays
7g on the empty pile (it could play 3g); seat 1 can only play 7g on it: the
first position again, and seat 1 never had a choice."""


def test_one_player_alone_can_keep_the_game_going() -> None:
    """Seat 0 can repeat a line of play for ever while seat 1 never has a choice (see ENDLESS)."""
    state = _clear_two(ENDLESS)
    line = ("pick", "3g", "7g", "pick", "7g", "7g")
    for number, move in enumerate(line):
        if state.current_player == 1:
            assert moves(state) == [move], f"seat 1 has a choice at move {number}"
        state = play(state, move)
    assert canonical(state) == canonical(_clear_two(ENDLESS))
    exploration = _explored(CLEAR_TWO_DECK)
    assert exploration.states.index(canonical(_clear_two(ENDLESS))) in unending_for(exploration, 0)


def test_cycles_are_found_in_a_hand_made_graph() -> None:
    """The cycle finder reports the loops of a small graph and nothing else."""
    successors = [(1,), (2, 4), (0,), (3,), ()]
    assert cyclic_components(successors) == [[0, 1, 2], [3]]
    assert cycle_through(successors, [1, 0, 2]) == [1, 2, 0]


def test_rules_options_reach_the_exploration() -> None:
    """Options given to the exploration's rules are applied, and the turn limit is off."""
    rules = tiny_rules(CLEAR_TWO_DECK, 2, ["draw_instead", "clear_two_draw=each"])
    assert rules.draw_instead and rules.clear_two_draw.value == "each" and rules.turn_limit is None
    assert rules == Rules(
        custom_cards=parse_deck(CLEAR_TWO_DECK), players=2, turn_limit=None,
        draw_instead=True, clear_two_draw=rules.clear_two_draw,
    )


def test_the_order_cards_left_the_game_is_not_part_of_a_position() -> None:
    """C6: cleared cards are gone for good, so the order they left in never makes two positions."""
    seats = "play 0 3g,7g|-|7g,7g/3g|-|7g,7g - 7g,7g"
    first = _clear_two(f"{seats} 3g,3g,3g,3g,3g,3g,3g,7g,7g,C+2g")
    second = _clear_two(f"{seats} C+2g,3g,3g,3g,3g,3g,3g,3g,7g,7g")
    assert first == second and canonical(first) == canonical(second)
