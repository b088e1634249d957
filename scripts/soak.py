"""Soak test: random games under random option combinations, checked after every move.

For as many minutes as asked, deals games at random tables and plays each to
its end by uniformly random legal moves. A table draws every field of
:class:`~threeup3down.Rules`: 2–12 players, one deck or two, now and then a
custom deck of any cards (still nine for each player), colours left out,
any first seat and dealer, a random turn limit or none, and every other
option (each ``bool`` or enumeration) at random; a table that cannot be
dealt is drawn again.
After every move it checks:

* conservation (D1): every card of the deck is in exactly one place;
* purity: :func:`~threeup3down.apply` left the state it was given unchanged,
  and gives the same next state when asked again;
* listed iff accepted: every listed move is accepted, and every candidate
  move of ``tests/properties/candidates.py`` that is not listed is refused
  with a rule ID (or, while no rule looks at colours, is a colour variant of
  a listed move and accepted);
* the state loads: it has no :func:`~threeup3down.core.validation.position_problems`
  and its position notation reads back to it.

Run from the repository root::

    python -m scripts.soak --minutes 10          # ten minutes, random seed
    python -m scripts.soak --minutes 1 --seed 7  # what CI runs, reproducibly

It prints the games, moves and checks made, and exits with status 1 at the
first failure, printing the position, the move and the seed of the game.
"""

from __future__ import annotations

import argparse
import enum
import random
import sys
import time
import typing
from collections import Counter
from collections.abc import Callable
from typing import Any

import attrs

from tests.properties.candidates import candidate_moves, colour_blind, holds
from threeup3down import (
    Card,
    Colour,
    GameState,
    IllegalMoveError,
    Move,
    PileSwapSeats,
    Rules,
    RulesError,
    apply,
    legal_moves,
    new_game,
)
from threeup3down.core.rules import CARDS_PER_PLAYER
from threeup3down.core.state import parse_position
from threeup3down.core.validation import position_problems

__all__ = ["check_step", "random_rules", "soak"]

CANDIDATE_PERIOD = 7
"""Candidate moves are tried at every this many moves (they cost the most)."""
MOVES_PER_GAME = 20_000
"""A game without a turn limit (O10) is left after this many moves."""


_DRAWS: dict[str, Callable[[random.Random, dict[str, Any]], object]] = {
    "decks": lambda rng, table: rng.choice((1, 1, 2)),
    "players": lambda rng, table: rng.randint(2, 6) if table["decks"] == 1 else rng.randint(7, 12),
    "custom_cards": lambda rng, table: None if rng.random() < 0.75 else _any_cards(rng, table),
    "omitted_colours": lambda rng, table: (
        frozenset(rng.sample(list(Colour), rng.choice((0, 0, 1, 2)))) if table["players"] <= 4 else frozenset()
    ),
    "first_seat": lambda rng, table: rng.randrange(table["players"]),
    "dealer": lambda rng, table: rng.randrange(table["players"]),
    "reverse_on_one": lambda rng, table: rng.random() < 0.5,
    "reverse_each_one": lambda rng, table: table["reverse_on_one"] and rng.random() < 0.5,
    "same_colour_swap": lambda rng, table: rng.random() < 0.5,
    "colour_run_in_play": lambda rng, table: table["same_colour_swap"] and rng.random() < 0.5,
    "pile_swap": lambda rng, table: rng.random() < 0.5,
    "pile_swap_seats": lambda rng, table: rng.choice(list(PileSwapSeats)) if table["pile_swap"] else PileSwapSeats.EVERY,
    "turn_limit": lambda rng, table: rng.choice((None, rng.randint(1, 1000), 1000)),
}
"""The fields drawn their own way, in this order, each from the fields drawn
before it: one deck for 2–6 players (S1) and two for 7–12 (O11), colours
left out only for 2–4 (O8), seats at the table, each 1 counted only when
1s reverse (O3), runs found inside a play only with the same-colour swap
(O7), the seats of a pile swap chosen only with one (O5). The others follow their type (:func:`_any_value`)."""


