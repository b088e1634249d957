"""The search bot: its budget, its rollouts, what it may see, and that it finds a
better move than its rollout policy's own where the cards decide it."""

from __future__ import annotations

import random
import types

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import threeup3down.bots.ismcts as ismcts
from tests.playouts import state_after, tables
from threeup3down import GameState, Move, Observation, Rules, legal_moves, observe, parse_move
from threeup3down.core.validation import position_problems
from threeup3down.bots import LowestCardBot, RandomBot
from threeup3down.core.errors import ThreeUpError
from threeup3down.bots.heuristic import HeuristicBot
from threeup3down.bots.ismcts import CheatingBot, ISMCTSBot

TWO = Rules(players=2, turn_limit=None)

SHED_LOW_LOSES = "play 0 3r,9b|-|-/8g|-|- - - *"
"""Seat 0 holds 3 and 9, seat 1 only an 8, every other card is out of the game.
Shedding the 3 lets seat 1 go out with its 8 (W1); the 9 makes seat 1 pick it up
(T3), and seat 0 goes out with its 3 on the empty pile (P2)."""


EITHER_WINS = "play 0 5r,9b|-|-/3g|-|- - - *"
"""Seat 0 holds 5 and 9, seat 1 only a 3: whichever card seat 0 sheds first,
seat 1 picks it up and seat 0 goes out with the other."""


class HighestCardBot:
    """Plays the highest card it can (a rollout policy unlike the heuristic's)."""

    def choose(self, observation: Observation, rng: random.Random) -> Move:
        return max(observation.legal_moves(), key=_rank)


def _rank(move: Move) -> int:
    cards = getattr(move, "cards", ())
    return int(cards[0].rank) if cards else -1


class Recorder:
    """A rollout policy that keeps what it was given and plays as ``policy`` does."""

    def __init__(self, policy: ismcts.RolloutPolicy) -> None:
        self.policy = policy
        self.seen: list[tuple[object, object]] = []
        self.moves: list[Move] = []

    def choose(self, observation: Observation, rng: random.Random) -> Move:
        self.seen.append((observation, rng))
        move = self.policy.choose(observation, rng)
        self.moves.append(move)
        return move


class FakeClock:
    """``time`` for the search: every reading of the clock is one second later."""

    def __init__(self) -> None:
        self.now = 0.0

    def perf_counter(self) -> float:
        self.now += 1.0
        return self.now


def midgame(players: int = 2, seed: int = 5) -> Observation:
    """The observation of the player to move a few turns into a dealt game, with a choice."""
    for steps in range(20, 80):
        state = state_after(Rules(players=players), seed=seed, steps=steps)
        if not state.is_over and len(legal_moves(state)) > 1:
            return observe(state, state.current_player)
    raise AssertionError("no decision with a choice in this game")


def test_the_search_finds_the_move_that_wins_where_the_heuristic_loses() -> None:
    """Where the heuristic's lowest card lets the opponent go out (W1), the search
    plays the 9 that makes the opponent pick up (T3) and goes out next turn."""
    state = GameState.from_notation(SHED_LOW_LOSES, TWO)
    view = observe(state, 0)
    assert HeuristicBot().choose(view, random.Random(0)) == parse_move("3r")
    assert ISMCTSBot(iterations=1).choose(view, random.Random(0)) == parse_move("9b")
    assert CheatingBot(iterations=1).choose_state(state, random.Random(0)) == parse_move("9b")


def test_on_equal_results_it_plays_the_rollout_policys_move() -> None:
    """Where every move wins (seat 1's 3 beats neither 5 nor 9, so it picks up
    either, T3), the search plays what its rollout policy would play."""
    state = GameState.from_notation(EITHER_WINS, TWO)
    view = observe(state, 0)
    for policy, expected in ((LowestCardBot(), "5r"), (HighestCardBot(), "9b")):
        assert ISMCTSBot(iterations=2, rollout=policy).choose(view, random.Random(0)) == parse_move(expected)


def test_the_iteration_budget_is_the_number_of_deals() -> None:
    """``iterations=n`` searches exactly n deals; a forced move searches none."""
    view = midgame()
    bot = ISMCTSBot(iterations=3)
    bot.choose(view, random.Random(1))
    assert bot.last_iterations == 3
    forced = observe(GameState.from_notation("play 0 4g,Cb|-|-/9b|-|- - 5r *", TWO), 0)
    assert bot.choose(forced, random.Random(1)) == parse_move("Cb")
    assert bot.last_iterations == 0


