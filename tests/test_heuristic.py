"""The heuristic bot: legal under every option, and one test per rule of its written strategy.

Each position is written so that the rule decides, and the expected move is
reasoned from the rules of the game and the strategy's stated weights
(:mod:`threeup3down.bots.heuristic`), not read off the bot's output.
"""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.playouts import state_after
from tests.strategies import rules as any_rules
from threeup3down import ChooseUp, FlipDown, GameState, Rules, legal_moves, new_game, observe, parse_cards
from threeup3down.bots import AnyBot, LowestCardBot, RandomBot, decide, playout
from threeup3down.bots.heuristic import HeuristicBot

TWO = Rules(players=2, turn_limit=None)
THREE = Rules(players=3, turn_limit=None)

PILE_OF_TEN = "1r,1g,2r,2g,3r,3g,4r,4g,5r,6r"
"""A ten-card discard pile topped by a 6, with no three equal numbers in a row."""
RUN_OF_SEVENS = "7b,8g|-|-/9r,9g,10g|-|- 4r 5r,6g,7r,7g *"
"""Two players: seat 0 holds a 7 and an 8 on a pile topped by two 7s."""


def move_at(text: str, rules: Rules = TWO) -> str:
    """The heuristic's move for the seat to move in the position ``text``."""
    state = GameState.from_notation(text, rules)
    return str(HeuristicBot().choose(observe(state, state.current_player), random.Random(0)))


@settings(max_examples=60, deadline=None)
@given(table=any_rules(), seed=st.integers(0, 2**16), steps=st.integers(0, 200))
def test_the_heuristic_only_returns_legal_moves(table: Rules, seed: int, steps: int) -> None:
    """Under any combination of options, in any phase, the heuristic picks a legal move."""
    state = state_after(table, seed, steps)
    if not state.is_over:
        move = decide(HeuristicBot(), state, random.Random(seed))
        assert move in legal_moves(state), f"chose {move} in {state.notation()}"


@settings(max_examples=25, deadline=None)
@given(table=any_rules(places=st.just(True)), seed=st.integers(0, 2**16))
def test_the_heuristic_plays_whole_games_legally(table: Rules, seed: int) -> None:
    """Every decision of whole games (places on, so the last two seats play on alone)
    is legal, against the simple bots and against itself."""
    mixed: list[AnyBot] = [HeuristicBot(), LowestCardBot(), RandomBot()] * table.players
    alone: list[AnyBot] = [HeuristicBot()] * table.players
    for seating in (mixed[: table.players], alone):
        for before, move, _ in playout(new_game(table, seed=seed), seating, random.Random(seed)):
            assert move in legal_moves(before), f"chose {move} in {before.notation()}"


def test_the_heuristic_is_deterministic() -> None:
    """It ignores ``rng``: the same observation gets the same move from any rng."""
    state = state_after(Rules(players=3), seed=5, steps=40)
    view = observe(state, state.current_player)
    moves = {HeuristicBot().choose(view, random.Random(seed)) for seed in range(5)}
    assert len(moves) == 1


SIX = "1g,2g,3g,9r,10r,C+1b"
"""A deck of these cards three times over: every six-card deal mixes low and high."""


def chosen_up(*, pile_swap: bool = False, chosen_faces: bool = False) -> str:
    """Whether the heuristic's 3UP cards in a two-player deal of ``SIX`` are its
    strongest (none ranks below a card it keeps) or its weakest (none above)."""
    rules = Rules(
        players=2, custom_cards=parse_cards(SIX) * 3, pile_swap=pile_swap, chosen_faces=chosen_faces
    )
    view = observe(new_game(rules, seed=1), 0)
    move = HeuristicBot().choose(view, random.Random(0))
    assert isinstance(move, ChooseUp)
    kept = list(view.hand)
    for card in move.cards:
        kept.remove(card)
    if min(card.rank for card in move.cards) >= max(card.rank for card in kept):
        return "strongest"
    assert max(card.rank for card in move.cards) <= min(card.rank for card in kept)
    return "weakest"


def test_rule_1_gives_the_weakest_cards_to_a_pile_that_goes_to_an_opponent() -> None:
    """Rule 1: the strongest cards on its own pile; with a pile swap (O5) its pile goes
    to the opponent, and so does the next player's with chosen faces (O6): the weakest;
    with both, the opponent's pile comes back to it (two players): the strongest."""
    assert chosen_up() == "strongest"
    assert chosen_up(pile_swap=True) == "weakest"
    assert chosen_up(chosen_faces=True) == "weakest"
    assert chosen_up(pile_swap=True, chosen_faces=True) == "strongest"


@pytest.mark.parametrize(
    ("mine", "up"),
    [
        ("2g,5g,9r,10r,Cb,C+1r", "up:9r,10r,C+1r"),  # Clear +1 20, 10 13, 9 9, Clear 8
        ("2g,9r,9b,10r,Cb,C+2g", "up:9r,9b,C+2g"),  # 9 + 9 + 8 for the pair + 21 beat 13 + 9 + 21
        ("1g,2g,7r,9r,10r,Cb", "up:9r,10r,Cb"),  # the plain Clear's 8 still beats a 7
    ],
)
def test_rule_1_puts_extra_play_clears_up_and_keeps_a_plain_clear_in_hand(mine: str, up: str) -> None:
    """Rule 1: a Clear +1 or +2 counts its rank and 8 more, a plain Clear 3 less."""
    others = "1r,1b,1g/3b,6r,9g,Cg,Cr,7g|-|2r,1r,9r"
    rules = Rules(players=2, custom_cards=parse_cards(f"{mine},{others.replace('/', ',').replace('|-|', ',')}"))
    state = GameState.from_notation(f"setup 0 {mine}|-|{others} - - -", rules)
    assert str(HeuristicBot().choose(observe(state, 0), random.Random(0))) == up


