"""Bots: the protocol, fairness, legality under every option, the registry and the strategies."""

from __future__ import annotations

import random
from typing import cast

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.playouts import state_after
from tests.strategies import rules as any_rules
from threeup3down import (
    Card,
    ChooseUp,
    DeclineSwap,
    Draw,
    DrawInstead,
    FlipDown,
    GameState,
    Move,
    Observation,
    Rules,
    Swap,
    apply,
    legal_moves,
    new_game,
    observe,
    parse_cards,
    parse_move,
    sample_state,
)
from threeup3down.bots import (
    BOT_NAMES,
    LowestCardBot,
    MovesBot,
    RandomBot,
    StateBot,
    chooser,
    decide,
    make_bot,
    play_game,
)
from threeup3down.core.errors import BotError
from threeup3down.bots.heuristic import HeuristicBot
from threeup3down.bots.ismcts import CheatingBot, ISMCTSBot
from threeup3down.core.state import Seat

FAIR_BOTS = ("random", "lowest", "heuristic", "ismcts:4")
ALL_BOTS = FAIR_BOTS + ("cheating:4",)


class Spy:
    """Wraps a fair bot and keeps every argument it was given."""

    def __init__(self, bot: object) -> None:
        self.bot = bot
        self.calls: list[tuple[object, object]] = []

    def choose(self, observation: Observation, rng: random.Random) -> Move:
        self.calls.append((observation, rng))
        chosen: Move = self.bot.choose(observation, rng)  # type: ignore[attr-defined]
        return chosen


def reachable_objects(value: object) -> list[object]:
    """Every object reachable from ``value`` through attrs fields, tuples, sets and dicts."""
    seen: list[object] = []
    stack = [value]
    while stack:
        item = stack.pop()
        seen.append(item)
        if attrs.has(type(item)):
            kind = cast("type[attrs.AttrsInstance]", type(item))
            stack.extend(getattr(item, field.name) for field in attrs.fields(kind))
        elif isinstance(item, (tuple, frozenset, list)):
            stack.extend(item)
        elif isinstance(item, dict):
            stack.extend(item.values())
    return seen


@settings(max_examples=40, deadline=None)
@given(
    table=any_rules(),
    seed=st.integers(0, 2**16),
    steps=st.integers(0, 150),
    name=st.sampled_from(ALL_BOTS),
)
def test_bots_only_return_legal_moves(table: Rules, seed: int, steps: int, name: str) -> None:
    """Every bot, in any phase of a game under any combination of options, returns
    one of the legal moves of the player to move."""
    state = state_after(table, seed, steps)
    if state.is_over:
        return
    move = decide(make_bot(name), state, random.Random(seed))
    assert move in legal_moves(state), f"{name} chose {move} in {state.notation()}"


@pytest.mark.parametrize("name", FAIR_BOTS)
def test_a_fair_bot_receives_only_an_observation(name: str) -> None:
    """A fair bot is handed its own seat's Observation and an rng: no object it can
    reach holds a GameState, a Seat, or an opponent's hand or 3DOWN cards."""
    spy = Spy(make_bot(name))
    final = play_game(new_game(Rules(players=3), seed=4), [spy, LowestCardBot(), spy])
    assert final.is_over and spy.calls
    for observation, rng in spy.calls:
        assert type(observation) is Observation and type(rng) is random.Random
        assert observation.player == observation.current_player
        reached = reachable_objects(observation)
        assert not any(isinstance(item, (GameState, Seat)) for item in reached)


@pytest.mark.parametrize("name", FAIR_BOTS)
def test_a_fair_bot_decides_alike_whatever_the_hidden_cards(name: str) -> None:
    """Two states that differ only in cards hidden from the player to move get the
    same decision from the same rng: a fair bot cannot depend on hidden cards."""
    state = state_after(Rules(players=3), seed=11, steps=30)
    view = observe(state, state.current_player)
    other = sample_state(view, random.Random(1))
    assert other != state and observe(other, state.current_player) == view
    first = decide(make_bot(name), state, random.Random(7))
    assert decide(make_bot(name), other, random.Random(7)) == first


