"""The batched kernel is the engine's game (threeup3down.kernel): a differential
test in lock step, the deal, the observation, the refusals and the sampling of
hidden cards. A small budget; ``scripts/kernel_differential.py`` runs the long one."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import attrs
import pytest

from tests.extras import require

jax = require("jax", "jax")
np = require("numpy", "jax")

from threeup3down import Colour, Deck, FirstPlayer, GameState, Phase, PileSwapSeats, Rules, RulesError, ThreeUpError, apply, new_game, observe  # noqa: E402
from threeup3down import kernel  # noqa: E402
from threeup3down.adapters.encoder import encoder  # noqa: E402
from threeup3down.adapters.encoding import ActionCodec, rewards  # noqa: E402
from threeup3down.core.deal import deal_from  # noqa: E402
from threeup3down.core.validation import position_problems  # noqa: E402
from threeup3down.views.observation import sample_state  # noqa: E402
from tests.kernel_lockstep import lockstep, variants  # noqa: E402

SHAPES: dict[int, dict[str, Any]] = {
    2: {"omitted_colours": frozenset({Colour.RED, Colour.BLUE})},
    3: {"deck": Deck.LITERAL},
    4: {"omitted_colours": frozenset({Colour.GREEN}), "same_colour_swap": True},
    5: {"draw_instead": True},
    6: {"same_colour_swap": True},
}
"""At each table size, an option that changes the kernel's array shapes, on under
every other option there: the kernel compiles once per shape, so the test covers
each option at every size with five compilations. The same-colour swap (O7),
whose moves name colours, plays at 4 seats (two colours, so runs of one colour
come often) and 6 (the full deck), under every other option."""

DECISIONS = 48
"""Decisions per option and table size in the lock-step test."""
SWAP_DECISIONS = 600
"""Decisions of the O7 tables themselves (no other option on, or with
``colour_run_in_play``) in the lock-step test: a game's first swap offer comes
some way into play."""
TABLES = 4
"""Tables in every batch of the tests: a batch's size is part of a compiled
function's shape, so one size compiles each function once per shape."""


def _on_shape(players: int) -> Iterator[tuple[str, Rules]]:
    """Each variant of :func:`variants` the kernel covers, with the size's shape
    option on; a variant that sets a shape option of its own is left to the size
    whose shape it is."""
    shape = SHAPES[players]
    shaping = {name for options in SHAPES.values() for name in options}
    seen = set()
    for name, rules in variants(players):
        try:
            kernel.check_covered(rules)
        except RulesError:
            continue
        changed = {
            field.name: getattr(rules, field.name)
            for field in attrs.fields(Rules)
            if getattr(rules, field.name) != field.default
        }
        if any(changed[field] != shape.get(field) for field in shaping & set(changed)):
            continue
        table = Rules(**{**changed, **shape})
        if table not in seen:
            seen.add(table)
            yield name, table


@pytest.mark.spec("S1", "S2", "S3", "S4", "S5", "T1", "T2", "T3", "T4", "P1", "P2", "P3", "P4", "C1", "C2", "C3",
                  "C4", "C5", "C6", "C7", "F1", "F2", "F3", "F4", "F5", "W1", "O1", "O2", "O3", "O5", "O6", "O8",
                  "O7", "O9", "O10")
@pytest.mark.parametrize("players", sorted(SHAPES))
def test_kernel_plays_the_engines_game(players: int) -> None:
    """At every decision of random play, under each option the kernel covers, the
    kernel's legal mask is the encoding of legal_moves, its successor decodes to
    apply's, its observation of the seat to move is the adapters' tensor, and its
    rewards at a game's end are the adapters'. Under O7, random play reaches swap
    offers, and answers them."""
    checked = []
    offers = 0
    for seed, (name, rules) in enumerate(_on_shape(players)):
        swapping = SHAPES[players].get("same_colour_swap") and name in ("base", "colour_run_in_play=True")
        budget = SWAP_DECISIONS if swapping else DECISIONS
        played = lockstep(rules, tables=TABLES, decisions=budget, seed=seed)
        assert played.decisions >= budget, name
        offers += played.swap_offers
        checked.append(name)
    assert {"base", "places=True", "reverse_each_one=True", "pile_swap=True", "turn_limit=None"} <= set(checked)
    if SHAPES[players].get("same_colour_swap"):
        assert "colour_run_in_play=True" in checked
        assert offers >= 5
    else:
        assert offers == 0


def test_every_option_is_covered_or_refused_by_name() -> None:
    """Each option of Rules either plays in the kernel or is refused with a
    RulesError naming a field the option sets."""
    for players in range(2, 7):
        for name, rules in variants(players):
            try:
                kernel.check_covered(rules)
            except RulesError as error:
                assert error.fields and all(getattr(rules, field) != getattr(Rules(), field) for field in error.fields), name
                with pytest.raises(RulesError, match=error.fields[0]):
                    kernel.init(jax.random.key(0), rules, 1)