def test_rule_4_plays_high_on_a_big_pile() -> None:
    """Rule 4 (three players): on a pile of six cards or more, the lowest number of 8 or
    more, so the next player is likely to pick the pile up; on a small pile, the lowest."""
    seats = "4b,8b,9b|-|-/5r,6g,7g|-|-/5b,6b,7b|-|-"
    assert move_at(f"play 0 {seats} 4g 1r,1g,2r,2g,3r,3g *", THREE) == "8b"
    assert move_at(f"play 0 {seats} 4g 1r,2b *", THREE) == "4b"


def test_rule_5_sheds_the_lowest_on_the_empty_pile_of_an_owed_play() -> None:
    """Rule 5: after a Clear +1 the owed play lands on the empty pile: the lowest number."""
    assert move_at("play 0 3g,9b,10b|-|-/5r,6g,7g|-|- - - * owed=1") == "3g"


def test_rule_7_turns_over_the_first_3down_card() -> None:
    """Rule 7: any 3DOWN card is as good as another, so the first."""
    assert move_at("play 0 -|-|4g,9b,Cb/5r,6g,7g|-|- - 2r *") == str(FlipDown(0))


def test_rule_10_leaves_a_known_hand_a_big_pile_it_cannot_beat() -> None:
    """Rule 10: the opponent is known to hold 7, 7 and 8 (picked up). A 9 leaves them an
    eleven-card pile they must pick up: 0.5 x 11 = 5.5 points, more than the 3 ranks
    the 9 costs over the 6. The 6 they can beat, so it gains nothing."""
    position = f"play 0 6g,9b|-|-/7r,7g,8g|-|- 8r {PILE_OF_TEN} * known=-/7r,7g,8g"
    assert move_at(position) == "9b"


def test_rule_10_does_not_spend_a_high_card_on_a_small_pile() -> None:
    """Rule 10: the same hands on a three-card pile: 0.5 x 4 = 2 points do not pay
    for 3 ranks, so the lowest number goes."""
    assert move_at("play 0 6g,9b|-|-/7r,7g,8g|-|- 8r 4r,5r,6r * known=-/7r,7g,8g") == "6g"


def test_rule_10_gains_nothing_against_a_known_higher_card() -> None:
    """Rule 10: an opponent known to hold a 10 can beat the 9, so the 6 goes."""
    position = f"play 0 6g,9b|-|-/7r,7g,10g|-|- 8r {PILE_OF_TEN} * known=-/7r,7g,10g"
    assert move_at(position) == "6g"


def test_rule_10_reads_the_opponents_3up_cards() -> None:
    """Rule 10: an opponent playing from 3UP (empty hand, empty draw pile, F1) can play
    only the 7 and 8 everyone sees: the 9 leaves them the pile (0.5 x 11 > 9 - 6)."""
    assert move_at(f"play 0 6g,9b|-|-/-|7r,8g|3g,4g,5g - {PILE_OF_TEN} *") == "9b"


def test_rule_10_counts_the_unseen_cards() -> None:
    """Rule 10: every card nobody has seen (the opponent's three, the draw pile's one)
    is a 7 or an 8, so the 9 cannot be beaten, whatever the opponent holds."""
    assert move_at(f"play 0 6g,9b|-|-/7r,7g,8g|-|- 7b {PILE_OF_TEN} *") == "9b"


def test_rule_11_keeps_a_pile_rather_than_clear_it_by_three_equal_numbers() -> None:
    """Rule 11: a third 7 would clear four cards (C4) and hand the opponent an empty
    pile: 0.5 x 4 = 2 points, more than the one rank the 8 costs. (The opponent is
    known to hold 9, 9 and 10, so the 8 gains nothing by rule 10.)"""
    assert move_at(f"play 0 {RUN_OF_SEVENS} known=-/9r,9g,10g") == "8g"


def test_rule_11_still_clears_when_the_other_play_costs_more() -> None:
    """Rule 11: against a 10, three ranks dearer, clearing two cards (1 point) is
    cheaper, even counting the 10's best gain by rule 10 (0.5 x 3 cards)."""
    assert move_at("play 0 7b,10g|-|-/1r,2g,3g|-|- 4r 7r,7g *") == "7b"


def test_rules_10_and_11_are_for_one_opponent() -> None:
    """With two opponents left, rule 3 applies: the lowest number, every copy, though
    it clears the pile for the next player."""
    seats = "7b,8g|-|-/9r,9g,10g|-|-/5b,6b,7g|-|-"
    assert move_at(f"play 0 {seats} 4r 5r,6g,7r,7g *", THREE) == "7b"


def test_rule_11_on_a_table_left_to_two_seats_by_places() -> None:
    """With places (O1), two seats still playing of three is one opponent: rule 11
    applies (the same cards as above, seat 1 already out)."""
    rules = attrs.evolve(THREE, places=True)
    seats = "7b,8g|-|-/-|-|-/9r,9g,10g|-|-"
    assert move_at(f"play 0 {seats} 4r 5r,6g,7r,7g * known=-/-/9r,9g,10g fin=1", rules) == "8g"
