"""Hypothesis strategies: tables of rules and freshly dealt games.

:func:`rules` draws a valid :class:`~threeup3down.Rules` from every option the
library has (D1, S5, C2, C3, C5, O1–O11), varying every field of the class;
:func:`base_rules` draws the base game for 2–6 players. Both shrink towards
the base game for two players.
"""

from __future__ import annotations

import enum
import typing
from itertools import combinations
from typing import Any

import attrs
from hypothesis import strategies as st

from threeup3down import (
    Card,
    ClearTwoDraw,
    Colour,
    Deck,
    EarlyDraw,
    FirstPlayer,
    GameState,
    Phase,
    PileSwapSeats,
    Rules,
    Seat,
    new_game,
)
from threeup3down.core.cards import sort_cards, sort_key
from threeup3down.core.rules import CARDS_PER_PLAYER

__all__ = ["adversarial_positions", "base_rules", "clear_rich_rules", "games", "rules", "seeds", "turn_limits"]

BASE_PLAYERS = (2, 6)
"""S1: one deck seats 2–6 players."""
TWO_DECK_PLAYERS = (7, 12)
"""O11: two decks seat 7–12 players."""
SHORT_GAME_PLAYERS = 4
"""O8: colours may be left out for 2–4 players."""
LONGEST_TURN_LIMIT = 1000
"""The default turn limit (O10), the longest a drawn game runs."""


def seeds() -> st.SearchStrategy[int]:
    """Seeds for :func:`~threeup3down.new_game`."""
    return st.integers(min_value=0, max_value=2**32 - 1)


def turn_limits() -> st.SearchStrategy[int]:
    """Turn limits (O10): half the time the default, else anything up to it."""
    return st.one_of(st.just(LONGEST_TURN_LIMIT), st.integers(1, LONGEST_TURN_LIMIT))


def base_rules() -> st.SearchStrategy[Rules]:
    """The base game for 2–6 players (S1), every option at its default."""
    return st.builds(Rules, players=st.integers(*BASE_PLAYERS), turn_limit=turn_limits())


CLEAR_RICH = (
    tuple(card for card in Card if not card.rank.is_clear and card.colour is not Colour.BLUE) * 2
    + (Card.GREEN_CLEAR_PLUS_2,) * 4
    + (Card.RED_CLEAR_PLUS_1,) * 4
    + (Card.BLUE_CLEAR,) * 3
)
"""A 51-card deck with four Clear +2, four Clear +1 and three Clear, so that owed plays (C2, C3, C5)
and clears during them come up in most games."""


def clear_rich_rules() -> st.SearchStrategy[Rules]:
    """2–5 player tables on :data:`CLEAR_RICH` under every variant of the early draw and owed plays
    (C2, C3, C5: the Clear +1's play owed or optional too) and of O3, with a short turn limit."""
    return st.booleans().flatmap(
        lambda reverses: st.builds(
            Rules,
            players=st.integers(2, 5),
            custom_cards=st.just(CLEAR_RICH),
            clear_two_draw=st.sampled_from(ClearTwoDraw),
            early_draw=st.sampled_from(EarlyDraw),
            clear_ends_turn=st.booleans(),
            clear_one_optional=st.booleans(),
            reverse_on_one=st.just(reverses),
            reverse_each_one=st.booleans() if reverses else st.just(False),
            draw_instead=st.booleans(),
            same_colour_swap=st.booleans(),
            turn_limit=st.integers(1, 200),
        )
    )


def _dealable_omissions(players: int, cards: tuple[Card, ...]) -> list[frozenset[Colour]]:
    """O8: the sets of at most two colours whose removal from ``cards`` still deals nine cards each."""
    if players > SHORT_GAME_PLAYERS:
        return [frozenset()]
    return [
        frozenset(omitted)
        for size in range(3)
        for omitted in combinations(Colour, size)
        if sum(card.colour not in omitted for card in cards) >= CARDS_PER_PLAYER * players
    ]