class MovesSpy:
    """Wraps a bot that reads only its legal moves and keeps every argument it was given."""

    def __init__(self, bot: MovesBot) -> None:
        self.bot = bot
        self.calls: list[tuple[object, object]] = []

    def choose(self, observation: Observation, rng: random.Random) -> Move:
        raise AssertionError("decide() shows a MovesBot its legal moves, not an observation")

    def choose_from(self, moves: tuple[Move, ...], rng: random.Random) -> Move:
        self.calls.append((moves, rng))
        return self.bot.choose_from(moves, rng)


@pytest.mark.parametrize("name", ["random", "lowest"])
def test_a_moves_bot_receives_only_its_legal_moves(name: str) -> None:
    """A bot that reads only its legal moves is handed a tuple of moves, the legal
    moves of its own seat, which hold no GameState, Seat or card hidden from it
    (a 3DOWN card is chosen by position, F3)."""
    bot = make_bot(name)
    assert isinstance(bot, MovesBot)
    spy = MovesSpy(bot)
    state = new_game(Rules(players=3), seed=4)
    seen: list[Move] = []
    while not state.is_over:
        move = decide(spy if state.current_player != 1 else LowestCardBot(), state, random.Random(1))
        if state.current_player != 1:
            moves, rng = spy.calls[-1]
            assert moves == observe(state, state.current_player).legal_moves()
            assert type(moves) is tuple and type(rng) is random.Random
            assert not any(isinstance(item, (GameState, Seat)) for item in reachable_objects(moves))
            seen += cast("tuple[Move, ...]", moves)
        state = apply(state, move)
    assert any(isinstance(move, FlipDown) for move in seen)


def test_a_subclass_that_overrides_only_choose_is_asked_with_an_observation() -> None:
    """A RandomBot subclass whose own choose() differs from the inherited
    choose_from() is asked through choose(), as a plain Bot."""

    class LastMoveBot(RandomBot):
        def choose(self, observation: Observation, rng: random.Random) -> Move:
            return observation.legal_moves()[-1]

    state = state_after(Rules(players=2), seed=3, steps=20)
    assert len(legal_moves(state)) > 1
    assert decide(LastMoveBot(), state, random.Random(0)) == legal_moves(state)[-1]
    assert chooser(LastMoveBot())(state, random.Random(0)) == legal_moves(state)[-1]


@settings(max_examples=40, deadline=None)
@given(
    table=any_rules(),
    seed=st.integers(0, 2**16),
    steps=st.integers(0, 150),
    name=st.sampled_from(["random", "lowest"]),
)
def test_a_moves_bot_chooses_as_it_would_from_its_observation(
    table: Rules, seed: int, steps: int, name: str
) -> None:
    """decide() asking choose_from gives the move choose() picks from the seat's
    observation, with an rng in the same state."""
    state = state_after(table, seed, steps)
    if state.is_over:
        return
    view = observe(state, state.current_player)
    bot = make_bot(name)
    assert isinstance(bot, MovesBot)
    expected = bot.choose(view, random.Random(seed))
    assert decide(make_bot(name), state, random.Random(seed)) == expected
    assert chooser(make_bot(name))(state, random.Random(seed)) == expected


def test_the_random_chooser_draws_as_random_choice_does() -> None:
    """RandomBot's chooser picks rng.choice(legal_moves(state)) and leaves the
    generator as choice leaves it, over every decision of random games at every
    table size and with every option (setup, swaps and plays: 1 to dozens of moves)."""
    random_chooser = chooser(RandomBot())
    counts = set()
    for players, options in ((2, False), (4, False), (6, False), (4, True)):
        rules = Rules(
            players=players, places=options, draw_instead=options, reverse_on_one=options,
            same_colour_swap=options, pile_swap=options, chosen_faces=options,
        )
        for seed in range(3):
            state = new_game(rules, seed=seed)
            ours, theirs = random.Random(seed), random.Random(seed)
            while not state.is_over:
                moves = legal_moves(state)
                counts.add(len(moves))
                move = random_chooser(state, ours)
                assert move is theirs.choice(moves)
                assert ours.getstate() == theirs.getstate()
                state = apply(state, move)
    assert {1, 2, 3, 4, 5, 8} <= counts and max(counts) >= 16  # powers of two and others


def test_the_random_chooser_asks_any_other_generator_for_choice() -> None:
    """A generator that is not a plain random.Random (a subclass with its own
    random()) is asked for choice(), so the bot draws as that generator draws."""

    class Halves(random.Random):
        def random(self) -> float:
            return 0.5

    state = new_game(Rules(players=2), seed=1)
    moves = legal_moves(state)
    chosen = {chooser(RandomBot())(state, Halves(seed)) for seed in range(10)}
    assert chosen == {Halves(0).choice(moves)}  # drawn from random(), whatever the seed
    assert len({random.Random(seed).choice(moves) for seed in range(10)}) > 1