def test_a_time_budget_stops_at_the_first_deal_after_the_deadline(monkeypatch: pytest.MonkeyPatch) -> None:
    """With a clock that reads one second later each time, the deadline is 1 + 3.5 s:
    the first deal, then three more begun at readings 2, 3 and 4; at 5 it stops."""
    monkeypatch.setattr(ismcts, "time", types.SimpleNamespace(perf_counter=FakeClock().perf_counter))
    view = midgame()
    bot = ISMCTSBot(seconds=3.5)
    assert bot.choose(view, random.Random(0)) in view.legal_moves()
    assert bot.last_iterations == 4


def test_iterations_cap_a_time_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """Given both, the search stops at whichever budget is spent first."""
    monkeypatch.setattr(ismcts, "time", types.SimpleNamespace(perf_counter=FakeClock().perf_counter))
    bot = ISMCTSBot(iterations=2, seconds=1000.0)
    bot.choose(midgame(), random.Random(0))
    assert bot.last_iterations == 2


def test_a_tiny_time_budget_still_searches_one_deal() -> None:
    """However short the time, one deal is searched and a legal move returned."""
    view = midgame()
    bot = ISMCTSBot(seconds=1e-9)
    assert bot.choose(view, random.Random(0)) in view.legal_moves()
    assert bot.last_iterations == 1


@pytest.mark.parametrize("players", [2, 4])
def test_the_search_is_reproducible_from_its_rng(players: int) -> None:
    """Every random choice, the rollout policy's included, comes from the rng given."""
    view = midgame(players)
    runs = []
    for _ in range(2):
        recorder = Recorder(RandomBot())
        move = ISMCTSBot(iterations=3, rollout=recorder).choose(view, random.Random(4))
        runs.append((move, recorder.moves))
    assert runs[0] == runs[1] and runs[0][1]


def test_rollouts_see_only_observations() -> None:
    """The rollout policy is a fair bot too: it is handed an Observation of the seat
    to move in the deal, never a GameState."""
    recorder = Recorder(HeuristicBot())
    ISMCTSBot(iterations=2, rollout=recorder).choose(midgame(3), random.Random(0))
    assert recorder.seen
    for observation, rng in recorder.seen:
        assert type(observation) is Observation and type(rng) is random.Random
        assert observation.player == observation.current_player


@pytest.mark.parametrize(
    ("arguments", "expected"),
    [
        ({"iterations": 0}, "iterations must be a whole number of at least 1, not 0"),
        ({"iterations": True}, "iterations must be a whole number of at least 1, not True"),
        ({"seconds": 0}, "seconds must be a positive time, not 0"),
        ({"rollout_moves": 0}, "rollout_moves must be a whole number of at least 1, or None, not 0"),
        ({"close_deals": 0}, "close_deals must be a whole number of at least 1, or None, not 0"),
        ({"close_deals": 2.5}, "close_deals must be a whole number of at least 1, or None, not 2.5"),
        ({"close_deals": True}, "close_deals must be a whole number of at least 1, or None, not True"),
    ],
)
def test_bad_budgets_are_library_errors(arguments: dict[str, object], expected: str) -> None:
    """A budget that cannot be spent raises ThreeUpError naming it."""
    with pytest.raises(ThreeUpError, match=expected):
        ISMCTSBot(**arguments)  # type: ignore[arg-type]


class ScriptedSearch(ISMCTSBot):
    """The search with its rollouts replaced by given rewards, deal by deal: on
    each deal the policy's move first, then the other moves in their listed order."""

    def __init__(
        self, rewards: list[float], confidence: float | None = 2.0, close_deals: int | None = None
    ) -> None:
        super().__init__(iterations=4, confidence=confidence, close_deals=close_deals)
        self.rewards = list(rewards)
        self.rollouts = 0

    def _rollout(self, state: GameState, player: int, rng: random.Random, place_share: float = 0.0) -> float:
        self.rollouts += 1
        return self.rewards.pop(0)


TWO_MOVES = "play 0 3r,9b|-|-/8g,8r|-|- - - *"
"""Seat 0 holds a 3 (the heuristic's move) and a 9, and the search has two moves."""


@pytest.mark.parametrize(
    ("policy", "other", "confidence", "expected"),
    [
        ([0, 0, 0, 1], [1, 1, 1, 1], 2.0, "9b"),  # a lead of 0.75 at 0.22 standard error
        ([0, 1, 0, 1], [1, 0, 1, 1], 2.0, "3r"),  # 0.25 ahead, at 0.41: chance
        ([0, 1, 0, 1], [1, 0, 1, 1], 0.0, "9b"),  # any lead, without the test
        ([1, 1, 1, 1], [1, 1, 1, 1], 0.0, "3r"),  # level: the policy's move
    ],
)
def test_another_move_is_played_only_when_it_leads_the_policys_clearly(
    policy: list[float], other: list[float], confidence: float, expected: str
) -> None:
    """The search leaves its policy's move only for a move whose mean lead over
    it, deal by deal, is more than ``confidence`` standard errors."""
    view = observe(GameState.from_notation(TWO_MOVES, TWO), 0)
    rewards = [reward for pair in zip(policy, other) for reward in pair]
    bot = ScriptedSearch(rewards, confidence=confidence)
    assert bot.choose(view, random.Random(0)) == parse_move(expected)
    assert bot.rollouts == 8