@st.composite
def _shorter_decks(draw: st.DrawFn, deck: Deck, players: int, decks: int) -> tuple[Card, ...]:
    """Custom cards (D1): ``deck`` less some of its cards, still nine for each player (S2, S3)."""
    cards = deck.cards()
    size = draw(st.integers(-(-CARDS_PER_PLAYER * players // decks), len(cards)))
    return sort_cards(draw(st.permutations(cards))[:size])


def _any_value(name: str, hint: object) -> st.SearchStrategy[object]:
    """Any value of field ``name`` of type ``hint``, for the fields :func:`rules` does not draw itself."""
    if hint is bool:
        return st.booleans()
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return st.sampled_from(hint)
    raise TypeError(f"rules() cannot draw Rules.{name}: draw it in rules()")


@st.composite
def rules(
    draw: st.DrawFn,
    *,
    places: st.SearchStrategy[bool] | None = None,
    reverse_on_one: st.SearchStrategy[bool] | None = None,
    same_colour_swap: st.SearchStrategy[bool] | None = None,
    short_game: bool = False,
) -> Rules:
    """A valid table under a random combination of every option.

    Two decks (O11) come with 7–12 players, left-out colours (O8) only with 2–4
    players and only where the rest still deals, a custom deck (D1) now and
    then, as the deck less some cards; every other ``bool`` or enumeration
    field takes any of its values. Pass a strategy for ``places``,
    ``reverse_on_one`` or ``same_colour_swap`` to steer that option;
    ``short_game`` always leaves out one or two colours (and keeps the deck).
    """
    deck = draw(st.sampled_from(Deck))
    decks = 1 if short_game else draw(st.integers(1, 2))
    if short_game:
        players = draw(st.integers(BASE_PLAYERS[0], SHORT_GAME_PLAYERS))
    else:
        players = draw(st.integers(*(BASE_PLAYERS if decks == 1 else TWO_DECK_PLAYERS)))
    custom = None if short_game or draw(st.integers(0, 3)) < 3 else draw(_shorter_decks(deck, players, decks))  # 1 in 4
    omissions = _dealable_omissions(players, deck.cards() if custom is None else custom)
    first_player = draw(st.sampled_from(FirstPlayer))
    reverses = draw(st.booleans() if reverse_on_one is None else reverse_on_one)
    values: dict[str, Any] = {
        "players": players,
        "deck": deck,
        "custom_cards": custom,
        "decks": decks,
        "omitted_colours": draw(st.sampled_from(omissions[1 if short_game else 0 :])),
        "first_player": first_player,
        "first_seat": draw(st.integers(0, players - 1)) if first_player is FirstPlayer.SEAT else 0,
        "dealer": draw(st.integers(0, players - 1)) if first_player is FirstPlayer.DEALERS_LEFT else 0,
        "places": draw(st.booleans() if places is None else places),
        "reverse_on_one": reverses,
        "reverse_each_one": reverses and draw(st.booleans()),
        "same_colour_swap": draw(st.booleans() if same_colour_swap is None else same_colour_swap),
        "turn_limit": draw(turn_limits()),
    }
    values["colour_run_in_play"] = values["same_colour_swap"] and draw(st.booleans())  # O7 only
    values["pile_swap"] = draw(st.booleans())
    values["pile_swap_seats"] = draw(st.sampled_from(PileSwapSeats)) if values["pile_swap"] else PileSwapSeats.EVERY
    hints = typing.get_type_hints(Rules)
    for field in attrs.fields(Rules):
        if field.name not in values:
            values[field.name] = draw(_any_value(field.name, hints[field.name]))
    return Rules(**values)


def games(tables: st.SearchStrategy[Rules]) -> st.SearchStrategy[GameState]:
    """Games freshly dealt (S2–S5) at a table drawn from ``tables``."""
    return st.builds(new_game, tables, seed=seeds())


@st.composite
def adversarial_positions(draw: st.DrawFn) -> GameState:
    """Positions as a stranger might send them: cards dealt to the zones at random
    sizes, flags at random, mostly near the positions the rules reach but not
    held to them (for the loading property: whatever loads must play).

    Play and over positions at 2–4 player tables with the options that change
    a turn (C3, O1–O3, O7, O10), the standard deck (D1).
    """
    players = draw(st.integers(2, 4))
    table = Rules(
        players=players,
        clear_two_draw=draw(st.sampled_from(ClearTwoDraw)),
        places=draw(st.booleans()),
        draw_instead=draw(st.booleans()),
        reverse_on_one=draw(st.booleans()),
        same_colour_swap=draw(st.booleans()),
        turn_limit=draw(st.sampled_from([None, 5, 1000])),
    )
    deck = list(draw(st.permutations(table.deck_cards())))
    seats = []
    for _ in range(players):
        down = draw(st.integers(0, 3))
        up = draw(st.integers(0, 3)) if down == 3 or draw(st.integers(0, 9)) == 0 else 0
        hand = draw(st.sampled_from([0, 0, 0, 1, 2, 3, 4, 6]))
        seats.append(
            Seat(hand=sort_cards(_take(deck, hand)), up=sort_cards(_take(deck, up)), down=tuple(_take(deck, down)))
        )
    draw_pile = tuple(_take(deck, draw(st.sampled_from([0, 1, 2, 5]))))
    discard_pile = tuple(_take(deck, draw(st.integers(0, 6))))
    if draw(st.integers(0, 3)):  # mostly a pile as plays leave it: rising, no Clear, no triple
        deck += discard_pile
        discard_pile = _as_played(discard_pile)
        for card in discard_pile:
            deck.remove(card)
    out = [s for s, seat in enumerate(seats) if seat.is_out]
    finished = tuple(draw(st.permutations(out))[: draw(st.integers(0, len(out)))])
    limit = table.turn_limit if table.turn_limit is not None else 50
    over = draw(st.integers(0, 5)) == 0
    return GameState(
        rules=table,
        phase=Phase.OVER if over else Phase.PLAY,
        current_player=draw(st.integers(0, players - 1)),
        seats=tuple(seats),
        draw_pile=draw_pile,
        discard_pile=discard_pile,
        out_of_game=sort_cards(deck),
        owed_plays=draw(st.sampled_from([0, 0, 0, 1, 2, 3, 9])),
        may_draw=draw(st.integers(0, 3)) == 0,
        swap_offered=draw(st.integers(0, 3)) == 0,
        direction=draw(st.sampled_from([1, -1])),
        turn=draw(st.integers(0, limit)),
        finished=finished,
        first_player=draw(st.integers(0, players - 1)),
    )


def _take(deck: list[Card], count: int) -> list[Card]:
    """The last ``count`` cards of ``deck``, removed from it."""
    taken = deck[len(deck) - count :] if count else []
    del deck[len(deck) - count :]
    return taken


def _as_played(cards: tuple[Card, ...]) -> tuple[Card, ...]:
    """``cards`` without Clears, in rising order, with no three equal numbers in a row (P2, C1, C4)."""
    pile: list[Card] = []
    for card in sorted((card for card in cards if not card.rank.is_clear), key=sort_key):
        if len(pile) < 2 or not pile[-1].rank == pile[-2].rank == card.rank:
            pile.append(card)
    return tuple(pile)