def test_the_cheating_bot_sees_the_state() -> None:
    """The one cheating bot is a StateBot: decide() hands it the full state."""
    bot = make_bot("cheating:8")
    assert isinstance(bot, StateBot) and isinstance(bot, CheatingBot)
    state = state_after(Rules(players=2), seed=3, steps=20)
    move = decide(bot, state, random.Random(0))
    assert move in legal_moves(state)
    assert chooser(bot)(state, random.Random(0)) == move


def test_the_registry_makes_every_bot_by_name() -> None:
    """make_bot knows the five names and reads a search budget after a colon."""
    assert BOT_NAMES == ("random", "lowest", "heuristic", "ismcts", "cheating")
    assert isinstance(make_bot("random"), RandomBot)
    assert isinstance(make_bot("lowest"), LowestCardBot)
    assert isinstance(make_bot("heuristic"), HeuristicBot)
    search = make_bot("ismcts:123")
    assert isinstance(search, ISMCTSBot) and search.iterations == 123


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("genius", "unknown bot 'genius'"),
        ("ismcts:0", "must be a whole number of iterations"),
        ("ismcts:lots", "must be a whole number of iterations"),
        ("random:3", "takes no budget"),
    ],
)
def test_a_bad_bot_name_is_a_library_error(name: str, expected: str) -> None:
    """A name the registry does not know, or a bad budget, raises BotError naming it."""
    with pytest.raises(BotError, match=expected):
        make_bot(name)


def test_search_is_reproducible_from_its_rng() -> None:
    """ISMCTS draws all its randomness from the rng it is given."""
    state = state_after(Rules(players=2), seed=5, steps=25)
    view = observe(state, state.current_player)
    choices = {ISMCTSBot(iterations=30).choose(view, random.Random(9)) for _ in range(3)}
    assert len(choices) == 1


def test_search_by_time_makes_at_least_one_iteration() -> None:
    """A time budget, however small, still returns a legal move."""
    state = state_after(Rules(players=2), seed=5, steps=25)
    view = observe(state, state.current_player)
    assert ISMCTSBot(seconds=1e-6).choose(view, random.Random(0)) in view.legal_moves()


TWO = Rules(players=2, turn_limit=None)


def at(text: str, rules: Rules = TWO) -> GameState:
    """The two-player position ``text`` under ``rules``."""
    return GameState.from_notation(text, rules)


def heuristic_move(text: str) -> str:
    """The heuristic's move for seat 0 in the two-player position ``text``."""
    return str(HeuristicBot().choose(observe(at(text), 0), random.Random(0)))


def test_heuristic_setup_keeps_the_strongest_cards_face_up() -> None:
    """Rule 1: Clear +1s and high numbers become 3UP cards; low cards stay in hand."""
    state = new_game(Rules(players=2, custom_cards=parse_cards("1g,2g,3g,9r,10r,C+1b") * 3), seed=1)
    view = observe(state, 0)
    move = HeuristicBot().choose(view, random.Random(0))
    assert isinstance(move, ChooseUp)
    ranks = sorted(card.rank for card in move.cards)
    rest = sorted(card.rank for card in view.hand if card not in move.cards or view.hand.count(card) > 1)
    assert min(ranks) >= max(rest[:3])


def test_heuristic_setup_with_chosen_faces_gives_the_weakest_cards_away() -> None:
    """Rule 1 (O6): the chosen cards go to the next player, so they are the weakest."""
    rules = Rules(players=2, chosen_faces=True, custom_cards=parse_cards("1g,2g,3g,9r,10r,Cb") * 3)
    view = observe(new_game(rules, seed=1), 0)
    move = HeuristicBot().choose(view, random.Random(0))
    assert isinstance(move, ChooseUp)
    kept = list(view.hand)
    for card in move.cards:
        kept.remove(card)
    assert max(card.rank for card in move.cards) <= min(card.rank for card in kept)


def test_heuristic_draws_when_offered() -> None:
    """Rule 2: the early draw after a Clear +1 is always taken."""
    state = at("play 0 4g|-|-/9b|-|- 5r,6r - * owed=1 draw")
    assert isinstance(HeuristicBot().choose(observe(state, 0), random.Random(0)), Draw)