def _any_cards(rng: random.Random, table: dict[str, Any]) -> tuple[Card, ...]:
    """Custom cards (D1): any kinds, enough to deal nine to each player (S2, S3) and up to 40 more."""
    least = -(-CARDS_PER_PLAYER * table["players"] // table["decks"])
    return tuple(rng.choices(list(Card), k=rng.randint(least, least + 40)))


def _any_value(rng: random.Random, name: str, hint: object) -> object:
    """A value of field ``name`` of type ``hint``: a ``bool`` by a coin flip, an enumeration's member."""
    if hint is bool:
        return rng.random() < 0.5
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return rng.choice(list(hint))
    raise TypeError(f"the soak cannot draw Rules.{name}: add it to _DRAWS")


def random_rules(rng: random.Random) -> Rules:
    """A valid table with every field drawn at random (tables that cannot deal are drawn again)."""
    hints = typing.get_type_hints(Rules)
    while True:
        table: dict[str, Any] = {}
        for name, draw in _DRAWS.items():
            table[name] = draw(rng, table)
        for field in attrs.fields(Rules):
            if field.name not in table:
                table[field.name] = _any_value(rng, field.name, hints[field.name])
        try:
            return Rules(**table)
        except RulesError:
            continue


def _snapshot(state: GameState) -> tuple[object, ...]:
    seats = tuple((seat.hand, seat.up, seat.down) for seat in state.seats)
    return attrs.astuple(state, recurse=False), seats


def check_step(state: GameState, move: Move, *, candidates: bool) -> GameState:
    """Apply ``move`` to ``state`` and check the step; return the next state.

    Raises :class:`AssertionError` naming what failed.
    """
    before = _snapshot(state)
    after = apply(state, move)
    assert _snapshot(state) == before, "apply changed the state it was given"
    assert apply(state, move) == after, "apply gave two different states"
    placed = Counter(after.draw_pile + after.discard_pile + after.out_of_game)
    for seat in after.seats:
        placed.update(seat.hand + seat.up + seat.down)
    assert placed == Counter(after.rules.deck_cards()), "cards appeared or vanished (D1)"
    assert position_problems(after) == (), f"unloadable: {position_problems(after)}"
    assert parse_position(after.notation(), after.rules) == after, "notation does not read back"
    listed = legal_moves(after)
    assert bool(listed) is not after.is_over, "moves listed exactly while the game is not over"
    for other in listed:
        try:
            apply(after, other)
        except IllegalMoveError as error:
            raise AssertionError(f"listed {other} refused: {error}") from None
    if candidates:
        _check_candidates(after, listed)
    return after


def _check_candidates(state: GameState, listed: tuple[Move, ...]) -> None:
    colour_free = not state.rules.colour_matters
    blind = {colour_blind(move) for move in listed}
    for move in candidate_moves(state) - set(listed):
        try:
            apply(state, move)
        except IllegalMoveError:
            continue
        if not (colour_free and colour_blind(move) in blind and holds(state, move)):
            raise AssertionError(f"unlisted {move} accepted")


def soak(seconds: float, seed: int) -> tuple[int, int]:
    """Play and check random games for about ``seconds``; return (games, moves)."""
    rng = random.Random(seed)
    deadline = time.monotonic() + seconds
    games = moves = 0
    while time.monotonic() < deadline:
        rules = random_rules(rng)
        game_seed = rng.randrange(2**32)
        state = new_game(rules, seed=game_seed)
        for _ in range(MOVES_PER_GAME):
            if state.is_over:
                break
            move = rng.choice(legal_moves(state))
            try:
                state = check_step(state, move, candidates=moves % CANDIDATE_PERIOD == 0)
            except (AssertionError, IllegalMoveError) as error:
                print(f"FAILED: {error}\n  position: {state.notation()}\n  move: {move}\n"
                      f"  rules: {rules!r}\n  game seed: {game_seed}", file=sys.stderr)
                raise SystemExit(1) from None
            moves += 1
        games += 1
    return games, moves


def main() -> None:
    """Run the soak for ``--minutes`` and print what it checked."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=1.0, help="how long to play (default 1)")
    parser.add_argument("--seed", type=int, default=None, help="seed of the tables and games (default random)")
    args = parser.parse_args()
    seed = random.randrange(2**32) if args.seed is None else args.seed
    games, moves = soak(args.minutes * 60, seed)
    print(f"soak: {games} games, {moves} moves checked in {args.minutes:g} min (seed {seed}): no failure")


if __name__ == "__main__":
    main()