def test_refusals_name_the_option() -> None:
    """Custom cards and two decks (O11) are refused at init."""
    refusals: tuple[tuple[dict[str, Any], str], ...] = (
        ({"custom_cards": Rules().deck_cards()}, "custom_cards"),
        ({"players": 8, "decks": 2}, "decks"),
    )
    for options, field in refusals:
        with pytest.raises(RulesError) as refused:
            kernel.init(jax.random.key(0), Rules(**options), 2)
        assert refused.value.fields == (field,)
    with pytest.raises(ThreeUpError, match="one table or more"):
        kernel.init(jax.random.key(0), Rules(), 0)


@pytest.mark.spec("S2", "S3", "S4", "S5", "O5", "O9")
@pytest.mark.parametrize(
    ("players", "options"),
    [
        (2, {"first_player": FirstPlayer.DEALERS_LEFT, "dealer": 1}),
        (5, {"first_player": FirstPlayer.RANDOM, "pile_swap": True}),
        (4, {"pile_swap": True, "pile_swap_seats": PileSwapSeats.SOME}),
    ],
)
def test_init_deals_as_the_engine_deals_its_deck(players: int, options: dict[str, Any]) -> None:
    """Every table init deals is the engine's deal (deal_from) of the deck in the
    order the kernel shuffled it: three 3DOWN cards a seat, six to each hand, the
    rest the draw pile; a random first seat and a pile swap of the rules' kind."""
    rules = Rules(players=players, **SHAPES[players], **options)
    dealt = kernel.to_game_states(kernel.init(jax.random.key(3), rules, TABLES))
    for state in dealt:
        deck = [card for seat in state.seats for card in seat.down]
        deck += [card for seat in state.seats for card in seat.hand]
        deck += list(state.draw_pile)
        random_first = rules.first_player is FirstPlayer.RANDOM
        assert state == deal_from(
            rules, deck, first_player=state.first_player if random_first else None, pile_swap=state.pile_swap
        )
    if rules.first_player is FirstPlayer.RANDOM:
        assert len({state.first_player for state in dealt}) > 1
    assert len({state.draw_pile for state in dealt}) == len(dealt)