def test_heuristic_sheds_the_lowest_multiple() -> None:
    """Rule 3: the lowest number, every copy at once."""
    assert heuristic_move("play 0 4g,7g,7r,9b|-|-/9r,9g,8r|-|- 5r 5g *") == "7g,7r"


def test_heuristic_spends_a_ten_before_a_clear() -> None:
    """Rule 6: with a 10 and a Clear to beat a 9, the 10 goes."""
    assert heuristic_move("play 0 10b,Cb|-|-/9b,8g,8r|-|- 5r 9g *") == "10b"


def test_heuristic_clears_only_when_no_number_plays() -> None:
    """Rule 6: a plain Clear when no number can beat the top."""
    assert heuristic_move("play 0 3b,Cb,C+1r|-|-/9b,8g,8r|-|- 5r 9g *") == "Cb"


def test_heuristic_takes_instead_of_spending_a_clear_on_a_small_pile() -> None:
    """Rule 8 (O2): a card is taken rather than a Clear spent on a two-card pile."""
    state = at("play 0 3b,Cb|-|-/9b,8b,8r|-|- 5r,4r 8g,9g *", attrs.evolve(TWO, draw_instead=True))
    assert isinstance(HeuristicBot().choose(observe(state, 0), random.Random(0)), DrawInstead)


def test_heuristic_swaps_a_stronger_card_onto_its_3up_cards() -> None:
    """Rule 9 (O7): the swap that most raises a 3UP card, else keep."""
    state = at("play 0 3b,10r|2g,9b|6r,6b,7b/9r,8g,8r|-|- 5r 1g,2g,3g,4g * swap", attrs.evolve(TWO, same_colour_swap=True))
    assert HeuristicBot().choose(observe(state, 0), random.Random(0)) == Swap(Card.RED_10, Card.GREEN_2)
    state = at("play 0 1b,2r|9g,9b|6r,6b,7b/9r,8g,8r|-|- 5r 1g,2g,3g,4g * swap", attrs.evolve(TWO, same_colour_swap=True))
    assert isinstance(HeuristicBot().choose(observe(state, 0), random.Random(0)), DeclineSwap)


def test_ismcts_plays_the_only_move_at_once() -> None:
    """With one legal move there is nothing to search."""
    state = at("play 0 4g,Cb|-|-/9b|-|- - 5r *")
    assert ISMCTSBot(iterations=1).choose(observe(state, 0), random.Random(0)) == parse_move("Cb")


class TestTheCheatingBotAsDocumented:
    """make_bot("cheating") is a StateBot, not a Bot, as make_bot and docs/howto/bot.rst say;
    each place they name takes it, and an observation is refused."""

    def test_it_is_the_one_name_that_makes_a_state_bot(self) -> None:
        """Every name but cheating makes a Bot with choose; cheating makes a StateBot with choose_state only."""
        kinds = {name: (isinstance(make_bot(name), StateBot), hasattr(make_bot(name), "choose")) for name in BOT_NAMES}
        assert kinds == {name: (name == "cheating", name != "cheating") for name in BOT_NAMES}

    def test_decide_and_play_game_take_it(self) -> None:
        """decide shows it the state; play_game plays it to the end like any bot."""
        state = new_game(Rules(players=2), seed=5)
        assert decide(make_bot("cheating:2"), state, random.Random(0)) in legal_moves(state)
        assert play_game(state, [make_bot("cheating:2"), make_bot("random")], random.Random(1)).is_over

    def test_simulate_takes_it_by_name(self) -> None:
        """simulate plays the cheating bot named with its budget."""
        from threeup3down.simulation import simulate

        result = simulate(Rules(players=2), ["cheating:2", "random"], 4, seed=2, workers=1)
        assert result.games == 4 and result.win_rate("cheating:2").trials == 4

    def test_an_observation_is_refused_with_a_bot_error(self) -> None:
        """Handed an Observation, which hides what it reads, it raises BotError naming decide."""
        view = observe(new_game(Rules(players=2), seed=5), 0)
        with pytest.raises(BotError, match=r"not an Observation: ask it with decide\(bot, state, rng\)"):
            make_bot("cheating").choose_state(view, random.Random(0))  # type: ignore[union-attr, arg-type]
        assert not hasattr(make_bot("cheating"), "choose")