def test_plays_that_differ_only_in_colour_are_searched_once() -> None:
    """7g and 7r play out alike unless a rule reads colours (O7): two distinct
    moves (a 7, the pair of 7s, the 9) on four deals are twelve rollouts; with O7
    on, sixteen."""
    position = "play 0 7g,7r,9b|-|-/8g,8r|-|- - - *"
    for rules, rollouts in ((TWO, 12), (Rules(players=2, turn_limit=None, same_colour_swap=True), 16)):
        bot = ScriptedSearch([0.0] * rollouts)
        view = observe(GameState.from_notation(position, rules), 0)
        assert bot.choose(view, random.Random(0)) in view.legal_moves()
        assert bot.rollouts == rollouts


def test_unseen_3down_cards_are_one_choice_to_the_search() -> None:
    """No one has seen the 3DOWN cards (F3), so turning over one or another is
    the same chance: the search plays the first at once, with no rollout."""
    state = GameState.from_notation("play 0 -|-|3r,9b,Cg/8g,8r|-|- - 5g *", TWO)
    view = observe(state, 0)
    assert len(view.legal_moves()) == 3
    bot = ScriptedSearch([])
    assert bot.choose(view, random.Random(0)) == view.legal_moves()[0]
    assert bot.rollouts == 0 and bot.last_iterations == 0


def test_the_cheating_bot_tells_3down_cards_apart() -> None:
    """The cheating bot sees the 3DOWN cards: of a 3, a 9 and a Clear under a 5,
    it turns over a card it can play and goes out sooner."""
    state = GameState.from_notation("play 0 -|-|3r,9b/8g|-|- - 5g *", TWO)
    assert CheatingBot(iterations=1).choose_state(state, random.Random(0)) == parse_move("v1")


def test_a_negative_confidence_is_a_library_error() -> None:
    """``confidence`` counts standard errors: a negative one is refused by name."""
    with pytest.raises(ThreeUpError, match="confidence must be a number of standard errors, 0 or more, not -1"):
        ISMCTSBot(confidence=-1)


@pytest.mark.parametrize(
    ("position", "players", "expected"),
    [
        (TWO_MOVES, 2, "9b"),  # one opponent: the highest total
        ("play 0 3r,9b|-|-/8g,8r|-|-/8b|-|- - - *", 3, "3r"),  # two: the test of 2 errors
    ],
)
def test_by_default_the_test_applies_with_two_or_more_opponents(position: str, players: int, expected: str) -> None:
    """With no ``confidence`` given, a lead of 0.25 at 0.41 standard error is
    followed against one opponent and not against two."""
    view = observe(GameState.from_notation(position, Rules(players=players, turn_limit=None)), 0)
    bot = ScriptedSearch([0, 1, 1, 0, 0, 1, 1, 1], confidence=None)
    assert bot.choose(view, random.Random(0)) == parse_move(expected)


THREE_MOVES = "play 0 3r,9b|-|-/8g,8r|-|-/8b|-|- - - *"
"""The position of TWO_MOVES with a third seat: two opponents left."""


@pytest.mark.parametrize(
    ("first_half", "rollouts", "deals"),
    [
        ([0, 0, 1, 1], 4, 2),  # level on the first two deals: not close, it stops there
        ([1, 0, 0, 0], 4, 2),  # the policy's move ahead: not close
        ([0, 1, 0, 0], 12, 6),  # the other move ahead on a deal: close, on to six deals
    ],
)
def test_with_two_opponents_a_close_decision_is_searched_longer(
    first_half: list[float], rollouts: int, deals: int
) -> None:
    """With ``close_deals`` and two or more opponents left, the search plays half
    its budget (2 of 4 deals) and goes on to ``close_deals`` (6) deals only when
    another move leads the policy's."""
    view = observe(GameState.from_notation(THREE_MOVES, Rules(players=3, turn_limit=None)), 0)
    bot = ScriptedSearch(first_half + [0.0] * 8, close_deals=6)
    assert bot.choose(view, random.Random(0)) == parse_move("3r")
    assert (bot.rollouts, bot.last_iterations) == (rollouts, deals)