def _positions(rules: Rules, count: int, seed: int) -> list[GameState]:
    """Positions of random play, setup included."""
    rng = random.Random(seed)
    codec = ActionCodec(rules)
    found: list[GameState] = []
    state = new_game(rules, seed=seed)
    while len(found) < count:
        found.append(state)
        if state.is_over:
            state = new_game(rules, seed=rng.randrange(2**32))
            continue
        state = apply(state, codec.decode(rng.choice(codec.legal_actions(state)), state))
    return found[:: max(1, len(found) // count)][:count]


@pytest.fixture(scope="module")
def positions() -> list[list[GameState]]:
    """Positions of three-player games with chosen faces (O6) and a pile swap (O5),
    sampled along random play, in batches of :data:`TABLES`."""
    rules = Rules(players=3, chosen_faces=True, pile_swap=True, **SHAPES[3])
    found = _positions(rules, 6 * TABLES, seed=5)
    return [found[start : start + TABLES] for start in range(0, len(found), TABLES)]


@pytest.mark.parametrize("in_setup", [0, 1, 3, 32])
def test_the_mask_is_the_engines_whatever_tables_are_in_setup(in_setup: int) -> None:
    """The 3UP choices (S3) are weighed at the tables in setup alone, as a batch
    of mixed phases has them: none, a few, or more than a few in setup, at any
    places of the batch, each table's mask is its own legal moves."""
    rules = Rules(players=3, **SHAPES[3])
    codec = ActionCodec(rules)
    rng = random.Random(in_setup)
    playing = [state for state in _positions(rules, 200, seed=7) if state.phase is not Phase.SETUP]
    states = rng.sample(playing, 32 - in_setup) + [new_game(rules, seed=seed) for seed in range(in_setup)]
    rng.shuffle(states)
    mask = np.asarray(kernel.legal_action_mask(kernel.from_game_states(states)))
    for index, state in enumerate(states):
        assert tuple(np.flatnonzero(mask[index]).tolist()) == codec.legal_actions(state)


def test_padded_observation_is_the_adapters(positions: list[list[GameState]]) -> None:
    """observation(..., padded=True) is the adapters' padded tensor, for every seat."""
    padded = encoder(positions[0][0].rules, padded=True)
    for states in positions:
        batch = kernel.from_game_states(states)
        for seat in range(3):
            tensors = np.asarray(kernel.observation(batch, seat, padded=True))
            for index, state in enumerate(states):
                assert np.array_equal(tensors[index], padded.tensor(state, seat))


def test_sample_keeps_what_the_seat_sees(positions: list[list[GameState]]) -> None:
    """A sampled table is a position of the rules (every card once, D1) that the
    seat observes exactly as the real one, and its hidden places hold other deals."""
    differ = 0
    for number, states in enumerate(positions):
        batch = kernel.from_game_states(states)
        for seat in range(3):
            sampled = kernel.to_game_states(kernel.sample(jax.random.key(3 * number + seat), batch, seat))
            for real, drawn in zip(states, sampled):
                assert position_problems(drawn) == ()
                assert observe(drawn, seat) == observe(real, seat)
                differ += drawn != real
    assert differ > 0


def test_sample_uses_no_card_the_seat_cannot_see(positions: list[list[GameState]]) -> None:
    """Two tables that look alike to the seat (the real one, and one the engine's
    sample_state dealt from its observation) give the same sample from one key:
    the sample depends on nothing the seat cannot see."""
    rng = random.Random(2)
    for number, states in enumerate(positions):
        for seat in range(3):
            others = [sample_state(observe(state, seat), rng) for state in states]
            key = jax.random.key(40 + 3 * number + seat)
            one = kernel.sample(key, kernel.from_game_states(states), seat)
            two = kernel.sample(key, kernel.from_game_states(others), seat)
            for leaf_one, leaf_two in zip(jax.tree.leaves(one), jax.tree.leaves(two)):
                assert np.array_equal(leaf_one, leaf_two)


def test_bad_input_is_refused() -> None:
    """A step's actions must be one integer per table, a seat a seat of the table."""
    batch = kernel.init(jax.random.key(0), Rules(players=2, **SHAPES[2]), TABLES)
    with pytest.raises(ThreeUpError, match="one integer action per table"):
        kernel.step(batch, jax.numpy.zeros(TABLES + 1, jax.numpy.int32))
    with pytest.raises(ThreeUpError, match="a seat is a number from 0 to 1"):
        kernel.observation(batch, 2)
    with pytest.raises(ThreeUpError, match="needs a TableState"):
        kernel.legal_action_mask(new_game(Rules(players=2), seed=1))  # type: ignore[arg-type]
    with pytest.raises(ThreeUpError, match="one rules"):
        kernel.from_game_states([new_game(Rules(players=2), seed=1), new_game(Rules(players=3), seed=1)])
    with pytest.raises(RulesError, match="custom cards"):
        kernel.from_game_states([new_game(Rules(players=2, custom_cards=Rules().deck_cards()), seed=1)])


@pytest.mark.spec("W1", "O1", "O10")
def test_rewards_are_the_adapters() -> None:
    """Rewards as the adapters give them: +1 for the winner, the others sharing what
    is left (W1), and at a stalemate (O10) every seat the same share, rounded alike."""
    won = GameState.from_notation("over 0 -|-|-/8b|-|-/9r|-|- - - * fin=0", Rules(players=3))
    stalemate = GameState.from_notation(
        "over 1 5r|-|-/6r|-|-/7r|-|-/8r|-|- - - * turn=30", Rules(players=4, turn_limit=30)
    )
    assert kernel.rewards(kernel.from_game_states([won] * TABLES)).tolist() == [[1.0, -0.5, -0.5]] * TABLES
    shares = kernel.rewards(kernel.from_game_states([stalemate] * TABLES)).tolist()
    assert shares == [np.float32(rewards(stalemate)).tolist()] * TABLES


def test_the_functions_pass_through_vmap() -> None:
    """legal_action_mask over two stacked batches (jax.vmap) is each batch's mask."""
    rules = Rules(players=2, **SHAPES[2])
    one, two = (kernel.init(jax.random.key(seed), rules, TABLES) for seed in (0, 1))
    both = jax.tree.map(lambda first, second: jax.numpy.stack([first, second]), one, two)
    masks = jax.vmap(kernel.legal_action_mask)(both)
    assert np.array_equal(masks[0], kernel.legal_action_mask(one))
    assert np.array_equal(masks[1], kernel.legal_action_mask(two))


@pytest.mark.parametrize("actions", [1, 31, 32, 33, 553])
def test_random_actions_draws_each_legal_action_alike(actions: int) -> None:
    """random_actions draws among a table's legal actions alone, each as often as
    the next (within five standard deviations over 30,000 tables, for one fixed
    key), wherever in the mask they lie, and gives 0 where none is legal."""
    legal = sorted({0, actions // 2, actions - 1})
    mask = np.zeros((30_001, actions), bool)
    mask[:-1, legal] = True
    drawn = np.asarray(kernel.random_actions(jax.random.key(7), mask))
    assert drawn[-1] == 0
    counts = np.bincount(drawn[:-1], minlength=actions)
    assert set(np.flatnonzero(counts)) == set(legal)
    expected = 30_000 / len(legal)
    spread = (30_000 * (1 / len(legal)) * (1 - 1 / len(legal))) ** 0.5
    assert all(abs(counts[action] - expected) <= 5 * spread for action in legal if len(legal) > 1)


def test_random_actions_keeps_to_the_mask_whatever_it_holds() -> None:
    """Over masks of every density, each table's action is one it marks."""
    rng = np.random.default_rng(3)
    mask = rng.random((4_000, 97)) < rng.random((4_000, 1))
    drawn = np.asarray(kernel.random_actions(jax.random.key(8), mask))
    legal = mask.any(axis=1)
    assert mask[np.arange(4_000), drawn][legal].all()
    assert (drawn[~legal] == 0).all()