def test_a_close_decision_is_judged_on_all_its_deals() -> None:
    """The test of a clear lead reads every deal: the 9 ahead on five of six deals
    (0.83 at 0.15 standard error) is played; ahead on one, it is not."""
    view = observe(GameState.from_notation(THREE_MOVES, Rules(players=3, turn_limit=None)), 0)
    for other, expected in (([1] * 5 + [0], "9b"), ([1, 0, 0, 0, 0, 0], "3r")):
        rewards: list[float] = [reward for pair in zip([0] * 6, other) for reward in pair]
        assert ScriptedSearch(rewards, close_deals=6).choose(view, random.Random(0)) == parse_move(expected)


def test_against_one_opponent_close_deals_changes_nothing() -> None:
    """Against one opponent the search spends its whole budget, close or not, and
    plays the same move as without ``close_deals``."""
    view = observe(GameState.from_notation(TWO_MOVES, TWO), 0)
    rewards = [0, 1, 0, 0, 0, 0, 0, 0]
    plain, closed = ScriptedSearch(list(rewards)), ScriptedSearch(list(rewards), close_deals=20)
    assert plain.choose(view, random.Random(0)) == closed.choose(view, random.Random(0))
    assert (closed.rollouts, closed.last_iterations) == (8, 4)


def test_a_time_budget_ignores_close_deals(monkeypatch: pytest.MonkeyPatch) -> None:
    """Searching by time, the search spends its time whatever ``close_deals`` says."""
    monkeypatch.setattr(ismcts, "time", types.SimpleNamespace(perf_counter=FakeClock().perf_counter))
    bot = ISMCTSBot(seconds=3.5, close_deals=100)
    bot.choose(midgame(4), random.Random(0))
    assert bot.last_iterations == 4


def test_close_deals_is_reproducible_from_the_rng() -> None:
    """At four players with ``close_deals``, the same rng gives the same move and
    the same number of deals."""
    view = midgame(4)
    runs = []
    for _ in range(2):
        bot = ISMCTSBot(iterations=4, close_deals=12)
        runs.append((bot.choose(view, random.Random(9)), bot.last_iterations))
    assert runs[0] == runs[1] and runs[0][1] in (2, 12)



@given(rules=tables(), seed=st.integers(0, 2**32 - 1), steps=st.integers(0, 150))
def test_a_hands_only_deal_changes_only_what_no_player_sees(rules: Rules, seed: int, steps: int) -> None:
    """``hands_only`` deals again the draw pile and the 3DOWN cards (S2, S4),
    pooled, each place keeping its count; everything else stays as it is, so
    every seat observes the same game and the position is one the rules reach."""
    state = state_after(rules, seed, steps)
    deal = ismcts._hands_only_deal(state, random.Random(seed))
    assert attrs.evolve(deal, seats=state.seats, draw_pile=state.draw_pile) == state
    assert [attrs.evolve(seat, down=()) for seat in deal.seats] == [attrs.evolve(seat, down=()) for seat in state.seats]
    assert [len(seat.down) for seat in deal.seats] == [len(seat.down) for seat in state.seats]
    assert _unseen(deal) == _unseen(state)
    assert all(observe(deal, seat) == observe(state, seat) for seat in range(rules.players))
    assert position_problems(deal) == ()


def _unseen(state: GameState) -> list[int]:
    """The cards of the draw pile and of every 3DOWN pile, by their order."""
    return sorted(card.order for card in state.draw_pile + sum((seat.down for seat in state.seats), ()))


def test_hands_only_deals_every_unseen_card_anywhere() -> None:
    """Over many deals, a card of the draw pile lands among the 3DOWN cards and a
    3DOWN card in the draw pile, and each 3DOWN pile is dealt in other orders."""
    state = state_after(Rules(players=4), seed=3, steps=12)
    assert state.draw_pile and all(len(seat.down) == 3 for seat in state.seats)
    deals = [ismcts._hands_only_deal(state, random.Random(seed)) for seed in range(40)]
    downs = {card for seat in state.seats for card in seat.down}
    assert any(set(deal.draw_pile) & downs for deal in deals)
    assert any(set(deal.seats[0].down) - downs for deal in deals)
    assert len({deal.seats[0].down for deal in deals}) > 1


def test_with_hands_only_a_flip_is_one_move_and_played_at_once() -> None:
    """Seeing its own 3DOWN cards, the cheating bot turns over the 9 that beats
    the 5 (F3, F4); seeing hands only, either card is the same chance, so the
    one distinct move is played without a search."""
    state = GameState.from_notation("play 0 -|-|3r,9b/8g|-|- - 5g *", TWO)
    sees_all, sees_hands = CheatingBot(iterations=1), CheatingBot(iterations=1, hands_only=True)
    assert sees_all.choose_state(state, random.Random(0)) == parse_move("v1")
    assert sees_all.last_iterations == 1
    assert sees_hands.choose_state(state, random.Random(0)) == parse_move("v0")
    assert sees_hands.last_iterations == 0
